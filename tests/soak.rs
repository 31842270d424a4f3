//! The soak: hundreds of bot games of each edition, with fixed seeds, must finish without a
//! panic or a script error, each with a winner or at the turn cap, keeping every invariant
//! after every event (tests/common: each card in one place, the kernel's data consistent, life
//! within bounds, no created object on a home base; and one treasure at a time, a rule of both
//! editions) and, at each turn's start, an empty stack and life in every living wizard.
//!
//! Half the games are played by random bots, which wander everywhere the rules allow; the
//! other half by hunters (bots that attack whenever they can and otherwise close in on an
//! enemy), so that kills, deaths, taken hands and victories happen under the same checks.
//! Half the games of each kind also switch on a seeded random set of the ruleset's optional
//! rules, and player counts run from two to four (to six in the 9th), so that options meet each other and every
//! table size under the same checks. Games run on two threads.
//!
//! CI plays 400 games of the 8th and of classic, 200 of the 9th and 80 of blitz (about a
//! minute). A deeper soak, before a release or after a kernel change:
//! `WIZWAR_SOAK_GAMES=5000 cargo test --test soak` (the others scale with it).

mod common;

use common::{check_invariants, LifeRules};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::Path;
use std::rc::Rc;
use wizwar::decision::{Agent, HunterAgent, RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::ruleset::Ruleset;
use wizwar::value::Value;

/// Games of the 8th and of classic; `WIZWAR_SOAK_GAMES` plays more (or fewer).
fn games() -> u64 {
    std::env::var("WIZWAR_SOAK_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(400)
}
/// Random bots wander to this cap; hunters' games end long before theirs (30 turns on average).
const RANDOM_TURN_CAP: u64 = 30;
const HUNTERS_TURN_CAP: u64 = 100;

/// Odd seeds: hunters; even seeds: random bots.
fn agents(seed: u64, players: usize) -> Box<dyn Agent> {
    let one = |i: usize| -> Box<dyn Agent> {
        let bot_seed = seed * 10 + i as u64;
        if seed % 2 == 1 {
            Box::new(HunterAgent::new(bot_seed))
        } else {
            Box::new(RandomAgent::new(bot_seed))
        }
    };
    Box::new(Seats { agents: (0..players).map(one).collect() })
}

/// The optional rules game `seed` plays with: none for seeds 0 and 1 mod 4 (the rules as
/// printed), else each option of the ruleset on with a chance of one in three (a small seeded
/// generator, so a failing seed replays the same set). `draw` numbers the draws of one seed:
/// a set the ruleset refuses to start with (the 8th allows three chosen schools at most) is
/// drawn again.
fn options_for(seed: u64, draw: u64, names: &[String]) -> Vec<(String, Value)> {
    if seed % 4 < 2 {
        return vec![];
    }
    let mut x = (seed * 16 + draw).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    names.iter().filter(|_| next() % 3 == 0).map(|n| (n.clone(), Value::Bool(true))).collect()
}

/// How one game ended, or what went wrong in it.
type GameReport = Result<String, String>;

fn play_one(ruleset: &str, seed: u64, life: LifeRules, option_names: &[String], max_players: u64) -> GameReport {
    let players = 2 + (seed % (max_players - 1)) as usize;
    let mut draw = 0;
    let (e, named) = loop {
        let options = options_for(seed, draw, option_names);
        let named: Vec<&str> = options.iter().map(|(n, _)| n.as_str()).collect();
        let named = named.join(",");
        let setup = GameSetup { ruleset: ruleset.into(), players, seed, options, names: vec![] };
        match Engine::new(Path::new("."), &setup, agents(seed, players)) {
            Ok(e) => break (e, named),
            // (a refusal names the option it refuses; a broken setup fails every draw)
            Err(_) if draw < 8 && !named.is_empty() => draw += 1,
            Err(m) => return Err(format!("{m} (options: {named})")),
        }
    };
    let problems = Rc::new(RefCell::new(Vec::<String>::new()));
    let seen = problems.clone();
    e.set_observer(Some(Box::new(move |st, entry| {
        if !seen.borrow().is_empty() {
            return;
        }
        let mut check = check_invariants(st, life);
        if check.is_ok() {
            for p in st.players.iter().filter(|p| p.alive) {
                let carried =
                    st.objects.values().filter(|o| o.kind == "treasure" && o.carried_by == Some(p.id)).count();
                if carried > 1 {
                    check = Err(format!("player {} carries {carried} treasures", p.id));
                }
            }
        }
        if check.is_ok() && entry.event == "turn" {
            // A turn starts between actions: nothing is being played.
            if !st.stack.is_empty() {
                check = Err(format!("{} entries left on the stack", st.stack.len()));
            } else if let Some(p) = st.players.iter().find(|p| p.alive && p.life <= 0) {
                check = Err(format!("player {} is alive with {} life", p.id, p.life));
            }
        }
        if let Err(m) = check {
            seen.borrow_mut().push(format!("turn {}, at `{}`: {m}", entry.turn, entry.event));
        }
    })));
    let outcome = e.run(Some(if seed % 2 == 1 { HUNTERS_TURN_CAP } else { RANDOM_TURN_CAP }));
    e.set_observer(None);
    if let Some(p) = problems.borrow().first() {
        return Err(format!("{p} (options: {named})"));
    }
    if let Some(err) = e.log().iter().find(|l| l.event == "error") {
        return Err(format!("script error: {} (options: {named})", err.data));
    }
    match outcome {
        Outcome::Over(r) => {
            if let Some(w) = r.winner {
                // (a dead winner only when nobody is left: the 9th's "dies first", where of the
                // last two killed by one action the other one wins)
                if !e.with_state(|st| st.players[w as usize].alive || st.players.iter().all(|p| !p.alive)) {
                    return Err(format!("the winner, player {w}, is dead while others live"));
                }
            }
            Ok(r.reason)
        }
        Outcome::TurnLimit => Ok("turn cap".into()),
        other => Err(format!("{other:?}")),
    }
}

/// Plays `games` seeds on two threads, of 2 to `max_players` players; returns how the games
/// ended, by count.
fn soak(ruleset: &'static str, life: LifeRules, games: u64, max_players: u64) -> BTreeMap<String, u64> {
    let rules = Ruleset::load(Path::new("rulesets"), ruleset).unwrap();
    let option_names: Vec<String> = rules.file.options.iter().map(|o| o.name.clone()).collect();
    let option_names = &option_names;
    let results: Vec<(u64, GameReport)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2u64)
            .map(|w| {
                s.spawn(move || {
                    (0..games)
                        .filter(|seed| seed % 2 == w)
                        .map(|seed| {
                            let r =
                                std::panic::catch_unwind(|| play_one(ruleset, seed, life, option_names, max_players))
                                    .unwrap_or_else(|_| Err("panicked".into()));
                            (seed, r)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    let failures: Vec<String> =
        results.iter().filter_map(|(seed, r)| r.as_ref().err().map(|m| format!("seed {seed}: {m}"))).collect();
    assert!(failures.is_empty(), "{} of {games} {ruleset} games failed:\n{}", failures.len(), failures.join("\n"));
    let mut ends = BTreeMap::new();
    for (seed, r) in results {
        let bots = if seed % 2 == 1 { "hunters" } else { "random" };
        *ends.entry(format!("{bots}: {}", r.unwrap())).or_insert(0) += 1;
    }
    eprintln!("{ruleset}: {games} games, capped at {RANDOM_TURN_CAP} turns (random) or {HUNTERS_TURN_CAP} (hunters)");
    for (how, n) in &ends {
        eprintln!("  {n:>5}  {how}");
    }
    ends
}

/// Most hunters' games must end before their cap, so that the ends of games are soaked too.
fn assert_games_end(ends: &BTreeMap<String, u64>, games: u64) {
    let ended: u64 =
        ends.iter().filter(|(how, _)| how.starts_with("hunters") && !how.ends_with("turn cap")).map(|(_, n)| n).sum();
    assert!(ended >= games / 2 * 3 / 4, "only {ended} of {} hunters' games ended before the cap: {ends:?}", games / 2);
}

#[test]
fn the_8th_edition_games_keep_every_invariant() {
    assert_games_end(&soak("8th", LifeRules { cap: Some(20) }, games(), 4), games());
}

#[test]
fn classic_games_keep_every_invariant() {
    assert_games_end(&soak("classic", LifeRules { cap: None }, games(), 4), games());
}

/// A house-rule variant plays its parent's cards under its own numbers and options: fewer
/// games, the same checks.
#[test]
fn the_8th_blitz_variant_keeps_every_invariant() {
    assert_games_end(&soak("8th-blitz", LifeRules { cap: Some(20) }, games() / 5, 4), games() / 5);
}

/// The 9th: 2 to 6 players.
#[test]
fn the_9th_edition_games_keep_every_invariant() {
    assert_games_end(&soak("9th", LifeRules { cap: Some(20) }, games() / 2, 6), games() / 2);
}

#[test]
fn option_sets_are_seeded_and_varied() {
    let names: Vec<String> = ["a", "b", "c", "d", "e", "f"].iter().map(|s| s.to_string()).collect();
    assert!(options_for(0, 0, &names).is_empty() && options_for(5, 0, &names).is_empty(), "the printed rules");
    assert_eq!(options_for(6, 0, &names), options_for(6, 0, &names), "a seed gives one set");
    assert_ne!(options_for(6, 0, &names), options_for(6, 1, &names), "another draw, another set");
    let sets: std::collections::BTreeSet<Vec<String>> =
        (0..200).map(|seed| options_for(seed, 0, &names).into_iter().map(|(n, _)| n).collect()).collect();
    assert!(sets.len() > 20, "many different sets: {}", sets.len());
}
