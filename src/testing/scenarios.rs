//! Rulebook scenarios: the files under `tests/scenarios/<ruleset>/`, listed and run like card
//! tests, with their optional rules on and their test-only cards loaded.

use super::{chain_names, run_test_game, test_function};
use crate::decision::ScriptedAgent;
use crate::engine::{Engine, GameSetup};
use crate::value::Value;
use std::path::Path;

/// One scenario of a rulebook scenario file: `tests/scenarios/<ruleset>/<file>.lua` returns
/// `scenarios { name = "...", options = { "an_option", ... }, tests = { { "name", function(t)
/// ... end, players = 3 }, ... } }`. Each runs like a card test, in a game of the ruleset with
/// the file's optional rules on and the test-only cards of `tests/scenarios/<ruleset>/cards/`
/// loaded besides the ruleset's (no ruleset file is patched). Questions the setup asks (a
/// draft) take the file's `setup_answers = { { player, key }, ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioCase {
    pub ruleset: String,
    /// The file, relative to the root.
    pub file: String,
    pub test: String,
    pub index: usize,
    pub players: usize,
    pub options: Vec<String>,
    /// Answers to the questions the ruleset's setup asks (the file's `setup_answers = { { 0,
    /// "alchemy" }, ... }`: player and key, in order).
    pub setup_answers: Vec<(u32, String)>,
}

impl ScenarioCase {
    /// `<ruleset>::scenarios::<file stem>::<test name>`.
    pub fn name(&self) -> String {
        let stem = Path::new(&self.file).file_stem().unwrap_or_default().to_string_lossy().to_string();
        format!("{}::scenarios::{}::{}", self.ruleset, stem, self.test)
    }
}

fn scenario_dir(ruleset: &str) -> std::path::PathBuf {
    Path::new("tests").join("scenarios").join(ruleset)
}

/// The test-only card folders a ruleset's scenarios play with: its own and those of the
/// rulesets it extends (a parent's test card serves its children's scenarios as well).
fn test_card_dirs(root: &Path, ruleset: &str) -> Vec<std::path::PathBuf> {
    let chain: Vec<String> = match crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset) {
        Ok(r) => r.chain.iter().map(|l| l.name.clone()).collect(),
        Err(_) => vec![ruleset.to_string()],
    };
    chain.iter().map(|name| scenario_dir(name).join("cards")).filter(|d| root.join(d).is_dir()).collect()
}

/// Loads a scenario file into an engine's Lua and returns its table.
fn load_scenarios(engine: &Engine, root: &Path, file: &str) -> Result<mlua::Table, String> {
    let k = engine.kernel();
    let source = std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?;
    let env = k.host.new_env().map_err(|e| e.to_string())?;
    let lua = k.host.lua();
    let wrap = lua.create_function(|_, t: mlua::Table| Ok(t)).map_err(|e| e.to_string())?;
    env.raw_set("scenarios", wrap).map_err(|e| e.to_string())?;
    env.raw_set("game", k.game.borrow().clone()).map_err(|e| e.to_string())?;
    let values = k.host.load_chunk(file, &source, &env).map_err(|e| e.message().to_string())?;
    match values.into_iter().next() {
        Some(mlua::Value::Table(t)) => Ok(t),
        _ => Err(format!("{file}: must `return scenarios {{ name = ..., tests = {{ ... }} }}`")),
    }
}

/// Every scenario of the scenario files of `ruleset` (none when it has no folder).
pub fn list_scenarios(root: &Path, ruleset: &str) -> Result<Vec<ScenarioCase>, String> {
    let dir = root.join(scenario_dir(ruleset));
    let mut files: Vec<std::path::PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "lua")).collect(),
        Err(_) => return Ok(vec![]),
    };
    files.sort();
    let setup = GameSetup { ruleset: ruleset.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    let probe = Engine::for_tests(root, &setup, Box::new(ScriptedAgent::default()), &test_card_dirs(root, ruleset))?;
    let mut out = Vec::new();
    for f in files {
        let file = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
        let table = load_scenarios(&probe, root, &file)?;
        let options: Vec<String> = table
            .raw_get::<Option<Vec<String>>>("options")
            .map_err(|e| format!("{file}: options: {e}"))?
            .unwrap_or_default();
        let setup_answers: Vec<(u32, String)> = table
            .raw_get::<Option<Vec<mlua::Table>>>("setup_answers")
            .and_then(|list| {
                list.unwrap_or_default().iter().map(|a| Ok((a.raw_get::<u32>(1)?, a.raw_get::<String>(2)?))).collect()
            })
            .map_err(|e| format!("{file}: setup_answers (a list of {{ player, key }}): {e}"))?;
        let tests: mlua::Table = table.raw_get("tests").map_err(|e| format!("{file}: tests: {e}"))?;
        for (index, entry) in tests.sequence_values::<mlua::Table>().enumerate() {
            let entry = entry.map_err(|e| format!("{file}: tests[{}]: {e}", index + 1))?;
            let test: String =
                entry.raw_get(1).map_err(|e| format!("{file}: tests[{}]: a name first: {e}", index + 1))?;
            let players: Option<usize> = entry.raw_get("players").map_err(|e| e.to_string())?;
            out.push(ScenarioCase {
                ruleset: ruleset.to_string(),
                file: file.clone(),
                test,
                index,
                players: players.unwrap_or(2),
                options: options.clone(),
                setup_answers: setup_answers.clone(),
            });
        }
    }
    Ok(out)
}

/// The scenarios of `ruleset`'s chain (its own, then its parents'), each to be played under
/// `ruleset`'s rules: what a house rule runs to see what it changes.
pub fn list_scenarios_under(root: &Path, ruleset: &str) -> Result<Vec<ScenarioCase>, String> {
    let mut out = Vec::new();
    for name in chain_names(root, ruleset) {
        for mut case in list_scenarios(root, &name)? {
            case.ruleset = ruleset.to_string();
            out.push(case);
        }
    }
    Ok(out)
}

/// Runs one scenario in a fresh game (see [`ScenarioCase`]).
pub fn run_scenario(root: &Path, case: &ScenarioCase) -> Result<(), String> {
    let setup = GameSetup {
        ruleset: case.ruleset.clone(),
        players: case.players,
        seed: 1,
        options: case.options.iter().map(|o| (o.clone(), Value::Bool(true))).collect(),
        names: vec![],
    };
    let cards = test_card_dirs(root, &case.ruleset);
    run_test_game(root, &setup, &cards, &case.setup_answers, None, |engine| {
        let table = load_scenarios(engine, root, &case.file)?;
        test_function(&table.raw_get::<mlua::Table>("tests").map_err(|e| e.to_string())?, case.index)
    })
}
