//! Rulesets: one folder per edition (or house rules) under `rulesets/`.
//!
//! `ruleset.toml` holds what is data: the words card files may use, the optional rules, the
//! phases of a turn, where the boards and cards are, and any numbers and lists the rules read
//! (passed to Lua untouched as `config`). `rules.lua` holds the behaviour. The kernel reads
//! only the keys below; it never learns what an edition means by them.

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
/// the active player for actions (`rules.actions`, `rules.perform`) until one ends it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseSpec {
    pub name: String,
    #[serde(default, rename = "loop")]
    pub action_loop: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesetFile {
    pub name: String,
    pub title: String,
    /// The Lua file with the behaviour, relative to the ruleset folder.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// The board set, relative to the ruleset folder.
    #[serde(default = "default_boards")]
    pub boards: String,
    /// Folders under `cards/` whose card files this ruleset loads.
    pub card_dirs: Vec<String>,
    pub vocabulary: Vocabulary,
    #[serde(default)]
    pub options: Vec<OptionSpec>,
    pub phases: Vec<PhaseSpec>,
    /// Numbers and lists for the rules; the kernel passes them to Lua as `config`.
    #[serde(default)]
    pub config: toml::Table,
}

fn default_rules() -> String {
    "rules.lua".into()
}
fn default_boards() -> String {
    "boards/boards.toml".into()
}

/// A ruleset file, read and checked, with the folder it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    pub dir: PathBuf,
    pub file: RulesetFile,
    pub config: Value,
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
            let mut m = BTreeMap::new();
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

impl Ruleset {
    /// Reads `<rulesets>/<name>/ruleset.toml`.
    pub fn load(rulesets: &Path, name: &str) -> Result<Ruleset, String> {
        let dir = rulesets.join(name);
        let path = dir.join("ruleset.toml");
        let shown = path.display().to_string();
        if !dir.is_dir() {
            let mut known: Vec<String> = std::fs::read_dir(rulesets)
                .map(|rd| {
                    rd.filter_map(|e| e.ok())
                        .filter(|e| e.path().join("ruleset.toml").is_file())
                        .map(|e| e.file_name().to_string_lossy().to_string())
                        .collect()
                })
                .unwrap_or_default();
            known.sort();
            return Err(format!("no ruleset `{name}` in {} (known: {})", rulesets.display(), known.join(", ")));
        }
        let source = std::fs::read_to_string(&path).map_err(|e| format!("{shown}: {e}"))?;
        let file: RulesetFile = toml::from_str(&source).map_err(|e| {
            let line = e.span().map(|s| format!(":{}", line_of(&source, s.start))).unwrap_or_default();
            format!("{shown}{line}: {}", e.message())
        })?;
        if file.name != name {
            return Err(format!("{shown}: `name = \"{}\"` but the folder is `{name}`", file.name));
        }
        if file.phases.is_empty() {
            return Err(format!("{shown}: a turn needs at least one phase"));
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
        let config =
            toml_to_value(&toml::Value::Table(file.config.clone())).map_err(|e| format!("{shown}: config.{e}"))?;
        Ok(Ruleset { dir, file, config })
    }

    pub fn rules_path(&self) -> PathBuf {
        self.dir.join(&self.file.rules)
    }

    pub fn boards_path(&self) -> PathBuf {
        self.dir.join(&self.file.boards)
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
