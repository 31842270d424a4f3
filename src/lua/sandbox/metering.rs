//! Metering: every call into Lua is an entry with its own instruction budget, counted by one
//! global hook (coroutines too); a spent budget, an abort or the memory cap stops the script
//! so that nothing can swallow it, and errors are placed at the script line that led there.

use super::*;

/// Run `body`, a call of `function`, as one metered entry into Lua.
pub(super) fn run_entry<R>(
    lua: &Lua,
    shared: &Rc<Shared>,
    budget: u64,
    function: &Function,
    body: impl FnOnce() -> mlua::Result<R>,
) -> Result<R, HostError> {
    begin_entry(lua, shared, budget)?;
    shared.enter(Side::Lua);
    let result = body();
    shared.leave();
    end_entry(lua, shared, result, function)
}

/// Lua loses the line of a call in tail position (`return f(x)`): when an error has no location
/// at all, name at least the file of the function that was called.
pub(super) fn with_origin(err: HostError, function: &Function) -> HostError {
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

/// What the running thread was charged since the hook last ran (vendor/lua-src/PATCH.md,
/// "Exact metering"): a script's calls, loop turns and the work its C calls did. Taken when
/// an entry starts and ends, so each entry pays for its own work and none for another's.
pub(super) fn take_charged(lua: &Lua) -> u64 {
    // SAFETY: reads and resets two counters of the running thread; touches no stack.
    let charged = lua.exec_raw_lua(|raw| unsafe { lua_wizwar_charged(raw.state()) });
    // (A charge this large exceeds any budget; the meter need not count past it.)
    u64::try_from(charged).unwrap_or(0).min(LARGEST_CHARGE)
}

/// What one charge counts at most: more than any budget, and far from the meter's end.
const LARGEST_CHARGE: u64 = 1 << 40;

pub(super) fn begin_entry(lua: &Lua, shared: &Rc<Shared>, budget: u64) -> Result<(), HostError> {
    // The work charged so far is the calling script's (none if nothing runs: the kernel's own).
    let charged = take_charged(lua);
    let mut meter = shared.meter.borrow_mut();
    if !meter.entries.is_empty() {
        meter.executed = meter.executed.saturating_add(charged);
    }
    if meter.entries.is_empty() {
        // A new top-level run: forget anything left over from Lua run outside any entry, and
        // count from zero.
        meter.failure = None;
        meter.executed = 0;
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
pub(super) fn end_entry<R>(
    lua: &Lua,
    shared: &Rc<Shared>,
    result: mlua::Result<R>,
    function: &Function,
) -> Result<R, HostError> {
    // What the entry was charged since the hook last ran is its own (and its callers').
    let charged = take_charged(lua);
    let (failure, outermost) = {
        let mut meter = shared.meter.borrow_mut();
        meter.executed = meter.executed.saturating_add(charged);
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
pub(super) fn finish_run(lua: &Lua, shared: &Rc<Shared>, out_of_memory: bool) {
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
pub(super) fn install_hook(lua: &Lua, shared: &Rc<Shared>, every: u32) {
    let shared = Rc::clone(shared);
    let triggers = HookTriggers::new().every_nth_instruction(every);
    // Only Luau makes this fail.
    let _ = lua.set_global_hook(triggers, move |lua, _debug| {
        shared.sample_functions(lua);
        // All that was charged since the hook last ran, however much more than its interval.
        shared.on_hook(lua, take_charged(lua))
    });
}

pub(super) fn budget_error(lua: &Lua, budget: u64) -> HostError {
    HostError::Budget(format!("{}instruction budget of {budget} exceeded", location_prefix(lua)))
}

/// "file:line: " of the innermost script frame on the running thread's stack, or "".
///
/// Script chunks are named "@file"; the host's own chunks ("@[kernel api]", "=[sandbox]") and C
/// functions are skipped.
pub(super) fn location_prefix(lua: &Lua) -> String {
    for level in 0..LOCATION_SEARCH_DEPTH {
        let frame = lua.inspect_stack(level, |debug| {
            let source = debug.source().source.map(|s| s.into_owned());
            (source, debug.current_line())
        });
        let Some((source, line)) = frame else { break };
        if let (Some(source), Some(line)) = (source, line) {
            if let Some(file) = source.strip_prefix('@').filter(|f| !f.starts_with(INTERNAL_SOURCE)) {
                return format!("{file}:{line}: ");
            }
        }
    }
    String::new()
}

/// Split "file:12: message" into ("file:12", "message").
pub(super) fn split_location(message: &str) -> Option<(&str, &str)> {
    let (head, rest) = message.split_once(": ")?;
    (is_location(head) && !head.contains('\n')).then_some((head, rest))
}

/// "file:12"
pub(super) fn is_location(text: &str) -> bool {
    text.rsplit_once(':')
        .is_some_and(|(file, line)| !file.is_empty() && !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()))
}

/// The first "file:line" of a Lua traceback that is script code (not C, not the prelude).
pub(super) fn first_script_frame(traceback: &str) -> Option<&str> {
    script_frames(traceback).next()
}

/// Every "file:line" of a Lua traceback that is script code, innermost first.
pub(super) fn script_frames(traceback: &str) -> impl Iterator<Item = &str> {
    traceback
        .lines()
        .filter_map(|line| line.trim().split_once(": in "))
        .map(|(location, _)| location)
        .filter(|location| is_location(location) && !location.starts_with(INTERNAL_SOURCE))
}

enum Verdict {
    Continue,
    Stopping,
    OverBudget(u64),
    OverTime(Duration),
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
    pub(super) fn is_stopping(&self) -> bool {
        self.meter.borrow().failure.is_some()
    }

    /// Record why the running script must stop (the first reason wins).
    pub(super) fn record_failure(&self, err: HostError) {
        let mut meter = self.meter.borrow_mut();
        if meter.failure.is_none() {
            meter.failure = Some(err);
        }
    }

    /// Make every further instruction on the running thread fail, and build the error to raise now.
    pub(super) fn interrupt(self: &Rc<Self>, lua: &Lua) -> mlua::Error {
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

    /// Is the state close to its memory cap even after collecting its garbage? (The heap read
    /// here is also the peak's sample: `LuaHost::memory_peak`.)
    fn near_memory_cap(self: &Rc<Self>, lua: &Lua) -> bool {
        let share = |(num, den): (usize, usize)| self.limits.memory_bytes / den * num;
        let used = lua.used_memory();
        if used > self.memory_peak.get() {
            self.memory_peak.set(used);
        }
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
    pub(super) fn charge(self: &Rc<Self>, lua: &Lua, instructions: u64) -> mlua::Result<()> {
        self.on_hook(lua, instructions).map(|_| ())
    }

    pub(super) fn memory_error(&self, location: &str) -> HostError {
        HostError::Memory(format!("{location}memory limit of {} bytes exceeded", self.limits.memory_bytes))
    }

    /// Turn an mlua error into a [`HostError`] with a one-line message that names the script line.
    pub(super) fn map_error(&self, err: mlua::Error) -> HostError {
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
}
