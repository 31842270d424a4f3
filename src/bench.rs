//! `wizwar bench`: how fast the engine plays, measured the same way every time, for the
//! README's Numbers table and before/after comparisons.
//!
//! For every ruleset with cards of its own and two kinds of bots (random, hunter): `games`
//! two-player games of at most 60 turns on one thread, played `runs` times (a run plays every
//! line once, one after the other), giving games and turns per second, microseconds per
//! decision, the time to start a game on a loaded engine (a reset) and to load it; then the
//! same games again, profiled (the profiler's clocks cost a few percent, so the speeds come
//! from the unprofiled runs), giving calls into the kernel per turn and the shares of time in
//! scripts, in turning values between Lua and Rust, in the kernel's primitives and in the rest
//! of the engine. Then what a turn costs at 4 and 6 players against 2 (where the ruleset has
//! a board for them), the time and size of a copy of a game's state (what every checkpoint
//! costs), the search bot's decisions, what two threads gain over one (both unprofiled, `runs`
//! times each) and the process's peak memory. Each line also gives a game's memory in Lua: the
//! most its engine's Lua heap held while it played.
//!
//! A shared machine's speed moves from one second to the next, and a process's first games
//! run slower than the rest (caches, the allocator's first pages): a line's speeds are those of
//! its median run, with the slowest and fastest runs' games/s beside them, and a run's time
//! leaves out loading the engine (its own column). Runs go round the lines, so a slow spell
//! costs every line one run rather than one line all of its runs.

use crate::engine::{Engine, GameSetup};
use crate::sim::{run, Bots, Cap, GameRecord, SimConfig};
use serde::Serialize;
use std::fmt::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// One line of the report: a ruleset, a kind of bots.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchLine {
    pub ruleset: String,
    pub bots: String,
    pub games: u64,
    /// Of the median run (by games/s).
    pub games_per_second: f64,
    /// The games/s of every run, in the order they ran.
    pub runs: Vec<f64>,
    pub turns_per_second: f64,
    pub micros_per_decision: f64,
    pub calls_per_turn: f64,
    /// Shares of the games' time (0..1).
    pub script_share: f64,
    pub conversion_share: f64,
    pub primitive_share: f64,
    pub engine_share: f64,
    /// Starting a game on the thread's loaded engine (a reset), mean over the games after the
    /// first.
    pub setup_micros: f64,
    /// Loading the engine for the first game: the ruleset, its cards and boards, read and compiled.
    pub load_micros: f64,
    /// A game's memory on the Lua side: the most its engine's Lua heap held while it played
    /// (the engine's code, cards and memo included, garbage not yet collected), the largest of
    /// the median run's games, in MiB (`GameRecord::lua_peak_bytes`). The kernel's state lies
    /// outside it (as JSON, `CloneCost`, some 20 to 30 KB), and so do the board's sight tables.
    pub lua_peak_mib: f64,
}

/// A copy of a game's state: how long one takes, and how big the state is (as JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CloneCost {
    pub ruleset: String,
    pub micros: f64,
    pub json_bytes: usize,
}

/// The search bot's thinking at its default budget: the time of a decision it searches (an
/// action with a choice), over the decisions of one game against a hunter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchCost {
    pub ruleset: String,
    pub decisions: u64,
    pub millis_per_decision: f64,
    /// Walks (sample, descent, playout) per second.
    pub walks_per_second: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    pub lines: Vec<BenchLine>,
    /// A turn's cost at larger tables, against two players.
    pub seats: Vec<SeatsCost>,
    pub clones: Vec<CloneCost>,
    pub search: Vec<SearchCost>,
    /// Games per second with two threads over one (random bots, the first ruleset), each the
    /// median of its runs.
    pub jobs2_gain: f64,
    pub jobs2_ruleset: String,
    /// How many times each line's games were played unprofiled.
    pub runs: usize,
    /// The most memory the bench's process held at once, in MiB (its engines were loaded one
    /// after another, a game at a time on each but for the two-thread run).
    pub peak_memory_mib: Option<f64>,
}

/// The rulesets a bench plays: those with cards of their own (not the shared mechanics, nor a
/// variant that plays its parent's cards).
pub fn bench_rulesets(root: &Path) -> Vec<String> {
    let dir = root.join("rulesets");
    crate::ruleset::playable_rulesets(&dir)
        .into_iter()
        .filter(|r| crate::ruleset::Ruleset::load(&dir, r).is_ok_and(|r| r.has_own_cards()))
        .collect()
}

fn config(root: &Path, ruleset: &str, bots: Bots, games: u64, jobs: usize, profile: bool) -> SimConfig {
    seated(root, ruleset, bots, games, jobs, profile, 2)
}

fn seated(root: &Path, ruleset: &str, bots: Bots, games: u64, jobs: usize, profile: bool, players: usize) -> SimConfig {
    SimConfig {
        root: root.to_path_buf(),
        ruleset: ruleset.to_string(),
        players: vec![players],
        games,
        seed: 1,
        cap: Cap::Turns(60),
        bots: vec![bots],
        search: crate::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs,
        profile,
        profile_scripts: false,
        shard: None,
    }
}

/// What a turn costs at more seats than two, against two (random bots, one thread, the median
/// of `runs` runs): a turn asks more players, and more wizards are in sight.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatsCost {
    pub ruleset: String,
    pub players: usize,
    pub micros_per_turn: f64,
    /// A turn's time over a turn's time at two players: the median of the runs' ratios, each
    /// run against one at two played just before it.
    pub of_two: f64,
}

/// The seat counts past two at which a turn's cost is measured (those a ruleset has a board for).
const MORE_SEATS: [usize; 2] = [4, 6];

/// One unprofiled run of a line's games: their records and the time they took.
struct Run {
    records: Vec<GameRecord>,
    wall: Duration,
}

impl Run {
    /// Plays the games of `config` on one thread.
    fn play(config: &SimConfig) -> Run {
        let started = Instant::now();
        let records = run(config, None, &|_| {});
        Run { records, wall: started.elapsed() }
    }

    /// The run's time, but loading the engine (the first game's set-up).
    fn playing_time(&self) -> Duration {
        let load = Duration::from_micros(self.records.first().map_or(0, |r| r.setup_micros));
        self.wall.saturating_sub(load)
    }

    fn micros_per_turn(&self) -> f64 {
        let turns: u64 = self.records.iter().map(|r| r.turns).sum();
        self.playing_time().as_secs_f64() * 1e6 / turns.max(1) as f64
    }

    fn games_per_second(&self) -> f64 {
        self.records.len() as f64 / self.playing_time().as_secs_f64().max(1e-9)
    }
}

/// Where the median of `values` is (the later one of the middle two for an even count).
fn median_at(values: &[f64]) -> usize {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    order[order.len() / 2]
}

/// The run with the median games/s.
fn median(runs: &[Run]) -> &Run {
    let rates: Vec<f64> = runs.iter().map(Run::games_per_second).collect();
    &runs[median_at(&rates)]
}

/// A line from the runs played unprofiled (the speeds are the median run's) and the same
/// games played again profiled (`profiled`).
fn line(ruleset: &str, bots: &str, runs: &[Run], profiled: &[GameRecord]) -> BenchLine {
    let middle = median(runs);
    let records = &middle.records;
    let sum = |f: &dyn Fn(&GameRecord) -> u64| records.iter().map(f).sum::<u64>() as f64;
    let micros = sum(&|r| r.micros).max(1.0);
    let turns = sum(&|r| r.turns).max(1.0);
    let secs = middle.playing_time().as_secs_f64().max(1e-9);
    let sum_profiled = |f: &dyn Fn(&GameRecord) -> u64| profiled.iter().map(f).sum::<u64>() as f64;
    let profiled_micros = sum_profiled(&|r| r.micros).max(1.0);
    let script = sum_profiled(&|r| r.lua_micros) / profiled_micros;
    let conversion = sum_profiled(&|r| r.conversion_micros) / profiled_micros;
    let primitive = sum_profiled(&|r| r.primitive_micros) / profiled_micros;
    BenchLine {
        ruleset: ruleset.to_string(),
        bots: bots.to_string(),
        games: records.len() as u64,
        games_per_second: records.len() as f64 / secs,
        runs: runs.iter().map(Run::games_per_second).collect(),
        turns_per_second: turns / secs,
        micros_per_decision: micros / sum(&|r| r.decisions).max(1.0),
        calls_per_turn: sum_profiled(&|r| r.primitive_calls) / sum_profiled(&|r| r.turns).max(1.0),
        script_share: script,
        conversion_share: conversion,
        primitive_share: primitive,
        engine_share: (1.0 - script - conversion - primitive).max(0.0),
        setup_micros: {
            let later = records.get(1..).unwrap_or_default();
            later.iter().map(|r| r.setup_micros).sum::<u64>() as f64 / later.len().max(1) as f64
        },
        load_micros: records.first().map_or(0.0, |r| r.setup_micros as f64),
        lua_peak_mib: records.iter().map(|r| r.lua_peak_bytes).max().unwrap_or(0) as f64 / (1024.0 * 1024.0),
    }
}

/// The time and JSON size of a copy of the state of a game played to 60 turns.
fn clone_cost(root: &Path, ruleset: &str) -> Result<CloneCost, String> {
    let setup = GameSetup { ruleset: ruleset.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    let bots = crate::decision::Seats {
        agents: (0..2).map(|i| Box::new(crate::decision::RandomAgent::new(10 + i)) as Box<_>).collect(),
    };
    let engine = Engine::new(root, &setup, Box::new(bots))?;
    engine.run(Some(60));
    let state = engine.state();
    let n = 2000;
    let started = Instant::now();
    for _ in 0..n {
        std::hint::black_box(state.clone());
    }
    let micros = started.elapsed().as_secs_f64() * 1e6 / n as f64;
    let json_bytes = serde_json::to_vec(&state).map_err(|e| e.to_string())?.len();
    Ok(CloneCost { ruleset: ruleset.to_string(), micros, json_bytes })
}

/// Decisions the bench times the search bot over (`search_cost`; fewer for a short bench: five
/// for each game a line plays), and the most games it plays for them.
const SEARCH_DECISIONS: u64 = 100;
const SEARCH_GAMES: u64 = 8;

/// The search bot's time per decision: two-player games against a hunter, at most 30 turns,
/// the searched decisions timed one by one, until `enough` were (or `SEARCH_GAMES` games).
fn search_cost(root: &Path, ruleset: &str, enough: u64) -> Result<SearchCost, String> {
    use crate::decision::{Agent, Decision, Request, Sight};
    use crate::search::{Budget, Rules, SearchAgent};
    use std::cell::RefCell;
    use std::rc::Rc;
    /// The search bot, its searches timed.
    struct Timed {
        bot: SearchAgent,
        spent: Rc<RefCell<(u64, Duration)>>,
    }
    impl Agent for Timed {
        fn reads_labels(&self, player: u32) -> bool {
            self.bot.reads_labels(player)
        }
        fn decide(&mut self, req: &Request) -> Decision {
            self.bot.decide(req)
        }
        fn decide_seeing(&mut self, req: &Request, sight: &Sight) -> Decision {
            let started = Instant::now();
            let answer = self.bot.decide_seeing(req, sight);
            if SearchAgent::searches(req) {
                let mut spent = self.spent.borrow_mut();
                spent.0 += 1;
                spent.1 += started.elapsed();
            }
            answer
        }
    }
    let budget = Budget::default();
    let spent = Rc::new(RefCell::new((0, Duration::ZERO)));
    // Games from seed 1 on, until enough decisions were timed (a game may end in a few turns).
    for seed in 1..=SEARCH_GAMES {
        if spent.borrow().0 >= enough {
            break;
        }
        let setup = GameSetup { ruleset: ruleset.to_string(), players: 2, seed, options: vec![], names: vec![] };
        let rules = Rules { root: root.to_path_buf(), setup: setup.clone(), variants: vec![] };
        let agents: Vec<Box<dyn Agent>> = vec![
            Box::new(Timed { bot: SearchAgent::new(rules, budget, seed), spent: spent.clone() }),
            Box::new(crate::decision::HunterAgent::new(seed + 1)),
        ];
        let engine = Engine::new(root, &setup, Box::new(crate::decision::Seats { agents }))?;
        engine.run(Some(30));
    }
    let (decisions, time) = *spent.borrow();
    let secs = time.as_secs_f64().max(1e-9);
    Ok(SearchCost {
        ruleset: ruleset.to_string(),
        decisions,
        millis_per_decision: secs * 1e3 / decisions.max(1) as f64,
        walks_per_second: (decisions * u64::from(budget.iterations)) as f64 / secs,
    })
}

/// Runs the bench, each line's games `runs` times; `progress` hears what is being measured,
/// step by step: (the step, counted from 1; how many steps in all; what it measures).
pub fn bench(
    root: &Path,
    games: u64,
    runs: usize,
    progress: &dyn Fn(usize, usize, &str),
) -> Result<BenchReport, String> {
    let rulesets = bench_rulesets(root);
    let first = rulesets.first().cloned().ok_or("no ruleset with cards to measure")?;
    let runs = runs.max(1);
    // The larger tables each ruleset has a board for.
    let has_board = |r: &str, players: usize| {
        let setup = GameSetup { ruleset: r.to_string(), players, seed: 1, options: vec![], names: vec![] };
        Engine::new(root, &setup, Box::new(crate::decision::RandomAgent::new(1))).is_ok()
    };
    let tables: Vec<(&String, usize)> =
        rulesets.iter().flat_map(|r| MORE_SEATS.iter().filter(|&&n| has_board(r, n)).map(move |&n| (r, n))).collect();
    // Every line's runs and its profiled games, the larger tables' runs, each ruleset's copies,
    // two thread counts' runs.
    let steps = rulesets.len() * 2 * (runs + 1) + tables.len() * runs + rulesets.len() * 2 + 2 * runs;
    let step = std::cell::Cell::new(0);
    let progress = |what: &str| {
        step.set(step.get() + 1);
        progress(step.get(), steps, what)
    };
    let same = |a: &GameRecord, b: &GameRecord| (a.turns, a.events, &a.end) == (b.turns, b.events, &b.end);
    let kinds: Vec<(&String, Bots, &str)> =
        rulesets.iter().flat_map(|r| [(r, Bots::Random, "random"), (r, Bots::Hunter, "hunter")]).collect();
    // Run by run, every line in turn: a slow spell of the machine then slows one run of every
    // line, not every run of one line (the medians stay comparable between lines).
    let mut played: Vec<Vec<Run>> = kinds.iter().map(|_| Vec::new()).collect();
    for i in 1..=runs {
        for ((r, bots, name), runs_so_far) in kinds.iter().zip(&mut played) {
            progress(&format!("{r}, {name} bots: {games} games on one thread (run {i} of {runs})"));
            let this = Run::play(&config(root, r, *bots, games, 1, false));
            if let Some(bad) = this.records.iter().find(|r| r.failed()) {
                return Err(format!("{r}: game {} failed: {}", bad.index, bad.end));
            }
            if let Some(before) = runs_so_far.first() {
                if let Some((a, _)) = this.records.iter().zip(&before.records).find(|(a, b)| !same(a, b)) {
                    return Err(format!("{r}: game {} went otherwise when played again", a.index));
                }
            }
            runs_so_far.push(this);
        }
    }
    let mut lines = Vec::new();
    for ((r, bots, name), runs_played) in kinds.iter().zip(&played) {
        progress(&format!("{r}, {name} bots: the same games, profiled"));
        let profiled = run(&config(root, r, *bots, games, 1, true), None, &|_| {});
        if let Some((a, _)) = runs_played[0].records.iter().zip(&profiled).find(|(a, b)| !same(a, b)) {
            return Err(format!("{r}: game {} went otherwise when profiled: the profiler changed a game", a.index));
        }
        lines.push(line(r, name, runs_played, &profiled));
    }
    let mut seats = Vec::new();
    for &(r, players) in &tables {
        // Each run at the larger table paired with one at two, played just before it: the
        // machine's speed moves between lines measured minutes apart, and a ratio of two such
        // medians moved by a fifth from one bench to the next.
        let (mut at_table, mut ratios) = (Vec::new(), Vec::new());
        for i in 1..=runs {
            progress(&format!("{r}, random bots: {games} games of 2 and of {players} players (run {i} of {runs})"));
            let two = Run::play(&config(root, r, Bots::Random, games, 1, false));
            let more = Run::play(&seated(root, r, Bots::Random, games, 1, false, players));
            ratios.push(more.micros_per_turn() / two.micros_per_turn().max(1e-9));
            at_table.push(more);
        }
        let micros = median(&at_table).micros_per_turn();
        let of_two = ratios[median_at(&ratios)];
        seats.push(SeatsCost { ruleset: r.clone(), players, micros_per_turn: micros, of_two });
    }
    let mut clones = Vec::new();
    for r in &rulesets {
        progress(&format!("{r}: copies of a game's state"));
        clones.push(clone_cost(root, r)?);
    }
    let mut search = Vec::new();
    for r in &rulesets {
        progress(&format!("{r}: the search bot's decisions"));
        search.push(search_cost(root, r, (games * 5).clamp(10, SEARCH_DECISIONS))?);
    }
    // Two threads against one, run in turn (the machine's speed moves), each the median of its
    // runs, the whole time counted (each thread loads its own engine).
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for i in 1..=runs {
        for (jobs, rates) in [(1, &mut one), (2, &mut two)] {
            progress(&format!("{first}, random bots: {games} games on {jobs} thread(s) (run {i} of {runs})"));
            let this = Run::play(&config(root, &first, Bots::Random, games, jobs, false));
            rates.push(games as f64 / this.wall.as_secs_f64().max(1e-9));
        }
    }
    let gain = two[median_at(&two)] / one[median_at(&one)].max(1e-9);
    let peak_memory_mib = crate::sim::process_peak_memory_mib();
    Ok(BenchReport { lines, seats, clones, search, jobs2_gain: gain, jobs2_ruleset: first, runs, peak_memory_mib })
}

/// The slowest and fastest of some runs' games/s, as "57.8-64.7" (one run: "-").
fn range(runs: &[f64]) -> String {
    if runs.len() < 2 {
        return "-".into();
    }
    let lo = runs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = runs.iter().copied().fold(0.0, f64::max);
    format!("{lo:.1}-{hi:.1}")
}

/// The report as tables for people, within 80 columns: the speeds, then where the time went
/// (from the same games, profiled), then one line a figure.
pub fn render(report: &BenchReport) -> String {
    let mut s = String::new();
    let pct = |x: f64| format!("{:.0}%", x * 100.0);
    let _ = writeln!(
        s,
        "{:<8} {:<6} {:>7} {:>11} {:>7} {:>9} {:>9} {:>7} {:>7}",
        "ruleset", "bots", "games/s", "runs' range", "turns/s", "µs/decis.", "set-up µs", "load ms", "Lua MiB"
    );
    for l in &report.lines {
        let _ = writeln!(
            s,
            "{:<8} {:<6} {:>7.1} {:>11} {:>7.0} {:>9.0} {:>9.0} {:>7.1} {:>7.1}",
            l.ruleset,
            l.bots,
            l.games_per_second,
            range(&l.runs),
            l.turns_per_second,
            l.micros_per_decision,
            l.setup_micros,
            l.load_micros / 1000.0,
            l.lua_peak_mib
        );
    }
    let _ = writeln!(s, "\nwhere the time went (the same games played again, profiled):");
    let _ = writeln!(
        s,
        "{:<8} {:<6} {:>10} {:>7} {:>7} {:>6} {:>6}",
        "ruleset", "bots", "calls/turn", "scripts", "convert", "kernel", "engine"
    );
    for l in &report.lines {
        let _ = writeln!(
            s,
            "{:<8} {:<6} {:>10.0} {:>7} {:>7} {:>6} {:>6}",
            l.ruleset,
            l.bots,
            l.calls_per_turn,
            pct(l.script_share),
            pct(l.conversion_share),
            pct(l.primitive_share),
            pct(l.engine_share)
        );
    }
    s.push('\n');
    for c in &report.seats {
        let _ = writeln!(
            s,
            "a turn at {} players, {} (random bots): {:.0} µs, {:.2}x a turn at 2",
            c.players, c.ruleset, c.micros_per_turn, c.of_two
        );
    }
    for c in &report.clones {
        let _ =
            writeln!(s, "a copy of a {} game's state: {:.1} µs, {} bytes as JSON", c.ruleset, c.micros, c.json_bytes);
    }
    for c in &report.search {
        let _ = writeln!(
            s,
            "search bot, {}: {:.1} ms a decision ({} walks, {:.0}/s), {} decisions",
            c.ruleset,
            c.millis_per_decision,
            crate::search::Budget::default().iterations,
            c.walks_per_second,
            c.decisions
        );
    }
    let _ = writeln!(
        s,
        "two threads: {:.2}x the games/s of one ({}, random bots)",
        report.jobs2_gain, report.jobs2_ruleset
    );
    if let Some(mib) = report.peak_memory_mib {
        let _ = writeln!(s, "peak memory: {mib:.1} MiB (the whole process)");
    }
    let _ = writeln!(
        s,
        "(each line's games played {}: the speeds are the median run's,\n without loading the engine)",
        if report.runs == 1 { "once".to_string() } else { format!("{} times", report.runs) }
    );
    s
}
