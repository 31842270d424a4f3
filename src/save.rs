//! Saved games: the setup (ruleset, options, seed, players) and every answer, plus a snapshot
//! of the state for people to read. Loading replays the answers; the snapshot is never trusted.

use crate::engine::{Answered, Engine, GameSetup};
use crate::state::GameState;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The content a game is made of, file by file: every rules file of the ruleset's chain
/// (`.lua`, `.toml`) and every card file it loads (its card folders, `cards/lib`), each path
/// (relative to the root) with a hash of its bytes. A save keeps it, so a replay against
/// changed files says first which files changed.
pub type Content = BTreeMap<String, String>;

/// The content of a game of `ruleset` under `root` as the files are now (empty if the ruleset
/// does not load: the replay will say why).
pub fn content_of(root: &Path, ruleset: &str) -> Content {
    let Ok(rs) = crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset) else { return Content::new() };
    let mut dirs: Vec<PathBuf> = rs.chain.iter().map(|l| l.dir.clone()).collect();
    dirs.push(root.join("cards").join("lib"));
    let rules_files = dirs.iter().flat_map(|dir| crate::engine::files_under(dir, &["lua", "toml"]));
    let card_files = rs.file.card_dirs.iter().flat_map(|entry| crate::engine::card_files(root, entry));
    let mut out = Content::new();
    for f in rules_files.chain(card_files) {
        if let Ok(bytes) = std::fs::read(&f) {
            let key = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            out.insert(key, format!("{:016x}", fnv1a(&bytes)));
        }
    }
    out
}

/// What changed between the content a save recorded and the content now, in a line each for
/// changed, added and removed files; None when nothing did (or the save recorded nothing).
pub fn content_changes(saved: &Content, now: &Content) -> Option<String> {
    if saved.is_empty() {
        return None;
    }
    let changed: Vec<&str> =
        saved.iter().filter(|(k, h)| now.get(*k).is_some_and(|n| n != *h)).map(|(k, _)| k.as_str()).collect();
    let added: Vec<&str> = now.keys().filter(|k| !saved.contains_key(*k)).map(String::as_str).collect();
    let removed: Vec<&str> = saved.keys().filter(|k| !now.contains_key(*k)).map(String::as_str).collect();
    if changed.is_empty() && added.is_empty() && removed.is_empty() {
        return None;
    }
    let mut lines = vec!["the rules and cards changed since this game was saved:".to_string()];
    for (what, files) in [("changed", changed), ("added", added), ("removed", removed)] {
        if !files.is_empty() {
            lines.push(format!("  {what}: {}", files.join(", ")));
        }
    }
    Some(lines.join("\n"))
}

/// FNV-1a, 64 bits: the same on every machine and in every build (std's hashers promise
/// neither).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// Bump when the format changes incompatibly. 3: answers are option keys made from records
/// (see `decision::record_id`); the formats before it named options by their labels.
pub const SAVE_FORMAT: u32 = 3;

/// Formats older versions wrote, refused with [`old_format`]'s message.
pub const OLD_FORMATS: [&str; 3] = ["1", "2", "\"wizwar-repl-1\""];

/// Why a file of an older format (`format` as written in the file) is refused.
pub fn old_format(file: &str, format: &str) -> String {
    format!(
        "{file}: saved with format {format}, before actions were records: its answers name options by \
         their old labels, which this version no longer uses as keys. Replay it with the wizwar that \
         wrote it; this version reads format {SAVE_FORMAT} (a saved game) and {} (a REPL session)",
        SAVE_FORMAT + 1
    )
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: u32,
    pub setup: GameSetup,
    pub answers: Vec<Answered>,
    /// For reading only: loading rebuilds the state from the answers.
    #[serde(default)]
    pub snapshot: Option<GameState>,
    /// The files the game was played with (see [`Content`]); empty in older saves.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub content: Content,
    /// Who played it, for `play --load` (the REPL's saves and older saves have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seating: Option<Seating>,
}

/// Who sat at a game `play` kept: the seats people played, the bots at the others, and where
/// the bots' random generators stood, so that `play --load` goes on with the same people and
/// the bots answer as they would have in the uninterrupted game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seating {
    pub people: Vec<u32>,
    pub bots: crate::sim::Bots,
    /// Seats a bot of another kind plays than `bots` (the web table seats any kind at any
    /// seat); empty when one kind plays every bot seat, as in files from before.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub seat_bots: std::collections::BTreeMap<u32, crate::sim::Bots>,
    pub search: crate::search::Budget,
    /// Every bot's generators, seat by seat (`Agent::generators`).
    pub generators: Vec<crate::rng::GameRng>,
    /// The game was over when kept (`play --resume` offers only games still going).
    #[serde(default)]
    pub over: bool,
}

impl Seating {
    /// The kind of bot that plays seat `p` (when no person does).
    pub fn bot_at(&self, p: u32) -> crate::sim::Bots {
        self.seat_bots.get(&p).copied().unwrap_or(self.bots)
    }
}

impl SavedGame {
    pub fn of(engine: &Engine, setup: &GameSetup) -> SavedGame {
        SavedGame {
            format: SAVE_FORMAT,
            setup: setup.clone(),
            answers: engine.answers(),
            snapshot: Some(engine.state()),
            content: content_of(engine.root(), &setup.ruleset),
            seating: None,
        }
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a save file; a broken file gives a message naming the file, line and problem.
    pub fn read(path: &Path) -> Result<SavedGame, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let saved: SavedGame = serde_json::from_str(&text)
            .map_err(|e| format!("{}:{}:{}: not a saved game: {e}", path.display(), e.line(), e.column()))?;
        if OLD_FORMATS.contains(&saved.format.to_string().as_str()) {
            return Err(old_format(&path.display().to_string(), &saved.format.to_string()));
        }
        if saved.format != SAVE_FORMAT {
            return Err(format!(
                "{}: save format {} (this program reads format {SAVE_FORMAT})",
                path.display(),
                saved.format
            ));
        }
        Ok(saved)
    }
}
