//! Helpers shared by the integration tests: temporary copies of the project's data, and the
//! invariants a game must keep after every event.
#![allow(dead_code)] // each test crate uses its own share of these

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use wizwar::engine::Engine;
use wizwar::geometry::Place;
use wizwar::state::GameState;

/// Every line of `text` fits an 80-column screen; `what` names the output when one does not.
pub fn assert_fits_80_columns(what: &str, text: &str) {
    for line in text.lines() {
        let n = line.chars().count();
        assert!(n <= 80, "{what}: a line of {n} columns: {line:?}\n{text}");
    }
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        let dest = to.join(e.file_name());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

/// A folder of a test's own under the system's temporary folder, removed with everything in
/// it when the test is done with it (dropped), so test runs leave nothing behind.
pub struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A new empty folder under the system's temporary folder, unique to this process and call,
/// removed when the `TempDir` is dropped.
pub fn temp_dir(prefix: &str) -> TempDir {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "wizwar-{prefix}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// A temporary copy of the project's rulesets, cards, test helpers and scenarios, to write into
/// (removed when dropped).
pub fn project_copy(prefix: &str) -> TempDir {
    let root = temp_dir(prefix);
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["rulesets", "cards", "tests/lua", "tests/scenarios"] {
        copy_dir(&here.join(dir), &root.join(dir));
    }
    root
}

/// The files in `dir` (none if it does not exist), sorted.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// What the rules promise about life, for [`watch_invariants`].
#[derive(Clone, Copy)]
pub struct LifeRules {
    /// No wizard ever has more (8th: 20); None: no cap.
    pub cap: Option<i64>,
}

/// Checks the invariants that hold after every event of every game, whatever the ruleset:
/// every card in exactly one place; the kernel's data consistent (wizards on the board while
/// alive and off it once dead, objects lying or carried, never both, terrain altered only where
/// the geometry allows); life within the rules' bounds; no fixed object (a created thing) on a
/// home base. Returns the first violation.
pub fn check_invariants(st: &GameState, life: LifeRules) -> Result<(), String> {
    st.check_card_places()?;
    st.check_consistency()?;
    for p in &st.players {
        if let Some(cap) = life.cap {
            if p.life > cap {
                return Err(format!("player {} has {} life, above the cap of {cap}", p.id, p.life));
            }
        }
    }
    for o in st.objects.values() {
        if let (false, Some(Place::Square(s))) = (o.mobile, o.at) {
            if (0..st.board.sector_count()).any(|i| st.board.home(i) == s) {
                return Err(format!("fixed object #{} ({}) stands on the home base {s}", o.id, o.kind));
            }
        }
    }
    Ok(())
}

/// Watches every event of `engine` with [`check_invariants`]; the violations seen (event,
/// turn, what) land in the returned list.
pub fn watch_invariants(engine: &Engine, life: LifeRules) -> Rc<RefCell<Vec<String>>> {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let out = seen.clone();
    engine.set_observer(Some(Box::new(move |st, entry| {
        if out.borrow().len() < 5 {
            if let Err(m) = check_invariants(st, life) {
                out.borrow_mut().push(format!("turn {}, before `{}`: {m}", entry.turn, entry.event));
            }
        }
    })));
    seen
}
