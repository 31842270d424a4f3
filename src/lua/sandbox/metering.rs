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
