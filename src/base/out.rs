//! Standard output that survives a reader that stopped reading.
//!
//! ara keeps SIGPIPE ignored (it writes solver scripts into pipes of children that a stopped
//! strategy kills), so a closed stdout shows up as an `EPIPE` error, on which `print!` panics.
//! `ara check x.c | head -1` must still end with the verdict's exit code, so a broken pipe is
//! not an error here: the rest of the text has no reader. Other write errors (a full disk)
//! are reported on stderr once.

use std::io::{ErrorKind, Write};

/// Writes `text` to stdout as is.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != ErrorKind::BrokenPipe
    {
        let _ = writeln!(std::io::stderr(), "error: cannot write to stdout: {e}");
    }
}

/// Writes `text` and a newline to stdout.
pub fn println(text: &str) {
    print(&format!("{text}\n"));
}

/// `print!` that survives a closed stdout (see the module doc).
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => { $crate::base::out::print(&format!($($t)*)) };
}

/// `println!` that survives a closed stdout (see the module doc).
#[macro_export]
macro_rules! outln {
    ($($t:tt)*) => { $crate::base::out::println(&format!($($t)*)) };
}
