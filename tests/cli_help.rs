//! `--help` fits an 80-column screen: the program's and every command's, wrapped by clap to
//! the terminal (at most 80 columns; 80 when the output is not a terminal).

mod common;

use std::process::Command;

fn help(args: &[&str]) -> String {
    // (COLUMNS unset: clap reads it when the output is not a terminal)
    let out = Command::new(env!("CARGO_BIN_EXE_wizwar")).args(args).env_remove("COLUMNS").output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_commands_help_fits_80_columns() {
    let top = help(&["--help"]);
    common::assert_fits_80_columns("--help", &top);
    // The commands: the first word of each line of the list that begins two spaces in.
    let listed = top.split("Commands:\n").nth(1).and_then(|rest| rest.split("\n\n").next()).unwrap_or_default();
    let commands: Vec<&str> = listed
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 15 && commands.contains(&"sim") && commands.contains(&"board"), "{commands:?}\n{top}");
    for command in commands {
        for flag in ["--help", "-h"] {
            let args = [command, flag];
            common::assert_fits_80_columns(&format!("{args:?}"), &help(&args));
        }
    }
}

/// The program's short help fits a 24-line screen with the prompt under it; what it leaves
/// unlisted still works: `wizwar help COMMAND` (the command's `--help`) and `-V`.
#[test]
fn the_short_help_fits_a_24_line_screen() {
    let short = help(&["-h"]);
    assert!(short.lines().count() <= 23, "`wizwar -h` is {} lines:\n{short}", short.lines().count());
    assert!(short.contains("  sim ") && short.contains("--root"), "{short}");
    assert_eq!(help(&["help", "sim"]), help(&["sim", "--help"]));
    assert_eq!(help(&["help"]), help(&["--help"]));
    assert!(help(&["-V"]).starts_with("wizwar "));
}
