//! What an interactive front end (the REPL) needs beyond running a game: looking at an open
//! question, going back without replaying, and a Lua session.
//!
//! * **The game at an open question.** When an agent suspends in the middle of a step, the
//!   engine goes back to the step's checkpoint: the step runs again, with the answers given so
//!   far, once the answer comes. The person asked must still see the game as it is at the
//!   question (the spell on the stack, the card gone from the hand), so the engine keeps that
//!   state, and the log lines since the checkpoint, as the *question view* until it runs again.
//! * **Snapshots.** Everything a paused engine is (state, log and answer counts, the answers
//!   queued to replay the open step, the question view), to go back to it in O(1).
//! * **Lua sessions.** Chunks a person types share one environment: its globals persist, and
//!   the session tells when a chunk assigned one (so the front end can record the chunk and
//!   replay it deterministically).

use super::{AfterRestore, Answered, Checkpoint, Engine, Interrupt, LogEntry};
use crate::lua::sandbox::HostError;
use crate::state::GameState;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The game when the open question was asked (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct QuestionView {
    state: GameState,
    /// The log at the question: the log up to `log_from`, then `log_tail`.
    log_from: usize,
    log_tail: Vec<LogEntry>,
}

/// A paused engine, to go back to (see [`Engine::go_back`]).
#[derive(Clone, Debug)]
pub struct Snapshot {
    state: GameState,
    log: usize,
    answers: usize,
    replay: Vec<Answered>,
    view: Option<Rc<QuestionView>>,
}

impl Snapshot {
    /// The state the game goes on from (at an open question inside a step: the state before
    /// the step).
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The state as the player asked sees it (see [`Engine::with_view`]).
    pub fn view(&self) -> &GameState {
        self.view.as_ref().map_or(&self.state, |v| &v.state)
    }

    /// How long the log was.
    pub fn log_len(&self) -> usize {
        self.log
    }

    /// The log lines of the open step up to the question (they are not in the log: the step
    /// will log them again when it re-runs).
    pub fn question_log(&self) -> &[LogEntry] {
        self.view.as_ref().map_or(&[], |v| &v.log_tail[..])
    }
}

/// Chunks typed by a person, sharing one environment (see [`Engine::lua_session`]).
pub struct LuaSession {
    env: mlua::Table,
    /// `writes`: how many global assignments the session's chunks made.
    info: mlua::Table,
    /// `settle(keep)`, after each chunk: keep its assignments, or take them back.
    settle: mlua::Function,
}

/// What a chunk run in a session did.
pub struct Evaluated {
    /// Its results, for the front end to show.
    pub values: Vec<mlua::Value>,
    /// It changed the game (the state or the log).
    pub changed: bool,
    /// It assigned a global of the session.
    pub wrote_globals: bool,
}

/// The instruction budget of a chunk a person runs in a session (the REPL's `lua`): a loop
/// that times a query a few hundred thousand times fits (a game's 2,000,000 would stop it in
/// a few milliseconds), and Ctrl-C or the wall-clock limit still stop one that runs away. The
/// card hooks and handlers it calls keep their own budget each, as in a game; a card test
/// runs with the same budget (testing.rs).
pub const SESSION_BUDGET: u64 = 200_000_000;

/// The session environment: globals live in `store`; reads fall back to the sandbox
/// environment `base`; every assignment is counted, and noted so a failed chunk's can be
/// taken back.
const SESSION_LUA: &str = r#"
local base = ...
local store, info, journal = {}, { writes = 0 }, {}
local env = setmetatable({}, {
  __index = function(_, k)
    local v = rawget(store, k)
    if v == nil then return base[k] end
    return v
  end,
  __newindex = function(_, k, v)
    journal[#journal + 1] = { k, rawget(store, k) }
    rawset(store, k, v)
    info.writes = info.writes + 1
  end,
})
local function settle(keep)
  if not keep then
    for i = #journal, 1, -1 do rawset(store, journal[i][1], journal[i][2]) end
    info.writes = info.writes - #journal
  end
  journal = {}
end
return env, info, settle
"#;

impl Engine {
    /// How many entries the event log has.
    pub fn log_len(&self) -> usize {
        self.k.log.borrow().len()
    }

    /// The log entries from `from` on.
    pub fn log_since(&self, from: usize) -> Vec<LogEntry> {
        let log = self.k.log.borrow();
        log[from.min(log.len())..].to_vec()
    }

    /// The log entries in `range` (clamped to the log).
    pub fn log_range(&self, range: std::ops::Range<usize>) -> Vec<LogEntry> {
        let log = self.k.log.borrow();
        let end = range.end.min(log.len());
        log[range.start.min(end)..end].to_vec()
    }

    /// Called when a step suspends, before going back to its checkpoint `cp`: keeps the game
    /// as it is at the question (unless the step has changed nothing yet).
    pub(super) fn keep_question_view(&self, cp: &Checkpoint) {
        let log_from = cp.log;
        let tail = self.log_since(log_from);
        if tail.is_empty() && self.k.view.borrow().is_none() && !self.k.st.differs_from(&cp.state) {
            return;
        }
        let mut view = self.k.view.borrow_mut();
        match view.as_mut() {
            // An inner step kept the state already; this one adds the log lines before it.
            Some(v) => {
                let v = Rc::make_mut(v);
                let mut lines = tail;
                lines.append(&mut v.log_tail);
                v.log_tail = lines;
                v.log_from = log_from;
            }
            None => *view = Some(Rc::new(QuestionView { state: self.k.st.borrow().clone(), log_from, log_tail: tail })),
        }
    }

    /// Runs `f` on the game as the player being asked sees it: at an open question, the state
    /// when it was asked (a spell on the stack, its card gone from the hand); else the state.
    pub fn with_view<R>(&self, f: impl FnOnce(&GameState) -> R) -> R {
        match self.k.view.borrow().as_ref() {
            Some(v) => f(&v.state),
            None => f(&self.k.st.borrow()),
        }
    }

    /// The game at the open question (see [`Engine::with_view`]) as `viewer` sees it.
    pub fn seat_view(&self, viewer: crate::view::Viewer) -> crate::view::SeatView {
        self.with_view(|st| crate::view::view_of(st, &self.k.ruleset.file.visibility, viewer))
    }

    /// The board and the seats' places as `viewer` sees them (`view::field_view`): the part of
    /// `seat_view` a bot that walks reads.
    pub fn seat_field(&self, viewer: crate::view::Viewer) -> crate::view::FieldView {
        self.with_view(|st| crate::view::field_view(st, viewer))
    }

    /// A whole state `view` could be the view of, its hidden cards dealt by dice seeded with
    /// `seed` (`view::sample`), then completed by the ruleset where it keeps hidden data of its
    /// own (`rules.determinize(game, seat)`, run on the sample; this engine's game is left as it
    /// was). For search: a bot plays in such samples, never in the referee's state.
    pub fn sample(&self, view: &crate::view::SeatView, seed: u64) -> Result<GameState, String> {
        let sampled = crate::view::sample(view, seed);
        let Some(complete) = self.k.rules_fn("determinize") else { return Ok(sampled) };
        let seat = match view.viewer {
            crate::view::Viewer::Seat(s) => mlua::Value::Integer(i64::from(s)),
            _ => mlua::Value::Nil,
        };
        let game = self.k.game.borrow().clone().expect("game object installed");
        let cp = self.k.checkpoint();
        self.k.st.replace(sampled);
        let done = self.k.host.call::<_, ()>(&complete, (game, seat)).map(|()| self.k.st.borrow().clone());
        self.k.restore(cp, super::AfterRestore::Drop);
        done.map_err(|e| e.message().to_string())
    }

    /// The log at the open question, from entry `from` on, as `viewer` was shown it.
    pub fn seat_log_since(&self, from: usize, viewer: crate::view::Viewer) -> Vec<LogEntry> {
        crate::view::log_view(&self.view_log_since(from), viewer)
    }

    /// How long the log is at the open question (see [`Engine::with_view`]).
    pub fn view_log_len(&self) -> usize {
        match self.k.view.borrow().as_ref() {
            Some(v) => v.log_from + v.log_tail.len(),
            None => self.log_len(),
        }
    }

    /// The log at the open question, from entry `from` on.
    pub fn view_log_since(&self, from: usize) -> Vec<LogEntry> {
        let Some(v) = self.k.view.borrow().clone() else { return self.log_since(from) };
        let mut out = if from < v.log_from { self.k.log.borrow()[from..v.log_from].to_vec() } else { vec![] };
        out.extend(v.log_tail.iter().skip(from.saturating_sub(v.log_from)).cloned());
        out
    }

    /// Is the game paused in the middle of a step: at a question asked after the step changed
    /// the game or took answers? Going on from there re-runs the step from its start.
    pub fn mid_step(&self) -> bool {
        // A view is kept only when the step had changed or logged something (see above).
        self.k.view.borrow().is_some() || !self.k.replay.borrow().is_empty()
    }

    /// Everything the paused engine is, to come back to with [`Engine::go_back`].
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            state: self.k.st.borrow().clone(),
            log: self.log_len(),
            answers: self.k.answers.borrow().len(),
            replay: self.k.replay.borrow().iter().cloned().collect(),
            view: self.k.view.borrow().clone(),
        }
    }

    /// Puts the engine back where it was at `s`: a snapshot taken earlier on this engine, on
    /// the line of play that led here (so its log and answers are a beginning of today's).
    pub fn go_back(&self, s: &Snapshot) {
        assert!(s.log <= self.log_len() && s.answers <= self.k.answers.borrow().len(), "a snapshot of the past");
        *self.k.st.borrow_mut() = s.state.clone();
        self.k.log.borrow_mut().truncate(s.log);
        self.k.answers.borrow_mut().truncate(s.answers);
        *self.k.replay.borrow_mut() = s.replay.iter().cloned().collect();
        *self.k.view.borrow_mut() = s.view.clone();
        *self.k.interrupt.borrow_mut() = None;
    }

    /// Lets `flag` stop any script this engine runs: once it is set, the running script fails
    /// with "interrupted" (a front end sets it on Ctrl-C, and clears it).
    pub fn set_interrupt_flag(&self, flag: Option<Arc<AtomicBool>>) {
        self.k.host.set_interrupt_flag(flag);
    }

    /// A Lua session: an environment with `game` in scope (the object cards use, in the same
    /// sandbox) whose globals persist from one chunk to the next.
    pub fn lua_session(&self) -> Result<LuaSession, String> {
        let host = &self.k.host;
        let base = host.new_env().map_err(|e| e.to_string())?;
        base.raw_set("game", self.k.game.borrow().clone()).map_err(|e| e.to_string())?;
        let maker = host.new_env().map_err(|e| e.to_string())?;
        let f: mlua::Function = host
            .lua()
            .load(SESSION_LUA)
            .set_name("=[lua session]")
            .set_environment(maker)
            .into_function()
            .map_err(|e| e.to_string())?;
        let (env, info, settle) = host.call(&f, base).map_err(|e| e.to_string())?;
        Ok(LuaSession { env, info, settle })
    }

    /// Sets a global of a session without counting it as the user's (the front end's helpers).
    pub fn session_set(&self, session: &LuaSession, name: &str, v: mlua::Value) -> Result<(), String> {
        let before = session.writes();
        session.env.set(name, v).map_err(|e| e.to_string())?;
        session.settle(true);
        session.info.raw_set("writes", before).map_err(|e| e.to_string())
    }

    /// Runs a chunk in a session. At an open question in the middle of a step (see
    /// [`Engine::mid_step`]) the chunk sees the game as it is at the question, and may look but
    /// not change it: the step will re-run from its start, so a change there could not last.
    /// An error (or a request for a decision, which a chunk cannot wait for) leaves the game as
    /// it was.
    pub fn eval_in(&self, session: &LuaSession, chunk_name: &str, code: &str) -> Result<Evaluated, String> {
        let real = self.mid_step().then(|| {
            let view = self.with_view(GameState::clone);
            std::mem::replace(&mut *self.k.st.borrow_mut(), view)
        });
        let cp = self.checkpoint();
        let writes = session.writes();
        let result = self.k.host.load_chunk_with_budget(chunk_name, code, &session.env, SESSION_BUDGET);
        let interrupt = self.k.interrupt.borrow_mut().take();
        let changed = self.k.st.differs_from(&cp.state) || self.log_len() != cp.log;
        let wrote_globals = session.writes() != writes;
        let failed = match (result, interrupt) {
            (_, Some(Interrupt::Suspend(req))) => Some(format!(
                "the chunk asked {} for a decision (`{}`); a Lua chunk cannot wait for one",
                crate::cli::wizard_glyph(req.player),
                req.kind
            )),
            (_, Some(Interrupt::Fail(m))) => Some(m),
            (Err(e), None) => Some(HostError::message(&e).to_string()),
            (Ok(values), None) => {
                if let Some(real) = real {
                    // The chunk ran on the view: put the game back as it is.
                    self.restore(cp, AfterRestore::Drop);
                    *self.k.st.borrow_mut() = real;
                    if changed {
                        session.settle(false);
                        return Err(
                            "at a question asked in the middle of an action (or a phase), Lua may look at the game \
                                    but not change it (the action replays from its start when answered): \
                                    answer first, or `undo` to before the action"
                                .into(),
                        );
                    }
                }
                session.settle(true);
                return Ok(Evaluated { values: values.into_iter().collect(), changed, wrote_globals });
            }
        };
        session.settle(false);
        self.restore(cp, AfterRestore::Drop);
        if let Some(real) = real {
            *self.k.st.borrow_mut() = real;
        }
        Err(failed.expect("an error"))
    }
}

impl LuaSession {
    fn writes(&self) -> i64 {
        self.info.raw_get("writes").unwrap_or(0)
    }

    /// Has any chunk of the session assigned a global (that it kept)?
    pub fn has_globals(&self) -> bool {
        self.writes() > 0
    }

    /// Keeps or takes back the last chunk's assignments. Called outside any budgeted entry, so
    /// it runs even while an interrupt flag is set.
    fn settle(&self, keep: bool) {
        let _ = self.settle.call::<()>(keep);
    }

    /// The session's environment (for showing values: `game` is in it).
    pub fn env(&self) -> &mlua::Table {
        &self.env
    }
}
