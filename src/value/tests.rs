//! The unit tests of `value.rs`: values to Lua and back, tables read in one pass, records from
//! the stack, the memory cap, what is refused, place codes, key order.

use super::*;

#[test]
fn round_trips_through_lua() {
    let lua = Lua::new();
    let v: Value = lua.load("return { a = 1, b = { 'x', 'y' }, c = { d = true } }").eval().unwrap();
    assert_eq!(v.to_string(), r#"{a = 1, b = {"x", "y"}, c = {d = true}}"#);
    let back: Value = lua.load("return ...").call(v.clone()).unwrap();
    assert_eq!(back, v);
}

/// `lua_wizwar_entries` (the patched Lua) pushes the entries `next` walks, in its order:
/// array part and hash part, without holes or keys whose value was removed.
#[test]
fn a_tables_entries_are_those_next_walks() {
    let lua = Lua::new();
    let t: mlua::Table = lua
        .load("local t = { 10, 20, nil, 40, a = 1, b = 'x', [7] = 70, [2.5] = 'f' } t.b = nil t[1] = nil return t")
        .eval()
        .unwrap();
    let walked: String = lua
        .load("local t, s = ..., '' for k, v in next, t do s = s .. tostring(k) .. '=' .. tostring(v) .. ' ' end return s")
        .call(t.clone())
        .unwrap();
    let mut pushed = String::new();
    unsafe {
        lua.exec_raw::<()>(t, |state| {
            let base = mlua::ffi::lua_gettop(state);
            let n = lua_wizwar_entries(state, base);
            for i in 0..2 * n {
                let mut len = 0usize;
                let p = mlua::ffi::luaL_tolstring(state, base + 1 + i, &mut len) as *const u8;
                pushed.push_str(std::str::from_utf8(std::slice::from_raw_parts(p, len)).unwrap());
                mlua::ffi::lua_pop(state, 1);
                pushed.push(if i % 2 == 0 { '=' } else { ' ' });
            }
            assert_eq!(mlua::ffi::lua_gettop(state), base + 2 * n);
        })
        .unwrap();
    }
    assert_eq!(pushed, walked);
    assert_eq!(pushed.split(' ').filter(|e| !e.is_empty()).count(), 5, "{pushed}");
}

/// `record_of_pairs` makes a table of the pairs on the stack as `lua_rawset` sets them in
/// turn (a nil value left out, a key given again set again), frozen when asked, and leaves
/// nothing else.
#[test]
fn a_record_is_made_of_the_pairs_on_the_stack() {
    let lua = Lua::new();
    let check: mlua::Function = lua
        .load(
            r#"local t, frozen = ...
               assert(t.a == 1 and t.b == nil and t.c == "z" and t[1] == "one")
               local n = 0 for _ in next, t do n = n + 1 end
               assert(n == 3, n)
               return pcall(rawset, t, "new", 1) == not frozen"#,
        )
        .into_function()
        .unwrap();
    for frozen in [0, 1] {
        let ok: bool = unsafe {
            lua.exec_raw((), |state| {
                let base = mlua::ffi::lua_gettop(state);
                mlua::ffi::lua_pushstring(state, c"a".as_ptr());
                mlua::ffi::lua_pushinteger(state, 1);
                mlua::ffi::lua_pushstring(state, c"b".as_ptr());
                mlua::ffi::lua_pushnil(state);
                mlua::ffi::lua_pushstring(state, c"c".as_ptr());
                mlua::ffi::lua_pushstring(state, c"y".as_ptr());
                mlua::ffi::lua_pushinteger(state, 1);
                mlua::ffi::lua_pushstring(state, c"one".as_ptr());
                mlua::ffi::lua_pushstring(state, c"c".as_ptr());
                mlua::ffi::lua_pushstring(state, c"z".as_ptr());
                record_of_pairs(state, 5, frozen != 0);
                assert_eq!(mlua::ffi::lua_gettop(state), base + 1);
                mlua::ffi::lua_pushboolean(state, frozen);
            })
            .and_then(|(t, f): (mlua::Table, bool)| check.call((t, f)))
        }
        .unwrap();
        assert!(ok, "frozen {frozen}");
    }
    // No pairs: an empty table (not nothing).
    let empty: mlua::Value = unsafe {
        lua.exec_raw((), |state| {
            let base = mlua::ffi::lua_gettop(state);
            record_of_pairs(state, 0, false);
            assert_eq!(mlua::ffi::lua_gettop(state), base + 1);
        })
    }
    .unwrap();
    assert!(
        matches!(empty, mlua::Value::Table(t) if t.raw_len() == 0 && t.pairs::<mlua::Value, mlua::Value>().count() == 0)
    );
}

#[test]
fn fields_read_from_lua_are_in_name_order_whatever_their_length() {
    let lua = Lua::new();
    let v: Value =
        lua.load("return { zz = 1, a_field_name_longer_than_23_bytes = 2, b = 3, [\"\"] = 4 }").eval().unwrap();
    let Value::Map(m) = &v else { panic!("a map: {v}") };
    assert_eq!(m.keys().collect::<Vec<_>>(), ["", "a_field_name_longer_than_23_bytes", "b", "zz"]);
    assert_eq!(m.get("a_field_name_longer_than_23_bytes"), Some(&Value::Int(2)));
}

#[test]
fn an_answer_past_the_memory_cap_is_an_error_not_a_crash() {
    let lua = Lua::new();
    let big = Value::List((0..20_000).map(|i| Value::Str(format!("entry number {i}"))).collect());
    let answer = lua.create_function(move |_, ()| Ok(big.clone())).unwrap();
    lua.globals().set("answer", answer).unwrap();
    // Built on the caller's stack in a protected call (`push_protected`): the failed
    // allocation comes back as an error the script sees.
    lua.set_memory_limit(lua.used_memory() + 64 * 1024).unwrap();
    let (ok, message): (bool, String) = lua.load("local ok, e = pcall(answer) return ok, tostring(e)").eval().unwrap();
    assert!(!ok && message.contains("memory"), "{message}");
    lua.set_memory_limit(0).unwrap();
    let n: i64 = lua.load("return #answer()").eval().unwrap();
    assert_eq!(n, 20_000, "the next call works");
}

#[test]
fn refuses_what_would_lose_data() {
    let lua = Lua::new();
    let err = lua.load("return { [1] = 'a', [3] = 'c' }").eval::<Value>().unwrap_err();
    assert!(err.to_string().contains("holes"), "{err}");
    assert!(lua.load("return 1.5").eval::<Value>().is_err());
    assert!(lua.load("return function() end").eval::<Value>().is_err());
    let err = lua.load("return { 1, x = 2 }").eval::<Value>().unwrap_err();
    assert!(err.to_string().contains("mixing"), "{err}");
    let err = lua.load("local t = {} t.me = t return t").eval::<Value>().unwrap_err();
    assert!(err.to_string().contains("32 deep"), "{err}");
    let err = lua.load("return { [true] = 1 }").eval::<Value>().unwrap_err();
    assert!(err.to_string().contains("key of type boolean"), "{err}");
    assert_eq!(lua.load("return { 2.0, { n = 3.0 } }").eval::<Value>().unwrap().to_string(), "{2, {n = 3}}");
}

#[test]
fn place_codes_name_each_place_once_and_read_back() {
    let square = |x: i64, y: i64| {
        let mut m = Map::new();
        m.insert("x", Value::Int(x));
        m.insert("y", Value::Int(y));
        m
    };
    let mut seen = std::collections::HashSet::new();
    for (x, y) in [(0, 0), (3, 7), (-1, 0), (0, -1), (-5, -9), (32767, -32768)] {
        let code = place_code(&square(x, y)).unwrap();
        assert_eq!(place_of_code(code), (x, y, None));
        assert!(seen.insert(code));
        for (i, side) in ["N", "E", "S", "W"].iter().enumerate() {
            let mut e = square(x, y);
            e.insert("side", Value::Str(side.to_string()));
            let code = place_code(&e).unwrap();
            assert_eq!(place_of_code(code), (x, y, Some(i)));
            assert!(seen.insert(code));
        }
    }
    assert_eq!(place_code(&square(40000, 0)), None, "too far out to pack");
}

#[test]
fn serializes_in_key_order() {
    let mut v = Value::Nil;
    v.set("zeta", 1.into());
    v.set("alpha", "x".into());
    assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"alpha":"x","zeta":1}"#);
}

#[test]
fn text_is_told_from_bytes_that_are_not_utf8_short_or_long() {
    assert_eq!(as_text(b"kind"), Some("kind"));
    assert_eq!(as_text(b""), Some(""));
    assert_eq!(as_text("caf\u{e9}".as_bytes()), Some("caf\u{e9}"));
    assert_eq!(as_text(b"caf\xe9"), None, "a lone Latin-1 byte");
    assert_eq!(as_text(b"\xff"), None);
    assert_eq!(as_text(b"ab\x80"), None, "a stray continuation byte");
    assert_eq!(as_text(b"\x80"), None, "one alone");
    let long = "the wall north of (12,15), seen from afar".repeat(2);
    assert_eq!(as_text(long.as_bytes()), Some(long.as_str()));
    let mut broken = long.into_bytes();
    broken.push(0x80);
    assert_eq!(as_text(&broken), None, "a stray continuation byte after 32 ASCII ones");
    let mut short = b"ab".to_vec();
    short.push(0xc3);
    assert_eq!(as_text(&short), None, "a sequence cut short");
}
