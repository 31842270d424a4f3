//! The `wizwar` command line.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use wizwar::decision::RandomAgent;
use wizwar::engine::{Engine, GameSetup};
use wizwar::geometry::load::load_board_set;
use wizwar::geometry::render::{render_ascii, Overlay};
use wizwar::geometry::svg::render_svg;
use wizwar::geometry::Rot;
use wizwar::rng::GameRng;
use wizwar::sim::Bots;
use wizwar::value::Value;

// Games allocate and free many small blocks (Lua tables, kernel records): mimalloc serves them
// faster than the system allocator (see the README's Numbers), asked as `alloc.rs` says.
#[global_allocator]
static ALLOCATOR: wizwar::alloc::Allocator = wizwar::alloc::Allocator;

#[derive(Parser)]
#[command(name = "wizwar", version, about = "A rules engine for Wiz-War style magical labyrinth duels")]
#[command(long_about = "A rules engine for Wiz-War style magical labyrinth duels.\n\n\
The kernel knows the board, line of sight and the game mechanics; every edition lives in \
rulesets/<name>/ and every card in cards/<edition>/.")]
struct Cli {
    /// Folder holding rulesets/ and cards/ (else $WIZWAR_ROOT, else this folder, else the
    /// nearest folder above the binary that holds rulesets/).
    #[arg(long, global = true)]
    root: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Ascii,
    Svg,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game between bots and people at this terminal.
    Play {
        /// The edition: a folder under rulesets/ (default: the one rulesets/index.toml names).
        #[arg(long)]
        ruleset: Option<String>,
        /// Number of players (the ruleset's boards say which counts it has layouts for)
        /// [default: 2].
        #[arg(long)]
        players: Option<usize>,
        /// Seed of the game (dice, shuffles and the bots' choices); without it a random one,
        /// printed at the start so the game can be played again. With bots alone, the game
        /// `sim --seed SEED` plays first.
        #[arg(long)]
        seed: Option<u64>,
        /// Seats played by a person at the terminal, e.g. --human 0 (the others are bots); a
        /// loaded game keeps the people it had unless this says otherwise.
        #[arg(long, value_delimiter = ',')]
        human: Option<Vec<u32>>,
        /// Who plays the seats no person plays (hunters: they come for you) [default: hunter,
        /// or the loaded game's bots].
        #[arg(long, value_enum)]
        bots: Option<Bots>,
        #[command(flatten)]
        search: SearchBudget,
        /// Names of the wizards, in seat order, e.g. --names Ann,Bob (else their letters A, B...).
        #[arg(long, value_delimiter = ',')]
        names: Vec<String>,
        /// Optional rules, e.g. --option uncluttered_minds --option extended_play=false.
        #[arg(long = "option")]
        options: Vec<String>,
        /// Stops after this many turns.
        #[arg(long, default_value_t = 500)]
        turns: u64,
        /// Print only the result, not the story of the game.
        #[arg(long, conflicts_with = "verbose")]
        quiet: bool,
        /// Tell minor events too (each step, discards, doors) and show the board after every turn.
        #[arg(long)]
        verbose: bool,
        /// Keep the game (replayable) in this file too, rewritten after every turn and when it
        /// stops (`--load FILE` goes on with it). A game a person plays is always kept in its
        /// own file of the saves folder ($WIZWAR_SAVES, else ~/.local/state/wizwar/games).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Continue a saved game instead of starting one, with the people and bots it had.
        #[arg(long)]
        load: Option<PathBuf>,
        /// Continue a game of the saves folder that is not over: the only one, the one chosen
        /// from the list, or the N-th of the list (the last played first).
        #[arg(long, num_args = 0..=1, value_name = "N")]
        resume: Option<Option<usize>>,
        /// Write the event log (JSON lines) to this file when the game stops.
        #[arg(long)]
        log: Option<PathBuf>,
        /// Write a picture of the game (SVG) into this folder after every turn: turn-001.svg...
        #[arg(long)]
        svg_dir: Option<PathBuf>,
    },
    /// The web table: play in a browser, against bots or with friends on other screens, each
    /// seeing his own hand. Open the printed address, start a game, share the invite links.
    Serve(wizwar::serve::ServeArgs),
    /// An interactive session on one game: look at it, act, run Lua, undo, reload rules and cards.
    ///
    /// With any of --ruleset, --players, --seed or --option a game starts right away (the
    /// others at their defaults); without them, use `new` in the session. Commands come from
    /// --script, else from standard input when it is not a terminal, else from the terminal.
    Repl {
        /// Ruleset of the game [default: the one rulesets/index.toml names].
        #[arg(long)]
        ruleset: Option<String>,
        /// Number of players [default: 2].
        #[arg(long)]
        players: Option<usize>,
        /// Seed of the game (dice and shuffles) [default: 1].
        #[arg(long)]
        seed: Option<u64>,
        /// Optional rules, e.g. --option uncluttered_minds --option extended_play=false.
        #[arg(long = "option")]
        options: Vec<String>,
        /// Read commands from this file (one per line) instead of the terminal.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Exit with an error status if any command failed (or the game could not start).
        #[arg(long)]
        strict: bool,
    },
    /// Many bot games at once: how games end, wins by seat, what each card does for its
    /// player, and how fast the engine runs. Game i uses seed SEED+i, so results don't depend on --jobs.
    Sim {
        /// The edition: a folder under rulesets/.
        #[command(flatten)]
        table: BotGames,
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Stops a game after this many turns, whatever the players (in place of --rounds).
        #[arg(long)]
        turns: Option<u64>,
        /// Also measure the share of time spent in Lua (a little slower).
        #[arg(long)]
        profile: bool,
        /// Also show which script functions the time in Lua goes to (a little slower).
        #[arg(long)]
        profile_scripts: bool,
        /// How many cards the table shows (most played first).
        #[arg(long, default_value_t = 20)]
        cards: usize,
        /// Write every game and the summary as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write one line per game as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Exit with success even when scripts failed during the games (by default a run with
        /// script errors ends with an error naming the first, after the tables).
        #[arg(long)]
        allow_script_errors: bool,
        /// Keep what this run measured (each card's and each bot's counts) in this file, to
        /// compare a later run with (--baseline).
        #[arg(long)]
        save_baseline: Option<PathBuf>,
        /// Compare with a baseline file (--save-baseline): list each card's and bot's win rate
        /// that moved beyond its 95% interval, and fail if any did (a balance check for CI).
        #[arg(long)]
        baseline: Option<PathBuf>,
        /// Write a page with charts (DIR/index.html, self-contained): the cards' rates with their
        /// intervals, wins by seat and bot, the games' lengths.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Play only the K-th of N disjoint slices of the games, e.g. --shard 2/4 (with --json:
        /// `wizwar merge` joins the slices' files into the whole sim's summary).
        #[arg(long)]
        shard: Option<wizwar::sim::Shard>,
    },
    /// Join the JSON files of a sim's slices (sim --shard K/N --json FILE) into the summary the
    /// whole sim gives: the same tables, JSON and report.
    Merge {
        /// The slices' files, one per slice.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// How many cards the table shows (most played first).
        #[arg(long, default_value_t = 20)]
        cards: usize,
        /// Write every game and the summary as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write a page with charts (DIR/index.html).
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Is a card stronger or weaker with a change, or a house rule than its base? The same
    /// games played twice, as shipped (A) and changed (B): a variant file in a card's place, or
    /// another ruleset; and how the card's players (without a card: the first kind of bot's
    /// seats, or the first seat) did in each.
    Ab {
        #[command(flatten)]
        table: BotGames,
        /// The card, by name (as in the sim table) or key (needed with --variant).
        #[arg(long, required_unless_present = "variant_ruleset")]
        card: Option<String>,
        /// The card file B plays instead.
        #[arg(long, required_unless_present = "variant_ruleset", conflicts_with = "variant_ruleset")]
        variant: Option<PathBuf>,
        /// The ruleset B plays instead of --ruleset (a house rule against its base).
        #[arg(long)]
        variant_ruleset: Option<String>,
        #[arg(long, default_value_t = 300)]
        games: u64,
        /// Write the report as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write a page with charts (DIR/index.html, self-contained).
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Run the tests every card file carries, and the ruleset's rulebook scenarios (tests/scenarios/<ruleset>/).
    Test {
        /// The ruleset whose cards are tested (a folder under rulesets/).
        #[arg(long)]
        ruleset: Option<String>,
        /// Only cards whose key or name contains this.
        filter: Option<String>,
        /// Run them again whenever a card, ruleset, scenario or test helper file changes (a
        /// card's file: that card's tests).
        #[arg(long)]
        watch: bool,
    },
    /// Start a card or a house rule from a file that already plays and passes its test.
    New {
        #[command(subcommand)]
        what: New,
    },
    /// Check each ruleset's own cards with the Lua analyzer (emmylua_check) against that
    /// ruleset's helpers only: another edition's helper, or a helper given the wrong type, is
    /// reported with file and line.
    Analyze {
        /// One ruleset (default: every ruleset with card folders of its own).
        #[arg(long)]
        ruleset: Option<String>,
    },
    /// Load a ruleset, its boards and all its cards, and report every problem.
    Check {
        /// The ruleset to check (a folder under rulesets/).
        #[arg(long)]
        ruleset: Option<String>,
    },
    /// Replay a saved game or REPL session against the current cards and rules; report where it diverges.
    Replay {
        /// A file written by `play --save` or by `save` in the REPL.
        file: PathBuf,
    },
    /// Measure the engine: games, turns and decisions per second, calls into the kernel per
    /// turn, where the time goes, set-up, state copies and two threads, for every ruleset with
    /// cards and random and hunter bots (two players, 60 turns, one thread).
    Bench {
        /// Games per ruleset and kind of bots.
        #[arg(long, default_value_t = 40)]
        games: u64,
        /// How many times each line's games are played unprofiled, every line in turn: its
        /// speeds are the median run's (a shared machine's speed moves from run to run).
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Also write the figures as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// What changes between two rulesets: config numbers, options, phases, their own Lua modules
    /// and functions, and cards only in one or declared differently (e.g. two editions, or a variant and its edition).
    Diff {
        /// The first ruleset (a folder under rulesets/).
        a: String,
        /// The second ruleset.
        b: String,
        /// Print JSON instead of the report.
        #[arg(long)]
        json: bool,
    },
    /// Write the LuaLS definitions of the scripting API (the committed copy is cards/types/wizwar.d.lua).
    Defs {
        /// Where to write them (default: standard output).
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// Build a board the way setup does (faces shuffled and turned by the seed) and show it.
    Board {
        /// Ruleset folder name under rulesets/ (see the folders there).
        #[arg(long)]
        ruleset: Option<String>,
        /// Number of players (picks the layout).
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Which side of the sector boards (as the ruleset's boards.toml names them); default: the first listed.
        #[arg(long)]
        side: Option<String>,
        /// Seed for shuffling and turning the sectors; without it sectors keep their listed order, unturned.
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, value_enum, default_value = "ascii")]
        format: Format,
        /// Write to this file instead of standard output.
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Show a game in progress instead: a file of `play --save` or the REPL's `save`
        /// (wizards, objects, created and destroyed walls, open doors, damage).
        #[arg(long, conflicts_with_all = ["ruleset", "players", "side", "seed"])]
        load: Option<PathBuf>,
        /// With --load: the game after this many of its steps (answers) [default: all of them].
        #[arg(long, requires = "load")]
        step: Option<usize>,
        /// Show a map file instead (a whole board drawn as rows of cells, square or hex, with
        /// its regions and marks: `src/geometry/map.rs` describes the file).
        #[arg(long, conflicts_with_all = ["ruleset", "players", "side", "seed", "load"])]
        map: Option<PathBuf>,
    },
}

/// A picture to the file `--out` names, else to standard output.
fn write_or_print(out: Option<&std::path::Path>, text: &str) -> Result<(), String> {
    match out {
        Some(p) => std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

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

/// The bot games `sim` and `ab` play: which, how many seats, seeds, bots and rules.
#[derive(clap::Args)]
struct BotGames {
    #[arg(long)]
    ruleset: Option<String>,
    /// Seat counts the games take in turn, e.g. --players 2,3,4.
    #[arg(long, value_delimiter = ',', default_value = "2")]
    players: Vec<usize>,
    /// Seed of the first game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stops a game after this many rounds (a turn for each player).
    #[arg(long, default_value_t = 30)]
    rounds: u64,
    /// Who plays the seats: one kind, or a list the seats take in turn (--bots
    /// aggressive,hunter), turning round from game to game so that no kind keeps the first
    /// seat; the summary then gives each kind's wins.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "hunter")]
    bots: Vec<Bots>,
    #[command(flatten)]
    search: SearchBudget,
    /// Optional rules, as for play.
    #[arg(long = "option")]
    options: Vec<String>,
    /// Games played side by side (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
}

impl BotGames {
    /// `games` of these, stopped after `turns` turns if given, else after the rounds.
    fn config(self, root: &std::path::Path, games: u64, turns: Option<u64>) -> Result<wizwar::sim::SimConfig, String> {
        if self.players.is_empty() || self.players.contains(&0) {
            return Err("--players needs seat counts of at least 1".into());
        }
        Ok(wizwar::sim::SimConfig {
            root: root.to_path_buf(),
            ruleset: ruleset_or_default(root, self.ruleset)?,
            players: self.players,
            games,
            seed: self.seed,
            cap: turns.map_or(wizwar::sim::Cap::Rounds(self.rounds), wizwar::sim::Cap::Turns),
            bots: self.bots,
            search: self.search.budget(),
            options: parse_options(&self.options)?,
            variants: vec![],
            jobs: self.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            profile: false,
            profile_scripts: false,
            shard: None,
        })
    }
}

/// How much a search bot (`--bots search`) thinks per decision.
#[derive(clap::Args)]
struct SearchBudget {
    /// Walks of the search bot per decision (its answers depend only on the seed and this).
    #[arg(long, default_value_t = wizwar::search::Budget::default().iterations)]
    search_iterations: u32,
    /// Or think this many milliseconds per decision instead (games no longer repeatable).
    #[arg(long)]
    search_ms: Option<u64>,
    /// Turns the search bot plays each future on past the turn it is in.
    #[arg(long, default_value_t = wizwar::search::Budget::default().horizon)]
    search_horizon: u64,
}

impl SearchBudget {
    fn budget(&self) -> wizwar::search::Budget {
        wizwar::search::Budget {
            iterations: self.search_iterations,
            millis: self.search_ms,
            horizon: self.search_horizon,
        }
    }
}

/// What `sim` writes besides its tables, and how it ends.
struct SimOutput {
    cards: usize,
    json: Option<PathBuf>,
    csv: Option<PathBuf>,
    quiet: bool,
    allow_script_errors: bool,
    save_baseline: Option<PathBuf>,
    baseline: Option<PathBuf>,
    report: Option<PathBuf>,
}

/// What `sim` and `merge` write besides their tables: the report page, the JSON.
fn write_sim_files(
    plan: &wizwar::sim::Plan,
    summary: &wizwar::sim::Summary,
    records: &[wizwar::sim::GameRecord],
    report: Option<&std::path::Path>,
    json: Option<&std::path::Path>,
) -> Result<(), String> {
    if let Some(dir) = report {
        let title = format!("{}: {} bot games", plan.ruleset, summary.games);
        wizwar::report::write_sim(dir, &title, summary, records)?;
    }
    if let Some(path) = json {
        let text = wizwar::sim::plan_json(plan, summary, records)?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// `sim`: play the games with a progress bar, print the tables, write the files asked for.
fn simulate(cfg: &wizwar::sim::SimConfig, out: &SimOutput) -> Result<(), String> {
    // (read first: a bad baseline file is said before the games, not after)
    let baseline = out.baseline.as_deref().map(wizwar::baseline::Baseline::read).transpose()?;
    // Fail early, with the loader's message, if the ruleset or a card does not load.
    let probe = wizwar::engine::GameSetup {
        ruleset: cfg.ruleset.clone(),
        players: cfg.players[0],
        seed: cfg.seed,
        options: cfg.options.clone(),
        names: vec![],
    };
    // (That engine then plays on this thread: sim::run.)
    let loaded = Engine::new(&cfg.root, &probe, Box::new(RandomAgent::new(0)))?;
    let bar = if out.quiet { indicatif::ProgressBar::hidden() } else { indicatif::ProgressBar::new(cfg.games) };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .map_err(|e| e.to_string())?,
    );
    let started = std::time::Instant::now();
    let records = wizwar::sim::run(cfg, Some(loaded), &|_| bar.inc(1));
    bar.finish_and_clear();
    let mut summary = wizwar::sim::summarize(&records, started.elapsed());
    summary.peak_memory_mib = wizwar::sim::process_peak_memory_mib();
    print!("{}", wizwar::sim::render(&summary, out.cards));
    let measured = wizwar::baseline::Baseline::of(&summary);
    let moved = baseline.as_ref().map(|then| then.moved(&measured)).unwrap_or_default();
    if let (Some(path), Some(_)) = (&out.baseline, &baseline) {
        print!("{}", wizwar::baseline::render(&moved, &path.display().to_string()));
    }
    if let Some(path) = &out.save_baseline {
        let text = serde_json::to_string_pretty(&measured).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    write_sim_files(&cfg.plan(), &summary, &records, out.report.as_deref(), out.json.as_deref())?;
    if let Some(path) = &out.csv {
        std::fs::write(path, wizwar::sim::csv(&records)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if summary.failed > 0 {
        let first = records.iter().find(|r| r.failed()).map(|r| format!("game {}: {}", r.index, r.end));
        return Err(format!("{} game(s) failed; first: {}", summary.failed, first.unwrap_or_default()));
    }
    if summary.script_errors > 0 && !out.allow_script_errors {
        let first = records.iter().find_map(|r| r.errors.first().map(|e| format!("game {}: {e}", r.index)));
        return Err(format!(
            "{} script error(s) in the games (each undone; --allow-script-errors to accept them); first: {}",
            summary.script_errors,
            first.unwrap_or_default()
        ));
    }
    if !moved.is_empty() {
        let file = out.baseline.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
        return Err(format!("{} figure(s) moved beyond their 95% interval since {file}", moved.len()));
    }
    Ok(())
}

/// What `wizwar new` writes.
#[derive(Subcommand)]
enum New {
    /// A card: `new card --ruleset R --school S "Mind Spike"` writes mind_spike.lua into R's
    /// card folder, under S, which loads and passes its own test.
    Card {
        /// The ruleset whose card folder gets it.
        #[arg(long)]
        ruleset: Option<String>,
        /// Its school (a word of the ruleset's vocabulary), or for a ruleset without schools
        /// the folder of its cards it goes in (default: its kind's).
        #[arg(long)]
        school: Option<String>,
        /// The card's name, as players read it.
        name: String,
    },
    /// A house rule: `new ruleset quick --extends R` writes rulesets/quick/ruleset.toml,
    /// which plays as R until its numbers or Lua change.
    Ruleset {
        /// Its name (its folder's): lower-case letters, digits and '-'.
        name: String,
        /// The ruleset it changes.
        #[arg(long)]
        extends: String,
    },
}

/// The ruleset named on the command line, or the default that `rulesets/index.toml` names.
fn ruleset_or_default(root: &std::path::Path, given: Option<String>) -> Result<String, String> {
    match given {
        Some(r) => Ok(r),
        None => wizwar::ruleset::default_ruleset(&root.join("rulesets")),
    }
}

fn parse_options(opts: &[String]) -> Result<Vec<(String, Value)>, String> {
    opts.iter().map(|o| wizwar::repl::parse_option(o)).collect()
}

fn run(cli: Cli) -> Result<(), String> {
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
            simulate(&cfg, &out)
        }
        Command::Merge { files, cards, json, report } => {
            let texts = files
                .iter()
                .map(|f| std::fs::read_to_string(f).map(|t| (f.display().to_string(), t)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            let (plan, records) = wizwar::sim::merge(&texts)?;
            // (the slices' own time, summed: what the games cost, wherever they ran)
            let busy = std::time::Duration::from_micros(records.iter().map(|r| r.micros).sum());
            let summary = wizwar::sim::summarize(&records, busy);
            print!("{}", wizwar::sim::render(&summary, cards));
            write_sim_files(&plan, &summary, &records, report.as_deref(), json.as_deref())
        }
        Command::Ab { table, card, variant, variant_ruleset, games, json, report: page } => {
            let cfg = table.config(&root, games, None)?;
            let change = match (variant, variant_ruleset) {
                (Some(file), _) => wizwar::ab::Change::Card { name: card.clone().unwrap_or_default(), file },
                (None, Some(r)) => wizwar::ab::Change::Ruleset(r),
                (None, None) => return Err("give --variant FILE (with --card) or --variant-ruleset NAME".into()),
            };
            let report = wizwar::ab::compare(&cfg, &change, card.as_deref())?;
            print!("{}", wizwar::ab::render(&report));
            if let Some(dir) = page {
                wizwar::report::write_ab(&dir, &report)?;
            }
            if let Some(path) = json {
                let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
                std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
            }
            Ok(())
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
        Command::Test { ruleset, filter, watch } => {
            let ruleset = ruleset_or_default(&root, ruleset)?;
            if watch {
                wizwar::kit::watch::watch(&root, &ruleset, filter.as_deref())
            } else {
                wizwar::kit::tests::run(&root, &ruleset, filter.as_deref())
            }
        }
        Command::New { what: New::Card { ruleset, school, name } } => {
            let ruleset = ruleset_or_default(&root, ruleset)?;
            let path = wizwar::kit::scaffold::new_card(&root, &ruleset, school.as_deref(), &name)?;
            println!("Wrote {}: a spell its caster casts at himself, with one test.", path.display());
            println!("`wizwar test --ruleset {ruleset} \"{name}\"` runs it (`--watch`: again at each save).");
            Ok(())
        }
        Command::New { what: New::Ruleset { name, extends } } => {
            let path = wizwar::kit::scaffold::new_ruleset(&root, &name, &extends)?;
            println!("Wrote {}: {name} plays as {extends} until you change it.", path.display());
            println!("`wizwar play --ruleset {name}` plays it; `wizwar test --ruleset {name}` tells which of {extends}'s tests it breaks.");
            Ok(())
        }
        Command::Bench { games, runs, json } => {
            if games == 0 || runs == 0 {
                return Err("--games and --runs need at least 1".into());
            }
            // At a terminal, one line that says what is measured now (redrawn at each step, no
            // ticking thread beside the games timed); elsewhere (a log), a line each step.
            use std::io::IsTerminal;
            let bar = std::io::stderr().is_terminal().then(indicatif::ProgressBar::new_spinner);
            let report = wizwar::bench::bench(&root, games, runs, &|step, steps, what| match &bar {
                Some(bar) => bar.set_message(format!("[{step}/{steps}] measuring {what}")),
                None => eprintln!("[{step}/{steps}] measuring {what}..."),
            });
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            let report = report?;
            print!("{}", wizwar::bench::render(&report));
            if let Some(path) = json {
                let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            Ok(())
        }
        Command::Diff { a, b, json } => {
            let d = wizwar::diff::diff(&root, &a, &b)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&d).map_err(|e| e.to_string())?);
            } else {
                println!("{}", wizwar::diff::render(&d));
            }
            Ok(())
        }
        Command::Defs { out } => match out {
            // the ruleset modules' stubs go beside it (`require("rules.x")`)
            Some(path) => wizwar::luadefs::write_definitions(&root.join("rulesets"), &path, None),
            None => {
                print!("{}", wizwar::luadefs::definitions(&root.join("rulesets")));
                Ok(())
            }
        },
        Command::Analyze { ruleset } => {
            let names = match ruleset {
                Some(r) => vec![r],
                None => wizwar::kit::analyze::rulesets_with_cards(&root),
            };
            let mut found = 0;
            for name in &names {
                let said = wizwar::kit::analyze::analyze(&root, name)?;
                for d in &said {
                    println!("{d}");
                }
                println!("{name}: {} diagnostic(s) in its cards, against its own helpers", said.len());
                found += said.len();
            }
            if found > 0 {
                return Err(format!("the analyzer found {found} problem(s) in the cards"));
            }
            Ok(())
        }
        Command::Check { ruleset } => {
            let ruleset = ruleset_or_default(&root, ruleset)?;
            let setup = GameSetup { ruleset: ruleset.clone(), players: 2, seed: 1, options: vec![], names: vec![] };
            let engine = Engine::new(&root, &setup, Box::new(RandomAgent::new(1)))?;
            let defs: Vec<_> = engine.card_defs().cloned().collect();
            let untested: Vec<&str> = defs.iter().filter(|d| d.tests.is_empty()).map(|d| d.file.as_str()).collect();
            println!("ruleset {ruleset}: {} cards load", defs.len());
            // The optional rules, as the README says `check` lists them.
            let options = &engine.ruleset().file.options;
            if !options.is_empty() {
                println!("options (--option NAME; --option NAME=false turns one that is on off):");
            }
            for o in options {
                println!("  {}{}", o.name, if o.default { " (on unless turned off)" } else { "" });
                for line in wizwar::cli::wrap(&o.doc, 80, "      ") {
                    println!("{line}");
                }
            }
            for f in &untested {
                println!("  no tests: {f}");
            }
            if untested.is_empty() {
                Ok(())
            } else {
                Err(format!("{} card(s) carry no tests", untested.len()))
            }
        }
        Command::Replay { file } => {
            println!("{}", wizwar::repl::replay_file(&root, &file)?);
            Ok(())
        }
        Command::Board { map: Some(file), format, out, .. } => {
            let map = wizwar::geometry::map::load_map(&file)
                .map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
            let text = match format {
                Format::Ascii => map.text(),
                Format::Svg => map.svg(),
            };
            write_or_print(out.as_deref(), &text)
        }
        Command::Board { load: Some(file), step, format, out, .. } => {
            let loaded = wizwar::repl::read_saved(&file)?;
            let n = step.unwrap_or(loaded.steps.len());
            if n > loaded.steps.len() {
                return Err(format!("--step {n}: {} has {} step(s)", file.display(), loaded.steps.len()));
            }
            let check = wizwar::repl::Check::default();
            let built = wizwar::repl::build(&root, &loaded.setup, &loaded.steps[..n], check)?;
            if let Some(why) = &built.stopped {
                return Err(why.clone());
            }
            let text = built.engine.with_view(|st| match format {
                Format::Ascii => render_ascii(&st.board, &wizwar::cli::overlay(st)),
                Format::Svg => wizwar::cli::state_svg(st),
            });
            write_or_print(out.as_deref(), &text)
        }
        Command::Board { ruleset, players, side, seed, format, out, .. } => {
            let ruleset = ruleset_or_default(&root, ruleset)?;
            // A playable ruleset's own board set (perhaps inherited); else a folder with boards only.
            let path = match wizwar::ruleset::Ruleset::load(&root.join("rulesets"), &ruleset) {
                Ok(r) => r.boards_path(),
                Err(_) => root.join("rulesets").join(&ruleset).join("boards").join("boards.toml"),
            };
            let set = load_board_set(&path)
                .map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
            if let Some(map) = &set.map {
                // (one map for any number of players: nothing to lay out)
                let text = match format {
                    Format::Ascii => map.text(),
                    Format::Svg => map.svg(),
                };
                return write_or_print(out.as_deref(), &text);
            }
            let side = match side {
                Some(s) => s,
                None => set.sides.keys().next().cloned().ok_or("the board set lists no sides")?,
            };
            let faces = set.sides.get(&side).ok_or_else(|| {
                format!("no side `{side}` (known: {})", set.sides.keys().cloned().collect::<Vec<_>>().join(", "))
            })?;
            let layout = set.layouts.get(&players).ok_or_else(|| {
                let known: Vec<String> = set.layouts.keys().map(|k| k.to_string()).collect();
                format!("ruleset {ruleset} has no layout for {players} players (known: {})", known.join(", "))
            })?;
            let slots = layout.slots.len();
            let (order, rotations): (Vec<usize>, Vec<Rot>) = match seed {
                None => ((0..slots).collect(), vec![Rot(0); slots]),
                Some(seed) => {
                    let mut rng = GameRng::new(seed);
                    let mut order: Vec<usize> = (0..faces.len()).collect();
                    rng.shuffle(&mut order);
                    order.truncate(slots);
                    let rots = (0..slots).map(|_| Rot::new(rng.below(4) as i32)).collect();
                    (order, rots)
                }
            };
            let board = set.build(&side, players, &order, &rotations).map_err(|e| e.to_string())?;
            let text = match format {
                Format::Ascii => render_ascii(&board, &Overlay::default()),
                Format::Svg => render_svg(&board, &Overlay::default()),
            };
            write_or_print(out.as_deref(), &text)
        }
    }
}
