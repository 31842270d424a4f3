//! The records of the board's lines as scripts see them (`game:edge`, `game:edges`,
//! `game:edges_around`): each a frozen table, made the first time a question names its line
//! and given again, the same table, until the board changes.
//!
//! Listing a wizard's actions asks for the walls in sight from his square, the doors of the
//! board, the four sides of a square...: new questions at every step, about the same few lines.
//! Built each time, a record is a dozen Rust allocations and four Lua tables; kept, it is one
//! lookup. The board's own count of changes (`StateCell::board_changes`) says when they go:
//! every change that may touch the board moves it (the memo of queries relies on the same
//! count), and so does putting a checkpoint back or starting a new game.
//!
//! With the memo's check on (card tests and scenarios in debug builds), every record given
//! again is compared with one made fresh: a change to the board its code did not count is
//! caught at once.

use super::api::{edge_info, Fail};
use super::Kernel;
use crate::geometry::EdgeId;
use crate::value::{Frozen, Value};
use mlua::{FromLua, IntoLua, Lua, Table};
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};

pub(crate) struct EdgeRecords {
    /// The board's count of changes the tables were made at.
    board: Cell<u64>,
    tables: RefCell<FxHashMap<EdgeId, Table>>,
    /// Compare every record given again with a fresh one (the memo's check).
    verify: Cell<bool>,
}

impl EdgeRecords {
    pub fn new() -> EdgeRecords {
        EdgeRecords { board: Cell::new(u64::MAX), tables: RefCell::default(), verify: Cell::new(false) }
    }

    pub fn verify(&self, on: bool) {
        self.verify.set(on);
    }

    /// The frozen record of line `e` (an error if the board has no such line).
    pub fn get(&self, k: &Kernel, e: EdgeId) -> Result<Table, Fail> {
        let now = k.st.board_changes();
        if self.board.get() != now {
            self.tables.borrow_mut().clear();
            self.board.set(now);
        }
        let lua = k.host.lua();
        let kept = self.tables.borrow().get(&e).cloned();
        if let Some(t) = kept {
            if self.verify.get() {
                // (Both as scripts read them: a field that is nil, an empty list, are no field
                // and an empty table there.)
                let fresh = edge_info(&k.st.borrow().board.edge(e)?);
                let fresh = Value::from_lua(Frozen(fresh).into_lua(lua)?, lua)?;
                let given = Value::from_lua(mlua::Value::Table(t.clone()), lua)?;
                if given != fresh {
                    return Err(Fail::Msg(format!("kernel: the record kept for line {e} is not what the board gives")));
                }
            }
            return Ok(t);
        }
        let record = edge_info(&k.st.borrow().board.edge(e)?);
        let t = match Frozen(record).into_lua(lua)? {
            mlua::Value::Table(t) => t,
            other => return Err(Fail::Msg(format!("kernel: a line's record came out as a {}", other.type_name()))),
        };
        self.tables.borrow_mut().insert(e, t.clone());
        Ok(t)
    }
}

/// A frozen list of records.
pub(crate) fn frozen_list(lua: &Lua, records: Vec<Table>) -> mlua::Result<mlua::Value> {
    if records.is_empty() {
        return Frozen(Value::List(Vec::new())).into_lua(lua);
    }
    let n = records.len() as std::os::raw::c_int;
    // SAFETY: the records are the n values on the stack; the list is made, filled and frozen
    // above them, and they are dropped, leaving the list alone as the result.
    unsafe {
        lua.exec_raw(mlua::MultiValue::from_iter(records.into_iter().map(mlua::Value::Table)), |state| {
            use mlua::ffi;
            ffi::lua_createtable(state, n, 0);
            for i in 1..=n {
                ffi::lua_pushvalue(state, i);
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer);
            }
            crate::value::lua_wizwar_freeze(state, -1);
            ffi::lua_replace(state, 1);
            ffi::lua_settop(state, 1);
        })
    }
}

/// A frozen table of records by name.
pub(crate) fn frozen_map(lua: &Lua, records: Vec<(String, Table)>) -> mlua::Result<mlua::Value> {
    if records.is_empty() {
        return Frozen(Value::map()).into_lua(lua);
    }
    let n = records.len() as std::os::raw::c_int;
    let mut args = Vec::with_capacity(2 * records.len());
    for (name, t) in records {
        args.push(mlua::Value::String(lua.create_string(name)?));
        args.push(mlua::Value::Table(t));
    }
    let args = mlua::MultiValue::from_vec(args);
    // SAFETY: as in `frozen_list`, with names and records alternating on the stack.
    unsafe {
        lua.exec_raw(args, |state| {
            use mlua::ffi;
            ffi::lua_createtable(state, 0, n);
            for i in 0..n {
                ffi::lua_pushvalue(state, 2 * i + 1);
                ffi::lua_pushvalue(state, 2 * i + 2);
                ffi::lua_rawset(state, -3);
            }
            crate::value::lua_wizwar_freeze(state, -1);
            ffi::lua_replace(state, 1);
            ffi::lua_settop(state, 1);
        })
    }
}
