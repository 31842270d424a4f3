-- Wizard (1978) 4-Hex Illusion (seed L661): a creation, the illusion of a being of up to four
-- hexes (a giant, a small dragon, or any one-hex being): it fights as the real one until
-- disbelieved.
-- reconstructed: the seed lets an illusion be of "anything"; we offer the beings of the game
-- ([config.beings]) that cover four hexes or fewer and fit where it is cast, standing as the
-- caster faces (illusions of walls, fire or of a wizard are left out).
return card {
  name = "4-Hex Illusion", school = "iq14", kind = "creation", energy = 3,
  duration = "lasting", targets = { "empty_hex" },
  traits = { "illusion" },
  text = "An illusion of a being up to four hexes big (a giant, a small dragon...): it fights as the real one until someone disbelieves it. 3 ST.",
  resolve = function(ctx) ctx:likeness("illusion", 4) end,
  tests = {
    { "an illusion of a giant, shown to the foe as a giant", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "4-Hex Illusion", { cell = arena.east(1) }, { 3, 4, 4 }, { "giant" })
      local g = arena.figures_of(t, "giant")
      t:eq(#g, 1)
      t:eq(#g[1].cells, 3)
      t:eq(g[1].attrs.st, 30, "the real thing's numbers")
      t:eq(g[1].vars.unreal, "illusion")
      t:eq(g[1].shown_as, "giant")
      t:eq(arena.lost(t, me), 3)
    end },
    { "it strikes as hard as the real thing", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "4-Hex Illusion", { cell = arena.east(1) }, { 3, 4, 4 }, { "bear" })
      t:pass(1)
      local bear = arena.figures_of(t, "bear")[1].id
      arena.ready(t, bear)
      t:dice { 3, 3, 3, 1, 1 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 4, "1 + 1 + 2")
      t:eq(#arena.figures_of(t, "bear"), 1, "not gone, unlike an image")
    end },
    { "it vanishes when its maker falls unconscious", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "4-Hex Illusion", { cell = arena.east(1) }, { 3, 4, 4 }, { "giant" })
      local F = require("rules.figures")
      F.spend(g, me, arena.st(t, me) - 1)
      t:eq(#arena.figures_of(t, "giant"), 0)
    end },
  },
}
