//! Turning kernel types into `Value`s for scripts and back, with errors a card author can read.

use crate::answer::{Answer, Shared};
use crate::geometry::{Dir, EdgeId, Place, Sq};
use crate::state::{CardInstance, GameState, Object, Player, StackEntry, TurnState, Zone};
use crate::value::{place_of_code, PlaceArg, Value};

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
        (Some(x), Some(y)) => Ok(Sq::new(coordinate(x)?, coordinate(y)?)),
        _ => Err(format!("expected a square {{x = .., y = ..}} (on a hex board a hex {{q = .., r = ..}}), got {v}")),
    }
}

/// A coordinate a script gave: refused, not cut to 32 bits, when it is out of range (no board
/// comes near it, so no square there exists).
pub fn coordinate(n: i64) -> Result<i32, String> {
    i32::try_from(n).map_err(|_| format!("coordinate {n} is out of range"))
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
    Value::Str(d.name().to_string())
}

pub fn to_dir(v: &Value) -> Result<Dir, String> {
    v.as_str().and_then(Dir::parse).ok_or_else(|| format!("expected a direction \"N\", \"E\", \"S\" or \"W\", got {v}"))
}

/// An edge as scripts see it: a square and a side.
pub fn edge(e: EdgeId) -> Value {
    map(vec![("x", Value::Int(e.x as i64)), ("y", Value::Int(e.y as i64)), ("side", dir(e.named_side()))])
}

pub fn to_edge(v: &Value) -> Result<EdgeId, String> {
    let int = |k: &str| v.get(k).and_then(Value::as_int);
    let s = match (int("x"), int("y")) {
        (Some(x), Some(y)) => Sq::new(coordinate(x)?, coordinate(y)?),
        _ => return Err(format!("expected an edge {{x = .., y = .., side = \"N\"}}, got {v}")),
    };
    let side = v.get("side").map(to_dir).transpose()?.ok_or_else(|| format!("an edge needs a side: {v}"))?;
    Ok(s.edge(side))
}

pub fn to_place(v: &Value) -> Result<Place, String> {
    if v.get("side").is_some() {
        to_edge(v).map(Place::Edge)
    } else {
        to_sq(v).map(Place::Square)
    }
}

/// Where a card is, as scripts read it (`game:card(c).zone`).
pub fn zone(z: &Zone) -> Answer {
    let kind = |k| ("kind", Answer::Name(k));
    match z {
        Zone::Pile(n) => Answer::record(vec![kind("pile"), ("pile", Answer::Text(n.to_string()))]),
        Zone::Hand(p) => Answer::record(vec![kind("hand"), ("player", Answer::int(*p))]),
        Zone::Play(p) => Answer::record(vec![kind("play"), ("player", Answer::int(*p))]),
        Zone::Stack => Answer::record(vec![kind("stack")]),
        Zone::Board(o) => Answer::record(vec![kind("board"), ("object", Answer::Int(*o as i64))]),
        Zone::Removed => Answer::record(vec![kind("removed")]),
    }
}

pub fn to_zone(v: &Value) -> Result<Zone, String> {
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
    let player = || {
        let p = v.get("player").and_then(Value::as_int).ok_or_else(|| format!("zone {kind} needs a player: {v}"))?;
        u32::try_from(p).map_err(|_| format!("no player {p}"))
    };
    Ok(match kind {
        "pile" => Zone::Pile(v.get("pile").and_then(Value::as_str).ok_or("a pile zone needs `pile = name`")?.into()),
        "hand" => Zone::Hand(player()?),
        "play" => Zone::Play(player()?),
        "removed" => Zone::Removed,
        other => return Err(format!("unknown zone kind `{other}` (pile, hand, play, removed)")),
    })
}

// The records below are query answers (`game:player`, `game:object`, ...): their fields in
// name order (see `Answer::record`).

/// A seat's record: `at` is where its own figure stands (a board of sectors), `figure` that
/// figure's id.
pub fn player(st: &GameState, p: &Player) -> Answer {
    let tokens: crate::value::Map = p.tokens.iter().map(|(k, v)| (k.clone(), Value::Int(*v))).collect();
    Answer::record(vec![
        ("alive", p.alive.into()),
        ("at", Answer::opt(st.seat_at(p.id), Answer::square)),
        ("figure", Answer::opt(p.figure, |id| Answer::Int(id as i64))),
        ("home_sector", Answer::Int(p.home_sector as i64)),
        ("id", Answer::int(p.id)),
        ("life", Answer::Int(p.life)),
        ("name", Answer::Text(p.name.clone())),
        ("tokens", Value::Map(tokens).into()),
        ("vars", p.vars.clone().into()),
    ])
}

pub fn object(o: &Object) -> Answer {
    Answer::record(vec![
        ("at", Answer::opt(o.at, Answer::place)),
        ("blocks_los", o.blocks_los.into()),
        ("blocks_move", o.blocks_move.into()),
        ("card", Answer::opt(o.card, Answer::int)),
        ("carried_by", Answer::opt(o.carried_by, Answer::int)),
        ("damage", Answer::Int(o.damage as i64)),
        ("data", o.data.clone().into()),
        ("fills_square", o.fills_square.into()),
        ("id", Answer::Int(o.id as i64)),
        ("kind", Answer::Text(o.kind.clone())),
        ("mobile", o.mobile.into()),
        ("owner", Answer::opt(o.owner, Answer::int)),
        ("toughness", Answer::opt(o.toughness, |t| Answer::Int(t as i64))),
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

pub fn turn(t: &TurnState) -> Answer {
    Answer::record(vec![
        ("active", Answer::int(t.active)),
        ("extra_turns", Answer::List(t.extra_turns.iter().map(|&p| Answer::int(p)).collect())),
        ("first", Answer::int(t.first)),
        ("number", Answer::Int(t.number as i64)),
        ("phase", Answer::Text(t.phase.clone())),
        ("phase_over", t.phase_over.into()),
        ("round", Answer::Int(t.round as i64)),
        ("vars", t.vars.clone().into()),
    ])
}

/// A card's record: what its definition fixes (`card_statics`, made in Lua once a
/// definition) and what this copy of it has now. Without a definition, only the latter.
pub fn card(c: &CardInstance, statics: Option<&std::rc::Rc<Shared>>) -> Answer {
    let mut own = vec![
        ("controller", Answer::opt(c.controller, Answer::int)),
        ("data", c.data.clone().into()),
        ("energy", Answer::Int(c.energy)),
        ("id", Answer::int(c.id)),
        ("target", c.target.clone().unwrap_or_default().into()),
        ("zone", zone(&c.zone)),
    ];
    match statics {
        Some(shared) => Answer::merged(shared.clone(), own),
        None => {
            // (its definition's key, in name order, is then all it says of it)
            own.insert(2, ("def", Answer::Text(c.def.to_string())));
            Answer::record(own)
        }
    }
}

/// What a card's definition fixes in its record (`card`): the same for every copy.
pub fn card_statics(d: &crate::cards::CardDef) -> Shared {
    let text = |s: &str| Answer::Text(s.to_string());
    let opt_text = |s: &Option<String>| Answer::opt(s.as_deref(), text);
    let list = |l: &[String]| Answer::List(l.iter().map(|s| text(s)).collect());
    Shared::new(vec![
        ("actions", list(&d.actions)),
        ("copies", Answer::Int(d.copies as i64)),
        ("def", text(&d.key)),
        ("duration", opt_text(&d.duration)),
        ("energy_value", Answer::opt(d.energy, Answer::Int)),
        ("kind", text(&d.kind)),
        ("name", text(&d.name)),
        ("range", opt_text(&d.range)),
        ("school", opt_text(&d.school)),
        ("targets", list(&d.targets)),
        ("text", text(&d.text)),
        ("traits", list(&d.traits)),
    ])
}

pub fn int(v: &Value, what: &str) -> Result<i64, String> {
    v.as_int().ok_or_else(|| format!("{what}: expected a whole number, got {v}"))
}
