//! Where the time goes, when asked for: which side of the border runs (scripts, the kernel's
//! primitives they call, the conversions between them), each primitive's calls and time, and
//! (with `sampling.rs`) each script function's. Off unless asked for (`sim --profile`,
//! `--profile-scripts`): it costs two clock readings per crossing.

use super::*;

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
pub(super) struct Profile {
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

impl LuaHost {
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
}

impl Shared {
    /// Time now runs on the Lua side (`true`) or the Rust side (`false`) until [`Shared::leave`].
    pub(super) fn enter(&self, side: Side) {
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

    pub(super) fn leave(&self) {
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

    /// A tick of the instruction hook, when script functions are sampled (`sampling.rs`): not
    /// on a charge, which a Rust function makes for work it did, at no regular interval.
    pub(super) fn sample_functions(&self, lua: &Lua) {
        if let Some(f) = self.profile.borrow_mut().as_mut().and_then(|p| p.functions.as_mut()) {
            f.sample(lua);
        }
    }
}
