//! What `sim` reports for card designers: mixed tables whose seats turn round, each bot's wins,
//! and per-card figures that say what they count (issue 41).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;
use wizwar::sim::{render, run, summarize, Bots, Cap, SimConfig, RATED_FROM};

fn config(bots: Vec<Bots>, players: Vec<usize>, games: u64) -> SimConfig {
    SimConfig {
        root: PathBuf::from("."),
        ruleset: "8th".into(),
        players,
        games,
        seed: 3,
        cap: Cap::Rounds(20),
        bots,
        search: wizwar::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs: 2,
        profile: false,
        profile_scripts: false,
        shard: None,
    }
}

#[test]
fn mixed_tables_turn_round_so_each_kind_sits_at_each_seat_alike() {
    let cfg = config(vec![Bots::Aggressive, Bots::Hunter], vec![2, 3], 24);
    for seat in 0..3 {
        for kind in [Bots::Aggressive, Bots::Hunter] {
            // the 2-player games: indices 0, 2, 4...
            let two: usize = (0..24).step_by(2).filter(|&i| cfg.bot_at(i, seat) == kind).count();
            if seat < 2 {
                assert_eq!(two, 6, "seat {seat} is {kind:?} in half the 2-player games");
            }
        }
    }
    assert_ne!(cfg.bot_at(0, 0), cfg.bot_at(2, 0), "the next game of the same size turns the table");
    let one = config(vec![Bots::Random], vec![2], 4);
    assert!((0..4).all(|i| (0..2).all(|s| one.bot_at(i, s) == Bots::Random)));
}

#[test]
fn the_summary_counts_each_bot_and_each_card_as_it_says() {
    let cfg = config(vec![Bots::Random, Bots::Hunter], vec![2], 60);
    let records = run(&cfg, None, &|_| {});
    assert!(records.iter().all(|r| !r.failed()), "no game fails");
    let s = summarize(&records, Duration::from_secs(1));

    // each bot kind, by hand from the records
    for b in &s.bots {
        let seats: u64 = records.iter().map(|r| r.bots.iter().filter(|&&k| k == b.bot).count() as u64).sum();
        let wins = records.iter().filter(|r| r.winner.is_some_and(|w| r.bots[w as usize] == b.bot)).count() as u64;
        assert_eq!((b.games, b.wins), (seats, wins), "{:?}", b.bot);
    }
    assert_eq!(s.bots.len(), 2);
    let hunters = s.bots.iter().find(|b| b.bot == Bots::Hunter).unwrap();
    let randoms = s.bots.iter().find(|b| b.bot == Bots::Random).unwrap();
    assert!(hunters.wins > randoms.wins, "hunters beat random bots: {:?}", s.bots);

    // the most played card, by hand: the players who played it, and how many of them won
    let (name, stats) = s.cards.iter().max_by_key(|(_, c)| c.plays).unwrap();
    let mut players = 0;
    let mut wins = 0;
    for r in &records {
        let who: BTreeSet<u32> = r.plays.iter().filter(|(n, _)| n == name).map(|&(_, p)| p).collect();
        players += who.len() as u64;
        wins += who.iter().filter(|&&p| r.winner == Some(p)).count() as u64;
    }
    assert_eq!((stats.players, stats.wins), (players, wins), "{name}");
    assert!(stats.players >= RATED_FROM, "{name} is played enough to be rated");
    let won = stats.won.expect("a rate");
    assert!(won.low <= won.estimate && won.estimate <= won.high);
    assert!((won.estimate - wins as f64 / players as f64).abs() < 1e-12);
    assert!(stats.usual > 0.0 && stats.usual < 1.0, "{}", stats.usual);

    // the table says what its numbers count, and fits a screen
    let text = render(&s, 40);
    assert!(text.contains("won by"), "{text}");
    assert!(text.contains("players: games in which a player played the card"), "{text}");
    assert!(text.contains("bot") && text.contains("hunter") && text.contains("random"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "fits 80 columns: {line:?}");
    }
    let rare = s.cards.values().any(|c| c.players < RATED_FROM);
    assert_eq!(rare, text.contains("too few players to rate"), "{text}");

    // the JSON: bots as a list of {bot, games, wins}
    let json = serde_json::to_value(&s).unwrap();
    let first = &json["bots"][0];
    assert!(first["bot"].is_string() && first["games"].is_u64() && first["wins"].is_u64(), "{json}");
}
