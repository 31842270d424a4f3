//! The memo of the game's queries (src/engine/api.lua) and the frozen answers it shares:
//! answers follow every change, no script can change what another reads, and a frozen answer
//! handed back to the kernel is read as the data it stands for.

use std::path::Path;
use wizwar::decision::{RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup};

fn game() -> Engine {
    let setup = GameSetup { ruleset: "toy".into(), players: 2, seed: 3, options: vec![], names: vec![] };
    let bots = Seats { agents: vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))] };
    Engine::new(Path::new("tests/fixtures/engine"), &setup, Box::new(bots)).unwrap()
}

#[test]
fn an_answer_follows_every_change() {
    let e = game();
    let out = e
        .eval_lua(
            "local before = game:player(0).life
             game:set_life(0, before + 5)
             local after = game:player(0).life
             return before, after, game:player(0) == game:player(0)",
        )
        .unwrap();
    let parts: Vec<i64> = out.split('\t').take(2).map(|s| s.trim().parse().unwrap()).collect();
    assert_eq!(parts[1], parts[0] + 5, "{out}");
    assert!(out.ends_with("true"), "the same question with nothing changed gets the same answer: {out}");
}

/// The turn order is the living players in seat order from the active one, and follows the
/// turn and every death (its answer is kept only while nothing changes).
#[test]
fn the_turn_order_follows_the_turn_and_deaths() {
    let e = game();
    let order =
        |e: &Engine| e.eval_lua("return table.concat(game:turn_order(), ',')").unwrap().trim_matches('"').to_string();
    e.force_turn(1, "act").unwrap();
    assert_eq!(order(&e), "1,0");
    e.eval_lua("game:set_alive(0, false)").unwrap();
    assert_eq!(order(&e), "1");
    e.eval_lua("game:set_alive(0, true)").unwrap();
    assert_eq!(order(&e), "1,0");
    e.force_turn(0, "act").unwrap();
    assert_eq!(order(&e), "0,1");
    // Kept through changes that touch neither (a movement point spent, a wizard hurt or moved):
    // the same answer, not one made again.
    let kept = e
        .eval_lua(
            "local before = game:turn_order()
             game:set_turn_var('spent', 1)
             game:set_life(1, game:player(1).life - 1)
             return before == game:turn_order()",
        )
        .unwrap();
    assert_eq!(kept, "true");
}

#[test]
fn an_answer_cannot_be_changed_and_the_error_names_the_line() {
    let e = game();
    let err = e.eval_lua("local pl = game:player(0)\npl.life = 99").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("read-only table (field 'life')"), "{err}");
    let err = e.eval_lua("local h = game:hand(0)\ntable.insert(h, 1)").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("read-only"), "{err}");
    assert_eq!(e.eval_lua("return game:player(0).life ~= 99").unwrap(), "true");
    let err = e.eval_lua("local x = 1\nlocal y = game:player(99)").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("no player 99"), "a query's error names the script's line: {err}");
}

/// A frozen answer is a plain table the patched VM refuses every write to: by field, by index,
/// new or existing, raw, through the table library, nested, or by a metatable of the script's.
#[test]
fn no_write_of_any_kind_reaches_a_frozen_answer() {
    let e = game();
    let writes = [
        "game:player(0).life = 1",
        "game:player(0).newfield = 1",
        "game:player(0).at.x = 0",
        "rawset(game:player(0), 'life', 1)",
        "rawset(game:player(0), 'newfield', 1)",
        "rawset(game:players(), 1, 5)",
        "game:players()[1] = 5",
        "game:players()[99] = 5",
        "table.insert(game:players(), 5)",
        "table.remove(game:players())",
        "table.sort(game:players(), function(a, b) return a.id > b.id end)",
        "setmetatable(game:player(0), { __index = function() return 1 end })",
        "setmetatable(game:hand(0), {})",
    ];
    for w in writes {
        let err = e.eval_lua(w).expect_err(w);
        assert!(err.contains("read-only"), "{w}: {err}");
    }
    let out = e
        .eval_lua(
            "local pl = game:player(0)
             return pl.life, pl.newfield, pl.at.x, #game:players(), game:players()[99], getmetatable(pl)",
        )
        .unwrap();
    let fresh =
        game().eval_lua("local pl = game:player(0) return pl.life, nil, pl.at.x, #game:players(), nil, nil").unwrap();
    assert_eq!(out, fresh, "every write was refused");
}

#[test]
fn a_frozen_answer_reads_like_a_table() {
    let e = game();
    let out = e
        .eval_lua(
            "local pl = game:player(0)
             local keys = {}
             for k in pairs(pl) do keys[#keys + 1] = k end
             local n = 0
             for _ in ipairs(game:players()) do n = n + 1 end
             return #keys > 3, n, #game:players(), type(pl.at), pl.at.x ~= nil, next(pl) ~= nil",
        )
        .unwrap();
    assert_eq!(out, "true\t2\t2\t\"table\"\ttrue\ttrue");
}

#[test]
fn pairs_over_a_frozen_answer_is_sorted_every_time() {
    // The sandbox finds a frozen record's sorted keys once (its data never changes): the second
    // walk over the same answer, and a walk over a fresh one, give the same order.
    let e = game();
    let out = e
        .eval_lua(
            "local function keys(t) local out = {} for k in pairs(t) do out[#out + 1] = k end return table.concat(out, ' ') end
             local pl = game:player(0)
             local first, again = keys(pl), keys(pl)
             game:set_life(0, pl.life + 1)
             local fresh = keys(game:player(0))
             local sorted = {} for k in next, pl do sorted[#sorted + 1] = k end table.sort(sorted)
             return first == again, first == fresh, first == table.concat(sorted, ' ')",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\ttrue");
}

#[test]
fn a_frozen_answer_handed_back_is_the_data_it_stands_for() {
    let e = game();
    let out = e
        .eval_lua(
            "local to = game:player(1).at
             game:place_seat_figure(0, to)
             local at = game:player(0).at
             return at.x == to.x and at.y == to.y, game:shuffle(game:players())[1].id ~= nil",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue");
}

#[test]
fn a_copy_of_an_answer_is_the_scripts_own() {
    let e = game();
    let out = e
        .eval_lua(
            "local pl = game:player(0)
             local mine = {}
             for k, v in pairs(pl) do mine[k] = v end
             mine.life = -7
             return mine.life, game:player(0).life ~= -7",
        )
        .unwrap();
    assert_eq!(out, "-7\ttrue");
}

/// Questions about the board alone are kept across changes elsewhere (a life, a turn var) and
/// answered afresh after a change of the board (a wall made, an object that blocks sight).
#[test]
fn a_board_answer_outlives_other_changes_and_follows_the_board() {
    let e = game();
    let out = e
        .eval_lua(
            "local s = game:player(0).at
             local e = { x = s.x, y = s.y, side = 'N' }
             local a = game:edge(e)
             game:set_life(0, 3)
             game:set_turn_var('x', 1)
             local kept = game:edge(e) == a
             local was = a.barrier
             if was == 'wall' then game:destroy_barrier(e) else game:create_barrier(e, false) end
             local now = game:edge(e).barrier
             return kept, was ~= now, game:edge(e) ~= a",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\ttrue", "{out}");
}

/// Each part of the state has its own clock: a player's answer outlives a card's change and a
/// turn var, a card's outlives a player's change, and each follows its own part.
#[test]
fn an_answer_about_one_part_outlives_changes_to_the_others() {
    let e = game();
    let out = e
        .eval_lua(
            "local c = game:hand(0)[1]
             local pl = game:player(0)
             game:set_card_data(c, 'x', 1)
             local card = game:card(c)
             game:set_turn_var('y', 2)
             local player_kept = game:player(0) == pl
             game:set_life(0, 2)
             local card_kept = game:card(c) == card
             return player_kept, card_kept, game:player(0).life, game:card_data(c, 'x')",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\t2\t1", "{out}");
}

/// Taking an object out of the game changes its own card alone of the cards, and the board only
/// when the object stood on it as an obstacle: the answers about the other cards (and, for a
/// plain object, the board's) are kept; the card's own follows it out of play.
#[test]
fn an_object_taken_out_changes_its_own_card_alone() {
    let e = game();
    let out = e
        .eval_lua(
            "local hand = game:hand(0)
             local c, other = hand[1], hand[2]
             local at = game:player(0).at
             local o = game:create_object { kind = 'thing', at = at, card = c }
             local kept, mine, seen = game:card(other), game:card(c), game:visible_from(at)
             game:remove_object(o)
             local plain = { game:card(other) == kept, game:card(c) ~= mine, game:card(c).zone.kind,
               game:object(o) == nil, game:visible_from(at) == seen }
             local rock = game:create_object { kind = 'rock', at = at, blocks_los = true }
             seen = game:visible_from(at)
             game:remove_object(rock)
             plain[#plain + 1] = game:visible_from(at) ~= seen
             return table.unpack(plain)",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\t\"removed\"\ttrue\ttrue\ttrue", "{out}");
}

/// A card drawn or discarded changes the piles (their tops too) and the hands, not the game's
/// vars nor the stack; sight to an object follows the board and the objects alone; whether a
/// card has a hook is its definition's, whatever becomes of the card.
#[test]
fn the_piles_sight_to_objects_and_hooks_have_clocks_of_their_own() {
    let e = game();
    let out = e
        .eval_lua(
            "game:set_var('k', { 1, 2 })
             local vars, deck, hand = game:vars(), game:pile('deck'), game:hand(0)
             local c = deck[#deck]
             local hooked = game:has_hook(c, 'resolve')
             local top = game:pile_top('deck') == c
             game:move_card(c, { kind = 'hand', player = 0 })
             local piles = { game:vars() == vars, game:pile('deck') ~= deck, #game:pile('deck') == #deck - 1,
               game:hand(0) ~= hand, game:has_hook(c, 'resolve') == hooked,
               top and game:pile_top('deck') == deck[#deck - 1] and game:pile_top('nowhere') == nil }
             local at = game:player(0).at
             local o = game:create_object { kind = 'thing', at = at }
             piles[#piles + 1] = game:los_object(at, o)
             game:set_turn_var('z', 1)
             game:set_card_data(c, 'z', 1)
             piles[#piles + 1] = game:los_object(at, o)
             game:set_object(o, { carried_by = 0 })
             piles[#piles + 1] = game:los_object(at, o) == false
             return table.unpack(piles)",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\ttrue\ttrue\ttrue\ttrue\ttrue\ttrue\ttrue", "{out}");
}

/// A wall's damage (or a door's tags) changes the edges' records, not the board's sight,
/// steps or lines: those answers are kept, the records follow. A wall taken away changes
/// sight, not the layout.
#[test]
fn damage_to_a_wall_changes_its_records_not_the_sight() {
    let e = game();
    let out = e
        .eval_lua(
            "local lines = game:lines('wall')
             local w = lines[1]
             local at = game:player(0).at
             local near, record = game:neighbours(at), game:edge(w)
             game:set_edge_damage(w, 2)
             local marks = { rawequal(game:lines('wall'), lines), rawequal(game:neighbours(at), near),
               game:edge(w) ~= record, game:edge(w).damage, record.damage }
             -- a wall taken away changes sight and lines, not the sectors nor what lies beyond
             -- each side
             local home = game:home(0)
             game:destroy_barrier(w)
             marks[#marks + 1] = rawequal(game:neighbours(at), near) and rawequal(game:home(0), home)
             marks[#marks + 1] = not rawequal(game:lines('wall'), lines)
             return table.unpack(marks)",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\ttrue\t2\t0\ttrue\ttrue", "{out}");
}

/// The cards in play and their data are kept while no hand, play area nor card changes (a
/// turn's var, a player's life, the board), and follow a card's data and a card put in play.
#[test]
fn the_cards_in_play_follow_the_hands_and_the_cards_alone() {
    let e = game();
    let out = e
        .eval_lua(
            "local c, d = game:hand(0)[1], game:hand(0)[2]
             game:move_card(c, { kind = 'play', player = 0 })
             game:set_card_data(c, 'z', 5)
             local data = game:play_area_data('z')
             game:set_turn_var('z', 1)
             game:set_life(1, 3)
             game:destroy_barrier(game:lines('wall')[1])
             local kept = { rawequal(game:play_area_data('z'), data), data[1].value }
             game:set_card_data(c, 'z', 7)
             kept[#kept + 1] = game:play_area_data('z')[1].value
             game:set_card_data(d, 'z', 8)
             game:move_card(d, { kind = 'play', player = 1 })
             kept[#kept + 1] = #game:play_area_data('z')
             return table.unpack(kept)",
        )
        .unwrap();
    assert_eq!(out, "true\t5\t7\t2", "{out}");
}

#[test]
fn a_hook_a_card_lacks_answers_nil_and_one_it_has_runs() {
    let e = game();
    let out = e
        .eval_lua(
            "local c = game:new_card('Zap', { kind = 'hand', player = 0 })
             game:call_card(c, 'resolve', { target = 1, caster = 0 })
             return game:call_card(c, 'can_cast'), game:has_hook(c, 'can_cast'), game:player(1).life",
        )
        .unwrap();
    assert_eq!(out, "nil\tfalse\t3", "no can_cast hook: nil without a call; resolve ran and dealt 2");
    let err = e.eval_lua("local x = 1\nlocal y = game:call_card(999, 'can_cast')").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("999"), "a wrong card is the kernel's error, at the line: {err}");
}

#[test]
fn a_square_or_an_edge_is_one_frozen_table_per_place() {
    let e = game();
    let out = e
        .eval_lua(
            "local at = game:player(0).at
             local again = game:players()[1].at
             local _, info = next(game:edges_around(at))
             return rawequal(at, again), at.x == again.x, rawequal(info.edge, game:edge(info.edge).edge)",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\ttrue");
    let err = e.eval_lua("local at = game:player(0).at\nat.x = 99").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("read-only"), "a shared square is read-only: {err}");
    assert_eq!(e.eval_lua("return game:player(0).at.x ~= 99").unwrap(), "true");
}

#[test]
fn a_place_handed_back_is_known_by_its_table_and_any_other_is_read() {
    let e = game();
    // The kernel's own square and a table the script made name the same place; an edge the
    // kernel gave stands for its square where a square is asked.
    let out = e
        .eval_lua(
            "local at = game:player(0).at
             local mine = { x = at.x, y = at.y }
             local _, info = next(game:edges_around(at))
             return #game:visible_from(at) == #game:visible_from(mine),
               game:sector_of(at) == game:sector_of(mine),
               game:los_edge(at, info.edge) == game:los_edge(mine, { x = info.edge.x, y = info.edge.y, side = info.edge.side }),
               game:sector_of(info.edge) == game:sector_of({ x = info.edge.x, y = info.edge.y })",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\ttrue\ttrue");
    let err = e.eval_lua("local x = 1\nlocal y = game:visible_from('here')").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("expected a square"), "not a square: {err}");
    let err = e.eval_lua("local x = 1\nlocal y = game:los_edge(game:player(0).at, game:player(0).at)").unwrap_err();
    assert!(err.contains("repl:2:") && err.contains("needs a side"), "a square is no edge: {err}");
}

/// `lines_around` gives a square's walls and doors in the order of their keys, as
/// `edges_around` has them, and follows a wall made or taken away.
#[test]
fn the_lines_around_a_square_are_its_walls_and_doors_in_key_order() {
    let e = game();
    let check = "local function key(e) return e.x .. ',' .. e.y .. ',' .. e.side end
         local function expected(s)
           local keys = {}
           for k, info in pairs(game:edges_around(s)) do
             if info.barrier ~= 'open' then keys[#keys + 1] = k end
           end
           table.sort(keys)
           return table.concat(keys, ' ')
         end
         local function got(s)
           local keys = {}
           for i, info in ipairs(game:lines_around(s)) do keys[i] = key(info.edge) end
           return table.concat(keys, ' ')
         end
         local n, several = 0, 0
         for _, s in ipairs(game:squares()) do
           local want = expected(s)
           assert(got(s) == want, s.x .. ',' .. s.y .. ': ' .. got(s) .. ' ~= ' .. want)
           if want:find(' ') then several = several + 1 end
           n = n + 1
         end
         return n > 0 and several > 0";
    assert_eq!(e.eval_lua(check).unwrap(), "true", "every square, some with several lines");
    // A wall made on an open side is among the square's lines at once, and goes when unmade.
    let out = e
        .eval_lua(
            "local at = game:player(0).at
             local open
             for _, info in pairs(game:edges_around(at)) do
               if info.barrier == 'open' then open = info.edge end
             end
             local before = #game:lines_around(at)
             game:create_barrier(open, false)
             local made = #game:lines_around(at)
             game:unmake_barrier(open)
             return made - before, #game:lines_around(at) - before",
        )
        .unwrap();
    assert_eq!(out, "1\t0");
}

/// `lines` gives the edges of the lines `edges` gives for the same filter (the same order),
/// and with `rim = false` leaves out the board's outer ones.
#[test]
fn the_lines_are_the_edges_of_the_lines_edges_gives() {
    let e = game();
    let out = e
        .eval_lua(
            "local function key(e) return e.x .. ',' .. e.y .. ',' .. e.side end
             local at = game:player(0).at
             local filters = { 'wall', 'door', { barrier = 'wall', seen_from = at },
               { barrier = 'wall', seen_from = at, seen_at = 'any_point' }, { seen_from = at } }
             local rims, inner = 0, 0
             for i, f in ipairs(filters) do
               local want, want_inner = {}, {}
               for _, info in ipairs(game:edges(f)) do
                 want[#want + 1] = key(info.edge)
                 if info.boundary then rims = rims + 1 else want_inner[#want_inner + 1] = key(info.edge) end
               end
               local got, got_inner = {}, {}
               for _, x in ipairs(game:lines(f)) do got[#got + 1] = key(x) end
               local g = type(f) == 'table' and f or { barrier = f }
               for _, x in ipairs(game:lines({ barrier = g.barrier, seen_from = g.seen_from, seen_at = g.seen_at, rim = false })) do
                 got_inner[#got_inner + 1] = key(x)
               end
               inner = inner + #got_inner
               assert(table.concat(got, ' ') == table.concat(want, ' '), 'filter ' .. i .. ': ' .. table.concat(got, ' '))
               assert(table.concat(got_inner, ' ') == table.concat(want_inner, ' '), 'filter ' .. i .. ' without the rim')
             end
             return rims > 0 and inner > 0",
        )
        .unwrap();
    assert_eq!(out, "true", "some lines on the rim, some inside");
}

/// The figures' questions are kept until a figure changes (issue 46): a change to the game's
/// vars keeps them; a figure made, set or placed as a seat's own is seen at once (a seat's place
/// is its figure's, so the player's answer follows too).
#[test]
fn the_figures_answers_follow_the_figures_alone() {
    let e = game();
    let out = e
        .eval_lua(
            "local all, mine = game:figures(), game:figure(game:player(0).figure)
             game:set_var('x', 1)
             local kept = game:figures() == all and game:figure(mine.id) == mine
             local home = mine.at
             local to = game:neighbours(home)[1].to
             game:place_seat_figure(0, to)
             local moved = game:figure(mine.id).at
             local g = game:create_figure { kind = 'wolf', owner = 1, at = home }
             local here = game:figures_at(home)
             game:set_figure(g, { tokens = { down = 1 } })
             return kept, moved.x == to.x and moved.y == to.y, #game:figures(), #here, here[1] == g,
               game:figure(g).tokens.down, game:player(0).at.x == to.x",
        )
        .unwrap();
    assert_eq!(out, "true\ttrue\t3\t1\ttrue\t1\ttrue", "{out}");
}
