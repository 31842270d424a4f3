//! Values read from Lua: a table becomes a list when its keys are exactly 1..n, a map when
//! they are all strings; anything else is refused with a clear error, naming what it got.

use super::*;

/// What the kernel keeps of scripts' data (the start of every refusal, which a primitive's
/// error about its argument repeats).
pub const KERNEL_DATA: &str = "kernel data must be nil, booleans, integers, strings, lists or string-keyed tables";

pub(super) fn refuse(what: &str) -> mlua::Error {
    mlua::Error::runtime(format!("{KERNEL_DATA}; got {what}"))
}

/// A scalar from Lua (tables are read by `read_raw`).
pub(super) fn scalar_from_lua(v: mlua::Value) -> mlua::Result<Value> {
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
pub(super) unsafe fn read_raw(
    state: *mut mlua::ffi::lua_State,
    idx: std::os::raw::c_int,
    depth: usize,
) -> mlua::Result<Value> {
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
