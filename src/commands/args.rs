//! The command line's words: the subcommands and their flags (clap), as `--help` shows them,
//! and the flags several commands share (the bot games of `sim` and `ab`, a search bot's budget)
//! with what they make.

use super::{parse_options, ruleset_or_default};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use wizwar::sim::Bots;

#[derive(Parser)]
// (help wrapped to the terminal, at most 80 columns: clap's `wrap_help` measures the terminal)
#[command(
    name = "wizwar",
    version,
    // `-V` and `help` work, but are not listed: `wizwar -h` fits a 24-line screen.
    disable_version_flag = true,
    disable_help_subcommand = true,
    max_term_width = 80,
    about = "A rules engine for Wiz-War style magical labyrinth duels",
    // The default's but for the blank line under the about: `wizwar -h` fits a 24-line screen.
    help_template = "{about-with-newline}{usage-heading} {usage}\n\n{all-args}{after-help}"
)]
#[command(
    after_long_help = "The kernel knows the board, line of sight and the game mechanics; every edition lives in \
rulesets/<name>/ and every card in cards/<edition>/."
)]
pub struct Cli {
    /// Folder holding rulesets/ and cards/.
    ///
    /// Else $WIZWAR_ROOT, else this folder, else the nearest folder above the binary that
    /// holds rulesets/.
    #[arg(long, global = true)]
    pub root: Option<PathBuf>,
    /// Print the version.
    #[arg(short = 'V', long, action = clap::ArgAction::Version, hide = true)]
    version: Option<bool>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Ascii,
    Svg,
}

#[derive(Subcommand)]
pub enum Command {
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
    /// The web table: play in a browser, against bots or with friends.
    ///
    /// Friends play on other screens, each seeing his own hand. Open the printed address,
    /// start a game, share the invite links.
    Serve(wizwar::serve::ServeArgs),
    /// A live game at a prompt: look at it, act, run Lua, undo, reload.
    ///
    /// An interactive session on one game; `reload` takes up the rules and cards as they are
    /// now on disk.
    ///
    /// With any of --ruleset, --players, --seed or --option a game starts right away (the
    /// others at their defaults); without them, use `new` in the session. Commands come from
    /// --script, else from standard input when it is not a terminal, else from the terminal.
    Repl {
        /// The edition: a folder under rulesets/ (default: the one rulesets/index.toml names).
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
    /// Many bot games at once: how they end, who wins, what each card does.
    ///
    /// How games end, wins by seat, what each card does for its player, and how fast the
    /// engine runs. Game i uses seed SEED+i, so results don't depend on --jobs.
    Sim {
        #[command(flatten)]
        table: BotGames,
        /// How many games (seeds SEED, SEED+1...).
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
    /// Join a sharded sim's JSON files into the whole sim's summary.
    ///
    /// The slices' files (sim --shard K/N --json FILE) give the summary the whole sim gives:
    /// the same tables, JSON and report.
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
    /// Does a change make a card, or a house rule, stronger or weaker?
    ///
    /// The same games played twice, as shipped (A) and changed (B): a variant file in a card's
    /// place, or another ruleset; and how the card's players (without a card: the first kind
    /// of bot's seats, or the first seat) did in each.
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
        /// How many games each side plays (the same seeds for A and B).
        #[arg(long, default_value_t = 300)]
        games: u64,
        /// Write the report as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Write a page with charts (DIR/index.html, self-contained).
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Run the tests the card files carry, and the rulebook scenarios.
    ///
    /// Every card file's tests, and the ruleset's rulebook scenarios (tests/scenarios/<ruleset>/).
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
    /// Start a card or house rule from one that plays and passes its test.
    ///
    /// The file written already loads, plays and passes its own test: a start to change.
    New {
        #[command(subcommand)]
        what: New,
    },
    /// Check each ruleset's cards with the Lua analyzer (emmylua_check).
    ///
    /// Each ruleset's own cards are checked against that ruleset's helpers only: another
    /// edition's helper, or a helper given the wrong type, is reported with file and line.
    Analyze {
        /// One ruleset (default: every ruleset with card folders of its own).
        #[arg(long)]
        ruleset: Option<String>,
    },
    /// Load a ruleset, its boards and its cards; report every problem.
    Check {
        /// The ruleset to check (a folder under rulesets/).
        #[arg(long)]
        ruleset: Option<String>,
    },
    /// Replay a saved game or session; report where it now goes otherwise.
    ///
    /// A saved game or REPL session is replayed against the current cards and rules.
    Replay {
        /// A file written by `play --save` or by `save` in the REPL.
        file: PathBuf,
    },
    /// Measure the engine's speed for every ruleset (the README's Numbers).
    ///
    /// Games, turns and decisions per second, calls into the kernel per turn, where the time
    /// goes, set-up, state copies and two threads, for every ruleset with cards and random
    /// and hunter bots (two players, 60 turns, one thread).
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
    /// What differs between two rulesets: two editions, or a house rule.
    ///
    /// Config numbers, options, phases, their own Lua modules and functions, and cards only in
    /// one or declared differently (e.g. two editions, or a variant and its edition).
    Diff {
        /// The first ruleset (a folder under rulesets/).
        a: String,
        /// The second ruleset.
        b: String,
        /// Print JSON instead of the report.
        #[arg(long)]
        json: bool,
    },
    /// Write the LuaLS definitions of the scripting API.
    ///
    /// The committed copy is cards/types/wizwar.d.lua.
    Defs {
        /// Where to write them (default: standard output).
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// The program's help, or a command's: `wizwar help sim` is `wizwar sim --help`.
    #[command(hide = true)]
    Help {
        /// The command (and subcommand) to explain.
        command: Vec<String>,
    },
    /// Build a board the way setup does and show it.
    ///
    /// Its faces are shuffled and turned by the seed.
    Board {
        /// The edition: a folder under rulesets/ (default: the one rulesets/index.toml names).
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

/// The bot games `sim` and `ab` play: which, how many seats, seeds, bots and rules.
#[derive(clap::Args)]
pub struct BotGames {
    /// The edition: a folder under rulesets/ (default: the one rulesets/index.toml names).
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
    pub fn config(
        self,
        root: &std::path::Path,
        games: u64,
        turns: Option<u64>,
    ) -> Result<wizwar::sim::SimConfig, String> {
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
pub struct SearchBudget {
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
    pub fn budget(&self) -> wizwar::search::Budget {
        wizwar::search::Budget {
            iterations: self.search_iterations,
            millis: self.search_ms,
            horizon: self.search_horizon,
        }
    }
}

/// What `wizwar new` writes.
#[derive(Subcommand)]
pub enum New {
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
