//! The Rust functions the prelude builds the sandbox from: checks that re-raise a stop, the
//! budget charge, sorted keys for `pairs`, the pattern check, output, `require`.

use super::*;

pub(super) fn host_primitives(lua: &Lua, shared: &Rc<Shared>) -> mlua::Result<Table> {
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

    // Called before an allocation the script asked for in one step (string.rep): past the
    // memory cap it stops the script here, where the line is still known (a refused allocation
    // inside Lua reports no line).
    let s = Rc::clone(shared);
    let room = lua.create_function(move |lua, bytes: f64| {
        let cap = s.limits.memory_bytes as f64;
        if lua.used_memory() as f64 + bytes > cap {
            s.record_failure(s.memory_error(&location_prefix(lua)));
            return Err(s.interrupt(lua));
        }
        Ok(())
    })?;
    primitives.set("room", room)?;

    let s = Rc::clone(shared);
    primitives.set("stopping", lua.create_function(move |_, ()| Ok(s.is_stopping()))?)?;

    let s = Rc::clone(shared);
    primitives.set("charge", lua.create_function(move |lua, n: u64| s.charge(lua, n))?)?;
    primitives.set("coroutine_cost", COROUTINE_COST)?;
    // The patched VM's frozen tables (value.rs, `Frozen`): C functions, no crossing into Rust.
    // SAFETY: both only look at (or flag) their first argument, checked to be a table.
    primitives.set("is_frozen", unsafe { lua.create_c_function(is_frozen)? })?;
    primitives.set("freeze", unsafe { lua.create_c_function(freeze)? })?;
    // SAFETY: walks its first argument, pushing and popping on its own call's stack.
    primitives.set("freeze_all", unsafe { lua.create_c_function(freeze_all)? })?;
    // SAFETY: checks its first argument is a table; calls lua_next on it.
    primitives.set("next", unsafe { lua.create_c_function(checked_next)? })?;
    // SAFETY: called by the prelude's table.sort only, with a plain table, a function and its length.
    primitives.set("stable_sort", unsafe { lua.create_c_function(stable_sort)? })?;
    // SAFETY: checks its two arguments are tables; the iterator it makes reads them raw.
    primitives.set("sorted_iter", unsafe { lua.create_c_function(sorted_iter)? })?;

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
            Ok((value, envs)) => (value, None, Some(envs)),
            Err(message) => (Value::Nil, Some(message), None),
        })
    })?;
    primitives.set("require", require)?;

    Ok(primitives)
}

/// Lua reports running out of memory with this message (or an mlua memory error inside a callback).
pub(super) fn is_memory_error(err: &Value) -> bool {
    match err {
        Value::String(s) => s.as_bytes().as_ref() == b"not enough memory",
        Value::Error(err) => is_memory_failure(err),
        _ => false,
    }
}

pub(super) fn is_memory_failure(err: &mlua::Error) -> bool {
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
pub(super) enum SortKey {
    Int(i64),
    Float(TotalF64),
    Str(Vec<u8>),
    Bool(bool),
}

#[derive(PartialEq)]
pub(super) struct TotalF64(f64);

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
pub(super) fn sorted_keys(t: &Table) -> mlua::Result<Result<Vec<SortKey>, String>> {
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
pub(super) fn sort_cost(n: usize) -> u64 {
    let n = n as u64;
    n * (1 + u64::from(n.max(1).ilog2()))
}

/// `is_frozen(v)`: is v a frozen table?
unsafe extern "C-unwind" fn is_frozen(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    let frozen = crate::value::lua_wizwar_isfrozen(state, 1);
    mlua::ffi::lua_pushboolean(state, frozen);
    1
}

/// `stable_sort(t, lt, n, plain)`: sorts t[1..n] (a table without a metatable, not frozen) by
/// `lt`, exactly as the prelude's Lua `sort` does (the same steps, so even a comparison that is
/// not an order gives the same result): insertion sort on runs of 8, then bottom-up merges;
/// equal elements keep their order. An error of `lt` is raised again once the sort has let go.
/// With `plain` (`lt` is Lua's own `<`) and only strings to sort, they are compared here, byte
/// by byte as Lua compares them: for a total order any stable sort gives that same result.
unsafe extern "C-unwind" fn stable_sort(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    ffi::luaL_checktype(state, 1, ffi::LUA_TTABLE);
    ffi::luaL_checktype(state, 2, ffi::LUA_TFUNCTION);
    let n = ffi::luaL_checkinteger(state, 3).max(0) as usize;
    let plain = ffi::lua_toboolean(state, 4) != 0;
    ffi::lua_settop(state, 2);
    if ffi::lua_checkstack(state, 8) == 0 {
        ffi::luaL_error(state, c"sort: no stack space".as_ptr());
    }
    if plain && sort_strings(state, n) {
        return 0;
    }
    // A copy of the elements (stack 3), as the Lua version sorts a copy.
    ffi::lua_createtable(state, n as std::os::raw::c_int, 0);
    for i in 1..=n as ffi::lua_Integer {
        ffi::lua_rawgeti(state, 1, i);
        ffi::lua_rawseti(state, 3, i);
    }
    // (Nothing with a destructor may be live when an error is raised: the sort returns first.)
    let order = match sort_order(state, n) {
        Some(order) => order,
        None => ffi::lua_error(state),
    };
    for (i, &at) in order.iter().enumerate().skip(1) {
        ffi::lua_rawgeti(state, 3, at as ffi::lua_Integer);
        ffi::lua_rawseti(state, 1, i as ffi::lua_Integer);
    }
    drop(order);
    0
}

/// Sorts t[1..n] (stack 1) in place if they are all strings, by their bytes (Lua's `<` on
/// strings, in the C locale the engine runs in); false, with nothing changed, if one is not.
unsafe fn sort_strings(state: *mut mlua::ffi::lua_State, n: usize) -> bool {
    use mlua::ffi;
    // A copy first (stack 3): it keeps every string alive while t is rewritten, and the only
    // allocation that may raise an error happens before anything with a destructor lives.
    ffi::lua_createtable(state, n as std::os::raw::c_int, 0);
    for i in 1..=n as ffi::lua_Integer {
        ffi::lua_rawgeti(state, 1, i);
        ffi::lua_rawseti(state, 3, i);
    }
    let mut items: Vec<(&[u8], ffi::lua_Integer)> = Vec::with_capacity(n);
    for i in 1..=n as ffi::lua_Integer {
        let is_string = ffi::lua_rawgeti(state, 3, i) == ffi::LUA_TSTRING;
        if is_string {
            let mut len = 0usize;
            let p = ffi::lua_tolstring(state, -1, &mut len) as *const u8;
            items.push((std::slice::from_raw_parts(p, len), i));
        }
        ffi::lua_pop(state, 1);
        if !is_string {
            drop(items);
            ffi::lua_settop(state, 2);
            return false;
        }
    }
    items.sort_by(|a, b| a.0.cmp(b.0));
    for (i, &(_, from)) in items.iter().enumerate() {
        ffi::lua_rawgeti(state, 3, from);
        ffi::lua_rawseti(state, 1, i as ffi::lua_Integer + 1);
    }
    drop(items);
    ffi::lua_settop(state, 2);
    true
}

/// The sorted order of the copy at stack 3 by `lt` at stack 2 (position i holds the copy's
/// index of the i-th element; position 0 unused), or None with `lt`'s error on the stack.
unsafe fn sort_order(state: *mut mlua::ffi::lua_State, n: usize) -> Option<Vec<usize>> {
    use mlua::ffi;
    // lt(copy[x], copy[y])
    let lt = |x: usize, y: usize| -> Option<bool> {
        ffi::lua_pushvalue(state, 2);
        ffi::lua_rawgeti(state, 3, x as ffi::lua_Integer);
        ffi::lua_rawgeti(state, 3, y as ffi::lua_Integer);
        if ffi::lua_pcall(state, 2, 1, 0) != ffi::LUA_OK {
            return None;
        }
        let r = ffi::lua_toboolean(state, -1) != 0;
        ffi::lua_pop(state, 1);
        Some(r)
    };
    const RUN: usize = 8;
    let mut a: Vec<usize> = (0..=n).collect();
    let mut lo = 1;
    while lo <= n {
        let hi = (lo + RUN - 1).min(n);
        for i in lo + 1..=hi {
            let v = a[i];
            let mut j = i - 1;
            while j >= lo && lt(v, a[j])? {
                a[j + 1] = a[j];
                j -= 1;
            }
            a[j + 1] = v;
        }
        lo += RUN;
    }
    let mut b = vec![0usize; n + 1];
    let mut width = RUN;
    while width < n {
        let mut lo = 1;
        while lo <= n {
            let mid = (lo + width).min(n + 1);
            let hi = (lo + 2 * width - 1).min(n);
            let (mut i, mut j, mut k) = (lo, mid, lo);
            while i < mid && j <= hi {
                if lt(a[j], a[i])? {
                    b[k] = a[j];
                    j += 1;
                } else {
                    b[k] = a[i];
                    i += 1;
                }
                k += 1;
            }
            while i < mid {
                b[k] = a[i];
                i += 1;
                k += 1;
            }
            while j <= hi {
                b[k] = a[j];
                j += 1;
                k += 1;
            }
            lo += 2 * width;
        }
        std::mem::swap(&mut a, &mut b);
        width *= 2;
    }
    Some(a)
}

/// `sorted_iter(keys, t)`: the iterator `pairs` gives (prelude.lua): each key of the list
/// `keys` in turn that t still has, with its value, then nil. (Its loop is not metered: it only
/// skips keys t no longer has, which `pairs` charged when it sorted them.)
unsafe extern "C-unwind" fn sorted_iter(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    ffi::luaL_checktype(state, 1, ffi::LUA_TTABLE);
    ffi::luaL_checktype(state, 2, ffi::LUA_TTABLE);
    ffi::lua_settop(state, 2);
    ffi::lua_pushinteger(state, 0);
    ffi::lua_pushcclosure(state, sorted_next, 3);
    1
}

/// One step of `sorted_iter`'s iterator: upvalues keys, t and the position so far.
unsafe extern "C-unwind" fn sorted_next(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    let (keys, t, at) = (ffi::lua_upvalueindex(1), ffi::lua_upvalueindex(2), ffi::lua_upvalueindex(3));
    let mut i = ffi::lua_tointeger(state, at);
    loop {
        i += 1;
        if ffi::lua_rawgeti(state, keys, i) == ffi::LUA_TNIL {
            return 1;
        }
        ffi::lua_pushvalue(state, -1);
        if ffi::lua_rawget(state, t) != ffi::LUA_TNIL {
            ffi::lua_pushinteger(state, i);
            ffi::lua_replace(state, at);
            return 2;
        }
        ffi::lua_pop(state, 2);
    }
}

/// `freeze(t)`: freezes table t (every later write to it fails) and returns it.
unsafe extern "C-unwind" fn freeze(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    mlua::ffi::luaL_checktype(state, 1, mlua::ffi::LUA_TTABLE);
    crate::value::lua_wizwar_freeze(state, 1);
    mlua::ffi::lua_settop(state, 1);
    1
}

/// How the host's own chunks are named ("[sandbox]", "[kernel api]"): their functions keep
/// their state on purpose, so freezing what a script loaded stops there.
const INTERNAL_CHUNKS: &std::ffi::CStr = c"[";

/// `freeze_all(v)`: freezes what a script made while loading, reached from v (every table,
/// every upvalue of its functions: vendor/lua-src/PATCH.md, "What is loaded is frozen") and
/// returns v; an error if a coroutine was reached (its stack is state no freezing holds).
pub(super) unsafe extern "C-unwind" fn freeze_all(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    ffi::lua_settop(state, 1);
    // (The host's own iterators that keep their place in an upvalue.)
    let stateful: [ffi::lua_CFunction; 1] = [sorted_next];
    match super::lua_wizwar_freezeall(state, 1, INTERNAL_CHUNKS.as_ptr(), stateful.as_ptr(), stateful.len() as _) {
        0 => 1,
        1 => ffi::luaL_error(
            state,
            c"a script keeps a coroutine it made while loading: its stack would carry state from \
              call to call (make coroutines inside the function that uses them)"
                .as_ptr(),
        ),
        _ => ffi::luaL_error(
            state,
            c"a script keeps an iterator it made while loading (pairs, string.gmatch): it would carry \
              its place from call to call (make iterators inside the function that uses them)"
                .as_ptr(),
        ),
    }
}

/// `next(t, k)`: Lua's `next`, but a key that is a table, a function, a coroutine or a
/// userdata is an error: their order follows addresses, which differ from process to process,
/// so a walk over them would make a seeded game differ. (Other keys come in an order fixed by
/// the table's history: Lua's string hashes have a fixed seed, PATCH.md.)
pub(super) unsafe extern "C-unwind" fn checked_next(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    ffi::luaL_checktype(state, 1, ffi::LUA_TTABLE);
    ffi::lua_settop(state, 2);
    if ffi::lua_next(state, 1) == 0 {
        ffi::lua_pushnil(state);
        return 1;
    }
    match ffi::lua_type(state, -2) {
        ffi::LUA_TNUMBER | ffi::LUA_TSTRING | ffi::LUA_TBOOLEAN => 2,
        _ => ffi::luaL_error(
            state,
            c"next: a table with %s keys has no deterministic order; use number, string or boolean keys (or an array)"
                .as_ptr(),
            ffi::luaL_typename(state, -2),
        ),
    }
}
