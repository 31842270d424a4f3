//! The changes of the state several primitives make alike: a card moved between zones or
//! made anew, an object's obstacle kept in step with it, the map changed (what stands on it
//! carried along) or its sectors laid out again, and a write that would change nothing told
//! apart so that it counts as none.

use super::*;

/// Keeps the board's obstacle for an object in step with the object. The board is changed
/// only if the obstacle changes: a change of the board throws away every line of sight and
/// distance worked out on it, and most objects block nothing (or stay as they were).
pub(super) fn sync_obstacle(k: &Kernel, id: ObjectId) -> R<()> {
    let (want, have) = {
        let st = k.st.borrow();
        let want = st.objects.get(&id).and_then(|o| {
            let at = o.at?;
            (o.blocks_move || o.blocks_los || o.fills_square).then_some(Obstacle {
                at,
                blocks_move: o.blocks_move,
                blocks_los: o.blocks_los,
                fills_square: o.fills_square,
            })
        });
        (want, st.board.obstacles().get(&id).cloned())
    };
    if want == have {
        return Ok(());
    }
    let mut st = k.st.borrow_mut_touching(Touch::BOARD);
    st.board.remove_obstacle(id);
    if let Some(o) = want {
        st.board.add_obstacle(id, o).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn remove_from_zone(st: &mut crate::state::GameState, c: CardId) {
    let zone = st.cards[c as usize].zone.clone();
    match zone {
        Zone::Pile(name) => {
            if let Some(p) = st.piles.get_mut(&*name) {
                p.retain(|&x| x != c)
            }
        }
        Zone::Hand(p) => st.players[p as usize].hand.retain(|&x| x != c),
        Zone::Play(p) => st.players[p as usize].play.retain(|&x| x != c),
        Zone::Board(o) => {
            if let Some(obj) = st.objects.get_mut(&o) {
                if obj.card == Some(c) {
                    obj.card = None;
                }
            }
        }
        // Its stack entry stays (it may be marked or answered still), without the card.
        Zone::Stack => {
            for e in st.stack.iter_mut().filter(|e| e.card == Some(c)) {
                e.card = None;
            }
        }
        Zone::Removed => {}
    }
}

/// Would `vars.set(key, v)` leave `vars` as it is (the same value there, or nil where there is
/// none)? Then it is no change at all: none is counted, no checkpoint copies the state, the
/// memo keeps its answers (a rule sets "moved" at every step, a spell its data each turn).
pub(super) fn sets_nothing(vars: &Value, key: &str, v: &Value) -> bool {
    match vars {
        Value::Map(m) => match m.get(key) {
            Some(old) => !old.is_nil() && old == v,
            None => v.is_nil(),
        },
        _ => false,
    }
}

pub(super) fn move_card(k: &Kernel, c: CardId, zone: Zone, bottom: bool) -> F<()> {
    // The card's zone, and the hand or play area, the object, the pile or the stack (the
    // rest) it leaves and enters: never the board.
    let part_of = |z: &Zone| match z {
        Zone::Hand(_) | Zone::Play(_) => Touch::HANDS,
        Zone::Board(_) => Touch::OBJECTS,
        Zone::Pile(_) => Touch::PILES,
        Zone::Stack => Touch::REST,
        Zone::Removed => Touch::NONE,
    };
    {
        // (where it goes, checked before it leaves where it is)
        let st = k.st.borrow();
        match &zone {
            Zone::Hand(p) | Zone::Play(p) if *p as usize >= st.players.len() => {
                return Err(format!("no player {p} (players are 0..{})", st.players.len() as i64 - 1).into())
            }
            Zone::Board(o) if !st.objects.contains_key(o) => return Err(format!("no object {o}").into()),
            _ => {}
        }
    }
    let from = part_of(&k.st.borrow().cards[c as usize].zone);
    let mut st = k.st.borrow_mut_card(c, from.and(part_of(&zone)));
    remove_from_zone(&mut st, c);
    match &zone {
        Zone::Pile(name) => {
            let pile = st.piles.entry(name.to_string()).or_default();
            if bottom {
                pile.insert(0, c)
            } else {
                pile.push(c)
            }
        }
        Zone::Hand(p) => st.players.get_mut(*p as usize).ok_or("no such player")?.hand.push(c),
        Zone::Play(p) => {
            let stamp = st.fresh_id();
            st.cards[c as usize].entered = stamp;
            st.players.get_mut(*p as usize).ok_or("no such player")?.play.push(c);
        }
        Zone::Board(o) => {
            let obj = st.objects.get_mut(o).ok_or("no such object")?;
            obj.card = Some(c);
        }
        Zone::Stack | Zone::Removed => {}
    }
    let card = &mut st.cards[c as usize];
    card.zone = zone;
    // (its face and who was shown it belong to where it was)
    card.face = Face::Default;
    card.shown_to.clear();
    Ok(())
}

pub(super) fn change_map(
    k: &Kernel,
    fate: String,
    f: impl FnOnce(
        &mut crate::geometry::Board,
        &mut dyn FnMut(crate::geometry::EdgeId) -> SeamFate,
    ) -> Result<crate::geometry::Remap, crate::geometry::BoardError>,
) -> F<Value> {
    let mut st = k.st.borrow_mut();
    let st = &mut *st;
    let rng = &mut st.rng;
    let mut seam = |_: crate::geometry::EdgeId| match fate.as_str() {
        "board" => SeamFate::StayWithBoard,
        "sector" => SeamFate::MoveWithSector,
        "random" => {
            if rng.roll(2) == 1 {
                SeamFate::StayWithBoard
            } else {
                SeamFate::MoveWithSector
            }
        }
        _ => SeamFate::Reset,
    };
    let remap = f(&mut st.board, &mut seam)?;
    let moved: std::collections::BTreeMap<_, _> = remap.squares.iter().copied().collect();
    // (every figure anchored in a moved square goes with it; its facing stays as it was)
    for f in st.figures.values_mut() {
        if let Some(&to) = f.at.and_then(|at| moved.get(&at)) {
            f.at = Some(to);
        }
    }
    let edges: std::collections::BTreeMap<_, _> = remap.edges.iter().copied().collect();
    for o in st.objects.values_mut() {
        match o.at {
            Some(Place::Square(s)) => {
                if let Some(&to) = moved.get(&s) {
                    o.at = Some(Place::Square(to));
                }
            }
            Some(Place::Edge(e)) => {
                if remap.removed_obstacles.contains(&o.id) {
                    o.at = None;
                } else if let Some(&to) = edges.get(&e) {
                    o.at = Some(Place::Edge(to));
                }
            }
            None => {}
        }
    }
    Ok(map(vec![
        ("reset_edges", Value::List(remap.reset_edges.iter().map(|&e| cv::edge(e)).collect())),
        ("removed_objects", Value::List(remap.removed_obstacles.iter().map(|&o| Value::Int(o as i64)).collect())),
    ]))
}

/// Rebuilds the board from the board set at setup: `{side = "a", order = {..}, rotations = {..}}`
/// (order and rotations per slot, 0-based face indices and quarter turns).
pub(super) fn arrange_board(k: &Kernel, spec: &Value) -> R<()> {
    let set = &k.boards;
    if set.map.is_some() {
        return Err("this ruleset's board is a map: it has no sectors to arrange".into());
    }
    let players = k.st.borrow().players.len();
    let side = match spec.get("side").and_then(Value::as_str) {
        Some(s) => s.to_string(),
        None => set.sides.keys().next().cloned().ok_or("no sides")?,
    };
    let list = |key: &str| -> Vec<i64> {
        match spec.get(key) {
            Some(Value::List(v)) => v.iter().filter_map(Value::as_int).collect(),
            _ => Vec::new(),
        }
    };
    let slots = set.layouts.get(&players).map(|l| l.slots.len()).ok_or("no layout for this many players")?;
    let mut order: Vec<usize> = list("order").into_iter().map(|i| i.max(0) as usize).collect();
    if order.is_empty() {
        order = (0..slots).collect();
    }
    let mut rots: Vec<Rot> = list("rotations").into_iter().map(|r| Rot::new(r as i32)).collect();
    if rots.is_empty() {
        rots = vec![Rot(0); slots];
    }
    let board = set.build(&side, players, &order, &rots).map_err(|e| e.to_string())?;
    let mut st = k.st.borrow_mut();
    for p in 0..players as u32 {
        let home = board.home(st.players[p as usize].home_sector);
        if st.players[p as usize].figure.is_some() {
            st.set_seat_at(p, Some(home))?;
        }
    }
    st.board = board.into();
    Ok(())
}

/// A card definition by its key, or by its name in any case.
pub(super) fn card_def<'a>(k: &'a Kernel, key: &str) -> Option<&'a crate::engine::LoadedCard> {
    k.cards.get(key).or_else(|| k.cards.values().find(|c| c.def.name.eq_ignore_ascii_case(key)))
}

/// A new copy of the card `key` (its key, or its name) in `zone`.
pub(super) fn new_card(k: &Kernel, key: &str, zone: Zone) -> Result<CardId, Fail> {
    let def = card_def(k, key).ok_or_else(|| Fail::Msg(format!("no card `{key}` in this ruleset's card folders")))?;
    let mut st = k.st.borrow_mut_touching(Touch::CARDS);
    let id = st.cards.len() as CardId;
    st.cards.push(CardInstance::fresh(id, &def.def.key).into());
    drop(st);
    move_card(k, id, zone, false)?;
    Ok(id)
}
