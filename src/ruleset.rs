//! Rulesets: one folder per edition (or house rules) under `rulesets/`.
//!
//! `ruleset.toml` holds what is data: the words card files may use, the optional rules, the
//! phases of a turn, where the boards and cards are, and any numbers and lists the rules read
//! (passed to Lua untouched as `config`). `rules.lua` and the folder's other Lua files (its
//! modules, `require("rules.x")`) hold the behaviour. The kernel reads only the keys below; it
//! never learns what an edition means by them.
//!
//! A ruleset may extend another (`extends = "name"`): the parent's `ruleset.toml` is merged
//! under the child's (see [`merge_into`]), and its Lua files form a chain. A file of the same
//! name in both is loaded parent first; the child's file then runs with the parent's result as
//! the global `base` and returns the result (usually `base` itself, a few functions replaced),
//! so a child overrides one function without copying a file. An `abstract` ruleset (shared
//! mechanics) is only extended, never played.

use crate::cards::Vocabulary;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// An optional rule, switched on or off at game start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionSpec {
    pub name: String,
    pub doc: String,
    #[serde(default)]
    pub default: bool,
}

/// A phase of a turn. A plain phase is one call to `rules.phases[name]`; a `loop` phase asks
/// for actions (`rules.actions`, `rules.perform`) until one ends it: of the turn's active
/// seat, or with `actor = "rules"` of the seat `rules.next_actor(game, phase)` names before
/// each action (nil ends the phase), so a phase can pass from seat to seat: movement player by
/// player, actions in an order the rules work out again after every action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseSpec {
    pub name: String,
    #[serde(default, rename = "loop")]
    pub action_loop: bool,
    #[serde(default, skip_serializing_if = "Actor::is_turn")]
    pub actor: Actor,
}

/// Who a loop phase asks: see [`PhaseSpec`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    #[default]
    Turn,
    Rules,
}

impl Actor {
    fn is_turn(&self) -> bool {
        *self == Actor::Turn
    }
}

/// How turns pass (`[turn]`): seat after seat (the default), or `shared = true`: every turn
/// belongs to all seats, its phases dividing it among them (`actor = "rules"`); the turn's
/// number and round go up together and no seat is passed over.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    #[serde(default)]
    pub shared: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesetFile {
    pub name: String,
    pub title: String,
    /// The ruleset this one extends (its folder name), if any: see [`Ruleset::load`].
    #[serde(default)]
    pub extends: Option<String>,
    /// An abstract ruleset (shared mechanics) is only extended, never played.
    #[serde(default, rename = "abstract")]
    pub is_abstract: bool,
    /// The Lua file with the behaviour, relative to each ruleset folder of the chain.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// The board set, relative to the nearest ruleset folder of the chain that has it.
    #[serde(default = "default_boards")]
    pub boards: String,
    /// Folders under `cards/` whose card files this ruleset loads.
    #[serde(default)]
    pub card_dirs: Vec<String>,
    #[serde(default)]
    pub vocabulary: Vocabulary,
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    #[serde(default)]
    pub phases: Vec<PhaseSpec>,
    #[serde(default)]
    pub turn: TurnSpec,
    /// The kind of each seat's own figure, which the kernel makes on a board of sectors (the
    /// ruleset's word for the piece a seat plays).
    #[serde(default = "default_seat_figure")]
    pub seat_figure: String,
    /// Numbers and lists for the rules; the kernel passes them to Lua as `config`.
    #[serde(default)]
    pub config: toml::Table,
    /// The type of every `[config]` key: "integer", "boolean", "string", "list" or "table",
    /// with a `?` where the key may be left out. Where a chain declares types, a key of
    /// another type, a key declared nowhere or a required key left out is a loading error.
    #[serde(default)]
    pub config_types: BTreeMap<String, String>,
    /// What the ruleset hides from whom (`view::Visibility`): everything else is public.
    #[serde(default)]
    pub visibility: crate::view::Visibility,
}

/// What one `ruleset.toml` may say: every field is optional, since a ruleset that extends
/// another inherits what it leaves out. Read first, file by file, for errors with lines.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read only to check each file's keys and types
struct RulesetPatch {
    name: String,
    title: Option<String>,
    extends: Option<String>,
    #[serde(rename = "abstract")]
    is_abstract: Option<bool>,
    rules: Option<String>,
    boards: Option<String>,
    card_dirs: Option<Vec<String>>,
    vocabulary: Option<toml::Table>,
    options: Option<Vec<OptionPatch>>,
    phases: Option<Vec<PhaseSpec>>,
    turn: Option<TurnSpec>,
    seat_figure: Option<String>,
    config: Option<toml::Table>,
    config_types: Option<BTreeMap<String, String>>,
    visibility: Option<crate::view::Visibility>,
}

/// An option as one file may give it: a new one, or an inherited one with another default.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct OptionPatch {
    name: String,
    doc: Option<String>,
    default: Option<bool>,
}

fn default_rules() -> String {
    "rules.lua".into()
}
fn default_boards() -> String {
    "boards/boards.toml".into()
}
fn default_seat_figure() -> String {
    "figure".into()
}

/// One folder of a ruleset's chain: the ruleset itself, then what it extends.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    pub name: String,
    pub dir: PathBuf,
}

/// A ruleset file, read and checked and merged with the rulesets it extends, with the folders
/// it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    /// The ruleset's own folder.
    pub dir: PathBuf,
    /// Its folder first, then the folder of each ruleset it extends, in order.
    pub chain: Vec<Layer>,
    pub file: RulesetFile,
    pub config: Value,
    /// What the ruleset's own `ruleset.toml` says, before merging (what it changes).
    pub own: toml::Table,
}

/// Converts TOML data to kernel `Value`s (floats are refused: the rules use whole numbers).
pub fn toml_to_value(v: &toml::Value) -> Result<Value, String> {
    Ok(match v {
        toml::Value::String(s) => Value::Str(s.clone()),
        toml::Value::Integer(i) => Value::Int(*i),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Float(f) => return Err(format!("{f}: numbers in rulesets are whole numbers")),
        toml::Value::Datetime(d) => Value::Str(d.to_string()),
        toml::Value::Array(a) => Value::List(a.iter().map(toml_to_value).collect::<Result<_, _>>()?),
        toml::Value::Table(t) => {
            let mut m = crate::value::Map::new();
            for (k, x) in t {
                m.insert(k.clone(), toml_to_value(x).map_err(|e| format!("{k}: {e}"))?);
            }
            Value::Map(m)
        }
    })
}

/// Line number (1-based) of a byte offset.
fn line_of(source: &str, offset: usize) -> usize {
    source[..offset.min(source.len())].matches('\n').count() + 1
}

/// Merges a child's `ruleset.toml` table into its parent's: numbers and lists of `[config]`
/// key by key (a table into a table, anything else replaced), the vocabulary's word lists
/// joined, options by name (a child may change an inherited option's default), everything
/// else replaced where the child gives it. `extends` and `abstract` are never inherited.
fn merge_into(parent: &mut toml::Table, child: toml::Table) {
    parent.remove("extends");
    parent.remove("abstract");
    for (k, v) in child {
        match (k.as_str(), parent.get_mut(&k), v) {
            ("config", Some(toml::Value::Table(old)), toml::Value::Table(new)) => merge_config(old, new),
            ("config_types", Some(toml::Value::Table(old)), toml::Value::Table(new)) => old.extend(new),
            ("vocabulary", Some(toml::Value::Table(old)), toml::Value::Table(new)) => {
                for (word, list) in new {
                    match (old.get_mut(&word), list) {
                        (Some(toml::Value::Array(have)), toml::Value::Array(more)) => {
                            for w in more {
                                if !have.contains(&w) {
                                    have.push(w);
                                }
                            }
                        }
                        (_, list) => {
                            old.insert(word, list);
                        }
                    }
                }
            }
            ("options", Some(toml::Value::Array(old)), toml::Value::Array(new)) => {
                for opt in new {
                    let name = opt.get("name").cloned();
                    match old.iter_mut().find(|o| o.get("name") == name.as_ref()) {
                        Some(toml::Value::Table(have)) => {
                            if let toml::Value::Table(t) = opt {
                                have.extend(t);
                            }
                        }
                        _ => old.push(opt),
                    }
                }
            }
            (_, _, v) => {
                parent.insert(k, v);
            }
        }
    }
}

fn merge_config(old: &mut toml::Table, new: toml::Table) {
    for (k, v) in new {
        match (old.get_mut(&k), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge_config(a, b),
            (_, v) => {
                old.insert(k, v);
            }
        }
    }
}

/// "file:line" of the first line of the chain's `ruleset.toml` files, child first, that
/// `find` picks (given a file's lines, the index of the one it means); else the child's file.
fn line_in_chain(chain: &[Layer], find: impl Fn(std::str::Lines) -> Option<usize>) -> String {
    for layer in chain {
        let path = layer.dir.join("ruleset.toml");
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        if let Some(i) = find(text.lines()) {
            return format!("{}:{}", path.display(), i + 1);
        }
    }
    chain[0].dir.join("ruleset.toml").display().to_string()
}

/// The line of `[config]` key `key` in the first file of the chain that sets it, as
/// "file:line", for messages; else the child's file.
fn config_line(chain: &[Layer], key: &str) -> String {
    line_in_chain(chain, |lines| {
        let mut in_config = false;
        for (i, line) in lines.enumerate() {
            let t = line.trim();
            if t.starts_with('[') {
                in_config = t == "[config]"
                    || t.starts_with(&format!("[config.{key}]"))
                    || t.starts_with(&format!("[config.\"{key}\"]"));
                if in_config && t != "[config]" {
                    return Some(i);
                }
                continue;
            }
            let name = t.split('=').next().unwrap_or("").trim().trim_matches('"');
            if in_config && name == key {
                return Some(i);
            }
        }
        None
    })
}

/// The line of phase `phase` in the first file of the chain that lists it, as "file:line",
/// for messages; else the child's file.
pub fn phase_line(chain: &[Layer], phase: &str) -> String {
    let named = format!("\"{phase}\"");
    line_in_chain(chain, |lines| {
        let mut in_phases = false;
        for (i, line) in lines.enumerate() {
            let t = line.trim();
            // (`phases = [...]`, or a `[[phases]]` table whose name follows on its own line)
            if t.starts_with("phases") || t.starts_with("[[phases]]") {
                in_phases = true;
            } else if t.starts_with('[') {
                in_phases = false;
            }
            if in_phases && t.contains("name") && t.contains(&named) {
                return Some(i);
            }
        }
        None
    })
}

/// Checks `[config]` against `config_types` (see [`RulesetFile::config_types`]).
fn check_config_types(file: &RulesetFile, chain: &[Layer]) -> Result<(), String> {
    let mut problems = Vec::new();
    let kind_of = |v: &toml::Value| match v {
        toml::Value::Integer(_) => "integer",
        toml::Value::Boolean(_) => "boolean",
        toml::Value::String(_) => "string",
        toml::Value::Array(_) => "list",
        toml::Value::Table(_) => "table",
        toml::Value::Float(_) => "number with a fraction",
        toml::Value::Datetime(_) => "date",
    };
    for (key, value) in &file.config {
        match file.config_types.get(key) {
            None => {
                let known: Vec<&str> = file.config_types.keys().map(String::as_str).collect();
                let hint = crate::events::did_you_mean(key, known.iter().copied())
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                problems.push(format!(
                    "{}: config key `{key}` is not declared in any `[config_types]` of the chain: nothing reads it{hint}",
                    config_line(chain, key)
                ));
            }
            Some(want) if want.trim_end_matches('?') != kind_of(value) => problems.push(format!(
                "{}: config `{key}` is {}, expected {}",
                config_line(chain, key),
                crate::words::a_or_an(kind_of(value)),
                crate::words::a_or_an(want.trim_end_matches('?'))
            )),
            Some(_) => {}
        }
    }
    for (key, want) in &file.config_types {
        if !want.ends_with('?') && !file.config.contains_key(key) && !file.is_abstract {
            problems.push(format!(
                "{}: config `{key}` ({want}) is missing: the ruleset and those it extends give none",
                chain[0].dir.join("ruleset.toml").display()
            ));
        }
        if !["integer", "boolean", "string", "list", "table"].contains(&want.trim_end_matches('?')) {
            problems.push(format!(
                "config_types.{key} = \"{want}\": expected integer, boolean, string, list or table (with ? if optional)"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The ruleset folders under `rulesets`, by name (those with a `ruleset.toml`).
pub fn ruleset_names(rulesets: &Path) -> Vec<String> {
    let mut known: Vec<String> = std::fs::read_dir(rulesets)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().join("ruleset.toml").is_file())
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default();
    known.sort();
    known
}

/// The rulesets that can be played (not abstract, and loading), by name.
pub fn playable_rulesets(rulesets: &Path) -> Vec<String> {
    ruleset_names(rulesets)
        .into_iter()
        .filter(|n| Ruleset::load(rulesets, n).is_ok_and(|r| !r.file.is_abstract))
        .collect()
}

/// The ruleset to use when none is named: `default` in `rulesets/index.toml`; without that
/// file, the one ruleset that can be played, if there is just one.
pub fn default_ruleset(rulesets: &Path) -> Result<String, String> {
    let path = rulesets.join("index.toml");
    let shown = path.display().to_string();
    if !path.is_file() {
        let playable = playable_rulesets(rulesets);
        return match playable.as_slice() {
            [one] => Ok(one.clone()),
            _ => Err(format!(
                "no {shown} names the default ruleset: name one with --ruleset (known: {})",
                playable.join(", ")
            )),
        };
    }
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{shown}: {e}"))?;
    let table: toml::Table = toml::from_str(&source).map_err(|e| {
        let line = e.span().map(|s| format!(":{}", line_of(&source, s.start))).unwrap_or_default();
        format!("{shown}{line}: {}", e.message())
    })?;
    match table.get("default") {
        Some(toml::Value::String(s)) => Ok(s.clone()),
        _ => Err(format!("{shown}: expected `default = \"<ruleset folder>\"`")),
    }
}

impl Ruleset {
    /// Reads `<rulesets>/<name>/ruleset.toml`, and the rulesets it extends (`extends = "..."`),
    /// merged parent first (see [`merge_into`]).
    pub fn load(rulesets: &Path, name: &str) -> Result<Ruleset, String> {
        let mut chain: Vec<Layer> = Vec::new();
        let mut tables: Vec<toml::Table> = Vec::new();
        let mut next = Some(name.to_string());
        while let Some(n) = next.take() {
            if chain.iter().any(|l| l.name == n) {
                let names: Vec<&str> = chain.iter().map(|l| l.name.as_str()).collect();
                return Err(format!(
                    "ruleset {name}: `extends` goes round in a circle ({} -> {n})",
                    names.join(" -> ")
                ));
            }
            let (layer, table) = Self::read_one(rulesets, &n, chain.last().map(|l| l.name.as_str()))?;
            next = table.get("extends").and_then(|v| v.as_str()).map(str::to_string);
            chain.push(layer);
            tables.push(table);
        }
        let own = tables[0].clone();
        let mut merged = toml::Table::new();
        for t in tables.into_iter().rev() {
            merge_into(&mut merged, t);
        }
        let own_extends = chain.get(1).map(|l| l.name.clone());
        let dir = chain[0].dir.clone();
        let shown = dir.join("ruleset.toml").display().to_string();
        let file: RulesetFile = toml::Value::Table(merged)
            .try_into()
            .map_err(|e: toml::de::Error| format!("{shown} (with what it extends): {}", e.message()))?;
        let file = RulesetFile { extends: own_extends, ..file };
        if !file.is_abstract && file.phases.is_empty() {
            return Err(format!("{shown}: a turn needs at least one phase"));
        }
        if let Some(p) = file.phases.iter().find(|p| p.actor == Actor::Rules && !p.action_loop) {
            return Err(format!(
                "{shown}: phase `{}`: actor = \"rules\" names who acts in a loop phase; add loop = true",
                p.name
            ));
        }
        let vocab = &file.vocabulary;
        for (list, kinds) in
            [("range_required_for", &vocab.range_required_for), ("duration_required_for", &vocab.duration_required_for)]
        {
            if let Some(k) = kinds.iter().find(|k| !vocab.kinds.contains(*k)) {
                let known: Vec<&str> = vocab.kinds.iter().map(String::as_str).collect();
                return Err(format!(
                    "{shown}: vocabulary.{list} names `{k}`, not one of the kinds ({})",
                    known.join(", ")
                ));
            }
        }
        if !file.config_types.is_empty() {
            check_config_types(&file, &chain)?;
        }
        let config =
            toml_to_value(&toml::Value::Table(file.config.clone())).map_err(|e| format!("{shown}: config.{e}"))?;
        Ok(Ruleset { dir, chain, file, config, own })
    }

    /// One `ruleset.toml`, checked on its own (keys and types, with the line of a mistake).
    /// `child`: the ruleset that extends this one, for messages.
    fn read_one(rulesets: &Path, name: &str, child: Option<&str>) -> Result<(Layer, toml::Table), String> {
        let dir = rulesets.join(name);
        let path = dir.join("ruleset.toml");
        let shown = path.display().to_string();
        if !dir.is_dir() || !path.is_file() {
            let by = child.map(|c| format!(" (ruleset {c} extends it)")).unwrap_or_default();
            return Err(format!(
                "no ruleset `{name}` in {}{by} (known: {})",
                rulesets.display(),
                ruleset_names(rulesets).join(", ")
            ));
        }
        let source = std::fs::read_to_string(&path).map_err(|e| format!("{shown}: {e}"))?;
        let located = |e: toml::de::Error| {
            let line = e.span().map(|s| format!(":{}", line_of(&source, s.start))).unwrap_or_default();
            format!("{shown}{line}: {}", e.message())
        };
        let patch: RulesetPatch = toml::from_str(&source).map_err(located)?;
        if patch.name != name {
            return Err(format!("{shown}: `name = \"{}\"` but the folder is `{name}`", patch.name));
        }
        // What a ruleset names stays inside the root: its parent is a folder beside it, its
        // cards under `cards/`, its rules and boards in its own folder.
        let line = |text: &str| source.find(text).map(|at| format!(":{}", line_of(&source, at))).unwrap_or_default();
        let outside = |key: &str, path: &str, plain_name: bool| {
            let escapes = Path::new(path).components().any(|c| !matches!(c, std::path::Component::Normal(_)));
            let nested = plain_name && Path::new(path).components().count() > 1;
            (path.is_empty() || escapes || nested).then(|| {
                format!(
                    "{shown}{}: {key} `{path}` must be {} inside the root (no `..`, no absolute path)",
                    line(&format!("\"{path}\"")),
                    if plain_name { "a folder name" } else { "a relative path" }
                )
            })
        };
        let named = patch.extends.iter().map(|e| ("extends", e.as_str(), true));
        let dirs = patch.card_dirs.iter().flatten().map(|d| ("card_dirs entry", d.as_str(), false));
        let files = patch.rules.iter().chain(patch.boards.iter()).map(|f| ("path", f.as_str(), false));
        if let Some(problem) = named.chain(dirs).chain(files).find_map(|(key, path, plain)| outside(key, path, plain)) {
            return Err(problem);
        }
        let table: toml::Table = toml::from_str(&source).map_err(located)?;
        Ok((Layer { name: name.to_string(), dir }, table))
    }

    /// The ruleset's Lua files named `file` (relative to a ruleset folder), parent first: each
    /// one extends the one before it (see the module doc).
    pub fn layered_files(&self, file: &str) -> Vec<(String, PathBuf)> {
        self.chain
            .iter()
            .rev()
            .map(|l| (format!("rulesets/{}/{file}", l.name), l.dir.join(file)))
            .filter(|(_, p)| p.is_file())
            .collect()
    }

    /// Does this ruleset name its own card folders (an edition), rather than play the cards
    /// of the ruleset it extends (a house-rule variant)? Card tests run in the former.
    pub fn has_own_cards(&self) -> bool {
        self.own.contains_key("card_dirs")
    }

    /// The board set: the nearest folder of the chain that has one.
    pub fn boards_path(&self) -> PathBuf {
        self.chain
            .iter()
            .map(|l| l.dir.join(&self.file.boards))
            .find(|p| p.is_file())
            .unwrap_or_else(|| self.dir.join(&self.file.boards))
    }

    /// Turns `name=value` option switches into the game's options, checking each name.
    pub fn options(&self, given: &[(String, Value)]) -> Result<BTreeMap<String, Value>, String> {
        let mut out: BTreeMap<String, Value> =
            self.file.options.iter().map(|o| (o.name.clone(), Value::Bool(o.default))).collect();
        for (k, v) in given {
            if !out.contains_key(k) {
                let known: Vec<&str> = self.file.options.iter().map(|o| o.name.as_str()).collect();
                let hint = crate::events::did_you_mean(k, known.iter().copied())
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                return Err(format!(
                    "ruleset {} has no option `{k}`{hint}; options: {}",
                    self.file.name,
                    known.join(", ")
                ));
            }
            out.insert(k.clone(), v.clone());
        }
        Ok(out)
    }
}
