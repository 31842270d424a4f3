-- Wizard (1978) Megahex Avert (seed L682, after Avert L582): a thrown spell at a megahex that
-- puts an Avert on every figure in it: each must end its moves 2 hexes farther from the caster
-- than it began. 3 ST, and 1 a turn for them all.
-- reconstructed: the caster, if he stands in the megahex, is left out (he cannot flee from
-- himself); a figure under Spell Shield is left out (L667); with no one to avert the spell
-- comes to nothing (its ST spent).
return card {
  name = "Megahex Avert", school = "iq15", kind = "thrown", energy = 3,
  duration = "continuing", targets = { "megahex" },
  text = "Every figure in a megahex but you is driven off: each turn it must end its move 2 hexes farther from you than it began. 3 ST, and 1 a turn to keep.",
  resolve = function(ctx)
    ---@type integer?
    local first = nil
    for _, id in ipairs(ctx:figures_in(ctx:circle(assert(ctx:target_cell())))) do
      if id ~= ctx.caster and not ctx:shielded(id) then
        if first then
          ctx:enchant_also(id, { avert = true })
        else
          first = id
          ctx:enchant({ avert = true }, id)
        end
      end
    end
    if not first then ctx:end_casting() end
  end,
  tests = {
    { "every figure in the megahex is averted", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(3), "W")
      -- the centre 2 hexes off: DX 12 - 2 = 10
      arena.cast(t, "Megahex Avert", { cell = arena.east(2) }, { 4, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(arena.spells_on(t, wolf)[1].data.avert, true, "the wolf too")
      t:eq(arena.lost(t, me), 3)
      t:active(1, "movement")
      local labels = t:actions()
      t:ok(#labels > 0 and labels[1]:find("move", 1, true), "the foe's moves are offered")
      for _, label in ipairs(labels) do
        t:ok(not label:find("stand still", 1, true), "the foe may not stay put: " .. label)
      end
    end },
    { "not on the caster in the megahex", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Megahex Avert", { cell = arena.middle }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, me), 0)
      t:eq(#arena.spells_on(t, foe), 1)
    end },
    { "not on a figure under Spell Shield", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      local shield = t:put(1, "Blur")
      g:set_card_data(shield, "on", foe)
      g:set_card_data(shield, "shield", true)
      arena.cast(t, "Megahex Avert", { cell = arena.east(2) }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 1, "the shield alone")
      t:eq(#g:play_area(0), 0, "no one averted: the casting is gone")
    end },
    { "kept for 1 ST a turn for all", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(3), "W")
      arena.cast(t, "Megahex Avert", { cell = arena.east(2) }, { 3, 3, 3 })
      t:answer(0, "Megahex Avert on B (1 ST)")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(#arena.spells_on(t, wolf), 1)
      t:eq(arena.lost(t, me), 4)
    end },
    { "not kept, it ends on all", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(3), "W")
      arena.cast(t, "Megahex Avert", { cell = arena.east(2) }, { 3, 3, 3 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, foe), 0)
      t:eq(#arena.spells_on(t, wolf), 0)
    end },
  },
}
