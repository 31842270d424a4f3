//! The architecture's one rule, checked: the kernel (`src/`) names no card and no edition.
//! Card names come from the card files themselves, edition names from the folders under
//! `rulesets/` (names with a digit, such as "8th", are rulebook citations and allowed).
//! One-word card names are looked for as written (capitalised), others in any case.

use std::path::{Path, PathBuf};

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// Does `word` stand in `text` as a whole word (not inside a longer one)?
fn has_word(text: &str, word: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
            return true;
        }
        from = at + word.len();
    }
    false
}

fn card_names() -> Vec<String> {
    let mut lua = Vec::new();
    files(Path::new("cards"), "lua", &mut lua);
    let mut names: Vec<String> = lua
        .iter()
        .filter(|p| !p.starts_with("cards/lib") && !p.starts_with("cards/types"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let rest = text.split_once("name = \"")?.1;
            Some(rest.split_once('"')?.0.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// An abstract ruleset (the shared mechanics) is no edition: its folder name is a plain word.
fn is_abstract(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join("ruleset.toml")).is_ok_and(|t| t.lines().any(|l| l.trim() == "abstract = true"))
}

#[test]
fn no_card_and_no_edition_is_named_in_the_kernel() {
    let names = card_names();
    assert!(names.len() > 50, "card names were found: {names:?}");
    let editions: Vec<String> = std::fs::read_dir("rulesets")
        .unwrap()
        .flatten()
        .filter(|e| !is_abstract(&e.path()))
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    assert!(!editions.is_empty());
    let mut src = Vec::new();
    files(Path::new("src"), "rs", &mut src);
    let mut found = Vec::new();
    for f in &src {
        let text = std::fs::read_to_string(f).unwrap();
        let lower = text.to_lowercase();
        for n in &names {
            let hit = if n.contains(' ') || !n.chars().all(char::is_alphanumeric) {
                has_word(&lower, &n.to_lowercase())
            } else {
                has_word(&text, n)
            };
            if hit {
                found.push(format!("{}: card `{n}`", f.display()));
            }
        }
        for ed in &editions {
            if has_word(&lower, &ed.to_lowercase()) {
                found.push(format!("{}: edition `{ed}`", f.display()));
            }
        }
    }
    assert!(found.is_empty(), "the kernel names cards or editions:\n{}", found.join("\n"));
}

/// The names of the editions (ruleset folders that are not abstract mechanics), as written.
fn edition_names() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir("rulesets")
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir() && !is_abstract(&e.path()))
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    out.sort();
    out
}

/// A kernel type, field or variant may say what it is, never which edition it serves: a doc
/// comment (`///`) on anything but a function names no edition (citations of a rulebook go in
/// the code that implements a rule, and that code is the rulesets').
#[test]
fn no_kernel_type_or_field_is_documented_as_one_editions() {
    let editions = edition_names();
    assert!(editions.len() >= 2, "{editions:?}");
    let mut src = Vec::new();
    files(Path::new("src"), "rs", &mut src);
    let mut found = Vec::new();
    for f in &src {
        let text = std::fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut doc: Vec<(usize, &str)> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            if t.starts_with("///") {
                doc.push((i + 1, t));
                continue;
            }
            if t.starts_with("#[") {
                continue;
            }
            let is_fn = t.contains("fn ") && (t.starts_with("fn ") || t.starts_with("pub") || t.starts_with("async"));
            if !doc.is_empty() && !is_fn && !t.is_empty() {
                for (n, d) in &doc {
                    let low = d.to_lowercase();
                    for ed in &editions {
                        if has_word(&low, &ed.to_lowercase()) {
                            found.push(format!("{}:{n}: `{}` names {ed}", f.display(), d.trim()));
                        }
                    }
                }
            }
            doc.clear();
        }
    }
    assert!(found.is_empty(), "kernel types documented as one edition's:\n{}", found.join("\n"));
}
