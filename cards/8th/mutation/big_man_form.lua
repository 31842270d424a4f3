-- 8th Mutation "Big Man Form": the caster grows huge while the spell lasts: base speed 3, a
-- punch deals 3 physical damage, and he fills his square: nobody else may enter it.
-- 8th: Card Traits, Transformation (rules/transform.lua).
-- reconstructed: cast on oneself only, needing no target. REDUCED: the card also blocks line
-- of sight through his square (no spell cast past him) and pushes wizards and creatures ahead
-- of him as he walks (they choose the way at a branching); neither is written: the kernel's
-- line of sight knows no wizard that blocks it, and an object carried along in his square
-- would hide him as well. A wizard who tries to step into his square is stopped (the step,
-- and its movement point, are spent: the rules offer it, this card refuses it).
local function into_giant(game, giant, ev)
  local at = game:player(giant).at
  return ev.wizard ~= giant and at ~= nil and ev.to ~= nil and ev.to.x == at.x and ev.to.y == at.y
end

return card {
  name = "Big Man Form", school = "mutation", kind = "neutral",
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Grow into a giant while this spell lasts: your punch deals 3 physical damage and you fill your square: nobody can enter it, see or cast past it, and wizards and creatures in your way are pushed ahead of you.",
  resolve = function(ctx) ctx:transform(ctx.caster, { speed = 3, punch = 3 }) end,
  before_move = function(ctx, ev)
    if into_giant(ctx.game, ctx.controller, ev) then return false end
  end,
  tests = {
    { "his punch deals 3", function(t, g)
      local b = t:turn_of(0, "Big Man Form")
      t:cast { card = b }
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 3)
    end },
    { "nobody steps into his square", function(t, g)
      local spots = require("test.spots")
      local b = t:turn_of(0, "Big Man Form")
      t:cast { card = b }
      local at = g:player(0).at
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      t:place(1, n.to)
      t:active(1)
      local back ---@type Dir?
      for _, s in ipairs(g:neighbours(n.to)) do if s.to.x == at.x and s.to.y == at.y then back = s.dir end end
      assert(back, "the way back")
      t:move(back)
      t:eq(g:player(1).at, n.to, "stopped at his side")
    end },
    { "his speed stays 3; the form ends with the spell", function(t, g)
      local T = require("rules.transform")
      local b = t:turn_of(0, "Big Man Form")
      t:cast { card = b }
      t:eq(T.base_speed(g, 0), 3)
      t:act { kind = "end_spell", card = b }
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 1, "a plain punch again")
    end },
  },
}
