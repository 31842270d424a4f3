//! The `wizwar` command line: parses the arguments (`commands/args.rs`) and hands each
//! subcommand to the library or to its handler in `commands/`.

mod commands;

use clap::Parser;
use commands::args::{Cli, Command};
use commands::measure::SimOutput;
use commands::{board, designer, measure, parse_options, ruleset_or_default};
use std::process::ExitCode;
use wizwar::engine::GameSetup;

// Games allocate and free many small blocks (Lua tables, kernel records): mimalloc serves them
// faster than the system allocator (see the README's Numbers), asked as `alloc.rs` says.
#[global_allocator]
static ALLOCATOR: wizwar::alloc::Allocator = wizwar::alloc::Allocator;

fn main() -> ExitCode {
    // A reader that stops early (`wizwar sim | head`) ends the program quietly, as it ends any
    // Unix tool, instead of a panic at the next print (Rust ignores SIGPIPE by default).
    #[cfg(unix)]
    // SAFETY: called first, before any thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wizwar: {e}");
            ExitCode::from(2)
        }
    }
}

/// `wizwar help [COMMAND...]`: `wizwar [COMMAND...] --help`, which prints the help and ends
/// the program. (clap's own `help` would be listed among the commands.)
fn help(command: &[String]) -> Result<(), String> {
    Cli::parse_from(["wizwar"].into_iter().chain(command.iter().map(String::as_str)).chain(["--help"]));
    Ok(())
}

fn run(cli: Cli) -> Result<(), String> {
    if let Command::Help { command } = &cli.command {
        return help(command); // (before looking for the rules: help needs none)
    }
    let root = wizwar::root::find_root(cli.root.clone(), &|k| std::env::var(k).ok(), std::env::current_exe().ok())?;
    match cli.command {
        Command::Play {
            ruleset,
            players,
            seed,
            human,
            bots,
            search,
            names,
            options,
            turns,
            quiet,
            verbose,
            save,
            load,
            resume,
            log,
            svg_dir,
        } => {
            let budget = search.budget();
            let args = wizwar::play::session::PlayArgs {
                ruleset,
                players,
                seed,
                human,
                bots,
                search: (budget != wizwar::search::Budget::default()).then_some(budget),
                names,
                options,
                turns,
                quiet,
                verbose,
                save,
                load,
                resume,
                log,
                svg_dir,
            };
            wizwar::play::session::run(&root, args)
        }
        Command::Sim {
            table,
            games,
            turns,
            profile,
            profile_scripts,
            cards,
            json,
            csv,
            quiet,
            allow_script_errors,
            save_baseline,
            baseline,
            report,
            shard,
        } => {
            let cfg = wizwar::sim::SimConfig { profile, profile_scripts, shard, ..table.config(&root, games, turns)? };
            let out = SimOutput { cards, json, csv, quiet, allow_script_errors, save_baseline, baseline, report };
            measure::simulate(&cfg, &out)
        }
        Command::Merge { files, cards, json, report } => measure::merge(files, cards, json, report),
        Command::Ab { table, card, variant, variant_ruleset, games, json, report: page } => {
            let cfg = table.config(&root, games, None)?;
            measure::ab(cfg, card, variant, variant_ruleset, json, page)
        }
        Command::Serve(args) => wizwar::serve::run(&root, args),
        Command::Repl { ruleset, players, seed, options, script, strict } => {
            let given = ruleset.is_some() || players.is_some() || seed.is_some() || !options.is_empty();
            let defaults = GameSetup {
                ruleset: ruleset_or_default(&root, ruleset)?,
                players: players.unwrap_or(2),
                seed: seed.unwrap_or(1),
                options: parse_options(&options)?,
                names: vec![],
            };
            let setup = given.then(|| defaults.clone());
            let ok = wizwar::repl::main(&root, setup, defaults, script.as_deref())?;
            if strict && !ok {
                Err("a command failed".into())
            } else {
                Ok(())
            }
        }
        Command::Test { ruleset, filter, watch } => designer::test(&root, ruleset, filter, watch),
        Command::New { what } => designer::new(&root, what),
        Command::Bench { games, runs, json } => measure::bench(&root, games, runs, json),
        Command::Diff { a, b, json } => designer::diff(&root, a, b, json),
        Command::Defs { out } => designer::defs(&root, out),
        Command::Help { command } => help(&command),
        Command::Analyze { ruleset } => designer::analyze(&root, ruleset),
        Command::Check { ruleset } => designer::check(&root, ruleset),
        Command::Replay { file } => {
            println!("{}", wizwar::repl::replay_file(&root, &file)?);
            Ok(())
        }
        Command::Board { map: Some(file), format, out, .. } => board::map(file, format, out),
        Command::Board { load: Some(file), step, format, out, .. } => board::saved(&root, file, step, format, out),
        Command::Board { ruleset, players, side, seed, format, out, .. } => {
            board::laid_out(&root, ruleset, players, side, seed, format, out)
        }
    }
}
