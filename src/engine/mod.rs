//! The engine: runs a game of any ruleset with its cards.
//!
//! # Control flow
//!
//! The game runs synchronously. The turn is the ruleset's list of phases; a plain phase is one
//! call to `rules.phases[name](game)`, a loop phase asks the active player for actions
//! (`rules.actions(game, player)`, then `rules.perform(game, player, action)`) until the phase
//! is ended. Before each such step the engine takes a *checkpoint* (a clone of the state and the
//! lengths of the log and the answers).
//!
//! * A script error (a broken card, a budget overrun) restores the checkpoint, logs the error
//!   naming file and line, and marks the failed action so it is not offered again this turn:
//!   the game goes on as it was before that action.
//! * An agent that has no answer yet ([`Decision::Suspend`]) also restores the checkpoint; the
//!   answers given since are kept and replayed when the step runs again, so nothing is asked
//!   twice.
//!
//! # Events
//!
//! `game:before(name, payload)` runs the `before_<name>` handlers (which may change the payload
//! or return false to cancel) and `game:after(name, payload)` the `on_<name>` handlers, and logs
//! the event. Handler order: the ruleset's, then the card the event is about (payload.card) if
//! it is not in play, then cards in play: the active player's play area first, then the other
//! players' in turn order, each in the order cards entered play, then cards attached to
//! objects on the board in creation order.

mod answers;
mod api;
mod api_doc;
mod dispatch;
mod listing;
mod load;
mod memo;
mod narration;
pub use narration::kernel_line;
mod scripts;
mod state_cell;
mod turns;
pub use api_doc::{ApiDoc, API_DOCS};
pub use load::{card_files, files_under};
pub mod convert;
mod pause;
pub use pause::{Evaluated, LuaSession, Snapshot, SESSION_BUDGET};

use crate::cards::{load_card_from, CardDef};
use crate::decision::{Agent, Decision, Request};
use crate::geometry::load::load_board_set;
use crate::geometry::Rot;
use crate::lua::sandbox::{HostError, Limits, LuaHost};
use crate::rng::GameRng;
use crate::ruleset::Ruleset;
use crate::state::{CardId, GameResult, GameState, Player, PlayerId, TurnState, Zone};
use crate::value::Value;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

/// What is needed to start a game: everything a saved game stores besides the answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    pub ruleset: String,
    pub players: usize,
    pub seed: u64,
    #[serde(default)]
    pub options: Vec<(String, Value)>,
    #[serde(default)]
    pub names: Vec<String>,
}

/// One answer given to a request, as logged and saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answered {
    pub player: u32,
    pub kind: String,
    pub keys: Vec<String>,
}

/// One line of the event log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u64,
    pub event: String,
    pub data: Value,
    /// The seats it was logged for (an answer, a private roll); None: everyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audience: Option<Vec<PlayerId>>,
    /// Who could see each card it names that was hidden from someone when it was logged
    /// (`view::sights_of`): each reader is shown only those he could see (derived again when a
    /// game is replayed).
    #[serde(skip)]
    pub sights: Vec<(CardId, crate::view::CardSight)>,
}

/// Why `run` returned.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Over(GameResult),
    /// An agent has no answer yet: answer this request and run again.
    Suspended(Request),
    /// The turn limit given to `run` was reached.
    TurnLimit,
    /// An agent refused a request (a strict test agent met something unexpected), or a replay
    /// stopped making sense.
    AgentFailed(String),
}

enum StepResult {
    Continue,
    /// A loop phase waits for the active player's action (only when asked to stop there).
    AwaitingAction,
}

enum Interrupt {
    Suspend(Request),
    Fail(String),
}

/// What to do with the answers given after a checkpoint when going back to it.
enum AfterRestore {
    /// The step will run again (an agent suspended): feed them again.
    Replay,
    /// The step failed for good (a script error): they stay in the record.
    Keep,
    /// The run stops (an agent failed).
    Drop,
}

/// What came of one card's event handler.
enum Handled {
    /// It ran and returned this; the payload as it left it, read back (a payload it may change).
    Heard(mlua::Value, Option<mlua::Table>),
    /// It failed and was undone: the payload as it was before it.
    Failed(mlua::Table),
}

struct Checkpoint {
    state: state_cell::SavedState,
    log: usize,
    answers: usize,
    held: usize,
}

/// What a step leaves behind: the state's count of changes, the log's and the answers'
/// lengths, the bytes held. Equal before and after a call, the call did nothing a checkpoint
/// would undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Footprint {
    changes: u64,
    log: usize,
    answers: usize,
    held: usize,
}

/// A loaded card: its checked metadata and the table holding its hooks.
pub(crate) struct LoadedCard {
    pub def: CardDef,
    pub table: mlua::Table,
    /// Its hooks by name (the table is read-only once loaded: they stay).
    pub hooks: FxHashMap<String, mlua::Function>,
    /// What its definition fixes in its record (game:card), made in Lua once.
    pub statics: std::rc::Rc<crate::answer::Shared>,
}

pub(crate) struct Kernel {
    /// The folder holding `rulesets/` and `cards/` this game was loaded from.
    pub root: PathBuf,
    pub host: LuaHost,
    pub ruleset: Ruleset,
    /// The ruleset's board set, read at loading (primitives do no file I/O).
    pub boards: crate::geometry::load::BoardSet,
    pub cards: BTreeMap<String, LoadedCard>,
    /// The cards' hooks by hook name, then by definition: an event nobody's card hears is
    /// known at one lookup, and a card in play is asked for its hook at one more.
    pub hooks_by_name: FxHashMap<String, FxHashMap<Arc<str>, mlua::Function>>,
    pub rules: RefCell<Option<mlua::Table>>,
    /// The ruleset's functions looked up so far, by name (None: it has none of that name).
    rules_fns: RefCell<FxHashMap<String, Option<mlua::Function>>>,
    pub game: RefCell<Option<mlua::Table>>,
    pub make_ctx: RefCell<Option<mlua::Function>>,
    /// Installs the ruleset's card helpers in the kernel's ctx (see `api::set_rules_ctx`).
    pub set_ctx: RefCell<Option<mlua::Function>>,
    /// Empties the memo of queries (`api.lua`), for a new game on the same engine.
    pub forget: RefCell<Option<mlua::Function>>,
    pub st: state_cell::StateCell,
    pub log: RefCell<Vec<LogEntry>>,
    pub answers: RefCell<Vec<Answered>>,
    replay: RefCell<VecDeque<Answered>>,
    agent: RefCell<Box<dyn Agent>>,
    interrupt: RefCell<Option<Interrupt>>,
    /// The game as it is at the open question, while suspended inside a step (see `pause.rs`).
    view: RefCell<Option<Rc<pause::QuestionView>>>,
    /// Depth of event dispatch, to stop runaway event loops.
    pub depth: Cell<u32>,
    /// Bytes of script data the kernel holds for this game (log entries, vars, card data, the
    /// stack's marks): counted with the Lua state's memory against the memory cap
    /// (`Kernel::hold`). Taken back with the checkpoint a failed step goes back to.
    pub held: Cell<usize>,
    /// Sees every event as it is logged, with the state at that moment (soak tests check
    /// invariants with it; see [`Engine::set_observer`]).
    observer: RefCell<Option<Observer>>,
    /// The last listing `pending_actions` made, with the game's footprint when it was made
    /// (`Kernel::footprint`): the action step that follows takes it while nothing has changed
    /// since (a search takes one of the actions it has just listed), rather than list again.
    pending: RefCell<Option<turns::Pending>>,
}

/// A watcher of every logged event: `(state, entry)`.
pub type Observer = Box<dyn FnMut(&GameState, &LogEntry)>;

pub struct Engine {
    pub(crate) k: Rc<Kernel>,
}

fn phase_payload(name: &str) -> Value {
    convert::map(vec![("phase", name.into())])
}

impl Engine {
    fn rules(&self) -> mlua::Table {
        self.k.rules.borrow().clone().expect("rules are loaded in Engine::new")
    }

    /// A copy of the current state.
    pub fn state(&self) -> GameState {
        self.k.st.borrow().clone()
    }

    /// Runs a closure on the current state without copying it.
    pub fn with_state<R>(&self, f: impl FnOnce(&GameState) -> R) -> R {
        f(&self.k.st.borrow())
    }

    /// Loads the game's dice for a card test (`t:dice`): the next rolls give these results.
    pub fn load_dice(&self, results: &[u32]) {
        self.k.st.borrow_mut_touching(state_cell::Touch::NONE).rng.load(results);
    }

    pub fn log(&self) -> Vec<LogEntry> {
        self.k.log.borrow().clone()
    }

    pub fn answers(&self) -> Vec<Answered> {
        self.k.answers.borrow().clone()
    }

    /// Every answer the game has been given: those of its finished steps and, at an open
    /// question, those already given in the step it asks in (undone with the step when it
    /// stopped to ask, they wait to be replayed when it goes on). A game kept now and taken up
    /// again asks the open question, not the step's first.
    pub fn answers_given(&self) -> Vec<Answered> {
        let mut given = self.answers();
        given.extend(self.k.replay.borrow().iter().cloned());
        given
    }

    pub fn card_defs(&self) -> impl Iterator<Item = &CardDef> {
        self.k.cards.values().map(|c| &c.def)
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.k.ruleset
    }

    /// The folder holding `rulesets/` and `cards/` the game was loaded from.
    pub fn root(&self) -> &Path {
        &self.k.root
    }

    /// Replaces the agent (for the REPL, or a test that scripts the next answers).
    pub fn set_agent(&self, agent: Box<dyn Agent>) {
        *self.k.agent.borrow_mut() = agent;
    }

    /// Runs `f` on the agent (to read or set where its random generators are: a saved game).
    pub fn with_agent<R>(&self, f: impl FnOnce(&mut dyn Agent) -> R) -> R {
        f(&mut **self.k.agent.borrow_mut())
    }

    /// Queues answers to be used before asking the agent (replaying a saved game).
    pub fn queue_replay(&self, answers: impl IntoIterator<Item = Answered>) {
        self.k.replay.borrow_mut().extend(answers);
    }

    /// Lines printed by scripts since the last call.
    pub fn take_output(&self) -> Vec<String> {
        self.k.host.take_output()
    }

    fn explain(&self, e: HostError) -> String {
        e.message().to_string()
    }

    fn checkpoint(&self) -> Checkpoint {
        self.k.checkpoint()
    }

    fn restore(&self, c: Checkpoint, answers: AfterRestore) {
        self.k.restore(c, answers)
    }

    /// Shows every event, as it is logged, to `observer` with the state at that moment.
    pub fn set_observer(&self, observer: Option<Observer>) {
        *self.k.observer.borrow_mut() = observer;
    }

    /// Starts or stops counting where the time goes ([`Engine::profile`]).
    pub fn set_profiling(&self, on: bool) {
        self.k.host.set_profiling(on);
    }

    /// Starts (or stops) charging the time in scripts to their functions too (a little slower).
    pub fn sample_script_functions(&self, on: bool) {
        self.k.host.sample_functions(on);
    }

    /// The time charged to each script function since sampling began, most first.
    pub fn script_function_times(&self) -> Vec<crate::lua::sandbox::FunctionTime> {
        self.k.host.function_times()
    }

    /// Each primitive scripts called since profiling began, most time first: its calls, and
    /// their time with what they ran (arguments, answer, scripts), of it in scripts.
    pub fn primitive_times(&self) -> Vec<(String, crate::lua::sandbox::PrimitiveTime)> {
        self.k.host.primitive_times()
    }

    /// Starts watching the Lua heap's peak afresh (`lua_memory_peak`).
    pub fn restart_lua_memory_peak(&self) {
        self.k.host.restart_memory_peak();
    }

    /// The most the engine's Lua heap held since `restart_lua_memory_peak`, in bytes (its code,
    /// cards and memo included; sampled: `LuaHost::memory_peak`).
    pub fn lua_memory_peak(&self) -> usize {
        self.k.host.memory_peak()
    }

    /// Time spent in scripts and in the primitives they called since profiling began.
    pub fn profile(&self) -> crate::lua::sandbox::ProfileTimes {
        self.k.host.profile()
    }

    /// Runs `f` on the event log without copying it.
    pub fn with_log<R>(&self, f: impl FnOnce(&[LogEntry]) -> R) -> R {
        f(&self.k.log.borrow())
    }

    /// Does the ruleset define `rules[name]`?
    pub fn ruleset_has(&self, name: &str) -> bool {
        self.k.rules_fn(name).is_some()
    }

    /// The message of the last script error in the log, if any.
    pub fn last_error(&self) -> Option<String> {
        self.k
            .log
            .borrow()
            .iter()
            .rev()
            .find(|l| l.event == "error")
            .and_then(|l| l.data.get("message").and_then(Value::as_str).map(str::to_string))
    }

    pub(crate) fn kernel(&self) -> &Rc<Kernel> {
        &self.k
    }
}

impl Kernel {
    pub fn log_event(&self, event: &str, data: Value) {
        self.log_for(event, data, None);
    }

    /// Logs an entry for `audience` only (None: everyone), and only for the seats that see the
    /// figure it is about (`view::figure_audience`).
    pub fn log_for(&self, event: &str, data: Value, audience: Option<Vec<PlayerId>>) {
        let (turn, sights, audience) = {
            let st = self.st.borrow();
            let sights = crate::view::sights_of(&st, &self.ruleset.file.visibility, &data);
            (st.turn.number, sights, crate::view::figure_audience(&st, &data, audience))
        };
        let entry = LogEntry { turn, event: event.to_string(), data, audience, sights };
        if let Some(observe) = self.observer.borrow_mut().as_mut() {
            observe(&self.st.borrow(), &entry);
        }
        self.log.borrow_mut().push(entry);
    }
}
