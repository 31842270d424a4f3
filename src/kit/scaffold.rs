//! `wizwar new card` and `wizwar new ruleset`: a designer's first file, written from what the
//! ruleset allows (its vocabulary, its card folders, its numbers), that loads, checks and
//! passes its own test as it is. Nothing is overwritten.

use crate::ruleset::Ruleset;
use std::path::{Path, PathBuf};

/// Writes a card named `name` into `ruleset`'s card folder, under `school` (a school of the
/// ruleset's vocabulary, or a folder of its cards): a spell a wizard casts at himself, with a
/// test that casts it. The file written.
pub fn new_card(root: &Path, ruleset: &str, school: Option<&str>, name: &str) -> Result<PathBuf, String> {
    let rules = Ruleset::load(&root.join("rulesets"), ruleset)?;
    let name = name.trim();
    if name.is_empty() || name.chars().any(char::is_control) || name.contains('"') || name.contains('\\') {
        return Err(format!("{name:?}: a card's name is plain text, without quotes or backslashes"));
    }
    if !rules.has_own_cards() {
        let parent = rules.chain.get(1).map_or("its parent", |l| l.name.as_str());
        return Err(format!(
            "{ruleset} plays {parent}'s cards: a new card goes into {parent}'s folder (--ruleset {parent}), or give \
             {ruleset} a card folder of its own (`card_dirs` in its ruleset.toml)"
        ));
    }
    let dir = rules.file.card_dirs.first().ok_or_else(|| format!("{ruleset} names no card folder (`card_dirs`)"))?;
    let cards = root.join("cards").join(dir);
    let vocab = &rules.file.vocabulary;
    let mut folders: Vec<String> = std::fs::read_dir(&cards)
        .map(|d| d.flatten().filter(|e| e.path().is_dir()).filter_map(|e| e.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    folders.sort(); // (named in this order when the school is wrong, whatever the disk's order)
    let pick =
        |word: &str, allowed: &std::collections::BTreeSet<String>| allowed.contains(word).then(|| word.to_string());
    let kind = pick("neutral", &vocab.kinds).or_else(|| vocab.kinds.iter().next().cloned()).unwrap_or_default();
    // A school is a word of the ruleset (and its folder); without schools, a folder of its cards.
    // Either is known in any case ("Mentalism" as the card's face prints it).
    let school = school.map(|s| {
        let mut known = vocab.schools.iter().chain(&vocab.kinds).chain(&folders);
        known.find(|w| w.eq_ignore_ascii_case(s)).map_or(s, String::as_str)
    });
    let (field, folder) = match school {
        Some(s) if vocab.schools.contains(s) => (Some(s.to_string()), s.to_string()),
        Some(s) if vocab.schools.is_empty() && (folders.iter().any(|f| f == s) || vocab.kinds.contains(s)) => {
            (None, s.to_string())
        }
        None if vocab.schools.is_empty() => (None, kind.clone()),
        given => {
            let known: Vec<&str> = if vocab.schools.is_empty() {
                folders.iter().map(String::as_str).collect()
            } else {
                vocab.schools.iter().map(String::as_str).collect()
            };
            let what = if vocab.schools.is_empty() { "folders" } else { "schools" };
            return Err(match given {
                Some(s) => format!("--school {s}: {ruleset}'s {what} are {}", known.join(", ")),
                None => format!("give --school: {ruleset}'s {what} are {}", known.join(", ")),
            });
        }
    };
    let file_name = snake(name);
    if file_name.is_empty() {
        return Err(format!("{name:?}: the name needs a letter or a digit for its file's name"));
    }
    let path = cards.join(&folder).join(format!("{file_name}.lua"));
    if path.exists() {
        return Err(format!("{} already exists: nothing was written", path.display()));
    }
    // The card's facts in the cards' layout: who it is on one line, how it reaches on the next.
    let mut who = vec![format!("name = \"{name}\"")];
    if let Some(s) = &field {
        who.push(format!("school = \"{s}\""));
    }
    who.push(format!("kind = \"{kind}\""));
    let mut reach = Vec::new();
    if let Some(r) = pick("caster", &vocab.ranges).or_else(|| pick("self", &vocab.ranges)) {
        reach.push(format!("range = \"{r}\""));
    }
    if let Some(d) = pick("instant", &vocab.durations) {
        reach.push(format!("duration = \"{d}\""));
    }
    if vocab.targets.contains("self") {
        reach.push("targets = { \"self\" }".to_string());
    }
    let fields: Vec<String> =
        [who, reach].into_iter().filter(|l| !l.is_empty()).map(|l| format!("  {},", l.join(", "))).collect();
    let event = format!("{file_name}_cast");
    let text = format!(
        "-- {name} ({ruleset}): what the card does, in a line. Cite the rulebook's edition and section,
-- or mark what no source says `reconstructed: why`.
return card {{
{fields}
  text = \"Write the card's text here.\",
  resolve = function(ctx)
    -- The effect: ctx.caster is who cast it; ctx.game the game (see cards/types/wizwar.d.lua).
    ctx.game:log(\"{event}\", {{ player = ctx.caster }})
  end,
  tests = {{
    {{ \"it is cast at its caster\", function(t)
      local c = t:turn_of(0, \"{name}\")
      t:cast {{ card = c, at = t:wizard(0) }}
      t:eq(#t:log(\"{event}\"), 1, \"its effect happened once\")
    end }},
  }},
}}
",
        fields = fields.join("\n")
    );
    std::fs::create_dir_all(path.parent().expect("a folder")).map_err(|e| format!("{}: {e}", cards.display()))?;
    write_new(&path, &text)?;
    Ok(path)
}

/// Writes `rulesets/<name>/ruleset.toml`: a variant of `extends` that plays as it is, its
/// numbers shown commented out to change. The file written.
pub fn new_ruleset(root: &Path, name: &str, extends: &str) -> Result<PathBuf, String> {
    let rulesets = root.join("rulesets");
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err(format!("{name:?}: a ruleset's name is its folder's: lower-case letters, digits and '-'"));
    }
    let parent = Ruleset::load(&rulesets, extends)?;
    if parent.file.is_abstract {
        return Err(format!("{extends} is abstract (never played): extend an edition that is"));
    }
    let dir = rulesets.join(name);
    if dir.exists() {
        return Err(format!("{} already exists: nothing was written", dir.display()));
    }
    // A few of the parent's numbers, to change by taking away the `#`.
    let numbers: Vec<String> = parent
        .file
        .config
        .iter()
        .filter(|(_, v)| v.is_integer() || v.is_bool())
        .take(6)
        .map(|(k, v)| format!("# {k} = {v}"))
        .collect();
    let text = format!(
        "# {name}: house rules on {extends} ({title}).
# Numbers here: a key of [config] in {extends}'s ruleset.toml (or of the rulesets it extends)
# replaces its value. Behaviour in Lua: a file named as one of {extends}'s (common.lua...) runs
# with that module as `base` and returns it, changed (docs/designers.md, House rules, shows one).
# `wizwar diff {extends} {name}`: what it changes; `wizwar test --ruleset {name}`: which of
# {extends}'s tests it breaks.
name = \"{name}\"
title = \"{title}: {name} (house rules)\"
extends = \"{extends}\"

[config]
{numbers}
",
        title = parent.file.title,
        numbers = numbers.join("\n")
    );
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("ruleset.toml");
    write_new(&path, &text)?;
    Ok(path)
}

/// "Mind Spike!" -> "mind_spike"
fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// Writes a file that must not exist yet.
fn write_new(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    f.write_all(text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn file_names_are_the_names_in_snake_case() {
        assert_eq!(super::snake("Mind Spike!"), "mind_spike");
        assert_eq!(super::snake("  Frost Nova II "), "frost_nova_ii");
        assert_eq!(super::snake("!!"), "");
    }
}
