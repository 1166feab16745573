//! The base layer: what every other layer uses and which uses none of them. Errors and exit
//! codes (`error`), writes to stdout that treat a closed pipe as no reader (`out`), the
//! progress line of `ara check` (`progress`), and running the external tools as process
//! groups with time and memory limits (`tools`).

pub mod error;
pub mod out;
pub mod progress;
pub mod tools;
