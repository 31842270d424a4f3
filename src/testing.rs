//! Running the tests every card carries beside its code.
//!
//! A card's `tests` list holds `{ "name", function(t, g) ... end }` entries. Each test runs in a
//! fresh game of the ruleset (its `setup`, then `rules.test_setup(game)` if the ruleset has
//! one) with a strict scripted agent, and gets a `t` object and the game `g` (`t.game`):
//!
//! | call | does |
//! |---|---|
//! | `t.game` | the game, as every script sees it |
//! | `t:give(p, card)` / `t:put(p, card)` | a new copy of a card (key or name) in p's hand / play area; returns its id |
//! | `t:place(p, {x=,y=})`, `t:life(p)`, `t:at(p)`, `t:set_life(p, n)` | set up the position, read it |
//! | `t:active(p [, phase])` | make it p's turn, at the start of `phase` (default: the first loop phase) |
//! | `t:turn_of(p, card...)` | `t:active(p)`, then a new copy of each card in p's hand; returns their ids |
//! | `t:list([spec])` | the actions the active player may take now, as records (`key`, `label` and the action's fields), those matching `spec` |
//! | `t:has(spec)`, `t:count(spec)` | is an action matching `spec` offered; how many are |
//! | `t:act(spec)` | take the action the record `spec` names (the plainest of those with all its fields), or whose key or label is the text given |
//! | `t:cast{card =, at =, boost =}`, `t:move(dir)`, `t:punch(target)`, `t:throw{card =, at =}` | the same, for the usual actions |
//! | `t:wizard(p)`, `t:square(s)`, `t:wall(e)`, `t:door(e)`, `t:border(e)`, `t:object(id)`, `t:treasure(id)`, `t:creature(id)`, `t:spell(c)`, `t:sector(i)`, `t:board()` | targets to name in specs |
//! | `t:answer(p, x, ...)` | queue p's answer to the next request: keys, labels or records of options (strict: an unexpected request fails the test) |
//! | `t:actions()` | the labels of the actions offered now (for messages) |
//! | `t:pass(n)` | let turns go by, everyone doing nothing, until `n` more turns have begun |
//! | `t:log(event, seat?)` | payloads of that event logged since the test began (as `seat` was shown them) |
//! | `t:eq(a, b [, msg])`, `t:ok(cond [, msg])` | assertions; a failure names the test's line |

mod harness;
mod scenarios;

pub use harness::HARNESS_DOCS;
pub use scenarios::{list_scenarios, list_scenarios_under, run_scenario, ScenarioCase};

use crate::decision::ScriptedAgent;
use crate::engine::{Engine, GameSetup};
use harness::{harness, TestAgent};
use std::cell::{Cell, RefCell};
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The result of one card test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestOutcome {
    pub card: String,
    pub file: String,
    pub test: String,
    pub passed: bool,
    pub message: String,
}

impl TestOutcome {
    /// The outcome as a person reads it, within 80 columns: `ok` or `FAIL`, the file and the
    /// test's name (wrapped under themselves), and a failure's message under it.
    pub fn lines(&self) -> Vec<String> {
        let mark = if self.passed { "ok   " } else { "FAIL " };
        let mut lines = crate::cli::hanging(mark, &format!("{} :: {}", self.file, self.test), 80);
        if !self.passed {
            for line in self.message.lines() {
                lines.extend(crate::cli::wrap(line, 80, "       "));
            }
        }
        lines
    }
}

/// One test a card carries, found without running it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardTestCase {
    pub ruleset: String,
    /// The card's key ("<edition>/<school>/<card>").
    pub card: String,
    pub file: String,
    pub test: String,
    /// Its place in the card's `tests` (0-based).
    pub index: usize,
    pub players: usize,
}

impl CardTestCase {
    /// The name a test runner shows and filters on: `<ruleset>::<card key>::<test name>`.
    pub fn name(&self) -> String {
        format!("{}::{}::{}", self.ruleset, self.card, self.test)
    }
}

/// `ruleset` and the rulesets it extends, nearest first.
fn chain_names(root: &Path, ruleset: &str) -> Vec<String> {
    match crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset) {
        Ok(r) => r.chain.iter().map(|l| l.name.clone()).collect(),
        Err(_) => vec![ruleset.to_string()],
    }
}

/// Every test the cards of `ruleset` carry (only cards whose key or name contains `filter`).
/// A variant that plays its parent's cards (a house rule) runs the tests they carry for the
/// parent, under its own rules.
pub fn list_card_tests(root: &Path, ruleset: &str, filter: Option<&str>) -> Result<Vec<CardTestCase>, String> {
    let setup = GameSetup { ruleset: ruleset.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    let probe = Engine::for_tests(root, &setup, Box::new(ScriptedAgent::default()), &[])?;
    let own_cards = crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset).is_ok_and(|r| r.has_own_cards());
    let meant_for = if own_cards { vec![ruleset.to_string()] } else { chain_names(root, ruleset) };
    let mut out = Vec::new();
    for d in probe.card_defs() {
        if !filter.is_none_or(|f| d.key.contains(f) || d.name.to_lowercase().contains(&f.to_lowercase())) {
            continue;
        }
        for (index, test) in d.tests.iter().enumerate() {
            if !test.rulesets.is_empty() && !test.rulesets.iter().any(|r| meant_for.contains(r)) {
                continue;
            }
            out.push(CardTestCase {
                ruleset: ruleset.to_string(),
                card: d.key.clone(),
                file: d.file.clone(),
                test: test.name.clone(),
                index,
                players: test.players,
            });
        }
    }
    Ok(out)
}

/// A fresh game for one test: its ruleset's `setup` (the questions it asks answered by
/// `setup_answers`, player and key), then `rules.test_setup`, a strict scripted agent; `find`
/// picks the test function in the game's Lua, which runs with the `t` helper. `interrupt`
/// (Ctrl-C in the REPL) stops it.
fn run_test_game(
    root: &Path,
    setup: &GameSetup,
    extra_cards: &[std::path::PathBuf],
    setup_answers: &[(u32, String)],
    interrupt: Option<&Arc<AtomicBool>>,
    find: impl FnOnce(&Engine) -> Result<mlua::Function, String>,
) -> Result<(), String> {
    let script = Rc::new(RefCell::new(ScriptedAgent::default()));
    for (player, key) in setup_answers {
        script.borrow_mut().push(*player, &[key.as_str()]);
    }
    let idle = Rc::new(Cell::new(false));
    let agent = TestAgent { script: script.clone(), idle: idle.clone() };
    let engine = Rc::new(Engine::for_tests(root, setup, Box::new(agent), extra_cards)?);
    engine.set_interrupt_flag(interrupt.cloned());
    if engine.ruleset_has("test_setup") {
        engine.call_rules("test_setup", vec![])?;
    }
    let f = find(&engine)?;
    let k = engine.kernel().clone();
    let t = harness(&engine, &script, &idle).map_err(|e| e.to_string())?;
    // The test gets the game as its second argument: `function(t, g)`.
    let game: mlua::Value = t.raw_get("game").map_err(|e| e.to_string())?;
    k.host
        .call_with_budget::<_, ()>(&f, (t, game), crate::engine::SESSION_BUDGET)
        .map_err(|e| e.message().to_string())?;
    if let Some(left) = script.borrow().queue.front() {
        return Err(format!(
            "answer for player {} never asked for: {:?} {:?} (a question with one possible answer is \
             answered without asking: queue answers only where there is a choice)",
            left.player, left.keys, left.records
        ));
    }
    engine.with_state(|s| s.check_card_places())?;
    let left = engine.with_state(|s| s.rng.loaded_left());
    if left > 0 {
        return Err(format!("{left} loaded dice never rolled (t:dice loads only the rolls the test makes)"));
    }
    Ok(())
}

/// The `[2]` (the function) of entry `index` of a `tests` list.
fn test_function(tests: &mlua::Table, index: usize) -> Result<mlua::Function, String> {
    tests.raw_get::<mlua::Table>(index + 1).and_then(|t| t.raw_get(2)).map_err(|e| e.to_string())
}

/// Runs one card test in a fresh game of its ruleset.
pub fn run_card_test(root: &Path, case: &CardTestCase, interrupt: Option<&Arc<AtomicBool>>) -> Result<(), String> {
    let setup =
        GameSetup { ruleset: case.ruleset.clone(), players: case.players, seed: 1, options: vec![], names: vec![] };
    run_test_game(root, &setup, &[], &[], interrupt, |engine| {
        let k = engine.kernel();
        let table = &k.cards.get(&case.card).ok_or("card vanished")?.table;
        test_function(&table.raw_get::<mlua::Table>("tests").map_err(|e| e.to_string())?, case.index)
    })
}

/// Runs the tests of every card of `ruleset` (or only cards whose key or name contains
/// `filter`), each in a fresh game.
pub fn run_card_tests(root: &Path, ruleset: &str, filter: Option<&str>) -> Result<Vec<TestOutcome>, String> {
    run_card_tests_with(root, ruleset, filter, None)
}

/// [`run_card_tests`], stopping early once `interrupt` is set (Ctrl-C in the REPL): the test
/// running then fails with "interrupted" and no further test starts.
pub fn run_card_tests_with(
    root: &Path,
    ruleset: &str,
    filter: Option<&str>,
    interrupt: Option<&Arc<AtomicBool>>,
) -> Result<Vec<TestOutcome>, String> {
    let stop = || interrupt.is_some_and(|f| f.load(Ordering::Relaxed));
    let mut out = Vec::new();
    for case in list_card_tests(root, ruleset, filter)? {
        if stop() {
            break;
        }
        let result = run_card_test(root, &case, interrupt);
        out.push(TestOutcome {
            card: case.card,
            file: case.file,
            test: case.test,
            passed: result.is_ok(),
            message: result.err().unwrap_or_default(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod outcome_tests {
    use super::TestOutcome;

    #[test]
    fn an_outcome_is_told_within_80_columns() {
        let test = "a toy spell boosted by a power card of 5 deals 5 damage, not 6, as the rulebook's example says";
        let mut r = TestOutcome {
            card: "Toy Spell".into(),
            file: "tests/scenarios/toy/scenarios_examples.lua".into(),
            test: test.into(),
            passed: true,
            message: String::new(),
        };
        let passed = r.lines();
        assert!(passed.len() > 1 && passed[0].starts_with("ok   tests/scenarios/toy/"), "{passed:?}");
        assert!(passed[1].starts_with("     ") && !passed[1].starts_with("      "), "under the file: {passed:?}");
        assert_eq!(passed.join(" ").split_whitespace().skip(3).collect::<Vec<_>>().join(" "), test);
        r.passed = false;
        r.message = format!("expected 5, got 6\n{}", "word ".repeat(30));
        let failed = r.lines();
        let told = passed.len();
        assert!(failed[0].starts_with("FAIL tests/") && failed[told] == "       expected 5, got 6", "{failed:?}");
        assert_eq!(failed.len(), told + 1 + 3, "the message's second line wrapped in three: {failed:?}");
        assert!(failed.iter().all(|l| l.chars().count() <= 80), "{failed:?}");
    }
}
