-- Wizard (1978) Giant Rope (seed L676, after Rope L616): a creation cast on a figure's hex, a
-- magic rope strong enough for ST 20 and more; on a weaker figure it binds as two ropes.
-- reconstructed: the seed's "two simultaneous Rope spells, removed one at a time" are two
-- castings: the second made as a part of the first, then cut loose, so that each stands
-- alone: each takes 2 DX at once and 1 more each later turn, and slipping one (the rules'
-- "free of the rope", a DX roll standing still) ends that one alone. MA is halved once, not
-- twice, as two Slow spells do not quarter it (L571).
-- reconstructed: cast on an empty hex it comes to nothing (L331: a rope is no use there); cast
-- on an image it touches it, and the image vanishes (L358). The ST is spent either way.
local function rope(ctx, id)
  ctx:enchant({ rope = true, dx = -2 }, id)
  if assert(ctx:figure(id)).attrs.st < 20 then
    local part = ctx:enchant_also(id, { rope = true, dx = -2 })
    ctx.game:set_card_data(part, "part_of", false)
  end
end

return card {
  name = "Giant Rope", school = "iq15", kind = "creation", energy = 5,
  duration = "lasting", targets = { "hex" },
  text = "A huge magic rope binds the figure in the hex: MA halved, -2 DX at once and 1 more each later turn, until it is slipped (a DX roll, standing still). A figure under ST 20 is bound by two such ropes. 5 ST.",
  resolve = function(ctx)
    local id = ctx.game:figures_at(assert(ctx:target_cell()))[1]
    if not id then
      ctx:end_casting()
    elseif ctx:is(id, "image") then
      ctx:vanish(id, "touched")
      ctx:end_casting()
    else
      rope(ctx, id)
    end
  end,
  tests = {
    { "a wizard under ST 20 is bound by two ropes", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Giant Rope", { cell = arena.east(2) }, { 3, 4, 4 })
      local ropes = arena.spells_on(t, foe)
      t:eq(#ropes, 2)
      t:eq(ropes[1].data.dx + ropes[2].data.dx, -4)
      t:eq(arena.lost(t, me), 5)
    end },
    { "a figure of ST 20 or more: one rope", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      g:set_figure(foe, { attrs = { st = 30 } })
      arena.cast(t, "Giant Rope", { cell = arena.east(2) }, { 3, 4, 4 })
      local ropes = arena.spells_on(t, foe)
      t:eq(#ropes, 1)
      t:eq(ropes[1].data.dx, -2)
    end },
    { "both tighten each turn, and come off one at a time", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Giant Rope", { cell = arena.east(2) }, { 3, 4, 4 })
      t:pass(1)
      local ropes = arena.spells_on(t, foe)
      t:eq(ropes[1].data.dx + ropes[2].data.dx, -6, "-3 each on the second turn")
      -- DX 12 - 6 = 6: a 6 slips one rope
      arena.ready(t, foe)
      t:dice { 1, 2, 3 }
      t:act { kind = "unrope", target = foe }
      ropes = arena.spells_on(t, foe)
      t:eq(#ropes, 1, "one rope is left")
      t:eq(ropes[1].data.dx, -3)
    end },
    { "on an empty hex it comes to nothing", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Giant Rope", { cell = arena.east(1) }, { 3, 4, 4 })
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(#g:play_area(0), 0)
      t:eq(arena.lost(t, me), 5)
    end },
  },
}
