//! `wizwar bench`: how fast the engine plays, measured the same way every time, for the
//! README's Numbers table and before/after comparisons.
//!
//! For every ruleset with cards of its own and two kinds of bots (random, hunter): `games`
//! two-player games of at most 60 turns on one thread, giving games and turns per second,
//! microseconds per decision, the time to start a game on a loaded engine (a reset) and to
//! load it; then the same games again, profiled (the profiler's clocks cost a few percent, so
//! the speeds come from the first run), giving calls into the kernel per turn and the shares
//! of time in scripts, in turning values between Lua and Rust, in the kernel's primitives and
//! in the rest of the engine. Then the time and size of a copy of a game's state (what every
//! checkpoint costs), and what two threads gain over one (both runs unprofiled).

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
    pub games_per_second: f64,
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
}

/// A copy of a game's state: how long one takes, and how big the state is (as JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CloneCost {
    pub ruleset: String,
    pub micros: f64,
    pub json_bytes: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    pub lines: Vec<BenchLine>,
    pub clones: Vec<CloneCost>,
    /// Games per second with two threads over one (random bots, the first ruleset).
    pub jobs2_gain: f64,
    pub jobs2_ruleset: String,
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
    SimConfig {
        root: root.to_path_buf(),
        ruleset: ruleset.to_string(),
        players: vec![2],
        games,
        seed: 1,
        cap: Cap::Turns(60),
        bots,
        options: vec![],
        jobs,
        profile,
        profile_scripts: false,
    }
}

/// A line from the games played unprofiled (`records`, in `wall` time) and the same games
/// played again profiled (`profiled`).
fn line(ruleset: &str, bots: &str, records: &[GameRecord], wall: Duration, profiled: &[GameRecord]) -> BenchLine {
    let sum = |f: &dyn Fn(&GameRecord) -> u64| records.iter().map(f).sum::<u64>() as f64;
    let micros = sum(&|r| r.micros).max(1.0);
    let turns = sum(&|r| r.turns).max(1.0);
    let secs = wall.as_secs_f64().max(1e-9);
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

/// Runs the bench; `progress` hears what is being measured.
pub fn bench(root: &Path, games: u64, progress: &dyn Fn(&str)) -> Result<BenchReport, String> {
    let rulesets = bench_rulesets(root);
    let first = rulesets.first().cloned().ok_or("no ruleset with cards to measure")?;
    let mut lines = Vec::new();
    for r in &rulesets {
        for (bots, name) in [(Bots::Random, "random"), (Bots::Hunter, "hunter")] {
            progress(&format!("{r}, {name} bots: {games} games on one thread"));
            let started = Instant::now();
            let records = run(&config(root, r, bots, games, 1, false), None, &|_| {});
            let wall = started.elapsed();
            if let Some(bad) = records.iter().find(|r| r.failed()) {
                return Err(format!("{r}: game {} failed: {}", bad.index, bad.end));
            }
            progress(&format!("{r}, {name} bots: the same games, profiled"));
            let profiled = run(&config(root, r, bots, games, 1, true), None, &|_| {});
            let same = |a: &GameRecord, b: &GameRecord| (a.turns, a.events, &a.end) == (b.turns, b.events, &b.end);
            if let Some((a, _)) = records.iter().zip(&profiled).find(|(a, b)| !same(a, b)) {
                return Err(format!("{r}: game {} went otherwise when profiled: the profiler changed a game", a.index));
            }
            lines.push(line(r, name, &records, wall, &profiled));
        }
    }
    let mut clones = Vec::new();
    for r in &rulesets {
        progress(&format!("{r}: copies of a game's state"));
        clones.push(clone_cost(root, r)?);
    }
    progress(&format!("{first}, random bots: {games} games on two threads"));
    let started = Instant::now();
    run(&config(root, &first, Bots::Random, games, 2, false), None, &|_| {});
    let two = games as f64 / started.elapsed().as_secs_f64().max(1e-9);
    let one = lines.iter().find(|l| l.ruleset == first && l.bots == "random").map_or(1.0, |l| l.games_per_second);
    Ok(BenchReport { lines, clones, jobs2_gain: two / one.max(1e-9), jobs2_ruleset: first })
}

/// The report as tables for people.
pub fn render(report: &BenchReport) -> String {
    let mut s = String::new();
    let pct = |x: f64| format!("{:.0}%", x * 100.0);
    let _ = writeln!(
        s,
        "{:<10} {:<7} {:>7} {:>9} {:>10} {:>11} {:>8} {:>9} {:>8} {:>8} {:>10} {:>8}",
        "ruleset",
        "bots",
        "games/s",
        "turns/s",
        "µs/decis.",
        "calls/turn",
        "scripts",
        "convert",
        "kernel",
        "engine",
        "set-up µs",
        "load ms"
    );
    for l in &report.lines {
        let _ = writeln!(
            s,
            "{:<10} {:<7} {:>7.1} {:>9.0} {:>10.0} {:>11.0} {:>8} {:>9} {:>8} {:>8} {:>10.0} {:>8.1}",
            l.ruleset,
            l.bots,
            l.games_per_second,
            l.turns_per_second,
            l.micros_per_decision,
            l.calls_per_turn,
            pct(l.script_share),
            pct(l.conversion_share),
            pct(l.primitive_share),
            pct(l.engine_share),
            l.setup_micros,
            l.load_micros / 1000.0
        );
    }
    s.push('\n');
    for c in &report.clones {
        let _ =
            writeln!(s, "a copy of a {} game's state: {:.1} µs, {} bytes as JSON", c.ruleset, c.micros, c.json_bytes);
    }
    let _ = writeln!(
        s,
        "two threads: {:.2}x the games/s of one ({}, random bots)",
        report.jobs2_gain, report.jobs2_ruleset
    );
    s
}
