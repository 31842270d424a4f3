//! The primitives that change the game: life, cards and their zones, objects, vars and
//! tokens, the board's walls, doors, obstacles and sectors.

use super::*;

pub(super) fn install_changes(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "set_life", w, |k, (p, n): (i64, i64)| -> F<()> {
        let p = pid(p, k)?;
        k.st.borrow_mut_player(p, Touch::NONE).players[p as usize].life = n;
        Ok(())
    })?;
    reg(lua, t, "set_alive", w, |k, (p, alive): (i64, bool)| -> F<()> {
        let p = pid(p, k)?;
        let mut st = k.st.borrow_mut_player(p, Touch::ORDER.and(Touch::FIGURES));
        st.players[p as usize].alive = alive;
        if !alive && st.players[p as usize].figure.is_some() {
            st.set_seat_at(p, None)?;
        }
        Ok(())
    })?;
    reg(lua, t, "set_token", w, |k, (p, name, n): (i64, String, i64)| -> F<()> {
        let p = pid(p, k)?;
        if k.st.borrow().players[p as usize].tokens.get(&name).copied().unwrap_or(0) == n {
            return Ok(());
        }
        let mut st = k.st.borrow_mut_player(p, Touch::NONE);
        if n == 0 {
            st.players[p as usize].tokens.remove(&name);
        } else {
            st.players[p as usize].tokens.insert(name, n);
        }
        Ok(())
    })?;
    reg(lua, t, "set_player_var", w, |k, (p, key, v): (i64, String, Value)| -> F<()> {
        let p = pid(p, k)?;
        if sets_nothing(&k.st.borrow().players[p as usize].vars, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().players[p as usize].vars.get(&key))?;
        k.st.borrow_mut_player(p, Touch::NONE).players[p as usize].vars.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "set_turn_var", w, |k, (key, v): (String, Value)| -> F<()> {
        if sets_nothing(&k.st.borrow().turn.vars, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().turn.vars.get(&key))?;
        k.st.borrow_mut_touching(Touch::TURN).turn.vars.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "set_var", w, |k, (key, v): (String, Value)| -> F<()> {
        if sets_nothing(&k.st.borrow().vars, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().vars.get(&key))?;
        k.st.borrow_mut_touching(Touch::REST).vars.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "set_card_data", w, |k, (c, key, v): (i64, String, Value)| -> F<()> {
        let c = cid(c, k)?;
        if sets_nothing(&k.st.borrow().cards[c as usize].data, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().cards[c as usize].data.get(&key))?;
        k.st.borrow_mut_card(c, Touch::NONE).cards[c as usize].data.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "new_card", w, |k, (key, zone): (String, Value)| -> F<i64> {
        Ok(new_card(k, &key, cv::to_zone(&zone)?)? as i64)
    })?;
    // A deck at set-up: a hundred cards in one call instead of a hundred.
    reg_whole(lua, t, "new_cards", w, |k, (keys, zone): (Vec<String>, Value)| -> F<Vec<i64>> {
        let zone = cv::to_zone(&zone)?;
        keys.iter().map(|key| Ok(new_card(k, key, zone.clone())? as i64)).collect()
    })?;
    reg(lua, t, "move_card", w, |k, (c, zone, opts): (i64, Value, Option<Value>)| -> F<()> {
        let c = cid(c, k)?;
        let bottom = matches!(opts.and_then(|o| o.get("bottom").cloned()), Some(Value::Bool(true)));
        move_card(k, c, cv::to_zone(&zone)?, bottom)
    })?;
    reg(lua, t, "set_card", w, |k, (c, fields): (i64, Value)| -> F<()> {
        let c = cid(c, k)?;
        let controller = fields.get("controller").map(|v| v.as_int().map(|p| pid(p, k)).transpose()).transpose()?;
        let energy = fields.get("energy").map(|v| cv::int(v, "energy")).transpose()?;
        let face = match fields.get("face") {
            None => None,
            Some(Value::Str(f)) if f == "down" => Some(Face::Down),
            Some(Value::Str(f)) if f == "up" => Some(Face::Up),
            Some(Value::Str(f)) if f == "default" => Some(Face::Default),
            Some(other) => return Err(format!("a card's face is \"down\", \"up\" or \"default\", not {other}").into()),
        };
        let mut st = k.st.borrow_mut_card(c, Touch::NONE);
        let card = &mut st.cards[c as usize];
        if let Some(controller) = controller {
            card.controller = controller;
        }
        if let Some(v) = fields.get("target") {
            card.target = if v.is_nil() { None } else { Some(v.clone()) };
        }
        if let Some(energy) = energy {
            card.energy = energy;
        }
        if let Some(face) = face {
            card.face = face;
        }
        Ok(())
    })?;
    reg(lua, t, "shuffle_pile", w, |k, name: String| -> F<()> {
        let mut st = k.st.borrow_mut_touching(Touch::PILES);
        let mut pile = st.piles.remove(&name).unwrap_or_default();
        st.rng.shuffle(&mut pile);
        st.piles.insert(name, pile);
        Ok(())
    })?;
    reg(lua, t, "place_seat_figure", w, |k, (p, s): (i64, Value)| -> F<()> {
        let p = pid(p, k)?;
        let s = cv::to_sq(&s)?;
        if !k.st.borrow().board.contains(s) {
            return Err(format!("square {s} is not on the board").into());
        }
        // (a seat's own figure is the seat's place: a change to that player alone)
        let mut st = k.st.borrow_mut_player(p, Touch::FIGURES);
        if st.players[p as usize].figure.is_none() {
            // (on a map the kernel made none: the first placing makes it)
            st.add_seat_figure(p, &k.ruleset.file.seat_figure, Some(s));
            return Ok(());
        }
        Ok(st.set_seat_at(p, Some(s))?)
    })?;
    reg_whole(lua, t, "create_object", w, |k, spec: Value| -> F<i64> {
        let flag = |n: &str| matches!(spec.get(n), Some(Value::Bool(true)));
        let at = spec.get("at").map(cv::to_place).transpose()?;
        let card = opt_id(&spec, "card", |c| cid(c, k))?;
        let carried_by = opt_id(&spec, "carried_by", |p| pid(p, k))?;
        let owner = opt_id(&spec, "owner", |p| pid(p, k))?;
        lies_or_is_carried(k, at, carried_by)?;
        hold(k, &spec, None)?;
        // (its card and its obstacle follow: move_card, sync_obstacle)
        let mut st = k.st.borrow_mut_touching(Touch::OBJECTS);
        let id = st.fresh_id();
        let o = Object {
            id,
            kind: spec.get("kind").and_then(Value::as_str).unwrap_or("object").to_string(),
            at,
            carried_by,
            card,
            owner,
            blocks_move: flag("blocks_move"),
            blocks_los: flag("blocks_los"),
            fills_square: flag("fills_square"),
            mobile: flag("mobile"),
            damage: 0,
            toughness: spec.get("toughness").and_then(Value::as_int).map(|t| t.max(0) as u32),
            data: spec.get("data").cloned().unwrap_or_default(),
        };
        st.objects.insert(id, o);
        drop(st);
        if let Some(c) = card {
            move_card(k, c, Zone::Board(id), false)?;
        }
        sync_obstacle(k, id)?;
        Ok(id as i64)
    })?;
    reg_whole(lua, t, "set_object", w, |k, (id, fields): (i64, Value)| -> F<()> {
        let id = oid(id, k)?;
        let owner = fields.get("owner").map(|v| v.as_int().map(|p| pid(p, k)).transpose()).transpose()?;
        let carried_by = opt_id(&fields, "carried_by", |p| pid(p, k))?;
        hold(k, &fields, None)?;
        {
            // (its obstacle follows: sync_obstacle)
            let mut st = k.st.borrow_mut_touching(Touch::OBJECTS);
            let o = st.objects.get_mut(&id).unwrap();
            let flag = |n: &str, cur: bool| match fields.get(n) {
                Some(Value::Bool(b)) => *b,
                _ => cur,
            };
            o.blocks_move = flag("blocks_move", o.blocks_move);
            o.blocks_los = flag("blocks_los", o.blocks_los);
            o.fills_square = flag("fills_square", o.fills_square);
            o.mobile = flag("mobile", o.mobile);
            if let Some(v) = fields.get("damage") {
                o.damage = cv::int(v, "damage")?.max(0) as u32;
            }
            if let Some(v) = fields.get("data") {
                o.data = v.clone();
            }
            if let Some(owner) = owner {
                o.owner = owner;
            }
            if fields.get("carried_by").is_some() || fields.get("at").is_some() {
                o.carried_by = carried_by;
                o.at = fields.get("at").map(cv::to_place).transpose()?;
            }
            let (at, carried_by) = (o.at, o.carried_by);
            drop(st);
            lies_or_is_carried(k, at, carried_by)?;
        }
        sync_obstacle(k, id)?;
        Ok(())
    })?;
    reg(lua, t, "remove_object", w, |k, id: i64| -> F<()> {
        let id = oid(id, k)?;
        // Of the cards, only the object's own may change, and the board only if the object
        // stands on it as an obstacle: the answers about the others stay.
        let (card, on_board) = {
            let st = k.st.borrow();
            (st.objects.get(&id).and_then(|o| o.card), st.board.obstacles().contains_key(&id))
        };
        let parts = if on_board { Touch::OBJECTS.and(Touch::BOARD) } else { Touch::OBJECTS };
        let mut st = match card {
            Some(c) => k.st.borrow_mut_card(c, parts),
            None => k.st.borrow_mut_touching(parts),
        };
        let o = st.objects.remove(&id).unwrap();
        st.board.remove_obstacle(id);
        if let Some(c) = o.card {
            if st.cards[c as usize].zone == Zone::Board(id) {
                // The card goes nowhere until the caller moves it; park it out of play.
                st.cards[c as usize].zone = Zone::Removed;
            }
        }
        Ok(())
    })?;
    reg(lua, t, "create_barrier", w, |k, (e, door, by): (Value, bool, Option<i64>)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.create_barrier(cv::to_edge(&e)?, door, by.map(|b| b as u64))?;
        Ok(())
    })?;
    reg(lua, t, "destroy_barrier", w, |k, e: Value| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.destroy_barrier(cv::to_edge(&e)?)?;
        Ok(())
    })?;
    reg(lua, t, "unmake_barrier", w, |k, (e, by): (Value, Option<i64>)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.unmake_barrier(cv::to_edge(&e)?, by.map(|b| b as u64))?;
        Ok(())
    })?;
    reg(lua, t, "restore_edge", w, |k, e: Value| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.restore_edge(cv::to_edge(&e)?)?;
        Ok(())
    })?;
    reg(lua, t, "set_sight_limit", w, |k, n: Option<i64>| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.set_sight_limit(n.map(|n| n.max(0) as u32));
        Ok(())
    })?;
    reg(lua, t, "set_edge_damage", w, |k, (e, n): (Value, i64)| -> F<()> {
        k.st.borrow_mut_touching(Touch::MARKS).board.set_damage(cv::to_edge(&e)?, n.max(0) as u32)?;
        Ok(())
    })?;
    reg(lua, t, "set_door_open", w, |k, (e, open): (Value, bool)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.set_door_open(cv::to_edge(&e)?, open)?;
        Ok(())
    })?;
    reg(lua, t, "set_door_tag", w, |k, (e, key, v): (Value, String, Option<Value>)| -> F<()> {
        k.st.borrow_mut_touching(Touch::MARKS).board.set_door_tag(cv::to_edge(&e)?, &key, v)?;
        Ok(())
    })?;
    reg_whole(lua, t, "turn_sector", w, |k, (sector, quarters, fate): (i64, i64, Option<Value>)| -> F<Value> {
        let fate = parse_fate(&fate.unwrap_or_default())?;
        change_map(k, fate, |board, seam| board.turn_sector(sector.max(0) as usize, Rot::new(quarters as i32), seam))
    })?;
    reg_whole(lua, t, "swap_sectors", w, |k, (a, b, fate): (i64, i64, Option<Value>)| -> F<Value> {
        let fate = parse_fate(&fate.unwrap_or_default())?;
        change_map(k, fate, |board, seam| board.swap_sectors(a.max(0) as usize, b.max(0) as usize, seam))
    })?;
    reg_whole(lua, t, "move_sector", w, |k, (sector, place, fate): (i64, Value, Option<Value>)| -> F<Value> {
        let fate = parse_fate(&fate.unwrap_or_default())?;
        let coord = |key: &str| {
            place.get(key).and_then(Value::as_int).ok_or_else(|| format!("move_sector: place.{key} (an integer)"))
        };
        let to = (cv::coordinate(coord("x")?)?, cv::coordinate(coord("y")?)?);
        change_map(k, fate, |board, seam| board.move_sector(sector.max(0) as usize, to, seam))
    })?;
    reg(lua, t, "remove_warps", w, |k, name: String| -> F<i64> {
        let n = k.st.borrow_mut_touching(Touch::BOARD.and(Touch::LAYOUT)).board.remove_warps(&name);
        Ok(n as i64)
    })?;
    reg_whole(lua, t, "arrange_board", w, |k, spec: Value| -> F<()> {
        arrange_board(k, &spec)?;
        Ok(())
    })?;
    Ok(())
}
