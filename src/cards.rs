//! Card files: loading one Lua file per card and checking every field and hook name.
//!
//! A card file returns `card { ... }`: its metadata (name, school, kind, range, duration,
//! energy value, traits, legal targets, our own rules text), its hooks, and its own tests. The
//! words a card may use for kind, range, duration, school, traits and targets come from the
//! ruleset's vocabulary, so a new edition brings its own without a kernel change. Anything
//! unknown is an error naming the file and line, with a suggestion when it looks like a typo.

use crate::events::{did_you_mean, hook_names, is_hook_name};
use crate::lua::sandbox::{HostError, LuaHost};
use crate::words::a_or_an;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

/// The words a ruleset allows in card files.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Vocabulary {
    pub kinds: BTreeSet<String>,
    #[serde(default)]
    pub ranges: BTreeSet<String>,
    #[serde(default)]
    pub durations: BTreeSet<String>,
    #[serde(default)]
    pub schools: BTreeSet<String>,
    #[serde(default)]
    pub traits: BTreeSet<String>,
    #[serde(default)]
    pub targets: BTreeSet<String>,
    /// Kinds whose cards must state a `range` (where an edition gives every such card one).
    #[serde(default)]
    pub range_required_for: BTreeSet<String>,
    /// Kinds whose cards must state a `duration`.
    #[serde(default)]
    pub duration_required_for: BTreeSet<String>,
}

/// What a card file says about the card, as plain data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    /// Path under `cards/` without `.lua`: "<edition>/<school>/<card>".
    pub key: String,
    /// The file as named in messages: "cards/<edition>/<school>/<card>.lua".
    pub file: String,
    pub name: String,
    pub school: Option<String>,
    pub kind: String,
    pub range: Option<String>,
    pub duration: Option<String>,
    /// Printed energy value, if any (what the card is worth as a boost).
    pub energy: Option<i64>,
    pub traits: Vec<String>,
    pub targets: Vec<String>,
    pub text: String,
    /// Copies in a school's deck (a deck list may say otherwise).
    pub copies: u32,
    /// Why the card's behaviour is our reconstruction, if it is (`-- reconstructed: why`).
    pub reconstructed: Option<String>,
    /// Hook names the card defines, sorted.
    pub hooks: Vec<String>,
    /// Named actions the card offers while in play (an item's "throw", a spell's "spikes").
    pub actions: Vec<String>,
    /// The card's own tests, in file order.
    pub tests: Vec<CardTest>,
}

/// One of a card's own tests: `{ "name", function(t) ... end, players = 3 }`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardTest {
    pub name: String,
    /// Players in the test's game (default 2): some rules need more seats.
    pub players: usize,
    /// The rulesets whose rule the test checks (empty: every ruleset that loads the card). A
    /// card one edition borrows from another keeps a test of the lending edition's rule (its
    /// durations, its first round) without running it under the borrower's.
    #[serde(default)]
    pub rulesets: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CardError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
    /// The file's other problems, each on a line of its own.
    pub also: Vec<CardError>,
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.file, l, self.message)?,
            None => write!(f, "{}: {}", self.file, self.message)?,
        }
        for more in &self.also {
            write!(f, "\n{more}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CardError {}

const FIELDS: &[&str] = &[
    "name", "school", "kind", "range", "duration", "energy", "traits", "targets", "text", "copies", "actions", "tests",
];

/// The line where `field = ...` is first written in the source, for messages.
fn field_line(source: &str, field: &str) -> Option<usize> {
    source
        .lines()
        .position(|l| {
            let t = l.trim_start();
            t.strip_prefix(field)
                .is_some_and(|rest| rest.trim_start().starts_with('=') && !rest.trim_start().starts_with("=="))
        })
        .map(|i| i + 1)
}

fn reconstructed_note(source: &str) -> Option<String> {
    source.lines().find_map(|l| l.trim().strip_prefix("-- reconstructed:").map(|r| r.trim().to_string()))
}

/// Loads and checks one card file. `root` is the folder holding `cards/` (the project root);
/// `path` is relative to it. The returned table holds the card's hooks for the host to call,
/// and its test functions only if `keep_tests` (a game card tests run in): a game never calls
/// them, and they are half of a card file's code, so keeping them would make every game's
/// Lua heap larger and its collector slower. Their names are read and checked either way.
pub fn load_card(
    host: &LuaHost,
    vocab: &Vocabulary,
    root: &Path,
    path: &Path,
    keep_tests: bool,
) -> Result<(CardDef, mlua::Table), CardError> {
    load_card_from(host, vocab, root, path, path, keep_tests)
}

/// [`load_card`] of the card file `path` with the source of `source` in its place (a variant
/// an A/B experiment plays instead of the shipped card): the card keeps the shipped file's
/// key, so decks are built and shuffled alike, and errors name the file read.
pub fn load_card_from(
    host: &LuaHost,
    vocab: &Vocabulary,
    root: &Path,
    path: &Path,
    source: &Path,
    keep_tests: bool,
) -> Result<(CardDef, mlua::Table), CardError> {
    let shipped = path.to_string_lossy().replace('\\', "/");
    let file = source.to_string_lossy().replace('\\', "/");
    let err = |line: Option<usize>, message: String| CardError { file: file.clone(), line, message, also: vec![] };
    // The key: the path without `.lua`, and without `cards/` for the cards of rulesets.
    let key = shipped
        .strip_suffix(".lua")
        .map(|k| k.strip_prefix("cards/").unwrap_or(k))
        .ok_or_else(|| err(None, "card files end in .lua".into()))?
        .to_string();
    if !file.ends_with(".lua") {
        return Err(err(None, "card files end in .lua".into()));
    }
    let source = std::fs::read_to_string(root.join(source)).map_err(|e| err(None, format!("cannot read: {e}")))?;

    let lua = host.lua();
    let memory_before = lua.used_memory();
    let env = host.new_env().map_err(|e| err(None, e.to_string()))?;
    let card_fn = lua
        .create_function(|_, t: mlua::Value| match t {
            mlua::Value::Table(t) => Ok(t),
            other => Err(mlua::Error::runtime(format!("card {{ ... }} expects a table, got {}", other.type_name()))),
        })
        .map_err(|e| err(None, e.to_string()))?;
    env.raw_set("card", card_fn).map_err(|e| err(None, e.to_string()))?;
    let values = host.load_chunk(&file, &source, &env).map_err(|e| host_error(&file, e))?;
    host.freeze_env(&env).map_err(|e| err(None, e.to_string()))?;
    let table = match values.into_iter().next() {
        Some(mlua::Value::Table(t)) => t,
        _ => return Err(err(None, "the file must `return card { ... }`".into())),
    };
    let def = check_card(&table, &source, vocab, &file, &key)?;
    if !keep_tests {
        table.raw_set("tests", mlua::Value::Nil).map_err(|e| err(None, e.to_string()))?;
    }
    // A card keeps no state in its own table: its hooks are fixed once it has loaded (the
    // kernel looks each one up once); nor in its nested tables or the locals its functions
    // share, all frozen now.
    host.read_only(&table).map_err(|e| err(None, e.to_string()))?;
    host.freeze_loaded(&mlua::Value::Table(table.clone())).map_err(|e| err(None, e.to_string()))?;
    host.freeze_loaded(&mlua::Value::Table(env)).map_err(|e| err(None, e.to_string()))?;
    // What the card keeps from loading (its code, texts, tables) is its for as long as the
    // engine lives, inside the memory cap every script shares: a card that keeps more than a
    // card needs is named here, not a later script that runs out of memory.
    let kept = |lua: &mlua::Lua| lua.used_memory().saturating_sub(memory_before);
    if kept(lua) > CARD_MEMORY_BYTES && lua.gc_collect().is_ok() && kept(lua) > CARD_MEMORY_BYTES {
        return Err(err(
            None,
            format!(
                "keeps {} bytes once loaded (a card may keep {CARD_MEMORY_BYTES}): make big data inside the hooks that use it",
                kept(lua)
            ),
        ));
    }
    Ok((def, table))
}

/// What one card file may keep in memory once loaded (the shipped ones keep a few tens of KB).
pub const CARD_MEMORY_BYTES: usize = 2 * 1024 * 1024;

fn host_error(file: &str, e: HostError) -> CardError {
    // The host's messages already carry "file:line:": take them apart, so the file is named once.
    let msg = e.to_string();
    if let Some(rest) = msg.strip_prefix(&format!("{file}:")) {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if let (Ok(line), Some(message)) = (rest[..digits].parse(), rest[digits..].strip_prefix(": ")) {
            return CardError { file: file.to_string(), line: Some(line), message: message.to_string(), also: vec![] };
        }
    }
    CardError {
        file: file.to_string(),
        line: None,
        message: msg.trim_start_matches(&format!("{file}: ")).to_string(),
        also: vec![],
    }
}

fn get_string(t: &mlua::Table, k: &str) -> Result<Option<String>, String> {
    match t.raw_get::<mlua::Value>(k).map_err(|e| e.to_string())? {
        mlua::Value::Nil => Ok(None),
        mlua::Value::String(s) => Ok(Some(s.to_str().map_err(|e| e.to_string())?.to_string())),
        other => Err(format!("`{k}` must be a string, not {}", a_or_an(other.type_name()))),
    }
}

fn get_list(t: &mlua::Table, k: &str) -> Result<Vec<String>, String> {
    match t.raw_get::<mlua::Value>(k).map_err(|e| e.to_string())? {
        mlua::Value::Nil => Ok(Vec::new()),
        mlua::Value::Table(list) => {
            let mut v = Vec::new();
            for i in 1..=list.raw_len() {
                match list.raw_get::<mlua::Value>(i).map_err(|e| e.to_string())? {
                    mlua::Value::String(s) => v.push(s.to_str().map_err(|e| e.to_string())?.to_string()),
                    other => {
                        return Err(format!("`{k}` must list strings; entry {i} is {}", a_or_an(other.type_name())))
                    }
                }
            }
            Ok(v)
        }
        other => Err(format!("`{k}` must be a list of strings, not {}", a_or_an(other.type_name()))),
    }
}

fn check_word(value: &str, field: &str, allowed: &BTreeSet<String>) -> Result<(), String> {
    if allowed.contains(value) {
        return Ok(());
    }
    let hint = did_you_mean(value, allowed.iter().map(|s| s.as_str()))
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default();
    let known: Vec<&str> = allowed.iter().map(|s| s.as_str()).collect();
    Err(format!("{field} `{value}` is not one this ruleset knows{hint}; expected one of: {}", known.join(", ")))
}

/// The value of `r`, or None with its error noted among `problems`.
fn keep<T>(problems: &std::cell::RefCell<Vec<CardError>>, r: Result<T, CardError>) -> Option<T> {
    r.map_err(|e| problems.borrow_mut().push(e)).ok()
}

fn check_card(t: &mlua::Table, source: &str, vocab: &Vocabulary, file: &str, key: &str) -> Result<CardDef, CardError> {
    let at = |field: &str, message: String| CardError {
        file: file.to_string(),
        line: field_line(source, field),
        message,
        also: vec![],
    };
    // Every problem of the file is reported at once (five typos, one run of `check`).
    let problems = std::cell::RefCell::new(Vec::<CardError>::new());
    let note = |e: CardError| problems.borrow_mut().push(e);
    let mut hooks = Vec::new();
    let mut keys = Vec::new();
    for pair in t.clone().pairs::<mlua::Value, mlua::Value>() {
        let (k, v) = pair.map_err(|e| at("", e.to_string()))?;
        match k {
            mlua::Value::String(s) => keys.push((s.to_str().map_err(|e| at("", e.to_string()))?.to_string(), v)),
            other => note(at("", format!("card fields are named; found {} key", a_or_an(other.type_name())))),
        }
    }
    keys.sort_by(|a, b| a.0.cmp(&b.0));
    for (k, v) in &keys {
        if FIELDS.contains(&k.as_str()) {
            continue;
        }
        if is_hook_name(k) {
            match v {
                mlua::Value::Function(_) => hooks.push(k.clone()),
                _ => note(at(k, format!("hook `{k}` must be a function, not {}", a_or_an(v.type_name())))),
            }
            continue;
        }
        let names = hook_names();
        let known = FIELDS.iter().copied().chain(names.iter().map(|s| s.as_str()));
        let hint = did_you_mean(k, known).map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default();
        let what =
            if k.starts_with("on_") || k.starts_with("before_") || k.starts_with("can_") { "hook" } else { "field" };
        note(at(k, format!("unknown {what} `{k}`{hint}")));
    }

    let req_str = |k: &str| -> Result<String, CardError> {
        match get_string(t, k).map_err(|m| at(k, m))? {
            Some(s) if !s.trim().is_empty() => Ok(s),
            _ => Err(at(k, format!("missing `{k}` (a non-empty string)"))),
        }
    };
    let opt_word = |k: &str, allowed: &BTreeSet<String>| -> Result<Option<String>, CardError> {
        let v = get_string(t, k).map_err(|m| at(k, m))?;
        if let Some(w) = &v {
            check_word(w, k, allowed).map_err(|m| at(k, m))?;
        }
        Ok(v)
    };
    let name = keep(&problems, req_str("name")).unwrap_or_default();
    let text = keep(&problems, req_str("text")).unwrap_or_default();
    // Names and texts reach people's terminals: no escape codes (nor any control character;
    // a text may break its lines).
    if name.chars().any(char::is_control) {
        note(at("name", format!("the name {name:?} holds a control character (names are plain text)")));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        note(at("text", "the text holds a control character (texts are plain text)".into()));
    }
    let kind = keep(&problems, req_str("kind")).unwrap_or_default();
    if !kind.is_empty() {
        keep(&problems, check_word(&kind, "kind", &vocab.kinds).map_err(|m| at("kind", m)));
    }
    // Absent, not merely wrong: a field of the wrong type has its own message already.
    let absent = |field: &str| matches!(get_string(t, field), Ok(None));
    let school = keep(&problems, opt_word("school", &vocab.schools)).flatten();
    if school.is_none() && !vocab.schools.is_empty() && absent("school") {
        note(at("name", "missing `school`".into()));
    }
    let range = keep(&problems, opt_word("range", &vocab.ranges)).flatten();
    let duration = keep(&problems, opt_word("duration", &vocab.durations)).flatten();
    let required = |field: &str, value: &Option<String>, kinds: &BTreeSet<String>, allowed: &BTreeSet<String>| {
        if value.is_none() && kinds.contains(&kind) && absent(field) {
            let words: Vec<&str> = allowed.iter().map(String::as_str).collect();
            note(at("kind", format!("missing `{field}`: a card of kind `{kind}` needs one ({})", words.join(", "))));
        }
    };
    required("range", &range, &vocab.range_required_for, &vocab.ranges);
    required("duration", &duration, &vocab.duration_required_for, &vocab.durations);
    let traits = keep(&problems, get_list(t, "traits").map_err(|m| at("traits", m))).unwrap_or_default();
    for tr in &traits {
        keep(&problems, check_word(tr, "trait", &vocab.traits).map_err(|m| at("traits", m)));
    }
    let targets = keep(&problems, get_list(t, "targets").map_err(|m| at("targets", m))).unwrap_or_default();
    for tg in &targets {
        keep(&problems, check_word(tg, "target", &vocab.targets).map_err(|m| at("targets", m)));
    }
    let int_field = |k: &str, lo: i64, hi: i64| -> Result<Option<i64>, CardError> {
        match t.raw_get::<mlua::Value>(k).map_err(|e| at(k, e.to_string()))? {
            mlua::Value::Nil => Ok(None),
            mlua::Value::Integer(i) if (lo..=hi).contains(&i) => Ok(Some(i)),
            mlua::Value::Integer(i) => Err(at(k, format!("`{k}` = {i} is out of range {lo}..={hi}"))),
            other => Err(at(k, format!("`{k}` must be a whole number, not {}", a_or_an(other.type_name())))),
        }
    };
    let energy = keep(&problems, int_field("energy", 0, 20)).flatten();
    let copies = keep(&problems, int_field("copies", 1, 20)).flatten().unwrap_or(1) as u32;

    let mut actions = Vec::new();
    match t.raw_get::<mlua::Value>("actions").map_err(|e| at("actions", e.to_string()))? {
        mlua::Value::Nil => {}
        mlua::Value::Table(a) => {
            for pair in a.pairs::<String, mlua::Value>() {
                let Some((name, spec)) =
                    keep(&problems, pair.map_err(|e| at("actions", format!("actions are named tables: {e}"))))
                else {
                    continue;
                };
                let ok = matches!(&spec, mlua::Value::Table(s) if matches!(s.raw_get::<mlua::Value>("run"), Ok(mlua::Value::Function(_))));
                if ok {
                    actions.push(name);
                } else {
                    note(at("actions", format!("action `{name}` must be a table with a `run` function")));
                }
            }
            actions.sort();
        }
        other => note(at("actions", format!("`actions` must be a table, not {}", a_or_an(other.type_name())))),
    }

    let mut tests = Vec::new();
    match t.raw_get::<mlua::Value>("tests").map_err(|e| at("tests", e.to_string()))? {
        mlua::Value::Nil => {}
        mlua::Value::Table(list) => {
            for i in 1..=list.raw_len() {
                let entry: mlua::Value = list.raw_get(i).map_err(|e| at("tests", e.to_string()))?;
                let shape = || at("tests", format!("test {i} must be {{ \"name\", function(t) ... end }}"));
                let mlua::Value::Table(entry) = entry else {
                    note(shape());
                    continue;
                };
                let name: Option<String> = entry.raw_get(1).ok();
                let func = matches!(entry.raw_get::<mlua::Value>(2), Ok(mlua::Value::Function(_)));
                let players = match entry.raw_get::<mlua::Value>("players") {
                    Ok(mlua::Value::Nil) => 2,
                    Ok(mlua::Value::Integer(n)) if (1..=8).contains(&n) => n as usize,
                    _ => {
                        note(at("tests", format!("test {i}: `players` must be a whole number from 1 to 8")));
                        continue;
                    }
                };
                let rulesets = match entry.raw_get::<mlua::Value>("rulesets") {
                    Ok(mlua::Value::Nil) => Vec::new(),
                    Ok(mlua::Value::Table(names)) => {
                        match names.sequence_values::<String>().collect::<Result<Vec<_>, _>>() {
                            Ok(names) if !names.is_empty() => names,
                            _ => {
                                note(at("tests", format!("test {i}: `rulesets` must be a list of ruleset names")));
                                continue;
                            }
                        }
                    }
                    _ => {
                        note(at("tests", format!("test {i}: `rulesets` must be a list of ruleset names")));
                        continue;
                    }
                };
                match (name, func) {
                    (Some(n), true) if !tests.iter().any(|t: &CardTest| t.name == n) => {
                        tests.push(CardTest { name: n, players, rulesets })
                    }
                    (Some(n), true) => note(at("tests", format!("two tests are named `{n}`"))),
                    _ => note(shape()),
                }
            }
        }
        other => note(at("tests", format!("`tests` must be a list, not {}", a_or_an(other.type_name())))),
    }

    let mut problems = problems.into_inner();
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.line.unwrap_or(0));
        let mut first = problems.remove(0);
        first.also = problems;
        return Err(first);
    }

    hooks.sort();
    Ok(CardDef {
        key: key.to_string(),
        file: file.to_string(),
        name,
        school,
        kind,
        range,
        duration,
        energy,
        traits,
        targets,
        text,
        copies,
        reconstructed: reconstructed_note(source),
        hooks,
        actions,
        tests,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lua::sandbox::Limits;

    fn vocabulary() -> Vocabulary {
        let mut v = Vocabulary::default();
        v.kinds.insert("attack".into());
        v.ranges.insert("anywhere".into());
        v.targets.insert("wizard".into());
        v
    }

    /// A game keeps a card's hooks but not its test functions (no game calls them); a game
    /// card tests run in keeps both. The tests' names are read and checked either way.
    #[test]
    fn test_functions_are_kept_only_for_tests() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/engine");
        let path = Path::new("cards/toy/zap.lua");
        for keep in [false, true] {
            let host = LuaHost::new(Limits::default()).unwrap();
            let (def, table) = load_card(&host, &vocabulary(), &root, path, keep).unwrap();
            assert_eq!(def.tests.len(), 5);
            assert_eq!(def.tests[0].name, "deals 2 to the target");
            assert!(matches!(table.raw_get::<mlua::Value>("resolve").unwrap(), mlua::Value::Function(_)));
            let tests = table.raw_get::<mlua::Value>("tests").unwrap();
            assert_eq!(matches!(tests, mlua::Value::Table(_)), keep, "keep_tests = {keep}");
        }
    }
}
