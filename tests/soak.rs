//! The soak: a thousand bot games of each edition, with fixed seeds, must finish without a
//! panic or a script error, each with a winner or at the turn cap, keeping every invariant
//! after every event (tests/common: each card in one place, the kernel's data consistent, life
//! within bounds, no created object on a home base; and one treasure at a time, a rule of both
//! editions) and, at each turn's start, an empty stack and life in every living wizard.
//!
//! Half the games are played by random bots on the edition's own rules; the other half by bots
//! that attack whenever they can, on a copy of the rules where wizards start with 3 life, so
//! that kills, deaths, taken hands and victories happen under the same checks. Games run on
//! two threads.

mod common;

use common::{check_invariants, LifeRules};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use wizwar::decision::{Agent, AggressiveAgent, RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};

const GAMES: u64 = 1000;
const TURN_CAP: u64 = 30;

/// Odd seeds: aggressive bots (on the short-lived rules); even seeds: random bots.
fn agents(seed: u64, players: usize) -> Box<dyn Agent> {
    let one = |i: usize| -> Box<dyn Agent> {
        let bot_seed = seed * 10 + i as u64;
        if seed % 2 == 1 {
            Box::new(AggressiveAgent::new(bot_seed))
        } else {
            Box::new(RandomAgent::new(bot_seed))
        }
    };
    Box::new(Seats { agents: (0..players).map(one).collect() })
}

/// A copy of the project's cards and rulesets where wizards start with 3 life.
fn short_lived_root(ruleset: &str) -> PathBuf {
    let root = common::temp_dir(&format!("soak-{ruleset}"));
    common::copy_dir(Path::new("cards"), &root.join("cards"));
    common::copy_dir(Path::new("rulesets"), &root.join("rulesets"));
    let toml = root.join("rulesets").join(ruleset).join("ruleset.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(text.contains("\nlife = 15\n"), "{ruleset}: the starting life is in its ruleset.toml");
    std::fs::write(&toml, text.replace("\nlife = 15\n", "\nlife = 3\n")).unwrap();
    root
}

/// How one game ended, or what went wrong in it.
type GameReport = Result<String, String>;

fn play_one(root: &Path, ruleset: &str, seed: u64, life: LifeRules) -> GameReport {
    let players = 2 + (seed % 3) as usize;
    let setup = GameSetup { ruleset: ruleset.into(), players, seed, options: vec![], names: vec![] };
    let e = Engine::new(root, &setup, agents(seed, players))?;
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
    let outcome = e.run(Some(TURN_CAP));
    e.set_observer(None);
    if let Some(p) = problems.borrow().first() {
        return Err(p.clone());
    }
    if let Some(err) = e.log().iter().find(|l| l.event == "error") {
        return Err(format!("script error: {}", err.data));
    }
    match outcome {
        Outcome::Over(r) => {
            if let Some(w) = r.winner {
                if !e.with_state(|st| st.players[w as usize].alive) {
                    return Err(format!("the winner, player {w}, is dead"));
                }
            }
            Ok(r.reason)
        }
        Outcome::TurnLimit => Ok("turn cap".into()),
        other => Err(format!("{other:?}")),
    }
}

/// Plays the seeds on two threads; returns how the games ended, by count.
fn soak(ruleset: &'static str, life: LifeRules) -> BTreeMap<String, u64> {
    let short_lived = short_lived_root(ruleset);
    let short_lived = short_lived.as_path();
    let results: Vec<(u64, GameReport)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2u64)
            .map(|w| {
                s.spawn(move || {
                    (0..GAMES)
                        .filter(|seed| seed % 2 == w)
                        .map(|seed| {
                            let root = if seed % 2 == 1 { short_lived } else { Path::new(".") };
                            let r = std::panic::catch_unwind(|| play_one(root, ruleset, seed, life))
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
    assert!(failures.is_empty(), "{} of {GAMES} {ruleset} games failed:\n{}", failures.len(), failures.join("\n"));
    std::fs::remove_dir_all(short_lived).ok();
    let mut ends = BTreeMap::new();
    for (seed, r) in results {
        let bots = if seed % 2 == 1 { "aggressive, 3 life" } else { "random" };
        *ends.entry(format!("{bots}: {}", r.unwrap())).or_insert(0) += 1;
    }
    eprintln!("{ruleset}: {GAMES} games, {TURN_CAP}-turn cap");
    for (how, n) in &ends {
        eprintln!("  {n:>5}  {how}");
    }
    ends
}

/// Many short-lived aggressive games must end before the cap, so that the ends of games are
/// soaked too.
fn assert_games_end(ends: &BTreeMap<String, u64>) {
    let ended: u64 = ends
        .iter()
        .filter(|(how, _)| how.starts_with("aggressive") && !how.ends_with("turn cap"))
        .map(|(_, n)| n)
        .sum();
    assert!(ended >= GAMES / 10, "only {ended} of {} aggressive games ended before the cap: {ends:?}", GAMES / 2);
}

#[test]
fn a_thousand_8th_edition_games_keep_every_invariant() {
    assert_games_end(&soak("8th", LifeRules { cap: Some(20) }));
}

#[test]
fn a_thousand_classic_games_keep_every_invariant() {
    assert_games_end(&soak("classic", LifeRules { cap: None }));
}
