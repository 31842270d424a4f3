//! Turning kernel types into `Value`s for scripts and back, with errors a card author can read.

use crate::geometry::{Dir, EdgeId, Place, Sq};
use crate::state::{CardInstance, Object, Player, StackEntry, TurnState, Zone};
use crate::value::{place_of_code, PlaceArg, Value};
use std::collections::BTreeMap;

pub fn map(pairs: Vec<(&str, Value)>) -> Value {
    Value::Map(pairs.into_iter().filter(|(_, v)| !v.is_nil()).map(|(k, v)| (k.to_string(), v)).collect())
}

pub fn sq(s: Sq) -> Value {
    map(vec![("x", Value::Int(s.x as i64)), ("y", Value::Int(s.y as i64))])
}

pub fn opt<T>(o: Option<T>, f: impl FnOnce(T) -> Value) -> Value {
    o.map(f).unwrap_or(Value::Nil)
}

pub fn to_sq(v: &Value) -> Result<Sq, String> {
    let int = |k: &str| v.get(k).and_then(Value::as_int);
    match (int("x"), int("y")) {
        (Some(x), Some(y)) => Ok(Sq::new(x as i32, y as i32)),
        _ => Err(format!("expected a square {{x = .., y = ..}}, got {v}")),
    }
}

/// A square argument (see [`PlaceArg`]); an edge stands for its square, as in `to_sq`.
pub fn sq_arg(a: &PlaceArg) -> Result<Sq, String> {
    match a {
        PlaceArg::Code(c) => {
            let (x, y, _) = place_of_code(*c);
            Ok(Sq::new(x as i32, y as i32))
        }
        PlaceArg::Value(v) => to_sq(v),
    }
}

/// An edge argument (see [`PlaceArg`]).
pub fn edge_arg(a: &PlaceArg) -> Result<EdgeId, String> {
    match a {
        PlaceArg::Code(c) => match place_of_code(*c) {
            (x, y, Some(side)) => Ok(Sq::new(x as i32, y as i32).edge(Dir::ALL[side])),
            // (a square where an edge is asked: the same message as a table without a side)
            (x, y, None) => to_edge(&sq(Sq::new(x as i32, y as i32))),
        },
        PlaceArg::Value(v) => to_edge(v),
    }
}

pub fn dir(d: Dir) -> Value {
    Value::Str(d.letter().to_string())
}

pub fn to_dir(v: &Value) -> Result<Dir, String> {
    v.as_str().and_then(Dir::parse).ok_or_else(|| format!("expected a direction \"N\", \"E\", \"S\" or \"W\", got {v}"))
}

/// An edge as scripts see it: a square and a side.
pub fn edge(e: EdgeId) -> Value {
    let (s, side) = if e.horizontal { (Sq::new(e.x, e.y), Dir::N) } else { (Sq::new(e.x, e.y), Dir::W) };
    map(vec![("x", Value::Int(s.x as i64)), ("y", Value::Int(s.y as i64)), ("side", dir(side))])
}

pub fn to_edge(v: &Value) -> Result<EdgeId, String> {
    let s = to_sq(v).map_err(|_| format!("expected an edge {{x = .., y = .., side = \"N\"}}, got {v}"))?;
    let side = v.get("side").map(to_dir).transpose()?.ok_or_else(|| format!("an edge needs a side: {v}"))?;
    Ok(s.edge(side))
}

pub fn place(p: Place) -> Value {
    match p {
        Place::Square(s) => sq(s),
        Place::Edge(e) => edge(e),
    }
}

pub fn to_place(v: &Value) -> Result<Place, String> {
    if v.get("side").is_some() {
        to_edge(v).map(Place::Edge)
    } else {
        to_sq(v).map(Place::Square)
    }
}

pub fn zone(z: &Zone) -> Value {
    match z {
        Zone::Pile(n) => map(vec![("kind", "pile".into()), ("pile", (**n).into())]),
        Zone::Hand(p) => map(vec![("kind", "hand".into()), ("player", Value::Int(*p as i64))]),
        Zone::Play(p) => map(vec![("kind", "play".into()), ("player", Value::Int(*p as i64))]),
        Zone::Stack => map(vec![("kind", "stack".into())]),
        Zone::Board(o) => map(vec![("kind", "board".into()), ("object", Value::Int(*o as i64))]),
        Zone::Removed => map(vec![("kind", "removed".into())]),
    }
}

pub fn to_zone(v: &Value) -> Result<Zone, String> {
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
    let player = || {
        v.get("player")
            .and_then(Value::as_int)
            .map(|p| p as u32)
            .ok_or_else(|| format!("zone {kind} needs a player: {v}"))
    };
    Ok(match kind {
        "pile" => Zone::Pile(v.get("pile").and_then(Value::as_str).ok_or("a pile zone needs `pile = name`")?.into()),
        "hand" => Zone::Hand(player()?),
        "play" => Zone::Play(player()?),
        "removed" => Zone::Removed,
        other => return Err(format!("unknown zone kind `{other}` (pile, hand, play, removed)")),
    })
}

pub fn player(p: &Player) -> Value {
    let tokens: BTreeMap<String, Value> = p.tokens.iter().map(|(k, v)| (k.clone(), Value::Int(*v))).collect();
    map(vec![
        ("id", Value::Int(p.id as i64)),
        ("name", p.name.as_str().into()),
        ("alive", p.alive.into()),
        ("life", Value::Int(p.life)),
        ("home_sector", Value::Int(p.home_sector as i64)),
        ("at", opt(p.at, sq)),
        ("tokens", Value::Map(tokens)),
        ("vars", p.vars.clone()),
    ])
}

pub fn object(o: &Object) -> Value {
    map(vec![
        ("id", Value::Int(o.id as i64)),
        ("kind", o.kind.as_str().into()),
        ("at", opt(o.at, place)),
        ("carried_by", opt(o.carried_by, |p| Value::Int(p as i64))),
        ("card", opt(o.card, |c| Value::Int(c as i64))),
        ("owner", opt(o.owner, |p| Value::Int(p as i64))),
        ("blocks_move", o.blocks_move.into()),
        ("blocks_los", o.blocks_los.into()),
        ("fills_square", o.fills_square.into()),
        ("mobile", o.mobile.into()),
        ("damage", Value::Int(o.damage as i64)),
        ("toughness", opt(o.toughness, |t| Value::Int(t as i64))),
        ("data", o.data.clone()),
    ])
}

pub fn stack_entry(s: &StackEntry) -> Value {
    map(vec![
        ("id", Value::Int(s.id as i64)),
        ("card", opt(s.card, |c| Value::Int(c as i64))),
        ("controller", Value::Int(s.controller as i64)),
        ("kind", s.kind.as_str().into()),
        ("target", s.target.clone().unwrap_or_default()),
        ("energy", Value::Int(s.energy)),
        ("marks", s.marks.clone()),
    ])
}

pub fn turn(t: &TurnState) -> Value {
    map(vec![
        ("number", Value::Int(t.number as i64)),
        ("round", Value::Int(t.round as i64)),
        ("active", Value::Int(t.active as i64)),
        ("phase", t.phase.as_str().into()),
        ("phase_over", t.phase_over.into()),
        ("first", Value::Int(t.first as i64)),
        ("vars", t.vars.clone()),
        ("extra_turns", Value::List(t.extra_turns.iter().map(|&p| Value::Int(p as i64)).collect())),
    ])
}

/// A card instance with its definition's metadata, as scripts see it.
pub fn card(c: &CardInstance, def: Option<&crate::cards::CardDef>) -> Value {
    let mut v = map(vec![
        ("id", Value::Int(c.id as i64)),
        ("def", (*c.def).into()),
        ("zone", zone(&c.zone)),
        ("controller", opt(c.controller, |p| Value::Int(p as i64))),
        ("target", c.target.clone().unwrap_or_default()),
        ("energy", Value::Int(c.energy)),
        ("data", c.data.clone()),
    ]);
    if let Some(d) = def {
        let list = |l: &[String]| Value::List(l.iter().map(|s| s.as_str().into()).collect());
        v.set("name", d.name.as_str().into());
        v.set("kind", d.kind.as_str().into());
        v.set("school", opt(d.school.as_deref(), |s| s.into()));
        v.set("range", opt(d.range.as_deref(), |s| s.into()));
        v.set("duration", opt(d.duration.as_deref(), |s| s.into()));
        v.set("energy_value", opt(d.energy, Value::Int));
        v.set("copies", Value::Int(d.copies as i64));
        v.set("traits", list(&d.traits));
        v.set("targets", list(&d.targets));
        v.set("actions", list(&d.actions));
        v.set("text", d.text.as_str().into());
    }
    v
}

pub fn int(v: &Value, what: &str) -> Result<i64, String> {
    v.as_int().ok_or_else(|| format!("{what}: expected a whole number, got {v}"))
}
