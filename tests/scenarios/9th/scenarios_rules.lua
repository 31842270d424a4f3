-- Scenarios for the 9th edition's rules where it differs from classic (rulesets/9th/README.md,
-- part 1: the rows marked "differs" or "8th"), one or more a rule, named after the 9th's
-- section. Run by `wizwar test --ruleset 9th` with the card-test harness: two players unless
-- a test says `players = n`; empty hands; player 0 active; combat open (the first-turn rule
-- is off unless a test clears game var `combat_open`).
local treasures_of = require("test.query").treasures_of
local spots = require("test.spots")
local scenes = require("test.scenes")
local movement = require("rules.movement")

local OPPOSITE = { N = "S", S = "N", E = "W", W = "E" }

local same, roomy, home_of = spots.same_square, spots.roomy, spots.home_of
local lying, in_hand = scenes.lying, scenes.in_hand

-- The door standing on edge e (none there fails the test).
local function door_on(g, e) return assert(g:edge(e).door, "a door on that edge") end

-- The Board: player 0 (active) beside a closed door of neither player 0's nor player 1's
-- sector (spots.foreign_door), player 1 in the square beyond it. Returns player 0's square,
-- the direction through the door and its edge.
local function across_a_door(t)
  local g = t.game
  t:active(0)
  local from, dir, beyond, e = spots.foreign_door(g, { 0, 1 })
  t:ok(from, "a locked door of nobody's sector here")
  t:place(0, from)
  t:place(1, beyond)
  return from --[[@as Square]], dir --[[@as Dir]], e --[[@as Edge]]
end

-- The Board: player 0 opens the door across_a_door finds with NUMBER 2's spell and ends his
-- turn answering `answer` ("hold" or "close") if asked about it. Returns what across_a_door does.
local function open_door_then(t, answer)
  local from, dir, e = across_a_door(t)
  t:cast { card = t:give(0, "NUMBER 2"), at = t:door(e) }
  t:answer(0, answer)
  t:pass(1)
  return from, dir, e
end

-- Targeting: a square off the Lairs and an inner line with that barrier ("open" or "wall") and
-- nothing on it, of which the square sees a point but not the centre. Returns both, or nil.
local function seen_in_part(g, barrier)
  for _, s in ipairs(g:squares()) do
    if g:home_sector_at(s) == nil then
      for _, info in ipairs(g:edges { barrier = barrier }) do
        if not info.boundary and #info.obstacles == 0 and g:los_edge(s, info.edge, true)
            and not g:los_edge(s, info.edge, false) then
          return s, info.edge
        end
      end
    end
  end
end

-- A step from the active wizard's square that neither crosses edge e nor leaves e's side.
local function step_away(t, e)
  local g = t.game
  for _, a in ipairs(t:list { kind = "move" }) do
    local crossed = g:edge { x = g:player(g:turn().active).at.x, y = g:player(g:turn().active).at.y, side = a.dir }.edge
    if not spots.same_edge(crossed, e) then
      local touches = false
      for _, info in pairs(g:edges_around(a.to)) do
        if spots.same_edge(info.edge, e) then touches = true end
      end
      if not touches then return a.dir end
    end
  end
end

-- Death: player p, made active on a roomy square, raises a Wall of Fire (boosted by card
-- `boost` of his hand, if any) on a free line beside it. Returns the square, that neighbour
-- (its edge and direction) and the card.
local function fire_beside(t, p, boost)
  local at, n = roomy(t)
  t:ok(n ~= nil, "a free square beside")
  t:active(p)
  t:place(p, at)
  local w = t:give(p, "Wall of Fire")
  t:cast { card = w, at = t:border(n.edge), boost = boost and t:give(p, boost) }
  return at, n, w
end

-- Setup, for n players.
local function setup_test(n)
  return { ("Setup: %d players: each Lair is the centre of its owner's sector with his wizard on it, his two treasures on its chest squares, life 15, one deck of 119 cards"):format(n), function(t, g)
    t:eq(#g:players(), n)
    local sectors = {}
    for _, pl in ipairs(g:players()) do
      local home = g:home(pl.home_sector)
      t:ok(not sectors[pl.home_sector], "one sector per player")
      sectors[pl.home_sector] = true
      t:eq(g:sector_of(home), pl.home_sector, "the Lair lies in its owner's sector")
      local x0, x1, y0, y1 = math.maxinteger, math.mininteger, math.maxinteger, math.mininteger
      for _, s in ipairs(g:sector_squares(pl.home_sector)) do
        x0, x1, y0, y1 = math.min(x0, s.x), math.max(x1, s.x), math.min(y0, s.y), math.max(y1, s.y)
      end
      t:eq({ x = home.x, y = home.y }, { x = (x0 + x1) // 2, y = (y0 + y1) // 2 }, "the Lair is the sector's centre")
      t:ok(same(pl.at, home), "the wizard starts on his Lair")
      t:eq(pl.life, 15)
      local mine = treasures_of(g, pl.id)
      t:eq(#mine, 2, "two treasures")
      local starts = g:treasure_starts(pl.home_sector)
      for _, tr in ipairs(mine) do
        t:ok(same(tr.at, starts[1]) or same(tr.at, starts[2]), "on a chest square")
      end
    end
    local printed = 0
    for _, name in ipairs({ "deck", "discard" }) do
      for _, c in ipairs(g:pile(name)) do
        if g:card(c).def:sub(1, 6) ~= "tests/" then printed = printed + 1 end
      end
    end
    t:eq(printed, 119, "the 119 cards of the deck (the test's hands were put back; test-only cards aside)")
  end, players = n }
end

return scenarios {
  name = "9th rules scenarios",
  tests = {
    setup_test(2),
    setup_test(3),
    setup_test(4),
    setup_test(5),
    setup_test(6),
    { "Setup: life can never go above 20: a 10-point heal at 15 gives 20, at 8 gives 18", function(t)
      t:active(0)
      t:cast { card = t:give(0, "Test Small Balm"), at = t:wizard(0) }
      t:eq(t:life(0), 20, "capped at 20")
      t:set_life(0, 8)
      t:cast { card = t:give(0, "Test Small Balm"), at = t:wizard(0) }
      t:eq(t:life(0), 18, "below the cap, the whole heal")
    end },
    { "The Turn: he discards, then draws back up to seven: 2 cards in hand draw 5, an empty hand 7", function(t, g)
      t:active(0)
      t:give(0, "NUMBER 4")
      t:give(0, "NUMBER 5")
      t:pass(1)
      t:eq(#g:hand(0), 7, "2 + 5")
      t:eq(#g:hand(1), 0)
      t:pass(1)
      t:eq(#g:hand(1), 7, "0 + 7")
    end },
    { "The Turn: a shown Master Key counts toward the seven: with 2 cards in hand he draws 4", function(t, g)
      t:active(0)
      t:give(0, "NUMBER 4")
      t:give(0, "NUMBER 5")
      local k = t:give(0, "Master Key")
      t:act { kind = "display", card = k }
      t:eq(g:card(k).zone.kind, "play")
      t:pass(1)
      t:eq(#g:hand(0), 6, "2 + 4, and the key makes 7")
    end },
    { "The Turn: a lost turn is spent at its start (only counters may be cast); his durations still count down at its end; he draws nothing", function(t, g)
      t:active(0)
      local aura = t:give(1, "Test Aura")
      g:move_card(aura, { kind = "play", player = 1 })
      g:set_card(aura, { energy = 2, controller = 1 })
      t:give(1, "Fireball")
      t:give(1, "NUMBER 4")
      local b = t:give(0, "Lightning Blast")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1) }
      t:eq(g:player(1).tokens.lost_turns, 1)
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.lost, true, "the lost turn")
      t:eq(g:player(1).tokens.lost_turns or 0, 0, "its token spent")
      t:eq(t:count {}, 1, "nothing but ending it: " .. table.concat(t:actions(), " | "))
      t:pass(1)
      t:eq(g:card(aura).energy, 1, "his spell counted down at the end of the lost turn")
      t:eq(#g:hand(1), 2, "no draw after a lost turn")
    end },
    { "Keeping Track of Spell Duration: the count is kept on a d6: a NUMBER 6 with a Powerstone gives 6, not 7", function(t, g)
      t:active(0)
      t:put(0, "Powerstone")
      local a, n = t:give(0, "Test Aura"), t:give(0, "NUMBER 6")
      t:cast { card = a, at = t:wizard(0), boost = n }
      t:eq(g:card(a).zone.kind, "play")
      t:eq(g:card(a).energy, 6)
    end },
    { "Keeping Track of Spell Duration: a spell cast without a Number lasts to the end of its caster's next turn", function(t, g)
      local a = t:turn_of(0, "Test Aura")
      t:cast { card = a, at = t:wizard(0) }
      t:eq(g:card(a).energy, 1)
      t:pass(1)
      t:eq(g:card(a).zone.kind, "play", "the turn it was cast in does not count")
      t:eq(g:card(a).energy, 1)
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(g:card(a).zone.kind, "play", "it lasts through his next turn")
      t:pass(1)
      t:eq(g:card(a).zone.pile, "discard", "ended at the end of his next turn")
    end },
    { "Movement: a Number adds to the move only before anything else is done: not after a spell", function(t, g)
      local a, n = t:turn_of(0, "Test Aura", "NUMBER 4")
      t:ok(t:has { kind = "boost", card = n }, "offered at the start")
      t:cast { card = a, at = t:wizard(0) }
      t:ok(not t:has { kind = "boost", card = n }, "not after a spell")
      t:eq(movement.left(g), 3)
    end },
    { "Movement: a random direction is the d4 on the fixed overlay (no facing asked); a bump into a wall spends the square", function(t, g)
      local c = t:turn_of(0, "Test Stumble")
      local start = g:player(0).at
      t:cast { card = c } -- the strict test agent fails on any question (classic asks a facing)
      local entered = t:log("stumbled")[1].squares
      local bumps = t:log("bump")
      t:eq(#entered + #bumps, 2, "two squares, moved or bumped")
      local rolls = {}
      for _, r in ipairs(t:log("roll")) do
        if r.sides == 4 then rolls[#rolls + 1] = r.result end
      end
      t:eq(#rolls, 2, "a d4 for each square")
      -- the ways he went or bumped are the rolls read on the overlay (1 east, then clockwise)
      local want, went = {}, {}
      for _, roll in ipairs(rolls) do want[#want + 1] = g:random_direction(roll, "E") end
      for _, b in ipairs(bumps) do went[#went + 1] = b.dir end
      local from = start
      for _, s in ipairs(entered) do
        for _, n in ipairs(g:neighbours(from)) do
          if same(n.to, s) then went[#went + 1] = n.dir end
        end
        from = s
      end
      table.sort(want)
      table.sort(went)
      t:eq(went, want, "the d4's directions")
      t:ok(same(g:player(0).at, from), "where his last step took him")
      -- walled in on every side, each of two rolls is a bump that spends its square
      for _, info in pairs(g:edges_around(from)) do
        if info.barrier == "open" then g:create_barrier(info.edge, false) end
      end
      local before, bumped = #t:log("roll"), #bumps
      t:cast { card = t:give(0, "Test Stumble") }
      local rolled = t:log("roll")
      bumps = t:log("bump")
      t:eq(#t:log("stumbled")[2].squares, 0, "he went nowhere")
      t:eq(#bumps, bumped + 2, "two more bumps")
      local k = bumped + 1
      for i = before + 1, #rolled do
        if rolled[i].sides == 4 then
          t:eq(bumps[k].dir, g:random_direction(rolled[i].result, "E"), "bumped the way the d4 said")
          k = k + 1
        end
      end
      t:eq(k, #bumps + 1, "a d4 for each bump")
      t:ok(same(g:player(0).at, from), "still there")
    end },
    { "The Board: a door opened with NUMBER 2's spell lets spells through and stays open while he is beside it; it closes as he walks away", function(t, g)
      local _, dir, e = across_a_door(t)
      local bolt = t:give(0, "NUMBER 3")
      t:ok(not t:has { kind = "cast", card = bolt, target = t:wizard(1) }, "the closed door hides him")
      local two = t:give(0, "NUMBER 2")
      t:cast { card = two, at = t:door(e) }
      t:eq(door_on(g, e).open, true, "open")
      t:eq(door_on(g, e).tags.held_by, 0, "held for the one who opened it")
      t:cast { card = bolt, at = t:wizard(1) }
      t:eq(t:life(1), 12, "cast through the open door")
      t:move(dir)
      t:eq(door_on(g, e).open, true, "he passed it: still beside it, still open")
      local away = step_away(t, e)
      t:ok(away, "a step away from the door")
      t:move(away --[[@as string]])
      t:eq(door_on(g, e).open, false, "closed as he left its side")
      t:eq(door_on(g, e).tags.held_by, nil)
      t:pass(1)
      for _, a in ipairs(t:log("answer")) do t:ok(a.kind ~= "hold_door", "no door to ask about") end
    end, players = 3 },
    { "The Board: ending his turn beside the door he holds, he is asked; answering hold, another wizard walks through it in his turn", function(t, g)
      local from, dir, e = open_door_then(t, "hold")
      t:eq(g:turn().active, 1)
      t:eq(scenes.asked(t, "hold_door"), 1, "asked once")
      t:eq(door_on(g, e).open, true, "still held open")
      t:ok(t:has { kind = "move", dir = OPPOSITE[dir] }, "player 1 may go through")
      t:move(OPPOSITE[dir])
      t:ok(same(g:player(1).at, from), "through the held door")
      t:eq(door_on(g, e).open, true, "its holder is still beside it")
    end, players = 3 },
    { "The Board: answering close at the end of his turn, the door he held shuts and stays locked to others", function(t, g)
      local _, dir, e = open_door_then(t, "close")
      t:eq(g:turn().active, 1)
      t:eq(door_on(g, e).open, false, "closed")
      t:eq(door_on(g, e).tags.held_by, nil)
      t:ok(not t:has { kind = "move", dir = OPPOSITE[dir] }, "locked for player 1")
    end, players = 3 },
    { "The Board: the doors of his own sector let him through freely; an enemy cannot pass them", function(t, g)
      local a, dir, b, e = spots.home_door(g, 0)
      t:ok(a, "a door printed on player 0's sector")
      assert(dir, "the direction through that door")
      t:active(0)
      t:place(0, a)
      t:ok(t:has { kind = "move", dir = dir }, "his own door")
      t:move(dir)
      t:ok(same(g:player(0).at, b), "through it")
      t:eq(door_on(g, e).open, false, "it does not stay open behind him")
      t:active(1)
      t:place(1, a)
      t:ok(not t:has { kind = "move", dir = dir }, "locked for the enemy")
    end },
    { "Numbers: NUMBER 3 is cast as its spell or spent as a Number, never both", function(t, g)
      local spent, cast = t:turn_of(0, "NUMBER 3", "NUMBER 3")
      t:place(1, g:player(0).at)
      t:act { kind = "boost", card = spent }
      t:eq(movement.left(g), 6, "3 + 3")
      t:eq(g:card(spent).zone.pile, "discard")
      t:ok(not t:has { kind = "cast", card = spent }, "spent, not cast")
      t:cast { card = cast, at = t:wizard(1) }
      t:eq(t:life(1), 12, "the other one cast: 3 points")
      t:eq(g:card(cast).zone.pile, "discard")
      t:eq(movement.left(g), 6, "casting it added no movement")
    end },
    { "Numbers: the 2s and 3s give another spell its power; the 4s to 6s are only Numbers", function(t, g)
      local b, three, four = t:turn_of(0, "Lightning Blast", "NUMBER 3", "NUMBER 4")
      t:place(1, g:player(0).at)
      t:ok(t:has { kind = "cast", card = b, boost = three }, "NUMBER 3 offered as the blast's Number")
      t:eq(t:count { kind = "cast", card = four }, 0, "NUMBER 4 is never cast")
      t:cast { card = b, at = t:wizard(1), boost = three }
      t:eq(t:life(1), 12, "a NUMBER 3's power")
      t:eq(g:card(three).zone.pile, "discard", "the 3 spent")
      t:eq(#t:log("damage"), 1, "only the blast did damage: the 3 was not cast too")
    end },
    { "Setup: no attack in a player's own first turn, but an Attack card may be spent for its number; from his second turn on he attacks", function(t, g)
      g:set_var("combat_open", nil)
      t:active(0)
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.first_turn, true, "player 1's first turn")
      local f, n = t:give(1, "Fireball"), t:give(1, "NUMBER 3")
      t:place(0, g:player(1).at)
      t:ok(not t:has { kind = "punch" }, "no punch")
      t:ok(not t:has { kind = "cast", card = f }, "no Fireball")
      t:ok(not t:has { kind = "cast", card = n }, "NUMBER 3 is not cast")
      t:ok(t:has { kind = "boost", card = n }, "but it may move him")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.first_turn, false, "his second turn")
      t:place(0, g:player(1).at)
      t:ok(t:has { kind = "punch", target = t:wizard(0) }, "a punch now")
      t:ok(t:has { kind = "cast", card = f, target = t:wizard(0) }, "and the Fireball")
    end },
    { "Targeting: to make a wall, sight of any point of the line is enough: Create Wall on a line whose centre is out of sight", function(t, g)
      local at, e = seen_in_part(g, "open")
      t:ok(at, "a line seen only in part from some square")
      t:active(0)
      t:place(0, at)
      local w = t:give(0, "Create Wall")
      t:cast { card = w, at = t:border(e) }
      t:eq(g:edge(e).barrier, "wall", "raised on it")
    end },
    { "Targeting: to unmake a wall, sight of any point of it is enough: Destroy Wall on a wall whose centre is out of sight", function(t, g)
      local at, e = seen_in_part(g, "wall")
      t:ok(at, "a wall seen only in part from some square")
      local key = require("rules.targets").edge_key(e)
      t:ok(g:edges_in_sight(at, true)[key], "the kernel sees the wall " .. key .. " from there")
      t:active(0)
      t:place(0, at)
      local d = t:give(0, "Destroy Wall")
      t:cast { card = d, at = t:wall(e) }
      t:eq(g:edge(e).barrier, "open", "it fell")
    end },
    { "Attacks: a punch reaches a wizard in the next square, not one behind a wall", function(t, g)
      local at, open, wall ---@type Square?, spots.Side?, spots.Side?
      for _, s in ipairs(g:squares()) do
        local f, w = spots.free_square(g, s), spots.wall(g, s)
        if not at and f and w and g:home_sector_at(s) == nil then at, open, wall = s, f, w end
      end
      assert(at and open and wall, "a square with an open side and a walled one")
      t:active(0)
      t:place(0, at)
      t:place(1, wall.to)
      t:ok(not t:has { kind = "punch", target = t:wizard(1) }, "not through the wall")
      t:place(1, open.to)
      t:punch(t:wizard(1))
      t:eq(t:life(1), 14, "1 point from the next square")
    end },
    { "Objects (Terrain): a door has 10 hit points: it stands at 9, falls at the 10th", function(t, g)
      local from, _, _, e = spots.foreign_door(g, { 0, 1 })
      t:ok(from, "a door")
      assert(e, "that door's edge")
      t:place(0, from)
      g:set_edge_damage(e, 8)
      t:active(0)
      t:punch(t:door(e))
      t:eq(g:edge(e).barrier, "door", "9 of 10")
      t:active(0)
      t:punch(t:door(e))
      t:eq(g:edge(e).barrier, "open", "the 10th point breaks it")
    end, players = 3 },
    { "Death: the killer takes his hand but not his objects: a Dagger he picked up and his shown Master Key fall in his square, a Dagger just drawn is discarded", function(t, g)
      local at = roomy(t)
      local carried = scenes.picked_up(t, 1, "Dagger", at)
      t:ok(in_hand(g, 1, carried), "picked up into his hand")
      t:active(0)
      local key = t:give(1, "Master Key")
      g:move_card(key, { kind = "play", player = 1 })
      local drawn, n4, f = t:give(1, "Dagger"), t:give(1, "NUMBER 4"), t:give(1, "Fireball")
      t:set_life(1, 1)
      t:place(0, at)
      t:punch(t:wizard(1))
      t:ok(not g:player(1).alive, "dead")
      t:ok(in_hand(g, 0, n4) and in_hand(g, 0, f), "the killer has his spells")
      t:eq(#g:hand(0), 2, "and nothing else")
      t:ok(lying(g, at, carried), "the carried Dagger lies in his square")
      t:ok(lying(g, at, key), "so does the Master Key")
      t:eq(g:card(drawn).zone.pile, "discard", "the Dagger never played is discarded")
      t:eq(g:player(0).vars.kill_vp, 1, "a kill point")
      t:eq(g:result(), nil, "one point: the game goes on")
    end, players = 3 },
    { "Death: killed by another's Wall of Fire he walked into, the wall's caster takes his hand and scores the kill", function(t, g)
      local at, n = fire_beside(t, 0)
      t:active(1)
      t:place(1, at)
      t:place(0, home_of(g, 0))
      local c = t:give(1, "NUMBER 4")
      t:set_life(1, 3)
      t:move(n.dir)
      t:ok(not g:player(1).alive, "burnt to death")
      t:ok(in_hand(g, 0, c), "the caster of the wall has his cards")
      t:eq(g:player(0).vars.kill_vp, 1, "and a kill point")
    end, players = 3 },
    { "Death: the killer takes the spells set in front of him too: his Wall of Fire ends (the flames go out) and its card joins his hand; his Master Key still falls; the killer discards down to 7", function(t, g)
      local at, n, w = fire_beside(t, 1, "NUMBER 4")
      t:eq(g:card(w).zone.kind, "play", "set in front of him")
      t:eq(#g:edge(n.edge).obstacles, 1, "burning")
      local key, c = t:put(1, "Master Key"), t:give(1, "NUMBER 5")
      local mine = {}
      for i = 1, 6 do mine[i] = t:give(0, "NUMBER 6") end
      t:active(0)
      t:place(0, at)
      t:set_life(1, 1)
      t:answer(0, { card = mine[1] })
      t:punch(t:wizard(1))
      t:ok(not g:player(1).alive, "dead")
      t:ok(in_hand(g, 0, w), "the killer has his Wall of Fire")
      t:ok(in_hand(g, 0, c), "and his hand")
      t:eq(#g:hand(0), 7, "6 + 2, one discarded at once")
      t:eq(#g:edge(n.edge).obstacles, 0, "the flames are gone")
      t:eq(g:card(w).energy, 0, "no count left on the card")
      t:eq(#t:log("spell_end"), 1, "the spell ended")
      t:ok(lying(g, at, key), "the Master Key lies in his square")
      t:eq(g:player(0).vars.kill_vp, 1, "a kill point")
    end, players = 3 },
    { "Death: a spell he aimed at another wizard goes to the killer too and works no more: his Slow on a third wizard ends", function(t, g)
      t:active(1)
      t:place(2, g:player(1).at)
      local s = t:give(1, "Slow")
      t:cast { card = s, at = t:wizard(2), boost = t:give(1, "NUMBER 4") }
      t:eq(g:card(s).zone.kind, "play", "set in front of its caster")
      t:active(0)
      t:set_life(1, 1)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:ok(not g:player(1).alive, "dead")
      t:ok(in_hand(g, 0, s), "the killer has the Slow")
      t:act { kind = "end" }
      t:pass(1)
      t:eq(g:turn().active, 2)
      t:eq(g:turn().vars.speed, g:config().base_speed, "the third wizard moves at full speed")
    end, players = 3 },
    { "How to Win: nobody is out for lost treasures: both of his on other Lairs, he lives on", function(t, g)
      t:active(0)
      local trs = treasures_of(g, 1)
      g:set_object(trs[1].id, { at = home_of(g, 2) })
      t:place(0, home_of(g, 0))
      g:set_object(trs[2].id, { carried_by = 0 })
      t:act { kind = "drop_treasure", object = trs[2].id }
      t:ok(g:player(1).alive, "still alive")
      t:eq(g:result(), nil, "a point each for players 0 and 2: nobody has won")
    end, players = 3 },
    { "Picking Up Objects: a Wizardblade picked up lies in front of him, counts toward the seven and still strikes", function(t, g)
      local at = roomy(t)
      local wb = scenes.picked_up(t, 0, "Wizardblade", at)
      t:eq(g:card(wb).zone.kind, "play", "in front of him")
      t:eq(g:turn().phase_over, true, "the turn is over")
      t:active(0)
      t:place(1, at)
      t:ok(t:has { kind = "cast", card = wb, target = t:wizard(1) }, "it strikes from the play area")
      t:cast { card = wb, at = t:wizard(1) }
      t:eq(t:life(1), 13, "2 magical points")
      t:eq(g:card(wb).zone.kind, "play", "shown again")
      for _ = 1, 5 do t:give(0, "NUMBER 4") end
      t:pass(1)
      t:eq(#g:hand(0), 6, "5 + 1: the blade is the seventh")
    end },
  },
}
