-- Wizard (1978) 7-Hex Image (seed L680): a creation, the image of a being of up to seven hexes
-- (a dragon, or any smaller being): it looks real, does no harm, and vanishes when touched.
-- reconstructed: the seed lets an image be of "anything" of one thing (L356); we offer the
-- beings of the game ([config.beings]) that fit where it is cast, standing as the caster faces
-- (images of walls, fire or of a wizard are left out).
return card {
  name = "7-Hex Image", school = "iq15", kind = "creation", energy = 4,
  duration = "lasting", targets = { "empty_hex" },
  traits = { "image" },
  text = "An image of any being up to seven hexes big, a dragon even: it looks real, does no harm, and vanishes when touched. 4 ST.",
  resolve = function(ctx) ctx:likeness("image", 7) end,
  tests = {
    { "an image of a dragon, shown to the foe as a dragon", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      arena.cast(t, "7-Hex Image", { cell = arena.east(2) }, { 3, 4, 4 }, { "dragon" })
      local d = arena.figures_of(t, "dragon")
      t:eq(#d, 1)
      t:eq(#d[1].cells, 7)
      t:eq(d[1].vars.unreal, "image")
      t:eq(d[1].shown_as, "dragon")
      t:eq(arena.lost(t, me), 4)
    end },
    { "no room for a dragon next to the foe: a smaller being", function(t)
      local arena = require("test.arena")
      arena.duel(t, 3)
      arena.cast(t, "7-Hex Image", { cell = arena.east(2) }, { 3, 4, 4 }, { "wolf" })
      t:eq(#arena.figures_of(t, "dragon"), 0)
      t:eq(#arena.figures_of(t, "wolf"), 1)
    end },
    { "the image vanishes at the first blow", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 3)
      arena.cast(t, "7-Hex Image", { cell = arena.east(2) }, { 3, 4, 4 }, { "bear" })
      local bear = arena.figures_of(t, "bear")[1].id
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 1 }
      t:act { kind = "attack", target = bear }
      t:eq(#arena.figures_of(t, "bear"), 0)
      t:eq(#g:play_area(0), 0, "its casting is gone with it")
    end },
  },
}
