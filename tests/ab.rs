//! `wizwar ab`: a card against a variant of it, over the same games (issue 41, item 4).

mod common;

use std::path::PathBuf;
use wizwar::sim::{Bots, Cap, SimConfig};

fn config(games: u64) -> SimConfig {
    SimConfig {
        root: PathBuf::from("."),
        ruleset: "8th".into(),
        players: vec![2],
        games,
        seed: 1,
        cap: Cap::Rounds(30),
        bots: vec![Bots::Hunter],
        search: wizwar::search::Budget::default(),
        options: vec![],
        variants: vec![],
        jobs: 2,
        profile: false,
        profile_scripts: false,
        shard: None,
    }
}

/// The shipped Fireball with its damage changed, in a file of its own: the file, and its
/// folder (removed when dropped).
fn fireball_dealing(damage: u32) -> (PathBuf, common::TempDir) {
    let shipped = std::fs::read_to_string("cards/8th/elemental/fireball.lua").unwrap();
    let changed = shipped.replace("ctx:damage(ctx.target, 5,", &format!("ctx:damage(ctx.target, {damage},"));
    assert!(damage == 5 || changed != shipped, "the damage line is where the test expects it");
    let dir = common::temp_dir("ab");
    let file = dir.join(format!("fireball_{damage}.lua"));
    std::fs::write(&file, changed).unwrap();
    (file, dir)
}

#[test]
fn a_fireball_dealing_ten_lifts_its_players_beyond_chance() {
    let (variant, _dir) = fireball_dealing(10);
    let report = wizwar::ab::run(&config(800), "Fireball", variant).unwrap();
    let d = report.difference;
    assert!(d.estimate > 0.0 && d.low > 0.0, "B - A excludes 0 on the positive side: {d:?}\n{report:?}");
    assert_eq!(report.a.players, report.b.players, "the same holders on both sides");
    assert!(report.a.players >= 100, "enough holders: {}", report.a.players);
    let json = serde_json::to_value(&report).unwrap();
    for side in ["a", "b", "difference"] {
        for field in ["estimate", "low", "high"] {
            let v = json[side][field].as_f64().unwrap_or(-1.0);
            assert!((-1.0..=1.0).contains(&v), "{side}.{field} is a fraction: {json}");
        }
    }
    let shown = wizwar::ab::render(&report);
    assert!(shown.contains("In B, the players of Fireball win more often"), "{shown}");
    // (the variant's path, in a temporary folder, makes the first sentence longer than a screen)
    assert!(shown.contains(&report.variant), "the variant's path whole: {shown}");
    common::assert_fits_80_columns("ab", &shown);
}

#[test]
fn an_identical_variant_differs_by_nothing() {
    let (variant, _dir) = fireball_dealing(5);
    let report = wizwar::ab::run(&config(200), "fireball", variant).unwrap();
    let d = report.difference;
    assert!(d.low <= 0.0 && 0.0 <= d.high, "{d:?}");
    assert_eq!(report.a.wins, report.b.wins, "the same games");
    assert!(wizwar::ab::render(&report).contains("No difference"));
}

#[test]
fn a_bad_card_or_variant_is_named() {
    let (variant, _dir) = fireball_dealing(5);
    let err = wizwar::ab::run(&config(2), "Fireboll", variant.clone()).unwrap_err();
    assert!(err.contains("no card named `Fireboll`"), "{err}");
    let broken = variant.with_file_name("broken.lua");
    std::fs::write(&broken, "return card {\n  name = \"Fireball\",\n  kind = \n").unwrap();
    let err = wizwar::ab::run(&config(2), "Fireball", broken.clone()).unwrap_err();
    assert!(err.contains(&format!("{}:", broken.display())), "names the variant file: {err}");
}

/// A house rule against its base (`--variant-ruleset`): the 8th's blitz (less life) shortens
/// the same games; a ruleset against itself differs by nothing. Without a card, a table of one
/// kind of bot compares the first seat, a mixed table the first kind's seats.
#[test]
fn a_house_rule_against_its_base() {
    use wizwar::ab::{compare, render, Change};
    let blitz = compare(&config(60), &Change::Ruleset("8th-blitz".into()), None).unwrap();
    assert_eq!(blitz.subject, "the first seat (seat 0)");
    assert_eq!((blitz.a.players, blitz.b.players), (60, 60), "seat 0 of every game");
    assert!(blitz.b.mean_turns < blitz.a.mean_turns, "less life, shorter games: {blitz:?}");
    assert!(render(&blitz).contains("A under 8th, B under 8th-blitz.\nCompared: the first seat"), "{}", render(&blitz));
    let itself = compare(&config(40), &Change::Ruleset("8th".into()), None).unwrap();
    assert_eq!((itself.difference.low, itself.difference.high), (0.0, 0.0));
    let mixed = SimConfig { bots: vec![Bots::Aggressive, Bots::Hunter], ..config(20) };
    let by_bot = compare(&mixed, &Change::Ruleset("8th-blitz".into()), Some("Fireball")).unwrap();
    assert_eq!(by_bot.subject, "the players of Fireball", "a card named: its players");
    let by_bot = compare(&mixed, &Change::Ruleset("8th-blitz".into()), None).unwrap();
    assert_eq!((by_bot.subject.as_str(), by_bot.a.players), ("the aggressive bots", 20));
    let err = compare(&config(2), &Change::Ruleset("8th-blitz".into()), Some("Fireboll")).unwrap_err();
    assert!(err.contains("no card named `Fireboll`"), "{err}");
}
