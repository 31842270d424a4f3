-- Rules of Wizard (1978) that no one spell holds, as scenarios (rulesets/tft). Run by
-- `wizwar test --ruleset tft`.
local arena = require("test.arena")

local function hex(q, r) return { q = q, r = r } end

-- A summoned giant of seat p with its anchor on `at`, facing NE (its hexes: at, the hex NE of
-- it and the hex E of it).
local function giant(t, p, at)
  return t.game:create_figure {
    kind = "giant", owner = p, at = at, facing = "NE",
    footprint = { hex(0, 0), hex(1, -1), hex(1, 0) },
    attrs = { st = 30, dx = 9, iq = 8, ma = 8 }, tokens = {},
    vars = { being = "giant", cells = { hex(0, 0), hex(1, -1), hex(1, 0) } },
  }
end

-- Seat 0's turn to move its giant (its wizard has moved already).
local function giant_moves(t, g)
  t:active(0, "movement")
  t.game:set_turn_var("option:" .. arena.wizard(t, 0), "hold")
  t:ok(t:has { kind = "option", figure = g, letter = "a" }, "the giant moves")
end

return scenarios {
  name = "Wizard (1978): rules",
  tests = {
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
