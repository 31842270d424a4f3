-- Wizard (1978) 4-Hex Image (seed L652): a creation, the image of a being of up to four hexes
-- (a giant, a small dragon, or any one-hex being): it looks real and vanishes when touched.
-- reconstructed: the seed lets an image be of "anything"; we offer the beings of the game
-- ([config.beings]) that cover four hexes or fewer and fit where it is cast, standing as the
-- caster faces (images of walls, fire or of a wizard are left out).
return card {
  name = "4-Hex Image", school = "iq13", kind = "creation", energy = 2,
  duration = "lasting", targets = { "empty_hex" },
  traits = { "image" },
  text = "An image of a being up to four hexes big (a giant, a small dragon...): it looks real, does no harm, and vanishes when touched. 2 ST.",
  resolve = function(ctx) ctx:likeness("image", 4) end,
  tests = {
    { "an image of a giant, shown to the foe as a giant", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "4-Hex Image", { cell = arena.east(1) }, { 3, 4, 4 }, { "giant" })
      local g = arena.figures_of(t, "giant")
      t:eq(#g, 1)
      t:eq(#g[1].cells, 3)
      t:eq(g[1].vars.unreal, "image")
      t:eq(g[1].shown_as, "giant")
      t:eq(arena.lost(t, me), 2)
    end },
    { "a small dragon's four hexes, where they fit", function(t)
      local arena = require("test.arena")
      arena.duel(t, 5)
      arena.cast(t, "4-Hex Image", { cell = arena.east(2) }, { 3, 4, 4 }, { "small_dragon" })
      local d = arena.figures_of(t, "small_dragon")
      t:eq(#d, 1)
      t:eq(#d[1].cells, 4)
    end },
    { "an image does no harm: striking, it vanishes", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "4-Hex Image", { cell = arena.east(1) }, { 3, 4, 4 }, { "myrmidon" })
      t:pass(1)
      local m = arena.figures_of(t, "myrmidon")[1].id
      arena.ready(t, m)
      t:dice { 3, 3, 3 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 0)
      t:eq(#arena.figures_of(t, "myrmidon"), 0)
    end },
    { "the image vanishes at the first blow", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "4-Hex Image", { cell = arena.east(1) }, { 3, 4, 4 }, { "bear" })
      local bear = arena.figures_of(t, "bear")[1].id
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = bear }
      t:eq(#arena.figures_of(t, "bear"), 0)
      t:eq(#g:play_area(0), 0, "its casting is gone with it")
    end },
  },
}
