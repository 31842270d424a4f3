-- The 9th edition's worked examples (rulesets/9th/README.md, part 2: E1-E17) as scenarios, each
-- named after the 9th's section it comes from. Run by `wizwar test --ruleset 9th` with the
-- card-test harness: two players unless a test says `players = n`; empty hands; player 0
-- active; combat open. Examples that need the 9th's own new cards (Wall of Water, Heartstone,
-- Granite Cube, ...) are not here: E5 is played with Destroy Wall instead of Wall of Water.
local treasures_of = require("test.query").treasures_of
local spots = require("test.spots")
local scenes = require("test.scenes")
local movement = require("rules.movement")
local common = require("rules.common")

local same, home_of, roomy = spots.same_square, spots.home_of, spots.roomy
local lying, in_hand, asked = scenes.lying, scenes.in_hand, scenes.asked

local STEP = { N = { 0, -1 }, S = { 0, 1 }, E = { 1, 0 }, W = { -1, 0 } }

-- Player p brings a treasure of `owner` home: he carries it onto his Lair and drops it.
local function bring_home(t, p, tr)
  t:place(p, home_of(t.game, p))
  t.game:set_object(tr.id, { carried_by = p })
  t:act { kind = "drop_treasure", object = tr.id }
end

-- Player 0 punches wizard q, at 1 life, to death in a fresh turn of his.
local function punch_dead(t, q)
  local g = t.game
  t:active(0)
  t:set_life(q, 1)
  t:place(q, g:player(0).at)
  t:punch(t:wizard(q))
  t:ok(not g:player(q).alive, "player " .. q .. " is dead")
end

-- E3: the game is over, won by player p on victory points (`why` leads the reason's message).
local function won_on_points(t, p, why)
  local r = t.game:result()
  t:ok(r, "the game is over")
  t:eq(r.winner, p)
  t:ok(r.reason:find("victory points"), (why or "") .. r.reason)
end

-- E4b, E5: players 0 and 1 on the two sides of an inner wall, player `first` on the side its
-- stone falls on first. Returns the wall's edge.
local function astride_a_wall(t, first)
  local g = t.game
  local _, n = spots.square_with_wall(g)
  assert(n, "an inner wall")
  local sides = common.edge_sides(g, n.edge)
  t:place(first, sides[1].square)
  t:place(1 - first, sides[2].square)
  return n.edge
end

-- Player 0 casts Destroy Wall on the wall at edge e.
local function destroy_wall(t, e)
  t:cast { card = t:give(0, "Destroy Wall"), at = t:wall(e) }
end

-- E5: players 0 and 1, both at 2 life, astride an inner wall (player `first` on the side its
-- stone falls on first), and player 0 destroys it.
local function wall_falls_on_both(t, first)
  local e = astride_a_wall(t, first)
  t:set_life(0, 2)
  t:set_life(1, 2)
  destroy_wall(t, e)
end

-- E16: player 0, with two Fireballs, casts one at player 1 in his square, who answers with
-- `defence` from his hand. Returns the second Fireball.
local function fireball_against(t, defence)
  local g = t.game
  local f, f2 = t:turn_of(0, "Fireball", "Fireball")
  local d = t:give(1, defence)
  t:place(1, g:player(0).at)
  t:answer(1, { card = d })
  t:cast { card = f, at = t:wizard(1) }
  return f2
end

-- E7: a created wall on an open seam of player 0's sector, then Rotate Sector (a half turn):
-- the wall goes round with the sector on a 3-4 of the d4, stays with the board on a 1-2.
-- Checks that the wall went where the logged roll says, removes it, and returns the roll.
local function rotate_with_seam_wall(t)
  local g = t.game
  t:active(0)
  local sec = g:player(0).home_sector
  local seam, inside = spots.open_seam(g, sec)
  assert(seam and inside, "an open seam of his sector")
  t:place(0, inside)
  t:cast { card = t:give(0, "Create Wall"), at = t:border(seam.edge) }
  t:eq(g:edge(seam.edge).barrier, "wall")
  local before = #t:log("seam_roll")
  local c = t:give(0, "Rotate Sector")
  t:answer(0, "half turn")
  t:cast { card = c, at = t:sector(sec) }
  local rolls = t:log("seam_roll")
  t:eq(#rolls, before + 1, "one roll of the die for the spell")
  local roll = rolls[#rolls].roll
  local x0, x1, y0, y1 = math.maxinteger, math.mininteger, math.maxinteger, math.mininteger
  for _, s in ipairs(g:sector_squares(sec)) do
    x0, x1, y0, y1 = math.min(x0, s.x), math.max(x1, s.x), math.min(y0, s.y), math.max(y1, s.y)
  end
  local opp = { N = "S", S = "N", E = "W", W = "E" }
  local turned_edge = { x = x0 + x1 - inside.x, y = y0 + y1 - inside.y, side = opp[seam.dir] }
  local stayed = g:edge(seam.edge).barrier == "wall"
  local turned = g:edge(turned_edge).barrier == "wall"
  if roll >= 3 then
    t:ok(turned and not stayed, "a " .. roll .. ": the wall went round with the sector")
  else
    t:ok(stayed and not turned, "a " .. roll .. ": the wall stayed with the board")
  end
  g:destroy_barrier(stayed and seam.edge or turned_edge) -- (the seam is open again)
  return roll
end

-- E7a/E7b: Rotate Sector again and again (a fresh wall each time) until the die has shown a
-- high and a low face; each time the wall must be where that roll says.
local function rotate_until(t, high)
  for _ = 1, 16 do
    local roll = rotate_with_seam_wall(t)
    if (roll >= 3) == high then return roll end
  end
  return nil
end

return scenarios {
  name = "9th worked examples",
  tests = {
    { "The Turn (E1): a 3 at the start gives 6 moves: 2 steps, an attack only its target may answer, 3 steps back, a treasure dropped on his Lair scores and costs nothing, a wall, the last step", function(t, g)
      local H = home_of(g, 0)
      -- a walk of three from his Lair (H, p1, p2, C) and a square X that C sees, off the walk
      local path, X ---@type Square[]?, Square?
      for _, r in ipairs(g:reachable(H, 3)) do
        if not path and r.cost == 3 then
          local p = g:path(H, r.square)
          if p and #p == 3 then
            for _, x in ipairs(g:visible_from(r.square)) do
              local on = same(x, H)
              for _, q in ipairs(p) do on = on or same(x, q) end
              if not X and not on and g:home_sector_at(x) == nil then X, path = x, p end
            end
          end
        end
      end
      assert(path and X, "a walk of three from his Lair to a square in sight of another")
      t:active(0)
      t:place(0, path[1])
      t:place(1, X)
      local tr = assert(treasures_of(g, 1)[1], "player 1 has a treasure") --[[@as Object]]
      g:set_object(tr.id, { carried_by = 0 })
      local n, f, w = t:give(0, "NUMBER 3"), t:give(0, "Fireball"), t:give(0, "Create Wall")
      t:give(1, "Full Shield")
      t:give(2, "Full Shield")
      t:act { kind = "boost", card = n }
      t:eq(movement.left(g), 6, "3 + 3")
      t:move(t:list { kind = "move", to = path[2] }[1].dir)
      t:move(t:list { kind = "move", to = path[3] }[1].dir)
      t:eq(movement.left(g), 4)
      t:answer(1, "pass") -- only the target is asked (player 2 would fail the strict agent)
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 10)
      t:eq(asked(t, "respond", 1), 1, "his target was asked")
      t:eq(asked(t, "respond", 2), 0, "nobody else")
      t:move(t:list { kind = "move", to = path[2] }[1].dir)
      t:move(t:list { kind = "move", to = path[1] }[1].dir)
      t:move(t:list { kind = "move", to = H }[1].dir)
      t:eq(movement.left(g), 1)
      t:act { kind = "drop_treasure", object = tr.id }
      t:eq(movement.left(g), 1, "dropping costs nothing")
      t:ok(not g:turn().phase_over, "nor ends the turn")
      t:eq(common.victory_points(g, 0), 1, "a point for the treasure on his Lair")
      local wall ---@type table?
      for _, a in ipairs(t:list { kind = "cast", card = w }) do
        local touches = false
        for _, info in pairs(g:edges_around(H)) do touches = touches or spots.same_edge(info.edge, a.target.edge) end
        if not wall and not touches then wall = a end
      end
      assert(wall, "Create Wall still castable")
      t:act(wall)
      t:eq(g:edge(wall.target.edge).barrier, "wall")
      spots.moves(t, 1)
      t:eq(movement.left(g), 0)
      t:ok(not t:has { kind = "move" }, "six moves in all")
    end, players = 3 },
    { "Movement (E2): a 4 at the start of the turn gives 7 moves; once he has stepped, no Number is offered", function(t, g)
      t:active(0)
      t:place(0, roomy(t))
      local four = t:give(0, "NUMBER 4")
      t:act { kind = "boost", card = four }
      t:eq(movement.left(g), 7)
      spots.moves(t, 7)
      t:ok(not t:has { kind = "move" }, "7 and no more")
      local five = t:turn_of(0, "NUMBER 5")
      t:ok(t:has { kind = "boost", card = five }, "offered at the start of the turn")
      spots.moves(t, 1)
      t:ok(not t:has { kind = "boost" }, "not after a step")
    end },
    { "How to Win (E3a): two enemy treasures dropped on his Lair win at the second drop", function(t, g)
      t:active(0)
      bring_home(t, 0, treasures_of(g, 1)[1])
      t:eq(g:result(), nil, "one point")
      bring_home(t, 0, treasures_of(g, 2)[1])
      won_on_points(t, 0)
    end, players = 3 },
    { "How to Win (E3b): two kills win at the second death", function(t, g)
      t:place(0, roomy(t))
      punch_dead(t, 1)
      t:eq(g:player(0).vars.kill_vp, 1)
      t:eq(g:result(), nil, "one point; two foes still alive")
      punch_dead(t, 2)
      won_on_points(t, 0, "by points, with player 3 still alive: ")
      t:ok(g:player(3).alive)
    end, players = 4 },
    { "How to Win (E3c): a treasure on his Lair and a kill win", function(t, g)
      t:active(0)
      bring_home(t, 0, treasures_of(g, 1)[1])
      t:eq(g:result(), nil, "one point")
      punch_dead(t, 2)
      won_on_points(t, 0)
    end, players = 3 },
    { "How to Win (E3d): a treasure taken off his Lair takes its point with it; a kill later is one point only", function(t, g)
      local tr = assert(treasures_of(g, 1)[1], "player 1 has a treasure") --[[@as Object]]
      t:active(0)
      bring_home(t, 0, tr)
      t:eq(common.victory_points(g, 0), 1)
      t:act { kind = "pick_treasure", object = tr.id }
      t:eq(common.victory_points(g, 0), 0, "the point is gone with the treasure")
      punch_dead(t, 2)
      t:eq(common.victory_points(g, 0), 1, "the kill only")
      t:eq(g:result(), nil, "the game goes on")
    end, players = 3 },
    { "How to Win (E4a): a Fireball kills a wizard at 5: the caster scores a kill and takes his cards but the objects", function(t, g)
      local f = t:turn_of(0, "Fireball")
      local n, d = t:give(1, "NUMBER 4"), t:give(1, "Dagger")
      t:set_life(1, 5)
      t:place(1, g:player(0).at)
      t:cast { card = f, at = t:wizard(1) }
      t:ok(not g:player(1).alive)
      t:eq(g:player(0).vars.kill_vp, 1, "1 point")
      t:ok(in_hand(g, 0, n), "his spell")
      t:ok(not in_hand(g, 0, d), "not his Dagger")
      t:eq(g:result(), nil)
    end, players = 3 },
    { "How to Win (E4b): an indirect kill: Destroy Wall beside a wizard at 2 kills him; the caster scores and takes his hand", function(t, g)
      t:active(0)
      local e = astride_a_wall(t, 0)
      t:set_life(1, 2)
      local c = t:give(1, "NUMBER 4")
      destroy_wall(t, e)
      t:ok(not g:player(1).alive, "the falling wall killed him")
      t:eq(t:life(0), 13, "the caster was beside it too")
      t:eq(g:turn().vars.attacked, nil, "no attack")
      t:ok(in_hand(g, 0, c), "his cards go to the caster")
      t:eq(g:player(0).vars.kill_vp, 1, "a kill point")
    end, players = 3 },
    { "Death (E5): his own spell kills him and his last foe, the foe first: the foe wins, not the caster and not nobody", function(t, g)
      t:active(0)
      wall_falls_on_both(t, 1) -- the stone falls on player 1's side first
      t:ok(not g:player(0).alive and not g:player(1).alive, "both dead")
      local r = g:result()
      t:ok(r, "the game is over")
      t:eq(r.winner, 1, "the other outlived the wizard whose action killed them both")
    end },
    { "Death (E5): his own spell kills him first, then his last foe: the foe still wins", function(t, g)
      t:active(0)
      wall_falls_on_both(t, 0)
      t:ok(not g:player(0).alive and not g:player(1).alive, "both dead")
      t:eq(g:result() and assert(g:result()).winner, 1)
    end },
    { "Death (E5): a point ahead, his spell kills his last foe (his second point) and then him: he died first, the foe wins", function(t, g)
      t:active(0)
      g:set_object(treasures_of(g, 1)[1].id, { at = home_of(g, 0) })
      t:eq(common.victory_points(g, 0), 1, "a treasure on his Lair")
      wall_falls_on_both(t, 1)
      t:ok(not g:player(0).alive and not g:player(1).alive, "both dead")
      local r = g:result()
      t:ok(r, "the game is over")
      t:eq(r.winner, 1, "not the caster, though the kill was his second point: " .. r.reason)
    end },
    { "Death (E5): with two other wizards alive, the caster who dies with his victim wins nothing and the game goes on", function(t, g)
      t:active(0)
      wall_falls_on_both(t, 1)
      t:ok(not g:player(0).alive and not g:player(1).alive, "both dead")
      t:eq(g:result(), nil, "players 2 and 3 play on")
      t:eq(common.victory_points(g, 2), 0, "nobody alive has scored")
      t:eq(common.victory_points(g, 3), 0)
    end, players = 4 },
    { "Throwing Objects (E6): a Large Rock thrown at a Thornbush 2 squares away hurts the bush and lies in the square between, where a wizard picks it up", function(t, g)
      t:active(0)
      local a, line = spots.straight(g, 2)
      t:ok(a, "three squares in a row")
      assert(line, "the two squares after the first")
      t:place(0, a)
      local b, c = line[1], line[2]
      t:cast { card = t:give(0, "Thornbush"), at = t:square(c) }
      local bush = g:objects_at(c)[1]
      local r = t:give(0, "Large Rock")
      t:throw { card = r, at = t:object(bush.id) }
      t:eq(assert(g:object(bush.id)).damage, 3, "it hit the bush")
      local rock = lying(g, b, r)
      t:ok(rock, "the rock lies in the square before the bush")
      ---@cast rock Object
      t:active(1)
      t:place(1, b)
      t:act { kind = "pick_object", object = rock.id }
      t:ok(in_hand(g, 1, r), "its card is in his hand")
      t:eq(g:card_data(r, "carried"), true, "carried")
    end },
    { "The Turn (E-Master Key): a shown Master Key and 6 cards in hand: he draws nothing", function(t, g)
      t:active(0)
      for _ = 1, 6 do t:give(0, "NUMBER 4") end
      t:put(0, "Master Key")
      t:pass(1)
      t:eq(#g:hand(0), 6)
      t:eq(#t:log("draw"), 0)
    end },
    { "Spells (E-Shrink): Shrink cast at a foe is the turn's attack, and the foe is asked to answer it", function(t, g)
      local s, f = t:turn_of(0, "Shrink", "Fireball")
      t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      t:answer(1, "pass")
      t:cast { card = s, at = t:wizard(1) }
      t:eq(asked(t, "respond", 1), 1, "his response window")
      t:eq(g:turn().vars.attacked, true, "the turn's attack")
      t:ok(not t:has { kind = "cast", card = f }, "no Fireball after it")
      t:ok(not t:has { kind = "punch" })
    end },
    { "Rearranging the Board (E7a): a created wall on a seam of the turned sector goes with it on a high roll", function(t)
      t:ok(rotate_until(t, true), "a 3 or a 4 within 16 spells")
    end },
    { "Rearranging the Board (E7b): a created wall on a seam of the turned sector stays with the board on a low roll", function(t)
      t:ok(rotate_until(t, false), "a 1 or a 2 within 16 spells")
    end },
    { "Going Around the World (E8a): leaving through a gap at the board's edge brings him in on the opposite side", function(t, g)
      local from, gap ---@type Square?, Neighbour?
      for _, s in ipairs(g:squares()) do
        for _, n in ipairs(g:neighbours(s)) do
          if not from and n.link and g:edge(n.edge).barrier == "open" and g:home_sector_at(s) == nil then
            from, gap = s, n
          end
        end
      end
      assert(from and gap, "a gap in the board's edge")
      t:active(0)
      t:place(0, from)
      t:move(gap.dir)
      local at = g:player(0).at
      t:ok(same(at, gap.to), "through the gap")
      ---@cast at Square
      local d = STEP[gap.dir]
      t:eq(g:sector_of { x = at.x - d[1], y = at.y - d[2] }, nil, "on the opposite edge of the board")
    end, players = 5 },
    { "Numbers (E9): two spells in one turn, each with its own Number; no action takes two", function(t, g)
      local b, a, four = t:turn_of(0, "Lightning Blast", "Test Aura", "NUMBER 4")
      local two = t:give(0, "NUMBER 2")
      t:place(1, g:player(0).at)
      for _, act in ipairs(t:list()) do
        t:ok(act.boost == nil or math.type(act.boost) == "integer", "one Number at most: " .. act.label)
      end
      t:cast { card = b, at = t:wizard(1), boost = four }
      t:eq(t:life(1), 11, "a 4-point blast")
      t:cast { card = a, at = t:wizard(0), boost = two }
      t:eq(g:card(a).energy, 2, "a 2-turn aura")
      t:eq(#g:hand(0), 0, "two spells, two Numbers")
    end },
    { "Discarding Objects (E11a): a Dagger drawn and discarded at the end of the turn goes to the discard pile; nothing lies on the board", function(t, g)
      local d = t:turn_of(0, "Dagger")
      t:answer(0, { card = d })
      t:pass(1)
      t:eq(g:card(d).zone.pile, "discard")
      for _, o in ipairs(g:objects()) do t:ok(o.card ~= d, "no Dagger on the board") end
    end },
    { "Discarding Objects (E11b): a Dagger he picked up and discards at the end of his turn is dropped where he stands", function(t, g)
      local at = roomy(t)
      local d = scenes.picked_up(t, 0, "Dagger", at)
      t:ok(in_hand(g, 0, d), "in his hand")
      t:answer(0, { card = d })
      t:pass(1)
      t:eq(g:card(d).zone.kind, "board", "dropped, not discarded")
      t:ok(lying(g, at, d), "in his square")
    end },
    { "Picking Up Objects (E12): the Master Key picked up lies in front of him and the turn ends; he still discards and draws", function(t, g)
      local at = roomy(t)
      local k = scenes.picked_up(t, 0, "Master Key", at)
      t:eq(g:card(k).zone.kind, "play", "in front of him, not in his hand")
      t:eq(g:card(k).zone.player, 0)
      t:eq(g:turn().phase_over, true, "no more actions")
      t:pass(1)
      t:eq(#g:hand(0), 6, "drew 6: the key is the seventh")
    end },
    { "Targeting (E13): a dropped Dagger and a wizard on the line do not block sight; a Thornbush does", function(t, g)
      local a, line = spots.straight(g, 2)
      t:ok(a, "three squares in a row")
      assert(line, "the two squares after the first")
      local mid, far = line[1], line[2]
      local _, dagger = scenes.object_on(g, "Dagger", mid)
      t:place(1, mid)
      t:ok(g:los(assert(a), far), "past a dropped Dagger and a wizard")
      g:remove_object(dagger)
      t:place(1, far)
      t:active(0)
      t:place(0, a)
      t:cast { card = t:give(0, "Thornbush"), at = t:square(mid) }
      t:eq(g:los(assert(a), far), false, "not through the Thornbush")
    end },
    { "Targeting (E13): sight through a door held open by NUMBER 2's spell, not through it closed", function(t, g)
      local from, _, beyond, e = spots.foreign_door(g, { 0 })
      assert(from and beyond and e, "a door")
      t:ok(not g:los(from, beyond), "closed: no sight")
      t:active(0)
      t:place(0, from)
      t:cast { card = t:give(0, "NUMBER 2"), at = t:door(e) }
      t:ok(g:los(from, beyond), "held open: sight")
    end },
    { "Keeping Track of Spell Duration (E14): Wall of Fire with a NUMBER 2: still 2 after its turn, 1 after his next, gone after the one after", function(t, g)
      t:active(0)
      local at, n = roomy(t)
      t:ok(n ~= nil, "a free square beside")
      t:place(0, at)
      local c, two = t:give(0, "Wall of Fire"), t:give(0, "NUMBER 2")
      t:cast { card = c, at = t:border(n.edge), boost = two }
      t:eq(g:card(c).energy, 2)
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:card(c).energy, 2, "the turn it was cast in does not count")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:card(c).energy, 1, "one off at the end of his next turn")
      t:eq(#g:edge(n.edge).obstacles, 1, "still burning")
      t:pass(2)
      t:eq(g:card(c).zone.pile, "discard", "ended at the end of the turn after")
      t:eq(#g:edge(n.edge).obstacles, 0, "the flames are gone")
    end },
    { "Death (E15): a killer with 5 cards kills a wizard with 4 and a Dagger: the Dagger falls, he discards down to 7 at once and goes on with his turn", function(t, g)
      local at = roomy(t)
      t:active(0)
      t:place(0, at)
      local mine = {}
      for i = 1, 5 do mine[i] = t:give(0, "NUMBER 4") end
      for _ = 1, 4 do t:give(1, "NUMBER 5") end
      local d = t:give(1, "Dagger")
      g:set_card_data(d, "carried", true)
      t:set_life(1, 1)
      t:place(1, at)
      t:answer(0, { card = mine[1] })
      t:answer(0, { card = mine[2] })
      t:punch(t:wizard(1))
      t:ok(not g:player(1).alive)
      t:eq(#g:hand(0), 7, "9 cards, two discarded at once")
      t:eq(asked(t, "discard", 0), 2)
      t:ok(lying(g, at, d), "the Dagger lies in his square")
      t:ok(t:has { kind = "move" }, "his turn goes on")
    end, players = 3 },
    { "Attacks (E16a): a Fireball nullified by Full Shield frees another attack", function(t)
      local f2 = fireball_against(t, "Full Shield")
      t:eq(t:life(1), 15, "nullified")
      t:eq(#t:log("attack_nullified"), 1)
      t:ok(t:has { kind = "cast", card = f2, target = t:wizard(1) }, "a second Fireball")
      t:ok(t:has { kind = "punch", target = t:wizard(1) }, "or a punch")
      t:cast { card = f2, at = t:wizard(1) }
      t:eq(t:life(1), 10)
      t:ok(not t:has { kind = "punch" }, "the second attack is spent")
    end },
    { "Attacks (E16b): a Fireball only lessened by Absorb is spent: no second attack", function(t)
      local f2 = fireball_against(t, "Absorb")
      t:eq(t:life(1), 13, "5 - 3")
      t:eq(#t:log("attack_nullified"), 0)
      t:ok(not t:has { kind = "cast", card = f2 }, "no second Fireball")
      t:ok(not t:has { kind = "punch" }, "no punch")
    end },
    { "Setup (E17): on his first turn the NUMBER 3 (an Attack) is offered to move him, not to be cast; no punch", function(t, g)
      g:set_var("combat_open", nil)
      t:active(0)
      g:set_turn_var("first_turn", true)
      local n = t:give(0, "NUMBER 3")
      t:place(1, g:player(0).at)
      t:eq(t:count { kind = "cast", card = n }, 0, "not cast")
      t:ok(not t:has { kind = "punch" }, "no punch")
      t:act { kind = "boost", card = n }
      t:eq(movement.left(g), 6, "spent for its number")
    end },
  },
}
