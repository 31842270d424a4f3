//! Card files are checked on loading: every field and hook name, with the file, the line and
//! what was expected.

use std::path::Path;
use wizwar::engine::{Engine, GameSetup};

mod common;

/// The toy rules with one extra card file written from `source`; the error loading gives.
fn load_error(source: &str, ruleset_toml_edit: Option<(&str, &str)>) -> String {
    let root = common::temp_dir("cardcheck");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    std::fs::write(root.join("cards/toy/bad.lua"), source).unwrap();
    if let Some((from, to)) = ruleset_toml_edit {
        let toml = root.join("rulesets/toy/ruleset.toml");
        let text = std::fs::read_to_string(&toml).unwrap();
        assert!(text.contains(from));
        std::fs::write(&toml, text.replace(from, to)).unwrap();
    }
    let setup = GameSetup { ruleset: "toy".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    let err = Engine::new(&root, &setup, Box::new(wizwar::decision::RandomAgent::new(1))).err();
    std::fs::remove_dir_all(&root).ok();
    err.expect("the card must be refused")
}

const GOOD: &str = "return card {\n  name = \"Bad\",\n  kind = \"attack\",\n  range = \"los\",\n  \
                    targets = { \"wizard\" },\n  text = \"Hurts.\",\n  resolve = function(ctx) end,\n}\n";

/// Loading checks every field and hook name, and says file, line and what was expected.
#[test]
fn a_card_file_is_checked_field_by_field() {
    let typo = GOOD
        .replace("  resolve = function(ctx) end,", "  resolve = function(ctx) end,\n  on_atack = function(ctx) end,");
    let err = load_error(&typo, None);
    assert!(err.contains("cards/toy/bad.lua:8:") && err.contains("did you mean `on_attack`"), "{err}");

    let field = GOOD.replace("  range = \"los\",", "  rnage = \"los\",");
    let err = load_error(&field, None);
    assert!(err.contains("cards/toy/bad.lua:4:") && err.contains("did you mean `range`"), "{err}");

    let kind = GOOD.replace("kind = \"attack\"", "kind = \"atack\"");
    let err = load_error(&kind, None);
    assert!(err.contains("cards/toy/bad.lua:3:") && err.contains("atack"), "{err}");

    let no_text = GOOD.replace("  text = \"Hurts.\",\n", "");
    assert!(load_error(&no_text, None).contains("missing `text`"));

    let syntax = GOOD.replace("resolve = function(ctx) end", "resolve = function(ctx) end end");
    assert!(load_error(&syntax, None).contains("cards/toy/bad.lua:7:"));

    // A ruleset can require a range of some kinds of card.
    let no_range = GOOD.replace("  range = \"los\",\n", "");
    let err = load_error(
        &no_range,
        Some(("targets = [\"wizard\"]", "targets = [\"wizard\"]\nrange_required_for = [\"attack\"]")),
    );
    assert!(err.contains("cards/toy/bad.lua") && err.contains("missing `range`"), "{err}");
    // A range of the wrong type is that, one message; not also "missing".
    let wrong_range = GOOD.replace("  range = \"los\",", "  range = 2,");
    let err = load_error(
        &wrong_range,
        Some(("targets = [\"wizard\"]", "targets = [\"wizard\"]\nrange_required_for = [\"attack\"]")),
    );
    assert!(err.contains("cards/toy/bad.lua:4: `range` must be a string, not an integer"), "{err}");
    assert!(!err.contains("missing"), "{err}");
    let err =
        load_error(GOOD, Some(("targets = [\"wizard\"]", "targets = [\"wizard\"]\nrange_required_for = [\"atack\"]")));
    assert!(err.contains("range_required_for names `atack`"), "{err}");
}

/// Every problem of a file comes in one run, each with its line (five typos, one `check`).
#[test]
fn every_problem_of_a_card_file_is_reported_at_once() {
    let three = GOOD
        .replace("kind = \"attack\"", "kind = \"atack\"")
        .replace("  range = \"los\",", "  rnage = \"los\",")
        .replace("  resolve = function(ctx) end,", "  resolve = function(ctx) end,\n  on_atack = function(ctx) end,");
    let err = load_error(&three, None);
    for (line, what) in [(3, "atack"), (4, "did you mean `range`"), (8, "did you mean `on_attack`")] {
        let found = err.lines().any(|l| l.contains(&format!("cards/toy/bad.lua:{line}:")) && l.contains(what));
        assert!(found, "line {line} ({what}) is reported: {err}");
    }
    assert_eq!(err.lines().filter(|l| l.contains("bad.lua")).count(), 3, "{err}");
}

/// The test helpers (`tests/lua/`, `require("test.x")`) load only in the games tests run: a
/// real game gives a card that requires one at its top a stand-in that refuses any use.
#[test]
fn test_helpers_load_only_in_tests() {
    let setup = GameSetup { ruleset: "classic".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    let real = Engine::new(Path::new("."), &setup, Box::new(wizwar::decision::RandomAgent::new(1))).unwrap();
    let err = real.eval_lua("return require('test.spots').moves").unwrap_err();
    assert!(err.contains("'test.spots' is a test helper"), "{err}");
    assert!(err.contains("from tests/lua/spots.lua under the root"), "it says where helpers come from: {err}");
    let test = Engine::for_tests(Path::new("."), &setup, Box::new(wizwar::decision::RandomAgent::new(1)), &[]).unwrap();
    assert_eq!(test.eval_lua("return type(require('test.spots').moves)").unwrap(), "\"function\"");
}

/// Two card files with one name (a card copied as a template and not renamed) are an error
/// naming both files; before, the second silently shadowed the first.
#[test]
fn two_cards_of_one_name_are_refused_naming_both_files() {
    let root = common::temp_dir("twins");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    std::fs::copy(root.join("cards/toy/zap.lua"), root.join("cards/toy/zap_copy.lua")).unwrap();
    let setup = GameSetup { ruleset: "toy".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    let err = Engine::new(&root, &setup, Box::new(wizwar::decision::RandomAgent::new(1))).err().expect("refused");
    assert!(
        err.contains("cards/toy/zap.lua") && err.contains("cards/toy/zap_copy.lua") && err.contains("`Zap`"),
        "{err}"
    );
    std::fs::remove_dir_all(&root).ok();
}
