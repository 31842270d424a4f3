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

mod api;
mod api_doc;
pub use api_doc::{ApiDoc, API_DOCS};
pub mod convert;
mod pause;
pub use pause::{Evaluated, LuaSession, Snapshot};

use crate::cards::{load_card, CardDef};
use crate::decision::{Agent, Decision, Request};
use crate::geometry::load::load_board_set;
use crate::geometry::Rot;
use crate::lua::sandbox::{HostError, Limits, LuaHost};
use crate::rng::GameRng;
use crate::ruleset::Ruleset;
use crate::state::{CardId, GameResult, GameState, Player, TurnState, Zone};
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::rc::Rc;

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
    /// It ran and returned this.
    Heard(mlua::Value),
    /// It failed and was undone: the payload as it was before it.
    Failed(mlua::Table),
}

struct Checkpoint {
    state: GameState,
    log: usize,
    answers: usize,
}

/// A loaded card: its checked metadata and the table holding its hooks.
pub(crate) struct LoadedCard {
    pub def: CardDef,
    pub table: mlua::Table,
}

pub(crate) struct Kernel {
    pub host: LuaHost,
    pub ruleset: Ruleset,
    /// The ruleset's board set, read at loading (primitives do no file I/O).
    pub boards: crate::geometry::load::BoardSet,
    pub cards: BTreeMap<String, LoadedCard>,
    pub rules: RefCell<Option<mlua::Table>>,
    pub game: RefCell<Option<mlua::Table>>,
    pub make_ctx: RefCell<Option<mlua::Function>>,
    pub st: RefCell<GameState>,
    pub log: RefCell<Vec<LogEntry>>,
    pub answers: RefCell<Vec<Answered>>,
    replay: RefCell<VecDeque<Answered>>,
    agent: RefCell<Box<dyn Agent>>,
    interrupt: RefCell<Option<Interrupt>>,
    /// The game as it is at the open question, while suspended inside a step (see `pause.rs`).
    view: RefCell<Option<Rc<pause::QuestionView>>>,
    /// Depth of event dispatch, to stop runaway event loops.
    pub depth: Cell<u32>,
    /// Sees every event as it is logged, with the state at that moment (soak tests check
    /// invariants with it; see [`Engine::set_observer`]).
    observer: RefCell<Option<Observer>>,
}

/// A watcher of every logged event: `(state, entry)`.
pub type Observer = Box<dyn FnMut(&GameState, &LogEntry)>;

pub struct Engine {
    pub(crate) k: Rc<Kernel>,
}

fn phase_payload(name: &str) -> Value {
    convert::map(vec![("phase", name.into())])
}

/// Registers the ruleset's modules (`require("rules.x")`): each made of the same file along the
/// ruleset's chain, parent first (a later file sees what the one before returned as `base`).
fn register_rule_modules(host: &LuaHost, ruleset: &Ruleset) -> Result<(), String> {
    let entry = &ruleset.file.rules;
    let mut modules: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for layer in ruleset.chain.iter().rev() {
        for f in lua_files(&layer.dir) {
            let rel = f.strip_prefix(&layer.dir).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            if &rel == entry {
                continue;
            }
            let name = format!("rules.{}", rel.trim_end_matches(".lua").replace('/', "."));
            let shown = format!("rulesets/{}/{rel}", layer.name);
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{shown}: {e}"))?;
            modules.entry(name).or_default().push((shown, text));
        }
    }
    for (name, layers) in &modules {
        host.add_module_layers(name, layers);
    }
    Ok(())
}

/// Finds every `.lua` file under `dir`, sorted.
fn lua_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "lua") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

impl Engine {
    /// Loads the ruleset and its cards from `root` (the folder holding `rulesets/` and
    /// `cards/`), builds the starting state and runs the ruleset's setup.
    pub fn new(root: &Path, setup: &GameSetup, agent: Box<dyn Agent>) -> Result<Engine, String> {
        let ruleset = Ruleset::load(&root.join("rulesets"), &setup.ruleset)?;
        if ruleset.file.is_abstract {
            return Err(format!(
                "ruleset {} is abstract (shared mechanics other rulesets extend); it cannot be played",
                setup.ruleset
            ));
        }
        let options = ruleset.options(&setup.options)?;
        let host = LuaHost::new(Limits::default()).map_err(|e| e.to_string())?;

        // Shared card helpers: cards/lib/x.lua is `require("lib.x")`.
        for f in lua_files(&root.join("cards").join("lib")) {
            let rel = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
            let name = rel.trim_start_matches("cards/").trim_end_matches(".lua").replace('/', ".");
            let src = std::fs::read_to_string(&f).map_err(|e| format!("{rel}: {e}"))?;
            host.add_module(&name, &rel, &src);
        }
        // The ruleset's modules, before the cards: a card may require one as it loads.
        register_rule_modules(&host, &ruleset)?;
        let mut cards = BTreeMap::new();
        let mut problems = Vec::new();
        for dir in &ruleset.file.card_dirs {
            for f in lua_files(&root.join("cards").join(dir)) {
                let rel = f.strip_prefix(root).unwrap_or(&f).to_path_buf();
                match load_card(&host, &ruleset.file.vocabulary, root, &rel) {
                    Ok((def, table)) => {
                        cards.insert(def.key.clone(), LoadedCard { def, table });
                    }
                    Err(e) => problems.push(e.to_string()),
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems.join("\n"));
        }

        // Read once: setup arranges the board from it without going back to the disk.
        let set = load_board_set(&ruleset.boards_path())
            .map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
        let side = set.sides.keys().next().cloned().ok_or("the board set lists no sides")?;
        let layout = set
            .layouts
            .get(&setup.players)
            .ok_or_else(|| format!("ruleset {} has no layout for {} players", setup.ruleset, setup.players))?;
        let slots = layout.slots.len();
        let board = set
            .build(&side, setup.players, &(0..slots).collect::<Vec<_>>(), &vec![Rot(0); slots])
            .map_err(|e| e.to_string())?;
        let players = (0..setup.players)
            .map(|i| Player {
                id: i as u32,
                name: setup.names.get(i).cloned().unwrap_or_else(|| format!("player {}", i + 1)),
                alive: true,
                life: 0,
                home_sector: i,
                at: Some(board.home(i)),
                hand: Vec::new(),
                play: Vec::new(),
                tokens: BTreeMap::new(),
                vars: Value::map(),
            })
            .collect();
        let state = GameState {
            ruleset: setup.ruleset.clone(),
            options,
            seed: setup.seed,
            board,
            players,
            cards: Vec::new(),
            piles: BTreeMap::new(),
            objects: BTreeMap::new(),
            turn: TurnState {
                number: 0,
                round: 0,
                active: 0,
                first: 0,
                phase: String::new(),
                phase_index: 0,
                started: false,
                phase_over: false,
                failed: Vec::new(),
                vars: Value::map(),
                extra_turns: Vec::new(),
                resume_after: None,
            },
            stack: Vec::new(),
            vars: Value::map(),
            rng: GameRng::new(setup.seed),
            next_id: 0,
            result: None,
        };
        let k = Rc::new(Kernel {
            host,
            ruleset,
            boards: set,
            cards,
            rules: RefCell::new(None),
            game: RefCell::new(None),
            make_ctx: RefCell::new(None),
            st: RefCell::new(state),
            log: RefCell::new(Vec::new()),
            answers: RefCell::new(Vec::new()),
            replay: RefCell::new(VecDeque::new()),
            agent: RefCell::new(agent),
            interrupt: RefCell::new(None),
            observer: RefCell::new(None),
            view: RefCell::new(None),
            depth: Cell::new(0),
        });
        api::install(&k)?;
        let engine = Engine { k };
        engine.load_rules()?;
        engine.setup()?;
        Ok(engine)
    }

    /// Loads the ruleset's rules file along its chain, parent first (each later file sees what
    /// the one before returned as `base`); its modules were registered before the cards.
    fn load_rules(&self) -> Result<(), String> {
        let k = &self.k;
        let entry = k.ruleset.file.rules.clone();
        let files = k.ruleset.layered_files(&entry);
        if files.is_empty() {
            return Err(format!(
                "ruleset {}: no {entry} in its folder or the rulesets it extends",
                k.ruleset.file.name
            ));
        }
        let mut rules: Option<mlua::Table> = None;
        let mut shown = String::new();
        for (name, path) in files {
            let src = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
            let env = k.host.new_env().map_err(|e| e.to_string())?;
            env.raw_set("game", k.game.borrow().clone()).map_err(|e| e.to_string())?;
            if let Some(t) = &rules {
                env.raw_set("base", mlua::Value::Table(t.clone())).map_err(|e| e.to_string())?;
            }
            let values = k.host.load_chunk(&name, &src, &env).map_err(|e| e.to_string())?;
            k.host.freeze_env(&env).map_err(|e| e.to_string())?;
            match values.into_iter().next() {
                Some(mlua::Value::Table(t)) => rules = Some(t),
                Some(mlua::Value::Nil) | None if rules.is_some() => {}
                _ => return Err(format!("{name}: must return a table of rules")),
            }
            shown = name;
        }
        let rules = rules.expect("at least one rules file");
        for key in ["actions", "perform"] {
            if k.ruleset.file.phases.iter().any(|p| p.action_loop)
                && !matches!(rules.raw_get::<mlua::Value>(key), Ok(mlua::Value::Function(_)))
            {
                return Err(format!("{shown}: a loop phase needs `rules.{key}`"));
            }
        }
        if let Ok(mlua::Value::Table(ctx)) = rules.raw_get::<mlua::Value>("ctx") {
            api::set_rules_ctx(k, ctx)?;
        }
        *k.rules.borrow_mut() = Some(rules);
        Ok(())
    }

    fn setup(&self) -> Result<(), String> {
        let rules = self.rules();
        if let Ok(mlua::Value::Function(f)) = rules.raw_get::<mlua::Value>("setup") {
            let game = self.k.game.borrow().clone();
            self.k.host.call::<_, ()>(&f, game).map_err(|e| self.explain(e))?;
        }
        self.k.dispatch_after("game_start", Value::Nil).map_err(|e| self.explain(e))
    }

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

    pub fn log(&self) -> Vec<LogEntry> {
        self.k.log.borrow().clone()
    }

    pub fn answers(&self) -> Vec<Answered> {
        self.k.answers.borrow().clone()
    }

    pub fn card_defs(&self) -> impl Iterator<Item = &CardDef> {
        self.k.cards.values().map(|c| &c.def)
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.k.ruleset
    }

    /// Replaces the agent (for the REPL, or a test that scripts the next answers).
    pub fn set_agent(&self, agent: Box<dyn Agent>) {
        *self.k.agent.borrow_mut() = agent;
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

    /// Time spent in scripts and in the primitives they called since profiling began.
    pub fn profile(&self) -> crate::lua::sandbox::ProfileTimes {
        self.k.host.profile()
    }

    /// Runs `f` on the event log without copying it.
    pub fn with_log<R>(&self, f: impl FnOnce(&[LogEntry]) -> R) -> R {
        f(&self.k.log.borrow())
    }

    /// Runs one guarded step. Ok(true) = done, Ok(false) = it failed and was undone.
    fn guarded(&self, what: &str, body: impl FnOnce() -> Result<(), HostError>) -> Result<bool, Outcome> {
        let cp = self.checkpoint();
        let result = body();
        let interrupt = self.k.interrupt.borrow_mut().take();
        match (result, interrupt) {
            (Ok(()), None) => Ok(true),
            (_, Some(Interrupt::Suspend(req))) => {
                self.keep_question_view(&cp);
                self.restore(cp, AfterRestore::Replay);
                Err(Outcome::Suspended(req))
            }
            (_, Some(Interrupt::Fail(msg))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(Outcome::AgentFailed(msg))
            }
            (Err(e), None) => {
                self.restore(cp, AfterRestore::Keep);
                let msg = self.explain(e);
                self.k.log_event("error", convert::map(vec![("during", what.into()), ("message", msg.into())]));
                Ok(false)
            }
        }
    }

    /// Runs the game until it is over, an agent suspends, or `max_turns` turns have started.
    pub fn run(&self, max_turns: Option<u64>) -> Outcome {
        *self.k.view.borrow_mut() = None;
        loop {
            if let Some(r) = self.k.st.borrow().result.clone() {
                return Outcome::Over(r);
            }
            if let Err(outcome) = self.step(max_turns, false) {
                return outcome;
            }
        }
    }

    /// One step of the turn machine.
    fn step(&self, max_turns: Option<u64>, stop_at_action: bool) -> Result<StepResult, Outcome> {
        let phases = self.k.ruleset.file.phases.clone();
        let (started, index, number) = {
            let st = self.k.st.borrow();
            (st.turn.started, st.turn.phase_index, st.turn.number)
        };
        if !started {
            if max_turns.is_some_and(|m| number >= m) {
                return Err(Outcome::TurnLimit);
            }
            // The turn begins inside the guarded step: a question asked by a turn_start handler
            // re-runs the whole beginning once answered.
            let begun = self.guarded("turn_start", || {
                self.begin_turn();
                self.k.dispatch_after("turn_start", Value::Nil)
            })?;
            if !begun {
                self.begin_turn(); // the failed handler is undone; the turn starts without it
            }
            return Ok(StepResult::Continue);
        }
        if index >= phases.len() {
            self.guarded("turn_end", || self.k.dispatch_after("turn_end", Value::Nil))?;
            self.next_turn();
            return Ok(StepResult::Continue);
        }
        let phase = &phases[index];
        if self.k.st.borrow().turn.phase != phase.name {
            let enter = || {
                self.enter_phase(&phase.name);
                self.k.dispatch_after("phase_start", phase_payload(&phase.name))
            };
            if !self.guarded("phase_start", enter)? {
                self.enter_phase(&phase.name);
            }
            return Ok(StepResult::Continue);
        }
        let rules = self.rules();
        let game = self.k.game.borrow().clone().expect("game object installed");
        if !phase.action_loop {
            let f = match rules.raw_get::<mlua::Value>("phases") {
                Ok(mlua::Value::Table(t)) => t.raw_get::<Option<mlua::Function>>(phase.name.as_str()).ok().flatten(),
                _ => None,
            };
            if let Some(f) = f {
                self.guarded(&phase.name, || self.k.host.call::<_, ()>(&f, game.clone()))?;
            }
            return self.leave_phase(&phase.name);
        }
        if self.k.st.borrow().turn.phase_over || self.k.st.borrow().result.is_some() {
            return self.leave_phase(&phase.name);
        }
        if stop_at_action {
            return Ok(StepResult::AwaitingAction);
        }
        self.action_step(&phase.name, None)?;
        Ok(StepResult::Continue)
    }

    /// The legal actions of the active player right now (the ruleset's list, less the actions
    /// that failed this turn).
    fn list_actions(&self) -> Result<Vec<crate::decision::Choice>, HostError> {
        let rules = self.rules();
        let game = self.k.game.borrow().clone().expect("game object installed");
        let actions: mlua::Function = rules.raw_get("actions").expect("checked at load");
        let player = self.k.st.borrow().turn.active;
        let list: Value = self.k.host.call(&actions, (game, player))?;
        let failed = self.k.st.borrow().turn.failed.clone();
        match &list {
            Value::List(items) => Ok(items
                .iter()
                .map(api::choice_from_value)
                .collect::<Result<Vec<_>, String>>()
                .map_err(HostError::Runtime)?
                .into_iter()
                .filter(|c| !failed.contains(&c.key))
                .collect()),
            Value::Nil => Ok(Vec::new()),
            other => Err(HostError::Runtime(format!("rules.actions must return a list, got {other}"))),
        }
    }

    /// One action of a loop phase: chosen by the agent, or `given` (the REPL, a test).
    fn action_step(&self, phase: &str, given: Option<&str>) -> Result<bool, Outcome> {
        let rules = self.rules();
        let game = self.k.game.borrow().clone().expect("game object installed");
        let perform: mlua::Function = rules.raw_get("perform").expect("checked at load");
        let player = self.k.st.borrow().turn.active;
        let mut chosen_key = String::new();
        let mut refused = None;
        let done = self.guarded(phase, || {
            let options = self.list_actions()?;
            if options.is_empty() {
                self.k.st.borrow_mut().turn.phase_over = true;
                return Ok(());
            }
            let mut req = Request::one(player, "action", "What do you do?", options);
            // An action flagged `pass = true` is the "do nothing more" answer (end the phase).
            req.pass = req
                .options
                .iter()
                .find(|c| matches!(c.value.get("pass"), Some(Value::Bool(true))))
                .map(|c| c.key.clone());
            let keys = match given {
                None => self.k.ask(&req).map_err(|i| self.k.interrupt_host(i))?,
                Some(key) => {
                    if let Err(e) = req.resolve(&[key.to_string()]) {
                        refused = Some(e);
                        return Ok(());
                    }
                    self.k.record_answer(&req, vec![key.to_string()]);
                    vec![key.to_string()]
                }
            };
            chosen_key = keys[0].clone();
            let choice = req.options.iter().find(|c| c.key == chosen_key).expect("resolved").clone();
            let mut action = choice.value.clone();
            action.set("key", choice.key.as_str().into());
            let ended: Option<bool> = self.k.host.call(&perform, (game.clone(), player, action))?;
            if ended == Some(true) {
                self.k.st.borrow_mut().turn.phase_over = true;
            }
            Ok(())
        })?;
        if let Some(e) = refused {
            return Err(Outcome::AgentFailed(e));
        }
        if !done && !chosen_key.is_empty() {
            // The action broke: the game is as before it; don't offer it again this turn.
            self.k.st.borrow_mut().turn.failed.push(chosen_key);
        } else if !done {
            // The ruleset itself failed to list actions: end the phase rather than loop.
            self.k.st.borrow_mut().turn.phase_over = true;
        }
        Ok(done)
    }

    /// Runs the turn machine until the active player must choose an action (returns None), or
    /// the game stops for another reason.
    pub fn run_until_action(&self, max_turns: Option<u64>) -> Option<Outcome> {
        *self.k.view.borrow_mut() = None;
        loop {
            if let Some(r) = self.k.st.borrow().result.clone() {
                return Some(Outcome::Over(r));
            }
            match self.step(max_turns, true) {
                Ok(StepResult::AwaitingAction) => return None,
                Ok(StepResult::Continue) => {}
                Err(o) => return Some(o),
            }
        }
    }

    /// Puts the game at the start of `phase` (a phase name) of `player`'s turn, turn-start
    /// events skipped: for tests and experiments that set up a position by hand.
    pub fn force_turn(&self, player: u32, phase: &str) -> Result<(), String> {
        let index = self
            .k
            .ruleset
            .file
            .phases
            .iter()
            .position(|p| p.name == phase)
            .ok_or_else(|| format!("ruleset {} has no phase `{phase}`", self.k.ruleset.file.name))?;
        let mut st = self.k.st.borrow_mut();
        if player as usize >= st.players.len() {
            return Err(format!("no player {player}"));
        }
        st.turn.active = player;
        st.turn.number += 1;
        st.turn.started = true;
        st.turn.phase_index = index;
        st.turn.phase = phase.to_string();
        st.turn.phase_over = false;
        st.turn.failed.clear();
        st.turn.vars = Value::map();
        Ok(())
    }

    /// Calls a function of the ruleset (`rules[name](game, ...)`), guarded like an action.
    pub fn call_rules(&self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        let f = match self.rules().raw_get::<mlua::Value>(name) {
            Ok(mlua::Value::Function(f)) => f,
            _ => return Err(format!("the ruleset has no function `{name}`")),
        };
        let game = self.k.game.borrow().clone();
        let mut out = Value::Nil;
        let done = self
            .guarded(name, || {
                let mut a = mlua::MultiValue::new();
                a.push_back(mlua::Value::Table(game.clone().expect("game")));
                for v in args {
                    a.push_back(
                        mlua::IntoLua::into_lua(v, self.k.host.lua()).map_err(|e| HostError::Runtime(e.to_string()))?,
                    );
                }
                out = self.k.host.call(&f, a)?;
                Ok(())
            })
            .map_err(|o| format!("{o:?}"))?;
        if done {
            Ok(out)
        } else {
            Err(self.last_error().unwrap_or_else(|| format!("rules.{name} failed")))
        }
    }

    /// Runs a Lua chunk with `game` in scope (a fresh sandboxed environment, as cards get) and
    /// returns its results rendered readably. An error (or a request for a decision, which a
    /// chunk cannot wait for) restores the game as it was. For the REPL.
    pub fn eval_lua(&self, code: &str) -> Result<String, String> {
        let shown: Vec<String> = self
            .eval_lua_values(code)?
            .into_iter()
            .map(|v| match v {
                Ok(Value::Str(s)) => format!("{s:?}"),
                Ok(v) => v.to_string(),
                Err(name) => format!("<{name}>"),
            })
            .collect();
        Ok(shown.join("\t"))
    }

    /// [`Engine::eval_lua`]'s results as data; a value that is not data (a function...) gives
    /// its type name.
    pub fn eval_lua_values(&self, code: &str) -> Result<Vec<Result<Value, String>>, String> {
        let cp = self.checkpoint();
        let run = || -> Result<mlua::MultiValue, HostError> {
            let env = self.k.host.new_env()?;
            env.raw_set("game", self.k.game.borrow().clone()).map_err(|e| HostError::Runtime(e.to_string()))?;
            self.k.host.load_chunk("repl", code, &env)
        };
        let result = run();
        let interrupt = self.k.interrupt.borrow_mut().take();
        match (result, interrupt) {
            (Ok(values), None) => {
                let lua = self.k.host.lua();
                Ok(values
                    .into_iter()
                    .map(|v| {
                        let name = v.type_name();
                        <Value as mlua::FromLua>::from_lua(v, lua).map_err(|_| name.to_string())
                    })
                    .collect())
            }
            (_, Some(Interrupt::Suspend(req))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(format!(
                    "the chunk asked player {} for a decision (`{}`); a Lua chunk cannot wait for one",
                    req.player, req.kind
                ))
            }
            (_, Some(Interrupt::Fail(m))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(m)
            }
            (Err(e), None) => {
                self.restore(cp, AfterRestore::Drop);
                Err(self.explain(e))
            }
        }
    }

    /// Does the ruleset define `rules[name]`?
    pub fn ruleset_has(&self, name: &str) -> bool {
        matches!(self.rules().raw_get::<mlua::Value>(name), Ok(mlua::Value::Function(_)))
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

    /// The actions the active player may take now, if the game waits for one.
    pub fn pending_actions(&self) -> Result<Vec<crate::decision::Choice>, String> {
        let cp = self.checkpoint();
        // Listing must not change the game; undo anything a careless script did.
        let r = self.list_actions().map_err(|e| self.explain(e));
        self.restore(cp, AfterRestore::Drop);
        r
    }

    /// Takes one of the pending actions, as if the active player had chosen it. Ok(false) when
    /// it failed (a script error: the game is as before, and the error is in the log).
    pub fn take_action(&self, key: &str) -> Result<bool, Outcome> {
        *self.k.view.borrow_mut() = None;
        let phase = self.k.st.borrow().turn.phase.clone();
        self.action_step(&phase, Some(key))
    }

    fn begin_turn(&self) {
        let mut st = self.k.st.borrow_mut();
        st.turn.number += 1;
        st.turn.started = true;
        st.turn.phase_index = 0;
        st.turn.phase_over = false;
        st.turn.failed.clear();
        st.turn.vars = Value::map();
        let (n, a) = (st.turn.number, st.turn.active);
        drop(st);
        self.k
            .log_event("turn", convert::map(vec![("number", Value::Int(n as i64)), ("player", Value::Int(a as i64))]));
    }

    fn enter_phase(&self, name: &str) {
        let mut st = self.k.st.borrow_mut();
        st.turn.phase = name.to_string();
        st.turn.phase_over = false;
    }

    /// The phase is over: `phase_end` handlers hear it, then the next phase comes.
    fn leave_phase(&self, name: &str) -> Result<StepResult, Outcome> {
        let left = self.guarded("phase_end", || {
            self.advance_phase();
            self.k.dispatch_after("phase_end", phase_payload(name))
        })?;
        if !left {
            self.advance_phase();
        }
        Ok(StepResult::Continue)
    }

    fn advance_phase(&self) {
        let mut st = self.k.st.borrow_mut();
        st.turn.phase_index += 1;
        st.turn.phase_over = false;
    }

    fn next_turn(&self) {
        let mut st = self.k.st.borrow_mut();
        // An extra turn comes first; seat order then resumes from the player it was given after.
        while !st.turn.extra_turns.is_empty() {
            let p = st.turn.extra_turns.remove(0);
            if st.players.get(p as usize).is_some_and(|pl| pl.alive) {
                if st.turn.resume_after.is_none() {
                    st.turn.resume_after = Some(st.turn.active);
                }
                st.turn.active = p;
                st.turn.started = false;
                st.turn.phase.clear();
                return;
            }
        }
        if let Some(r) = st.turn.resume_after.take() {
            st.turn.active = r;
        }
        let n = st.players.len() as u32;
        let mut next = st.turn.active;
        for _ in 0..n {
            next = (next + 1) % n;
            if next == st.turn.first {
                st.turn.round += 1;
            }
            if st.players[next as usize].alive {
                break;
            }
        }
        st.turn.active = next;
        st.turn.started = false;
        st.turn.phase.clear();
    }
}

impl Kernel {
    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            state: self.st.borrow().clone(),
            log: self.log.borrow().len(),
            answers: self.answers.borrow().len(),
        }
    }

    /// Undoes everything since `c`. What becomes of the answers given since depends on why.
    fn restore(&self, c: Checkpoint, answers: AfterRestore) {
        *self.st.borrow_mut() = c.state;
        let undone: Vec<LogEntry> = self.log.borrow_mut().drain(c.log..).collect();
        match answers {
            AfterRestore::Replay => {
                let later: Vec<Answered> = self.answers.borrow_mut().drain(c.answers..).collect();
                let mut replay = self.replay.borrow_mut();
                for a in later.into_iter().rev() {
                    replay.push_front(a);
                }
            }
            AfterRestore::Keep => {
                // The answers stay in the record (a replay meets the same failure at the same
                // point), and so do their log lines.
                self.log.borrow_mut().extend(undone.into_iter().filter(|l| l.event == "answer"));
            }
            AfterRestore::Drop => {
                self.answers.borrow_mut().truncate(c.answers);
            }
        }
    }

    pub fn log_event(&self, event: &str, data: Value) {
        let turn = self.st.borrow().turn.number;
        let entry = LogEntry { turn, event: event.to_string(), data };
        if let Some(observe) = self.observer.borrow_mut().as_mut() {
            observe(&self.st.borrow(), &entry);
        }
        self.log.borrow_mut().push(entry);
    }

    /// Asks for a decision: from the replay queue first, else from the agent.
    fn ask(&self, req: &Request) -> Result<Vec<String>, Interrupt> {
        if req.options.is_empty() {
            return Err(Interrupt::Fail(format!("request `{}` has no legal answer", req.kind)));
        }
        if req.is_forced() {
            return Ok(vec![req.options[0].key.clone()]);
        }
        let from_replay = self.replay.borrow_mut().pop_front();
        let keys = match from_replay {
            Some(a) => {
                if a.player != req.player {
                    return Err(Interrupt::Fail(format!(
                        "replay diverged: the saved answer is player {}'s `{}`, but player {} is asked `{}`",
                        a.player, a.kind, req.player, req.kind
                    )));
                }
                if let Err(e) = req.resolve(&a.keys) {
                    return Err(Interrupt::Fail(format!("replay diverged: {e}")));
                }
                a.keys
            }
            None => {
                // A person may think as long as he likes: the script waiting for him is not slow.
                let d = self.host.off_the_clock(|| self.agent.borrow_mut().decide_seeing(req, &self.st.borrow()));
                match d {
                    Decision::Answer(keys) => {
                        req.resolve(&keys).map_err(Interrupt::Fail)?;
                        keys
                    }
                    Decision::Suspend => return Err(Interrupt::Suspend(req.clone())),
                    Decision::Fail(m) => return Err(Interrupt::Fail(m)),
                }
            }
        };
        self.record_answer(req, keys.clone());
        Ok(keys)
    }

    /// Adds an answer to the record and the log.
    fn record_answer(&self, req: &Request, keys: Vec<String>) {
        self.answers.borrow_mut().push(Answered { player: req.player, kind: req.kind.clone(), keys: keys.clone() });
        self.log_event(
            "answer",
            convert::map(vec![
                ("player", Value::Int(req.player as i64)),
                ("kind", req.kind.as_str().into()),
                ("keys", Value::List(keys.iter().map(|k| k.as_str().into()).collect())),
            ]),
        );
    }

    /// Stops the running script because of an interrupt; returns the error to raise.
    fn interrupt_host(&self, i: Interrupt) -> HostError {
        let reason = match &i {
            Interrupt::Suspend(r) => format!("waiting for player {} to answer `{}`", r.player, r.kind),
            Interrupt::Fail(m) => m.clone(),
        };
        *self.interrupt.borrow_mut() = Some(i);
        let e = HostError::Aborted(reason);
        self.host.abort(e.clone());
        e
    }

    /// Cards whose handlers hear events, in dispatch order (see the module doc).
    fn listeners(&self, subject: Option<CardId>) -> Vec<CardId> {
        let st = self.st.borrow();
        let mut out = Vec::new();
        if let Some(c) = subject {
            if !matches!(st.card(c).map(|c| &c.zone), Some(Zone::Play(_)) | Some(Zone::Board(_))) {
                out.push(c);
            }
        }
        let n = st.players.len() as u32;
        for i in 0..n {
            let p = (st.turn.active + i) % n;
            out.extend(st.players[p as usize].play.iter().copied());
        }
        for o in st.objects.values() {
            if let Some(c) = o.card {
                if st.card(c).map(|c| &c.zone) == Some(&Zone::Board(o.id)) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    fn card_hook(&self, card: CardId, hook: &str) -> Option<mlua::Function> {
        let def = self.st.borrow().card(card)?.def.clone();
        let loaded = self.cards.get(&def)?;
        if !loaded.def.hooks.iter().any(|h| h == hook) {
            return None;
        }
        loaded.table.raw_get::<mlua::Function>(hook).ok()
    }

    /// Builds the `ctx` for a card's hook.
    pub fn ctx(&self, card: CardId, extra: Value) -> Result<mlua::Value, HostError> {
        let st = self.st.borrow();
        let c = st.card(card).ok_or_else(|| HostError::Runtime(format!("no card {card}")))?;
        let mut fields = extra;
        if fields.is_nil() {
            fields = Value::map();
        }
        let set_default = |f: &mut Value, k: &str, v: Value| {
            if f.get(k).is_none() {
                f.set(k, v);
            }
        };
        set_default(&mut fields, "controller", convert::opt(c.controller, |p| Value::Int(p as i64)));
        set_default(&mut fields, "target", c.target.clone().unwrap_or_default());
        set_default(&mut fields, "energy", Value::Int(c.energy));
        drop(st);
        let make = self.make_ctx.borrow().clone().expect("api installed");
        make.call((card, fields)).map_err(|e| HostError::Runtime(e.to_string()))
    }

    /// Runs `before_<event>` handlers; returns the payload, or None if one cancelled it.
    pub fn dispatch_before(&self, event: &str, payload: Value) -> Result<Option<Value>, HostError> {
        self.dispatch(&format!("before_{event}"), payload, true)
    }

    /// Runs `on_<event>` handlers and logs the event.
    pub fn dispatch_after(&self, event: &str, payload: Value) -> Result<(), HostError> {
        self.log_event(event, payload.clone());
        self.dispatch(&format!("on_{event}"), payload, false).map(|_| ())
    }

    fn dispatch(&self, hook: &str, payload: Value, can_cancel: bool) -> Result<Option<Value>, HostError> {
        if self.depth.get() > 64 {
            return Err(HostError::Runtime(format!(
                "events nested more than 64 deep at `{hook}`: a loop of handlers?"
            )));
        }
        self.depth.set(self.depth.get() + 1);
        let result = self.dispatch_inner(hook, payload, can_cancel);
        self.depth.set(self.depth.get() - 1);
        result
    }

    /// Runs one card's event handler. A card whose handler fails is undone alone (the game,
    /// the log and the payload as they were before it) and the error logged naming it: one
    /// broken card does not take the event, the action or the phase down with it. A stop the
    /// kernel asked for (an agent suspending or failing) still stops everything.
    fn card_handler(
        &self,
        card: CardId,
        hook: &str,
        f: &mlua::Function,
        table: &mlua::Table,
    ) -> Result<Handled, HostError> {
        let lua = self.host.lua();
        let cp = self.checkpoint();
        let payload: Value = mlua::FromLua::from_lua(mlua::Value::Table(table.clone()), lua)
            .map_err(|e| HostError::Runtime(e.to_string()))?;
        let ctx = self.ctx(card, Value::Nil)?;
        match self.host.call_contained(f, (ctx, table.clone())) {
            Ok(r) => Ok(Handled::Heard(r)),
            Err(e) if self.interrupt.borrow().is_some() => Err(e),
            Err(e) => {
                self.restore(cp, AfterRestore::Keep);
                let def = self.st.borrow().card(card).map(|c| c.def.clone()).unwrap_or_default();
                self.log_event(
                    "error",
                    convert::map(vec![
                        ("during", hook.into()),
                        ("card", Value::Int(card as i64)),
                        ("def", def.into()),
                        ("message", e.message().into()),
                    ]),
                );
                match mlua::IntoLua::into_lua(payload, lua) {
                    Ok(mlua::Value::Table(t)) => Ok(Handled::Failed(t)),
                    _ => Ok(Handled::Failed(lua.create_table().map_err(|e| HostError::Runtime(e.to_string()))?)),
                }
            }
        }
    }

    fn dispatch_inner(&self, hook: &str, payload: Value, can_cancel: bool) -> Result<Option<Value>, HostError> {
        let lua = self.host.lua();
        let table = match payload.clone() {
            Value::Nil => lua.create_table().map_err(|e| HostError::Runtime(e.to_string()))?,
            v => match mlua::IntoLua::into_lua(v, lua).map_err(|e| HostError::Runtime(e.to_string()))? {
                mlua::Value::Table(t) => t,
                other => {
                    return Err(HostError::Runtime(format!(
                        "an event payload must be a table, got {}",
                        other.type_name()
                    )))
                }
            },
        };
        let rules = self.rules.borrow().clone();
        let game = self.game.borrow().clone();
        if let Some(rules) = rules {
            if let Ok(mlua::Value::Function(f)) = rules.raw_get::<mlua::Value>(hook) {
                let r: mlua::Value = self.host.call(&f, (game.clone(), table.clone()))?;
                if can_cancel && r == mlua::Value::Boolean(false) {
                    return Ok(None);
                }
            }
        }
        let subject = payload.get("card").and_then(Value::as_int).map(|c| c as CardId);
        let mut table = table;
        for card in self.listeners(subject) {
            if let Some(f) = self.card_hook(card, hook) {
                match self.card_handler(card, hook, &f, &table)? {
                    Handled::Heard(r) => {
                        if can_cancel && r == mlua::Value::Boolean(false) {
                            return Ok(None);
                        }
                    }
                    Handled::Failed(payload) => table = payload,
                }
            }
        }
        let out: Value =
            mlua::FromLua::from_lua(mlua::Value::Table(table), lua).map_err(|e| HostError::Runtime(e.to_string()))?;
        Ok(Some(out))
    }
}
