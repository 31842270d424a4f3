//! `Value`: the neutral data the kernel keeps for scripts (a card instance's own data, event
//! payloads, decision options) and hands across the Lua border.
//!
//! Maps are ordered (BTreeMap) so logs and saves are byte-stable; numbers are integers so no
//! float formatting can differ between machines. A Lua table becomes a list when its keys are
//! exactly 1..n, a map when they are all strings; anything else is refused with a clear error
//! instead of losing entries on the way.

use mlua::{FromLua, IntoLua, Lua};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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
    Map(BTreeMap<String, Value>),
}

impl Value {
    pub fn map() -> Value {
        Value::Map(BTreeMap::new())
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

    /// Sets a key of a map (turning Nil into a map); setting Nil removes the key.
    pub fn set(&mut self, key: &str, v: Value) {
        if self.is_nil() {
            *self = Value::map();
        }
        if let Value::Map(m) = self {
            if v.is_nil() {
                m.remove(key);
            } else {
                m.insert(key.to_string(), v);
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

impl IntoLua for Value {
    fn into_lua(self, lua: &Lua) -> mlua::Result<mlua::Value> {
        Ok(match self {
            Value::Nil => mlua::Value::Nil,
            Value::Bool(b) => mlua::Value::Boolean(b),
            Value::Int(i) => mlua::Value::Integer(i),
            Value::Str(s) => mlua::Value::String(lua.create_string(&s)?),
            Value::List(v) => {
                let t = lua.create_table_with_capacity(v.len(), 0)?;
                for (i, x) in v.into_iter().enumerate() {
                    t.raw_set(i + 1, x)?;
                }
                mlua::Value::Table(t)
            }
            Value::Map(m) => {
                let t = lua.create_table_with_capacity(0, m.len())?;
                for (k, x) in m {
                    t.raw_set(k, x)?;
                }
                mlua::Value::Table(t)
            }
        })
    }
}

fn refuse(what: &str) -> mlua::Error {
    mlua::Error::runtime(format!(
        "kernel data must be nil, booleans, integers, strings, lists or string-keyed tables; got {what}"
    ))
}

fn from_lua_depth(v: mlua::Value, depth: usize) -> mlua::Result<Value> {
    if depth > 32 {
        return Err(refuse("a table nested more than 32 deep (a cycle?)"));
    }
    Ok(match v {
        mlua::Value::Nil => Value::Nil,
        mlua::Value::Boolean(b) => Value::Bool(b),
        mlua::Value::Integer(i) => Value::Int(i),
        mlua::Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Value::Int(n as i64),
        mlua::Value::Number(n) => return Err(refuse(&format!("the fractional number {n}"))),
        mlua::Value::String(s) => Value::Str(s.to_str()?.to_string()),
        mlua::Value::Table(t) => {
            let mut ints = BTreeMap::new();
            let mut strs = BTreeMap::new();
            for pair in t.pairs::<mlua::Value, mlua::Value>() {
                let (k, x) = pair?;
                let x = from_lua_depth(x, depth + 1)?;
                match k {
                    mlua::Value::Integer(i) => {
                        ints.insert(i, x);
                    }
                    mlua::Value::String(s) => {
                        strs.insert(s.to_str()?.to_string(), x);
                    }
                    other => return Err(refuse(&format!("a table key of type {}", other.type_name()))),
                }
            }
            match (ints.is_empty(), strs.is_empty()) {
                (true, true) => Value::Map(BTreeMap::new()),
                (true, false) => Value::Map(strs),
                (false, true) => {
                    let n = ints.len() as i64;
                    if ints.keys().copied().eq(1..=n) {
                        Value::List(ints.into_values().collect())
                    } else {
                        let keys: Vec<String> = ints.keys().map(|k| k.to_string()).collect();
                        return Err(refuse(&format!("a list with holes (keys {})", keys.join(", "))));
                    }
                }
                (false, false) => return Err(refuse("a table mixing list entries and named fields")),
            }
        }
        other => return Err(refuse(&format!("a {}", other.type_name()))),
    })
}

impl FromLua for Value {
    fn from_lua(v: mlua::Value, _lua: &Lua) -> mlua::Result<Value> {
        from_lua_depth(v, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_lua() {
        let lua = Lua::new();
        let v: Value = lua.load("return { a = 1, b = { 'x', 'y' }, c = { d = true } }").eval().unwrap();
        assert_eq!(v.to_string(), r#"{a = 1, b = {"x", "y"}, c = {d = true}}"#);
        let back: Value = lua.load("return ...").call(v.clone()).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn refuses_what_would_lose_data() {
        let lua = Lua::new();
        let err = lua.load("return { [1] = 'a', [3] = 'c' }").eval::<Value>().unwrap_err();
        assert!(err.to_string().contains("holes"), "{err}");
        assert!(lua.load("return 1.5").eval::<Value>().is_err());
        assert!(lua.load("return function() end").eval::<Value>().is_err());
    }

    #[test]
    fn serializes_in_key_order() {
        let mut v = Value::Nil;
        v.set("zeta", 1.into());
        v.set("alpha", "x".into());
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"alpha":"x","zeta":1}"#);
    }
}
