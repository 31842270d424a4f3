//! The sandboxed Lua host: every card and ruleset script runs here.
//!
//! What the host guarantees, and how:
//!
//! - **No way out.** Only the `table`, `string`, `math`, `utf8` and `coroutine` libraries are
//!   opened, and each script gets its own environment holding a whitelist of base functions and
//!   shallow copies of those libraries (no `io`, `os`, `debug`, `load`, `package`,
//!   `collectgarbage`, `string.dump`, `math.random`). Chunks are always loaded as text, never as
//!   bytecode. `require` only knows modules registered with [`LuaHost::add_module`].
//! - **Bounded time.** A global count hook (it follows coroutines too) meters every call into
//!   Lua against a budget of VM instructions: deterministic, the same on every machine. The
//!   patched VM charges the count by calls (a function's length) and loop turns (their length),
//!   an upper bound of the instructions run (vendor/lua-src/PATCH.md).
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

mod metering;
mod primitives;
mod sampling;

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::patterns::pattern_refusal;
use metering::*;
use mlua::chunk::ChunkMode;
use mlua::{
    FromLuaMulti, Function, HookTriggers, IntoLuaMulti, Lua, LuaOptions, LuaString, MultiValue, StdLib, Table, Value,
    VmState,
};
use primitives::*;
use sampling::FunctionSamples;
pub use sampling::FunctionTime;

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

/// The hook runs every this many charged VM instructions of a Lua thread: a script overruns
/// its budget by less than this. (The patched VM charges calls and loop turns, not each
/// instruction, vendor/lua-src/PATCH.md, so the hook's cost is its calls: every 100
/// instructions they were 2% of a game, every 1000 under 1%.)
const HOOK_INTERVAL: u32 = 1000;
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
            readonly: exports.get("readonly").map_err(setup_error)?,
            loaded: exports.get("loaded").map_err(setup_error)?,
            freeze_all: exports.get("freeze_all").map_err(setup_error)?,
        };
        let _ = shared.prelude.set(prelude);
        let kit: Table = exports.get("frozen_kit").map_err(setup_error)?;
        lua.set_named_registry_value(crate::value::FROZEN_KIT.to_str().expect("ASCII"), kit).map_err(setup_error)?;

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
    /// budget; then its environment is frozen, and its result is cached and frozen all the way
    /// down (prelude: `freeze_module`), so no card can stash game state in a shared module.
    /// Registering a name again replaces the source and forgets the cached result.
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

    /// Freezes for scripts a table's own fields (the game's primitives; a card's or the
    /// ruleset's functions once loaded): writing one, even with `rawset`, fails; reading costs
    /// what it does on any table. The tables in it are not frozen by this.
    pub fn read_only(&self, t: &Table) -> Result<Table, HostError> {
        self.shared.prelude().readonly.call(t.clone()).map_err(|e| self.shared.map_error(e))
    }

    /// Freezes what a script made while it loaded, reached from `value` (a card's table, the
    /// rules): every table all the way down, and every local its functions share (an
    /// assignment to one fails at the script's line), so that it keeps nothing from call to
    /// call (vendor/lua-src/PATCH.md, "What is loaded is frozen"). The host's own functions
    /// are not followed. A coroutine made while loading is an error.
    pub fn freeze_loaded(&self, value: &Value) -> Result<(), HostError> {
        self.shared.prelude().freeze_all.call::<()>(value.clone()).map_err(|e| self.shared.map_error(e))
    }

    /// Settles what is loaded (vendor/lua-src/PATCH.md, "Settling"): the garbage is collected,
    /// then what is still alive (the rulesets' and cards' code, tables, names and texts; not
    /// threads, userdata, open upvalues or weak tables) is kept for good, out of the
    /// collector's cycles: they no longer mark and sweep it again (a settled object written to
    /// later is traversed at each cycle). Called once an engine has loaded everything.
    pub fn settle(&self) -> Result<(), HostError> {
        // SAFETY: lua_wizwar_settle only collects garbage and relinks the collector's lists; it
        // leaves the stack as it found it.
        unsafe { self.lua().exec_raw::<()>((), |state| lua_wizwar_settle(state)) }.map_err(|e| self.shared.map_error(e))
    }

    /// A memory error at the running script's line ("file:12: memory limit of N bytes
    /// exceeded" and `detail`), for memory the kernel would hold for it.
    pub fn out_of_memory(&self, detail: &str) -> HostError {
        let location = location_prefix(&self.lua);
        HostError::Memory(format!(
            "{location}memory limit of {} bytes exceeded{detail}",
            self.shared.limits.memory_bytes
        ))
    }

    /// Compile `source` (errors read "chunk_name:LINE: msg") with `env` as its environment, run
    /// it under budget and return its results.
    pub fn load_chunk(&self, chunk_name: &str, source: &str, env: &Table) -> Result<MultiValue, HostError> {
        self.load_chunk_with_budget(chunk_name, source, env, self.shared.limits.instructions)
    }

    /// [`LuaHost::load_chunk`] with an explicit budget for the chunk (what it calls into, card
    /// hooks and handlers, still gets the usual budget of each entry).
    pub fn load_chunk_with_budget(
        &self,
        chunk_name: &str,
        source: &str,
        env: &Table,
        instructions: u64,
    ) -> Result<MultiValue, HostError> {
        let chunk = compile(&self.lua, &self.shared, chunk_name, source, env)?;
        self.call_with_budget(&chunk, (), instructions)
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
        *self.shared.profile.borrow_mut() = on.then(|| Profile {
            stack: Vec::new(),
            since: Instant::now(),
            times: ProfileTimes::default(),
            functions: None,
            primitives: Vec::new(),
            nested_lua: Duration::ZERO,
        });
    }

    /// Starts (or stops) charging the time in scripts to their functions as well
    /// (`sampling.rs`; profiling is started if it was off). A stack walk at every tick of the
    /// hook: for finding where a script's time goes, not for timing games.
    pub fn sample_functions(&self, on: bool) {
        if on && self.shared.profile.borrow().is_none() {
            self.set_profiling(true);
        }
        if let Some(p) = self.shared.profile.borrow_mut().as_mut() {
            p.functions = on.then(FunctionSamples::default);
        }
    }

    /// The time charged to each script function so far, most first (empty unless sampled).
    pub fn function_times(&self) -> Vec<FunctionTime> {
        self.shared.profile.borrow().as_ref().and_then(|p| p.functions.as_ref()).map_or_else(Vec::new, |f| f.times())
    }

    /// The time counted since profiling began (zero when it is off).
    pub fn profile(&self) -> ProfileTimes {
        self.shared.profile.borrow().as_ref().map(|p| p.times).unwrap_or_default()
    }

    /// The number the profile knows primitive `name` by (see [`LuaHost::primitive_started`]).
    pub fn primitive_id(&self, name: &str) -> usize {
        let mut names = self.shared.primitive_names.borrow_mut();
        names.iter().position(|n| n == name).unwrap_or_else(|| {
            names.push(name.to_string());
            names.len() - 1
        })
    }

    /// When profiling, the moment a call of a primitive began (for
    /// [`LuaHost::primitive_done`]); None otherwise.
    pub fn primitive_started(&self) -> Option<PrimitiveStart> {
        let mut profile = self.shared.profile.borrow_mut();
        let p = profile.as_mut()?;
        p.charge();
        Some(PrimitiveStart { at: p.since, scripts_before: p.nested_lua })
    }

    /// Charges a call of primitive `id` that began at `start`: its whole time, arguments,
    /// answer and any script it ran included, and of it the time in scripts.
    pub fn primitive_done(&self, id: usize, start: PrimitiveStart) {
        let mut profile = self.shared.profile.borrow_mut();
        let Some(p) = profile.as_mut() else { return };
        p.charge();
        if p.primitives.len() <= id {
            p.primitives.resize(id + 1, PrimitiveTime::default());
        }
        let t = &mut p.primitives[id];
        t.calls += 1;
        t.total += p.since - start.at;
        t.in_scripts += p.nested_lua.saturating_sub(start.scripts_before);
    }

    /// Each primitive called since profiling began, by name, most time first.
    pub fn primitive_times(&self) -> Vec<(String, PrimitiveTime)> {
        let names = self.shared.primitive_names.borrow();
        let profile = self.shared.profile.borrow();
        let mut out: Vec<(String, PrimitiveTime)> = profile
            .as_ref()
            .map(|p| {
                p.primitives
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.calls > 0)
                    .map(|(i, t)| (names.get(i).cloned().unwrap_or_default(), *t))
                    .collect()
            })
            .unwrap_or_default();
        out.sort_by(|a, b| b.1.total.cmp(&a.1.total).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Runs `primitive`, Rust code a script called, counted as such when profiling.
    pub fn in_primitive<R>(&self, primitive: impl FnOnce() -> R) -> R {
        self.shared.enter(Side::Primitive);
        let r = primitive();
        self.shared.leave();
        r
    }

    /// Runs `convert`, turning a primitive's arguments or results between Lua and Rust,
    /// counted as such when profiling.
    pub fn in_conversion<R>(&self, convert: impl FnOnce() -> R) -> R {
        self.shared.enter(Side::Conversion);
        let r = convert();
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
    /// The primitives' names, by the number the profile knows each by.
    primitive_names: RefCell<Vec<String>>,
}

/// What is running, for time accounting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// Lua code.
    Lua,
    /// A kernel primitive a script called.
    Primitive,
    /// Turning a primitive's arguments or results between Lua and Rust.
    Conversion,
}

/// Time accounting: which side of the border is running now, and what each side has used.
struct Profile {
    /// Nested switches.
    stack: Vec<Side>,
    since: Instant,
    times: ProfileTimes,
    /// Time by script function, when asked for ([`LuaHost::sample_functions`]).
    functions: Option<FunctionSamples>,
    /// Time by primitive, by the number [`LuaHost::primitive_id`] gave it.
    primitives: Vec<PrimitiveTime>,
    /// Of `times.in_lua`, the time in scripts a primitive ran (not at the bottom of the stack).
    nested_lua: Duration,
}

/// When a primitive's call began, as the profile counts ([`LuaHost::primitive_started`]).
#[derive(Clone, Copy, Debug)]
pub struct PrimitiveStart {
    at: Instant,
    scripts_before: Duration,
}

/// One primitive's calls and their time, any script it ran included (`in_scripts`: that part).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PrimitiveTime {
    pub calls: u64,
    pub total: Duration,
    pub in_scripts: Duration,
}

/// Time spent running scripts, running the kernel's primitives called by scripts, and turning
/// their arguments and results between Lua and Rust (what is left of a run is the engine
/// itself); and how many primitives were called.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProfileTimes {
    pub in_lua: Duration,
    pub in_primitives: Duration,
    pub in_conversion: Duration,
    pub primitive_calls: u64,
}

/// What the prelude hands back to Rust.
struct Prelude {
    new_env: Function,
    freeze_env: Function,
    /// Makes a read-only view of a table of functions (reads go straight through).
    readonly: Function,
    /// Freezes what a script made while loading (primitives.rs, `freeze_all`).
    freeze_all: Function,
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
    /// Instructions counted since the outermost running entry began.
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
            Some(Side::Lua) => {
                self.times.in_lua += spent;
                // (A script below another side: one a primitive ran, a hook or a handler.)
                if self.stack.len() > 1 {
                    self.nested_lua += spent;
                }
            }
            Some(Side::Primitive) => self.times.in_primitives += spent,
            Some(Side::Conversion) => self.times.in_conversion += spent,
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
            primitive_names: RefCell::default(),
        }
    }

    /// Time now runs on the Lua side (`true`) or the Rust side (`false`) until [`Shared::leave`].
    fn enter(&self, side: Side) {
        if let Some(p) = self.profile.borrow_mut().as_mut() {
            p.charge();
            if side == Side::Primitive {
                p.times.primitive_calls += 1;
            }
            if p.stack.is_empty() && side == Side::Lua {
                if let Some(f) = p.functions.as_mut() {
                    f.start();
                }
            }
            p.stack.push(side);
        }
    }

    fn leave(&self) {
        if let Some(p) = self.profile.borrow_mut().as_mut() {
            p.charge();
            p.stack.pop();
            if p.stack.is_empty() {
                if let Some(f) = p.functions.as_mut() {
                    f.stop();
                }
            }
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

    /// A tick of the instruction hook, when script functions are sampled (`sampling.rs`): not
    /// on a charge, which a Rust function makes for work it did, at no regular interval.
    fn sample_functions(&self, lua: &Lua) {
        if let Some(f) = self.profile.borrow_mut().as_mut().and_then(|p| p.functions.as_mut()) {
            f.sample(lua);
        }
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
        // A location the message claims is kept when it is one of the script lines that led
        // here (`error(msg, 2)` blames the caller's line); one that is not (a script's
        // `error("other.lua:12: ...", 0)`) never replaces the real one, which comes first.
        let claimed_is_real = |location: &str| traceback.is_none_or(|t| script_frames(t).any(|f| f == location));
        let located = match location {
            Some(location) if !location.starts_with(INTERNAL_SOURCE) && claimed_is_real(location) => body.to_owned(),
            Some(location) if !location.starts_with(INTERNAL_SOURCE) => match traceback.and_then(first_script_frame) {
                Some(frame) => format!("{frame}: {body}"),
                None => body.to_owned(),
            },
            _ => match traceback.and_then(first_script_frame) {
                Some(frame) => format!("{frame}: {rest}"),
                None => rest.to_owned(),
            },
        };
        HostError::Runtime(located)
    }

    /// Run a registered module for `require`. `Ok(Err(msg))` is an ordinary error the card sees;
    /// `Err` means the host is stopping the script (budget, abort, memory).
    fn load_module(
        self: &Rc<Self>,
        lua: &Lua,
        name: &str,
        new_env: &Function,
    ) -> mlua::Result<Result<(Value, Vec<Table>), String>> {
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
    /// budget; a file after the first sees the result so far as `base`. The result, and the
    /// environments (to be frozen with it: `require`).
    fn run_module(
        self: &Rc<Self>,
        lua: &Lua,
        layers: &[ModuleSource],
        new_env: &Function,
    ) -> Result<(Value, Vec<Table>), HostError> {
        let mut value = Value::Nil;
        let mut envs = Vec::new();
        for (i, module) in layers.iter().enumerate() {
            let env: Table = new_env.call(()).map_err(|e| self.map_error(e))?;
            if i > 0 {
                env.raw_set("base", value.clone()).map_err(|e| self.map_error(e))?;
            }
            let chunk = compile(lua, self, &module.chunk_name, &module.source, &env)?;
            let results: MultiValue = run_entry(lua, self, self.limits.instructions, &chunk, || chunk.call(()))?;
            // Its globals are fixed from now on, as a card's or a rules file's are.
            self.prelude().freeze_env.call::<()>(env.clone()).map_err(|e| self.map_error(e))?;
            envs.push(env);
            match results.into_iter().next().unwrap_or(Value::Nil) {
                Value::Nil if i > 0 => {}
                v => value = v,
            }
        }
        Ok((value, envs))
    }
}

// ---------------------------------------------------------------------------------------------
// The prelude (prelude.lua): Lua run once per host, with the real globals, that builds the safe
// functions.
// ---------------------------------------------------------------------------------------------

const PRELUDE: &str = include_str!("../prelude.lua");

extern "C-unwind" {
    /// What the thread was charged since this was last asked, the count starting again
    /// (vendor/lua-src/PATCH.md, "Exact metering").
    pub(crate) fn lua_wizwar_charged(state: *mut mlua::ffi::lua_State) -> mlua::ffi::lua_Integer;
    /// Freezes what a script made while loading (PATCH.md, "What is loaded is frozen"): every
    /// table reached from the value at `idx`, every upvalue of its Lua functions but those whose
    /// chunk name begins with `internal`. 1 when a coroutine was reached, 2 an iterator that
    /// keeps its place (`stateful` lists the host's own).
    pub(crate) fn lua_wizwar_freezeall(
        state: *mut mlua::ffi::lua_State,
        idx: std::os::raw::c_int,
        internal: *const std::os::raw::c_char,
        stateful: *const mlua::ffi::lua_CFunction,
        nstateful: std::os::raw::c_int,
    ) -> std::os::raw::c_int;
    /// The patched collector's settling (vendor/lua-src/PATCH.md): a full collection, then what
    /// is alive (but threads, userdata, open upvalues and weak tables) is kept for good, never
    /// swept again and marked again only if written to.
    pub(crate) fn lua_wizwar_settle(state: *mut mlua::ffi::lua_State);
}
