//! Figures (issue 46): the seats' own pieces, a seat's many pieces, summoned beings, images, each
//! with an owner and a controller, a kind, an anchor cell, a facing, a footprint of cells, and
//! attributes, tokens and vars in the ruleset's words. The questions are kept by the memo
//! (`api.lua`) until the figures change (`Touch::FIGURES`).

use super::*;
use crate::geometry::{Coord, Direction};
use crate::state::Figure;
use std::collections::BTreeMap;

pub(super) fn install_figures(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "create_figure", w, |k, spec: Value| -> F<i64> {
        let kind = spec.get("kind").and_then(Value::as_str).ok_or("create_figure: `kind` (a string) is required")?;
        let mut f = Figure::new(0, kind, None, None);
        apply(k, &mut f, &spec)?;
        if f.controller.is_none() {
            f.controller = f.owner;
        }
        let mut st = k.st.borrow_mut_touching(Touch::FIGURES);
        f.id = st.fresh_figure_id();
        let id = f.id;
        st.figures.insert(id, f);
        Ok(id as i64)
    })?;
    reg(lua, t, "set_figure", w, |k, (id, fields): (i64, Value)| -> F<()> {
        let mut f = figure_of(k, id)?;
        apply(k, &mut f, &fields)?;
        // (a seat's own figure is where the seat stands: the players' answers change with it)
        let seats = if k.st.borrow().is_seat_figure(f.id) { Touch::PLAYERS } else { Touch::NONE };
        let touch = Touch::FIGURES.and(seats);
        k.st.borrow_mut_touching(touch).figures.insert(f.id, f);
        Ok(())
    })?;
    reg(lua, t, "remove_figure", w, |k, id: i64| -> F<()> {
        let f = figure_of(k, id)?;
        if k.st.borrow().is_seat_figure(f.id) {
            return Err(
                format!("figure {id} is a seat's own: it leaves the board (`at = false`), never the game").into()
            );
        }
        k.st.borrow_mut_touching(Touch::FIGURES).figures.remove(&f.id);
        Ok(())
    })?;
    query(lua, t, "figure", w, |k, id: i64| -> F<Answer> {
        let st = k.st.borrow();
        Ok(Answer::opt(u64::try_from(id).ok().and_then(|id| st.figures.get(&id)), |f| record(&st, f)))
    })?;
    query(lua, t, "figures", w, |k, ()| -> F<Answer> {
        let st = k.st.borrow();
        Ok(Answer::List(st.figures.values().map(|f| record(&st, f)).collect()))
    })?;
    query(lua, t, "figures_at", w, |k, s: PlaceArg| -> F<Answer> {
        let st = k.st.borrow();
        Ok(Answer::List(st.figures_at(cv::sq_arg(&s)?).into_iter().map(|id| Answer::Int(id as i64)).collect()))
    })?;
    Ok(())
}

fn figure_of(k: &Kernel, id: i64) -> R<Figure> {
    let st = k.st.borrow();
    u64::try_from(id).ok().and_then(|id| st.figures.get(&id)).cloned().ok_or_else(|| format!("no figure {id}"))
}

/// A figure as scripts see it: its fields, its facing by name and the cells it covers.
fn record(st: &crate::state::GameState, f: &Figure) -> Answer {
    let names = |m: &BTreeMap<String, i64>| {
        Answer::Value(Value::Map(m.iter().map(|(k, v)| (k.as_str().into(), Value::Int(*v))).collect()))
    };
    Answer::record(vec![
        ("at", Answer::opt(f.at, Answer::square)),
        ("attrs", names(&f.attrs)),
        ("cells", Answer::List(st.figure_cells(f).into_iter().map(Answer::square).collect())),
        ("controller", Answer::opt(f.controller, Answer::int)),
        ("facing", Answer::Name(st.board.shape().name(Direction(f.facing)))),
        ("id", Answer::Int(f.id as i64)),
        ("kind", Answer::Text(f.kind.clone())),
        ("owner", Answer::opt(f.owner, Answer::int)),
        ("shown_as", Answer::opt(f.shown_as.clone(), Answer::Text)),
        ("tokens", names(&f.tokens)),
        ("unseen", f.unseen.into()),
        ("vars", f.vars.clone().into()),
    ])
}

/// Sets the fields `spec` gives (kind, owner, controller, at, facing, footprint, attrs, tokens,
/// vars, shown_as, unseen), checking each; the figure must still lie on the board whole.
fn apply(k: &Kernel, f: &mut Figure, spec: &Value) -> R<()> {
    let st = k.st.borrow();
    let shape = st.board.shape();
    if let Some(kind) = spec.get("kind") {
        f.kind = kind.as_str().ok_or(format!("`kind` is a string, not {kind}"))?.to_string();
    }
    if let Some(p) = opt_id(spec, "owner", |p| pid(p, k))? {
        f.owner = Some(p);
    }
    if let Some(p) = opt_id(spec, "controller", |p| pid(p, k))? {
        f.controller = Some(p);
    }
    match spec.get("at") {
        None => {}
        // (false: off the board, as a dead wizard whose seat still counts him)
        Some(Value::Bool(false)) => f.at = None,
        Some(at) => f.at = Some(cv::to_sq(at)?),
    }
    if let Some(facing) = spec.get("facing") {
        let name = facing.as_str().unwrap_or_default();
        let names = super::cells::direction_names(shape);
        f.facing = shape
            .direction_named(name)
            .ok_or(format!("`facing` is a direction of this board ({names}), not {facing}"))?
            .0;
    }
    if let Some(cells) = spec.get("footprint") {
        let Value::List(cells) = cells else { return Err(format!("`footprint` is a list of cells, not {cells}")) };
        f.footprint = cells.iter().map(|c| cv::to_sq(c).map(|s| Coord::new(s.x, s.y))).collect::<Result<_, _>>()?;
    }
    for (key, field) in [("attrs", &mut f.attrs), ("tokens", &mut f.tokens)] {
        let Some(given) = spec.get(key) else { continue };
        let Value::Map(m) = given else { return Err(format!("`{key}` is a table of names to integers, not {given}")) };
        for (name, v) in m.iter() {
            match v {
                Value::Int(n) => field.insert(name.to_string(), *n),
                // (a table cannot hold nil: false takes the name away)
                Value::Bool(false) => field.remove(&name.to_string()),
                other => return Err(format!("`{key}.{name}` is an integer (false to take it away), not {other}")),
            };
        }
    }
    if let Some(vars) = spec.get("vars") {
        f.vars = vars.clone();
    }
    match spec.get("shown_as") {
        None => {}
        Some(Value::Str(s)) => f.shown_as = Some(s.clone()),
        Some(Value::Bool(false)) => f.shown_as = None,
        Some(other) => return Err(format!("`shown_as` is a kind to show others (false: its own), not {other}")),
    }
    match spec.get("unseen") {
        None => {}
        Some(Value::Bool(b)) => f.unseen = *b,
        Some(other) => return Err(format!("`unseen` is true or false, not {other}")),
    }
    if let Some(at) = f.at.filter(|&at| st.board.figure_cells(at, Direction(f.facing), &f.footprint).is_none()) {
        return Err(format!("the figure would not lie whole on the board at {at}"));
    }
    Ok(())
}
