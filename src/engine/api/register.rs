//! How a Rust function becomes a `game:` primitive (`reg`, `reg_whole`, `query`): its
//! arguments read and its results pushed where they lie on the stack of its call, a failure
//! undone or refused before any change, a kernel panic caught, the time profiled, and an
//! argument of the wrong type told in the designer's words.

use super::*;

/// A primitive: it checks its arguments before it changes anything, so one that fails has
/// changed nothing (see `primitive`).
pub(super) fn reg<A, O, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    O: IntoLuaMulti,
    F: Fn(&Kernel, A) -> Result<O, Fail> + 'static,
{
    primitive(lua, t, name, k, false, f)
}

/// A primitive made of several changes, any of which may fail (an object and its card and its
/// obstacle, sectors and what stands on them): one that fails is undone (see `primitive`).
pub(super) fn reg_whole<A, O, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    O: IntoLuaMulti,
    F: Fn(&Kernel, A) -> Result<O, Fail> + 'static,
{
    primitive(lua, t, name, k, true, f)
}

/// Registers primitive `name`. Its arguments are checked by `f`, whose failure is an error at
/// the script's line naming the primitive. A primitive that fails changes nothing (a script
/// that catches the error finds the game as before the call): it checks before it changes,
/// or it is undone (`undone`: a checkpoint taken before it, which copies what the primitive
/// then changes: too dear for the common ones). A panic in the kernel is caught here too and
/// stops the whole run, as a failed nested script does: the step is undone and the error
/// names the primitive.
fn primitive<A, O, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, undone: bool, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    O: IntoLuaMulti,
    F: Fn(&Kernel, A) -> Result<O, Fail> + 'static,
{
    let id = k.upgrade().map(|kernel| kernel.host.primitive_id(name)).unwrap_or_default();
    let k = k.clone();
    let name_owned = name.to_string();
    let func = lua.create_function(move |lua, StackArgs(n): StackArgs| {
        let kernel = k.upgrade().ok_or_else(|| mlua::Error::runtime("the game is gone"))?;
        // (When profiling: the call's time by primitive, all it ran included.)
        let started = kernel.host.primitive_started();
        // The arguments are read, and the results pushed, where they lie on the stack of the
        // call: no handle made for a table, no list of values (counted as conversion).
        // SAFETY: the `n` arguments are the top of the running call's stack (see `StackArgs`).
        let args = kernel
            .host
            .in_conversion(|| unsafe { lua.exec_raw_lua(|raw| A::from_stack_args(n, 1, None, raw)) })
            .map_err(|e| bad_argument(lua, &name_owned, e))?;
        let before = undone.then(|| kernel.checkpoint());
        let run = std::panic::AssertUnwindSafe(|| f(&kernel, args));
        let result = kernel.host.in_primitive(|| std::panic::catch_unwind(run)).unwrap_or_else(|panic| {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(Fail::Host(HostError::Runtime(format!("game:{name_owned}: kernel error: {why}"))))
        });
        if let (Err(Fail::Msg(_)), Some(before)) = (&result, before) {
            kernel.restore(before, crate::engine::AfterRestore::Drop);
        }
        let out = result.map_err(|e| match e {
            Fail::Msg(m) => mlua::Error::runtime(format!("game:{name_owned}: {m}")),
            Fail::Host(h) => {
                // A nested script failed or was stopped: stop the whole run with its own message.
                kernel.host.abort(h.clone());
                mlua::Error::runtime(h.message().to_string())
            }
        })?;
        // SAFETY: pushes onto the running call's stack, which Lua then takes its results from.
        let pushed = kernel.host.in_conversion(|| unsafe { lua.exec_raw_lua(|raw| out.push_into_stack_multi(raw)) })?;
        if let Some(started) = started {
            kernel.host.primitive_done(id, started);
        }
        Ok(Pushed(pushed))
    })?;
    t.raw_set(name, func)
}

/// An argument a primitive could not read, in a card designer's words: which primitive, which
/// argument by its name and type (as `api_doc.rs` documents it), and what came instead
/// ("game:player: argument 1, p: integer, was given a string"), not the host's conversion;
/// and, when a ruleset's helper made the call, the designer's line that called the helper.
fn bad_argument(lua: &Lua, name: &str, e: mlua::Error) -> mlua::Error {
    let text = e.to_string();
    let Some(n) = text
        .split("bad argument #")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|d| d.parse::<usize>().ok())
    else {
        return e;
    };
    let got = match text.split("error converting Lua ").nth(1).and_then(|r| r.split(' ').next()) {
        Some("nil") => "nothing (nil)".to_string(),
        Some(got) => crate::words::a_or_an(got),
        // Data the kernel refused (value.rs, `refuse`): its own words say what came, and what
        // the kernel keeps.
        None => match text.split_once(&format!("{}; got ", crate::value::KERNEL_DATA)) {
            Some((_, what)) => format!("{} ({})", what.lines().next().unwrap_or(what), crate::value::KERNEL_DATA),
            None => "something it cannot read".to_string(),
        },
    };
    let param = crate::engine::api_doc::API_DOCS
        .iter()
        .find(|d| d.name == name)
        .and_then(|d| top_level_parts(d.params).into_iter().nth(n.saturating_sub(1)))
        .map(|p| format!(", {p},"))
        .unwrap_or_default();
    mlua::Error::runtime(format!("game:{name}: argument {n}{param} was given {got}{}", designer_line(lua)))
}

/// " (called by hand_count, from cards/8th/x/y.lua:12)": when a ruleset's helper made the
/// call, the helper and the nearest line on the stack in a card, test or REPL chunk (the
/// error's own place names the helper's file).
fn designer_line(lua: &Lua) -> String {
    let frame = |level: usize| {
        lua.inspect_stack(level, |d| {
            let name = d.names().name.map(|n| n.to_string());
            Some((d.source().short_src?.to_string(), d.current_line()?, name))
        })
        .flatten()
    };
    let ours = |src: &str| src.starts_with("cards/") || src.starts_with("tests/") || src.starts_with("repl");
    // (level 0 is this primitive; the memo's C wrapper may stand between it and its caller)
    let frames: Vec<(String, usize, Option<String>)> =
        (1..64).map_while(|level| lua.inspect_stack(level, |_| ()).map(|()| frame(level))).flatten().collect();
    match frames.iter().position(|(src, _, _)| ours(src)) {
        None | Some(0) => String::new(),
        Some(i) => {
            let helper = frames[i - 1].2.as_deref().map(|n| format!("called by {n}, ")).unwrap_or_default();
            format!(" ({helper}from {}:{})", frames[i].0, frames[i].1)
        }
    }
}

/// "a: integer, b?: table<string, any>" split at its top-level commas.
fn top_level_parts(params: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0i32;
    for c in params.chars() {
        match c {
            '<' | '(' | '{' | '[' => depth += 1,
            '>' | ')' | '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("one part at least").push(c);
    }
    parts.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
}

/// A primitive's arguments, left on the stack of its call: how many there are.
struct StackArgs(std::os::raw::c_int);

impl FromLuaMulti for StackArgs {
    fn from_lua_multi(values: mlua::MultiValue, _: &Lua) -> mlua::Result<Self> {
        Ok(StackArgs(values.len() as std::os::raw::c_int))
    }

    unsafe fn from_stack_args(
        nargs: std::os::raw::c_int,
        _: usize,
        _: Option<&str>,
        _: &mlua::state::RawLua,
    ) -> mlua::Result<Self> {
        Ok(StackArgs(nargs))
    }
}

/// A primitive's results, already pushed onto the stack of its call: how many.
struct Pushed(std::os::raw::c_int);

impl IntoLuaMulti for Pushed {
    fn into_lua_multi(self, _: &Lua) -> mlua::Result<mlua::MultiValue> {
        Err(mlua::Error::runtime("a primitive's results are pushed where they lie"))
    }

    unsafe fn push_into_stack_multi(self, _: &mlua::state::RawLua) -> mlua::Result<std::os::raw::c_int> {
        Ok(self.0)
    }
}

/// A query: a primitive whose answer is given frozen (`crate::value::Frozen`), so the memo of
/// queries (api.lua) may share it between scripts.
pub(super) fn query<A, T, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    T: Into<Answer>,
    F: Fn(&Kernel, A) -> Result<T, Fail> + 'static,
{
    primitive(lua, t, name, k, false, move |k, a| f(k, a).map(Into::into))
}
