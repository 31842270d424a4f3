//! A game's place at the table: loaded (its thread, its engine, its pages) or unloaded (only its
//! files, and the line the lobby shows of it). A kept game stays unloaded until its page, an
//! answer or its live socket asks for it; a game nobody has asked for a while, and no live
//! socket watches, is unloaded again, so a table holds engines only for the games in use.

use super::game::Hosted;
use serde_json::Value as Json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One game's state at the table, and what says whether it is in use.
pub struct Slot {
    state: Mutex<State>,
    /// Live sockets open on the game: a watched game is never unloaded.
    watchers: AtomicUsize,
    /// When the game was last asked for (a page, an answer, a socket opened or closed).
    last_asked: Mutex<Instant>,
}

enum State {
    Loaded {
        hosted: Hosted,
        thread: JoinHandle<()>,
    },
    /// Its files only. `line` is what the lobby shows of it; `retiring`, the thread of its
    /// last loading, which may still be finishing an answer given just before it was unloaded
    /// (loading again waits for it, so nothing it keeps is lost).
    Unloaded {
        line: Json,
        retiring: Option<JoinHandle<()>>,
    },
    /// It could not be taken up: why (its file is named in it).
    Failed(String),
}

impl Slot {
    /// A game just started or taken up.
    pub fn loaded(hosted: Hosted, thread: JoinHandle<()>) -> Slot {
        Slot::new(State::Loaded { hosted, thread })
    }

    /// A kept game, listed as `line` until it is taken up.
    pub fn unloaded(line: Json) -> Slot {
        Slot::new(State::Unloaded { line, retiring: None })
    }

    fn new(state: State) -> Slot {
        Slot { state: Mutex::new(state), watchers: AtomicUsize::new(0), last_asked: Mutex::new(Instant::now()) }
    }

    fn asked(&self) {
        *self.last_asked.lock().expect("clock") = Instant::now();
    }

    /// What the lobby shows of game `id` (`page::lobby_line`): from its pages when it is
    /// loaded, else as kept; none for a game that could not be taken up. It waits while the
    /// game is being loaded.
    pub fn lobby_line(&self, id: &str) -> Option<Json> {
        match &*self.state.lock().expect("slot") {
            State::Loaded { hosted, .. } => Some(lobby_line_of(id, hosted)),
            State::Unloaded { line, .. } => Some(line.clone()),
            State::Failed(_) => None,
        }
    }

    /// The game's handle if it is loaded, without waiting (none while it is being loaded);
    /// counts as asking for it.
    pub fn if_loaded(&self) -> Option<Hosted> {
        let Ok(state) = self.state.try_lock() else { return None };
        let State::Loaded { hosted, .. } = &*state else { return None };
        self.asked();
        Some(hosted.clone())
    }

    /// The game's handle, loading it with `take_up` if it is unloaded (whoever asks meanwhile
    /// waits for the same loading), or why it could not be taken up. It blocks: call it where
    /// waiting is allowed.
    pub fn load(&self, take_up: impl FnOnce() -> Result<(Hosted, JoinHandle<()>), String>) -> Result<Hosted, String> {
        let mut state = self.state.lock().expect("slot");
        self.asked();
        if let State::Unloaded { retiring, .. } = &mut *state {
            // (what the last thread was still keeping is read by the next one)
            if let Some(thread) = retiring.take() {
                let _ = thread.join();
            }
            *state = match take_up() {
                Ok((hosted, thread)) => State::Loaded { hosted, thread },
                Err(e) => State::Failed(e),
            };
        }
        match &*state {
            State::Loaded { hosted, .. } => Ok(hosted.clone()),
            State::Failed(e) => Err(e.clone()),
            State::Unloaded { .. } => unreachable!("loaded above"),
        }
    }

    /// Unloads game `id` if it is loaded, nobody has asked for it for `idle` and no live socket
    /// watches it: its thread ends (once any answer in hand is kept) and frees its engine. A
    /// slot in use (being loaded) is left alone.
    pub fn unload_if_idle(&self, id: &str, idle: Duration) {
        let Ok(mut state) = self.state.try_lock() else { return };
        let State::Loaded { hosted, .. } = &*state else { return };
        if self.watchers.load(Ordering::SeqCst) > 0 || self.last_asked.lock().expect("clock").elapsed() < idle {
            return;
        }
        let line = lobby_line_of(id, hosted);
        // (the handle dropped here was the thread's last one but for answers in hand)
        let State::Loaded { thread, .. } = std::mem::replace(&mut *state, State::Failed(String::new())) else {
            unreachable!("loaded, as matched above under the same lock")
        };
        *state = State::Unloaded { line, retiring: Some(thread) };
    }

    /// Counts a live socket open on the game until the guard is dropped.
    pub fn watched(self: &Arc<Self>) -> Watching {
        self.watchers.fetch_add(1, Ordering::SeqCst);
        self.asked();
        Watching(self.clone())
    }
}

/// A live socket open on a game (`Slot::watched`).
pub struct Watching(Arc<Slot>);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.watchers.fetch_sub(1, Ordering::SeqCst);
        self.0.asked();
    }
}

fn lobby_line_of(id: &str, hosted: &Hosted) -> Json {
    let page = serde_json::from_str(&hosted.pages.borrow().public).unwrap_or_default();
    super::page::lobby_line(id, &page)
}
