//! `wizwar test --watch`: the tests run again whenever a file they read changes. A card file
//! reruns that card's tests; any other file (a ruleset's Lua or TOML, a scenario, a test
//! helper) reruns the whole run asked for. Files are watched with `notify` (the operating
//! system's file events: a well-kept crate, not a polling loop of our own).

use notify::{RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// How long a burst of file events (an editor writes, renames, touches) is gathered before
/// the tests run: one run per save.
const SETTLE: Duration = Duration::from_millis(250);

/// Runs `ruleset`'s tests (those `filter` names), then again at each change, until the
/// process is stopped.
pub fn watch(root: &Path, ruleset: &str, filter: Option<&str>) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(e) = event {
            if !matches!(e.kind, notify::EventKind::Access(_)) {
                let _ = tx.send(e.paths);
            }
        }
    })
    .map_err(|e| format!("cannot watch files: {e}"))?;
    let watched = ["cards", "rulesets", "tests/scenarios", "tests/lua"];
    for dir in watched.iter().map(|d| root.join(d)).filter(|d| d.is_dir()) {
        watcher.watch(&dir, RecursiveMode::Recursive).map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    }
    say_result(super::tests::run(root, ruleset, filter));
    loop {
        println!("\nWatching {} for changes (Ctrl-C stops).", watched.join(", "));
        let Ok(first) = rx.recv() else { return Ok(()) };
        let mut changed: Vec<PathBuf> = first;
        while let Ok(more) = rx.recv_timeout(SETTLE) {
            changed.extend(more);
        }
        changed.retain(|p| p.extension().is_some_and(|x| x == "lua" || x == "toml"));
        changed.sort();
        changed.dedup();
        if changed.is_empty() {
            continue;
        }
        let shown: Vec<String> =
            changed.iter().map(|p| p.strip_prefix(root).unwrap_or(p).display().to_string()).collect();
        println!("\n--- changed: {} ---", shown.join(", "));
        // One card file changed: that card's tests (its key names them); else the whole run.
        let card = match changed.as_slice() {
            [one] => card_key(root, one),
            _ => None,
        };
        say_result(super::tests::run(root, ruleset, card.as_deref().or(filter)));
    }
}

/// The key of the card a file under `cards/` holds ("ed/school/spark"), if it is one.
fn card_key(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root.join("cards")).ok()?;
    if rel.starts_with("lib") || rel.starts_with("types") {
        return None;
    }
    let key = rel.with_extension("");
    Some(key.to_str()?.replace('\\', "/"))
}

fn say_result(r: Result<(), String>) {
    if let Err(e) = r {
        println!("{e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_file_names_its_card_and_other_files_none() {
        let root = Path::new("/r");
        assert_eq!(card_key(root, Path::new("/r/cards/ed/school/spark.lua")).as_deref(), Some("ed/school/spark"));
        assert_eq!(card_key(root, Path::new("/r/cards/lib/stone_square.lua")), None);
        assert_eq!(card_key(root, Path::new("/r/rulesets/ed/common.lua")), None);
    }
}
