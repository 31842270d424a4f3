//! The 8th-edition ruleset (rulesets/8th) and its cards (cards/8th): setup, the turn, the
//! scenarios of the rulebook. (The thousand bot games are in tests/soak.rs.)
//!
//! Most scenarios are written in Lua with the card-test harness, in a test-only card file
//! (tests/fixtures/rules_8th/scenarios.lua). They run in a copy of the project's ruleset and
//! cards made in a temporary folder, with a filler card so that the deck can deal full hands.

mod common;

use common::copy_dir;
use std::path::{Path, PathBuf};
use wizwar::decision::{Agent, Decision, RandomAgent, Request, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::value::Value;

/// A fresh copy of the 8th ruleset and cards, plus the test-only cards of the fixture folder.
fn temp_root() -> PathBuf {
    let root = common::temp_dir("8th");
    copy_dir(Path::new("rulesets/8th"), &root.join("rulesets/8th"));
    copy_dir(Path::new("rulesets/mechanics"), &root.join("rulesets/mechanics"));
    copy_dir(Path::new("cards/8th"), &root.join("cards/8th"));
    if Path::new("cards/lib").is_dir() {
        copy_dir(Path::new("cards/lib"), &root.join("cards/lib"));
    }
    copy_dir(Path::new("tests/fixtures/rules_8th"), &root.join("cards/8th/test"));
    // The ruleset's [config.copies] table is its last: twenty fillers in the deck.
    let toml = root.join("rulesets/8th/ruleset.toml");
    let mut text = std::fs::read_to_string(&toml).unwrap();
    text.push_str("\n\"8th/test/filler\" = 20\n");
    std::fs::write(&toml, text).unwrap();
    root
}

fn setup(seed: u64, players: usize) -> GameSetup {
    GameSetup { ruleset: "8th".into(), players, seed, options: vec![], names: vec![] }
}

/// Answers "pass" where a request has one, else the first option.
struct Passer;
impl Agent for Passer {
    fn decide(&mut self, req: &Request) -> Decision {
        Decision::Answer(vec![req.pass.clone().unwrap_or_else(|| req.options[0].key.clone())])
    }
}

fn bots(seed: u64, players: usize) -> Box<dyn Agent> {
    Box::new(Seats {
        agents: (0..players).map(|i| Box::new(RandomAgent::new(seed * 10 + i as u64)) as Box<dyn Agent>).collect(),
    })
}

/// The White Cantrip deck (shared/data/cards_8th.md, "Cantrip (12 distinct cards)"): one copy
/// of each of its twelve cards, as `decks.card_list` builds it from the project's cards.
#[test]
fn the_cantrip_deck_holds_its_twelve_cards() {
    let e = Engine::new(Path::new("."), &setup(1, 2), Box::new(Passer)).unwrap();
    let names = e
        .eval_lua_values(
            "local out = {} \
             for _, k in ipairs(require('rules.decks').card_list(game, { 'cantrip' })) do \
               out[#out + 1] = game:card_def(k).name \
             end \
             table.sort(out) \
             return out",
        )
        .unwrap();
    let want = [
        "Around the Corner",
        "Create Wall",
        "Destroy Wall",
        "Dispel",
        "Drop Object",
        "Energy 6",
        "Full Shield",
        "Large Rock",
        "Negate Neutral",
        "Pick Lock",
        "Rotate Sector",
        "Zot!",
    ];
    let want = Value::List(want.iter().map(|n| Value::Str(n.to_string())).collect());
    assert_eq!(names, vec![Ok(want)]);
}

#[test]
fn rulebook_scenarios_pass() {
    let root = temp_root();
    let results = wizwar::testing::run_card_tests(&root, "8th", Some("scenarios")).unwrap();
    // scenarios.lua, scenarios_examples.lua (the rulebook's worked examples), scenarios_rules.lua
    assert!(results.len() >= 40, "{results:?}");
    let failed: Vec<_> = results.iter().filter(|r| !r.passed).collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

/// A copy of the ruleset with some optional rules on by default, and the option scenarios.
fn root_with_options(on: &[&str]) -> PathBuf {
    let root = temp_root();
    copy_dir(Path::new("tests/fixtures/rules_8th_options"), &root.join("cards/8th/options"));
    let toml = root.join("rulesets/8th/ruleset.toml");
    let mut text = std::fs::read_to_string(&toml).unwrap();
    for name in on {
        let from = format!("name = \"{name}\"\n");
        assert!(text.contains(&from), "no option {name}");
        text = text.replace(&from, &format!("{from}default = true\n"));
    }
    std::fs::write(&toml, text).unwrap();
    root
}

fn assert_all_pass(root: &Path, filter: &str, at_least: usize) {
    let results = wizwar::testing::run_card_tests(root, "8th", Some(filter)).unwrap();
    assert!(results.len() >= at_least, "{results:?}");
    let failed: Vec<_> = results.iter().filter(|r| !r.passed).collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn optional_rules_extended_play_heavy_items_uncluttered_minds() {
    let root = root_with_options(&["extended_play", "heavy_items", "uncluttered_minds"]);
    assert_all_pass(&root, "Options A", 3);
}

#[test]
fn optional_rules_treasure_hunters_deadly_treasures() {
    let root = root_with_options(&["treasure_hunters", "deadly_treasures"]);
    assert_all_pass(&root, "Options B", 2);
}

#[test]
fn optional_rules_permanent_creations_custom_spellbook() {
    let root = root_with_options(&["permanent_creations", "custom_spellbook"]);
    assert_all_pass(&root, "Options C", 4);
}

#[test]
fn optional_rules_giant_book_of_spells() {
    let root = root_with_options(&["giant_book_of_spells"]);
    assert_all_pass(&root, "Options D", 1);
}

#[test]
fn chosen_schools_build_the_deck() {
    let root = root_with_options(&["school_alchemy", "school_elemental", "school_mentalism"]);
    assert_all_pass(&root, "Options E", 2);
}

#[test]
fn setup_deals_hands_places_wizards_and_treasures() {
    let root = temp_root();
    for players in 2..=4 {
        let e = Engine::new(&root, &setup(5, players), Box::new(Passer)).unwrap();
        e.with_state(|st| {
            for p in &st.players {
                assert_eq!(p.hand.len(), 5, "five cards dealt");
                assert_eq!(p.life, 15);
                assert_eq!(p.at, Some(st.board.home(p.home_sector)), "wizard on his home base");
                let treasures: Vec<_> =
                    st.objects.values().filter(|o| o.kind == "treasure" && o.owner == Some(p.id)).collect();
                assert_eq!(treasures.len(), 2);
                let starts = st.board.treasure_starts(p.home_sector);
                for t in treasures {
                    let at = match t.at {
                        Some(wizwar::geometry::Place::Square(s)) => s,
                        other => panic!("treasure not on a square: {other:?}"),
                    };
                    assert!(starts.contains(&at), "treasure on a treasure start square");
                }
            }
            st.check_card_places().unwrap();
        });
    }
}

#[test]
fn setup_works_with_no_cards_at_all() {
    let root = temp_root();
    std::fs::remove_dir_all(root.join("cards/8th")).unwrap();
    std::fs::create_dir_all(root.join("cards/8th")).unwrap();
    let e = Engine::new(&root, &setup(1, 2), bots(1, 2)).unwrap();
    assert!(matches!(e.run(Some(20)), Outcome::TurnLimit | Outcome::Over(_)));
    e.with_state(|st| assert!(st.players.iter().all(|p| p.hand.is_empty())));
}

#[test]
fn the_first_turn_allows_no_attack() {
    let root = temp_root();
    let e = Engine::new(&root, &setup(2, 2), Box::new(Passer)).unwrap();
    assert!(e.run_until_action(Some(50)).is_none());
    let keys: Vec<String> = e.pending_actions().unwrap().into_iter().map(|c| c.key).collect();
    assert!(keys.iter().any(|k| k.starts_with("move ")), "{keys:?}");
    assert!(!keys.iter().any(|k| k.starts_with("punch") || k.contains("Zot!")), "{keys:?}");
    assert_eq!(keys.last().map(String::as_str), Some("end"));
}

fn play(root: &Path, seed: u64, players: usize, cap: u64) -> (Outcome, String, Engine) {
    let e = Engine::new(root, &setup(seed, players), bots(seed, players)).unwrap();
    let out = e.run(Some(cap));
    let log = serde_json::to_string(&e.log()).unwrap();
    (out, log, e)
}

#[test]
fn the_same_seed_gives_the_same_log() {
    let root = temp_root();
    let a = play(&root, 11, 3, 60).1;
    let b = play(&root, 11, 3, 60).1;
    assert_eq!(a, b);
    assert_ne!(a, play(&root, 12, 3, 60).1);
}
