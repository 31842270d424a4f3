//! The classic ruleset (rulesets/classic) and its cards (cards/classic): setup, the turn, and
//! the same seed through both the 8th and the classic rulesets, in a copy of the project's
//! rulesets and cards made in a temporary folder (the classic boards use the 8th edition's
//! sector files). The rulebook's examples are scenario files (tests/scenarios/classic/, run by
//! tests/cards.rs); the thousand bot games are in tests/soak.rs.

mod common;

use common::copy_dir;
use std::path::{Path, PathBuf};
use wizwar::decision::{Agent, Decision, HunterAgent, RandomAgent, Request, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::value::Value;

/// A fresh copy of both rulesets and their cards only (the decks of real games).
fn plain_root() -> common::TempDir {
    let root = common::temp_dir("classic");
    for r in ["classic", "8th"] {
        copy_dir(&Path::new("rulesets").join(r), &root.join("rulesets").join(r));
        copy_dir(&Path::new("cards").join(r), &root.join("cards").join(r));
    }
    copy_dir(Path::new("cards/lib"), &root.join("cards/lib"));
    copy_dir(Path::new("rulesets/mechanics"), &root.join("rulesets/mechanics"));
    root
}

fn setup(ruleset: &str, seed: u64, players: usize) -> GameSetup {
    GameSetup { ruleset: ruleset.into(), players, seed, options: vec![], names: vec![] }
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

fn lua(e: &Engine, code: &str) -> String {
    e.eval_lua(code).unwrap_or_else(|m| panic!("{m}\n{code}"))
}

#[test]
fn setup_deals_seven_cards_without_traps_and_the_highest_d4_goes_first() {
    let root = plain_root();
    for players in 2..=4 {
        for seed in 0..6u64 {
            let e = Engine::new(&root, &setup("classic", seed, players), Box::new(Passer)).unwrap();
            e.with_state(|st| {
                for p in &st.players {
                    assert_eq!(p.hand.len(), 7, "seven cards dealt");
                    assert_eq!(p.life, 15);
                    assert_eq!(st.seat_at(p.id), Some(st.board.home(p.home_sector)), "wizard on his home base");
                    let treasures =
                        st.objects.values().filter(|o| o.kind == "treasure" && o.owner == Some(p.id)).count();
                    assert_eq!(treasures, 2);
                }
                st.check_card_places().unwrap();
            });
            let traps = lua(
                &e,
                "local n = 0 for _, pl in ipairs(game:players()) do for _, c in ipairs(game:hand(pl.id)) do \
                 if game:card(c).kind == 'trap' then n = n + 1 end end end return n",
            );
            assert_eq!(traps, "0", "a TRAP! dealt is replaced");
            // Replay the d4 rolls of setup: the highest goes first, ties roll again.
            let rolls: Vec<i64> = e
                .log()
                .iter()
                .take_while(|l| l.event != "game_start")
                .filter(|l| l.event == "roll" && l.data.get("sides").and_then(Value::as_int) == Some(4))
                .map(|l| l.data.get("result").and_then(Value::as_int).unwrap())
                .collect();
            let mut rolling: Vec<u32> = (0..players as u32).collect();
            let mut it = rolls.into_iter();
            while rolling.len() > 1 {
                let round: Vec<(u32, i64)> = rolling.iter().map(|&p| (p, it.next().expect("a roll"))).collect();
                let best = round.iter().map(|r| r.1).max().unwrap();
                rolling = round.into_iter().filter(|r| r.1 == best).map(|r| r.0).collect();
            }
            assert_eq!(e.with_state(|st| st.turn.active), rolling[0], "seed {seed}, {players} players");
        }
    }
}

#[test]
fn the_deck_has_the_number_cards_of_the_rulebook() {
    let root = plain_root();
    let e = Engine::new(&root, &setup("classic", 3, 2), Box::new(Passer)).unwrap();
    let counts = lua(
        &e,
        "local n = {} for i = 2, 6 do n[i] = 0 end \
         local function see(c) local card = game:card(c) if card.kind == 'number' then \
         n[card.energy_value] = n[card.energy_value] + 1 end end \
         for _, c in ipairs(game:pile('deck')) do see(c) end \
         for _, pl in ipairs(game:players()) do for _, c in ipairs(game:hand(pl.id)) do see(c) end end \
         return n[2] .. ' ' .. n[3] .. ' ' .. n[4] .. ' ' .. n[5] .. ' ' .. n[6]",
    );
    assert_eq!(counts, "\"12 10 7 4 1\"");
}

/// Three players: player 1's treasures both on player 0's and player 2's bases.
fn three_player_treasure_position(kill_two: bool) -> Engine {
    let root = plain_root();
    let e = Engine::new(&root, &setup("classic", 4, 3), Box::new(Passer)).unwrap();
    let code = format!(
        "local mine = {{}} for _, o in ipairs(game:objects()) do if o.kind == 'treasure' and o.owner == 1 then \
         mine[#mine + 1] = o.id end end \
         game:set_object(mine[1], {{ at = game:home(game:player(0).home_sector) }}) \
         game:set_object(mine[2], {{ at = game:home(game:player(2).home_sector) }}) \
         if {kill_two} then game:set_alive(2, false) end"
    );
    lua(&e, &code);
    e.call_rules("check_victory", vec![]).unwrap();
    e
}

#[test]
fn both_treasures_on_other_living_bases_put_a_player_out() {
    let e = three_player_treasure_position(false);
    e.with_state(|st| {
        assert!(!st.players[1].alive, "player 1 is out");
        assert!(st.players[0].alive && st.players[2].alive);
        assert!(st.result.is_none(), "two players are left: no winner yet");
        assert!(st.players[1].hand.is_empty(), "his cards are discarded");
        st.check_card_places().unwrap();
    });
}

#[test]
fn a_dead_players_base_no_longer_counts() {
    let e = three_player_treasure_position(true);
    e.with_state(|st| assert!(st.players[1].alive, "one of the bases is a dead player's"));
}

/// classic, Cards and Actions that Change the Map: a wall created on the seam between two
/// sectors stays with one of them, 50/50, when one is rotated.
#[test]
fn a_created_seam_wall_follows_a_fifty_fifty_roll_when_a_sector_turns() {
    // The test-only Test Turn card of the classic scenarios.
    let cards = [PathBuf::from("tests/scenarios/classic/cards")];
    let (mut stayed, mut moved) = (0, 0);
    for seed in 0..24u64 {
        let e = Engine::with_cards(Path::new("."), &setup("classic", seed, 2), Box::new(Passer), &cards).unwrap();
        let out = lua(
            &e,
            "local seam for y = 0, 4 do local s = game:sector_of({ x = 4, y = y }) \
             local info = game:edge({ x = 4, y = y, side = 'E' }) \
             if not seam and info.barrier == 'open' and game:sector_of({ x = 5, y = y }) ~= s then seam = info.edge end end \
             local c = game:new_card('Test Turn', { kind = 'pile', pile = 'discard' }) \
             game:create_barrier(seam, false, c) \
             game:call_card(c, 'resolve', { caster = 0, controller = 0 }) \
             local here = game:edge(seam) \
             local n = 0 for _, s in ipairs(game:squares()) do for _, d in ipairs({ 'N', 'E', 'S', 'W' }) do \
             local i = game:edge({ x = s.x, y = s.y, side = d }) if i.created_by == c then n = n + 1 end end end \
             return tostring(here.created_by == c) .. ' ' .. n",
        );
        // The wall is at its old place, or on the turned sector's rim (seen from one square
        // or two): never gone, never doubled.
        assert!(["\"true 2\"", "\"false 1\"", "\"false 2\""].contains(&out.as_str()), "seed {seed}: {out}");
        if out.contains("true") {
            stayed += 1
        } else {
            moved += 1
        }
    }
    assert!(stayed > 0 && moved > 0, "stayed {stayed}, moved {moved}");
}

fn play(root: &Path, ruleset: &str, seed: u64, players: usize, cap: u64) -> (Outcome, String, Engine) {
    let e = Engine::new(root, &setup(ruleset, seed, players), bots(seed, players)).unwrap();
    let out = e.run(Some(cap));
    let log = serde_json::to_string(&e.log()).unwrap();
    (out, log, e)
}

fn assert_clean(e: &Engine, what: &str) {
    let errors: Vec<Value> = e.log().into_iter().filter(|l| l.event == "error").map(|l| l.data).collect();
    assert!(errors.is_empty(), "{what}: script errors {errors:?}");
    e.with_state(|st| st.check_card_places()).unwrap_or_else(|m| panic!("{what}: {m}"));
    e.with_state(|st| {
        assert!(st.stack.is_empty(), "{what}: the stack is empty between actions");
        for p in &st.players {
            if p.alive {
                assert!(p.life > 0, "{what}: a living wizard has life");
            }
        }
    });
}

#[test]
fn the_same_seed_gives_the_same_log() {
    let root = plain_root();
    let a = play(&root, "classic", 11, 3, 60).1;
    let b = play(&root, "classic", 11, 3, 60).1;
    assert_eq!(a, b);
    assert_ne!(a, play(&root, "classic", 12, 3, 60).1);
}

/// Hunters: bots that attack whenever they can and otherwise close in, so that duels end.
fn aggro(seed: u64, players: usize) -> Box<dyn Agent> {
    Box::new(Seats {
        agents: (0..players).map(|i| Box::new(HunterAgent::new(seed * 10 + i as u64)) as Box<dyn Agent>).collect(),
    })
}

fn hand_counts(e: &Engine) -> Vec<(usize, i64)> {
    let out = lua(
        e,
        "local common = require('rules.common') local out = {} \
         for _, pl in ipairs(game:players()) do if pl.alive then \
         out[#out + 1] = pl.id .. ':' .. common.hand_count(game, pl.id) end end \
         return table.concat(out, ' ')",
    );
    out.trim_matches('"')
        .split_whitespace()
        .map(|pair| {
            let (p, n) = pair.split_once(':').unwrap();
            (p.parse().unwrap(), n.parse().unwrap())
        })
        .collect()
}

#[test]
fn the_same_seeds_run_through_both_rulesets_each_with_its_own_rules() {
    // No Rust changes between editions: the same engine, seeds and bots play 8th and classic,
    // and each game keeps its own ruleset's numbers: 5 cards dealt in the 8th, 7 in classic;
    // never more than 7 in hand between turns; life capped at 20 in the 8th only.
    let root = plain_root();
    for seed in [7u64, 19] {
        for players in 2..=4 {
            for (ruleset, dealt, life_cap) in [("8th", 5, Some(20)), ("classic", 7, None)] {
                let what = format!("{ruleset}, seed {seed}, {players} players");
                let e = Engine::new(&root, &setup(ruleset, seed, players), aggro(seed, players)).unwrap();
                assert_eq!(e.state().ruleset, ruleset);
                assert!(e.card_defs().all(|d| d.key.starts_with(&format!("{ruleset}/"))), "{what}: its own cards only");
                e.with_state(|st| {
                    assert_eq!(st.players.len(), players);
                    // (the 8th's school decks may run short for a fourth player: at most 5)
                    let most = st.players.iter().map(|p| p.hand.len()).max();
                    assert_eq!(most, Some(dealt), "{what}: cards dealt");
                    assert!(st.players.iter().all(|p| p.life == 15), "{what}: starting life");
                });
                for turn in 1..=80u64 {
                    let out = e.run(Some(turn));
                    for (p, n) in hand_counts(&e) {
                        assert!(n <= 7, "{what}, turn {turn}: player {p} holds {n} cards");
                    }
                    e.with_state(|st| {
                        for p in st.players.iter().filter(|p| p.alive) {
                            if let Some(cap) = life_cap {
                                assert!(p.life <= cap, "{what}, turn {turn}: life {} over {cap}", p.life);
                            }
                        }
                    });
                    match out {
                        Outcome::TurnLimit => {}
                        Outcome::Over(_) => break,
                        other => panic!("{what}: {other:?}"),
                    }
                }
                assert_clean(&e, &what);
            }
        }
    }
}

#[test]
fn play_runs_a_classic_game_from_the_command_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
        .args(["play", "--ruleset", "classic", "--players", "3", "--seed", "4", "--turns", "30", "--quiet"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    for w in ["A", "B", "C"] {
        assert!(text.contains(&format!("\n  {w}  ")), "each wizard's line, by his letter: {text}");
    }
    assert!(text.contains("turn limit (30 turns)") || text.contains("Game over"), "{text}");
}

/// classic, the card list: five blank cards for the players' own spells. A designer's card
/// files (cards/classic/custom/) fill them in key order, five copies at most; the printed
/// cards all stay; and a designer's card is dealt and played like any other in bot games.
#[test]
fn designers_cards_fill_the_five_blank_places() {
    let root = plain_root();
    let custom = root.join("cards/classic/custom");
    let card = |name: &str| {
        format!(
            "-- a test designer's card\nreturn card {{\n  name = \"{name}\",\n  kind = \"neutral\",\n  range = \"self\",\n  \
             duration = \"instant\",\n  copies = 2,\n  text = \"Nothing.\",\n  resolve = function(ctx) end,\n  \
             tests = {{ {{ \"is a card\", function(t) t:ok(true) end }} }},\n}}\n"
        )
    };
    for (file, name) in [("a_first.lua", "Alpha"), ("b_second.lua", "Beta"), ("c_third.lua", "Gamma")] {
        std::fs::write(custom.join(file), card(name)).unwrap();
    }
    let e = Engine::new(&root, &setup("classic", 1, 2), Box::new(Passer)).unwrap();
    let count = |key: &str| e.with_state(|st| st.cards.iter().filter(|c| &*c.def == key).count());
    assert_eq!(count("classic/custom/a_first"), 2);
    assert_eq!(count("classic/custom/b_second"), 2);
    assert_eq!(count("classic/custom/c_third"), 1, "the fifth blank place is the last");
    assert_eq!(count("classic/custom/second_wind"), 0, "no place left for the shipped example");
    let printed: usize = e.with_state(|st| st.cards.iter().filter(|c| !c.def.starts_with("classic/custom/")).count());
    let plain = Engine::new(&plain_root(), &setup("classic", 1, 2), Box::new(Passer)).unwrap();
    let printed_plain: usize =
        plain.with_state(|st| st.cards.iter().filter(|c| !c.def.starts_with("classic/custom/")).count());
    assert_eq!(printed, printed_plain, "every printed card stays in the deck");
    let slots = e.with_state(|st| st.vars.get("blank_slots").cloned()).unwrap();
    // (a key for each blank place a copy takes)
    let want = [
        "classic/custom/a_first",
        "classic/custom/a_first",
        "classic/custom/b_second",
        "classic/custom/b_second",
        "classic/custom/c_third",
    ];
    assert_eq!(slots, Value::List(want.iter().map(|k| Value::Str(k.to_string())).collect()));
    std::fs::remove_dir_all(&root).ok();
}

/// classic, the card list: 125 printed cards of 74 kinds (the blank ones aside), all dealt
/// into the one deck.
#[test]
fn the_deck_holds_the_125_printed_cards() {
    let e = Engine::new(Path::new("."), &setup("classic", 1, 2), Box::new(Passer)).unwrap();
    let printed: Vec<String> = e.with_state(|st| {
        st.cards.iter().filter(|c| !c.def.starts_with("classic/custom/")).map(|c| c.def.to_string()).collect()
    });
    assert_eq!(printed.len(), 125);
    let kinds: std::collections::BTreeSet<&String> = printed.iter().collect();
    assert_eq!(kinds.len(), 74);
}
