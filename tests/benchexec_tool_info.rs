//! The BenchExec tool-info module (scripts/benchexec/ara.py) against the real benchexec
//! package: runs tests/benchexec_tool_info.sh with this build's ara binary (the script installs
//! benchexec through scripts/setup when it is missing).

#[test]
fn benchexec_tool_info_module_works_with_benchexec() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = std::process::Command::new("bash")
        .arg(format!("{root}/tests/benchexec_tool_info.sh"))
        .arg(env!("CARGO_BIN_EXE_ara"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains(" passed, 0 failed"),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
}
