//! `Value`: the neutral data the kernel keeps for scripts (a card instance's own data, event
//! payloads, decision options) and hands across the Lua border.
//!
//! Maps are ordered (`Map`, fields sorted by name) so logs and saves are byte-stable; numbers
//! are integers so no float formatting can differ between machines. A Lua table becomes a list
//! when its keys are exactly 1..n, a map when they are all strings; anything else is refused
//! with a clear error instead of losing entries on the way.

pub use crate::value_map::Map;
use mlua::{FromLua, IntoLua, Lua};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(untagged)]
pub enum Value {
    #[default]
    Nil,
    Bool(bool),
    Int(i64),
    Str(String),
    List(Vec<Value>),
    Map(Map),
}

impl Value {
    pub fn map() -> Value {
        Value::Map(Map::new())
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(m) => m.get(key),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    /// About how many bytes of memory the value holds (its strings, lists and fields): what
    /// the kernel's keeping it costs, counted against a script's memory cap.
    pub fn held_bytes(&self) -> usize {
        const SLOT: usize = 32;
        SLOT + match self {
            Value::Nil | Value::Bool(_) | Value::Int(_) => 0,
            Value::Str(s) => s.len(),
            Value::List(items) => items.iter().map(Value::held_bytes).sum(),
            Value::Map(m) => m.iter().map(|(k, v)| k.len() + v.held_bytes()).sum(),
        }
    }

    /// Sets a key of a map (turning Nil into a map); setting Nil removes the key.
    pub fn set(&mut self, key: &str, v: Value) {
        if self.is_nil() {
            *self = Value::map();
        }
        if let Value::Map(m) = self {
            if v.is_nil() {
                m.remove(key);
            } else {
                m.insert(key, v);
            }
        }
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(s)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nil => write!(f, "nil"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(v) => {
                write!(f, "{{")?;
                for (i, x) in v.iter().enumerate() {
                    write!(f, "{}{x}", if i > 0 { ", " } else { "" })?;
                }
                write!(f, "}}")
            }
            Value::Map(m) => {
                write!(f, "{{")?;
                for (i, (k, x)) in m.iter().enumerate() {
                    write!(f, "{}{k} = {x}", if i > 0 { ", " } else { "" })?;
                }
                write!(f, "}}")
            }
        }
    }
}

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

/// The sides of a square as edges' `side` reads them, by side number.
const SIDES: [&str; 4] = ["N", "E", "S", "W"];

/// Place codes start here for edges (below: squares).
pub(crate) const EDGE_CODES: i64 = 1 << 34;

/// The code of square (x, y) (None for coordinates too far out to pack).
pub(crate) fn square_code(x: i64, y: i64) -> Option<i64> {
    let coord = |c: i64| (-32768..32768).contains(&c).then_some(c + 32768);
    Some(coord(x)? * 65536 + coord(y)?)
}

/// The code of the edge on `side` (0 to 3: N, E, S, W) of the square coded `square`.
pub(crate) fn edge_code(square: i64, side: usize) -> i64 {
    EDGE_CODES + square * 4 + side as i64
}

/// A square `{x, y}` or an edge `{x, y, side}` as one integer, distinct for every place (None
/// for any other map, or coordinates too far out to pack).
fn place_code(m: &Map) -> Option<i64> {
    let int = |k: &str| match m.get(k) {
        Some(Value::Int(i)) => Some(*i),
        _ => None,
    };
    if m.len() != 2 && m.len() != 3 {
        return None;
    }
    let square = square_code(int("x")?, int("y")?)?;
    if m.len() == 2 {
        return Some(square);
    }
    let side = match m.get("side") {
        Some(Value::Str(s)) => SIDES.iter().position(|d| d == s)?,
        _ => return None,
    };
    Some(edge_code(square, side))
}

/// The place a place code stands for (see `place_code`): x, y and, for an edge, its side
/// (0 to 3: N, E, S, W).
pub fn place_of_code(code: i64) -> (i64, i64, Option<usize>) {
    let (square, side) = if code >= EDGE_CODES {
        let e = code - EDGE_CODES;
        (e / 4, Some((e % 4) as usize))
    } else {
        (code, None)
    };
    (square / 65536 - 32768, square % 65536 - 32768, side)
}

/// An argument that names a place (a square or an edge): the code of one of the kernel's own
/// frozen place tables (squares and edges it gave: see `push`), found without reading the
/// table or building a map, or else the value as [`Value`] reads it. Most places scripts pass
/// back are the kernel's (where a wizard stands, a step's square).
pub enum PlaceArg {
    Code(i64),
    Value(Value),
}

/// The place argument at stack index `idx` (absolute), a table: the code of one of the kernel's
/// place tables, found in the kit, or else the table read as a value. Raw reads only: the
/// kit's name is a key of the registry, so finding it allocates nothing, and nothing here can
/// raise an error.
unsafe fn place_arg_at(state: *mut mlua::ffi::lua_State, idx: std::os::raw::c_int) -> mlua::Result<PlaceArg> {
    use mlua::ffi;
    let top = ffi::lua_gettop(state);
    let mut code = None;
    if ffi::lua_checkstack(state, 4) != 0
        && ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, FROZEN_KIT.as_ptr()) == ffi::LUA_TTABLE
        && ffi::lua_rawgeti(state, -1, KIT_PLACE_CODES) == ffi::LUA_TTABLE
    {
        ffi::lua_pushvalue(state, idx);
        if ffi::lua_rawget(state, -2) == ffi::LUA_TNUMBER {
            code = Some(ffi::lua_tointeger(state, -1));
        }
    }
    ffi::lua_settop(state, top);
    match code {
        Some(c) => Ok(PlaceArg::Code(c)),
        None => read_raw(state, idx, 0).map(PlaceArg::Value),
    }
}

impl FromLua for PlaceArg {
    /// Read where it lies on the stack of the primitive's call: no handle made for the table.
    unsafe fn from_stack(idx: std::os::raw::c_int, lua: &mlua::state::RawLua) -> mlua::Result<PlaceArg> {
        let state = lua.state();
        let idx = mlua::ffi::lua_absindex(state, idx);
        if mlua::ffi::lua_type(state, idx) != mlua::ffi::LUA_TTABLE {
            return read_raw(state, idx, 0).map(PlaceArg::Value);
        }
        place_arg_at(state, idx)
    }

    fn from_lua(v: mlua::Value, lua: &Lua) -> mlua::Result<PlaceArg> {
        let mlua::Value::Table(t) = v else { return scalar_from_lua(v).map(PlaceArg::Value) };
        let mut out = None;
        // SAFETY: `place_arg_at` only reads; nothing with a destructor is live across a call
        // that could raise.
        unsafe {
            lua.exec_raw::<()>(t, |state| {
                out = Some(place_arg_at(state, mlua::ffi::lua_gettop(state)));
                mlua::ffi::lua_settop(state, 0);
            })?;
        }
        out.unwrap_or_else(|| Err(refuse("nothing")))
    }
}

// The patched VM's own (vendor/lua-src/PATCH.md): compiled into the Lua that mlua links.
extern "C-unwind" {
    /// Freezes the table at `idx`: every later write to it fails, raw ones too.
    pub fn lua_wizwar_freeze(state: *mut mlua::ffi::lua_State, idx: std::os::raw::c_int);
    /// Is the value at `idx` a frozen table (1) or not (0)?
    pub fn lua_wizwar_isfrozen(state: *mut mlua::ffi::lua_State, idx: std::os::raw::c_int) -> std::os::raw::c_int;
    /// Pushes every entry of the table at `idx` (key, value, key, value...), raw, in one pass;
    /// returns how many, or -1 (nothing pushed) when the stack cannot take them.
    pub fn lua_wizwar_entries(state: *mut mlua::ffi::lua_State, idx: std::os::raw::c_int) -> std::os::raw::c_int;
    /// Replaces the `n` slots on top of the stack with a new table, keyed as the shape at
    /// `proto` says (its keys, each mapped to the slot 1..n of its value; a slot no key names
    /// is dropped) and laid out as that shape is: no key hashed (`src/shapes.rs`;
    /// vendor/lua-src/PATCH.md, "Records made from their shape").
    pub fn lua_wizwar_shaped(state: *mut mlua::ffi::lua_State, proto: std::os::raw::c_int, n: std::os::raw::c_int);
}

/// What the kernel keeps of scripts' data (the start of every refusal, which a primitive's
/// error about its argument repeats).
pub const KERNEL_DATA: &str = "kernel data must be nil, booleans, integers, strings, lists or string-keyed tables";

fn refuse(what: &str) -> mlua::Error {
    mlua::Error::runtime(format!("{KERNEL_DATA}; got {what}"))
}

/// A scalar from Lua (tables are read by `read_raw`).
fn scalar_from_lua(v: mlua::Value) -> mlua::Result<Value> {
    Ok(match v {
        mlua::Value::Nil => Value::Nil,
        mlua::Value::Boolean(b) => Value::Bool(b),
        mlua::Value::Integer(i) => Value::Int(i),
        mlua::Value::Number(n) => whole_number(n)?,
        mlua::Value::String(s) => Value::Str(s.to_str()?.to_string()),
        other => return Err(refuse(&crate::words::a_or_an(other.type_name()))),
    })
}

/// The integer a float holds, if it holds a whole number (within what a double counts exactly).
pub(crate) fn whole(n: f64) -> Option<i64> {
    (n.fract() == 0.0 && n.abs() < 9.0e15).then_some(n as i64)
}

/// A float that holds a whole number becomes an integer; any other is refused.
fn whole_number(n: f64) -> mlua::Result<Value> {
    whole(n).map(Value::Int).ok_or_else(|| refuse(&format!("the fractional number {n}")))
}

/// A table's entries as a list (keys exactly 1..n) or a map (string keys), else refused.
fn table_value(mut ints: Vec<(i64, Value)>, strs: Map) -> mlua::Result<Value> {
    // (Lua gives a list's entries in index order nearly always: sorting them is a check.)
    ints.sort_unstable_by_key(|(k, _)| *k);
    Ok(match (ints.is_empty(), strs.is_empty()) {
        (true, _) => Value::Map(strs),
        (false, true) => {
            let n = ints.len() as i64;
            if ints.iter().map(|(k, _)| *k).eq(1..=n) {
                Value::List(ints.into_iter().map(|(_, v)| v).collect())
            } else {
                let keys: Vec<String> = ints.iter().map(|(k, _)| k.to_string()).collect();
                return Err(refuse(&format!("a list with holes (keys {})", keys.join(", "))));
            }
        }
        (false, false) => return Err(refuse("a table mixing list entries and named fields")),
    })
}

impl FromLua for Value {
    /// Read where it lies on the stack of the primitive's call: no handle made for a table.
    /// (`read_raw` only reads: nothing in it can raise a Lua error or allocate in Lua.)
    unsafe fn from_stack(idx: std::os::raw::c_int, lua: &mlua::state::RawLua) -> mlua::Result<Value> {
        let state = lua.state();
        read_raw(state, mlua::ffi::lua_absindex(state, idx), 0)
    }

    fn from_lua(v: mlua::Value, lua: &Lua) -> mlua::Result<Value> {
        match v {
            // Tables are read with the raw C API in one go (see `into_lua`): the same result,
            // without a registry reference for every key and value.
            mlua::Value::Table(t) => {
                let mut out = None;
                // SAFETY: `read_raw` only reads (its entries, lua_to*, lua_type): nothing in it can
                // raise a Lua error or allocate in Lua, so no error unwinds through its frames.
                unsafe {
                    lua.exec_raw::<()>(t, |state| {
                        let top = mlua::ffi::lua_gettop(state);
                        out = Some(read_raw(state, top, 0));
                        mlua::ffi::lua_settop(state, 0);
                    })?;
                }
                out.unwrap_or_else(|| Err(refuse("nothing")))
            }
            other => scalar_from_lua(other),
        }
    }
}

/// `bytes` as text if they are UTF-8. Most strings read from Lua are short ASCII (field names,
/// kinds, labels), which one pass over the bytes tells apart with less work than the general
/// check spends on so few.
#[inline]
pub(crate) fn as_text(bytes: &[u8]) -> Option<&str> {
    if bytes.len() <= 32 && bytes.iter().fold(0u8, |seen, &b| seen | b) < 0x80 {
        // SAFETY: ASCII is UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).ok()
}

/// Reads the value at stack index `idx` (absolute): scalars as `scalar_from_lua` reads them,
/// tables as `table_value` classifies them, at most 32 deep.
unsafe fn read_raw(state: *mut mlua::ffi::lua_State, idx: std::os::raw::c_int, depth: usize) -> mlua::Result<Value> {
    use mlua::ffi;
    if depth > 32 {
        return Err(refuse("a table nested more than 32 deep (a cycle?)"));
    }
    let str_at = |i| -> mlua::Result<&str> {
        let mut len = 0usize;
        let p = ffi::lua_tolstring(state, i, &mut len) as *const u8;
        let bytes = std::slice::from_raw_parts(p, len);
        as_text(bytes).ok_or_else(|| refuse("a string that is not UTF-8"))
    };
    let string_at = |i| str_at(i).map(str::to_string);
    Ok(match ffi::lua_type(state, idx) {
        ffi::LUA_TNIL => Value::Nil,
        ffi::LUA_TBOOLEAN => Value::Bool(ffi::lua_toboolean(state, idx) != 0),
        ffi::LUA_TNUMBER if ffi::lua_isinteger(state, idx) != 0 => Value::Int(ffi::lua_tointeger(state, idx)),
        ffi::LUA_TNUMBER => whole_number(ffi::lua_tonumber(state, idx))?,
        ffi::LUA_TSTRING => Value::Str(string_at(idx)?),
        ffi::LUA_TTABLE => {
            // (all its entries pushed at once, key then value: lua_wizwar_entries)
            let base = ffi::lua_gettop(state);
            let n = lua_wizwar_entries(state, idx);
            if n < 0 {
                return Err(refuse("a table nested too deep for the Lua stack"));
            }
            let mut ints = Vec::new();
            let mut strs = Vec::new();
            for key in (0..n).map(|e| base + 1 + 2 * e) {
                let x = read_raw(state, key + 1, depth + 1)?;
                match ffi::lua_type(state, key) {
                    ffi::LUA_TNUMBER if ffi::lua_isinteger(state, key) != 0 => {
                        ints.push((ffi::lua_tointeger(state, key), x));
                    }
                    ffi::LUA_TSTRING => {
                        strs.push((Map::name(str_at(key)?), x));
                    }
                    t => return Err(refuse(&format!("a table key of type {}", type_name(t)))),
                }
            }
            ffi::lua_settop(state, base);
            if is_hex_cell(&strs) && board_is_hex(state) {
                // (a cell of a hex board, as Lua writes it: the kernel's {x, y})
                for (name, _) in &mut strs {
                    *name = Map::name(if name.as_str() == "q" { "x" } else { "y" });
                }
            }
            // (Lua gives each name once.)
            table_value(ints, Map::from_unique_fields(strs))?
        }
        t => return Err(refuse(&crate::words::a_or_an(type_name(t)))),
    })
}

/// Fields `q` and `r` holding integers, and nothing else: a hex cell as Lua writes it.
fn is_hex_cell<N: AsRef<str>>(fields: &[(N, Value)]) -> bool {
    fields.len() == 2
        && fields.iter().all(|(k, v)| matches!(k.as_ref(), "q" | "r") && matches!(v, Value::Int(_)))
        && fields[0].0.as_ref() != fields[1].0.as_ref()
}

/// Type names as `mlua::Value::type_name` spells them.
fn type_name(t: std::os::raw::c_int) -> &'static str {
    use mlua::ffi;
    match t {
        ffi::LUA_TNIL => "nil",
        ffi::LUA_TBOOLEAN => "boolean",
        ffi::LUA_TLIGHTUSERDATA => "lightuserdata",
        ffi::LUA_TNUMBER => "number",
        ffi::LUA_TSTRING => "string",
        ffi::LUA_TTABLE => "table",
        ffi::LUA_TFUNCTION => "function",
        ffi::LUA_TUSERDATA => "userdata",
        ffi::LUA_TTHREAD => "thread",
        _ => "value",
    }
}

#[cfg(test)]
mod tests;
