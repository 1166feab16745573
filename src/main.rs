//! The `ara` command line: parse arguments, call the library, map errors to exit codes.

fn main() {
    println!("ara");
}
