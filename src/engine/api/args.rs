//! Reading and checking what scripts pass to primitives: indices and ids of players, cards,
//! sectors and objects, a mover's flags, a seam policy, where an object lies, the seats an
//! entry is for. Each gives an error naming what was wrong, before anything changes.

use super::*;

/// Checks an index a script passed: `v` in `0..n`.
pub(super) fn index(v: i64, n: usize, what: &str) -> R<usize> {
    if (0..n as i64).contains(&v) {
        Ok(v as usize)
    } else {
        Err(format!("no {what} {v} ({what}s are 0..{})", n as i64 - 1))
    }
}

pub(super) fn pid(v: i64, k: &Kernel) -> R<PlayerId> {
    index(v, k.st.borrow().players.len(), "player").map(|i| i as PlayerId)
}

pub(super) fn cid(v: i64, k: &Kernel) -> R<CardId> {
    index(v, k.st.borrow().cards.len(), "card").map(|i| i as CardId)
}

pub(super) fn sector(v: i64, k: &Kernel) -> R<usize> {
    index(v, k.st.borrow().board.sector_count(), "sector")
}

/// An id a record may give in field `key` (`check` says whether it names something that
/// exists): None when the field is absent or nil; an error when it is not an integer.
pub(super) fn opt_id<T>(record: &Value, key: &str, check: impl FnOnce(i64) -> R<T>) -> R<Option<T>> {
    match record.get(key) {
        None | Some(Value::Nil) => Ok(None),
        Some(Value::Int(n)) => check(*n).map(Some),
        Some(other) => Err(format!("`{key}` is an id (an integer), not {other}")),
    }
}

pub(super) fn oid(v: i64, k: &Kernel) -> R<ObjectId> {
    if k.st.borrow().objects.contains_key(&(v as ObjectId)) {
        Ok(v as ObjectId)
    } else {
        Err(format!("no object {v}"))
    }
}

/// The mover a script's flags describe: `through_doors`, `through_walls`,
/// `through_outer_walls`, `through_obstacles`, `door_passes` (the closed doors it may pass:
/// which doors open for whom is the ruleset's to say).
pub(super) fn mover_from(v: &Value) -> Mover {
    let flag = |name: &str| matches!(v.get(name), Some(Value::Bool(true)));
    let mut m = Mover::thing();
    m.through_doors = flag("through_doors");
    m.through_walls = flag("through_walls");
    m.through_outer_walls = flag("through_outer_walls");
    m.through_obstacles = flag("through_obstacles");
    if let Some(Value::List(passes)) = v.get("door_passes") {
        m.door_passes = passes.iter().filter_map(|e| cv::to_edge(e).ok()).collect();
    }
    m
}

pub(super) fn parse_fate(v: &Value) -> R<String> {
    let s = v.as_str().unwrap_or("reset");
    match s {
        "reset" | "board" | "sector" | "random" => Ok(s.to_string()),
        other => Err(format!("seam policy `{other}`: expected reset, board, sector or random")),
    }
}

/// An object lies on the board or is carried, one or the other.
pub(super) fn lies_or_is_carried(k: &Kernel, at: Option<Place>, carried_by: Option<PlayerId>) -> F<()> {
    match (at, carried_by) {
        (Some(_), Some(p)) => {
            Err(format!("an object lies on the board (`at`) or is carried (by player {p}), not both").into())
        }
        (None, None) => Err("an object lies on the board (`at`) or is carried (`carried_by`)".into()),
        (Some(Place::Square(s)), None) if !k.st.borrow().board.contains(s) => {
            Err(format!("square {s} is not on the board").into())
        }
        _ => Ok(()),
    }
}

/// The seats an entry or a roll is for: nil, everyone; a seat, or a list of seats.
pub(super) fn audience(k: &Kernel, to: Option<Value>) -> F<Option<Vec<PlayerId>>> {
    match to {
        None | Some(Value::Nil) => Ok(None),
        Some(Value::Int(p)) => Ok(Some(vec![pid(p, k)?])),
        Some(Value::List(seats)) => {
            let seats = seats.iter().map(|p| p.as_int().ok_or("a seat is an integer").map_err(String::from));
            let mut seats = seats.map(|p| pid(p?, k)).collect::<R<Vec<_>>>()?;
            seats.sort_unstable();
            seats.dedup();
            Ok(Some(seats))
        }
        Some(other) => Err(format!("the audience is a seat or a list of seats, not {other}").into()),
    }
}
