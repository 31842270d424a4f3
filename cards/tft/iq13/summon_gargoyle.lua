-- Wizard (1978) Summon Gargoyle (seed L642): a creation, a real gargoyle (ST 20, DX 11, IQ 8,
-- MA 8, 16 flying, fist 2 dice) that serves its summoner, 4 ST and 1 a turn.

-- (tests) Seat 0's gargoyle in the air west of its wizard, in seat 0's movement phase, the
-- wizard holding: returns the gargoyle.
local summons = require("test.summons")

local function gargoyle_aloft(t)
  local arena = require("test.arena")
  local me = arena.duel(t, 4)
  local g = arena.being(t, 0, "gargoyle", arena.east(-2), "E")
  t.game:set_figure(g, { tokens = { aloft = 1 } })
  t:active(0, "movement")
  t.game:set_turn_var("option:" .. me, "hold")
  return g
end

return card {
  name = "Summon Gargoyle", school = "iq13", kind = "creation", energy = 4,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A gargoyle (ST 20, DX 11, IQ 8, MA 8 or 16 flying, fist 2 dice) comes to serve you. 4 ST, and 1 a turn to keep.",
  resolve = function(ctx) ctx:summon("gargoyle", assert(ctx:target_cell())) end,
  tests = {
    { "a gargoyle appears, shown to the foe only as a gargoyle", function(t)
      local gargoyle = summons.appears(t, "Summon Gargoyle", "gargoyle", 4)
      t:eq(gargoyle.attrs.st, 20)
      t:eq(gargoyle.attrs.fly, 16)
    end },
    { "it flies of its own: half its flying MA the turn it takes off, all of it after (seed L184)", function(t)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local me = arena.duel(t, 4)
      local g = arena.being(t, 0, "gargoyle", arena.east(-2), "E")
      t:active(0, "movement")
      t.game:set_turn_var("option:" .. me, "hold")
      t:ok(t:has { kind = "option", figure = g, letter = "fly" }, "it may take off")
      t:answer(0, "-2,8")
      t:answer(0, "E")
      t:act { kind = "option", figure = g, letter = "fly" }
      local gf = assert(t.game:figure(g))
      t:ok(F.flying(t.game, gf), "in the air")
      t:eq(F.ma(t.game, g), 8, "16 flying, halved the first turn")
      local earlier = t.game:turn().number - 1 ---@type integer
      t.game:set_figure(g, { tokens = { aloft = earlier } })
      t:eq(F.ma(t.game, g), 16, "all of it after")
      t:eq(require("rules.casting").against(t.game, g), -4, "harder to hit in the air")
      t:ok(not t:has { kind = "option", figure = g, letter = "land" }, "moved, it has no more to do")
    end },
    { "it lands, and a fall brings it down", function(t)
      local F = require("rules.figures")
      local g = gargoyle_aloft(t)
      t:answer(0, "E")
      t:act { kind = "option", figure = g, letter = "land" }
      t:ok(not F.flying(t.game, assert(t.game:figure(g))), "landed")
      t.game:set_figure(g, { tokens = { aloft = 1 } })
      F.knock_down(t.game, g)
      t:ok(not F.flying(t.game, assert(t.game:figure(g))), "down on the ground")
    end },
    { "it may fly and land where its flight ends, moving no more that turn (seed L184)", function(t)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local g = gargoyle_aloft(t)
      local to = arena.east(-4)
      t:answer(0, to.q .. "," .. to.r)
      t:answer(0, "E")
      t:act { kind = "option", figure = g, letter = "alight" }
      local gf = assert(t.game:figure(g))
      t:eq({ gf.at.q, gf.at.r }, { to.q, to.r }, "flown there")
      t:ok(not F.flying(t.game, gf), "and landed")
      t:ok(not t:has { kind = "option", figure = g }, "nothing more to do this turn")
    end },
    { "a miss brings nothing and costs 1 ST", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Summon Gargoyle", { cell = arena.east(1) }, { 6, 6, 1 })
      t:eq(#arena.figures_of(t, "gargoyle"), 0)
      t:eq(arena.lost(t, me), 1)
    end },
    { "kept for 1 ST a turn, gone when not kept", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Summon Gargoyle", { cell = arena.east(1) }, { 3, 4, 4 })
      t:answer(0, "Summon Gargoyle (1 ST)")
      t:pass(1)
      t:eq(#arena.figures_of(t, "gargoyle"), 1, "kept")
      t:eq(arena.lost(t, me), 5, "4 to cast, 1 to keep")
      t:answer(0)
      t:pass(1)
      t:eq(#arena.figures_of(t, "gargoyle"), 0, "gone")
    end },
  },
}
