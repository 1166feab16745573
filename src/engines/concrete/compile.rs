//! gcc for the runs of the original program (replays, random testing, witness runs): writes
//! the C text as `NAME.c` in a folder and compiles it to `NAME.bin` there, with the replay's
//! arguments ([`gcc_args`]); a text compiled before in this process is not compiled again.
//!
//! Takes the text, the folder, the file name and the compile's limits; gives the binary's path
//! or why there is none ([`NotCompiled`]).
//!
//! **The cache, and why it changes no run.** One `ara check` compiles the same text more than
//! once: the refinement loop and the bug finder of `auto` replay the same counterexample, each
//! in its own folder (measured on tests/soundness: one in five of gcc's runs was such a
//! repeat). gcc is run with its working folder set to the folder and the file names relative
//! to it, so its command line is the same wherever it runs: the same gcc (its path), the same
//! arguments (a function of the text's length and the file name), the same text and this
//! process's environment. gcc then writes the same program (no input but these: no `-g`, no
//! `__FILE__` other than the relative name, no time stamp), so a binary made from them before
//! is that program. The cache keeps, for texts up to [`CACHED_BYTES`] (gcc's start is most of
//! their time; at most [`CACHE_BYTES`] of text in all, the oldest forgotten first), the key
//! (gcc's path, the arguments, the whole text: compared in full, no hash) and a hard link to
//! the binary it gave (`NAME.cached-K.bin` beside it, gone with its folder). A hit links that binary as `NAME.bin`; when the link cannot be made
//! (its folder is gone with the engine that made it), gcc runs as before. Only successful
//! compiles are kept: a failure (or a time-out) is compiled again next time. The binary is
//! never written by ara itself (hard links only, the old `NAME.bin` removed first), so no file
//! ara runs is ever open for writing in this process (no "text file busy" when a thread forks
//! while another writes), and gcc never overwrites a cached binary in place. The run itself is
//! unchanged: the same program, the same inputs, the same limits.

use crate::base::tools::{self, Ending, Limits, Tool, find_tool};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Above this much C text a replayed program is built without optimisation: gcc -O1 takes
/// about a minute for 20,000 inlined calls (2.7 MB of C), -O0 three seconds. The program and
/// its runs are the same (the emitted C has no undefined behaviour gcc could exploit:
/// `-fwrapv`, bounds trapped); only the run's speed differs, which small programs keep.
const UNOPTIMISED_BYTES: usize = 256 * 1024;

/// Longest text the cache keeps (larger ones take gcc seconds, not its start).
const CACHED_BYTES: usize = 256 * 1024;

/// Most text the cache holds in all.
const CACHE_BYTES: usize = 8 * 1024 * 1024;

/// gcc's arguments for a replayed program of `text_bytes` bytes of C: C semantics as the
/// trace formula has them (wrapping), and no run that only reaches the error through an
/// out-of-bounds access (it traps instead).
pub(crate) fn gcc_args(src: &Path, exe: &Path, text_bytes: usize) -> Vec<String> {
    [
        "-std=gnu11",
        if text_bytes > UNOPTIMISED_BYTES {
            "-O0"
        } else {
            "-O1"
        },
        "-fwrapv",
        "-fsanitize=bounds",
        "-fsanitize-undefined-trap-on-error",
        "-DARA_REPLAY",
        "-w",
        "-o",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([exe.display().to_string(), src.display().to_string()])
    .collect()
}

/// Why there is no binary.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum NotCompiled {
    /// gcc was not found, or the text could not be written, or gcc could not be started.
    Run(String),
    /// gcc ran and failed (or ran out of time): the first line of its output naming an error.
    Failed(String),
}

/// A compile the cache remembers.
struct Entry {
    gcc: PathBuf,
    args: Vec<String>,
    text: String,
    /// A hard link to the binary gcc wrote.
    exe: PathBuf,
}

static CACHE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
static LINKS: AtomicU64 = AtomicU64::new(0);

/// Writes `text` to `dir/NAME.c` and compiles it with gcc ([`gcc_args`]) to `dir/NAME.bin`
/// within `limits`; the binary's path. A text compiled before with the same arguments is
/// linked from the earlier binary (module doc).
pub(crate) fn compile(
    text: &str,
    dir: &Path,
    name: &str,
    limits: &Limits,
) -> Result<PathBuf, NotCompiled> {
    let gcc = find_tool(Tool::Gcc, None).map_err(|e| NotCompiled::Run(e.to_string()))?;
    let (src, exe) = (format!("{name}.c"), format!("{name}.bin"));
    let args = gcc_args(Path::new(&src), Path::new(&exe), text.len());
    let (src, exe) = (dir.join(src), dir.join(exe));
    std::fs::write(&src, text)
        .map_err(|e| NotCompiled::Run(format!("cannot write {}: {e}", src.display())))?;
    let _ = std::fs::remove_file(&exe);
    if let Some(cached) = cached(&gcc, &args, text) {
        if std::fs::hard_link(&cached, &exe).is_ok() {
            tools::trace_event(&format!("gcc: {} taken from the cache", exe.display()));
            return Ok(exe);
        }
        forget(&cached);
    }
    let out = tools::run(&gcc, &args, Some(dir), None, limits)
        .map_err(|e| NotCompiled::Run(e.to_string()))?;
    if out.ending == Ending::TimedOut {
        // Its output then names no error (a loaded machine: the reason a replay on the
        // source was reported as "does not compile for the run: " with nothing after it).
        return Err(NotCompiled::Failed(format!(
            "gcc was stopped after {:.1} s (its time limit, or the check's end)",
            out.elapsed.as_secs_f64()
        )));
    }
    if out.ending != Ending::Exited(0) {
        let first = out.stderr.lines().find(|l| l.contains("error"));
        return Err(NotCompiled::Failed(first.unwrap_or("").to_string()));
    }
    remember(gcc, args, text, dir, name, &exe);
    Ok(exe)
}

/// The binary of an earlier compile of `text` with `args` by `gcc`.
fn cached(gcc: &Path, args: &[String], text: &str) -> Option<PathBuf> {
    let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .iter()
        .find(|e| e.gcc == gcc && e.args == args && e.text == text)
        .map(|e| e.exe.clone())
}

/// Drops the entry whose binary is `exe` (no longer there).
fn forget(exe: &Path) {
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|e| e.exe != exe);
}

/// Keeps a hard link to the binary `exe` gcc just wrote from `text`.
fn remember(gcc: PathBuf, args: Vec<String>, text: &str, dir: &Path, name: &str, exe: &Path) {
    if text.len() > CACHED_BYTES {
        return;
    }
    let n = LINKS.fetch_add(1, Ordering::Relaxed);
    let link = dir.join(format!("{name}.cached-{n}.bin"));
    if std::fs::hard_link(exe, &link).is_err() {
        return;
    }
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.push(Entry {
        gcc,
        args,
        text: text.to_string(),
        exe: link,
    });
    while cache.iter().map(|e| e.text.len()).sum::<usize>() > CACHE_BYTES {
        cache.remove(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const PROGRAM: &str = "int main(void) { return 3; }\n";

    fn limits() -> Limits {
        Limits {
            timeout: Some(Duration::from_secs(60)),
            memory_mb: None,
        }
    }

    fn exit_code(exe: &Path) -> Option<i32> {
        std::process::Command::new(exe).status().ok()?.code()
    }

    #[test]
    fn a_text_compiled_again_elsewhere_is_linked_from_the_first_binary() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let first = compile(PROGRAM, a.path(), "same", &limits()).unwrap();
        let second = compile(PROGRAM, b.path(), "same", &limits()).unwrap();
        assert_eq!(second, b.path().join("same.bin"));
        assert_eq!(exit_code(&first), Some(3));
        assert_eq!(exit_code(&second), Some(3));
        use std::os::unix::fs::MetadataExt;
        let ino = |p: &Path| std::fs::metadata(p).unwrap().ino();
        assert_eq!(ino(&first), ino(&second), "the second is the first binary");
        // Another text under the same name in the same folder is compiled, not taken.
        let other = "int main(void) { return 4; }\n";
        let third = compile(other, b.path(), "same", &limits()).unwrap();
        assert_eq!(exit_code(&third), Some(4));
        assert_eq!(
            exit_code(&first),
            Some(3),
            "the cached binary is not overwritten"
        );
    }

    #[test]
    fn a_cached_binary_whose_folder_is_gone_is_compiled_again() {
        let text = "int main(void) { return 5; }\n";
        let a = tempfile::tempdir().unwrap();
        compile(text, a.path(), "gone", &limits()).unwrap();
        drop(a);
        let b = tempfile::tempdir().unwrap();
        let exe = compile(text, b.path(), "gone", &limits()).unwrap();
        assert_eq!(exit_code(&exe), Some(5));
    }

    #[test]
    fn a_failed_compile_is_not_kept() {
        let text = "int main(void) { return x; }\n";
        let d = tempfile::tempdir().unwrap();
        for _ in 0..2 {
            match compile(text, d.path(), "bad", &limits()) {
                Err(NotCompiled::Failed(first)) => assert!(first.contains("error"), "{first}"),
                other => panic!("{other:?}"),
            }
        }
    }
}
