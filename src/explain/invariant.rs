//! Invariants in plain terms (placeholder; filled below).

/// `c_expr` simplified for a reader.
pub fn simplify(c_expr: &str) -> String {
    c_expr.to_string()
}
