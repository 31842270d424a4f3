-- Wizard (1978) Summon Wolf (seed L585): a creation, a real wolf (ST 10, DX 14, IQ 6, MA 12,
-- bite 1+1) that follows its summoner's orders, 2 ST and 1 a turn.
local summons = require("test.summons")

return card {
  name = "Summon Wolf", school = "iq9", kind = "creation", energy = 2,
  duration = "continuing", targets = { "empty_hex" },
  traits = { "summons" },
  text = "A wolf (ST 10, DX 14, IQ 6, MA 12, bite 1+1) comes to serve you. 2 ST, and 1 a turn to keep.",
  resolve = function(ctx) ctx:summon("wolf", assert(ctx:target_cell())) end,
  tests = {
    { "a wolf appears, looking to the foe like any wolf", function(t)
      t:eq(summons.appears(t, "Summon Wolf", "wolf", 2).attrs.st, 10)
    end },
    { "summoned where an invisible foe stands, it shows him and comes next to him (seed L216)", function(t)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local _, foe = arena.duel(t, 2)
      arena.enchant(t, 1, "Invisibility", foe, { invisible = true })
      local at = arena.east(2)
      t:ok(t:has { kind = "cast", card = t:give(0, "Summon Wolf"), target = { cell = at } }, "his hex looks empty")
      arena.cast(t, "Summon Wolf", { cell = at }, { 3, 4, 4 })
      t:eq(#t:log("revealed", 0), 1, "he shows")
      local wolves = arena.figures_of(t, "wolf")
      t:eq(#wolves, 1)
      t:eq(F.distance(wolves[1].at, at), 1, "next to him")
    end },
    { "the wolf goes when the summoner stops keeping it", function(t) summons.goes_unkept(t, "Summon Wolf", "wolf") end },
    { "a wolf cannot move or fight on the turn it appears", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      arena.cast(t, "Summon Wolf", { cell = arena.east(1) }, { 3, 4, 4 })
      local wolf = arena.figures_of(t, "wolf")[1].id
      g:set_turn_var("actor", wolf) -- (the same turn: arena.ready would begin another)
      t:eq(t:actions(), { "do nothing more" })
    end },
  },
}
