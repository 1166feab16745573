//! The error type of every stage, and the exit code each kind of failure maps to.

use thiserror::Error;

/// Exit codes of the `ara` binary (documented in the README).
pub mod exit {
    pub const OK: i32 = 0;
    pub const INTERNAL: i32 = 1;
    pub const SYNTAX: i32 = 2;
    pub const UNSUPPORTED: i32 = 3;
    pub const TOOL_MISSING: i32 = 4;
    pub const INPUT: i32 = 5;
    pub const TOOL_FAILED: i32 = 6;
    pub const UNSAFE: i32 = 10;
    pub const UNKNOWN: i32 = 20;
    /// `ara validate`: the witness is rejected.
    pub const REJECTED: i32 = 40;
    pub const USAGE: i32 = 64;
}

#[derive(Debug, Error)]
pub enum AraError {
    /// A C syntax error, or `gcc -E` failing on the file.
    #[error("{file}:{line}:{col}: {msg}")]
    Syntax {
        file: String,
        line: u32,
        col: u32,
        msg: String,
    },
    /// A construct outside the supported subset.
    #[error("{file}:{line}:{col}: unsupported: {what}")]
    Unsupported {
        file: String,
        line: u32,
        col: u32,
        what: String,
    },
    /// A recursive call (`function` calls itself, directly or through others): the front end
    /// inlines calls and refuses recursion. `ara check` answers such programs with ESBMC on
    /// the source (`source_check`); `ara cfg` and `ara abstract` report it as unsupported.
    #[error("{file}:{line}:{col}: unsupported: recursion (function {function})")]
    Recursion {
        file: String,
        line: u32,
        col: u32,
        function: String,
    },
    /// A checker, solver or compiler that cannot be found.
    #[error("{tool} not found ({hint})")]
    ToolMissing { tool: String, hint: String },
    /// The input file is missing, a directory, empty or not text.
    #[error("{file}: {msg}")]
    Input { file: String, msg: String },
    /// An external tool crashed, was killed or rejected its input.
    #[error("{tool}: {msg}")]
    ToolFailed { tool: String, msg: String },
    /// Bad command-line arguments (beyond what the argument parser catches).
    #[error("{0}")]
    Usage(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl AraError {
    pub fn exit_code(&self) -> i32 {
        match self {
            AraError::Syntax { .. } => exit::SYNTAX,
            AraError::Unsupported { .. } | AraError::Recursion { .. } => exit::UNSUPPORTED,
            AraError::ToolMissing { .. } => exit::TOOL_MISSING,
            AraError::Input { .. } => exit::INPUT,
            AraError::ToolFailed { .. } => exit::TOOL_FAILED,
            AraError::Usage(_) => exit::USAGE,
            AraError::Internal(_) => exit::INTERNAL,
        }
    }

    /// A short name of the error class, for JSON output and batch rows.
    pub fn kind(&self) -> &'static str {
        match self {
            AraError::Syntax { .. } => "syntax-error",
            AraError::Unsupported { .. } | AraError::Recursion { .. } => "unsupported",
            AraError::ToolMissing { .. } => "tool-missing",
            AraError::Input { .. } => "input-error",
            AraError::ToolFailed { .. } => "tool-failed",
            AraError::Usage(_) => "usage",
            AraError::Internal(_) => "internal",
        }
    }
}

pub type Result<T, E = AraError> = std::result::Result<T, E>;
