//! Rulesets that extend rulesets (`extends = "..."`): numbers merged key by key, options and
//! vocabulary inherited, Lua files resolved parent first with the parent's result as `base`,
//! abstract rulesets never played. Built on the toy ruleset of the engine tests; the shipped
//! example variant plays a bot game to its end.

mod common;

use std::path::Path;
use wizwar::decision::{RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup, Outcome};
use wizwar::ruleset::Ruleset;
use wizwar::value::Value;

/// A copy of the toy root with more ruleset folders: (folder, file name, text).
fn root_with(files: &[(&str, &str, &str)]) -> common::TempDir {
    let root = common::temp_dir("inherit");
    common::copy_dir(Path::new("tests/fixtures/engine"), &root);
    for (dir, name, text) in files {
        let d = root.join("rulesets").join(dir);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(name), text).unwrap();
    }
    root
}

fn setup(ruleset: &str) -> GameSetup {
    GameSetup { ruleset: ruleset.into(), players: 2, seed: 3, options: vec![], names: vec![] }
}

fn eval(e: &Engine, code: &str) -> Value {
    e.eval_lua_values(code).unwrap().remove(0).unwrap()
}

const CHILD_TOML: &str = "name = \"toy2\"\ntitle = \"Toy, quicker\"\nextends = \"toy\"\n\n\
                          [vocabulary]\ntargets = [\"square\"]\n\n\
                          [[options]]\nname = \"big_hands\"\ndefault = true\n\n\
                          [config]\nlife = 9\n";

#[test]
fn a_child_merges_numbers_options_and_words_into_its_parent() {
    let root = root_with(&[("toy2", "ruleset.toml", CHILD_TOML)]);
    let r = Ruleset::load(&root.join("rulesets"), "toy2").unwrap();
    assert_eq!(r.chain.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(), ["toy2", "toy"]);
    assert_eq!(r.file.extends.as_deref(), Some("toy"));
    assert_eq!(r.config.get("life"), Some(&Value::Int(9)), "the child's number");
    assert_eq!(r.config.get("hand"), Some(&Value::Int(2)), "the parent's number");
    assert!(r.config.get("deck").is_some(), "the parent's table");
    assert_eq!(r.file.card_dirs, ["toy"], "inherited card folders");
    assert_eq!(r.file.phases.len(), 2, "inherited phases");
    assert!(r.file.vocabulary.targets.contains("wizard") && r.file.vocabulary.targets.contains("square"));
    let big = r.file.options.iter().find(|o| o.name == "big_hands").unwrap();
    assert!(big.default && big.doc.contains("four cards"), "a changed default keeps the doc: {big:?}");
    assert!(!r.has_own_cards());
    assert!(r.boards_path().ends_with("toy/boards/boards.toml"), "inherited boards: {:?}", r.boards_path());

    let e = Engine::new(&root, &setup("toy2"), Box::new(RandomAgent::new(1))).unwrap();
    assert_eq!(e.state().players[0].life, 9);
    assert_eq!(e.state().players[0].hand.len(), 4, "big_hands is on by default in the child");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_child_lua_file_overrides_one_function_and_the_parent_calls_it() {
    // rules.lua of the child replaces `rules.draw`, which the parent's setup and draw phase
    // call through the table: the override is seen by the parent's own code.
    let child_rules = "-- draws two cards where the parent draws one\nlocal parent_draw = base.draw\n\
                       function base.draw(game, p)\n  parent_draw(game, p)\n  parent_draw(game, p)\nend\n\
                       return base\n";
    // A module the parent does not have, and one the child layers over another child file.
    let module = "local M = {}\nfunction M.twice(n) return M.double(n) end\nfunction M.double(n) return 2 * n end\n\
                  return M\n";
    let module_child = "function base.double(n) return 3 * n end\n";
    let root = root_with(&[
        ("toy2", "ruleset.toml", CHILD_TOML),
        ("toy2", "rules.lua", child_rules),
        ("toy", "sums.lua", module),
        ("toy2", "sums.lua", module_child),
    ]);
    let e = Engine::new(&root, &setup("toy2"), Box::new(RandomAgent::new(1))).unwrap();
    let hands: Vec<usize> = e.state().players.iter().map(|p| p.hand.len()).collect();
    assert_eq!(hands, [8, 4], "four draws of two cards each, from a deck of 12");
    assert_eq!(eval(&e, "return require('rules.sums').twice(5)"), Value::Int(15));
    let err = e.eval_lua("require('rules.sums').double = nil").unwrap_err();
    assert!(err.contains("read-only"), "the finished module is read-only: {err}");

    let parent = Engine::new(&root, &setup("toy"), Box::new(RandomAgent::new(1))).unwrap();
    let hands: Vec<usize> = parent.state().players.iter().map(|p| p.hand.len()).collect();
    assert_eq!(hands, [2, 2], "the parent is unchanged");
    assert_eq!(eval(&parent, "return require('rules.sums').twice(5)"), Value::Int(10));
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn mistakes_in_the_chain_are_named() {
    let abstract_toml = "name = \"base\"\ntitle = \"Shared\"\nabstract = true\n";
    let cycle_a = "name = \"ca\"\ntitle = \"A\"\nextends = \"cb\"\n";
    let cycle_b = "name = \"cb\"\ntitle = \"B\"\nextends = \"ca\"\n";
    let typo = "name = \"typo\"\ntitle = \"T\"\nextends = \"toy\"\n\n[config]\nlife = 3\nfoo = 1\nlief_max = 2\n\
                [vocabluary]\nkinds = []\n";
    let orphan = "name = \"orphan\"\ntitle = \"O\"\nextends = \"nosuch\"\n";
    let root = root_with(&[
        ("base", "ruleset.toml", abstract_toml),
        ("ca", "ruleset.toml", cycle_a),
        ("cb", "ruleset.toml", cycle_b),
        ("typo", "ruleset.toml", typo),
        ("orphan", "ruleset.toml", orphan),
    ]);
    let err = |name: &str| Engine::new(&root, &setup(name), Box::new(RandomAgent::new(1))).err().unwrap();
    assert!(err("base").contains("abstract"), "{}", err("base"));
    assert!(err("ca").contains("circle"), "{}", err("ca"));
    let e = err("typo");
    assert!(e.contains("rulesets/typo/ruleset.toml:9") && e.contains("vocabluary"), "{e}");
    let e = err("orphan");
    assert!(e.contains("no ruleset `nosuch`") && e.contains("orphan extends it"), "{e}");
    assert_eq!(wizwar::ruleset::playable_rulesets(&root.join("rulesets")), ["hexes", "peek", "relay", "toy"]);
    std::fs::remove_dir_all(&root).ok();
}

/// The example variant a designer copies: under 30 lines in all, and it plays to the end.
#[test]
fn the_example_variant_is_small_and_plays_a_bot_game_to_the_end() {
    let dir = Path::new("rulesets/8th-blitz");
    let mut lines = 0;
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        lines += std::fs::read_to_string(e.path()).unwrap().lines().count();
    }
    assert!(lines < 30, "the variant's folder holds {lines} lines");
    let r = Ruleset::load(Path::new("rulesets"), "8th-blitz").unwrap();
    assert_eq!(r.config.get("life"), Some(&Value::Int(10)));
    let setup = GameSetup { ruleset: "8th-blitz".into(), players: 2, seed: 5, options: vec![], names: vec![] };
    let bots =
        Seats { agents: (0..2).map(|i| Box::new(wizwar::decision::HunterAgent::new(40 + i)) as Box<_>).collect() };
    let e = Engine::new(Path::new("."), &setup, Box::new(bots)).unwrap();
    assert_eq!(e.state().players[0].life, 10);
    match e.run(Some(200)) {
        Outcome::Over(r) => assert!(r.winner.is_some(), "{r:?}"),
        other => panic!("the game did not end: {other:?}"),
    }
}

/// `[config]` is typed by the chain's `[config_types]`: a value of another type, a key nothing
/// declares (so nothing reads it) and a required key left out are loading errors naming the
/// file and line, all of them at once; before, `hand_limit = "seven"` loaded and the game
/// logged hundreds of script errors.
#[test]
fn config_values_are_typed_and_unknown_keys_are_reported() {
    let root = common::temp_dir("typed");
    for r in ["mechanics", "8th"] {
        common::copy_dir(&Path::new("rulesets").join(r), &root.join("rulesets").join(r));
    }
    let child = "name = \"house\"\ntitle = \"House rules\"\nextends = \"8th\"\n\n[config]\nlife = 12\n\
                 hand_limit = \"seven\"\nfirst_turn_attack = \"no\"\nvictroy_points = 3\n";
    std::fs::create_dir_all(root.join("rulesets/house")).unwrap();
    std::fs::write(root.join("rulesets/house/ruleset.toml"), child).unwrap();
    let err = Ruleset::load(&root.join("rulesets"), "house").unwrap_err();
    let file = root.join("rulesets/house/ruleset.toml").display().to_string();
    assert!(err.contains(&format!("{file}:7: config `hand_limit` is a string, expected an integer")), "{err}");
    assert!(err.contains(&format!("{file}:8: config key `first_turn_attack` is not declared")), "{err}");
    assert!(err.contains("`victroy_points`") && err.contains("did you mean `victory_points`?"), "{err}");
    assert!(Ruleset::load(&root.join("rulesets"), "8th").is_ok(), "the edition itself is well typed");
    // A required number left out of every file of the chain.
    let text = std::fs::read_to_string(root.join("rulesets/8th/ruleset.toml")).unwrap();
    std::fs::write(root.join("rulesets/8th/ruleset.toml"), text.replace("\nhand = 5\n", "\n")).unwrap();
    let err = Ruleset::load(&root.join("rulesets"), "8th").unwrap_err();
    assert!(err.contains("config `hand` (integer) is missing"), "{err}");
    std::fs::remove_dir_all(&root).ok();
}

/// `wizwar test` on a variant that plays its parent's cards runs the parent's card tests and
/// scenarios under the variant's rules, and tells what the variant changes: 8th-blitz counts a
/// carried enemy treasure, so the 8th's scenario saying it scores nothing fails there (and
/// passes under the 8th); tests that read their numbers from the ruleset pass under both.
#[test]
fn testing_a_variant_runs_its_parents_tests_under_its_rules() {
    let test = |filter: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wizwar"))
            .args(["test", "--ruleset", "8th-blitz", filter])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        common::assert_fits_80_columns("test --ruleset 8th-blitz", &text);
        // (read as one line: the sentences are wrapped to the screen)
        (out.status.success(), text.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    let (ok, text) = test("carried enemy treasure scores nothing");
    assert!(!ok && text.contains("plays the cards of 8th"), "{text}");
    assert!(text.contains("FAIL tests/scenarios/8th/scenarios.lua :: a carried enemy treasure"), "{text}");
    assert!(text.contains("[passes under 8th: 8th-blitz changes this]"), "{text}");
    assert!(text.contains("0 passed, 1 failed: 1 of them pass under 8th (what 8th-blitz changes)"), "{text}");
    // Life 10 instead of 15 changes no card's test: they count the life lost.
    let (ok, text) = test("waterbolt");
    assert!(ok && text.contains("ok cards/8th/elemental/waterbolt.lua") && !text.contains("FAIL"), "{text}");
}

/// A `card_dirs` entry may name one card file (`toy/zap` for `cards/toy/zap.lua`): a ruleset
/// borrows that card of another edition without the rest of its folder, and a save's content
/// lists exactly the files loaded.
#[test]
fn a_card_dirs_entry_may_name_a_single_card_file() {
    let toml =
        "name = \"toy3\"\ntitle = \"Toy, Zap only\"\nextends = \"toy\"\ncard_dirs = [\"toy/zap\", \"toy/broken\"]\n";
    let root = root_with(&[("toy3", "ruleset.toml", toml)]);
    let e = Engine::new(&root, &setup("toy3"), Box::new(RandomAgent::new(1))).unwrap();
    assert_eq!(e.card_defs().map(|d| d.key.as_str()).collect::<Vec<_>>(), ["toy/broken", "toy/zap"]);
    let content = wizwar::save::content_of(&root, "toy3");
    assert!(content.contains_key("cards/toy/zap.lua"), "{content:?}");
    assert!(!content.contains_key("cards/toy/hex.lua"), "a card the ruleset does not load: {content:?}");
    std::fs::remove_dir_all(&root).ok();
}
