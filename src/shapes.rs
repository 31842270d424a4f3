//! Records made from their shape: the kernel's tables for Lua without a field name hashed.
//!
//! The kernel's answers to scripts' questions are mostly small records, most of them with the
//! same few field names in the same order (`answer.rs`). Made field by
//! field, every name was interned (hashed, looked up) and every field placed by its hash. Here
//! each list of field names (a *shape*) gets a number for the life of the process, and each Lua
//! state keeps, in the sandbox's kit (`value::KIT_SHAPES`), one table of that shape made once
//! the field-by-field way: its names, each mapped to the slot of its value on the stack. A
//! record is then that table copied with the values put in (`lua_wizwar_shaped`,
//! vendor/lua-src/PATCH.md): the same keys in the same slots, so it is laid out, and walked by
//! `next`, exactly as the record made field by field would be.
//!
//! A shape is made of names the code fixes (`&'static str`), known by where they lie: two
//! literals alike may make two shapes of one layout, never one shape of two. So there are only
//! as many shapes as the code has records (and subsets of their optional fields), whatever the
//! games: a map of names that are data (vars, a card's data) is made field by field. A thread
//! finds the shapes it met in its own map; a shape new to it is looked up, or numbered, in the
//! process's list.

use crate::value::{lua_wizwar_shaped, room_for, KIT_SHAPES};
use mlua::ffi;
use std::cell::RefCell;
use std::os::raw::c_int;
use std::sync::Mutex;

/// One part of a shape's description.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Part {
    /// A name fixed in the code, by its address and length.
    Fixed(usize, usize),
    /// Where the fields of a shared table (`answer::Shared`: in the order they lie in it)
    /// end and the record's own begin.
    Split,
}

/// A name fixed in the code as a part.
fn fixed(name: &str) -> Part {
    Part::Fixed(name.as_ptr() as usize, name.len())
}

/// Every shape numbered so far in this process: its number is its place + 1.
static ALL: Mutex<Vec<Box<[Part]>>> = Mutex::new(Vec::new());

/// Shapes by a hash of their parts, with their numbers.
type Met = rustc_hash::FxHashMap<u64, Vec<(Box<[Part]>, i64)>>;

thread_local! {
    /// The shapes this thread met.
    static MET: RefCell<Met> = RefCell::default();
}

/// The number of the shape of names fixed in the code.
pub(crate) fn of_static<'a, I: Iterator<Item = &'a str>>(names: impl Fn() -> I) -> i64 {
    number(|| names().map(fixed))
}

/// The number of the shape of a shared table's fields (`shared`, in the order they were
/// set in it: a table of the same names set the same way lies the same way), then `own`.
pub(crate) fn of_shared<'a, I: Iterator<Item = &'a str>, J: Iterator<Item = &'a str>>(
    shared: impl Fn() -> I,
    own: impl Fn() -> J,
) -> i64 {
    number(|| shared().map(fixed).chain(std::iter::once(Part::Split)).chain(own().map(fixed)))
}

/// The number of the shape `parts()` describes (asked anew for each pass over it).
fn number<I: Iterator<Item = Part>>(parts: impl Fn() -> I) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    parts().for_each(|p| p.hash(&mut h));
    let hash = h.finish();
    MET.with(|met| {
        let mut met = met.borrow_mut();
        let same = met.entry(hash).or_default();
        if let Some((_, id)) = same.iter().find(|(known, _)| known.iter().copied().eq(parts())) {
            return *id;
        }
        let key: Box<[Part]> = parts().collect();
        let mut all = ALL.lock().unwrap_or_else(|e| e.into_inner());
        let id = match all.iter().position(|known| *known == key) {
            Some(i) => i as i64 + 1,
            None => {
                all.push(key.clone());
                all.len() as i64
            }
        };
        same.push((key, id));
        id
    })
}

/// Pushes the table of shape `id` the kit keeps (`kit`: its stack index), made first if this
/// Lua state has none yet: `n` names, pushed in order by `name(i)` (0-based), the i-th mapped to
/// slot `slot(i)`. Returns its stack index.
///
/// # Safety
/// `state` is a running Lua state with room for a few more values, `kit` the kit's index.
pub(crate) unsafe fn push_shape(
    state: *mut ffi::lua_State,
    kit: c_int,
    id: i64,
    n: c_int,
    mut name: impl FnMut(c_int),
    slot: impl Fn(c_int) -> c_int,
) -> c_int {
    room_for(state, 8);
    ffi::lua_rawgeti(state, kit, KIT_SHAPES);
    if ffi::lua_rawgeti(state, -1, id) != ffi::LUA_TTABLE {
        // (made as a record is made field by field: `value::record_of_pairs`)
        ffi::lua_pop(state, 1);
        ffi::lua_createtable(state, 0, n);
        for i in 0..n {
            name(i);
            ffi::lua_pushinteger(state, slot(i) as ffi::lua_Integer);
            ffi::lua_rawset(state, -3);
        }
        ffi::lua_pushvalue(state, -1);
        ffi::lua_rawseti(state, -3, id);
    }
    ffi::lua_remove(state, -2);
    ffi::lua_gettop(state)
}

/// Replaces the shape at `shape` and the `slots` values above it (the top of the stack) with
/// the record they make.
///
/// # Safety
/// As `lua_wizwar_shaped`: the slots the shape names hold no nil.
pub(crate) unsafe fn make(state: *mut ffi::lua_State, shape: c_int, slots: c_int) {
    lua_wizwar_shaped(state, shape, slots);
    ffi::lua_replace(state, shape);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{record_of_pairs, FROZEN_KIT};

    /// Records of `names` (values 1, 2, ...) made from their shape and field by field, as Lua
    /// values: (shaped, made field by field).
    fn both(lua: &mlua::Lua, names: &[&'static str]) -> (mlua::Value, mlua::Value) {
        let id = of_static(|| names.iter().copied());
        let n = names.len() as c_int;
        // SAFETY: called below on a state with room for the name.
        let push_name = |state, i: c_int| unsafe {
            let k = names[i as usize];
            ffi::lua_pushlstring(state, k.as_ptr() as *const std::os::raw::c_char, k.len());
        };
        // SAFETY: pushes onto the stack of the call, within the room asked for.
        unsafe {
            let shaped = lua
                .exec_raw::<mlua::Value>((), |state| {
                    ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, FROZEN_KIT.as_ptr());
                    let kit = ffi::lua_gettop(state);
                    let shape = push_shape(state, kit, id, n, |i| push_name(state, i), |i| i + 1);
                    room_for(state, n + 8);
                    for i in 0..n {
                        ffi::lua_pushinteger(state, i as ffi::lua_Integer + 1);
                    }
                    make(state, shape, n);
                    ffi::lua_remove(state, kit);
                })
                .unwrap();
            let made = lua
                .exec_raw::<mlua::Value>((), |state| {
                    room_for(state, 2 * n + 8);
                    for i in 0..n {
                        push_name(state, i);
                        ffi::lua_pushinteger(state, i as ffi::lua_Integer + 1);
                    }
                    record_of_pairs(state, n, false);
                })
                .unwrap();
            (shaped, made)
        }
    }

    #[test]
    fn a_record_made_from_its_shape_is_laid_out_as_one_made_field_by_field() {
        let lua = mlua::Lua::new();
        let kit: mlua::Table = lua.load("return { {}, {}, {}, {}, false, {} }").eval().unwrap();
        lua.set_named_registry_value(FROZEN_KIT.to_str().unwrap(), kit).unwrap();
        let many: Vec<&'static str> = (0..23).map(|i| &*format!("field{i}").leak()).collect();
        let check: mlua::Function = lua
            .load(
                r#"
                local shaped, made, n = ...
                -- `next` meets the same fields in the same order, with the same values
                local ks, km, count = next(shaped), next(made), 0
                while ks ~= nil or km ~= nil do
                  assert(ks == km and shaped[ks] == made[km], tostring(ks) .. " against " .. tostring(km))
                  count = count + 1
                  ks, km = next(shaped, ks), next(made, km)
                end
                assert(count == n, "fields: " .. count)
                -- and it grows as any table: every field found after many more are set
                for i = 1, 100 do shaped["more" .. i] = i; shaped[i] = -i end
                for k, v in next, made do assert(shaped[k] == v, k) end
                for i = 1, 100 do assert(shaped["more" .. i] == i and shaped[i] == -i) end
                return count
                "#,
            )
            .into_function()
            .unwrap();
        for names in [&["kind"][..], &["at", "kind", "to"], &many] {
            let (shaped, made) = both(&lua, names);
            let count: usize = check.call((shaped, made, names.len())).unwrap();
            assert_eq!(count, names.len());
        }
        // (the shape is made once: a second record of it finds it in the kit)
        let (again, _) = both(&lua, &many);
        let count: usize = check.call((again, both(&lua, &many).1, many.len())).unwrap();
        assert_eq!(count, many.len());
    }

    #[test]
    fn shapes_are_numbered_once_and_told_apart() {
        let (a, b) = ("at", "kind");
        let one = of_static(|| [a, b].into_iter());
        assert_eq!(one, of_static(|| [a, b].into_iter()), "the same names, the same shape");
        assert_ne!(one, of_static(|| [b, a].into_iter()), "the order counts");
        assert_ne!(one, of_static(|| [a].into_iter()));
        let shared = of_shared(|| [a].into_iter(), || [b].into_iter());
        assert_ne!(shared, one, "a shared table's fields are told from a record's own");
        assert_ne!(shared, of_shared(|| [a, b].into_iter(), std::iter::empty), "and split where they are");
        assert_eq!(shared, of_shared(|| [a].into_iter(), || [b].into_iter()));
        // (another thread finds the same numbers in the process's list)
        let there = std::thread::spawn(move || of_static(|| [a, b].into_iter())).join().unwrap();
        assert_eq!(there, one);
    }
}
