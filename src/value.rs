//! `Value`: the neutral data the kernel keeps for scripts (a card instance's own data, event
//! payloads, decision options) and hands across the Lua border.
//!
//! Maps are ordered (`Map`, fields sorted by name) so logs and saves are byte-stable; numbers
//! are integers so no float formatting can differ between machines. A Lua table becomes a list
//! when its keys are exactly 1..n, a map when they are all strings; anything else is refused
//! with a clear error instead of losing entries on the way.
//!
//! Across the border: `to_lua` (values given to Lua, frozen ones made from the sandbox's kit),
//! `from_lua` (values read from Lua, and what is refused) and `places` (squares and edges as
//! codes, the kit's place tables found by them).

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

mod from_lua;
mod places;
mod to_lua;
pub use from_lua::*;
pub use places::*;
pub use to_lua::*;

#[cfg(test)]
mod tests;
