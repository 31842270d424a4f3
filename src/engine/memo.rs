//! The memo of queries' wrapper (api.lua, `remembered`) as a C function, and the plain wrapper
//! of the other primitives.
//!
//! Listing a player's actions asks the same questions many times over while nothing changes,
//! so most calls of a query are answered from the memo. Written in Lua, such a hit was a Lua
//! call and some twenty VM instructions: a fifth of a game. Here a hit is a handful of raw
//! table reads. What it does is what the Lua wrapper did, in the same order:
//!
//! - the answer of `game:name(a, b, c)` is kept in `m[k1][k2][k3]` (the keys of the `n`
//!   arguments, or 1 for a query without one) while `clock[i]` stays; when it moves, the
//!   memo starts empty;
//! - with `per` (a card's or a player's questions: `card_stamp`, `player_stamp`), the answers
//!   about the first argument also go when `per[it]` moves;
//! - an argument without a key (a table the memo cannot key) sends the call straight to the
//!   kernel, and so does a call that moved the clock (nothing is kept);
//! - a nil answer is kept as `NIL`, a nil argument's key is `NIL`;
//! - an error of the primitive is raised again at the line of the script that called, with
//!   the primitive's own message (without "runtime error: " nor a traceback);
//! - with `check` (debug builds: card tests and scenarios), every answer the memo gives is
//!   checked against the kernel's fresh one by that Lua function.

use crate::value::{edge_code, EDGE_CODES};
use mlua::ffi;
use std::os::raw::{c_char, c_int};

/// How an argument is keyed (api.lua names them PLAIN, Q, E, NIL_ONLY and a function): ...
/// ... by itself (an id, a name, a flag; nil is `NIL`), ...
const PLAIN: i64 = 0;
/// ... as a square (the kernel's place code: value.rs, `place_code`), ...
const SQUARE: i64 = 1;
/// ... as an edge, ...
const EDGE: i64 = 2;
/// ... only when nil (any other value is not kept: steps' flags), ...
const NIL_ONLY: i64 = 3;
/// ... or by a Lua key function (an `edges` filter), whose nil means no key.
const LUA_KEY: i64 = 4;

// The wrapper's upvalues.
const UV_F: c_int = 1; // the primitive
const UV_CLOCK: c_int = 2; // the clock table
const UV_MEMO: c_int = 3; // the wrapper's own numbers (`Memo`, a userdata)
const UV_SPEC: c_int = 4; // (the spec as given; `Memo` has it)
const UV_PER: c_int = 5; // per-argument clock table, or nil
const UV_PLACES: c_int = 6; // the kit's place codes by table
const UV_NIL: c_int = 7; // the NIL marker
const UV_CHECK: c_int = 8; // the debug check, or nil
const UV_NAME: c_int = 9; // the query's name (for the check)
const UV_KEYFN: c_int = 10; // 10, 11, 12: the Lua key functions of arguments 1 to 3
const UV_M: c_int = 13; // the answers
const UV_SEEN: c_int = 14; // per[k] as the answers about k last saw it
const UPVALUES: c_int = 14;
// (Upvalues 1 to 12 are `memo_wrapper`'s arguments in their places, but for the third, the
// clock's slot, which `Memo` keeps.)
const ARG_SLOT: c_int = 3;

/// A wrapper's numbers, read without the Lua API on every call.
#[repr(C)]
struct Memo {
    /// n + 8 * kind1 + 64 * kind2 + 512 * kind3
    spec: i64,
    /// The clock's slot in its table.
    slot: i64,
    /// The kernel's counts (`new_clocks`), when the clock is them: read in place. Null for a
    /// clock table of api.lua's own.
    counts: *const i64,
    /// The clock the answers hold for (-1: none yet).
    at: i64,
    /// Whether there is a per-argument clock, a debug check.
    per: bool,
    check: bool,
    /// The NIL marker's identity.
    nil: *const std::ffi::c_void,
}

extern "C-unwind" {
    /// The memo's common hit, read from the running wrapper's upvalues (the answers, the
    /// per-argument clocks as the answers saw them, the per-argument clocks or 0, the place
    /// codes, NIL): pushes the answer and returns 1, or pushes nothing and returns 0. Argument
    /// kinds are this module's PLAIN, SQUARE, EDGE and NIL_ONLY (vendor/lua-src/PATCH.md).
    fn lua_wizwar_memo_hit(
        state: *mut ffi::lua_State,
        n: c_int,
        kind: c_int,
        um: c_int,
        useen: c_int,
        uper: c_int,
        uplaces: c_int,
        unil: c_int,
        edge_codes: i64,
    ) -> c_int;
    /// Empties the table at `idx` in place, its parts kept (1); 0 when it is frozen or its
    /// hash part has more than `max_nodes` slots.
    fn lua_wizwar_clear(state: *mut ffi::lua_State, idx: c_int, max_nodes: c_int) -> c_int;
}

/// The most slots of a table of answers emptied in place when its clock moves (a larger one,
/// from a time many answers were kept, is replaced: emptying every slot would cost more).
const CLEAR_AT_MOST: c_int = 32;

/// Makes the table at upvalue `u` empty for the answers of a new time: emptied in place if it
/// is small enough (no table made and grown again entry by entry), else a new one.
unsafe fn start_afresh(state: *mut ffi::lua_State, u: c_int) {
    if lua_wizwar_clear(state, up(u), CLEAR_AT_MOST) == 0 {
        ffi::lua_newtable(state);
        ffi::lua_replace(state, up(u));
    }
}

fn up(i: c_int) -> c_int {
    ffi::lua_upvalueindex(i)
}

/// `memo_wrapper(f, clock, i, spec, per, place_codes, NIL, check, name, keyfn1, keyfn2,
/// keyfn3)`: the memo's wrapper of primitive `f` (see the module's doc).
///
/// # Safety
/// A Lua C function: called by Lua only, with those arguments.
pub unsafe extern "C-unwind" fn memo_wrapper(state: *mut ffi::lua_State) -> c_int {
    ffi::luaL_checktype(state, 1, ffi::LUA_TFUNCTION);
    let counts = match ffi::lua_type(state, 2) {
        ffi::LUA_TUSERDATA => {
            let slot = ffi::luaL_checkinteger(state, ARG_SLOT);
            if slot < 1 || slot as usize > ffi::lua_rawlen(state, 2) / std::mem::size_of::<i64>() {
                ffi::luaL_error(state, c"memo: no such clock".as_ptr());
            }
            ffi::lua_touserdata(state, 2) as *const i64
        }
        _ => {
            ffi::luaL_checktype(state, 2, ffi::LUA_TTABLE);
            std::ptr::null()
        }
    };
    ffi::luaL_checktype(state, 7, ffi::LUA_TTABLE);
    ffi::lua_settop(state, 12);
    let memo = Memo {
        spec: ffi::luaL_checkinteger(state, UV_SPEC),
        slot: ffi::luaL_checkinteger(state, ARG_SLOT),
        counts,
        at: -1,
        per: ffi::lua_type(state, UV_PER) != ffi::LUA_TNIL,
        check: ffi::lua_type(state, UV_CHECK) != ffi::LUA_TNIL,
        nil: ffi::lua_topointer(state, UV_NIL),
    };
    ffi::lua_newtable(state); // m
    ffi::lua_newtable(state); // seen
    let data = ffi::lua_newuserdatauv(state, std::mem::size_of::<Memo>(), 0) as *mut Memo;
    data.write(memo);
    ffi::lua_replace(state, UV_MEMO);
    ffi::lua_pushcclosure(state, memo_call, UPVALUES);
    1
}

/// Pushes the key of the argument at `arg` keyed as `kind` (nil: it has none).
unsafe fn push_key(state: *mut ffi::lua_State, arg: c_int, kind: i64, keyfn: c_int) {
    match kind {
        PLAIN => {
            if ffi::lua_type(state, arg) == ffi::LUA_TNIL {
                ffi::lua_pushvalue(state, up(UV_NIL));
            } else {
                ffi::lua_pushvalue(state, arg);
            }
        }
        NIL_ONLY => {
            if ffi::lua_type(state, arg) == ffi::LUA_TNIL {
                ffi::lua_pushvalue(state, up(UV_NIL));
            } else {
                ffi::lua_pushnil(state);
            }
        }
        LUA_KEY => {
            ffi::lua_pushvalue(state, up(keyfn));
            ffi::lua_pushvalue(state, arg);
            ffi::lua_call(state, 1, 1);
        }
        SQUARE | EDGE => push_place_key(state, arg, kind == EDGE),
        _ => ffi::lua_pushnil(state),
    }
}

/// The key of a square or an edge: a place table the kernel gave is known by its code (one
/// lookup); one a script made is keyed by its fields, read raw, as the kernel reads them.
unsafe fn push_place_key(state: *mut ffi::lua_State, arg: c_int, edge: bool) {
    if ffi::lua_type(state, arg) != ffi::LUA_TTABLE {
        return ffi::lua_pushnil(state);
    }
    ffi::lua_pushvalue(state, arg);
    if ffi::lua_rawget(state, up(UV_PLACES)) == ffi::LUA_TNUMBER {
        let code = ffi::lua_tointeger(state, -1);
        // (An edge given for a square has its own key: the same answer, kept apart.)
        if !edge || code >= EDGE_CODES {
            return;
        }
    }
    ffi::lua_pop(state, 1);
    let Some(square) = square_code(state, arg) else { return ffi::lua_pushnil(state) };
    if !edge {
        return ffi::lua_pushinteger(state, square);
    }
    ffi::lua_pushstring(state, c"side".as_ptr());
    ffi::lua_rawget(state, arg);
    let mut len = 0usize;
    let side = if ffi::lua_type(state, -1) == ffi::LUA_TSTRING {
        let p = ffi::lua_tolstring(state, -1, &mut len) as *const u8;
        if len == 1 {
            [b'N', b'E', b'S', b'W'].iter().position(|&d| d == *p)
        } else {
            None
        }
    } else {
        None
    };
    ffi::lua_pop(state, 1);
    match side {
        Some(side) => ffi::lua_pushinteger(state, edge_code(square, side)),
        None => ffi::lua_pushnil(state),
    }
}

/// The square code of the table at `arg` (integers x, y in range), read raw.
unsafe fn square_code(state: *mut ffi::lua_State, arg: c_int) -> Option<i64> {
    let coord = |name: &std::ffi::CStr| {
        ffi::lua_pushstring(state, name.as_ptr());
        ffi::lua_rawget(state, arg);
        let v = (ffi::lua_isinteger(state, -1) != 0).then(|| ffi::lua_tointeger(state, -1));
        ffi::lua_pop(state, 1);
        v
    };
    crate::value::square_code(coord(c"x")?, coord(c"y")?)
}

/// Raises the error at the top of the stack again at the line of the script that called the
/// wrapper, as the primitive's own message.
unsafe fn raise(state: *mut ffi::lua_State) -> ! {
    let mut len = 0usize;
    let p = ffi::luaL_tolstring(state, -1, &mut len) as *const u8;
    let mut text = std::slice::from_raw_parts(p, len);
    if let Some(rest) = text.strip_prefix(b"runtime error: ") {
        text = rest;
    }
    const TRACE: &[u8] = b"\nstack traceback:";
    if let Some(cut) = text.windows(TRACE.len()).position(|w| w == TRACE) {
        text = &text[..cut];
    }
    ffi::luaL_where(state, 1);
    ffi::lua_pushlstring(state, text.as_ptr() as *const c_char, text.len());
    ffi::lua_concat(state, 2);
    ffi::lua_error(state)
}

/// Calls the primitive with the `n` arguments (stack 2..=n+1), for `results` results; raises
/// its error at the caller's line.
unsafe fn call_primitive(state: *mut ffi::lua_State, n: c_int, results: c_int) {
    ffi::lua_pushvalue(state, up(UV_F));
    for a in 2..=n + 1 {
        ffi::lua_pushvalue(state, a);
    }
    if ffi::lua_pcall(state, n, results, 0) != ffi::LUA_OK {
        raise(state);
    }
}

/// The clock's count now: the kernel's, read in place, or a slot of a clock table.
unsafe fn clock_now(state: *mut ffi::lua_State, memo: *const Memo) -> i64 {
    if !(*memo).counts.is_null() {
        // (the userdata is the wrapper's upvalue: it lives as long as the wrapper)
        return *(*memo).counts.add((*memo).slot as usize - 1);
    }
    ffi::lua_rawgeti(state, up(UV_CLOCK), (*memo).slot);
    let now = ffi::lua_tointeger(state, -1);
    ffi::lua_pop(state, 1);
    now
}

/// `new_clocks(n)`: the kernel's `n` counts of changes (`StateCell::show_changes_in`), a full
/// userdata of `n` integers, all 0: the kernel writes them in place, the memo's wrappers read
/// them in place (no Lua call either way), and Lua code reads `clocks[i]` (`__index`).
///
/// # Safety
/// A Lua C function: called by Lua only, with a count.
pub unsafe extern "C-unwind" fn new_clocks(state: *mut ffi::lua_State) -> c_int {
    let n = ffi::luaL_checkinteger(state, 1).clamp(0, 64) as usize;
    let p = ffi::lua_newuserdatauv(state, n * std::mem::size_of::<i64>(), 0) as *mut i64;
    for i in 0..n {
        p.add(i).write(0);
    }
    ffi::lua_createtable(state, 0, 1);
    ffi::lua_pushcfunction(state, clocks_index);
    ffi::lua_setfield(state, -2, c"__index".as_ptr());
    ffi::lua_setmetatable(state, -2);
    1
}

/// `clocks[i]`: the i-th count (1-based), nil past them.
unsafe extern "C-unwind" fn clocks_index(state: *mut ffi::lua_State) -> c_int {
    let p = ffi::lua_touserdata(state, 1) as *const i64;
    let n = ffi::lua_rawlen(state, 1) / std::mem::size_of::<i64>();
    let mut is_int = 0;
    let i = ffi::lua_tointegerx(state, 2, &mut is_int);
    if p.is_null() || is_int == 0 || i < 1 || i as usize > n {
        ffi::lua_pushnil(state);
    } else {
        ffi::lua_pushinteger(state, *p.add(i as usize - 1));
    }
    1
}

/// `plain_wrapper(f)`: `game:name(...)` for a primitive the memo does not keep: f's results, or
/// its error raised again at the line of the script that called (as the memo's misses are).
///
/// # Safety
/// A Lua C function: called by Lua only, with a function.
pub unsafe extern "C-unwind" fn plain_wrapper(state: *mut ffi::lua_State) -> c_int {
    ffi::luaL_checktype(state, 1, ffi::LUA_TFUNCTION);
    ffi::lua_settop(state, 1);
    ffi::lua_pushcclosure(state, plain_call, 1);
    1
}

/// A primitive through the plain wrapper (stack: game, then the arguments).
unsafe extern "C-unwind" fn plain_call(state: *mut ffi::lua_State) -> c_int {
    let n = ffi::lua_gettop(state);
    if n == 0 {
        ffi::lua_pushnil(state);
    }
    ffi::lua_pushvalue(state, up(1));
    ffi::lua_replace(state, 1);
    if ffi::lua_pcall(state, n.max(1) - 1, ffi::LUA_MULTRET, 0) != ffi::LUA_OK {
        raise(state);
    }
    ffi::lua_gettop(state)
}

/// Pushes m[k1] (or m[k1][k2]), made where missing, for the keys at `keys..last`; returns
/// its stack index.
unsafe fn walk_down(state: *mut ffi::lua_State, keys: c_int, last: c_int) -> c_int {
    ffi::lua_pushvalue(state, up(UV_M));
    for k in keys..last {
        ffi::lua_pushvalue(state, k);
        if ffi::lua_rawget(state, -2) == ffi::LUA_TNIL {
            ffi::lua_pop(state, 1);
            ffi::lua_newtable(state);
            ffi::lua_pushvalue(state, k);
            ffi::lua_pushvalue(state, -2);
            ffi::lua_rawset(state, -4);
        }
        ffi::lua_remove(state, -2);
    }
    ffi::lua_gettop(state)
}

/// Has the per-argument clock of the key on top of the stack stayed where the answers about it
/// last saw it? (The key stays; nothing else is left.)
unsafe fn per_clock_stays(state: *mut ffi::lua_State) -> bool {
    ffi::lua_pushvalue(state, -1);
    ffi::lua_rawget(state, up(UV_PER));
    ffi::lua_pushvalue(state, -2);
    ffi::lua_rawget(state, up(UV_SEEN));
    let stays = ffi::lua_rawequal(state, -1, -2) != 0;
    ffi::lua_pop(state, 2);
    stays
}

/// A query through the memo: `game:name(a, b, c)` (stack: game, then the arguments).
unsafe extern "C-unwind" fn memo_call(state: *mut ffi::lua_State) -> c_int {
    // (A raw pointer, no reference: a nested call of the same query, from a handler the
    // primitive runs, reads and writes it too.)
    let memo = ffi::lua_touserdata(state, up(UV_MEMO)) as *mut Memo;
    let spec = (*memo).spec;
    let n = (spec & 7) as c_int;
    if ffi::lua_gettop(state) != n + 1 {
        ffi::lua_settop(state, n + 1);
    }
    let now = clock_now(state, memo);
    if now == (*memo).at && !(*memo).check && n <= 1 {
        // The common hit, found at once by the patched Lua (lapi.c, `lua_wizwar_memo_hit`): a
        // query without arguments (its answer at m[1]), or of one argument keyed by itself or
        // by a kernel's place (and, with a per-argument clock, that clock where the answers
        // about it last saw it). Anything else goes the general way.
        let per = if (*memo).per { UV_PER } else { 0 };
        let kind = ((spec >> 3) & 7) as c_int;
        if lua_wizwar_memo_hit(state, n, kind, UV_M, UV_SEEN, per, UV_PLACES, UV_NIL, EDGE_CODES) != 0 {
            return 1;
        }
    }
    if now != (*memo).at {
        start_afresh(state, UV_M);
        if (*memo).per {
            start_afresh(state, UV_SEEN);
        }
        (*memo).at = now;
    }
    // The keys, at n+2..=2n+1 (1 for a query without arguments: an integer key is the
    // quickest to find).
    let keys = n + 2;
    if n == 0 {
        ffi::lua_pushinteger(state, 1);
    }
    for a in 0..n {
        push_key(state, a + 2, (spec >> (3 * (a + 1))) & 7, UV_KEYFN + a);
        if ffi::lua_type(state, -1) == ffi::LUA_TNIL {
            // No key: straight to the kernel, every result passed on.
            ffi::lua_settop(state, n + 1);
            call_primitive(state, n, ffi::LUA_MULTRET);
            return ffi::lua_gettop(state) - (n + 1);
        }
    }
    let last = ffi::lua_gettop(state);
    // The answers about the first argument go when its own clock moves.
    if (*memo).per {
        ffi::lua_pushvalue(state, keys);
        if !per_clock_stays(state) {
            // seen[k1] = per[k1], m[k1] = nil (the key on top is taken by the first set)
            ffi::lua_pushvalue(state, keys);
            ffi::lua_rawget(state, up(UV_PER));
            ffi::lua_rawset(state, up(UV_SEEN));
            ffi::lua_pushvalue(state, keys);
            ffi::lua_pushnil(state);
            ffi::lua_rawset(state, up(UV_M));
        } else {
            ffi::lua_pop(state, 1);
        }
    }
    // The table holding the answer: m (read in place), m[k1] or m[k1][k2].
    let table = if last == keys { up(UV_M) } else { walk_down(state, keys, last) };
    ffi::lua_pushvalue(state, last);
    if ffi::lua_rawget(state, table) == ffi::LUA_TNIL {
        // A miss: the kernel's answer, kept unless the call moved the clock.
        ffi::lua_pop(state, 1);
        call_primitive(state, n, 1);
        if clock_now(state, memo) == now {
            ffi::lua_pushvalue(state, last);
            if ffi::lua_type(state, -2) == ffi::LUA_TNIL {
                ffi::lua_pushvalue(state, up(UV_NIL));
            } else {
                ffi::lua_pushvalue(state, -2);
            }
            ffi::lua_rawset(state, table);
        }
        return 1;
    }
    if (*memo).check {
        // check(name, clock, i, now, kept, f, a, b, c)
        let kept = ffi::lua_gettop(state);
        ffi::lua_pushvalue(state, up(UV_CHECK));
        ffi::lua_pushvalue(state, up(UV_NAME));
        ffi::lua_pushvalue(state, up(UV_CLOCK));
        ffi::lua_pushinteger(state, (*memo).slot);
        ffi::lua_pushinteger(state, now);
        ffi::lua_pushvalue(state, kept);
        ffi::lua_pushvalue(state, up(UV_F));
        for a in 0..3 {
            if a < n {
                ffi::lua_pushvalue(state, a + 2);
            } else {
                ffi::lua_pushnil(state);
            }
        }
        ffi::lua_call(state, 9, 0);
    }
    if ffi::lua_topointer(state, -1) == (*memo).nil {
        ffi::lua_pushnil(state);
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kernel's clocks: written in place from Rust, read by Lua as `clocks[i]`.
    #[test]
    fn clocks_written_in_place_read_in_lua() {
        let lua = mlua::Lua::new();
        let mut counts: *mut i64 = std::ptr::null_mut();
        let clocks: mlua::Value = unsafe {
            lua.exec_raw(3i64, |state| {
                ffi::lua_pushcfunction(state, new_clocks);
                ffi::lua_insert(state, 1);
                ffi::lua_call(state, 1, 1);
                counts = ffi::lua_touserdata(state, -1) as *mut i64;
            })
        }
        .unwrap();
        let read = |lua: &mlua::Lua| -> String {
            lua.load("local c = ... return tostring(c[1]) .. tostring(c[3]) .. tostring(c[4]) .. tostring(c[0]) .. tostring(c.x)")
                .call(clocks.clone())
                .unwrap()
        };
        assert_eq!(read(&lua), "00nilnilnil");
        unsafe {
            counts.write(7);
            counts.add(2).write(-2);
        }
        assert_eq!(read(&lua), "7-2nilnilnil");
    }

    /// Emptied in place, a table is as a new one: nothing left in either part, and it takes
    /// new entries (more than it had room for too) through a full collection. A frozen table
    /// and one with more slots than allowed are refused and left as they were.
    #[test]
    fn a_table_emptied_in_place_is_as_a_new_one() {
        let lua = mlua::Lua::new();
        let clear = |t: &mlua::Table, most: c_int| -> c_int {
            let mut r = -1;
            unsafe { lua.exec_raw::<()>(t.clone(), |state| r = lua_wizwar_clear(state, 1, most)).unwrap() };
            r
        };
        let t: mlua::Table =
            lua.load("local t = { 10, 20, 30, a = 1, b = { 2 } } t[{}] = true t[2.5] = 'x' return t").eval().unwrap();
        assert_eq!(clear(&t, 32), 1);
        let after: String = lua
            .load(
                "local t = ...
                 local left = next(t) == nil and #t == 0 and t.a == nil and t[1] == nil and t[2.5] == nil
                 for i = 1, 40 do t['k' .. i] = i; t[i] = -i end
                 collectgarbage()
                 local sum, n = 0, 0
                 for k, v in pairs(t) do n = n + 1; sum = sum + v end
                 return tostring(left) .. ' ' .. n .. ' ' .. sum .. ' ' .. #t",
            )
            .call(t.clone())
            .unwrap();
        assert_eq!(after, "true 80 0 40");
        let big: mlua::Table = lua.load("local t = {} for i = 1, 40 do t['k' .. i] = i end return t").eval().unwrap();
        assert_eq!(clear(&big, 32), 0, "64 slots: more than 32");
        assert_eq!(big.get::<i64>("k40").unwrap(), 40, "left as it was");
        let frozen: mlua::Table = lua.load("return { a = 1 }").eval().unwrap();
        unsafe { lua.exec_raw::<()>(frozen.clone(), |state| crate::value::lua_wizwar_freeze(state, 1)).unwrap() };
        assert_eq!(clear(&frozen, 32), 0);
        assert_eq!(frozen.get::<i64>("a").unwrap(), 1);
    }
}
