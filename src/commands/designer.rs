//! The designer's commands: card tests and scenarios (`test`), a new card or house rule
//! (`new`), the Lua analyzer over each ruleset's cards (`analyze`), a ruleset loaded and its
//! cards checked (`check`), the scripting API's definitions (`defs`) and two rulesets
//! compared (`diff`).

use super::args::New;
use super::ruleset_or_default;
use std::path::{Path, PathBuf};
use wizwar::decision::RandomAgent;
use wizwar::engine::{Engine, GameSetup};

/// `test`: the card tests and scenarios, once or at each change (`--watch`).
pub fn test(root: &Path, ruleset: Option<String>, filter: Option<String>, watch: bool) -> Result<(), String> {
    let ruleset = ruleset_or_default(root, ruleset)?;
    if watch {
        wizwar::kit::watch::watch(root, &ruleset, filter.as_deref())
    } else {
        wizwar::kit::tests::run(root, &ruleset, filter.as_deref())
    }
}

/// `new card` and `new ruleset`: a card or a house rule that already plays.
pub fn new(root: &Path, what: New) -> Result<(), String> {
    match what {
        New::Card { ruleset, school, name } => {
            let ruleset = ruleset_or_default(root, ruleset)?;
            let path = wizwar::kit::scaffold::new_card(root, &ruleset, school.as_deref(), &name)?;
            println!("Wrote {}: a spell its caster casts at himself, with one test.", path.display());
            println!("`wizwar test --ruleset {ruleset} \"{name}\"` runs it (`--watch`: again at each save).");
            Ok(())
        }
        New::Ruleset { name, extends } => {
            let path = wizwar::kit::scaffold::new_ruleset(root, &name, &extends)?;
            println!("Wrote {}: {name} plays as {extends} until you change it.", path.display());
            println!("`wizwar play --ruleset {name}` plays it; `wizwar test --ruleset {name}` tells which of {extends}'s tests it breaks.");
            Ok(())
        }
    }
}

/// `analyze`: each ruleset's own cards through the Lua analyzer, against its own helpers.
pub fn analyze(root: &Path, ruleset: Option<String>) -> Result<(), String> {
    let names = match ruleset {
        Some(r) => vec![r],
        None => wizwar::kit::analyze::rulesets_with_cards(root),
    };
    let mut found = 0;
    for name in &names {
        let said = wizwar::kit::analyze::analyze(root, name)?;
        for d in &said {
            println!("{d}");
        }
        println!("{name}: {} diagnostic(s) in its cards, against its own helpers", said.len());
        found += said.len();
    }
    if found > 0 {
        return Err(format!("the analyzer found {found} problem(s) in the cards"));
    }
    Ok(())
}

/// `check`: a ruleset loaded with all its cards; its options listed; cards without tests named.
pub fn check(root: &Path, ruleset: Option<String>) -> Result<(), String> {
    let ruleset = ruleset_or_default(root, ruleset)?;
    let setup = GameSetup { ruleset: ruleset.clone(), players: 2, seed: 1, options: vec![], names: vec![] };
    let engine = Engine::new(root, &setup, Box::new(RandomAgent::new(1)))?;
    let defs: Vec<_> = engine.card_defs().cloned().collect();
    let untested: Vec<&str> = defs.iter().filter(|d| d.tests.is_empty()).map(|d| d.file.as_str()).collect();
    println!("ruleset {ruleset}: {} cards load", defs.len());
    // The optional rules, as the README says `check` lists them.
    let options = &engine.ruleset().file.options;
    if !options.is_empty() {
        println!("options (--option NAME; --option NAME=false turns one that is on off):");
    }
    for o in options {
        println!("  {}{}", o.name, if o.default { " (on unless turned off)" } else { "" });
        for line in wizwar::cli::wrap(&o.doc, wizwar::cli::SCREEN_WIDTH, "      ") {
            println!("{line}");
        }
    }
    for f in &untested {
        println!("  no tests: {f}");
    }
    if untested.is_empty() {
        Ok(())
    } else {
        Err(format!("{} card(s) carry no tests", untested.len()))
    }
}

/// `defs`: the LuaLS definitions of the scripting API, to a file or standard output.
pub fn defs(root: &Path, out: Option<PathBuf>) -> Result<(), String> {
    match out {
        // the ruleset modules' stubs go beside it (`require("rules.x")`)
        Some(path) => wizwar::luadefs::write_definitions(&root.join("rulesets"), &path, None),
        None => {
            print!("{}", wizwar::luadefs::definitions(&root.join("rulesets")));
            Ok(())
        }
    }
}

/// `diff`: what changes between two rulesets, as a report or JSON.
pub fn diff(root: &Path, a: String, b: String, json: bool) -> Result<(), String> {
    let d = wizwar::diff::diff(root, &a, &b)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&d).map_err(|e| e.to_string())?);
    } else {
        println!("{}", wizwar::diff::render(&d));
    }
    Ok(())
}
