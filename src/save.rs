//! Saved games: the setup (ruleset, options, seed, players) and every answer, plus a snapshot
//! of the state for people to read. Loading replays the answers; the snapshot is never trusted.

use crate::engine::{Answered, Engine, GameSetup};
use crate::state::GameState;
use serde::{Deserialize, Serialize};
use std::path::Path;

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
}

impl SavedGame {
    pub fn of(engine: &Engine, setup: &GameSetup) -> SavedGame {
        SavedGame {
            format: SAVE_FORMAT,
            setup: setup.clone(),
            answers: engine.answers(),
            snapshot: Some(engine.state()),
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
