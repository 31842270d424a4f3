//! Every test every card carries, and every rulebook scenario (`tests/scenarios/<ruleset>/`),
//! each reported as its own test case (`<ruleset>::<card key>::<test name>`,
//! `<ruleset>::scenarios::<file>::<test name>`), run in parallel and filtered by name like any
//! cargo test: `cargo test --test cards -- zot` runs the tests of the cards whose name holds
//! "zot", `-- scenarios` the scenarios.
//! The rulesets with cards of their own are tested (not the shared mechanics, nor a variant
//! that plays its parent's cards under other numbers); every card must carry tests.

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use wizwar::ruleset::{playable_rulesets, Ruleset};
use wizwar::testing::{list_card_tests, list_scenarios, run_card_test, run_scenario};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Rulesets with cards of their own, by folder name.
fn rulesets() -> Vec<String> {
    let dir = root().join("rulesets");
    playable_rulesets(&dir).into_iter().filter(|r| Ruleset::load(&dir, r).unwrap().has_own_cards()).collect()
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for r in rulesets() {
        let cases = match list_card_tests(&root(), &r, None) {
            Ok(c) => c,
            Err(e) => {
                trials.push(Trial::test(format!("{r}::loads"), move || Err(Failed::from(e.clone()))));
                continue;
            }
        };
        let setup =
            wizwar::engine::GameSetup { ruleset: r.clone(), players: 2, seed: 1, options: vec![], names: vec![] };
        let engine = wizwar::engine::Engine::new(&root(), &setup, Box::new(wizwar::decision::RandomAgent::new(1)))
            .expect("the ruleset loaded a moment ago");
        let untested: Vec<String> = engine.card_defs().filter(|d| d.tests.is_empty()).map(|d| d.file.clone()).collect();
        trials.push(Trial::test(format!("{r}::every_card_carries_tests"), move || {
            if untested.is_empty() {
                Ok(())
            } else {
                Err(format!("cards without tests: {}", untested.join(", ")).into())
            }
        }));
        for case in cases {
            let name = case.name();
            trials.push(Trial::test(name, move || {
                run_card_test(&root(), &case, None).map_err(|m| Failed::from(format!("{}: {m}", case.file)))
            }));
        }
        match list_scenarios(&root(), &r) {
            Ok(scenarios) => {
                for case in scenarios {
                    trials.push(Trial::test(case.name(), move || {
                        run_scenario(&root(), &case).map_err(|m| Failed::from(format!("{}: {m}", case.file)))
                    }));
                }
            }
            Err(e) => trials.push(Trial::test(format!("{r}::scenarios::load"), move || Err(Failed::from(e.clone())))),
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
