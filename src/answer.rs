//! `Answer`: a query's answer as it goes to Lua, frozen (see `value::Frozen`).
//!
//! The kernel's answers are records read by scripts and dropped: building each as a `Value`
//! (a map with a `String` for every field name, a string for every direction or barrier name)
//! and then as a Lua table cost more than the table itself. An `Answer` names its fields with
//! `&'static str`, fixed names with `&'static str`, and squares and edges by their place codes
//! (the kit's shared frozen tables, `value::push_place`); parts that are data the kernel keeps
//! for scripts (vars, tags) stay `Value`s.
//!
//! Pushed, an answer is the table its `Value` would have been, field for field and in the
//! same order (a record's fields are given in name order, as a map holds them; nil fields are
//! left out), so scripts read the same tables and iterate them in the same order. A merged
//! record (`Shared` fields and its own) has the same fields, its fixed values shared by every
//! record of that `Shared`; its raw order (`next`) may differ, as Lua's does for the same
//! fields from process to process (its string hashes are seeded anew): scripts iterate in
//! sorted order (`pairs`).

use crate::geometry::{Dir, EdgeId, Place, Sq};
use crate::shapes;
use crate::value::{
    edge_code, lua_wizwar_entries, push, push_built, push_kit, push_place, record_of_pairs, room_for, square_code,
    Value, KIT_EMPTY, KIT_SHARED,
};
use mlua::ffi;
use mlua::{IntoLua, Lua};
use std::os::raw::c_int;

pub enum Answer {
    Nil,
    Bool(bool),
    Int(i64),
    /// A string fixed in the code (a direction, a barrier, a zone's kind).
    Name(&'static str),
    /// Any other string (a name, a card's text).
    Text(String),
    /// A square or an edge, by its place code (`value::square_code`, `value::edge_code`).
    Place(i64),
    List(Vec<Answer>),
    /// Fields in name order (checked in debug builds); nil ones are left out.
    Record(Vec<(&'static str, Answer)>),
    /// Fields whose names are made at run time, in name order.
    Keyed(Vec<(String, Answer)>),
    /// Data the kernel keeps for scripts (vars, tags, a card's data), pushed as `Frozen` does.
    Value(Value),
    /// A record whose fixed part is `Shared` (made in Lua once, its values shared by every
    /// answer that has them), with fields of its own (in name order, none of the shared ones).
    Merged(std::rc::Rc<Shared>, Vec<(&'static str, Answer)>),
}

/// The fixed fields of records that many answers have, a card definition's for one (its name,
/// text, lists): in Lua they are made once, frozen, and their values copied into each record
/// rather than made again for it. Each `Shared` has its own number for its life and after (a
/// card reloaded gets a new one), which keys its Lua table in the kit.
pub struct Shared {
    id: i64,
    fields: Vec<(&'static str, Answer)>,
}

impl Shared {
    pub fn new(fields: Vec<(&'static str, Answer)>) -> Shared {
        static NEXT: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);
        debug_assert!(fields.windows(2).all(|w| w[0].0 < w[1].0), "fields out of name order: {:?}", names(&fields));
        Shared { id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed), fields }
    }
}

impl From<Value> for Answer {
    fn from(v: Value) -> Answer {
        Answer::Value(v)
    }
}

impl From<bool> for Answer {
    fn from(b: bool) -> Answer {
        Answer::Bool(b)
    }
}

impl Answer {
    /// A record of `fields`, given in name order.
    pub fn record(fields: Vec<(&'static str, Answer)>) -> Answer {
        debug_assert!(fields.windows(2).all(|w| w[0].0 < w[1].0), "fields out of name order: {:?}", names(&fields));
        Answer::Record(fields)
    }

    /// A record of `shared`'s fields and `own` (given in name order, none of `shared`'s).
    pub fn merged(shared: std::rc::Rc<Shared>, own: Vec<(&'static str, Answer)>) -> Answer {
        debug_assert!(own.windows(2).all(|w| w[0].0 < w[1].0), "fields out of name order: {:?}", names(&own));
        debug_assert!(own.iter().all(|(k, _)| shared.fields.iter().all(|(s, _)| s != k)), "a field given twice");
        Answer::Merged(shared, own)
    }

    pub fn int(i: impl Into<i64>) -> Answer {
        Answer::Int(i.into())
    }

    pub fn opt<T>(o: Option<T>, f: impl FnOnce(T) -> Answer) -> Answer {
        o.map_or(Answer::Nil, f)
    }

    /// A square, as `convert::sq` gives it.
    pub fn square(s: Sq) -> Answer {
        match square_code(s.x as i64, s.y as i64) {
            Some(code) => Answer::Place(code),
            None => Answer::record(vec![("x", Answer::int(s.x)), ("y", Answer::int(s.y))]),
        }
    }

    /// An edge, as `convert::edge` gives it: its square and side (`EdgeId::named_side`).
    pub fn edge(e: EdgeId) -> Answer {
        let side = e.named_side();
        match square_code(e.x as i64, e.y as i64) {
            Some(square) => Answer::Place(edge_code(square, side as usize)),
            None => Answer::record(vec![
                ("side", Answer::Name(side.name())),
                ("x", Answer::int(e.x)),
                ("y", Answer::int(e.y)),
            ]),
        }
    }

    pub fn place(p: Place) -> Answer {
        match p {
            Place::Square(s) => Answer::square(s),
            Place::Edge(e) => Answer::edge(e),
        }
    }

    pub fn dir(d: Dir) -> Answer {
        Answer::Name(d.name())
    }

    fn is_nil(&self) -> bool {
        matches!(self, Answer::Nil | Answer::Value(Value::Nil))
    }
}

fn names(fields: &[(&'static str, Answer)]) -> Vec<&'static str> {
    fields.iter().map(|f| f.0).collect()
}

/// Pushes `a` frozen (`kit`: the stack index of the sandbox's kit), as `value::push` pushes
/// the `Value` it stands for.
unsafe fn push_answer(state: *mut ffi::lua_State, a: &Answer, kit: c_int) {
    // (A scalar takes the one slot its record's check left room for; what makes tables checks
    // for its own.)
    let scalar = matches!(a, Answer::Nil | Answer::Bool(_) | Answer::Int(_) | Answer::Name(_) | Answer::Text(_));
    if !scalar {
        room_for(state, 8);
    }
    match a {
        Answer::Nil => ffi::lua_pushnil(state),
        Answer::Bool(b) => ffi::lua_pushboolean(state, *b as c_int),
        Answer::Int(i) => ffi::lua_pushinteger(state, *i),
        Answer::Name(s) => push_str(state, s),
        Answer::Text(s) => push_str(state, s),
        Answer::Place(code) => push_place(state, kit, *code),
        Answer::Value(v) => push(state, v, Some(kit)),
        Answer::List(items) if items.is_empty() => {
            ffi::lua_rawgeti(state, kit, KIT_EMPTY);
        }
        Answer::List(items) => {
            ffi::lua_createtable(state, items.len() as c_int, 0);
            for (i, x) in items.iter().enumerate() {
                push_answer(state, x, kit);
                ffi::lua_rawseti(state, -2, (i + 1) as ffi::lua_Integer);
            }
            crate::value::lua_wizwar_freeze(state, -1);
        }
        Answer::Record(fields) => push_record(state, fields, kit),
        Answer::Keyed(fields) => push_fields(state, fields.iter().map(|(k, v)| (k.as_str(), v)), kit),
        Answer::Merged(shared, own) => push_merged(state, shared, own, kit),
    }
}

/// A record of the shared fields (their values as the shared table holds them: no string or
/// list made again) and its own fields, frozen, made from its shape (`crate::shapes`): the
/// shared table's entries and its own fields' pairs on the stack, the shape naming the slot of
/// each value among them.
unsafe fn push_merged(state: *mut ffi::lua_State, shared: &Shared, own: &[(&'static str, Answer)], kit: c_int) {
    ffi::lua_rawgeti(state, kit, KIT_SHARED);
    if ffi::lua_rawgeti(state, -1, shared.id) == ffi::LUA_TNIL {
        ffi::lua_pop(state, 1);
        push_fields(state, shared.fields.iter().map(|(k, v)| (*k, v)), kit);
        ffi::lua_pushvalue(state, -1);
        ffi::lua_rawseti(state, -3, shared.id);
    }
    ffi::lua_remove(state, -2);
    let fixed = ffi::lua_gettop(state);
    let own = || own.iter().filter(|(_, v)| !v.is_nil());
    let own_fields = own().count() as c_int;
    // (the shape's first names are the shared table's, as they were set in it)
    let id = shapes::of_shared(
        || shared.fields.iter().filter(|(_, v)| !v.is_nil()).map(|(k, _)| *k),
        || own().map(|(k, _)| *k),
    );
    let shared_fields = lua_wizwar_entries(state, fixed);
    if shared_fields < 0 {
        ffi::luaL_error(state, c"kernel data nested too deep".as_ptr());
    }
    let n = shared_fields + own_fields;
    if n == 0 {
        // (every empty table of an answer is the kit's one)
        ffi::lua_settop(state, fixed - 1);
        ffi::lua_rawgeti(state, kit, KIT_EMPTY);
        return;
    }
    room_for(state, 2 * own_fields + 8);
    for (k, v) in own() {
        push_str(state, k);
        push_answer(state, v, kit);
    }
    // (the pairs lie above the shared table: each pair's name, its value in the slot after it)
    shapes::push_shape(state, kit, id, n, |i| ffi::lua_pushvalue(state, fixed + 1 + 2 * i), |i| 2 * i + 2);
    // (the shape below the pairs, which it replaces with the record)
    ffi::lua_insert(state, fixed + 1);
    shapes::make(state, fixed + 1, 2 * n);
    crate::value::lua_wizwar_freeze(state, -1);
    // (the record where the shared table was)
    ffi::lua_replace(state, fixed);
}

unsafe fn push_str(state: *mut ffi::lua_State, s: &str) {
    ffi::lua_pushlstring(state, s.as_ptr() as *const std::os::raw::c_char, s.len());
}

/// A record of the fields that are not nil, frozen, made from its shape (`crate::shapes`): no
/// name hashed again, laid out as `push_fields` would lay it out.
unsafe fn push_record(state: *mut ffi::lua_State, fields: &[(&'static str, Answer)], kit: c_int) {
    let given = || fields.iter().filter(|(_, v)| !v.is_nil());
    let n = given().count() as c_int;
    if n == 0 {
        ffi::lua_rawgeti(state, kit, KIT_EMPTY);
        return;
    }
    let id = shapes::of_static(|| given().map(|(k, _)| *k));
    // (the names pushed only when this Lua state makes the shape)
    let name = |i: c_int| push_str(state, given().nth(i as usize).map_or("", |f| f.0));
    let shape = shapes::push_shape(state, kit, id, n, name, |i| i + 1);
    room_for(state, n + 8);
    for (_, v) in given() {
        push_answer(state, v, kit);
    }
    shapes::make(state, shape, n);
    crate::value::lua_wizwar_freeze(state, -1);
}

/// A table of the fields that are not nil, in the order given (all empty tables are the kit's
/// one frozen empty table, as for a `Value`).
unsafe fn push_fields<'a>(
    state: *mut ffi::lua_State,
    fields: impl Iterator<Item = (&'a str, &'a Answer)> + Clone,
    kit: c_int,
) {
    let n = fields.clone().filter(|(_, v)| !v.is_nil()).count();
    if n == 0 {
        ffi::lua_rawgeti(state, kit, KIT_EMPTY);
        return;
    }
    // (every pair on the stack, then made into one frozen table: record_of_pairs)
    room_for(state, 2 * n as c_int + 8);
    for (k, v) in fields.filter(|(_, v)| !v.is_nil()) {
        push_str(state, k);
        push_answer(state, v, kit);
    }
    record_of_pairs(state, n as c_int, true);
}

/// Builds the answer at the light userdata argument 1 on a fresh stack (see `push_built`).
unsafe extern "C-unwind" fn build(state: *mut ffi::lua_State) -> c_int {
    let a = &*(ffi::lua_touserdata(state, 1) as *const Answer);
    ffi::lua_settop(state, 0);
    let kit = push_kit(state);
    push_answer(state, a, kit);
    1
}

impl IntoLua for Answer {
    /// Pushed straight onto the stack of the primitive's call, its tables built in one
    /// protected call (an allocation past the memory cap is an error the script sees).
    unsafe fn push_into_stack(self, lua: &mlua::state::RawLua) -> mlua::Result<()> {
        let state = lua.state();
        match self {
            Answer::Nil => ffi::lua_pushnil(state),
            Answer::Bool(b) => ffi::lua_pushboolean(state, b as c_int),
            Answer::Int(i) => ffi::lua_pushinteger(state, i),
            Answer::Value(v) => return crate::value::Frozen(v).push_into_stack(lua),
            other => return push_built(lua, build, &other as *const Answer as *mut std::ffi::c_void, true),
        }
        Ok(())
    }

    fn into_lua(self, lua: &Lua) -> mlua::Result<mlua::Value> {
        // SAFETY: `push_answer` only pushes onto the stack it is given and sets fields of
        // tables it made; it holds nothing with a destructor across a call that may raise.
        unsafe {
            lua.exec_raw::<mlua::Value>((), |state| {
                let kit = push_kit(state);
                push_answer(state, &self, kit);
                ffi::lua_remove(state, kit);
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Frozen, FROZEN_KIT};

    /// A Lua with the sandbox's kit in place (prelude.lua `frozen_kit`).
    fn lua_with_kit() -> Lua {
        let lua = Lua::new();
        let kit: mlua::Table = lua.load("local e = {} return { e, {}, {}, {}, false, {} }").eval().expect("kit");
        lua.set_named_registry_value(FROZEN_KIT.to_str().unwrap(), kit).unwrap();
        // (The kit's empty table is frozen, as the prelude leaves it.)
        unsafe {
            lua.exec_raw::<()>((), |state| {
                ffi::lua_getfield(state, ffi::LUA_REGISTRYINDEX, FROZEN_KIT.as_ptr());
                ffi::lua_rawgeti(state, -1, KIT_EMPTY);
                crate::value::lua_wizwar_freeze(state, -1);
                ffi::lua_settop(state, 0);
            })
            .unwrap();
        }
        lua
    }

    /// Lua's `same(x, y, path, in_order)`: tables with the same fields and values all the way
    /// down, y's frozen; with `in_order`, fields met in the same order by `next` too.
    const SAME: &str = r#"
        local function same(x, y, path, in_order)
          if type(x) ~= "table" then
            assert(x == y, path .. ": " .. tostring(x) .. " ~= " .. tostring(y))
            return
          end
          assert(type(y) == "table", path .. " is no table")
          assert(not pcall(rawset, y, "new", 1), path .. " is not frozen")
          if in_order then
            local kx, ky = next(x), next(y)
            while kx ~= nil or ky ~= nil do
              assert(kx == ky, path .. ": field " .. tostring(kx) .. " against " .. tostring(ky))
              same(x[kx], y[ky], path .. "." .. tostring(kx), true)
              kx, ky = next(x, kx), next(y, ky)
            end
            return
          end
          local n = 0
          for k, v in next, x do n = n + 1; same(v, y[k], path .. "." .. tostring(k)) end
          for _ in next, y do n = n - 1 end
          assert(n == 0, path .. ": fields differ")
        end
    "#;

    fn value_map(pairs: Vec<(&str, Value)>) -> Value {
        Value::Map(pairs.into_iter().filter(|(_, v)| !v.is_nil()).map(|(k, v)| (k.to_string(), v)).collect())
    }

    #[test]
    fn an_answer_is_the_table_its_value_would_be() {
        let lua = lua_with_kit();
        let sq = |x: i64, y: i64| value_map(vec![("x", Value::Int(x)), ("y", Value::Int(y))]);
        let mut tags = crate::value::Map::new();
        tags.insert("look", Value::Str("held".into()));
        let value = value_map(vec![
            ("at", sq(2, 3)),
            ("edge", value_map(vec![("side", "W".into()), ("x", Value::Int(4)), ("y", Value::Int(-1))])),
            ("gone", Value::Nil),
            ("kind", "door".into()),
            ("list", Value::List(vec![Value::Int(1), sq(0, 0), Value::List(vec![])])),
            ("name", "Ann".into()),
            ("open", true.into()),
            ("tags", Value::Map(tags.clone())),
        ]);
        let answer = Answer::record(vec![
            ("at", Answer::square(crate::geometry::Sq::new(2, 3))),
            ("edge", Answer::edge(crate::geometry::Sq::new(4, -1).edge(Dir::W))),
            ("gone", Answer::Nil),
            ("kind", Answer::Name("door")),
            (
                "list",
                Answer::List(vec![
                    Answer::Int(1),
                    Answer::square(crate::geometry::Sq::new(0, 0)),
                    Answer::List(vec![]),
                ]),
            ),
            ("name", Answer::Text("Ann".into())),
            ("open", true.into()),
            ("tags", Value::Map(tags).into()),
        ]);
        let v = Frozen(value).into_lua(&lua).unwrap();
        let a = answer.into_lua(&lua).unwrap();
        let same: String = lua
            .load(
                SAME.to_string()
                    + r#"
                local v, a = ...
                -- The same fields in the same order (`next` walks both tables alike).
                same(v, a, "answer", true)
                -- Places and empty tables are the kit's own, shared by every answer.
                assert(rawequal(v.at, a.at) and rawequal(v.edge, a.edge) and rawequal(v.list[3], a.list[3]))
                return a.edge.side .. a.kind .. tostring(a.gone)
                "#,
            )
            .call((v, a))
            .unwrap();
        assert_eq!(same, "Wdoornil");
    }

    #[test]
    fn a_merged_answer_has_the_fields_of_its_record_and_shares_the_fixed_ones() {
        let lua = lua_with_kit();
        let text = |s: &str| Answer::Text(s.to_string());
        let fixed =
            || vec![("kind", text("neutral")), ("name", text("Zot")), ("traits", Answer::List(vec![text("a")]))];
        let own = |id: i64| vec![("energy", Answer::Int(3)), ("gone", Answer::Nil), ("id", Answer::Int(id))];
        let shared = std::rc::Rc::new(Shared::new(fixed()));
        let mut all = fixed();
        all.extend(own(7));
        all.sort_by_key(|f| f.0);
        let record = Answer::record(all).into_lua(&lua).unwrap();
        let first = Answer::merged(shared.clone(), own(7)).into_lua(&lua).unwrap();
        let second = Answer::merged(shared, own(8)).into_lua(&lua).unwrap();
        let checked: i64 = lua
            .load(
                SAME.to_string()
                    + r#"
                local r, a, b = ...
                same(r, a, "answer")
                assert(b.id == 8 and b.name == "Zot" and b.gone == nil)
                -- (the fixed lists are made once: one table in every record)
                assert(rawequal(a.traits, b.traits) and not rawequal(r.traits, a.traits))
                return a.id
                "#,
            )
            .call((record, first, second))
            .unwrap();
        assert_eq!(checked, 7);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "name order")]
    fn a_record_out_of_name_order_is_caught_in_debug_builds() {
        let _ = Answer::record(vec![("b", Answer::Nil), ("a", Answer::Nil)]);
    }
}
