//! The sandboxed Lua host: every card and ruleset script runs here.
//!
//! What the host guarantees, and how:
//!
//! - **No way out.** Only the `table`, `string`, `math`, `utf8` and `coroutine` libraries are
//!   opened, and each script gets its own environment holding a whitelist of base functions and
//!   shallow copies of those libraries (no `io`, `os`, `debug`, `load`, `package`,
//!   `collectgarbage`, `string.dump`, `math.random`). Chunks are always loaded as text, never as
//!   bytecode. `require` only knows modules registered with [`LuaHost::add_module`].
//! - **Bounded time.** A global instruction hook (it follows coroutines too) meters every call
//!   into Lua against a budget of VM instructions: deterministic, the same on every machine.
//!   Once a budget is spent, or the kernel calls [`LuaHost::abort`], the host is *stopping*: the
//!   hook fires on every instruction and fails each time, and the sandbox's `pcall`, `xpcall`
//!   and `coroutine.resume` re-raise, so no script can swallow it.
//!   C functions are not metered, so the ones that can loop for long are replaced or guarded:
//!   `table.sort`/`insert`/`remove`/`move` are written in Lua (metered), and the pattern
//!   functions of `string` refuse subjects and patterns whose worst case is too slow. Some work
//!   still costs much more than its instruction count (`big .. "x"` copies megabytes in one
//!   instruction, so does `table.concat`), so a wall-clock limit per top-level call (5 s, or
//!   1 µs per budgeted instruction if that is more: far above what ordinary code needs) backs
//!   the budget up; it only ever stops scripts that are broken anyway.
//! - **Bounded memory.** The whole state has a memory cap; hitting it stops the running script
//!   (also when it was inside `pcall`) and the next call finds a collected, usable state.
//! - **Determinism.** `pairs` iterates in sorted key order (Lua seeds its string hash per
//!   process, so raw `next` order differs between two runs of the same game); `table.sort` is
//!   stable; metatables with `__gc`, `__mode` or `__close` are refused.
//! - **Clear errors.** Every error is a [`HostError`] whose message names the script file and
//!   line ("cards/x.lua:3: boom").

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mlua::chunk::ChunkMode;
use mlua::{
    FromLuaMulti, Function, HookTriggers, IntoLuaMulti, Lua, LuaOptions, LuaString, MultiValue, StdLib, Table, Value,
    VmState,
};

/// Resource limits of one host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Lua VM instructions allowed per entry into Lua (per [`LuaHost::call`]).
    pub instructions: u64,
    /// Memory cap of the whole Lua state, in bytes.
    pub memory_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { instructions: 2_000_000, memory_bytes: 64 * 1024 * 1024 }
    }
}

/// Why a script did not complete.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum HostError {
    /// Syntax error while loading a chunk; message names chunk and line ("cards/x.lua:3: ...").
    #[error("{0}")]
    Syntax(String),
    /// A runtime error raised by a script; the message names the file and line where Lua reports it.
    #[error("{0}")]
    Runtime(String),
    /// The instruction budget ran out; message names the chunk and line that was executing
    /// (e.g. "cards/x.lua:4: instruction budget of 2000000 exceeded").
    #[error("{0}")]
    Budget(String),
    /// The memory cap was hit.
    #[error("{0}")]
    Memory(String),
    /// The kernel aborted the running script on purpose (see [`LuaHost::abort`]); the payload is
    /// the kernel's reason.
    #[error("{0}")]
    Aborted(String),
}

impl HostError {
    /// The message, whatever the kind.
    pub fn message(&self) -> &str {
        match self {
            HostError::Syntax(m)
            | HostError::Runtime(m)
            | HostError::Budget(m)
            | HostError::Memory(m)
            | HostError::Aborted(m) => m,
        }
    }
}

/// The hook runs every this many VM instructions of a Lua thread. (Any count hook makes Lua 5.4
/// check at every instruction; 100 costs no more than 1000 and keeps the checks close together.)
const HOOK_INTERVAL: u32 = 100;
/// A new coroutine may run up to one hook interval before its hook first fires: charge it up front.
const COROUTINE_COST: u64 = HOOK_INTERVAL as u64;
/// `print` output kept between two [`LuaHost::take_output`] calls.
const OUTPUT_LIMIT_BYTES: usize = 1 << 20;
/// Default wall-clock limit of one top-level call (see [`LuaHost::set_time_limit`]) ...
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(5);
/// ... raised to this much per instruction of the call's budget.
const TIME_PER_INSTRUCTION: Duration = Duration::from_micros(1);
/// After this fraction of the time limit, check the clock more often ...
const SLOW_RUN_FRACTION: u32 = 10;
/// ... every this many instructions.
const SLOW_RUN_HOOK_INTERVAL: u32 = 10;
/// In the hook, a state using more than this share of its memory cap (after a full collection)
/// fails there and then, so the error can name the script line (a failed allocation at the cap
/// itself unwinds before anything can look at the stack) ...
const SOFT_MEMORY_SHARE: (usize, usize) = (3, 4);
/// ... and above this share the hook runs every `SLOW_RUN_HOOK_INTERVAL` instructions, so a loop
/// allocating megabytes at a time is caught before it reaches the cap.
const WATCH_MEMORY_SHARE: (usize, usize) = (1, 2);
/// How far up the stack to look for the script line to blame.
const LOCATION_SEARCH_DEPTH: usize = 64;

/// Chunk name of the prelude; errors raised inside it read "[sandbox]:LINE: ...".
const PRELUDE_CHUNK: &str = "=[sandbox]";
/// Chunks of the host and the kernel are named in brackets ("[sandbox]", "[kernel api]"): an
/// error located in one of them is placed at the first script line that led there instead.
const INTERNAL_SOURCE: &str = "[";

/// Pattern functions refuse longer subjects (plain `find` is not limited).
const MAX_PATTERN_SUBJECT: usize = 4096;
/// Pattern functions refuse patterns with more `*`, `+`, `-`, `?` than this.
const MAX_PATTERN_QUANTIFIERS: usize = 3;
/// Refuse a pattern whose worst-case backtracking exceeds this many matcher steps
/// (measured at about 8 ns a step: 4 ms of CPU).
const MAX_PATTERN_STEPS: f64 = 5.0e5;

/// A Lua interpreter with the card sandbox installed. Cloning gives another handle to the same state.
#[derive(Clone)]
pub struct LuaHost {
    lua: Lua,
    shared: Rc<Shared>,
}

impl LuaHost {
    /// Create a Lua state with the sandbox installed.
    pub fn new(limits: Limits) -> Result<LuaHost, HostError> {
        let libs = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
        let lua = Lua::new_with(libs, LuaOptions::default()).map_err(setup_error)?;
        let shared = Rc::new(Shared::new(limits));
        lua.set_app_data(Rc::clone(&shared));

        let primitives = host_primitives(&lua, &shared).map_err(setup_error)?;
        let exports: Table = lua
            .load(PRELUDE)
            .set_name(PRELUDE_CHUNK)
            .set_mode(ChunkMode::Text)
            .call(primitives)
            .map_err(setup_error)?;
        let prelude = Prelude {
            new_env: exports.get("new_env").map_err(setup_error)?,
            freeze_env: exports.get("freeze_env").map_err(setup_error)?,
            loaded: exports.get("loaded").map_err(setup_error)?,
        };
        let _ = shared.prelude.set(prelude);

        install_hook(&lua, &shared, HOOK_INTERVAL);
        lua.set_memory_limit(limits.memory_bytes).map_err(setup_error)?;
        Ok(LuaHost { lua, shared })
    }

    /// The host owning `lua`, for Rust callbacks that need to call back into Lua or to abort
    /// (a callback gets the `&Lua`; capturing a `LuaHost` in it would keep the state alive forever).
    pub fn from_lua(lua: &Lua) -> Option<LuaHost> {
        let shared = Rc::clone(&*lua.app_data_ref::<Rc<Shared>>()?);
        Some(LuaHost { lua: lua.clone(), shared })
    }

    /// The Lua state, for the kernel's own functions and values.
    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    /// The limits this host was made with.
    pub fn limits(&self) -> Limits {
        self.shared.limits
    }

    /// Register Lua source that sandboxed chunks can `require(name)` (e.g. name "lib.walls").
    ///
    /// The module runs once, on first `require`, in its own fresh environment and under its own
    /// budget; its result is cached and handed out as a read-only proxy (nested tables too), so no
    /// card can stash game state in a shared module. Registering a name again replaces the source
    /// and forgets the cached result.
    pub fn add_module(&self, name: &str, chunk_name: &str, source: &str) {
        self.add_module_layers(name, &[(chunk_name.to_owned(), source.to_owned())]);
    }

    /// Register a module made of several files (chunk name, source), parent first: a ruleset's
    /// module and the same module of the rulesets it extends. The first runs as a plain module;
    /// each next one runs with the result so far as its global `base` (writable while the chain
    /// loads) and returns the module's result (`base` if it returns nothing). The final result
    /// is cached and read-only like any module's.
    pub fn add_module_layers(&self, name: &str, layers: &[(String, String)]) {
        let sources = layers
            .iter()
            .map(|(chunk_name, source)| ModuleSource { chunk_name: chunk_name.clone(), source: source.clone() })
            .collect();
        self.shared.modules.borrow_mut().insert(name.to_owned(), sources);
        let _ = self.shared.prelude().loaded.raw_remove(name);
    }

    /// A fresh environment table for one card or ruleset file: the sandbox whitelist.
    pub fn new_env(&self) -> Result<Table, HostError> {
        self.shared.prelude().new_env.call(()).map_err(|e| self.shared.map_error(e))
    }

    /// Freezes a script's environment once its file has loaded: a later assignment to a global
    /// fails, naming it (game state belongs in the kernel; a global would outlive an undone
    /// action). Reading globals works as before.
    pub fn freeze_env(&self, env: &Table) -> Result<(), HostError> {
        self.shared.prelude().freeze_env.call(env.clone()).map_err(|e| self.shared.map_error(e))
    }

    /// Compile `source` (errors read "chunk_name:LINE: msg") with `env` as its environment, run
    /// it under budget and return its results.
    pub fn load_chunk(&self, chunk_name: &str, source: &str, env: &Table) -> Result<MultiValue, HostError> {
        let chunk = compile(&self.lua, &self.shared, chunk_name, source, env)?;
        self.call(&chunk, ())
    }

    /// Call a function under budget.
    ///
    /// Every entry gets its own budget of `limits.instructions`, counted from entry; instructions
    /// executed by a nested entry (Rust callback -> call again) count against the inner and all
    /// outer entries.
    pub fn call<A: IntoLuaMulti, R: FromLuaMulti>(&self, f: &Function, args: A) -> Result<R, HostError> {
        self.call_with_budget(f, args, self.shared.limits.instructions)
    }

    /// [`LuaHost::call`] with an explicit budget for this entry.
    pub fn call_with_budget<A: IntoLuaMulti, R: FromLuaMulti>(
        &self,
        f: &Function,
        args: A,
        instructions: u64,
    ) -> Result<R, HostError> {
        run_entry(&self.lua, &self.shared, instructions, f, || f.call(args))
    }

    /// Like [`LuaHost::call`], for a nested call whose failure the caller handles itself (an
    /// event handler of one card): if it fails with a script error, its budget or the memory
    /// cap, the calling scripts may go on. A stop the host was asked for ([`LuaHost::abort`]),
    /// or one already under way when the call began, still stops everything.
    pub fn call_contained<A: IntoLuaMulti, R: FromLuaMulti>(&self, f: &Function, args: A) -> Result<R, HostError> {
        let (stopping_before, started_at) = {
            let meter = self.shared.meter.borrow();
            (meter.failure.is_some(), meter.executed)
        };
        let result = self.call(f, args);
        if let Err(err) = &result {
            let mut meter = self.shared.meter.borrow_mut();
            if !stopping_before && !matches!(err, HostError::Aborted(_)) && !meter.entries.is_empty() {
                meter.failure = None;
                // The failed call is undone by the caller: what it spent is not charged to the
                // calling scripts' budgets.
                let spent = meter.executed - started_at;
                for entry in &mut meter.entries {
                    entry.deadline = entry.deadline.saturating_add(spent);
                }
            }
        }
        result
    }

    /// Starts (or, with false, stops) counting the time spent in scripts and in the Rust
    /// primitives they call; [`LuaHost::profile`] reads it. Costs two clock readings per call
    /// across the border, so it is off unless asked for.
    pub fn set_profiling(&self, on: bool) {
        *self.shared.profile.borrow_mut() =
            on.then(|| Profile { stack: Vec::new(), since: Instant::now(), times: ProfileTimes::default() });
    }

    /// The time counted since profiling began (zero when it is off).
    pub fn profile(&self) -> ProfileTimes {
        self.shared.profile.borrow().as_ref().map(|p| p.times).unwrap_or_default()
    }

    /// Runs `primitive`, Rust code a script called, counted as such when profiling.
    pub fn in_primitive<R>(&self, primitive: impl FnOnce() -> R) -> R {
        self.shared.enter(false);
        let r = primitive();
        self.shared.leave();
        r
    }

    /// Runs `wait` (Rust code that waits for someone: a player deciding) with the wall-clock
    /// limit of the running call stopped, so a slow person never trips it.
    pub fn off_the_clock<R>(&self, wait: impl FnOnce() -> R) -> R {
        let started = Instant::now();
        let result = wait();
        if let Some((since, _)) = &mut self.shared.meter.borrow_mut().clock {
            *since += started.elapsed();
        }
        result
    }

    /// From inside a Rust callback, make the currently running script stop: every further Lua
    /// instruction fails, `pcall`/`xpcall`/coroutines cannot swallow it, and the outermost
    /// [`LuaHost::call`] returns `err`. The callback should then return
    /// `Err(mlua::Error::external(...))`. The state is fully usable for the next call.
    ///
    /// Only meaningful while a [`LuaHost::call`] is running (otherwise it does nothing); if
    /// several reasons to stop come up, the first one wins.
    pub fn abort(&self, err: HostError) {
        if self.shared.meter.borrow().entries.is_empty() {
            return;
        }
        self.shared.record_failure(err);
        let _ = self.shared.interrupt(&self.lua);
    }

    /// Wall-clock limit of one top-level call (default 5 s), a safety net behind the instruction
    /// budget for work that costs far more than its instruction count (copying huge strings,
    /// `table.concat` of huge tables). A call whose budget is N instructions gets at least N µs.
    /// `None` disables it. Hitting it gives [`HostError::Budget`]. Unlike the budget it depends on
    /// the machine, so it must stay far above any legitimate run.
    pub fn set_time_limit(&self, limit: Option<Duration>) {
        self.shared.time_limit.set(limit);
    }

    /// While `flag` is set, every script this host runs stops at once with
    /// [`HostError::Aborted`]("interrupted"), as a spent budget would stop it. Whoever sets the
    /// flag (a front end, on Ctrl-C) clears it.
    pub fn set_interrupt_flag(&self, flag: Option<Arc<AtomicBool>>) {
        *self.shared.interrupt_flag.borrow_mut() = flag;
    }

    /// Lines written with `print` by scripts since the last take (scripts never write to stdout).
    pub fn take_output(&self) -> Vec<String> {
        std::mem::take(&mut *self.shared.output.borrow_mut()).lines
    }
}

fn setup_error(err: mlua::Error) -> HostError {
    HostError::Runtime(format!("cannot set up the Lua sandbox: {err}"))
}

/// Load `source` as text (never bytecode) with `env` as its `_ENV`.
fn compile(lua: &Lua, shared: &Shared, chunk_name: &str, source: &str, env: &Table) -> Result<Function, HostError> {
    lua.load(source)
        .set_name(format!("@{chunk_name}"))
        .set_mode(ChunkMode::Text)
        .set_environment(env.clone())
        .into_function()
        .map_err(|e| shared.map_error(e))
}

// ---------------------------------------------------------------------------------------------
// Host state shared with the hook and the Rust functions the prelude uses
// ---------------------------------------------------------------------------------------------

struct Shared {
    limits: Limits,
    time_limit: Cell<Option<Duration>>,
    meter: RefCell<Meter>,
    /// Each module's source files, parent first (see [`LuaHost::add_module_layers`]).
    modules: RefCell<BTreeMap<String, Vec<ModuleSource>>>,
    /// Modules being loaded right now, to report a module that requires itself.
    loading: RefCell<BTreeSet<String>>,
    output: RefCell<Output>,
    prelude: OnceCell<Prelude>,
    /// Set from outside (another thread, a signal handler) to stop the running script.
    interrupt_flag: RefCell<Option<Arc<AtomicBool>>>,
    /// Where the time goes, when asked for ([`LuaHost::set_profiling`]).
    profile: RefCell<Option<Profile>>,
}

/// Time accounting: which side of the border is running now, and what each side has used.
struct Profile {
    /// Nested switches: `true` = running Lua code, `false` = running Rust called from Lua.
    stack: Vec<bool>,
    since: Instant,
    times: ProfileTimes,
}

/// Time spent running scripts and running the kernel's primitives called by scripts (what is
/// left of a run is the engine itself).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProfileTimes {
    pub in_lua: Duration,
    pub in_primitives: Duration,
}

/// What the prelude hands back to Rust.
struct Prelude {
    new_env: Function,
    freeze_env: Function,
    /// The `require` cache, name -> read-only result.
    loaded: Table,
}

#[derive(Clone)]
struct ModuleSource {
    chunk_name: String,
    source: String,
}

#[derive(Default)]
struct Output {
    lines: Vec<String>,
    bytes: usize,
    truncated: bool,
}

impl Output {
    fn push(&mut self, line: String) {
        if self.bytes + line.len() <= OUTPUT_LIMIT_BYTES {
            self.bytes += line.len();
            self.lines.push(line);
        } else if !self.truncated {
            self.truncated = true;
            self.lines.push(format!("[output truncated: more than {OUTPUT_LIMIT_BYTES} bytes printed]"));
        }
    }
}

/// Instruction accounting.
#[derive(Default)]
struct Meter {
    /// Instructions counted since the host was made (only grows).
    executed: u64,
    /// Active entries into Lua, outermost first.
    entries: Vec<Entry>,
    /// Set when the running script must stop; cleared when the outermost entry returns.
    failure: Option<HostError>,
    /// Some thread may have a faster hook than `HOOK_INTERVAL` installed.
    fast: bool,
    /// When the outermost entry started, and its wall-clock limit.
    clock: Option<(Instant, Duration)>,
}

struct Entry {
    deadline: u64,
    budget: u64,
}

enum Verdict {
    Continue,
    Stopping,
    OverBudget(u64),
    OverTime(Duration),
}

impl Profile {
    /// Charges the time since the last switch to the side that was running.
    fn charge(&mut self) {
        let now = Instant::now();
        let spent = now - self.since;
        self.since = now;
        match self.stack.last() {
            Some(true) => self.times.in_lua += spent,
            Some(false) => self.times.in_primitives += spent,
            None => {}
        }
    }
}

impl Meter {
    /// Count `step` instructions and say whether the script may go on.
    fn advance(&mut self, step: u64) -> Verdict {
        self.executed = self.executed.saturating_add(step);
        if self.failure.is_some() {
            return Verdict::Stopping;
        }
        // Innermost first: that is the budget the script author most likely meant.
        match self.entries.iter().rev().find(|e| self.executed > e.deadline) {
            Some(entry) => Verdict::OverBudget(entry.budget),
            None => Verdict::Continue,
        }
    }
}

impl Shared {
    fn new(limits: Limits) -> Shared {
        Shared {
            limits,
            time_limit: Cell::new(Some(DEFAULT_TIME_LIMIT)),
            meter: RefCell::default(),
            modules: RefCell::default(),
            loading: RefCell::default(),
            output: RefCell::default(),
            prelude: OnceCell::new(),
            interrupt_flag: RefCell::default(),
            profile: RefCell::new(None),
        }
    }

    /// Time now runs on the Lua side (`true`) or the Rust side (`false`) until [`Shared::leave`].
    fn enter(&self, lua_side: bool) {
        if let Some(p) = self.profile.borrow_mut().as_mut() {
            p.charge();
            p.stack.push(lua_side);
        }
    }

    fn leave(&self) {
        if let Some(p) = self.profile.borrow_mut().as_mut() {
            p.charge();
            p.stack.pop();
        }
    }

    fn prelude(&self) -> &Prelude {
        self.prelude.get().expect("the prelude is installed by LuaHost::new")
    }

    fn is_stopping(&self) -> bool {
        self.meter.borrow().failure.is_some()
    }

    /// Record why the running script must stop (the first reason wins).
    fn record_failure(&self, err: HostError) {
        let mut meter = self.meter.borrow_mut();
        if meter.failure.is_none() {
            meter.failure = Some(err);
        }
    }

    /// Make every further instruction on the running thread fail, and build the error to raise now.
    fn interrupt(self: &Rc<Self>, lua: &Lua) -> mlua::Error {
        let failure = {
            let mut meter = self.meter.borrow_mut();
            meter.fast = true;
            meter.failure.clone()
        };
        install_hook(lua, self, 1);
        mlua::Error::external(failure.unwrap_or_else(|| HostError::Aborted("script stopped by the host".into())))
    }

    /// The instruction hook: count, and stop the script when a budget is spent or the host is stopping.
    fn on_hook(self: &Rc<Self>, lua: &Lua, step: u64) -> mlua::Result<VmState> {
        let verdict = self.meter.borrow_mut().advance(step);
        let verdict = match verdict {
            Verdict::Continue if self.interrupted() => {
                self.record_failure(HostError::Aborted("interrupted".into()));
                Verdict::Stopping
            }
            Verdict::Continue => self.check_clock(lua),
            other => other,
        };
        if let Verdict::Continue = verdict {
            if self.near_memory_cap(lua) {
                self.record_failure(self.memory_error(&location_prefix(lua)));
                return Err(self.interrupt(lua));
            }
        }
        match verdict {
            Verdict::Continue => Ok(VmState::Continue),
            Verdict::Stopping => Err(self.interrupt(lua)),
            Verdict::OverBudget(budget) => {
                self.record_failure(budget_error(lua, budget));
                Err(self.interrupt(lua))
            }
            Verdict::OverTime(limit) => {
                let location = location_prefix(lua);
                let message = format!(
                    "{location}time limit of {limit:?} exceeded before the instruction budget \
                     (slow library calls or string operations on very large data?)"
                );
                self.record_failure(HostError::Budget(message));
                Err(self.interrupt(lua))
            }
        }
    }

    /// Is the state close to its memory cap even after collecting its garbage?
    fn near_memory_cap(self: &Rc<Self>, lua: &Lua) -> bool {
        let share = |(num, den): (usize, usize)| self.limits.memory_bytes / den * num;
        let used = lua.used_memory();
        if used > share(WATCH_MEMORY_SHARE) && !std::mem::replace(&mut self.meter.borrow_mut().fast, true) {
            install_hook(lua, self, SLOW_RUN_HOOK_INTERVAL);
        }
        if used <= share(SOFT_MEMORY_SHARE) {
            return false;
        }
        let _ = lua.gc_collect();
        lua.used_memory() > share(SOFT_MEMORY_SHARE)
    }

    /// Is the interrupt flag set while a script runs?
    fn interrupted(&self) -> bool {
        self.interrupt_flag.borrow().as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            && !self.meter.borrow().entries.is_empty()
    }

    /// The wall-clock safety net. Once a run is slow, check more often: a hundred instructions
    /// that each copy a huge string would otherwise overshoot the limit by far.
    fn check_clock(self: &Rc<Self>, lua: &Lua) -> Verdict {
        let Some((started, limit)) = self.meter.borrow().clock else { return Verdict::Continue };
        let elapsed = started.elapsed();
        if elapsed > limit {
            return Verdict::OverTime(limit);
        }
        if elapsed > limit / SLOW_RUN_FRACTION && !std::mem::replace(&mut self.meter.borrow_mut().fast, true) {
            install_hook(lua, self, SLOW_RUN_HOOK_INTERVAL);
        }
        Verdict::Continue
    }

    /// Charge work done by a Rust helper (unmetered by the hook) to the running entries.
    fn charge(self: &Rc<Self>, lua: &Lua, instructions: u64) -> mlua::Result<()> {
        self.on_hook(lua, instructions).map(|_| ())
    }

    fn memory_error(&self, location: &str) -> HostError {
        HostError::Memory(format!("{location}memory limit of {} bytes exceeded", self.limits.memory_bytes))
    }

    /// Turn an mlua error into a [`HostError`] with a one-line message that names the script line.
    fn map_error(&self, err: mlua::Error) -> HostError {
        if let Some(host_error) = err.downcast_ref::<HostError>() {
            return host_error.clone();
        }
        match err {
            mlua::Error::SyntaxError { message, .. } => HostError::Syntax(message),
            mlua::Error::MemoryError(_) => self.memory_error(""),
            mlua::Error::RuntimeError(message) => self.runtime_error(&message, None),
            mlua::Error::CallbackError { traceback, cause } => {
                let mut root = &*cause;
                while let mlua::Error::CallbackError { cause, .. } = root {
                    root = cause;
                }
                match root {
                    mlua::Error::MemoryError(_) => self.memory_error(""),
                    mlua::Error::SyntaxError { message, .. } => HostError::Syntax(message.clone()),
                    mlua::Error::RuntimeError(message) => self.runtime_error(message, Some(&traceback)),
                    other => self.runtime_error(&other.to_string(), Some(&traceback)),
                }
            }
            other => self.runtime_error(&other.to_string(), None),
        }
    }

    /// A runtime error message, cut to the message itself (no traceback), located at the script
    /// line: errors raised inside the prelude or by Rust callbacks are placed at the first script
    /// frame of the traceback.
    fn runtime_error(&self, message: &str, traceback: Option<&str>) -> HostError {
        let (body, own_traceback) = match message.split_once("\nstack traceback:") {
            Some((body, trace)) => (body, Some(trace)),
            None => (message, None),
        };
        let body = body.trim_end();
        let body = body.strip_prefix("runtime error: ").unwrap_or(body);
        if body == "not enough memory" {
            return self.memory_error("");
        }
        let traceback = traceback.or(own_traceback);
        let (location, rest) = match split_location(body) {
            Some((location, rest)) => (Some(location), rest),
            None => (None, body),
        };
        let located = match location {
            Some(location) if !location.starts_with(INTERNAL_SOURCE) => body.to_owned(),
            _ => match traceback.and_then(first_script_frame) {
                Some(frame) => format!("{frame}: {rest}"),
                None => rest.to_owned(),
            },
        };
        HostError::Runtime(located)
    }

    /// Run a registered module for `require`. `Ok(Err(msg))` is an ordinary error the card sees;
    /// `Err` means the host is stopping the script (budget, abort, memory).
    fn load_module(self: &Rc<Self>, lua: &Lua, name: &str, new_env: &Function) -> mlua::Result<Result<Value, String>> {
        let module = self.modules.borrow().get(name).cloned();
        let Some(module) = module else {
            let known: Vec<String> = self.modules.borrow().keys().cloned().collect();
            let known = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
            return Ok(Err(format!("module '{name}' not found (known modules: {known})")));
        };
        if !self.loading.borrow_mut().insert(name.to_owned()) {
            return Ok(Err(format!("module '{name}' requires itself (directly or through other modules)")));
        }
        let result = self.run_module(lua, &module, new_env);
        self.loading.borrow_mut().remove(name);
        match result {
            Ok(value) => Ok(Ok(value)),
            Err(_) if self.is_stopping() => Err(self.interrupt(lua)),
            Err(err) => Ok(Err(format!("error loading module '{name}': {err}"))),
        }
    }

    /// Each file of a module runs in its own environment, as a nested entry with its own
    /// budget; a file after the first sees the result so far as `base`.
    fn run_module(self: &Rc<Self>, lua: &Lua, layers: &[ModuleSource], new_env: &Function) -> Result<Value, HostError> {
        let mut value = Value::Nil;
        for (i, module) in layers.iter().enumerate() {
            let env: Table = new_env.call(()).map_err(|e| self.map_error(e))?;
            if i > 0 {
                env.raw_set("base", value.clone()).map_err(|e| self.map_error(e))?;
            }
            let chunk = compile(lua, self, &module.chunk_name, &module.source, &env)?;
            let results: MultiValue = run_entry(lua, self, self.limits.instructions, &chunk, || chunk.call(()))?;
            match results.into_iter().next().unwrap_or(Value::Nil) {
                Value::Nil if i > 0 => {}
                v => value = v,
            }
        }
        Ok(value)
    }
}

// ---------------------------------------------------------------------------------------------
// Entries and the instruction hook
// ---------------------------------------------------------------------------------------------

/// Run `body`, a call of `function`, as one metered entry into Lua.
fn run_entry<R>(
    lua: &Lua,
    shared: &Rc<Shared>,
    budget: u64,
    function: &Function,
    body: impl FnOnce() -> mlua::Result<R>,
) -> Result<R, HostError> {
    begin_entry(lua, shared, budget)?;
    shared.enter(true);
    let result = body();
    shared.leave();
    end_entry(lua, shared, result, function)
}

/// Lua loses the line of a call in tail position (`return f(x)`): when an error has no location
/// at all, name at least the file of the function that was called.
fn with_origin(err: HostError, function: &Function) -> HostError {
    // Neither "file:12: ..." nor "file.lua: ..." (placed already by an inner entry).
    let unlocated = |message: &str| {
        split_location(message).is_none() && !message.split_once(": ").is_some_and(|(head, _)| head.ends_with(".lua"))
    };
    let file = || function.info().source.and_then(|s| s.strip_prefix('@').map(str::to_owned));
    match err {
        HostError::Runtime(message) if unlocated(&message) => match file() {
            Some(file) => HostError::Runtime(format!("{file}: {message}")),
            None => HostError::Runtime(message),
        },
        HostError::Memory(message) if unlocated(&message) => match file() {
            Some(file) => HostError::Memory(format!("{file}: {message}")),
            None => HostError::Memory(message),
        },
        other => other,
    }
}

fn begin_entry(lua: &Lua, shared: &Rc<Shared>, budget: u64) -> Result<(), HostError> {
    let mut meter = shared.meter.borrow_mut();
    if meter.entries.is_empty() {
        // A new top-level run: forget anything left over from Lua run outside any entry.
        meter.failure = None;
        meter.clock = shared.time_limit.get().map(|base| {
            let scaled = TIME_PER_INSTRUCTION.saturating_mul(u32::try_from(budget).unwrap_or(u32::MAX));
            (Instant::now(), base.max(scaled))
        });
        if meter.fast {
            meter.fast = false;
            drop(meter);
            install_hook(lua, shared, HOOK_INTERVAL);
            meter = shared.meter.borrow_mut();
        }
    } else if let Some(failure) = &meter.failure {
        // The script that called us is being stopped: don't start anything new.
        return Err(failure.clone());
    }
    let deadline = meter.executed.saturating_add(budget);
    meter.entries.push(Entry { deadline, budget });
    Ok(())
}

/// Ends the innermost entry, a call of `function`. An error without a location is placed in
/// that function's file before the calling entries see it.
fn end_entry<R>(lua: &Lua, shared: &Rc<Shared>, result: mlua::Result<R>, function: &Function) -> Result<R, HostError> {
    let (failure, outermost) = {
        let mut meter = shared.meter.borrow_mut();
        meter.entries.pop();
        (meter.failure.clone(), meter.entries.is_empty())
    };
    let outcome = match (failure, result) {
        (Some(failure), _) => Err(failure),
        (None, Ok(value)) => Ok(value),
        (None, Err(err)) => Err(shared.map_error(err)),
    }
    .map_err(|err| with_origin(err, function));
    let out_of_memory = matches!(outcome, Err(HostError::Memory(_)));
    if outermost {
        finish_run(lua, shared, out_of_memory);
    } else if let (true, Err(err)) = (out_of_memory, &outcome) {
        // The cap is a property of the whole state: the calling scripts must stop too (with
        // the error as located here, the first reason recorded wins).
        shared.meter.borrow_mut().failure = Some(err.clone());
        let _ = shared.interrupt(lua);
    }
    outcome
}

/// The outermost entry returned: leave the state ready for the next call.
fn finish_run(lua: &Lua, shared: &Rc<Shared>, out_of_memory: bool) {
    let was_fast = {
        let mut meter = shared.meter.borrow_mut();
        meter.failure = None;
        meter.clock = None;
        std::mem::replace(&mut meter.fast, false)
    };
    if was_fast {
        install_hook(lua, shared, HOOK_INTERVAL);
    }
    if out_of_memory {
        // Free the garbage of the failed script now, so the next call has its memory back.
        let _ = lua.gc_collect();
    }
}

/// Install the metering hook on the running thread (and, through `set_global_hook`, on threads
/// created later; Lua coroutines inherit the hook of the thread that creates them).
fn install_hook(lua: &Lua, shared: &Rc<Shared>, every: u32) {
    let shared = Rc::clone(shared);
    let step = u64::from(every);
    let triggers = HookTriggers::new().every_nth_instruction(every);
    // Only Luau makes this fail.
    let _ = lua.set_global_hook(triggers, move |lua, _debug| shared.on_hook(lua, step));
}

fn budget_error(lua: &Lua, budget: u64) -> HostError {
    HostError::Budget(format!("{}instruction budget of {budget} exceeded", location_prefix(lua)))
}

/// "file:line: " of the innermost script frame on the running thread's stack, or "".
///
/// Script chunks are named "@file"; the prelude and C functions are skipped.
fn location_prefix(lua: &Lua) -> String {
    for level in 0..LOCATION_SEARCH_DEPTH {
        let frame = lua.inspect_stack(level, |debug| {
            let source = debug.source().source.map(|s| s.into_owned());
            (source, debug.current_line())
        });
        let Some((source, line)) = frame else { break };
        if let (Some(source), Some(line)) = (source, line) {
            if let Some(file) = source.strip_prefix('@') {
                return format!("{file}:{line}: ");
            }
        }
    }
    String::new()
}

/// Split "file:12: message" into ("file:12", "message").
fn split_location(message: &str) -> Option<(&str, &str)> {
    let (head, rest) = message.split_once(": ")?;
    (is_location(head) && !head.contains('\n')).then_some((head, rest))
}

/// "file:12"
fn is_location(text: &str) -> bool {
    text.rsplit_once(':')
        .is_some_and(|(file, line)| !file.is_empty() && !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()))
}

/// The first "file:line" of a Lua traceback that is script code (not C, not the prelude).
fn first_script_frame(traceback: &str) -> Option<&str> {
    traceback
        .lines()
        .filter_map(|line| line.trim().split_once(": in "))
        .map(|(location, _)| location)
        .find(|location| is_location(location) && !location.starts_with(INTERNAL_SOURCE))
}

// ---------------------------------------------------------------------------------------------
// Rust functions the prelude builds the sandbox from
// ---------------------------------------------------------------------------------------------

fn host_primitives(lua: &Lua, shared: &Rc<Shared>) -> mlua::Result<Table> {
    let primitives = lua.create_table()?;

    // Called by the sandbox's pcall & co. with the error they caught: raise it again if the
    // host is stopping the script, or if it was the memory cap.
    let s = Rc::clone(shared);
    let fatal_check = lua.create_function(move |lua, err: Value| {
        if !s.is_stopping() && is_memory_error(&err) {
            s.record_failure(s.memory_error(&location_prefix(lua)));
        }
        if s.is_stopping() {
            return Err(s.interrupt(lua));
        }
        Ok(())
    })?;
    primitives.set("fatal_check", fatal_check)?;

    let s = Rc::clone(shared);
    primitives.set("stopping", lua.create_function(move |_, ()| Ok(s.is_stopping()))?)?;

    let s = Rc::clone(shared);
    primitives.set("charge", lua.create_function(move |lua, n: u64| s.charge(lua, n))?)?;
    primitives.set("coroutine_cost", COROUTINE_COST)?;

    let s = Rc::clone(shared);
    let sorted_keys = lua.create_function(move |lua, t: Table| -> mlua::Result<(Option<Table>, Option<String>)> {
        let keys = match sorted_keys(&t)? {
            Ok(keys) => keys,
            Err(message) => return Ok((None, Some(message))),
        };
        s.charge(lua, sort_cost(keys.len()))?;
        let array = lua.create_table_with_capacity(keys.len(), 0)?;
        for key in keys {
            array.raw_push(key.into_value(lua)?)?;
        }
        Ok((Some(array), None))
    })?;
    primitives.set("sorted_keys", sorted_keys)?;

    let check_pattern =
        lua.create_function(|_, (name, s, p): (String, Value, Value)| Ok(pattern_refusal(&name, &s, &p)))?;
    primitives.set("check_pattern", check_pattern)?;

    let s = Rc::clone(shared);
    let emit = lua.create_function(move |_, line: LuaString| {
        s.output.borrow_mut().push(line.to_string_lossy());
        Ok(())
    })?;
    primitives.set("emit", emit)?;

    let s = Rc::clone(shared);
    let require = lua.create_function(move |lua, (name, new_env): (String, Function)| {
        Ok(match s.load_module(lua, &name, &new_env)? {
            Ok(value) => (value, None),
            Err(message) => (Value::Nil, Some(message)),
        })
    })?;
    primitives.set("require", require)?;

    Ok(primitives)
}

/// Lua reports running out of memory with this message (or an mlua memory error inside a callback).
fn is_memory_error(err: &Value) -> bool {
    match err {
        Value::String(s) => s.as_bytes().as_ref() == b"not enough memory",
        Value::Error(err) => is_memory_failure(err),
        _ => false,
    }
}

fn is_memory_failure(err: &mlua::Error) -> bool {
    match err {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. }
        | mlua::Error::WithContext { cause, .. }
        | mlua::Error::BadArgument { cause, .. } => is_memory_failure(cause),
        _ => matches!(err.downcast_ref::<HostError>(), Some(HostError::Memory(_))),
    }
}

/// A table key in the sandbox's `pairs` order: integers, other numbers, strings, booleans.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum SortKey {
    Int(i64),
    Float(TotalF64),
    Str(Vec<u8>),
    Bool(bool),
}

#[derive(PartialEq)]
struct TotalF64(f64);

impl Eq for TotalF64 {}

impl PartialOrd for TotalF64 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TotalF64 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl SortKey {
    fn of(value: &Value) -> Option<SortKey> {
        match value {
            Value::Integer(i) => Some(SortKey::Int(*i)),
            Value::Number(n) => Some(SortKey::Float(TotalF64(*n))),
            Value::String(s) => Some(SortKey::Str(s.as_bytes().to_vec())),
            Value::Boolean(b) => Some(SortKey::Bool(*b)),
            _ => None,
        }
    }

    fn into_value(self, lua: &Lua) -> mlua::Result<Value> {
        Ok(match self {
            SortKey::Int(i) => Value::Integer(i),
            SortKey::Float(n) => Value::Number(n.0),
            SortKey::Str(bytes) => Value::String(lua.create_string(bytes)?),
            SortKey::Bool(b) => Value::Boolean(b),
        })
    }
}

/// The keys of `t` (raw), sorted; `Ok(Err(msg))` when a key has no deterministic order.
fn sorted_keys(t: &Table) -> mlua::Result<Result<Vec<SortKey>, String>> {
    let mut keys = Vec::new();
    let mut unsortable = None;
    t.for_each(|key: Value, _: Value| {
        match SortKey::of(&key) {
            Some(sort_key) => keys.push(sort_key),
            None => unsortable = unsortable.or(Some(key.type_name())),
        }
        Ok(())
    })?;
    if let Some(type_name) = unsortable {
        return Ok(Err(format!(
            "pairs: a table with {type_name} keys has no deterministic order; \
             use number, string or boolean keys (or an array)"
        )));
    }
    keys.sort();
    Ok(Ok(keys))
}

/// Instructions charged for sorting `n` keys in Rust.
fn sort_cost(n: usize) -> u64 {
    let n = n as u64;
    n * (1 + u64::from(n.max(1).ilog2()))
}

// ---------------------------------------------------------------------------------------------
// Pattern guard: C pattern matching is not metered, so refuse the calls that could run long
// ---------------------------------------------------------------------------------------------

/// Why `string.<function>(s, p)` must not run, or `None` if it may.
fn pattern_refusal(function: &str, subject: &Value, pattern: &Value) -> Option<String> {
    // Numbers coerce to short patterns; other types make Lua raise its own argument error.
    let Value::String(pattern) = pattern else { return None };
    let pattern = pattern.as_bytes();
    if !pattern.iter().any(|b| b"^$*+?.([%-".contains(b)) {
        return None; // Lua does a plain search
    }
    let subject_len = match subject {
        Value::String(s) => s.as_bytes().len(),
        Value::Integer(_) | Value::Number(_) => 32,
        _ => return None,
    };
    let shown = show_pattern(&pattern);
    if subject_len > MAX_PATTERN_SUBJECT {
        return Some(format!(
            "string.{function}: a {subject_len}-byte subject is too long for pattern matching \
             (limit {MAX_PATTERN_SUBJECT} bytes); use a plain find (string.find(s, text, 1, true)) \
             or match shorter pieces"
        ));
    }
    let shape = PatternShape::scan(&pattern, function != "gmatch");
    if shape.quantifiers > MAX_PATTERN_QUANTIFIERS {
        return Some(format!(
            "string.{function}: pattern {shown} has {} quantifiers (limit {MAX_PATTERN_QUANTIFIERS}); \
             simplify the pattern",
            shape.quantifiers
        ));
    }
    let steps = shape.worst_case_steps(subject_len);
    if steps > MAX_PATTERN_STEPS {
        return Some(format!(
            "string.{function}: pattern {shown} could backtrack too long on a {subject_len}-byte subject \
             (worst case about {steps:.1e} steps, limit {MAX_PATTERN_STEPS:.0e}); anchor it with '^', \
             use fewer repetitions or match a shorter subject"
        ));
    }
    None
}

fn show_pattern(pattern: &[u8]) -> String {
    const SHOWN: usize = 40;
    let text = String::from_utf8_lossy(&pattern[..pattern.len().min(SHOWN)]).into_owned();
    if pattern.len() > SHOWN {
        format!("'{text}...'")
    } else {
        format!("'{text}'")
    }
}

/// What the pattern guard needs to know about a Lua pattern.
#[derive(Default, Debug)]
struct PatternShape {
    /// Starts with '^' (find, match, gsub): only one start position is tried.
    anchored: bool,
    /// `*`, `+`, `-` and `?` after a single-character class.
    quantifiers: usize,
    /// Items that can match runs of any length: `x*`, `x+`, `x-`, `%b..`, back-references `%1`.
    expanding: usize,
    /// `x?` items (two choices each).
    optional: usize,
    /// Single-character items, counted for the cost of one matching attempt.
    items: usize,
    /// The last expanding item ends the pattern: it succeeds at once and never backtracks.
    trailing_expansion: bool,
}

impl PatternShape {
    /// Scan a pattern the way lstrlib's matcher reads it; malformed patterns are scanned
    /// leniently (Lua itself reports them).
    fn scan(p: &[u8], anchor_allowed: bool) -> PatternShape {
        let mut shape = PatternShape::default();
        let mut i = 0;
        if anchor_allowed && p.first() == Some(&b'^') {
            shape.anchored = true;
            i = 1;
        }
        let mut last_expansion_end = None;
        while i < p.len() {
            let expands_alone = match p[i] {
                b'(' | b')' => {
                    i += 1;
                    continue;
                }
                b'$' if i + 1 == p.len() => {
                    i += 1;
                    continue;
                }
                b'%' => match p.get(i + 1) {
                    Some(b'b') => {
                        i += 4;
                        true
                    }
                    Some(b'f') => {
                        i = skip_set(p, i + 2); // frontier: zero width
                        continue;
                    }
                    Some(c) if c.is_ascii_digit() => {
                        i += 2;
                        true
                    }
                    _ => {
                        i += 2;
                        false
                    }
                },
                b'[' => {
                    i = skip_set(p, i);
                    false
                }
                _ => {
                    i += 1;
                    false
                }
            };
            shape.items += 1;
            if expands_alone {
                shape.expanding += 1;
                last_expansion_end = Some(i.min(p.len()));
                continue;
            }
            match p.get(i) {
                Some(b'*' | b'+' | b'-') => {
                    i += 1;
                    shape.quantifiers += 1;
                    shape.expanding += 1;
                    last_expansion_end = Some(i);
                }
                Some(b'?') => {
                    i += 1;
                    shape.quantifiers += 1;
                    shape.optional += 1;
                }
                _ => {}
            }
        }
        shape.trailing_expansion = last_expansion_end.is_some_and(|end| p[end..].iter().all(|&c| c == b')'));
        shape
    }

    /// Worst-case matcher steps on a subject of `n` bytes: each expanding item (and, unless
    /// anchored, the start position) ranges over the subject, in order, so the attempts number
    /// about C(n + k, k) for k of them; each attempt walks the pattern's items.
    fn worst_case_steps(&self, n: usize) -> f64 {
        let mut k = self.expanding - usize::from(self.trailing_expansion);
        if !self.anchored {
            k += 1;
        }
        let n = n as f64;
        let optional = i32::try_from(self.optional).unwrap_or(i32::MAX);
        let mut steps = self.items.max(1) as f64 * 2f64.powi(optional);
        for j in 1..=k {
            steps *= (n + j as f64) / j as f64;
        }
        steps
    }
}

/// Index just past the character class `[...]` starting at `i` (mirrors lstrlib's `classEnd`:
/// a `]` right after `[` or `[^` is a member, `%x` escapes).
fn skip_set(p: &[u8], i: usize) -> usize {
    if p.get(i) != Some(&b'[') {
        return i;
    }
    let mut j = i + 1;
    if p.get(j) == Some(&b'^') {
        j += 1;
    }
    loop {
        if j >= p.len() {
            return p.len();
        }
        let c = p[j];
        j += 1;
        if c == b'%' {
            j += 1;
        }
        if j >= p.len() {
            return p.len();
        }
        if p[j] == b']' {
            return j + 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The prelude: Lua code run once per host, with the real globals, that builds the safe functions.
// Being Lua, everything it defines is metered like card code.
// ---------------------------------------------------------------------------------------------

const PRELUDE: &str = r##"
local H = ...
local type, error, select, tostring, tonumber = type, error, select, tostring, tonumber
local rawget, rawset, rawlen, rawequal, next = rawget, rawset, rawlen, rawequal, next
local assert, ipairs, getmetatable = assert, ipairs, getmetatable
local real_setmetatable, real_pcall, real_xpcall = setmetatable, pcall, xpcall
local concat, unpack, tointeger, MAXINT = table.concat, table.unpack, math.tointeger, math.maxinteger
local co_create, co_wrap, co_resume, co_close = coroutine.create, coroutine.wrap, coroutine.resume, coroutine.close
local fatal_check, stopping, charge, sorted_keys = H.fatal_check, H.stopping, H.charge, H.sorted_keys
local check_pattern, emit, host_require = H.check_pattern, H.emit, H.require
local COROUTINE_COST = H.coroutine_cost

---------------------------------------------------------------- read-only module tables
-- Proxies are empty tables whose metatable reads through to the module's table.
local target_of, proxy_of = {}, {}
local readonly

local function shield(v)
  if type(v) == "table" and target_of[v] == nil then return readonly(v) end
  return v
end

function readonly(t)
  local p = proxy_of[t]
  if p ~= nil then return p end
  p = {}
  real_setmetatable(p, {
    __index = function(_, k) return shield(t[k]) end,
    __newindex = function(_, k)
      error("attempt to modify a read-only module table (field '" .. tostring(k) .. "')", 2)
    end,
    __len = function() return #t end,
    __metatable = "read-only module table",
  })
  proxy_of[t], target_of[p] = p, t
  return p
end

---------------------------------------------------------------- errors no script may swallow
-- When the host stops a script (budget, abort, memory), these re-raise what they caught.
local function check(ok, ...)
  if not ok then fatal_check((...)) end
  return ok, ...
end
local function pcall_(f, ...) return check(real_pcall(f, ...)) end
-- Lua runs an xpcall message handler without hooks when the error comes from the hook itself,
-- so the script's handler must not run at all while the host is stopping the script.
local function xpcall_(f, handler, ...)
  if type(handler) ~= "function" then
    error("bad argument #2 to 'xpcall' (function expected, got " .. type(handler) .. ")", 2)
  end
  local function guarded(e)
    if stopping() then return e end
    return handler(e)
  end
  return check(real_xpcall(f, guarded, ...))
end
local function resume(co, ...) return check(co_resume(co, ...)) end
local function close(co) return check(co_close(co)) end
local function create(f) charge(COROUTINE_COST) return co_create(f) end
local function wrap(f) charge(COROUTINE_COST) return co_wrap(f) end

---------------------------------------------------------------- raw access and iteration
local function next_(t, k)
  local target = target_of[t]
  if target == nil then return next(t, k) end
  local key, v = next(target, k)
  return key, shield(v)
end

local function rawget_(t, k)
  local target = target_of[t]
  if target == nil then return rawget(t, k) end
  return shield(rawget(target, k))
end

local function rawlen_(t)
  return rawlen(target_of[t] or t)
end

local function rawset_(t, k, v)
  if target_of[t] ~= nil then error("attempt to modify a read-only module table", 2) end
  return rawset(t, k, v)
end

-- Sorted order: Lua's own order over string keys changes from process to process.
local function pairs_(t)
  if type(t) ~= "table" then
    error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2)
  end
  local target = target_of[t]
  local src = target or t
  local keys, err = sorted_keys(src)
  if keys == nil then error(err, 2) end
  local i = 0
  local function iter()
    while true do
      i = i + 1
      local k = keys[i]
      if k == nil then return nil end
      local v = rawget(src, k)
      if v ~= nil then
        if target ~= nil then v = shield(v) end
        return k, v
      end
    end
  end
  return iter, t, nil
end

local function print_(...)
  local n = select("#", ...)
  local parts = { ... }
  for i = 1, n do parts[i] = tostring(parts[i]) end
  emit(concat(parts, "\t", 1, n))
end

-- Finalizers and weak tables depend on when the collector runs; to-be-closed values are refused too.
local FORBIDDEN_META = { "__gc", "__mode", "__close" }
local function setmetatable_(t, mt)
  if type(t) ~= "table" then
    error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
  end
  if mt ~= nil then
    if type(mt) ~= "table" then error("bad argument #2 to 'setmetatable' (nil or table expected)", 2) end
    for i = 1, #FORBIDDEN_META do
      local field = FORBIDDEN_META[i]
      if rawget(mt, field) ~= nil then
        error("setmetatable: metatables with '" .. field .. "' are not allowed in the sandbox "
          .. "(garbage collection timing is not deterministic)", 2)
      end
    end
  end
  return real_setmetatable(t, mt)
end

---------------------------------------------------------------- table functions, metered
-- The C versions loop without the hook seeing it (think #t from a __len metamethod).
local function checktable(t, n, fname)
  if type(t) ~= "table" then
    error("bad argument #" .. n .. " to '" .. fname .. "' (table expected, got " .. type(t) .. ")", 3)
  end
end

local function checkint(v, n, fname)
  local i = v ~= nil and tointeger(v) or nil
  if i == nil then
    local why = type(v) == "number" and "number has no integer representation"
      or ("number expected, got " .. (v == nil and "no value" or type(v)))
    error("bad argument #" .. n .. " to '" .. fname .. "' (" .. why .. ")", 3)
  end
  return i
end

local function insert(t, ...)
  checktable(t, 1, "insert")
  local e = #t + 1
  local nargs = select("#", ...)
  if nargs == 1 then
    t[e] = ...
    return
  end
  if nargs ~= 2 then error("wrong number of arguments to 'insert'", 2) end
  local pos, v = ...
  pos = checkint(pos, 2, "insert")
  if pos < 1 or pos > e then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end

local function remove(t, pos)
  checktable(t, 1, "remove")
  local size = #t
  if pos == nil then pos = size else pos = checkint(pos, 2, "remove") end
  if pos ~= size and (pos < 1 or pos > size + 1) then
    error("bad argument #2 to 'remove' (position out of bounds)", 2)
  end
  local v = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
  return v
end

local function move(a1, f, e, t, a2)
  checktable(a1, 1, "move")
  f, e, t = checkint(f, 2, "move"), checkint(e, 3, "move"), checkint(t, 4, "move")
  local given = a2 ~= nil
  if given then checktable(a2, 5, "move") else a2 = a1 end
  if e >= f then
    if not (f > 0 or e < MAXINT + f) then error("bad argument #3 to 'move' (too many elements to move)", 2) end
    local n = e - f + 1
    if t > MAXINT - n + 1 then error("bad argument #4 to 'move' (destination wrap around)", 2) end
    if t > e or t <= f or (given and a1 ~= a2) then
      for i = 0, n - 1 do a2[t + i] = a1[f + i] end
    else
      for i = n - 1, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
end

-- Stable: insertion sort on short runs, then bottom-up merges; equal elements keep their order.
local function less_than(a, b) return a < b end
local function sort(t, lt)
  checktable(t, 1, "sort")
  if lt == nil then
    lt = less_than
  elseif type(lt) ~= "function" then
    error("bad argument #2 to 'sort' (function expected, got " .. type(lt) .. ")", 2)
  end
  local n = #t
  if n < 2 then return end
  local a = {}
  for i = 1, n do a[i] = t[i] end
  local RUN = 8
  for lo = 1, n, RUN do
    local hi = lo + RUN - 1
    if hi > n then hi = n end
    for i = lo + 1, hi do
      local v, j = a[i], i - 1
      while j >= lo and lt(v, a[j]) do
        a[j + 1] = a[j]
        j = j - 1
      end
      a[j + 1] = v
    end
  end
  local b, width = {}, RUN
  while width < n do
    for lo = 1, n, 2 * width do
      local mid, hi = lo + width, lo + 2 * width - 1
      if mid > n + 1 then mid = n + 1 end
      if hi > n then hi = n end
      local i, j, k = lo, mid, lo
      while i < mid and j <= hi do
        if lt(a[j], a[i]) then
          b[k] = a[j]
          j = j + 1
        else
          b[k] = a[i]
          i = i + 1
        end
        k = k + 1
      end
      while i < mid do b[k] = a[i]; i = i + 1; k = k + 1 end
      while j <= hi do b[k] = a[j]; j = j + 1; k = k + 1 end
    end
    a, b = b, a
    width = width * 2
  end
  for i = 1, n do t[i] = a[i] end
end

---------------------------------------------------------------- the shared string table
-- Strings reach the real string table through their metatable, so it is patched in place.
local s_find, s_match, s_gmatch, s_gsub = string.find, string.match, string.gmatch, string.gsub
local function guard(fname, s, p)
  local msg = check_pattern(fname, s, p)
  if msg ~= nil then error(msg, 3) end
end
string.find = function(s, p, init, plain)
  if not plain then guard("find", s, p) end
  return s_find(s, p, init, plain)
end
string.match = function(s, p, init) guard("match", s, p) return s_match(s, p, init) end
string.gmatch = function(s, p, init) guard("gmatch", s, p) return s_gmatch(s, p, init) end
string.gsub = function(s, p, repl, n) guard("gsub", s, p) return s_gsub(s, p, repl, n) end
string.dump = nil
getmetatable("").__metatable = false

---------------------------------------------------------------- environments
local function copy(t, skip)
  local c = {}
  for k, v in next, t do
    if skip == nil or not skip[k] then c[k] = v end
  end
  return c
end

local safe_table = copy(table)
safe_table.sort, safe_table.insert, safe_table.remove, safe_table.move = sort, insert, remove, move
local safe_math = copy(math, { random = true, randomseed = true })
local safe_coroutine = copy(coroutine)
safe_coroutine.create, safe_coroutine.wrap = create, wrap
safe_coroutine.resume, safe_coroutine.close = resume, close

local loaded = {}
local new_env

local function require_(name)
  if type(name) ~= "string" then
    error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
  end
  local m = loaded[name]
  if m ~= nil then return m end
  local result, err = host_require(name, new_env)
  if err ~= nil then error(err, 2) end
  if result == nil then result = true end
  m = shield(result)
  loaded[name] = m
  return m
end

function new_env()
  local env = {
    assert = assert, error = error, ipairs = ipairs, next = next_, pairs = pairs_,
    rawequal = rawequal, rawget = rawget_, rawlen = rawlen_, rawset = rawset_,
    select = select, tonumber = tonumber, tostring = tostring, type = type, unpack = unpack,
    pcall = pcall_, xpcall = xpcall_, setmetatable = setmetatable_, getmetatable = getmetatable,
    print = print_, require = require_,
    string = copy(string), table = copy(safe_table), math = copy(safe_math),
    utf8 = copy(utf8), coroutine = copy(safe_coroutine),
    _VERSION = _VERSION,
  }
  env._G = env
  return env
end

-- Moves the globals into a hidden table the environment reads through; writes then fail.
local function freeze_env(env)
  local globals = {}
  for k, v in next, env do globals[k] = v end
  for k in next, globals do env[k] = nil end
  globals._G = env
  real_setmetatable(env, {
    __index = globals,
    __newindex = function(_, k)
      error("scripts keep no state in globals (assignment to '" .. tostring(k) .. "' after loading): "
        .. "a card keeps its data in ctx.data", 2)
    end,
    __metatable = "frozen environment",
  })
  target_of[env] = globals
end

return { new_env = new_env, freeze_env = freeze_env, loaded = loaded }
"##;
