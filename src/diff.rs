//! `wizwar diff A B`: what changes between two rulesets, read from their own data (no rule is
//! known here): config numbers that differ, options and phases only in one, the Lua modules
//! and functions each ruleset's own folder defines, and cards only in one or declared
//! differently. For rules lawyers comparing editions, and designers checking a variant.

use crate::cards::CardDef;
use crate::cli::SCREEN_WIDTH;
use crate::engine::{Engine, GameSetup};
use crate::ruleset::Ruleset;
use crate::value::Value;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One value on each side (`None`: absent on that side).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    pub key: String,
    pub a: Option<String>,
    pub b: Option<String>,
}

/// A ruleset's own Lua: its files and the functions each one defines.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct OwnLua {
    /// Lines of Lua in the ruleset's own folder (comments and blank lines included).
    pub lines: usize,
    /// File name -> the functions it defines or replaces (`tally`, `phases.upkeep`).
    pub modules: BTreeMap<String, Vec<String>>,
}

/// A card of the same name declared differently: the fields that differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardChange {
    pub name: String,
    pub fields: Vec<Pair>,
}

/// Everything `diff` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulesetDiff {
    pub a: String,
    pub b: String,
    /// What each extends (its chain, itself first).
    pub chain_a: Vec<String>,
    pub chain_b: Vec<String>,
    pub config: Vec<Pair>,
    pub options_only_a: Vec<String>,
    pub options_only_b: Vec<String>,
    pub phases_a: Vec<String>,
    pub phases_b: Vec<String>,
    pub lua_a: OwnLua,
    pub lua_b: OwnLua,
    pub cards_only_a: Vec<String>,
    pub cards_only_b: Vec<String>,
    pub cards_changed: Vec<CardChange>,
}

/// Compares rulesets `a` and `b` under `root` (each loaded as a game would load it).
pub fn diff(root: &Path, a: &str, b: &str) -> Result<RulesetDiff, String> {
    let (ra, ca) = load(root, a)?;
    let (rb, cb) = load(root, b)?;
    let (options_only_a, options_only_b) = only_in_each(
        ra.file.options.iter().map(|o| o.name.clone()).collect(),
        rb.file.options.iter().map(|o| o.name.clone()).collect(),
    );
    let (cards_only_a, cards_only_b) = only_in_each(ca.keys().cloned().collect(), cb.keys().cloned().collect());
    let cards_changed = ca
        .iter()
        .filter_map(|(name, da)| {
            let db = cb.get(name)?;
            let fields = card_fields(da, db);
            (!fields.is_empty()).then(|| CardChange { name: name.clone(), fields })
        })
        .collect();
    let chain_a: Vec<String> = ra.chain.iter().map(|l| l.name.clone()).collect();
    let chain_b: Vec<String> = rb.chain.iter().map(|l| l.name.clone()).collect();
    // A ruleset against one it extends (a house rule against its base): of the base's own Lua,
    // only the files the variant's folder changes, not all the variant inherits untouched.
    let (mut lua_a, mut lua_b) = (own_lua(&ra.dir), own_lua(&rb.dir));
    if chain_b[1..].contains(&a.to_string()) {
        lua_a.modules.retain(|file, _| lua_b.modules.contains_key(file));
    }
    if chain_a[1..].contains(&b.to_string()) {
        lua_b.modules.retain(|file, _| lua_a.modules.contains_key(file));
    }
    Ok(RulesetDiff {
        a: a.to_string(),
        b: b.to_string(),
        chain_a,
        chain_b,
        config: pairs_that_differ(&flatten(&ra.config), &flatten(&rb.config)),
        options_only_a,
        options_only_b,
        phases_a: ra.file.phases.iter().map(|p| p.name.clone()).collect(),
        phases_b: rb.file.phases.iter().map(|p| p.name.clone()).collect(),
        lua_a,
        lua_b,
        cards_only_a,
        cards_only_b,
        cards_changed,
    })
}

/// The ruleset, and its cards by name, as a game of two loads them.
fn load(root: &Path, name: &str) -> Result<(Ruleset, BTreeMap<String, CardDef>), String> {
    let ruleset = Ruleset::load(&root.join("rulesets"), name)?;
    let setup = GameSetup { ruleset: name.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    let engine = Engine::new(root, &setup, Box::new(crate::decision::RandomAgent::new(1)))?;
    let cards = engine.card_defs().map(|d| (d.name.clone(), d.clone())).collect();
    Ok((ruleset, cards))
}

fn only_in_each(a: BTreeSet<String>, b: BTreeSet<String>) -> (Vec<String>, Vec<String>) {
    (a.difference(&b).cloned().collect(), b.difference(&a).cloned().collect())
}

/// A config as dotted keys (`decks.fire."a/b"` is `decks.fire.a/b`)
/// and readable values; lists stay whole.
fn flatten(v: &Value) -> BTreeMap<String, String> {
    fn walk(prefix: &str, v: &Value, out: &mut BTreeMap<String, String>) {
        match v {
            Value::Map(m) if !m.is_empty() => {
                for (k, x) in m {
                    let key = if prefix.is_empty() { k.to_string() } else { format!("{prefix}.{k}") };
                    walk(&key, x, out);
                }
            }
            other => {
                out.insert(prefix.to_string(), other.to_string());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk("", v, &mut out);
    out
}

fn pairs_that_differ(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> Vec<Pair> {
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| Pair { key: k.clone(), a: a.get(k).cloned(), b: b.get(k).cloned() })
        .collect()
}

/// The declared fields of two cards of one name that differ.
fn card_fields(a: &CardDef, b: &CardDef) -> Vec<Pair> {
    let fields = |d: &CardDef| -> BTreeMap<String, String> {
        let opt = |o: &Option<String>| o.clone().unwrap_or_default();
        [
            ("kind", d.kind.clone()),
            ("range", opt(&d.range)),
            ("duration", opt(&d.duration)),
            ("energy", d.energy.map(|e| e.to_string()).unwrap_or_default()),
            ("traits", d.traits.join(", ")),
            ("targets", d.targets.join(", ")),
            ("copies", d.copies.to_string()),
            ("text", d.text.clone()),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    };
    pairs_that_differ(&fields(a), &fields(b))
}

/// The Lua files of a ruleset's own folder and the functions each defines at its top level
/// (`function M.name(`, `function rules.phases.name(`, `M.name = ...`), named without the
/// table they hang on.
fn own_lua(dir: &Path) -> OwnLua {
    let mut own = OwnLua::default();
    let Ok(entries) = std::fs::read_dir(dir) else { return own };
    let mut files: Vec<_> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "lua")).collect();
    files.sort();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        own.lines += text.lines().count();
        let mut names: Vec<String> = text.lines().filter_map(defined_name).collect();
        names.sort();
        names.dedup();
        let file = path.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default();
        own.modules.insert(file, names);
    }
    own
}

/// `function M.tally(game, p)` -> `tally`; `function rules.phases.upkeep(game)` ->
/// `phases.upkeep`; `rules.tally = counts.tally` -> `tally`; local functions and
/// indented lines are the file's own business.
fn defined_name(line: &str) -> Option<String> {
    let path = if let Some(rest) = line.strip_prefix("function ") {
        rest.split('(').next()?.trim()
    } else {
        let (lhs, rhs) = line.split_once('=')?;
        if rhs.starts_with('=') || lhs.starts_with(' ') || lhs.starts_with("local ") || lhs.starts_with("--") {
            return None;
        }
        lhs.trim()
    };
    let valid = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == ':');
    if !valid(path) || !path.contains(['.', ':']) {
        return None;
    }
    let (_, name) = path.split_once(['.', ':'])?;
    Some(name.replace(':', "."))
}

/// The report for a person: only what differs, `A` on the left.
pub fn render(d: &RulesetDiff) -> String {
    let (a, b) = (&d.a, &d.b);
    let mut out = vec![format!("{a} ({}) against {b} ({})", d.chain_a.join(" < "), d.chain_b.join(" < "))];
    // (the key and its two values fit 80 columns: 2 + 44 + 2 + 15 + 2 + 15)
    let width = d.config.iter().map(|p| p.key.chars().count()).max().unwrap_or(0).clamp(10, 44);
    let shown = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    out.push(String::new());
    if d.config.is_empty() {
        out.push("config: the same numbers".into());
    } else {
        out.push(format!("config ({} differ)", d.config.len()));
        out.push(format!("  {:width$}  {:>15}  {:>15}", "", clip(a, 15), clip(b, 15)));
        for p in &d.config {
            let (va, vb) = (clip(&shown(&p.a), 15), clip(&shown(&p.b), 15));
            out.push(format!("  {:width$}  {va:>15}  {vb:>15}", clip(&p.key, width)));
        }
    }
    out.push(String::new());
    list(&mut out, &format!("options only in {a}"), &d.options_only_a);
    list(&mut out, &format!("options only in {b}"), &d.options_only_b);
    if d.phases_a == d.phases_b {
        out.extend(crate::cli::hanging("phases: the same: ", &d.phases_a.join(", "), SCREEN_WIDTH));
    } else {
        out.extend(crate::cli::hanging(&format!("phases of {a}: "), &d.phases_a.join(", "), SCREEN_WIDTH));
        out.extend(crate::cli::hanging(&format!("phases of {b}: "), &d.phases_b.join(", "), SCREEN_WIDTH));
    }
    out.push(String::new());
    out.push(format!("own Lua: {a} {} lines, {b} {} lines", d.lua_a.lines, d.lua_b.lines));
    out.push("  (each ruleset's folder alone; the rest comes from the rulesets it extends)".into());
    let files: BTreeSet<&String> = d.lua_a.modules.keys().chain(d.lua_b.modules.keys()).collect();
    for f in files {
        let fa: BTreeSet<&String> = d.lua_a.modules.get(f).map(|v| v.iter().collect()).unwrap_or_default();
        let fb: BTreeSet<&String> = d.lua_b.modules.get(f).map(|v| v.iter().collect()).unwrap_or_default();
        let side = match (d.lua_a.modules.contains_key(f), d.lua_b.modules.contains_key(f)) {
            (true, true) => "in both folders".to_string(),
            (true, false) => format!("in {a}'s folder only"),
            _ => format!("in {b}'s folder only"),
        };
        out.push(format!("  {f} ({side})"));
        let only_a: Vec<&str> = fa.difference(&fb).map(|s| s.as_str()).collect();
        let only_b: Vec<&str> = fb.difference(&fa).map(|s| s.as_str()).collect();
        let both: Vec<&str> = fa.intersection(&fb).map(|s| s.as_str()).collect();
        if !both.is_empty() {
            out.extend(crate::cli::hanging("    both define: ", &both.join(", "), SCREEN_WIDTH));
        }
        if !only_a.is_empty() {
            out.extend(crate::cli::hanging(&format!("    {a}'s: "), &only_a.join(", "), SCREEN_WIDTH));
        }
        if !only_b.is_empty() {
            out.extend(crate::cli::hanging(&format!("    {b}'s: "), &only_b.join(", "), SCREEN_WIDTH));
        }
    }
    out.push(String::new());
    list(&mut out, &format!("cards only in {a}"), &d.cards_only_a);
    list(&mut out, &format!("cards only in {b}"), &d.cards_only_b);
    if d.cards_changed.is_empty() {
        out.push("cards in both: declared the same".into());
    } else {
        out.push(format!("cards in both, declared differently ({}):", d.cards_changed.len()));
        for c in &d.cards_changed {
            out.push(format!("  {}", c.name));
            for p in &c.fields {
                let (va, vb) = (shown(&p.a), shown(&p.b));
                let line = format!("    {}: {va} | {vb}", p.key);
                if line.chars().count() <= SCREEN_WIDTH {
                    out.push(line);
                    continue;
                }
                // (too long for one line, as a card's text is: each side on a line of its own,
                // clipped to what is left of the 80 columns, or to 20 after a very long name)
                let (la, lb) = (format!("    {}, {a}: ", p.key), format!("    {}, {b}: ", p.key));
                let at = la.chars().count().max(lb.chars().count());
                let room = 80usize.saturating_sub(at).max(20);
                out.push(format!("{la:at$}{}", clip(&va, room)));
                out.push(format!("{lb:at$}{}", clip(&vb, room)));
            }
        }
    }
    out.join("\n")
}

/// A titled list, wrapped to 80 columns.
fn list(out: &mut Vec<String>, title: &str, items: &[String]) {
    if items.is_empty() {
        out.push(format!("{title}: none"));
        return;
    }
    out.push(format!("{title} ({}):", items.len()));
    let mut line = String::from(" ");
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() { format!(" {item},") } else { format!(" {item}") };
        if line.chars().count() + piece.chars().count() > SCREEN_WIDTH && line.len() > 1 {
            out.push(std::mem::replace(&mut line, String::from(" ")));
        }
        line.push_str(&piece);
    }
    out.push(line);
}

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_level_definitions_are_named_without_their_table() {
        assert_eq!(defined_name("function M.tally(game, p)"), Some("tally".into()));
        assert_eq!(defined_name("function rules.phases.upkeep(game)"), Some("phases.upkeep".into()));
        assert_eq!(defined_name("rules.tally = counts.tally"), Some("tally".into()));
        assert_eq!(defined_name("function H:damage(t, n)"), Some("damage".into()));
        assert_eq!(defined_name("local function helper(x)"), None);
        assert_eq!(defined_name("  x.y = 3"), None, "indented: inside a function");
        assert_eq!(defined_name("if a == b then"), None);
        assert_eq!(defined_name("local M = {}"), None);
    }

    #[test]
    fn nested_config_is_compared_key_by_key() {
        let mut inner = crate::value::Map::new();
        inner.insert("x", Value::Int(1));
        let mut a = crate::value::Map::new();
        a.insert("life", Value::Int(15));
        a.insert("decks", Value::Map(inner.clone()));
        let mut b = a.clone();
        b.insert("life", Value::Int(10));
        inner.insert("y", Value::Int(2));
        b.insert("decks", Value::Map(inner));
        let d = pairs_that_differ(&flatten(&Value::Map(a)), &flatten(&Value::Map(b)));
        assert_eq!(
            d,
            vec![
                Pair { key: "decks.y".into(), a: None, b: Some("2".into()) },
                Pair { key: "life".into(), a: Some("15".into()), b: Some("10".into()) },
            ]
        );
    }
}
