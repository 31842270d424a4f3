-- Wizard (1978) Rope (seed L616): a creation cast on a figure's hex; a magic rope halves its
-- MA and costs it 2 DX at once and 1 more each later turn until slipped, 2 ST.
return card {
  name = "Rope", school = "iq11", kind = "creation", energy = 2,
  duration = "lasting", targets = { "hex" },
  text = "A rope binds the figure in the hex: half MA, -2 DX at once and 1 more each turn, until it stands still and slips it on a DX roll (or a neighbour does). No use on ST 20 or more. 2 ST.",
  resolve = function(ctx)
    local id = ctx:figures_in({ assert(ctx:target_cell()) })[1]
    -- seed L329: a rope needs a figure to bind; reconstructed: cast at an empty hex, or at a
    -- being of basic ST 20 or more (Giant Rope's work), it comes to nothing, its cost paid
    if not id or assert(ctx:figure(id)).attrs.st >= 20 then
      ctx:end_casting()
      return
    end
    -- seed L360: an image vanishes at a touch, a rope's too
    if ctx:is(id, "image") then
      ctx:vanish(id, "touched")
      ctx:end_casting()
      return
    end
    -- (ropes add up: seed L676 speaks of two on one figure, taken off one at a time)
    ctx:enchant({ rope = true, dx = -2 }, id)
  end,
  tests = {
    { "the foe is bound: -2 DX, then -3", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Rope", { cell = arena.east(2) }, { 3, 3, 3 })
      local on = arena.spells_on(t, foe)
      t:eq(#on, 1)
      t:eq(on[1].data.dx, -2)
      t:eq(arena.lost(t, me), 2)
      t:pass(1)
      t:eq(arena.spells_on(t, foe)[1].data.dx, -3, "tighter each turn")
    end },
    { "half MA while bound", function(t)
      local arena = require("test.arena")
      arena.duel(t)
      arena.cast(t, "Rope", { cell = arena.east(2) }, { 3, 3, 3 })
      t:pass(1)
      t:active(1, "movement")
      t:ok(t:has { kind = "option", letter = "a", hexes = 5 }, "MA 10 halved")
    end },
    { "standing still, the foe slips it", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Rope", { cell = arena.east(2) }, { 3, 3, 3 })
      arena.ready(t, foe)
      t:dice { 3, 3, 4 }
      t:act { kind = "unrope", target = foe }
      t:eq(#arena.spells_on(t, foe), 0)
    end },
    { "no use on a bear or an empty hex", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "Rope", { cell = arena.east(1) }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, bear), 0)
      t:eq(arena.lost(t, me), 2)
    end },
  },
}
