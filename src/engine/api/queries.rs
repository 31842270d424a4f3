//! The queries scripts ask of the game (`query()`: frozen answers the memo of api.lua may keep):
//! players, cards, zones, hooks, vars, the turn and the seats.

use super::*;

pub(super) fn install_queries(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    query(lua, t, "players", w, |k, ()| -> F<Answer> {
        let st = k.st.borrow();
        Ok(Answer::List(st.players.iter().map(|p| cv::player(&st, p)).collect()))
    })?;
    reg(lua, t, "player_count", w, |k, ()| -> F<i64> { Ok(k.st.borrow().players.len() as i64) })?;
    // Seat order from the active player, as the turn machine passes turns (turns.rs, `next_turn`).
    query(lua, t, "turn_order", w, |k, ()| -> F<Value> {
        let st = k.st.borrow();
        let n = st.players.len();
        let first = st.turn.active as usize;
        Ok(Value::List(
            (0..n).map(|i| (first + i) % n).filter(|&q| st.players[q].alive).map(|q| Value::Int(q as i64)).collect(),
        ))
    })?;
    query(lua, t, "player", w, |k, p: i64| -> F<Answer> {
        let p = pid(p, k)?;
        let st = k.st.borrow();
        Ok(cv::player(&st, &st.players[p as usize]))
    })?;
    reg(lua, t, "wizard_name", w, |k, p: i64| -> F<String> {
        let p = pid(p, k)?;
        Ok(crate::cli::wizard_name(&k.st.borrow(), p))
    })?;
    query(lua, t, "turn", w, |k, ()| -> F<Answer> { Ok(cv::turn(&k.st.borrow().turn)) })?;
    query(lua, t, "result", w, |k, ()| -> F<Value> {
        Ok(k.st.borrow().result.as_ref().map_or(Value::Nil, |r| {
            map(vec![("winner", cv::opt(r.winner, |p| Value::Int(p as i64))), ("reason", r.reason.as_str().into())])
        }))
    })?;
    query(lua, t, "card", w, |k, c: i64| -> F<Answer> {
        let c = cid(c, k)?;
        let st = k.st.borrow();
        let inst = &st.cards[c as usize];
        Ok(cv::card(inst, k.cards.get(&*inst.def).map(|l| &l.statics)))
    })?;
    query(lua, t, "card_def", w, |k, key: String| -> F<Answer> {
        Ok(card_def(k, &key)
            .map(|l| cv::card(&CardInstance::fresh(u32::MAX, &l.def.key), Some(&l.statics)))
            .unwrap_or(Answer::Nil))
    })?;
    query(lua, t, "card_keys", w, |k, ()| -> F<Value> {
        Ok(Value::List(k.cards.keys().map(|s| s.as_str().into()).collect()))
    })?;
    query(lua, t, "hand", w, |k, p: i64| -> F<Value> {
        let p = pid(p, k)?;
        Ok(Value::List(k.st.borrow().players[p as usize].hand.iter().map(|&c| Value::Int(c as i64)).collect()))
    })?;
    query(lua, t, "play_area", w, |k, p: i64| -> F<Value> {
        let p = pid(p, k)?;
        Ok(Value::List(k.st.borrow().players[p as usize].play.iter().map(|&c| Value::Int(c as i64)).collect()))
    })?;
    query(lua, t, "pile", w, |k, name: String| -> F<Value> {
        let st = k.st.borrow();
        Ok(Value::List(
            st.piles.get(&name).map(|p| p.iter().map(|&c| Value::Int(c as i64)).collect()).unwrap_or_default(),
        ))
    })?;
    // (Drawing reads the top card alone: the whole pile, a list of up to a hundred ids, was
    // made again at every draw, as each draw moves the piles' clock.)
    query(lua, t, "pile_top", w, |k, name: String| -> F<Value> {
        let st = k.st.borrow();
        Ok(st.piles.get(&name).and_then(|p| p.last()).map_or(Value::Nil, |&c| Value::Int(c as i64)))
    })?;
    query(lua, t, "objects", w, |k, ()| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().objects.values().map(cv::object).collect()))
    })?;
    query(lua, t, "object", w, |k, id: i64| -> F<Answer> {
        Ok(k.st.borrow().objects.get(&(id as ObjectId)).map_or(Answer::Nil, cv::object))
    })?;
    query(lua, t, "objects_at", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        Ok(Answer::List(st.objects_at(s).iter().map(|id| cv::object(&st.objects[id])).collect()))
    })?;
    query(lua, t, "seats_at", w, |k, s: PlaceArg| -> F<Value> {
        let s = cv::sq_arg(&s)?;
        Ok(Value::List(k.st.borrow().seats_at(s).into_iter().map(|p| Value::Int(p as i64)).collect()))
    })?;
    query(lua, t, "config", w, |k, ()| -> F<Value> { Ok(k.ruleset.config.clone()) })?;
    query(lua, t, "option", w, |k, name: String| -> F<Value> {
        let st = k.st.borrow();
        st.options.get(&name).cloned().ok_or_else(|| Fail::Msg(format!("no option `{name}`")))
    })?;
    query(lua, t, "stack", w, |k, ()| -> F<Value> {
        Ok(Value::List(k.st.borrow().stack.iter().map(cv::stack_entry).collect()))
    })?;
    query(lua, t, "vars", w, |k, ()| -> F<Value> { Ok((*k.st.borrow().vars).clone()) })?;
    query(lua, t, "card_data", w, |k, (c, key): (i64, String)| -> F<Value> {
        let c = cid(c, k)?;
        Ok(k.st.borrow().cards[c as usize].data.get(&key).cloned().unwrap_or_default())
    })?;
    // The cards in play areas whose data holds `key` (standing effects, say), in one answer:
    // seat by seat, each area in the order its cards entered it.
    query(lua, t, "play_area_data", w, |k, key: String| -> F<Value> {
        let st = k.st.borrow();
        let mut out = Vec::new();
        for pl in &st.players {
            for &c in &pl.play {
                match st.cards[c as usize].data.get(&key) {
                    None | Some(Value::Nil) => {}
                    Some(v) => out.push(map(vec![
                        ("player", Value::Int(pl.id as i64)),
                        ("card", Value::Int(c as i64)),
                        ("value", v.clone()),
                    ])),
                }
            }
        }
        Ok(Value::List(out))
    })?;
    reg(lua, t, "has_hook", w, |k, (c, hook): (i64, String)| -> F<bool> {
        let c = cid(c, k)?;
        Ok(k.card_hook(c, &hook).is_some())
    })?;
    Ok(())
}
