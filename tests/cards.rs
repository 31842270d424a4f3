//! Every card's own tests, for every ruleset that has cards: each card file carries tests,
//! and they all pass.

use std::path::Path;
use wizwar::engine::{Engine, GameSetup};

/// Rulesets with a ruleset.toml, by folder name.
fn rulesets() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir("rulesets")
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("ruleset.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn every_card_carries_tests_and_they_pass() {
    let mut checked = 0;
    for r in rulesets() {
        let setup = GameSetup { ruleset: r.clone(), players: 2, seed: 1, options: vec![], names: vec![] };
        let engine = Engine::new(Path::new("."), &setup, Box::new(wizwar::decision::RandomAgent::new(1)))
            .unwrap_or_else(|e| panic!("ruleset {r} does not load:\n{e}"));
        for def in engine.card_defs() {
            assert!(!def.tests.is_empty(), "{} carries no tests", def.file);
        }
        let results = wizwar::testing::run_card_tests(Path::new("."), &r, None).unwrap();
        let failed: Vec<String> = results
            .iter()
            .filter(|t| !t.passed)
            .map(|t| format!("{} :: {}\n    {}", t.file, t.test, t.message))
            .collect();
        assert!(failed.is_empty(), "ruleset {r}: {} card test(s) failed:\n{}", failed.len(), failed.join("\n"));
        checked += results.len();
    }
    println!("{checked} card tests passed");
}
