//! Values given to Lua: tables built with the raw C API inside one protected call, frozen
//! ones (the kernel's answers) made from the sandbox's kit of shared parts (the empty table,
//! the places, the shared fields, the shapes of records).

use super::*;

/// Pushes `v` onto the stack of `lua` (the running call's) inside one protected call, `frozen`
/// or not: a Lua error (out of memory) raised while its tables are built is caught there, and
/// comes back as an error.
unsafe fn push_protected(lua: &mlua::state::RawLua, v: &Value, frozen: bool) -> mlua::Result<()> {
    unsafe extern "C-unwind" fn build(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
        let v = &*(mlua::ffi::lua_touserdata(state, 1) as *const Value);
        let frozen = mlua::ffi::lua_toboolean(state, 2) != 0;
        mlua::ffi::lua_settop(state, 0);
        if frozen {
            let kit = push_kit(state);
            push(state, v, Some(kit));
        } else {
            push(state, v, None);
        }
        1
    }
    push_built(lua, build, v as *const Value as *mut std::ffi::c_void, frozen)
}

/// Runs `build` (a C function: the data at `data` and the flag `frozen` as its arguments, one
/// value left as its result) in a protected call on the stack of `lua`, and leaves its result
/// there; an error raised inside it comes back as an error.
pub(crate) unsafe fn push_built(
    lua: &mlua::state::RawLua,
    build: unsafe extern "C-unwind" fn(*mut mlua::ffi::lua_State) -> std::os::raw::c_int,
    data: *mut std::ffi::c_void,
    frozen: bool,
) -> mlua::Result<()> {
    use mlua::ffi;
    let state = lua.state();
    if ffi::lua_checkstack(state, 4) == 0 {
        return Err(mlua::Error::StackError);
    }
    ffi::lua_pushcfunction(state, build);
    ffi::lua_pushlightuserdata(state, data);
    ffi::lua_pushboolean(state, frozen as std::os::raw::c_int);
    if ffi::lua_pcall(state, 2, 1, 0) != ffi::LUA_OK {
        let mut len = 0usize;
        let p = ffi::lua_tolstring(state, -1, &mut len) as *const u8;
        let message = if p.is_null() {
            "an error building the kernel's answer".to_string()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(p, len)).into_owned()
        };
        ffi::lua_pop(state, 1);
        return Err(mlua::Error::runtime(message));
    }
    Ok(())
}

impl IntoLua for Value {
    /// Pushed straight onto the stack of the primitive's call: no handle made for a table.
    unsafe fn push_into_stack(self, lua: &mlua::state::RawLua) -> mlua::Result<()> {
        use mlua::ffi;
        let state = lua.state();
        match self {
            Value::Nil => ffi::lua_pushnil(state),
            Value::Bool(b) => ffi::lua_pushboolean(state, b as std::os::raw::c_int),
            Value::Int(i) => ffi::lua_pushinteger(state, i),
            other => return push_protected(lua, &other, false),
        }
        Ok(())
    }

    fn into_lua(self, lua: &Lua) -> mlua::Result<mlua::Value> {
        match self {
            Value::Nil => Ok(mlua::Value::Nil),
            Value::Bool(b) => Ok(mlua::Value::Boolean(b)),
            Value::Int(i) => Ok(mlua::Value::Integer(i)),
            // Tables (and strings) are built with the raw C API inside one protected call: the
            // safe per-field `raw_set` costs a protected call each, and converting data was
            // the largest cost of a turn.
            other => {
                // SAFETY: `push` only pushes onto the stack it is given (checking stack space
                // at every level) and holds no value with a destructor, so a Lua error (out of
                // memory) raised inside it may unwind through it; `exec_raw` catches it.
                unsafe { lua.exec_raw::<mlua::Value>((), |state| push(state, &other, None)) }
            }
        }
    }
}

/// A value given to Lua frozen: its tables read-only all the way down. A frozen table is a
/// plain table the patched VM refuses every write to, raw ones too (vendor/lua-src/PATCH.md):
/// it reads, iterates and measures as any table, at no cost. The kernel's query answers are
/// frozen so the memo may hand one answer to every script that asks.
pub struct Frozen(pub Value);

/// Where the sandbox leaves what frozen answers share (in the Lua registry): a table whose
/// slots follow.
pub const FROZEN_KIT: &std::ffi::CStr = c"wizwar.frozen_kit";
/// The kit's slots (prelude.lua, `frozen_kit`): the frozen empty table, ...
pub(crate) const KIT_EMPTY: i64 = 1;
/// ... the frozen squares and edges given so far, by place code, ...
const KIT_PLACES: i64 = 2;
/// ... their place codes by table, ...
pub const KIT_PLACE_CODES: i64 = 3;
/// ... the shared parts of answers, by number (`answer::Shared`), ...
pub(crate) const KIT_SHARED: i64 = 4;
/// ... and whether the board's cells are hexes: inside the kernel a cell is `{x, y}` whatever
/// its shape; on a hex board Lua names the two coordinates `q` and `r` (axial), both ways.
pub const KIT_HEX: i64 = 5;
/// ... and the shapes of the kernel's records, by number (`src/shapes.rs`).
pub(crate) const KIT_SHAPES: i64 = 6;

/// The kit's hex flag (`kit`: its stack index).
unsafe fn kit_says_hex(state: *mut mlua::ffi::lua_State, kit: std::os::raw::c_int) -> bool {
    use mlua::ffi;
    ffi::lua_rawgeti(state, kit, KIT_HEX);
    let hex = ffi::lua_toboolean(state, -1) != 0;
    ffi::lua_pop(state, 1);
    hex
}

/// The hex flag of the sandbox's kit, found in the registry (false without a kit).
pub(crate) unsafe fn board_is_hex(state: *mut mlua::ffi::lua_State) -> bool {
    use mlua::ffi;
    if ffi::lua_checkstack(state, 2) == 0 {
        return false;
    }
    let hex = ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, FROZEN_KIT.as_ptr()) == ffi::LUA_TTABLE
        && kit_says_hex(state, ffi::lua_gettop(state));
    ffi::lua_pop(state, 1);
    hex
}

/// The names Lua gives a cell's two coordinates.
fn cell_names(hex: bool) -> [&'static std::ffi::CStr; 2] {
    if hex {
        [c"q", c"r"]
    } else {
        [c"x", c"y"]
    }
}

/// Pushes the sandbox's kit; returns its stack index (see [`push`]'s `frozen`).
pub(crate) unsafe fn push_kit(state: *mut mlua::ffi::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    if ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, FROZEN_KIT.as_ptr()) != ffi::LUA_TTABLE {
        ffi::luaL_error(state, c"the sandbox's frozen records are not installed".as_ptr());
    }
    ffi::lua_gettop(state)
}

impl IntoLua for Frozen {
    /// Pushed straight onto the stack of the primitive's call: no handle made for the table.
    unsafe fn push_into_stack(self, lua: &mlua::state::RawLua) -> mlua::Result<()> {
        match self.0 {
            v @ (Value::List(_) | Value::Map(_)) => push_protected(lua, &v, true),
            other => other.push_into_stack(lua),
        }
    }

    fn into_lua(self, lua: &Lua) -> mlua::Result<mlua::Value> {
        match self.0 {
            v @ (Value::List(_) | Value::Map(_)) => {
                // SAFETY: as in `Value::into_lua`: `push` only pushes onto the stack it is given
                // and sets fields of tables it made.
                unsafe {
                    lua.exec_raw::<mlua::Value>((), |state| {
                        let kit = push_kit(state);
                        push(state, &v, Some(kit));
                        mlua::ffi::lua_remove(state, kit);
                    })
                }
            }
            other => other.into_lua(lua),
        }
    }
}

/// Makes room for `slots` more values on the stack, or raises the error of kernel data nested
/// too deep (each level of a table being built asks for its own).
pub(crate) unsafe fn room_for(state: *mut mlua::ffi::lua_State, slots: std::os::raw::c_int) {
    if mlua::ffi::lua_checkstack(state, slots) == 0 {
        mlua::ffi::luaL_error(state, c"kernel data nested too deep".as_ptr());
    }
}

/// Pushes `v` onto the Lua stack as one value: lists are sequences 1..n, maps string-keyed
/// tables, sized exactly as the safe conversion sized them. With `frozen` (the stack index of
/// the sandbox's kit) every table is pushed frozen (see [`Frozen`]).
pub(crate) unsafe fn push(state: *mut mlua::ffi::lua_State, v: &Value, frozen: Option<std::os::raw::c_int>) {
    use mlua::ffi;
    room_for(state, 8);
    match v {
        Value::Nil => return ffi::lua_pushnil(state),
        Value::Bool(b) => return ffi::lua_pushboolean(state, *b as std::os::raw::c_int),
        Value::Int(i) => return ffi::lua_pushinteger(state, *i),
        Value::Str(s) => {
            ffi::lua_pushlstring(state, s.as_ptr() as *const std::os::raw::c_char, s.len());
            return;
        }
        // All empty frozen tables are one (the kit's): nothing in one to change or tell apart.
        Value::List(items) if items.is_empty() && frozen.is_some() => {
            ffi::lua_rawgeti(state, frozen.unwrap_or_default(), KIT_EMPTY);
            return;
        }
        Value::Map(m) if m.is_empty() && frozen.is_some() => {
            ffi::lua_rawgeti(state, frozen.unwrap_or_default(), KIT_EMPTY);
            return;
        }
        Value::List(items) => {
            ffi::lua_createtable(state, items.len() as std::os::raw::c_int, 0);
            for (i, x) in items.iter().enumerate() {
                push(state, x, frozen);
                ffi::lua_rawseti(state, -2, (i + 1) as ffi::lua_Integer);
            }
        }
        // A square or an edge is one frozen table per place, made the first time it is given:
        // they are most of the tables in the kernel's answers (where wizards and objects
        // stand, steps, walls), and a frozen one cannot tell who else holds it.
        Value::Map(m) if frozen.is_some() => {
            if let Some(code) = place_code(m) {
                return push_place(state, frozen.unwrap_or_default(), code);
            }
            push_map(state, m, frozen)
        }
        Value::Map(m) if m.len() == 2 && place_code(m).is_some() && board_is_hex(state) => {
            let [a, b] = cell_names(true);
            ffi::lua_createtable(state, 0, 2);
            for (name, key) in [(a, "x"), (b, "y")] {
                push(state, m.get(key).unwrap_or(&Value::Nil), None);
                ffi::lua_setfield(state, -2, name.as_ptr());
            }
        }
        Value::Map(m) => push_map(state, m, frozen),
    }
    if frozen.is_some() {
        lua_wizwar_freeze(state, -1);
    }
}

/// Pushes the fields of `m` as a new table (its values as `push` pushes them; `push` freezes
/// it). (Not made from a shape, `crate::shapes`: a map's names are data, a vars map's change
/// with the vars set, so their shapes would grow without end.)
unsafe fn push_map(state: *mut mlua::ffi::lua_State, m: &Map, frozen: Option<std::os::raw::c_int>) {
    use mlua::ffi;
    room_for(state, 8);
    ffi::lua_createtable(state, 0, m.len() as std::os::raw::c_int);
    for (k, x) in m {
        ffi::lua_pushlstring(state, k.as_ptr() as *const std::os::raw::c_char, k.len());
        push(state, x, frozen);
        ffi::lua_rawset(state, -3);
    }
}

/// Replaces the `n` key-value pairs on top of the stack with a new table of them (each set in
/// turn as `lua_rawset` sets it: a nil value left out), frozen if asked. The caller made room
/// on the stack for two more values.
pub(crate) unsafe fn record_of_pairs(state: *mut mlua::ffi::lua_State, n: std::os::raw::c_int, frozen: bool) {
    use mlua::ffi;
    let first = ffi::lua_gettop(state) - 2 * n + 1;
    ffi::lua_createtable(state, 0, n);
    for i in 0..n {
        ffi::lua_pushvalue(state, first + 2 * i);
        ffi::lua_pushvalue(state, first + 2 * i + 1);
        ffi::lua_rawset(state, -3);
    }
    if frozen {
        lua_wizwar_freeze(state, -1);
    }
    if n > 0 {
        // (the table where the first key was, the pairs gone)
        ffi::lua_replace(state, first);
        ffi::lua_settop(state, first);
    }
}

/// Pushes the kit's frozen table of the place coded `code` (`kit`: the kit's stack index),
/// made the first time it is given: `{x, y}` or `{side, x, y}`, its fields set in that order
/// (as a map's, by name).
pub(crate) unsafe fn push_place(state: *mut mlua::ffi::lua_State, kit: std::os::raw::c_int, code: i64) {
    use mlua::ffi;
    room_for(state, 8);
    ffi::lua_rawgeti(state, kit, KIT_PLACES);
    if ffi::lua_rawgeti(state, -1, code) == ffi::LUA_TNIL {
        ffi::lua_pop(state, 1);
        let (x, y, side) = place_of_code(code);
        ffi::lua_createtable(state, 0, if side.is_some() { 3 } else { 2 });
        if let Some(side) = side {
            ffi::lua_pushlstring(state, c"side".as_ptr(), 4);
            ffi::lua_pushlstring(state, SIDES[side].as_ptr() as *const std::os::raw::c_char, 1);
            ffi::lua_rawset(state, -3);
        }
        let [a, b] = cell_names(side.is_none() && kit_says_hex(state, kit));
        ffi::lua_pushlstring(state, a.as_ptr(), 1);
        ffi::lua_pushinteger(state, x);
        ffi::lua_rawset(state, -3);
        ffi::lua_pushlstring(state, b.as_ptr(), 1);
        ffi::lua_pushinteger(state, y);
        ffi::lua_rawset(state, -3);
        lua_wizwar_freeze(state, -1);
        ffi::lua_pushvalue(state, -1);
        ffi::lua_rawseti(state, -3, code);
        // And its code by the table, for `PlaceArg`.
        ffi::lua_rawgeti(state, kit, KIT_PLACE_CODES);
        ffi::lua_pushvalue(state, -2);
        ffi::lua_pushinteger(state, code);
        ffi::lua_rawset(state, -3);
        ffi::lua_pop(state, 1);
    }
    ffi::lua_remove(state, -2);
}
