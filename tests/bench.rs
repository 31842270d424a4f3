//! `wizwar bench` measures what it says (the figures themselves are the README's, from a
//! release build: no timing is asserted here, machines vary); `sim --profile-scripts` says
//! which script functions the time goes to, without changing the games.

mod common;

use std::path::{Path, PathBuf};
use wizwar::sim::{play_game, render, summarize, Bots, Cap, SimConfig};

#[test]
fn the_bench_reports_every_ruleset_with_both_kinds_of_bots() {
    // Two games a line: the first loads the engine, the second starts on it (the set-up figure);
    // each line played twice, as the median of runs needs.
    let seen = std::cell::RefCell::new(Vec::new());
    let report = wizwar::bench::bench(Path::new("."), 2, 2, &|step, steps, what: &str| {
        seen.borrow_mut().push((step, steps, what.to_string()))
    })
    .unwrap();
    let seen = seen.into_inner();
    assert!(!seen.is_empty() && seen.iter().enumerate().all(|(i, s)| s.0 == i + 1), "steps counted from 1: {seen:?}");
    assert!(seen.iter().all(|s| s.1 == seen.len()), "the count of steps is the steps taken: {seen:?}");
    let rulesets = wizwar::bench::bench_rulesets(Path::new("."));
    assert!(rulesets.contains(&"8th".to_string()) && rulesets.contains(&"classic".to_string()), "{rulesets:?}");
    assert!(!rulesets.contains(&"8th-blitz".to_string()), "a variant plays its parent's cards: not measured again");
    assert_eq!(report.lines.len(), rulesets.len() * 2);
    for l in &report.lines {
        assert!(l.games == 2 && l.games_per_second > 0.0 && l.turns_per_second > 0.0, "{l:?}");
        assert!(l.runs.len() == 2 && l.runs.contains(&l.games_per_second), "the median is one of the runs: {l:?}");
        assert!(l.calls_per_turn > 1.0 && l.micros_per_decision > 0.0 && l.setup_micros > 0.0, "{l:?}");
        assert!(l.load_micros > 0.0, "{l:?}");
        assert!((1.0..100.0).contains(&l.lua_peak_mib), "a game's engine holds a few MiB: {l:?}");
        let shares = l.script_share + l.conversion_share + l.primitive_share + l.engine_share;
        assert!((0.99..=1.01).contains(&shares) && l.conversion_share > 0.0, "the shares add up: {l:?}");
    }
    assert_eq!(report.clones.len(), rulesets.len());
    assert!(report.clones.iter().all(|c| c.micros > 0.0 && c.json_bytes > 1000), "{:?}", report.clones);
    assert!(report.jobs2_gain > 0.0);
    assert_eq!(report.search.len(), rulesets.len());
    assert!(report.search.iter().all(|c| c.decisions >= 10 && c.millis_per_decision > 0.0), "{:?}", report.search);
    let text = wizwar::bench::render(&report);
    assert!(text.contains("games/s") && text.contains("a copy of a 8th game's state"), "{text}");
    assert!(text.contains("runs' range") && text.contains("played 2 times"), "{text}");
    assert!(report.peak_memory_mib.is_some_and(|m| m > 1.0), "{:?}", report.peak_memory_mib);
    let table = |r: &str, n: usize| report.seats.iter().find(|c| c.ruleset == r && c.players == n);
    assert!(table("8th", 4).is_some() && table("9th", 6).is_some(), "the larger tables: {:?}", report.seats);
    assert!(table("8th", 6).is_none(), "no 6-player board in the 8th: {:?}", report.seats);
    assert!(report.seats.iter().all(|c| c.micros_per_turn > 0.0 && c.of_two > 0.0), "{:?}", report.seats);
    assert!(text.contains("a turn at 4 players, 8th (random bots)"), "{text}");
    assert!(text.contains("peak memory: ") && text.contains("Lua MiB"), "{text}");
    assert!(text.contains("calls/turn") && text.contains("convert"), "where the time goes: {text}");
    common::assert_fits_80_columns("bench", &text);
}

fn sampled(profile_scripts: bool) -> SimConfig {
    SimConfig {
        root: PathBuf::from("."),
        ruleset: "8th".into(),
        players: vec![2],
        games: 1,
        seed: 7,
        cap: Cap::Turns(12),
        bots: vec![Bots::Random],
        search: wizwar::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs: 1,
        profile: false,
        profile_scripts,
        shard: None,
    }
}

#[test]
fn sampling_script_functions_names_them_and_changes_no_game() {
    let plain = play_game(&sampled(false), 0, &mut None);
    let record = play_game(&sampled(true), 0, &mut None);
    assert_eq!(
        (&record.end, record.turns, record.events, &record.plays),
        (&plain.end, plain.turns, plain.events, &plain.plays),
        "the same game"
    );
    assert!(plain.script_functions.is_empty(), "nothing sampled unless asked");
    let listing = record
        .script_functions
        .iter()
        .find(|f| f.function.starts_with("rulesets/8th/rules.lua:") && f.function.ends_with(" add_actions"))
        .unwrap_or_else(|| panic!("the 8th's listing of actions is sampled: {:?}", record.script_functions));
    assert!(listing.inclusive > 0, "{listing:?}");
    assert!(record.script_functions.iter().all(|f| f.inclusive >= f.own), "{:?}", record.script_functions);

    let summary = summarize(&[record], std::time::Duration::from_secs(1));
    let own: f64 = summary.script_functions.iter().map(|f| f.own).sum();
    assert!((0.99..=1.01).contains(&own), "each sample's time is one function's own: {own}");
    assert!(summary.script_functions.windows(2).all(|w| w[0].inclusive >= w[1].inclusive), "most first");
    let table = render(&summary, 3);
    assert!(table.contains("script function") && table.contains("add_actions"), "{table}");
    common::assert_fits_80_columns("sim", &table);
}

#[test]
fn profiling_times_each_kernel_primitive_and_changes_no_game() {
    let plain = play_game(&sampled(false), 0, &mut None);
    let record = play_game(&SimConfig { profile: true, ..sampled(false) }, 0, &mut None);
    assert_eq!((&record.end, record.turns, record.events), (&plain.end, plain.turns, plain.events), "the same game");
    assert!(plain.primitives.is_empty(), "nothing timed unless profiled");
    let calls: u64 = record.primitives.iter().map(|p| p.calls).sum();
    assert_eq!(calls, record.primitive_calls, "every call of a primitive is one primitive's");
    let hooks = record
        .primitives
        .iter()
        .find(|p| p.name == "call_card")
        .unwrap_or_else(|| panic!("card hooks are called in a game: {:?}", record.primitives));
    assert!(hooks.calls > 0 && hooks.micros >= hooks.script_micros, "{hooks:?}");
    let queries = record.primitives.iter().find(|p| p.name == "player").expect("players are asked about");
    assert_eq!(queries.script_micros, 0, "a query runs no script: {queries:?}");
    let summary = summarize(&[record], std::time::Duration::from_secs(1));
    assert!(summary.primitives.windows(2).all(|w| w[0].share >= w[1].share), "most first");
    assert!(summary.primitives.iter().all(|p| p.share >= p.in_scripts), "{:?}", summary.primitives);
    let table = render(&summary, 3);
    assert!(table.contains("kernel primitive") && table.contains("call_card"), "{table}");
    assert!(table.contains("time in Lua scripts"), "{table}");
    common::assert_fits_80_columns("sim", &table);
}
