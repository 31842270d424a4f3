//! The board's primitives: its size and squares, sight, edges and lines, steps and runs,
//! distance and paths, sectors.

use super::*;

pub(super) fn install_board(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "board_size", w, |k, ()| -> F<(i64, i64)> {
        let (a, b) = k.st.borrow().board.size();
        Ok((a as i64, b as i64))
    })?;
    query(lua, t, "squares", w, |k, ()| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().board.squares().into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "sector_of", w, |k, s: PlaceArg| -> F<Value> {
        let s = cv::sq_arg(&s)?;
        Ok(cv::opt(k.st.borrow().board.sector_of(s), |i| Value::Int(i as i64)))
    })?;
    reg(lua, t, "sector_count", w, |k, ()| -> F<i64> { Ok(k.st.borrow().board.sector_count() as i64) })?;
    reg(lua, t, "empty_places", w, |k, ()| -> F<Value> {
        let places = k.st.borrow().board.empty_slots();
        let place = |(x, y): (i32, i32)| map(vec![("x", Value::Int(x as i64)), ("y", Value::Int(y as i64))]);
        Ok(Value::List(places.into_iter().map(place).collect()))
    })?;
    query(lua, t, "sector_squares", w, |k, i: i64| -> F<Answer> {
        let i = sector(i, k)?;
        let st = k.st.borrow();
        Ok(Answer::List(st.board.sector_squares(i).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "home", w, |k, i: i64| -> F<Answer> {
        let i = sector(i, k)?;
        let st = k.st.borrow();
        Ok(Answer::square(st.board.home(i)))
    })?;
    query(lua, t, "treasure_starts", w, |k, i: i64| -> F<Answer> {
        let i = sector(i, k)?;
        let st = k.st.borrow();
        Ok(Answer::List(st.board.treasure_starts(i).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "home_sector_at", w, |k, s: PlaceArg| -> F<Value> {
        let s = cv::sq_arg(&s)?;
        Ok(cv::opt(k.st.borrow().board.home_sector_at(s), |i| Value::Int(i as i64)))
    })?;
    reg(lua, t, "los", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<bool> {
        Ok(k.st.borrow().board.los(cv::sq_arg(&a)?, cv::sq_arg(&b)?))
    })?;
    query(lua, t, "los_bent", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.los_bent(cv::sq_arg(&a)?, cv::sq_arg(&b)?), cv::sq))
    })?;
    query(lua, t, "line_squares", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        let line = k.st.borrow().board.line_squares(cv::sq_arg(&a)?, cv::sq_arg(&b)?);
        Ok(cv::opt(line, |v| Value::List(v.into_iter().map(cv::sq).collect())))
    })?;
    reg(lua, t, "los_edge", w, |k, (a, e, any): (PlaceArg, PlaceArg, Option<bool>)| -> F<bool> {
        let mode = if any == Some(true) {
            crate::geometry::EdgeTarget::AnyPoint
        } else {
            crate::geometry::EdgeTarget::Midpoint
        };
        Ok(k.st.borrow().board.los_to_edge(cv::sq_arg(&a)?, cv::edge_arg(&e)?, mode))
    })?;
    reg(lua, t, "los_object", w, |k, (a, id): (PlaceArg, i64)| -> F<bool> {
        Ok(k.st.borrow().board.los_to_obstacle(cv::sq_arg(&a)?, id as ObjectId) || {
            // Objects that block nothing are not obstacles: LOS to their square.
            let st = k.st.borrow();
            match st.objects.get(&(id as ObjectId)).and_then(|o| o.at) {
                Some(Place::Square(s)) if !st.board.obstacles().contains_key(&(id as ObjectId)) => {
                    st.board.los(cv::sq_arg(&a)?, s)
                }
                _ => false,
            }
        })
    })?;
    reg(lua, t, "adjacent", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<bool> {
        Ok(k.st.borrow().board.adjacent(cv::sq_arg(&a)?, cv::sq_arg(&b)?))
    })?;
    query(lua, t, "sight_limit", w, |k, ()| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.sight_limit(), |n| Value::Int(n as i64)))
    })?;
    query(lua, t, "visible_from", w, |k, a: PlaceArg| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().board.visible_from(cv::sq_arg(&a)?).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "neighbours", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        if st.board.map_cells().is_some() {
            // (a map has no edges nor links: the cell beyond each side)
            let steps = st.board.cell_steps(s).into_iter();
            return Ok(Answer::List(
                steps
                    .map(|(d, to)| Answer::record(vec![("dir", Answer::Name(d)), ("to", Answer::square(to))]))
                    .collect(),
            ));
        }
        let mut out = Vec::new();
        for d in crate::geometry::Dir::ALL {
            if let Some(step) = st.board.step(s, d) {
                out.push(Answer::record(vec![
                    ("dir", Answer::dir(d)),
                    ("edge", Answer::edge(step.exit_edge)),
                    ("heading", Answer::dir(step.heading)),
                    ("link", step.via_link.into()),
                    ("to", Answer::square(step.to)),
                ]));
            }
        }
        Ok(Answer::List(out))
    })?;
    query(lua, t, "edge", w, |k, e: Value| -> F<Answer> {
        let v = k.st.borrow().board.edge(cv::to_edge(&e)?)?;
        Ok(edge_info(&v))
    })?;
    query(lua, t, "edges", w, |k, filter: Option<Value>| -> F<Answer> {
        let f = LineFilter::read(filter.as_ref())?;
        let st = k.st.borrow();
        let mut out = Vec::new();
        for e in f.lines(&st.board)? {
            out.push(edge_info(&st.board.edge(e)?));
        }
        Ok(Answer::List(out))
    })?;
    // The edges alone of the lines `edges` gives (no record of each): what a listing needs of
    // the walls or doors a spell may aim at.
    query(lua, t, "lines", w, |k, filter: Option<Value>| -> F<Answer> {
        let f = LineFilter::read(filter.as_ref())?;
        let st = k.st.borrow();
        Ok(Answer::List(f.lines(&st.board)?.into_iter().map(Answer::edge).collect()))
    })?;
    query(lua, t, "edges_around", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        let mut out = std::collections::BTreeMap::new();
        for d in Dir::ALL {
            if let Ok(v) = st.board.edge(s.edge(d)) {
                out.insert(edge_key(v.id), edge_info(&v));
            }
        }
        Ok(Answer::Keyed(out.into_iter().collect()))
    })?;
    // The few lines of a square that hold a barrier, in key order: what a listing asks of the
    // wizard's square (its doors, its walls) without records of its open sides.
    query(lua, t, "lines_around", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        // (By key, as edges_around: each line once, in key order.)
        let mut found = std::collections::BTreeMap::new();
        for d in Dir::ALL {
            let e = s.edge(d);
            if st.board.barrier(e).is_some_and(|b| b != Barrier::Open) {
                found.insert(edge_key(e), e);
            }
        }
        let mut out = Vec::with_capacity(found.len());
        for e in found.into_values() {
            out.push(edge_info(&st.board.edge(e)?));
        }
        Ok(Answer::List(out))
    })?;
    query(lua, t, "edges_in_sight", w, |k, (a, any): (PlaceArg, Option<bool>)| -> F<Value> {
        let a = cv::sq_arg(&a)?;
        let mode = if any == Some(true) {
            crate::geometry::EdgeTarget::AnyPoint
        } else {
            crate::geometry::EdgeTarget::Midpoint
        };
        let st = k.st.borrow();
        let mut out = crate::value::Map::new();
        for (e, b) in st.board.lines_seen(Some((a, mode))) {
            if b != Barrier::Open {
                out.insert(edge_key(e), Value::Bool(true));
            }
        }
        Ok(Value::Map(out))
    })?;
    query(lua, t, "steps", w, |k, (p, flags): (i64, Option<Value>)| -> F<Answer> {
        let p = pid(p, k)?;
        let m = mover_from(&flags.unwrap_or_default());
        let st = k.st.borrow();
        let Some(at) = st.seat_at(p) else { return Ok(Answer::List(vec![])) };
        Ok(Answer::List(
            st.board
                .cell_moves(at, &m)
                .into_iter()
                .map(|(dir, to, link)| {
                    Answer::record(vec![("dir", Answer::Name(dir)), ("link", link.into()), ("to", Answer::square(to))])
                })
                .collect(),
        ))
    })?;
    reg(lua, t, "path", w, |k, (a, b, flags): (Value, Value, Option<Value>)| -> F<Value> {
        let flags = flags.unwrap_or_default();
        let m = mover_from(&flags);
        let st = k.st.borrow();
        Ok(cv::opt(st.board.cell_path(cv::to_sq(&a)?, cv::to_sq(&b)?, &m), |p| {
            Value::List(p.into_iter().map(cv::sq).collect())
        }))
    })?;
    reg(lua, t, "reachable", w, |k, (a, points, flags): (Value, i64, Option<Value>)| -> F<Value> {
        let flags = flags.unwrap_or_default();
        let m = mover_from(&flags);
        let st = k.st.borrow();
        let r = st.board.reachable(cv::to_sq(&a)?, points.max(0) as u32, &m);
        Ok(Value::List(
            r.into_iter().map(|(s, c)| map(vec![("square", cv::sq(s)), ("cost", Value::Int(c as i64))])).collect(),
        ))
    })?;
    query(lua, t, "distance", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.distance(cv::sq_arg(&a)?, cv::sq_arg(&b)?), |d| Value::Int(d as i64)))
    })?;
    reg(lua, t, "run", w, |k, (a, d, max, flags): (Value, Value, i64, Option<Value>)| -> F<Value> {
        let flags = flags.unwrap_or_default();
        let m = mover_from(&flags);
        let st = k.st.borrow();
        let (from, max) = (cv::to_sq(&a)?, max.max(0) as u32);
        let (squares, headings, stop) = if st.board.map_cells().is_some() {
            // (a map: straight along one of its directions, no links to turn it)
            let shape = st.board.shape();
            let dir = super::cells::direction(shape, d.as_str().unwrap_or_default())?;
            let (cells, stop) = st
                .board
                .map_run(from, dir, max, m.through_obstacles)
                .ok_or(format!("run: {from} is not on the board"))?;
            let headings = vec![Value::Str(shape.name(dir).into()); cells.len()];
            (cells.into_iter().map(cv::sq).collect(), headings, stop)
        } else {
            let r = st.board.run(from, cv::to_dir(&d)?, max, &m);
            let squares = r.steps.iter().map(|s| cv::sq(s.to)).collect();
            (squares, r.steps.iter().map(|s| cv::dir(s.heading)).collect(), r.stop)
        };
        let stop = match stop {
            RunStop::Length => map(vec![("kind", "length".into())]),
            RunStop::Edge(e) => map(vec![("kind", "edge".into()), ("edge", cv::edge(e))]),
            RunStop::Square(s) => map(vec![("kind", "square".into()), ("square", cv::sq(s))]),
            RunStop::Rim => map(vec![("kind", "rim".into())]),
            RunStop::Loop => map(vec![("kind", "loop".into())]),
        };
        Ok(map(vec![("squares", Value::List(squares)), ("headings", Value::List(headings)), ("stop", stop)]))
    })?;
    reg(lua, t, "random_direction", w, |k, (roll, base): (i64, Value)| -> F<Value> {
        let shape = k.st.borrow().board.shape();
        if shape != crate::geometry::Shape::Square {
            // (a die of as many faces as a cell has sides, counted clockwise from base)
            let base = super::cells::direction(shape, base.as_str().unwrap_or_default())?;
            let turns = (roll.clamp(1, shape.degree() as i64) - 1) as i32;
            return Ok(Value::Str(shape.name(shape.turn(base, turns)).into()));
        }
        Ok(cv::dir(random_direction(roll.clamp(1, 4) as u32, cv::to_dir(&base)?)))
    })?;
    Ok(())
}
