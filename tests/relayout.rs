//! Adversarial twins of the relayout of grids with a symbolic row length
//! ([`ara::abstraction::relayout`]) and of the division lemmas of the certificate check
//! ([`ara::engines::horn::certify::divisions`]): rows that overlap (`j <= M`, written forwards and
//! backwards), a row length that differs between writes and reads (`K = M + 1` against
//! `M`), an index that wraps (`(unsigned char)(i*M + j)`), a transpose filled column by
//! column that leaves its last column unwritten (`tpose`). Truth: gcc runs at chosen sizes
//! (tests/grid2d/README.md). The cell engine on the relaid program must never prove a bug
//! twin, and `ara check` never says SAFE of one; a safe twin may stay unknown (the machine's
//! speed decides), so the proof of a relaid grid is measured in the every-N benchmark.

use ara::abstraction::relayout::relayout;
use ara::engines::horn::morph::HornCells;
use ara::engines::{Budget, Engine, EngineVerdict};
use ara::frontend::{FrontendOptions, load_file};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn tools() {
    if std::env::var_os("ARA_TOOLS_DIR").is_none() {
        // SAFETY: set before any thread of this test reads it (same value from every test).
        unsafe {
            std::env::set_var(
                "ARA_TOOLS_DIR",
                concat!(env!("CARGO_MANIFEST_DIR"), "/.tools"),
            )
        };
    }
}

fn twin(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/grid2d")
        .join(name)
}

/// The cell engine on the relaid `name` for at most `secs` seconds (`None`: not relaid).
fn cells_on_relaid(name: &str, secs: u64) -> Option<EngineVerdict> {
    tools();
    let p = load_file(&twin(name), &FrontendOptions::default()).unwrap();
    let r = relayout(&p)?;
    let budget = Budget {
        timeout: Some(Duration::from_secs(secs)),
        ..Default::default()
    };
    Some(
        HornCells::default()
            .check(&r.program, &budget)
            .unwrap()
            .verdict,
    )
}

#[test]
fn overlapping_rows_are_relaid_with_a_guard_that_fails() {
    // The guard `j < M` is what keeps the backwards overlap from vanishing.
    let p = load_file(&twin("back_unsafe.c"), &FrontendOptions::default()).unwrap();
    let r = relayout(&p).expect("a grid of row length M");
    assert_eq!(r.arrays.len(), 1);
    assert_eq!(r.arrays[0].len, 300);
}

#[test]
fn the_bug_twins_of_relaid_grids_are_never_proved() {
    std::thread::scope(|s| {
        for name in [
            "back_unsafe.c",
            "overlap_unsafe.c",
            "stride_unsafe.c",
            "wrap_unsafe.c",
            "tpose_unsafe.c",
        ] {
            s.spawn(move || {
                let v = cells_on_relaid(name, 8);
                assert!(
                    !matches!(v, Some(EngineVerdict::Proved(_))),
                    "{name}: a bug twin proved on its relaid program: {v:?}"
                );
            });
        }
    });
}

#[test]
fn ara_check_never_proves_a_relaid_bug_twin() {
    tools();
    let out = Command::new(env!("CARGO_BIN_EXE_ara"))
        .args(["check", "--timeout", "20"])
        .arg(twin("back_unsafe.c"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.starts_with("SAFE"), "{text}");
    // Random testing or the bounded search finds the bug (every N >= 2 fails).
    assert!(text.starts_with("UNSAFE"), "{text}");
}
