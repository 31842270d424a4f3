//! Saved games and sessions on disk.
//!
//! Every file has a `format` field, read as JSON before anything else:
//! - `3`: a saved game (`crate::save::SavedGame`): setup, answers, snapshot. `play --save`
//!   and the REPL write it when every step is an answer.
//! - `4`: a session: setup, steps (answers, Lua chunks, set-ups; steps that no longer
//!   applied when saved are kept too), snapshot.
//! - `1`, `2` and `"wizwar-repl-1"`: the formats from before actions were records (answers
//!   named options by their labels): refused, saying so (`crate::save::old_format`).

use super::replay::{build, steps_of, Check, Step};
use crate::engine::{Answered, Engine, GameSetup};
use crate::save::{old_format, SavedGame, OLD_FORMATS, SAVE_FORMAT};
use crate::state::GameState;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The session format.
pub const SESSION_FORMAT: u32 = SAVE_FORMAT + 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSession {
    pub format: serde_json::Value,
    pub setup: GameSetup,
    pub steps: Vec<Step>,
    /// For reading, and to check a replay against: the state after the last step.
    #[serde(default)]
    pub snapshot: Option<GameState>,
    /// The files the session was played with (`crate::save::Content`); empty in older files.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub content: crate::save::Content,
}

/// A saved game or session read from a file.
pub struct Loaded {
    pub setup: GameSetup,
    pub steps: Vec<Step>,
    /// The state recorded after the last step, when the file has one.
    pub snapshot: Option<GameState>,
    /// The files it was played with, when the file records them.
    pub content: crate::save::Content,
    /// Who played it, when `play` kept it.
    pub seating: Option<crate::save::Seating>,
}

/// Reads any format (see the module doc).
pub fn read_saved(path: &Path) -> Result<Loaded, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("{shown}:{}:{}: not a saved game or session: {e}", e.line(), e.column()))?;
    let format = json.get("format").cloned().unwrap_or_default();
    // The typed reads parse the text again (not `json`), so a wrong field is named by its line.
    let at = |e: &serde_json::Error| format!("{shown}:{}:{}", e.line(), e.column());
    let as_session = || -> Result<Loaded, String> {
        let s: SavedSession =
            serde_json::from_str(&text).map_err(|e| format!("{}: not a saved session: {e}", at(&e)))?;
        Ok(Loaded { setup: s.setup, steps: s.steps, snapshot: s.snapshot, content: s.content, seating: None })
    };
    if OLD_FORMATS.contains(&format.to_string().as_str()) {
        return Err(old_format(&shown.to_string(), &format.to_string()));
    }
    match &format {
        f if f.as_u64() == Some(SAVE_FORMAT as u64) => {
            let saved: SavedGame =
                serde_json::from_str(&text).map_err(|e| format!("{}: not a saved game: {e}", at(&e)))?;
            Ok(Loaded {
                setup: saved.setup,
                steps: steps_of(saved.answers),
                snapshot: saved.snapshot,
                content: saved.content,
                seating: saved.seating,
            })
        }
        f if f.as_u64() == Some(SESSION_FORMAT as u64) => as_session(),
        serde_json::Value::Null => Err(format!("{shown}: not a saved game or session (no `format` field)")),
        other => Err(format!(
            "{shown}: unknown format {other} (this program reads {SAVE_FORMAT} = a saved game, \
             {SESSION_FORMAT} = a REPL session)"
        )),
    }
}

/// Writes a session: a plain saved game when every step is an answer, else the session format.
/// Returns a description of what was written.
/// `seating` is kept with a plain saved game (`play`'s).
pub fn write_saved(
    path: &Path,
    engine: &Engine,
    setup: &GameSetup,
    steps: &[Step],
    seating: Option<crate::save::Seating>,
) -> Result<String, String> {
    let answers: Option<Vec<Answered>> = steps
        .iter()
        .map(|s| match s {
            Step::Answer { player, kind, keys } => {
                Some(Answered { player: *player, kind: kind.clone(), keys: keys.clone() })
            }
            _ => None,
        })
        .collect();
    match answers {
        Some(answers) => {
            let mut saved = SavedGame::of(engine, setup);
            saved.answers = answers;
            saved.seating = seating;
            saved.write(path)?;
            let n = saved.answers.len();
            Ok(format!("saved the game ({n} answer{}) to {}", if n == 1 { "" } else { "s" }, path.display()))
        }
        None => {
            let s = SavedSession {
                format: SESSION_FORMAT.into(),
                setup: setup.clone(),
                steps: steps.to_vec(),
                snapshot: Some(engine.state()),
                content: crate::save::content_of(engine.root(), &setup.ruleset),
            };
            let text = serde_json::to_string_pretty(&s).map_err(|e| e.to_string())?;
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(format!("saved the session ({} steps, with Lua or set-up steps) to {}", steps.len(), path.display()))
        }
    }
}

/// `play --load`: a saved game or session rebuilt (every step must still apply), then handed
/// to `agent` to go on.
pub fn resume(root: &Path, loaded: &Loaded, agent: Box<dyn crate::decision::Agent>) -> Result<Engine, String> {
    let built = build(root, &loaded.setup, &loaded.steps, Check::default())?;
    if let Some(s) = built.stopped {
        return Err(s);
    }
    built.engine.set_agent(agent);
    Ok(built.engine)
}

/// `play --save`: the steps a game was loaded with plus the answers given since.
pub fn steps_after_play(engine: &Engine, loaded: &[Step]) -> Vec<Step> {
    let replayed = loaded.iter().filter(|s| matches!(s, Step::Answer { .. })).count();
    let mut steps = loaded.to_vec();
    steps.extend(steps_of(engine.answers_given().into_iter().skip(replayed).collect()));
    steps
}

/// `wizwar replay`: rebuilds a saved game or session against the files on disk; a line saying
/// how far it went, or an error saying where it diverges.
pub fn replay_file(root: &Path, path: &Path) -> Result<String, String> {
    let loaded = read_saved(path)?;
    // What changed in the files comes first: it is the likely reason of any divergence.
    let changes = crate::save::content_changes(&loaded.content, &crate::save::content_of(root, &loaded.setup.ruleset));
    let first = |text: String| match &changes {
        Some(c) => format!("{c}\n{text}"),
        None => text,
    };
    let check = Check { saved: loaded.snapshot.as_ref(), ..Check::default() };
    let built = build(root, &loaded.setup, &loaded.steps, check).map_err(first)?;
    let total = loaded.steps.len();
    if let Some(s) = built.stopped {
        return Err(first(format!("{s}\n({} of {total} steps applied)", built.steps.len())));
    }
    if let Some(d) = built.differs {
        return Err(first(d));
    }
    let last = built.trace.last().expect("a start");
    Ok(first(match &last.outcome {
        crate::engine::Outcome::Over(r) => format!("replayed all {total} steps; game over: {}", r.reason),
        crate::engine::Outcome::Suspended(_) => {
            format!("replayed all {total} steps; the game waits for the next answer")
        }
        other => format!("replayed all {total} steps; the game stopped: {other:?}"),
    }))
}
