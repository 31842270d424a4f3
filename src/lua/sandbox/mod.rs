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
//!
//! This file holds the host's handle ([`LuaHost`]), its limits and errors, and the state it
//! shares with the hook and the prelude's Rust functions (`Shared`); `metering.rs` the entries,
//! the hook and errors placed at the script line, `primitives.rs` the Rust functions the
//! prelude is built from, `modules.rs` the modules scripts `require`, `profile.rs` and
//! `sampling.rs` where the time goes.

mod metering;
mod modules;
mod primitives;
mod profile;
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
use modules::ModuleSource;
use primitives::*;
pub use profile::{PrimitiveStart, PrimitiveTime, ProfileTimes};
use profile::{Profile, Side};
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

    /// Starts watching the Lua heap's peak afresh, from what it holds now (`memory_peak`).
    pub fn restart_memory_peak(&self) {
        self.shared.memory_peak.set(self.lua.used_memory());
    }

    /// The most the Lua heap held since `restart_memory_peak`, in bytes: as the sandbox's meter
    /// saw it at each of its hooks (every thousand instructions a script runs, and the heap now),
    /// garbage not yet collected included. Bytes allocated and freed between two hooks go unseen.
    pub fn memory_peak(&self) -> usize {
        self.shared.memory_peak.get().max(self.lua.used_memory())
    }

    /// The limits this host was made with.
    pub fn limits(&self) -> Limits {
        self.shared.limits
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
    /// The most the Lua heap held when the meter looked (at each of its hooks) since
    /// [`LuaHost::restart_memory_peak`].
    memory_peak: Cell<usize>,
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
            memory_peak: Cell::new(0),
        }
    }

    fn prelude(&self) -> &Prelude {
        self.prelude.get().expect("the prelude is installed by LuaHost::new")
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
