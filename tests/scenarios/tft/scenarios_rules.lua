-- Rules of Wizard (1978) that no one spell holds, as scenarios (rulesets/tft). Run by
-- `wizwar test --ruleset tft`.
local arena = require("test.arena")

local function hex(q, r) return { q = q, r = r } end
local function key(c) return c.q .. "," .. c.r end

-- A giant of seat p with its anchor on `at`, facing NE (its hexes: at, the hex NE of it and
-- the hex E of it).
local function giant(t, p, at) return arena.being(t, p, "giant", at, "NE") end

-- Seat 0's turn to move its giant (its wizard has moved already).
local function giant_moves(t, g)
  t:active(0, "movement")
  t.game:set_turn_var("option:" .. arena.wizard(t, 0), "hold")
  t:ok(t:has { kind = "option", figure = g, letter = "a" }, "the giant moves")
end

-- A wolf of seat p on a hex, facing W.
local function wolf(t, p, at) return arena.being(t, p, "wolf", at, "W") end

-- A wizard steps into the hex of a fallen wolf next to him (his DX roll loaded with `dice`,
-- then facing `facing` if he still stands); returns him.
local function step_onto_fallen(t, dice, facing)
  local me = arena.duel(t, 4)
  t.game:set_figure(wolf(t, 0, arena.east(1)), { tokens = { down = 1 } })
  t:active(0, "movement")
  t:answer(0, key(arena.east(1)))
  if facing then t:answer(0, facing) end
  t:dice(dice)
  t:act { kind = "option", figure = me, letter = "a" }
  return me
end

return scenarios {
  name = "Wizard (1978): rules",
  tests = {
    { "four wizards start on the four entrances, each facing the middle (seed L158)", function(t, g)
      local starts = {}
      for p = 0, 3 do
        local w = assert(g:figure(arena.wizard(t, p)))
        local at = assert(w.at)
        starts[p + 1] = at.q .. "," .. at.r .. " " .. w.facing
      end
      -- (the entrances are the fourth and ninth hexes of the first and last rows: ours)
      t:eq(table.concat(starts, "; "), "3,0 SE; 1,15 NW; 8,0 SW; -4,15 NE")
    end, players = 4 },
    { "the story names a hex by the printed map's column and row, as the map key does", function(t, g)
      local N = require("rules.narrate")
      local me = arena.duel(t)
      t:eq(g:cell_name(arena.middle), "0509")
      local line = N.line(g, { event = "move", data = { figure = me, to = arena.middle, hexes = 1 } }, false)
      t:ok(line:find("moves to hex 0509", 1, true), line)
    end },
    { "a dragon lashes its tail at a foe behind it, who falls missing his roll (seed L492)", function(t, g)
      local X = require("rules.combat")
      local me, foe = arena.duel(t)
      arena.place(t, foe, arena.east(-3), "E")
      local dragon = arena.being(t, 1, "dragon", arena.east(3), "W")
      local d = assert(g:figure(dragon))
      arena.place(t, me, arena.east(1), "E")
      t:eq(#t:log("to_hit"), 0)
      X.tail(g, d)
      t:eq(#t:log("to_hit"), 0, "before it: no lash")
      arena.place(t, me, arena.east(5), "W")
      t:dice { 3, 3, 4, 6, 6, 6 }
      X.tail(g, assert(g:figure(dragon)))
      t:eq(assert(g:figure(me)).tokens.down, 1, "hit, and an 18 against DX 12: down")
      t:eq(arena.lost(t, me), 0, "no harm")
    end },
    { "walking through a foe's image unmakes it (seed L362)", function(t, g)
      local me = arena.duel(t, 4)
      local image = arena.being(t, 1, "wolf", arena.east(1), "E", "image")
      g:set_figure(me, { attrs = { ma = 2 } }) -- (round the wolf is 3 hexes)
      t:active(0, "movement")
      local to = arena.east(2)
      t:ok(t:has { kind = "option", figure = me, letter = "a" })
      t:answer(0, "through " .. key(to))
      t:answer(0, "E")
      t:act { kind = "option", figure = me, letter = "a" }
      t:eq(g:figure(image), nil, "the image is gone")
      t:eq(key(arena.at(t, me)), key(to), "he walked on")
    end },
    { "walking into a foe that is no image stops short, and both may fall (seed L362)", function(t, g)
      local me = arena.duel(t, 4)
      local real = arena.being(t, 1, "wolf", arena.east(1), "E")
      g:set_figure(me, { attrs = { ma = 2 } })
      t:active(0, "movement")
      t:answer(0, "through " .. key(arena.east(2)))
      t:dice { 6, 6, 6, 6, 6, 6, 6 }
      t:act { kind = "option", figure = me, letter = "a" }
      t:eq(key(arena.at(t, me)), key(arena.middle), "stopped short")
      t:eq(assert(g:figure(real)).tokens.down, 1, "an 18 on 3 dice: the wolf falls")
      t:eq(assert(g:figure(me)).tokens.down, 1, "a 24 on 4: so does he")
    end },
    { "an invisible foe does not bar a way he stands in; walking into him shows him (seed L200)", function(t)
      local me, foe = arena.duel(t, 2)
      arena.enchant(t, 1, "Invisibility", foe, { invisible = true })
      t:active(0, "movement")
      t:answer(0, key(arena.east(3)))
      t:answer(0, "E")
      t:dice { 1, 1, 1, 1, 1, 1, 1 }
      t:act { kind = "option", figure = me, letter = "a" }
      t:eq(key(arena.at(t, me)), key(arena.east(1)), "stopped short of him")
      t:eq(#t:log("revealed", 0), 1, "where he stands, for that moment")
      t:eq(#t:log("bumped"), 1)
    end },
    { "a foe forced back onto a hex where a hidden figure stands goes nowhere, and it shows", function(t, g)
      local X = require("rules.combat")
      local me, foe = arena.duel(t, 1)
      local hidden = arena.being(t, 1, "wolf", arena.east(2), "W")
      g:set_figure(hidden, { unseen = true })
      t:answer(0, key(arena.east(2)))
      t:dice { 6, 6, 6 }
      X.force_back(g, assert(g:figure(me)), assert(g:figure(foe)))
      t:eq(key(arena.at(t, foe)), key(arena.east(1)), "he stays")
      t:eq(assert(g:figure(foe)).tokens.down, 1, "with no room, an 18 on DX: he falls")
      t:eq(#t:log("revealed", 0), 1, "the hidden wolf shows")
    end },
    { "a figure may jump a fallen one for 3 MA or step into his hex and stop there, never pass a standing one (seed L175)", function(t, g)
      local M = require("rules.movement")
      local me = arena.duel(t, 4)
      local w = wolf(t, 0, arena.east(1))
      local k = key(arena.east(1))
      local function reach()
        local _, seen = M.reach(g, assert(g:figure(me)), 10)
        return seen[k], seen["^" .. k]
      end
      t:eq(reach(), nil, "a standing wolf is not passed")
      g:set_figure(w, { tokens = { down = 1 } })
      local stop, over = reach()
      t:eq(assert(stop, "a step into his hex").cost, 1)
      t:ok(stop.ends and not stop.over, "where the move ends")
      t:eq(assert(over, "a jump over him").cost, 3)
      t:ok(over.over and not over.ends, "not a hex to stop on")
    end },
    { "stepping into a fallen figure's hex, one rolls 3 dice against DX or falls there (seed L175)", function(t, g)
      local me = step_onto_fallen(t, { 6, 6, 6 })
      t:eq(key(arena.at(t, me)), key(arena.east(1)), "he stops there")
      t:eq(assert(g:figure(me)).tokens.down, 1, "an 18: he falls beside the wolf")
    end },
    { "a roll made, one stands in the fallen figure's hex (seed L175)", function(t, g)
      local me = step_onto_fallen(t, { 1, 1, 1 }, "E")
      t:eq(key(arena.at(t, me)), key(arena.east(1)), "he stops there")
      t:eq(assert(g:figure(me)).tokens.down, nil, "a 3: he stands")
    end },
    { "an invisible wizard is off the foe's map until he comes next to a foe (seed L200-L214)", function(t, g)
      local me, foe = arena.duel(t, 3)
      arena.enchant(t, 0, "Invisibility", me, { invisible = true, turns = 9 })
      t:act { kind = "wait" }
      t:ok(assert(g:figure(me)).unseen, "hidden")
      arena.place(t, foe, arena.east(1), "W")
      arena.ready(t, foe)
      t:act { kind = "wait" }
      t:ok(not assert(g:figure(me)).unseen, "seen while a foe is next to him")
    end },
    { "a figure in a shadow is off the map while no foe is next to it (seed L200, L399)", function(t, g)
      local me, foe = arena.duel(t, 1)
      g:create_object { kind = "shadow", at = arena.east(1), data = {} }
      t:act { kind = "wait" }
      t:ok(not assert(g:figure(foe)).unseen, "next to me, he shows")
      arena.place(t, me, arena.east(-1), "E")
      arena.ready(t, foe)
      t:act { kind = "wait" }
      t:ok(assert(g:figure(foe)).unseen, "alone in the dark, he is off the map")
    end },
    { "a missile must get past a figure in its way, and a 14 hits it (seed L283-L284)", function(t, g)
      local _, foe = arena.duel(t, 3)
      local w = wolf(t, 1, arena.east(1))
      local fist = t:give(0, "Magic Fist")
      t:answer(0, "2")
      t:dice { 5, 5, 4, 6, 6 } -- the roll to miss the wolf: 14; then two dice of damage
      t:act { kind = "cast", card = fist, target = { figure = foe } }
      t:eq(assert(g:figure(w)).tokens.lost, 7, "12 less 4, less the wolf's hide")
      t:eq(arena.lost(t, foe), 0)
    end },
    { "a missile that misses flies on, and may strike a foe behind (seed L283)", function(t, g)
      local _, foe = arena.duel(t, 1)
      local w = wolf(t, 1, arena.east(3))
      local fist = t:give(0, "Magic Fist")
      t:answer(0, "2")
      t:dice { 6, 5, 5, 3, 3, 3, 6, 6 } -- 16 misses the wizard; 9 hits the wolf beyond
      t:act { kind = "cast", card = fist, target = { figure = foe } }
      t:eq(arena.lost(t, foe), 0)
      t:eq(assert(g:figure(w)).tokens.lost, 7)
    end },
    { "a giant pushes a wizard back, who falls missing his roll (seed L177-L181)", function(t)
      local g = giant(t, 0, arena.middle)
      local foe = arena.wizard(t, 1)
      arena.place(t, foe, hex(2, 8), "E")
      giant_moves(t, g)
      t:answer(0, "push 1,8")
      t:answer(1, "3,8")
      t:answer(0, "NE")
      t:dice { 6, 6, 6 } -- the wizard's saving roll on DX: 18 fails
      t:act { kind = "option", figure = g, letter = "a" }
      t:eq(assert(t.game:figure(g)).at, hex(1, 8), "the giant moved one hex onto him")
      local w = assert(t.game:figure(foe))
      t:eq(w.at, hex(3, 8), "pushed to the hex his player chose")
      t:eq(w.tokens.down, 1, "and fell")
    end },
    { "a wizard who makes his roll stands in the hex he is pushed to", function(t)
      local g = giant(t, 0, arena.middle)
      local foe = arena.wizard(t, 1)
      arena.place(t, foe, hex(2, 8), "E")
      giant_moves(t, g)
      t:answer(0, "push 1,8")
      t:answer(1, "2,9")
      t:answer(0, "NE")
      t:dice { 1, 2, 3 }
      t:act { kind = "option", figure = g, letter = "a" }
      local w = assert(t.game:figure(foe))
      t:eq(w.at, hex(2, 9))
      t:eq(w.tokens.down, nil)
    end },
  },
}
