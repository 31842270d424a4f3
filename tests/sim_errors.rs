//! `sim` names what broke: script errors by card and file:line, with counts, in the summary,
//! its table and its JSON (issue: nothing a card does can break a game or hide).

mod common;

use std::path::PathBuf;
use std::time::Duration;
use wizwar::sim::{render, run, summarize, Bots, Cap, SimConfig};

#[test]
fn script_errors_are_counted_by_card_and_line() {
    let cfg = SimConfig {
        root: PathBuf::from("tests/fixtures/engine"),
        ruleset: "toy".into(),
        players: vec![2],
        games: 6,
        seed: 1,
        cap: Cap::Turns(40),
        bots: vec![Bots::Random],
        search: wizwar::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs: 1,
        profile: false,
        profile_scripts: false,
        shard: None,
    };
    let records = run(&cfg, None, &|_| {});
    let summary = summarize(&records, Duration::from_secs(1));
    assert!(summary.script_errors > 0, "the toy deck holds a card that always fails");
    let (what, n) = summary.errors.iter().next().expect("the errors are listed");
    assert!(what.contains("cards/toy/broken.lua:10") && what.contains("kaboom"), "{what}");
    assert_eq!(summary.errors.values().sum::<u64>(), summary.script_errors, "every error is listed once");
    assert!(*n > 0);
    assert!(
        summary.cards.get("Broken").is_none_or(|c| c.plays == 0),
        "a cast that failed was undone: it is not a play ({:?})",
        summary.cards.get("Broken")
    );
    let table = render(&summary, 5);
    assert!(table.contains("script error") && table.contains("cards/toy/broken.lua:10"), "{table}");
    assert!(table.contains("kaboom"), "{table}");
    // A long message is shown whole, wrapped under itself within 80 columns.
    let mut long = summary.clone();
    let message = format!("{}at cards/toy/far.lua:99", "the card asked for something far too long ".repeat(4));
    long.errors.insert(message.clone(), 7);
    long.errors.insert(String::new(), 3);
    let table = render(&long, 5);
    common::assert_fits_80_columns("sim", &table);
    let mut shown = table.lines().skip_while(|l| !l.starts_with("      7  "));
    let first = shown.next().unwrap_or_else(|| panic!("the long error is listed: {table}"));
    let rest = shown.take_while(|l| l.starts_with("         "));
    let words: Vec<&str> = std::iter::once(first).chain(rest).flat_map(|l| l.split_whitespace()).skip(1).collect();
    assert!(words.len() > 12, "over several lines: {table}");
    assert!(table.lines().any(|l| l.trim_end() == "      3"), "an empty message keeps its count: {table}");
    assert_eq!(words.join(" "), message.split_whitespace().collect::<Vec<_>>().join(" "), "{table}");
    let json = serde_json::to_string(&summary).unwrap();
    assert!(json.contains("broken.lua:10"), "the JSON has them too");
}

/// `rounds` caps a game at that many turns for each seat: at `rounds = 1` a classic game
/// (nobody may attack in the first round) stops after 2 turns at most with two players, 4 with
/// four.
#[test]
fn a_cap_in_rounds_grows_with_the_players() {
    let cfg = SimConfig {
        root: PathBuf::from("."),
        ruleset: "classic".into(),
        players: vec![2, 4],
        games: 4,
        seed: 1,
        cap: Cap::Rounds(1),
        bots: vec![Bots::Hunter],
        search: wizwar::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs: 1,
        profile: false,
        profile_scripts: false,
        shard: None,
    };
    let records = run(&cfg, None, &|_| {});
    for r in &records {
        assert!(r.turns <= r.players as u64, "{} turns in a game of {}", r.turns, r.players);
    }
    assert!(records.iter().any(|r| r.players == 4 && r.end == "turn cap" && r.turns == 4), "{records:?}");
}
