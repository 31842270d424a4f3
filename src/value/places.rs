//! Places as codes: a square or an edge packed in one integer, the kernel's frozen place
//! tables found by it, and a place given as an argument read without a `Value` made.

use super::*;

/// The sides of a square as edges' `side` reads them, by side number.
pub(super) const SIDES: [&str; 4] = ["N", "E", "S", "W"];

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
pub(super) fn place_code(m: &Map) -> Option<i64> {
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
