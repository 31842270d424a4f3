//! The primitives of the game's flow: dice, questions to players, events and their windows,
//! the log, card hooks, the turn's order and the end of the game.

use super::*;

pub(super) fn install_flow(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "roll", w, |k, (sides, to): (i64, Option<Value>)| -> F<i64> {
        if !(1..=1000).contains(&sides) {
            return Err(format!("a die has 1..1000 sides, not {sides}").into());
        }
        let audience = audience(k, to)?;
        let r = {
            let mut st = k.st.borrow_mut_touching(Touch::NONE);
            match st.rng.take_loaded() {
                // (a card test's loaded die: t:dice)
                Some(v) if (1..=sides).contains(&(v as i64)) => v as i64,
                Some(v) => return Err(format!("the test loaded a {v} for a die of {sides} sides").into()),
                None => st.rng.roll(sides as u32) as i64,
            }
        };
        k.log_for("roll", map(vec![("sides", Value::Int(sides)), ("result", Value::Int(r))]), audience);
        Ok(r)
    })?;
    reg(lua, t, "shuffle", w, |k, list: Value| -> F<Value> {
        let Value::List(mut v) = list else { return Err("shuffle takes a list".into()) };
        k.st.borrow_mut_touching(Touch::NONE).rng.shuffle(&mut v);
        Ok(Value::List(v))
    })?;
    reg(
        lua,
        t,
        "choose",
        w,
        // One pick: the chosen key and the option's position (1-based), so a script can find its
        // record without knowing how keys are made. Several: the list of keys.
        |k, (p, kind, prompt, options, opts): (i64, String, String, Value, Option<Value>)| -> F<(Value, Value)> {
            let p = pid(p, k)?;
            let Value::List(items) = options else { return Err("choose: options must be a list".into()) };
            let choices = items.into_iter().map(choice_from_value).collect::<R<Vec<_>>>()?;
            let opts = opts.unwrap_or_default();
            let int = |n: &str, d: usize| opts.get(n).and_then(Value::as_int).map(|x| x.max(0) as usize).unwrap_or(d);
            let mut req = Request::one(p, &kind, &prompt, choices);
            req.min = int("min", 1);
            req.max = int("max", 1);
            req.pass = opts.get("pass").and_then(Value::as_str).map(str::to_string);
            if req.options.is_empty() && req.min == 0 {
                return Ok((Value::List(vec![]), Value::Nil));
            }
            let keys = k.ask(&req).map_err(|i| Fail::Host(interrupt(k, i)))?;
            if req.max > 1 || req.min != 1 {
                Ok((Value::List(keys.into_iter().map(Value::Str).collect()), Value::Nil))
            } else {
                let key = keys.into_iter().next().unwrap();
                let at = req.options.iter().position(|c| c.key == key).map_or(Value::Nil, |i| Value::Int(i as i64 + 1));
                Ok((Value::Str(key), at))
            }
        },
    )?;
    reg(lua, t, "before", w, |k, (name, payload): (String, Value)| -> F<Value> {
        check_event(&name, true)?;
        Ok(k.dispatch_before(&name, payload)?.unwrap_or(Value::Nil))
    })?;
    reg(lua, t, "after", w, |k, (name, payload): (String, Value)| -> F<()> {
        check_event(&name, false)?;
        hold(k, &payload, None)?;
        k.dispatch_after(&name, payload)?;
        Ok(())
    })?;
    reg(lua, t, "log", w, |k, (event, data, to): (String, Option<Value>, Option<Value>)| -> F<()> {
        check_log_name(&event)?;
        let audience = audience(k, to)?;
        let data = data.unwrap_or_default();
        hold(k, &data, None)?;
        k.log_for(&event, data, audience);
        Ok(())
    })?;
    // game:sees(p, c): may seat p see card c now (its zone's rule, its face, who was shown it)?
    reg(lua, t, "sees", w, |k, (p, c): (i64, i64)| -> F<bool> {
        let (p, c) = (pid(p, k)?, cid(c, k)?);
        Ok(k.ruleset.file.visibility.sees_card(&k.st.borrow(), c, crate::view::Viewer::Seat(p)))
    })?;
    // game:reveal(c, to): card c shown to seats `to` (a seat or a list of them), or face up to
    // everyone without `to`, until it moves.
    reg(lua, t, "reveal", w, |k, (c, to): (i64, Option<Value>)| -> F<()> {
        let c = cid(c, k)?;
        let to = audience(k, to)?;
        let mut st = k.st.borrow_mut_card(c, Touch::NONE);
        let card = &mut st.cards[c as usize];
        match to {
            None => card.face = Face::Up,
            Some(seats) => {
                for p in seats {
                    if !card.shown_to.contains(&p) {
                        card.shown_to.push(p);
                    }
                }
            }
        }
        Ok(())
    })?;
    // game:call_card(c, hook, extra, arg) as api.lua calls it: with the hook's ctx made there.
    reg(lua, t, "call_card", w, |k, (c, hook, ctx, arg): (i64, String, mlua::Value, Option<Value>)| -> F<Value> {
        let c = cid(c, k)?;
        let Some(f) = k.card_hook(c, &hook) else { return Ok(Value::Nil) };
        if is_predicate(&hook) {
            return Ok(k.call_predicate(c, &hook, &f, ctx, arg.unwrap_or_default())?);
        }
        let r: Value = k.host.call(&f, (ctx, arg.unwrap_or_default()))?;
        Ok(r)
    })?;
    reg(
        lua,
        t,
        "card_action",
        w,
        |k, (c, action, extra, arg): (i64, String, Option<Value>, Option<Value>)| -> F<Value> {
            let c = cid(c, k)?;
            let def = k.st.borrow().cards[c as usize].def.clone();
            let loaded = k.cards.get(&*def).ok_or("card definition missing")?;
            let spec: Table = loaded
                .table
                .raw_get::<Table>("actions")
                .and_then(|a| a.raw_get::<Table>(action.as_str()))
                .map_err(|_| Fail::Msg(format!("card {def} has no action `{action}`")))?;
            let run: mlua::Function = spec.raw_get("run").map_err(|e| Fail::Msg(e.to_string()))?;
            let ctx = k.ctx(c, extra.unwrap_or_default())?;
            let r: Value = k.host.call(&run, (ctx, arg.unwrap_or_default()))?;
            Ok(r)
        },
    )?;
    reg_whole(lua, t, "push_stack", w, |k, e: Value| -> F<i64> {
        let card = opt_id(&e, "card", |c| cid(c, k))?;
        let controller = opt_id(&e, "controller", |p| pid(p, k))?.unwrap_or(0);
        hold(k, &e, None)?;
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let id = st.fresh_id();
        st.stack.push(StackEntry {
            id,
            card,
            controller,
            kind: e.get("kind").and_then(Value::as_str).unwrap_or("spell").to_string(),
            target: e.get("target").cloned().filter(|v| !v.is_nil()),
            energy: e.get("energy").and_then(Value::as_int).unwrap_or(0),
            marks: e.get("marks").cloned().unwrap_or_else(Value::map),
        });
        drop(st);
        if let Some(c) = card {
            move_card(k, c, Zone::Stack, false)?;
        }
        Ok(id as i64)
    })?;
    reg(lua, t, "pop_stack", w, |k, id: i64| -> F<Value> {
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let i =
            st.stack.iter().position(|e| e.id == id as u64).ok_or_else(|| Fail::Msg(format!("no stack entry {id}")))?;
        let e = st.stack.remove(i);
        Ok(cv::stack_entry(&e))
    })?;
    reg(lua, t, "mark_stack", w, |k, (id, key, v): (i64, String, Value)| -> F<()> {
        hold(k, &v, None)?;
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let e =
            st.stack.iter_mut().find(|e| e.id == id as u64).ok_or_else(|| Fail::Msg(format!("no stack entry {id}")))?;
        e.marks.set(&key, v);
        Ok(())
    })?;
    query(lua, t, "stack_entry", w, |k, id: i64| -> F<Value> {
        Ok(k.st.borrow().stack.iter().find(|e| e.id == id as u64).map(cv::stack_entry).unwrap_or_default())
    })?;
    reg(lua, t, "set_result", w, |k, (winner, reason): (Option<i64>, String)| -> F<()> {
        let winner = winner.map(|p| pid(p, k)).transpose()?;
        k.st.borrow_mut_touching(Touch::REST).result = Some(GameResult { winner, reason: reason.clone() });
        k.log_event(
            "game_over",
            map(vec![("winner", cv::opt(winner, |p| Value::Int(p as i64))), ("reason", reason.into())]),
        );
        Ok(())
    })?;
    reg(lua, t, "set_first_player", w, |k, p: i64| -> F<()> {
        let p = pid(p, k)?;
        let mut st = k.st.borrow_mut_touching(Touch::TURN.and(Touch::ORDER));
        st.turn.first = p;
        st.turn.active = p;
        Ok(())
    })?;
    reg(lua, t, "give_extra_turn", w, |k, p: i64| -> F<()> {
        let p = pid(p, k)?;
        k.st.borrow_mut_touching(Touch::TURN).turn.extra_turns.push(p);
        Ok(())
    })?;
    reg(lua, t, "end_phase", w, |k, ()| -> F<()> {
        k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
        Ok(())
    })?;
    reg(lua, t, "end_turn", w, |k, ()| -> F<()> {
        let n = k.ruleset.file.phases.len();
        let mut st = k.st.borrow_mut_touching(Touch::TURN);
        st.turn.phase_index = n;
        st.turn.phase_over = true;
        Ok(())
    })?;
    Ok(())
}
