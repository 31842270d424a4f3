//! Where the games people play are kept: one file per game in the saves folder, written after
//! every turn and when the game stops, and the list `play --resume` offers.

use crate::save::SavedGame;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The saves folder: `$WIZWAR_SAVES`, else `$XDG_STATE_HOME/wizwar/games`, else
/// `~/.local/state/wizwar/games` (None when neither variable says where home is).
pub fn folder(var: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    if let Some(p) = var("WIZWAR_SAVES").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let state = var("XDG_STATE_HOME")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local").join("state")))?;
    Some(state.join("wizwar").join("games"))
}

/// A new game's own file in `folder`: when it started, its ruleset and seed
/// (`2026-11-28-110458-8th-seed5.json`), numbered if that name is taken.
pub fn new_file(folder: &Path, ruleset: &str, seed: u64, now: SystemTime) -> PathBuf {
    let stamp = timestamp(now);
    let safe: String = ruleset.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    let base = format!("{stamp}-{safe}-seed{seed}");
    let mut path = folder.join(format!("{base}.json"));
    let mut n = 2;
    while path.exists() {
        path = folder.join(format!("{base}-{n}.json"));
        n += 1;
    }
    path
}

/// `YYYY-MM-DD-HHMMSS` (UTC) of a time.
fn timestamp(t: SystemTime) -> String {
    let secs = t.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}-{:02}{:02}{:02}", rest / 3600, rest / 60 % 60, rest % 60)
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A game still going in the saves folder.
pub struct Kept {
    pub path: PathBuf,
    pub ruleset: String,
    pub players: usize,
    /// The turn it stopped in.
    pub turn: u64,
    /// The seats people played, as the board names them.
    pub people: Vec<String>,
    pub modified: SystemTime,
}

impl Kept {
    /// "8th, 2 players, you played A, turn 7, kept 5 minutes ago (FILE)".
    pub fn describe(&self, now: SystemTime) -> String {
        let who = match self.people.as_slice() {
            [] => "bots only".to_string(),
            [one] => format!("you played {one}"),
            many => format!("people played {}", many.join(", ")),
        };
        let ago = now.duration_since(self.modified).map_or(0, |d| d.as_secs());
        let ago = match ago {
            0..=89 => "just now".to_string(),
            90..=5399 => format!("{} minutes ago", (ago + 30) / 60),
            5400..=129_599 => format!("{} hours ago", (ago + 1800) / 3600),
            _ => format!("{} days ago", (ago + 43_200) / 86_400),
        };
        let file = self.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        format!("{}, {} players, {who}, turn {}, kept {ago} ({file})", self.ruleset, self.players, self.turn)
    }
}

/// The games still going in `folder`, the last kept first; files that are not games `play`
/// kept, or whose game is over, are left out.
pub fn still_going(folder: &Path) -> Vec<Kept> {
    let Ok(dir) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut kept: Vec<Kept> = dir
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|path| {
            let saved = SavedGame::read(&path).ok()?;
            let seating = saved.seating.as_ref().filter(|s| !s.over)?;
            let state = saved.snapshot.as_ref();
            let name = |p: &u32| {
                state.map_or_else(|| crate::cli::wizard_glyph(*p).to_string(), |s| crate::cli::wizard_name(s, *p))
            };
            Some(Kept {
                ruleset: saved.setup.ruleset.clone(),
                players: saved.setup.players,
                turn: state.map_or(0, |s| s.turn.number),
                people: seating.people.iter().map(name).collect(),
                modified: std::fs::metadata(&path).and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH),
                path,
            })
        })
        .collect();
    kept.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| b.path.cmp(&a.path)));
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn files_are_named_by_their_start_ruleset_and_seed() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_863_898); // 2026-11-28 11:04:58
        assert_eq!(timestamp(t), "2026-11-28-110458");
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01-000000");
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        let dir = std::env::temp_dir().join(format!("wizwar-saves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = new_file(&dir, "8th/x", 5, t);
        assert_eq!(first.file_name().unwrap(), "2026-11-28-110458-8th_x-seed5.json");
        std::fs::write(&first, "{}").unwrap();
        assert_eq!(new_file(&dir, "8th/x", 5, t).file_name().unwrap(), "2026-11-28-110458-8th_x-seed5-2.json");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_folder_follows_the_variables() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
        };
        assert_eq!(folder(&vars(&[("WIZWAR_SAVES", "/s"), ("HOME", "/h")])), Some(PathBuf::from("/s")));
        assert_eq!(folder(&vars(&[("XDG_STATE_HOME", "/x"), ("HOME", "/h")])), Some(PathBuf::from("/x/wizwar/games")));
        assert_eq!(folder(&vars(&[("HOME", "/h")])), Some(PathBuf::from("/h/.local/state/wizwar/games")));
        assert_eq!(folder(&vars(&[])), None);
    }
}
