//! The command-line layer, above the strategies: each command's body (`commands`, which
//! `main.rs` dispatches to), `ara batch` over SV-COMP task files (`batch`), and the
//! differential tester behind `ara-difftest` (`difftest`).

pub mod batch;
pub mod commands;
pub mod difftest;
