-- Wizard (1978) Image (seed L575): a creation, the image of a one-hex being: it looks real,
-- does no harm, and vanishes when touched.
-- reconstructed: an image may be of "anything" (seed L356); we offer the one-hex beings of
-- [config.beings] (wolf, myrmidon, bear, gargoyle); images of a wizard, a wall or a fire are
-- left out.
return card {
  name = "Image", school = "iq8", kind = "creation", energy = 1,
  duration = "lasting", targets = { "empty_hex" },
  traits = { "image" },
  text = "A one-hex being (a wolf, a myrmidon, a bear, a gargoyle) that looks and sounds real but can do no harm; a touch or a blow makes it vanish. 1 ST.",
  resolve = function(ctx) ctx:likeness("image", 1) end,
  tests = {
    { "an image of a bear, shown to the foe as a bear", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "Image", { cell = arena.east(1) }, { 3, 4, 4 }, { "bear" })
      local b = arena.figures_of(t, "bear")
      t:eq(#b, 1)
      t:eq(b[1].vars.unreal, "image")
      t:eq(b[1].shown_as, "bear")
      t:eq(arena.lost(t, me), 1)
      t:eq(#g:play_area(0), 1, "it lasts")
    end },
    { "not on a hex a figure stands on", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      t:give(0, "Image")
      t:ok(t:has { kind = "cast", target = { cell = arena.east(2) } }, "an empty hex")
      t:ok(not t:has { kind = "cast", target = { cell = arena.east(1) } }, "the foe's hex")
      t:ok(not t:has { kind = "cast", target = { figure = foe } })
    end },
    { "the image vanishes at the first blow", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "Image", { cell = arena.east(1) }, { 3, 4, 4 }, { "myrmidon" })
      local m = arena.figures_of(t, "myrmidon")[1].id
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = m }
      t:eq(#arena.figures_of(t, "myrmidon"), 0)
      t:eq(#g:play_area(0), 0, "its casting is gone with it")
    end },
    { "a miss makes nothing and costs 1 ST", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "Image", { cell = arena.east(1) }, { 6, 5, 2 })
      t:eq(#arena.figures_of(t, "bear") + #arena.figures_of(t, "wolf"), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
