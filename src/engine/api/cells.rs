//! The board's primitives that hold for cells of either shape (squares or hexes): the shape
//! and its directions, steps by direction name, regions, a map's marks, rings and discs,
//! facing wedges, footprints and the exact line between two centres. On a hex board a cell is
//! `{q, r}` in Lua (value.rs, `KIT_HEX`); the rest of the board's primitives take it as well.

use super::*;
use crate::geometry::{Bearing, Coord, Direction, LineStep, Shape};

pub(super) fn install_cells(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "shape", w, |k, ()| -> F<&'static str> {
        Ok(match k.st.borrow().board.shape() {
            Shape::Square => "square",
            Shape::Hex => "hex",
        })
    })?;
    query(lua, t, "directions", w, |k, ()| -> F<Answer> {
        let shape = k.st.borrow().board.shape();
        Ok(Answer::List(shape.directions().map(|d| Answer::Name(shape.name(d))).collect()))
    })?;
    reg(lua, t, "turn_direction", w, |k, (d, turns): (String, i64)| -> F<&'static str> {
        let shape = k.st.borrow().board.shape();
        let d = direction(shape, &d)?;
        Ok(shape.name(shape.turn(d, (turns % shape.degree() as i64) as i32)))
    })?;
    query(lua, t, "cell_steps", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let steps = k.st.borrow().board.cell_steps(s);
        Ok(Answer::List(
            steps
                .into_iter()
                .map(|(d, to)| Answer::record(vec![("dir", Answer::Name(d)), ("to", Answer::square(to))]))
                .collect(),
        ))
    })?;
    query(lua, t, "region_of", w, |k, s: PlaceArg| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.region_of(cv::sq_arg(&s)?), |r| Value::Int(r as i64)))
    })?;
    query(lua, t, "cell_name", w, |k, s: PlaceArg| -> F<Value> {
        Ok(Value::Str(k.st.borrow().board.cell_name(cv::sq_arg(&s)?)))
    })?;
    query(lua, t, "region_distance", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        let d = k.st.borrow().board.region_distance(cv::sq_arg(&a)?, cv::sq_arg(&b)?);
        Ok(cv::opt(d, |r| Value::Int(r as i64)))
    })?;
    query(lua, t, "marked", w, |k, mark: String| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().board.marked(&mark).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "marks_at", w, |k, s: PlaceArg| -> F<Value> {
        let marks = k.st.borrow().board.marks_at(cv::sq_arg(&s)?);
        Ok(Value::List(marks.into_iter().map(Value::Str).collect()))
    })?;
    query(lua, t, "ring", w, |k, (s, radius): (PlaceArg, i64)| -> F<Answer> {
        let cells = k.st.borrow().board.ring(cv::sq_arg(&s)?, radius_arg(radius)?);
        Ok(Answer::List(cells.into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "disc", w, |k, (s, radius): (PlaceArg, i64)| -> F<Answer> {
        let cells = k.st.borrow().board.disc(cv::sq_arg(&s)?, radius_arg(radius)?);
        Ok(Answer::List(cells.into_iter().map(Answer::square).collect()))
    })?;
    reg(
        lua,
        t,
        "in_wedges",
        w,
        |k, (s, facing, wedges, radius, between): (PlaceArg, String, Vec<i64>, i64, Option<bool>)| -> F<Value> {
            let st = k.st.borrow();
            let shape = st.board.shape();
            let facing = direction(shape, &facing)?;
            let wedges: Vec<u8> = wedges
                .into_iter()
                .map(|w| u8::try_from(w).ok().filter(|&w| (w as usize) < shape.degree()))
                .collect::<Option<_>>()
                .ok_or_else(|| format!("in_wedges: wedges are numbered 0 to {}", shape.degree() - 1))?;
            let cells =
                st.board.in_wedges(cv::sq_arg(&s)?, facing, &wedges, radius_arg(radius)?, between.unwrap_or(false));
            Ok(Value::List(cells.into_iter().map(cv::sq).collect()))
        },
    )?;
    reg(lua, t, "bearing", w, |k, (from, facing, to): (PlaceArg, String, PlaceArg)| -> F<Value> {
        let st = k.st.borrow();
        let facing = direction(st.board.shape(), &facing)?;
        Ok(match st.board.bearing(cv::sq_arg(&from)?, facing, cv::sq_arg(&to)?) {
            Some(Bearing::Inside(w)) => map(vec![("wedge", Value::Int(w as i64))]),
            Some(Bearing::Between(a, b)) => {
                map(vec![("between", Value::List(vec![Value::Int(a as i64), Value::Int(b as i64)]))])
            }
            None => Value::Nil,
        })
    })?;
    reg(lua, t, "footprint", w, |k, (anchor, facing, offsets): (PlaceArg, String, Vec<Value>)| -> F<Value> {
        let st = k.st.borrow();
        let facing = direction(st.board.shape(), &facing)?;
        let offsets: Vec<Coord> =
            offsets.iter().map(|v| cv::to_sq(v).map(|s| Coord::new(s.x, s.y))).collect::<Result<_, _>>()?;
        let cells = st.board.footprint(cv::sq_arg(&anchor)?, facing, &offsets);
        Ok(cv::opt(cells, |c| Value::List(c.into_iter().map(cv::sq).collect())))
    })?;
    query(lua, t, "line", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        let line = k.st.borrow().board.line(cv::sq_arg(&a)?, cv::sq_arg(&b)?);
        Ok(cv::opt(line, |steps| Value::List(steps.into_iter().map(line_step).collect())))
    })?;
    Ok(())
}

/// A direction name of the board's shape ("N" ... for squares, "NE" ... for hexes).
pub(super) fn direction(shape: Shape, name: &str) -> Result<Direction, String> {
    shape
        .direction_named(name)
        .ok_or_else(|| format!("expected a direction of this board ({}), got {name:?}", direction_names(shape)))
}

/// The shape's direction names, clockwise: "NE, E, SE, SW, W, NW".
pub(super) fn direction_names(shape: Shape) -> String {
    shape.directions().map(|d| shape.name(d)).collect::<Vec<_>>().join(", ")
}

fn radius_arg(r: i64) -> Result<u32, String> {
    u32::try_from(r).ok().filter(|&r| r <= 64).ok_or_else(|| format!("expected a radius from 0 to 64, got {r}"))
}

/// One step of a line: `{kind = "cell", cell}`, `{kind = "between", cells = {a, b}}` (the line
/// runs exactly between two cells) or `{kind = "grazes", cell}` (it passes a third hex's corner).
fn line_step(s: LineStep<crate::geometry::Sq>) -> Value {
    match s {
        LineStep::One(c) => map(vec![("kind", "cell".into()), ("cell", cv::sq(c))]),
        LineStep::Between(a, b) => {
            map(vec![("kind", "between".into()), ("cells", Value::List(vec![cv::sq(a), cv::sq(b)]))])
        }
        LineStep::Grazes(c) => map(vec![("kind", "grazes".into()), ("cell", cv::sq(c))]),
    }
}
