//! The 8th-edition ruleset (rulesets/8th) and its cards (cards/8th): setup, decks, the turn,
//! determinism. The rulebook's scenarios are Lua files of their own kind
//! (tests/scenarios/8th/, run by tests/cards.rs); the thousand bot games are in tests/soak.rs.

mod common;

use common::copy_dir;
use std::path::Path;
use wizwar::decision::{Agent, Decision, RandomAgent, Request, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::value::Value;

/// A fresh copy of the 8th ruleset (and the mechanics it extends) and its cards, for tests
/// that change them.
fn temp_root() -> common::TempDir {
    let root = common::temp_dir("8th");
    copy_dir(Path::new("rulesets/8th"), &root.join("rulesets/8th"));
    copy_dir(Path::new("rulesets/mechanics"), &root.join("rulesets/mechanics"));
    copy_dir(Path::new("cards/8th"), &root.join("cards/8th"));
    copy_dir(Path::new("cards/lib"), &root.join("cards/lib"));
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

/// The White Cantrip deck (shared/data/cards_8th.md, "Cantrip (12 distinct cards)"; a school's
/// deck is 24 cards, docs/editions.md): two copies of each of its twelve cards, as
/// `decks.card_list` builds it from the project's cards.
#[test]
fn the_cantrip_deck_holds_its_twelve_cards_twice() {
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
    let want = Value::List(want.iter().flat_map(|n| [Value::Str(n.to_string()), Value::Str(n.to_string())]).collect());
    assert_eq!(names, vec![Ok(want)]);
}

#[test]
fn setup_deals_hands_places_wizards_and_treasures() {
    // With the Elemental school chosen the deck holds enough cards for four hands while the
    // other schools are still to be written (issue: the 8th edition complete).
    let with_elemental =
        |players| GameSetup { options: vec![("school_elemental".into(), Value::Bool(true))], ..setup(5, players) };
    for players in 2..=4 {
        let e = Engine::new(Path::new("."), &with_elemental(players), Box::new(Passer)).unwrap();
        e.with_state(|st| {
            for p in &st.players {
                assert_eq!(p.hand.len(), 5, "five cards dealt");
                assert_eq!(p.life, 15);
                assert_eq!(st.seat_at(p.id), Some(st.board.home(p.home_sector)), "wizard on his home base");
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
    let options = e.pending_actions().unwrap();
    let kinds: Vec<&str> = options.iter().filter_map(|c| c.value.get("kind").and_then(|k| k.as_str())).collect();
    let labels: Vec<&str> = options.iter().map(|c| c.label.as_str()).collect();
    assert!(kinds.contains(&"move"), "{labels:?}");
    assert!(!kinds.contains(&"punch") && !kinds.contains(&"throw"), "no attack: {labels:?}");
    let attack_cast = options.iter().any(|c| {
        let card = c.value.get("card").and_then(|v| v.as_int());
        c.value.get("kind").and_then(|k| k.as_str()) == Some("cast")
            && card.is_some_and(|id| {
                e.state()
                    .card(id as u32)
                    .is_some_and(|ci| e.card_defs().any(|d| *d.key == *ci.def && d.kind == "attack"))
            })
    });
    assert!(!attack_cast, "no attack spell on the first turn: {labels:?}");
    assert_eq!(options.last().and_then(|c| c.value.get("kind")).and_then(|k| k.as_str()), Some("end"));
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

/// The setup's own questions (8th: Optional Rules, Custom Spellbook: the groups draft their
/// schools) wait like any other: the engine is made at the first one, each answer takes the
/// setup further, and answering them one at a time gives the game that answering them at once
/// gives, byte for byte.
#[test]
fn the_custom_spellbook_draft_waits_for_the_players() {
    let mut s = setup(5, 2);
    s.options = vec![("custom_spellbook".into(), Value::Bool(true))];
    let picks = ["thaumaturgy", "elemental", "alchemy", "mutation", "mentalism"];
    let queue = std::rc::Rc::new(std::cell::RefCell::new(wizwar::decision::QueueAgent::default()));
    struct Stepper(std::rc::Rc<std::cell::RefCell<wizwar::decision::QueueAgent>>);
    impl Agent for Stepper {
        fn decide(&mut self, req: &Request) -> Decision {
            self.0.borrow_mut().decide(req)
        }
    }
    let e = Engine::new(Path::new("."), &s, Box::new(Stepper(queue.clone()))).unwrap();
    for (i, pick) in picks.iter().enumerate() {
        match e.run(Some(1)) {
            Outcome::Suspended(req) => {
                assert_eq!(req.kind, "draft_school");
                assert_eq!(req.player, (i % 2) as u32, "the groups' first seats pick in turn");
                assert_eq!(req.options.len(), 6 - i, "a school is drafted once");
            }
            other => panic!("pick {i}: expected the draft to wait, got {other:?}"),
        }
        assert!(!e.with_state(|st| st.set_up), "no game before the draft is done");
        queue.borrow_mut().answers.push(vec![pick.to_string()]);
    }
    e.run_until_action(Some(1));
    let groups = e.with_state(|st| st.vars.get("group_schools").cloned()).unwrap();
    let list = |names: [&str; 4]| Value::List(names.iter().map(|n| Value::Str(n.to_string())).collect());
    let want = Value::List(vec![
        list(["cantrip", "thaumaturgy", "alchemy", "mentalism"]),
        // (the school left goes to the second group without a question)
        list(["cantrip", "elemental", "mutation", "conjuring"]),
    ]);
    assert_eq!(groups, want, "each group: its cantrip school, then its picks in order");
    let all_at_once =
        wizwar::decision::QueueAgent { answers: picks.iter().map(|p| vec![p.to_string()]).collect(), cursor: 0 };
    let f = Engine::new(Path::new("."), &s, Box::new(all_at_once)).unwrap();
    f.run_until_action(Some(1));
    assert_eq!(e.state(), f.state(), "the same answers, the same game");
}

/// 8th: seven schools of 24 cards (docs/editions.md): every school's deck, its own cards and
/// those it borrows, holds 24; a standard game deals from 96 (Cantrip and three schools).
#[test]
fn every_school_deck_holds_24_cards() {
    let e = Engine::new(Path::new("."), &setup(1, 2), Box::new(Passer)).unwrap();
    for school in ["cantrip", "alchemy", "conjuring", "elemental", "mentalism", "mutation", "thaumaturgy"] {
        let n =
            e.eval_lua_values(&format!("return #require('rules.decks').card_list(game, {{ '{school}' }})")).unwrap();
        assert_eq!(n, vec![Ok(Value::Int(24))], "the {school} deck");
    }
    let dealt = e.with_state(|st| st.cards.len());
    assert_eq!(dealt, 96, "Cantrip and three schools");
}
