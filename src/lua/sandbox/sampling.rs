//! Where scripts spend their time, function by function: at each tick of the metering hook
//! (every `HOOK_INTERVAL` instructions) the time since the last tick is charged to every
//! function on the Lua stack (inclusive) and to the innermost one (self). Time in a kernel
//! primitive lands on the script that called it, since the next tick finds that script still
//! running. Off unless asked for (`sim --profile-scripts`): walking the stack at every tick
//! costs a few per cent of a game (not counted in the samples).

use mlua::Lua;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The functions a sampled stack holds (at most this deep: deeper frames are rare and cost).
const MAX_DEPTH: usize = 64;

/// One function's share of the sampled time.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FunctionTime {
    /// "file:line name": where the function is defined, and a name a call of it was known by.
    pub function: String,
    /// Time while it was on the stack.
    pub inclusive: Duration,
    /// Time while it was the innermost function.
    pub own: Duration,
}

#[derive(Default)]
pub(super) struct FunctionSamples {
    /// When the time not yet charged began (none outside scripts).
    mark: Option<Instant>,
    /// By where the function is defined (file, line) and the name it was called by (Rust
    /// functions have no line, and the kernel's query wrappers all have the same one): its
    /// index in `times`.
    index: HashMap<(String, usize, String), usize>,
    times: Vec<FunctionTime>,
}

impl FunctionSamples {
    /// A script run starts: the time from here on is the scripts'.
    pub(super) fn start(&mut self) {
        self.mark = Some(Instant::now());
    }

    /// The outermost script run ended: what follows is the engine's, not a script's.
    pub(super) fn stop(&mut self) {
        self.mark = None;
    }

    /// A tick of the hook: charges the time since the last to the functions on the stack.
    pub(super) fn sample(&mut self, lua: &Lua) {
        let Some(mark) = self.mark else { return };
        let spent = mark.elapsed();
        let mut seen = Vec::with_capacity(16);
        for level in 0..MAX_DEPTH {
            let Some((file, line, name)) = lua.inspect_stack(level, |d| {
                let s = d.source();
                let file = s.short_src.as_deref().unwrap_or("?").to_string();
                let name = d.names().name.map_or_else(|| "?".to_string(), |n| n.into_owned());
                (file, s.line_defined.unwrap_or(0), name)
            }) else {
                break;
            };
            let next = self.times.len();
            let key = (file, line, name);
            let i = match self.index.get(&key) {
                Some(&i) => i,
                None => {
                    let (file, line, name) = &key;
                    let function = if *line > 0 { format!("{file}:{line} {name}") } else { format!("{file} {name}") };
                    self.times.push(FunctionTime { function, ..FunctionTime::default() });
                    self.index.insert(key, next);
                    next
                }
            };
            if level == 0 {
                self.times[i].own += spent;
            }
            // A function on the stack twice (recursion) is charged once.
            if !seen.contains(&i) {
                seen.push(i);
                self.times[i].inclusive += spent;
            }
        }
        // The walk above is not the scripts' time.
        self.mark = Some(Instant::now());
    }

    /// The functions sampled so far, most inclusive time first (ties by name).
    pub(super) fn times(&self) -> Vec<FunctionTime> {
        let mut out = self.times.clone();
        out.sort_by(|a, b| b.inclusive.cmp(&a.inclusive).then_with(|| a.function.cmp(&b.function)));
        out
    }
}
