//! `wizwar test`: the tests a ruleset's cards carry and its rulebook scenarios, told one line a
//! test and counted.

use crate::decision::RandomAgent;
use crate::engine::{Engine, GameSetup};
use crate::testing::{self, TestOutcome};
use std::path::Path;

/// `wizwar test`: the tests the ruleset's cards carry and its rulebook scenarios. A variant
/// that plays its parent's cards (a house rule) runs the parent's card tests and the scenarios
/// of its whole chain under its own rules; each that fails is run again under the parent, so
/// the report tells what the variant changes from what was failing already.
pub fn run(root: &Path, ruleset: &str, filter: Option<&str>) -> Result<(), String> {
    let rules = crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset)?;
    let own_cards = rules.has_own_cards();
    let parent = (!own_cards).then(|| rules.chain.get(1).map(|l| l.name.clone())).flatten();
    if let Some(parent) = &parent {
        let said = format!(
            "{ruleset} plays the cards of {parent}: their tests and the scenarios of {} run under {ruleset}'s \
             rules; one that fails is run again under {parent}",
            rules.chain.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(", ")
        );
        crate::cli::wrap(&said, 80, "").iter().for_each(|line| println!("{line}"));
    }
    let matches = |s: &str| filter.is_none_or(|f| s.to_lowercase().contains(&f.to_lowercase()));
    let outcome = |card: &str, file: &str, test: &str, result: Result<(), String>| TestOutcome {
        card: card.to_string(),
        file: file.to_string(),
        test: test.to_string(),
        passed: result.is_ok(),
        message: result.err().unwrap_or_default(),
    };
    // (a failure under a variant, told with how the same test fares under the parent)
    let under_parent = |again: Result<(), String>| match (&parent, again) {
        (Some(p), Ok(())) => format!(" [passes under {p}: {ruleset} changes this]"),
        (Some(p), Err(_)) => format!(" [fails under {p} too]"),
        (None, _) => String::new(),
    };
    let mut results = Vec::new();
    for case in testing::list_card_tests(root, ruleset, filter)? {
        let mut r = outcome(&case.card, &case.file, &case.test, testing::run_card_test(root, &case, None));
        if !r.passed && parent.is_some() {
            let in_parent = testing::CardTestCase { ruleset: parent.clone().unwrap_or_default(), ..case.clone() };
            r.message += &under_parent(testing::run_card_test(root, &in_parent, None));
        }
        results.push(r);
    }
    // As `check`: a card without tests is a failure, not a pass of nothing.
    let probe = GameSetup { ruleset: ruleset.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    for d in Engine::new(root, &probe, Box::new(RandomAgent::new(1)))?.card_defs() {
        if own_cards && d.tests.is_empty() && (matches(&d.key) || matches(&d.name)) {
            results.push(outcome(&d.file, &d.file, "carries its own tests", Err("this card carries no tests".into())));
        }
    }
    // The rulebook scenarios (tests/scenarios/<ruleset>/), those whose name holds the filter.
    let scenarios =
        if own_cards { testing::list_scenarios(root, ruleset)? } else { testing::list_scenarios_under(root, ruleset)? };
    for case in scenarios.into_iter().filter(|c| matches(&c.name())) {
        let mut r = outcome("scenarios", &case.file, &case.test, testing::run_scenario(root, &case));
        if !r.passed && parent.is_some() {
            let in_parent = testing::ScenarioCase { ruleset: parent.clone().unwrap_or_default(), ..case.clone() };
            r.message += &under_parent(testing::run_scenario(root, &in_parent));
        }
        results.push(r);
    }
    if results.is_empty() {
        return Err(match filter {
            Some(f) => format!("no test of ruleset {ruleset} matches `{f}`"),
            None => format!("ruleset {ruleset} has no tests"),
        });
    }
    let failed: Vec<&TestOutcome> = results.iter().filter(|r| !r.passed).collect();
    for line in results.iter().flat_map(TestOutcome::lines) {
        println!("{line}");
    }
    let changed = failed.iter().filter(|r| r.message.contains("changes this]")).count();
    let counted = match &parent {
        Some(p) if !failed.is_empty() => format!(
            "{} passed, {} failed: {changed} of them pass under {p} (what {ruleset} changes), {} fail there too",
            results.len() - failed.len(),
            failed.len(),
            failed.len() - changed
        ),
        _ => format!("{} passed, {} failed", results.len() - failed.len(), failed.len()),
    };
    crate::cli::wrap(&counted, 80, "").iter().for_each(|line| println!("{line}"));
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("{} test(s) failed", failed.len()))
    }
}
