//! Option keys read straight from a listing's Lua tables, for an agent that picks by position
//! alone (a random bot: `Agent::reads_options`). Each key is the one `api::choice_from_value`
//! gives the option read as a `Value` (its `key` field, else `decision::record_id` of its
//! record), written as the fields are walked: no `Value`, no label, no record is made for the
//! options not chosen, which was most of the Rust side of a listing. Anything unusual (a
//! field that is no string or whole number, a list with holes, a string that is not UTF-8,
//! a table nested too deep) gives `None`: the caller then reads the records, which says what
//! is wrong as before.

use crate::decision::{write_scalar, HINTS};
use mlua::ffi;
use std::os::raw::c_int;

impl super::Kernel {
    /// The keys of the options in Lua list `list` (see `option_keys`), checked in debug builds
    /// against the keys the records read whole give: every debug game checks them.
    pub(super) fn option_keys_of(&self, list: &mlua::Table) -> Option<Vec<OptionKey>> {
        let mut keys = None;
        // SAFETY: option_keys reads the table pushed as the call's argument and leaves the
        // stack as it found it; it raises no Lua error.
        unsafe {
            self.host
                .lua()
                .exec_raw::<()>(list.clone(), |state| keys = option_keys(state, ffi::lua_gettop(state)))
                .ok()?;
        }
        if let (true, Some(keys)) = (cfg!(debug_assertions), &keys) {
            let read: crate::value::Value = mlua::FromLua::from_lua(mlua::Value::Table(list.clone()), self.host.lua())
                .expect("a list keyed reads as a value");
            let crate::value::Value::List(items) = read else { panic!("a list keyed reads as a list") };
            let read: Vec<String> = items
                .into_iter()
                .map(|v| super::api::choice_from_value(v).expect("an option keyed reads").key)
                .collect();
            let keyed: Vec<String> = keys.iter().map(|k| k.key.clone()).collect();
            assert_eq!(read, keyed, "listing.rs keys differ from the records' own");
        }
        keys
    }
}

/// One option of a listing: its key, and whether it says `pass = true` (ends the phase).
pub(super) struct OptionKey {
    pub key: String,
    pub pass: bool,
}

/// The options of the list at stack index `list` (absolute), keyed; None if anything in it is
/// unusual (see the module's doc).
///
/// # Safety
/// `state` is a running Lua state and `list` a valid absolute index in it.
pub(super) unsafe fn option_keys(state: *mut ffi::lua_State, list: c_int) -> Option<Vec<OptionKey>> {
    if ffi::lua_type(state, list) != ffi::LUA_TTABLE {
        return None;
    }
    let n = ffi::lua_rawlen(state, list) as i64;
    // A list is its entries 1..n and nothing else (an empty table is no list either).
    if n == 0 || entry_count(state, list)? != n {
        return None;
    }
    let mut out = Vec::with_capacity(n as usize);
    for i in 1..=n {
        ffi::lua_rawgeti(state, list, i);
        let option = ffi::lua_gettop(state);
        let key = option_key(state, option);
        ffi::lua_settop(state, option - 1);
        out.push(key?);
    }
    Some(out)
}

/// How many entries the table at `t` has (None if the stack cannot grow).
unsafe fn entry_count(state: *mut ffi::lua_State, t: c_int) -> Option<i64> {
    let base = ffi::lua_gettop(state);
    let n = crate::value::lua_wizwar_entries(state, t);
    ffi::lua_settop(state, base);
    (n >= 0).then_some(n as i64)
}

unsafe fn option_key(state: *mut ffi::lua_State, t: c_int) -> Option<OptionKey> {
    if ffi::lua_type(state, t) != ffi::LUA_TTABLE {
        return None;
    }
    let base = ffi::lua_gettop(state);
    let fields = collect(state, t)?;
    let result = (|| {
        let Fields::Named(named) = &fields else { return None };
        let pass = named.iter().any(|&(name, v)| {
            name == "pass" && ffi::lua_type(state, v) == ffi::LUA_TBOOLEAN && ffi::lua_toboolean(state, v) != 0
        });
        let key = match named.iter().find(|(name, _)| *name == "key") {
            Some(&(_, v)) if ffi::lua_type(state, v) == ffi::LUA_TSTRING => {
                // (the record is still read whole, as a `Value` would be)
                for &(_, v) in named {
                    check_value(state, v, 0)?;
                }
                text_at(state, v)?.to_string()
            }
            Some(_) => return None,
            None => {
                let mut out = String::with_capacity(64);
                write_record(state, named, true, &mut out, 0)?;
                out
            }
        };
        Some(OptionKey { key, pass })
    })();
    ffi::lua_settop(state, base);
    result
}

/// A table's entries, left on the stack (key, value, key, value...): by name, sorted, or by
/// position 1..n in order.
enum Fields<'a> {
    /// (name, stack index of its value); every name UTF-8, as a `Value`'s
    Named(Vec<(&'a str, c_int)>),
    /// stack indices of the values, in order
    Listed(Vec<c_int>),
}

/// Leaves every entry of the table at `t` on the stack and says where; None for a table
/// mixing names and positions, a key of another type, a name that is not UTF-8, or a list
/// with holes.
unsafe fn collect<'a>(state: *mut ffi::lua_State, t: c_int) -> Option<Fields<'a>> {
    let base = ffi::lua_gettop(state);
    let n = crate::value::lua_wizwar_entries(state, t);
    if n < 0 {
        return None;
    }
    // (a record's names, mostly: room for them all at once)
    let mut named: Vec<(&str, c_int)> = Vec::with_capacity(n as usize);
    let mut listed: Vec<(i64, c_int)> = Vec::new();
    for key in (0..n).map(|e| base + 1 + 2 * e) {
        match ffi::lua_type(state, key) {
            ffi::LUA_TSTRING => named.push((text_at(state, key)?, key + 1)),
            ffi::LUA_TNUMBER if ffi::lua_isinteger(state, key) != 0 => {
                listed.push((ffi::lua_tointeger(state, key), key + 1))
            }
            _ => return None,
        }
    }
    match (named.is_empty(), listed.is_empty()) {
        (_, true) => {
            // (as a map holds them: by name, byte by byte)
            named.sort_unstable_by(|a, b| crate::value_map::name_order(a.0, b.0));
            Some(Fields::Named(named))
        }
        (true, false) => {
            listed.sort_unstable_by_key(|e| e.0);
            let n = listed.len() as i64;
            listed.iter().map(|e| e.0).eq(1..=n).then(|| Fields::Listed(listed.into_iter().map(|e| e.1).collect()))
        }
        (false, false) => None,
    }
}

/// The bytes of the string at `i` (a string: no conversion), valid while it stays there.
unsafe fn bytes_at<'a>(state: *mut ffi::lua_State, i: c_int) -> &'a [u8] {
    let mut len = 0usize;
    let p = ffi::lua_tolstring(state, i, &mut len) as *const u8;
    std::slice::from_raw_parts(p, len)
}

unsafe fn text_at<'a>(state: *mut ffi::lua_State, i: c_int) -> Option<&'a str> {
    crate::value::as_text(bytes_at(state, i))
}

/// A record as `record_id` writes a map: `kind` first, the others by name, hints left out
/// (at the top; only `label` below it), nested records in parentheses.
unsafe fn write_record(
    state: *mut ffi::lua_State,
    named: &[(&str, c_int)],
    top: bool,
    out: &mut String,
    depth: usize,
) -> Option<()> {
    let skip = |k: &str| if top { HINTS.contains(&k) } else { k == "label" };
    if !top {
        out.push('(');
    }
    if !top && is_hex_cell(state, named) {
        // (a hex as Lua writes it, {q, r}, is the kernel's {x, y}: value.rs, read_raw)
        out.push_str("x=");
        write_integer(out, ffi::lua_tointeger(state, named[0].1));
        out.push_str(" y=");
        write_integer(out, ffi::lua_tointeger(state, named[1].1));
        out.push(')');
        return Some(());
    }
    let mut first = true;
    if let Some(&(_, kind)) = named.iter().find(|(k, _)| *k == "kind") {
        if !top {
            out.push_str("kind=");
        }
        write_value(state, kind, out, depth)?;
        first = false;
    }
    for &(k, v) in named.iter().filter(|(k, _)| *k != "kind") {
        if skip(k) {
            // (not in the key, but read as a `Value` would be)
            check_value(state, v, depth)?;
            continue;
        }
        if !first {
            out.push(' ');
        }
        first = false;
        out.push_str(k);
        out.push('=');
        write_value(state, v, out, depth)?;
    }
    if !top {
        out.push(')');
    }
    Some(())
}

/// Fields `q` and `r` (sorted) holding integers, on a board of hexes: a hex cell.
unsafe fn is_hex_cell(state: *mut ffi::lua_State, named: &[(&str, c_int)]) -> bool {
    named.len() == 2
        && named[0].0 == "q"
        && named[1].0 == "r"
        && named.iter().all(|&(_, v)| ffi::lua_type(state, v) == ffi::LUA_TNUMBER && ffi::lua_isinteger(state, v) != 0)
        && crate::value::board_is_hex(state)
}

/// A field's value as `record_id` writes it (a nested table below the top).
unsafe fn write_value(state: *mut ffi::lua_State, v: c_int, out: &mut String, depth: usize) -> Option<()> {
    match ffi::lua_type(state, v) {
        ffi::LUA_TBOOLEAN => out.push_str(if ffi::lua_toboolean(state, v) != 0 { "true" } else { "false" }),
        ffi::LUA_TNUMBER if ffi::lua_isinteger(state, v) != 0 => write_integer(out, ffi::lua_tointeger(state, v)),
        ffi::LUA_TNUMBER => {
            // (a whole number given as a float reads as an integer: value.rs, whole_number)
            write_integer(out, crate::value::whole(ffi::lua_tonumber(state, v))?);
        }
        ffi::LUA_TSTRING => write_scalar(out, text_at(state, v)?),
        ffi::LUA_TTABLE => {
            // (read_raw refuses a table nested more than 32 deep, the list itself at 0: this
            // one, a field of an option, is at depth + 2)
            if depth >= 30 {
                return None;
            }
            let base = ffi::lua_gettop(state);
            let written = match collect(state, v)? {
                Fields::Named(named) => write_record(state, &named, false, out, depth + 1),
                Fields::Listed(items) => {
                    out.push('[');
                    for (i, x) in items.into_iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        write_value(state, x, out, depth + 1)?;
                    }
                    out.push(']');
                    Some(())
                }
            };
            ffi::lua_settop(state, base);
            written?;
        }
        _ => return None,
    }
    Some(())
}

/// An integer as `record_id` writes it (as `{}` formats it, without the formatter's work:
/// every option's key has a card or a square in it).
fn write_integer(out: &mut String, i: i64) {
    out.push_str(itoa::Buffer::new().format(i));
}

/// Would the value at `v` read as a `Value` (see `write_value`)? Nothing written.
unsafe fn check_value(state: *mut ffi::lua_State, v: c_int, depth: usize) -> Option<()> {
    match ffi::lua_type(state, v) {
        ffi::LUA_TBOOLEAN => Some(()),
        ffi::LUA_TNUMBER if ffi::lua_isinteger(state, v) != 0 => Some(()),
        ffi::LUA_TNUMBER => crate::value::whole(ffi::lua_tonumber(state, v)).map(|_| ()),
        ffi::LUA_TSTRING => text_at(state, v).map(|_| ()),
        ffi::LUA_TTABLE if depth < 30 => {
            let base = ffi::lua_gettop(state);
            let checked = match collect(state, v)? {
                Fields::Named(named) => named.iter().try_for_each(|&(_, x)| check_value(state, x, depth + 1)),
                Fields::Listed(items) => items.into_iter().try_for_each(|x| check_value(state, x, depth + 1)),
            };
            ffi::lua_settop(state, base);
            checked
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Value;
    use mlua::Lua;

    /// option_keys on the list `src` returns: its keys and passes, or None.
    fn keyed(lua: &Lua, src: &str) -> Option<Vec<(String, bool)>> {
        let list: mlua::Value = lua.load(src).eval().unwrap();
        let mut out = None;
        unsafe {
            lua.exec_raw::<()>(list, |state| out = option_keys(state, ffi::lua_gettop(state))).unwrap();
        }
        out.map(|keys| keys.into_iter().map(|o| (o.key, o.pass)).collect())
    }

    /// The keys the records read whole give (api::choice_from_value), or None if one fails.
    fn read(lua: &Lua, src: &str) -> Option<Vec<String>> {
        let list: Value = lua.load(src).eval().ok()?;
        let Value::List(items) = list else { return None };
        items.into_iter().map(|v| crate::engine::api::choice_from_value(v).ok().map(|c| c.key)).collect()
    }

    #[test]
    fn keys_are_the_records_own() {
        let lua = Lua::new();
        for src in [
            r#"return { { kind = "move", dir = "N", to = { x = 1, y = 2 }, label = "move N" }, { kind = "end", pass = true, label = "end" } }"#,
            r#"return { { kind = "cast", card = 12, target = { kind = "wizard", player = 1, at = { x = 3, y = 4 }, label = "B" }, hostile = true, boost = 7 } }"#,
            r#"return { { key = "done", label = "Done", extra = { 1, 2, { a = "x y" } } }, { kind = "pick", list = { "a b", "c", 3.0 } } }"#,
            r#"return { {}, { kind = "x", empty = {} , ["odd name"] = "é", zz = false } }"#,
            r#"return { { kind = "n", low = -7, high = math.maxinteger, least = math.mininteger, whole = 4.0, words = "a b", plain = "x_1,!" } }"#,
        ] {
            let got = keyed(&lua, src).unwrap_or_else(|| panic!("keyed: {src}"));
            let keys: Vec<String> = got.iter().map(|k| k.0.clone()).collect();
            assert_eq!(Some(keys), read(&lua, src), "{src}");
        }
        let passes: Vec<bool> =
            keyed(&lua, r#"return { { kind = "a" }, { kind = "end", pass = true }, { kind = "b", pass = 1 } }"#)
                .unwrap()
                .into_iter()
                .map(|k| k.1)
                .collect();
        assert_eq!(passes, [false, true, false]);
    }

    #[test]
    fn anything_a_record_would_not_read_as_is_left_to_the_records() {
        let lua = Lua::new();
        for src in [
            "return {}",
            r#"return { { kind = "a" }, extra = 1 }"#,
            r#"return { { kind = "a", x = 1.5 } }"#,
            r#"return { { kind = "a", label = function() end } }"#,
            r#"return { { key = "k", hint = { [1] = 1, [3] = 3 } } }"#,
            r#"return { { key = 5 } }"#,
            r#"return { { 1, 2 } }"#,
            r#"return { { kind = "a", mixed = { 1, b = 2 } } }"#,
            r#"return { { kind = "a", bad = "\xff" } }"#,
            r#"return { { kind = "a", [true] = 1 } }"#,
        ] {
            assert_eq!(keyed(&lua, src), None, "{src}");
        }
    }
}
