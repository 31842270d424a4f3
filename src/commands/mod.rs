//! The `wizwar` binary's commands (declared by `main.rs`, not part of the library): the
//! command line's words (`args.rs`) and the subcommands' handlers, by kind: many bot games and
//! their figures (`measure.rs`), the designer's tools (`designer.rs`), pictures of boards
//! (`board.rs`); with the small helpers they share.

pub mod args;
pub mod board;
pub mod designer;
pub mod measure;

use wizwar::value::Value;

/// A picture to the file `--out` names, else to standard output.
pub fn write_or_print(out: Option<&std::path::Path>, text: &str) -> Result<(), String> {
    match out {
        Some(p) => std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// The ruleset named on the command line, or the default that `rulesets/index.toml` names.
pub fn ruleset_or_default(root: &std::path::Path, given: Option<String>) -> Result<String, String> {
    match given {
        Some(r) => Ok(r),
        None => wizwar::ruleset::default_ruleset(&root.join("rulesets")),
    }
}

pub fn parse_options(opts: &[String]) -> Result<Vec<(String, Value)>, String> {
    opts.iter().map(|o| wizwar::repl::parse_option(o)).collect()
}
