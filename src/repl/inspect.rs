//! Values shown readably, data (`Value`) and any Lua value alike: floats, mixed and sparse
//! tables, cycles, functions, the game object. Short values stay on one line; longer tables
//! get one entry a line, indented.

use crate::value::Value;
use mlua::Value as Lua;
use std::ffi::c_void;

/// A value laid out for showing: a word, or a table of (key, value) entries (no key: the next
/// entry of the list part).
enum Shown {
    Atom(String),
    Table(Vec<(Option<String>, Shown)>),
}

/// Lines are split when longer than this.
const WIDTH: usize = 72;
/// Deeper tables show as `{...}`.
const MAX_DEPTH: usize = 8;
/// Entries shown per table.
const MAX_ENTRIES: usize = 200;

/// Data as Lua would write it.
pub fn show_value(v: &Value) -> String {
    layout(&from_value(v))
}

/// Any Lua value; `game` is the game object (shown by name, not as its hundred methods).
pub fn show_lua(v: &Lua, game: Option<&mlua::Table>) -> String {
    layout(&from_lua(v, game, &mut vec![], 0))
}

/// Like [`show_lua`], on one line (for `print`): strings as they are.
pub fn show_lua_flat(v: &Lua, game: Option<&mlua::Table>) -> String {
    match v {
        Lua::String(s) => s.to_string_lossy(),
        other => flat(&from_lua(other, game, &mut vec![], 0)),
    }
}

fn from_value(v: &Value) -> Shown {
    match v {
        Value::List(items) => Shown::Table(items.iter().map(|x| (None, from_value(x))).collect()),
        Value::Map(m) => Shown::Table(m.iter().map(|(k, x)| (Some(key_text(k)), from_value(x))).collect()),
        Value::Str(s) => Shown::Atom(format!("{s:?}")),
        other => Shown::Atom(other.to_string()),
    }
}

/// `name` for an identifier, else `["odd key"]`.
fn key_text(k: &str) -> String {
    let ident = k.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ident {
        k.to_string()
    } else {
        format!("[{k:?}]")
    }
}

pub fn float_text(n: f64) -> String {
    if n.is_nan() {
        "nan".into()
    } else if n.is_infinite() {
        if n > 0.0 { "inf" } else { "-inf" }.into()
    } else if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.1}")
    } else {
        format!("{n:?}")
    }
}

fn from_lua(v: &Lua, game: Option<&mlua::Table>, path: &mut Vec<*const c_void>, depth: usize) -> Shown {
    Shown::Atom(match v {
        Lua::Nil => "nil".into(),
        Lua::Boolean(b) => b.to_string(),
        Lua::Integer(i) => i.to_string(),
        Lua::Number(n) => float_text(*n),
        Lua::String(s) => format!("{:?}", s.to_string_lossy()),
        Lua::Function(f) => {
            let info = f.info();
            match (info.what, info.short_src, info.line_defined) {
                ("C", ..) => "<function (built in)>".into(),
                (_, Some(src), Some(line)) => format!("<function {src}:{line}>"),
                _ => "<function>".into(),
            }
        }
        Lua::Table(t) => return table(t, game, path, depth),
        Lua::Thread(_) => "<coroutine>".into(),
        Lua::UserData(_) | Lua::LightUserData(_) => "<userdata>".into(),
        Lua::Error(e) => format!("<error: {e}>"),
        other => format!("<{}>", other.type_name()),
    })
}

fn table(t: &mlua::Table, game: Option<&mlua::Table>, path: &mut Vec<*const c_void>, depth: usize) -> Shown {
    if game == Some(t) {
        let methods = t.pairs::<Lua, Lua>().flatten().filter(|(_, v)| v.is_function()).count();
        return Shown::Atom(format!("<game: the game object, {methods} methods: game:name(...)>"));
    }
    if path.contains(&t.to_pointer()) {
        return Shown::Atom("<cycle>".into());
    }
    if depth >= MAX_DEPTH {
        return Shown::Atom("{...}".into());
    }
    let mut pairs: Vec<(Lua, Lua)> = t.pairs::<Lua, Lua>().flatten().collect();
    // A read-only view (a shared module) keeps its entries behind its metatable.
    if pairs.is_empty() {
        if let Some(Lua::Table(inner)) = t.metatable().and_then(|m| m.raw_get::<Lua>("__index").ok()) {
            pairs = inner.pairs::<Lua, Lua>().flatten().collect();
        }
    }
    pairs.sort_by_key(|a| key_order(&a.0));
    path.push(t.to_pointer());
    let mut entries = vec![];
    let mut next_index = 1;
    let total = pairs.len();
    for (k, v) in pairs.into_iter().take(MAX_ENTRIES) {
        let key = match &k {
            Lua::Integer(i) if *i == next_index => {
                next_index += 1;
                None
            }
            Lua::String(s) => Some(key_text(&s.to_string_lossy())),
            other => Some(format!("[{}]", flat(&from_lua(other, game, path, depth + 1)))),
        };
        entries.push((key, from_lua(&v, game, path, depth + 1)));
    }
    path.pop();
    if total > MAX_ENTRIES {
        entries.push((None, Shown::Atom(format!("... ({} more)", total - MAX_ENTRIES))));
    }
    Shown::Table(entries)
}

/// Keys in a stable order: integers, then other numbers, strings, booleans, the rest.
fn key_order(k: &Lua) -> (u8, i64, String) {
    match k {
        Lua::Integer(i) => (0, *i, String::new()),
        // Floats in their numeric order: flip the bits of negatives so they sort as integers.
        Lua::Number(n) => {
            let bits = n.to_bits() as i64;
            (1, if bits < 0 { bits ^ i64::MAX } else { bits }, String::new())
        }
        Lua::String(s) => (2, 0, s.to_string_lossy()),
        Lua::Boolean(b) => (3, *b as i64, String::new()),
        other => (4, 0, other.type_name().to_string()),
    }
}

fn flat(s: &Shown) -> String {
    match s {
        Shown::Atom(a) => a.clone(),
        Shown::Table(entries) if entries.is_empty() => "{}".into(),
        Shown::Table(entries) => {
            let parts: Vec<String> = entries
                .iter()
                .map(|(k, v)| match k {
                    Some(k) => format!("{k} = {}", flat(v)),
                    None => flat(v),
                })
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
    }
}

fn layout(s: &Shown) -> String {
    let mut out = String::new();
    layout_into(s, 0, &mut out);
    out
}

fn layout_into(s: &Shown, indent: usize, out: &mut String) {
    let one_line = flat(s);
    let entries = match s {
        Shown::Table(entries) if one_line.len() + indent * 2 > WIDTH => entries,
        _ => {
            out.push_str(&one_line);
            return;
        }
    };
    let pad = "  ".repeat(indent + 1);
    out.push_str("{\n");
    for (k, v) in entries {
        out.push_str(&pad);
        if let Some(k) = k {
            out.push_str(&format!("{k} = "));
        }
        layout_into(v, indent + 1, out);
        out.push_str(",\n");
    }
    out.push_str(&"  ".repeat(indent));
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(code: &str) -> String {
        let lua = mlua::Lua::new();
        let v: Lua = lua.load(code).eval().unwrap();
        show_lua(&v, None)
    }

    #[test]
    fn floats_mixed_sparse_and_cyclic_tables_show() {
        assert_eq!(eval("1.5"), "1.5");
        assert_eq!(eval("2.0"), "2.0");
        assert_eq!(eval("1/0"), "inf");
        assert_eq!(eval("-1/0"), "-inf");
        assert_eq!(eval("0/0"), "nan");
        assert_eq!(eval("{3, x = 4}"), "{ 3, x = 4 }");
        assert_eq!(eval("{1, 2, nil, 4}"), "{ 1, 2, [4] = 4 }");
        assert_eq!(eval("{[1] = 1, [3] = 3}"), "{ 1, [3] = 3 }");
        assert_eq!(eval("{['a b'] = true, [2.5] = 'x'}"), "{ [2.5] = \"x\", [\"a b\"] = true }");
        assert_eq!(eval("local t = {} t.me = t return t"), "{ me = <cycle> }");
        assert!(eval("function() end").starts_with("<function "), "{}", eval("function() end"));
        assert_eq!(eval("print"), "<function (built in)>");
    }

    #[test]
    fn data_shows_as_lua_writes_it_and_long_tables_split() {
        let v = Value::List((1..=30).map(Value::Int).collect());
        let shown = show_value(&v);
        assert!(shown.starts_with("{\n  1,\n  2,"), "{shown}");
        let mut m = Value::map();
        m.set("name", "Zap".into());
        m.set("odd key", Value::Int(1));
        assert_eq!(show_value(&m), "{ name = \"Zap\", [\"odd key\"] = 1 }");
    }
}
