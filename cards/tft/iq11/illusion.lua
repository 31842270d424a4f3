-- Wizard (1978) Illusion (seed L612, L366-L380): a creation, a one-hex being that is not real
-- but fights like the real one until someone disbelieves it, 2 ST.
-- reconstructed: the rules can disbelieve figures only, so the illusion is of a one-hex being
-- of [config.beings]: not of a fire, a wall, a shadow or a rope, which could not be told from
-- real ones, nor a double of a figure on the board (seed L390), which the rules cannot make.
return card {
  name = "Illusion", school = "iq11", kind = "creation", energy = 2,
  duration = "lasting", targets = { "empty_hex" },
  traits = { "illusion" },
  text = "Makes a one-hex being that is not real: it fights and hurts like the real thing until someone disbelieves it. 2 ST.",
  resolve = function(ctx) ctx:likeness("illusion", 1) end,
  tests = {
    { "an illusion of a bear, looking to the foe like any bear", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Illusion", { cell = arena.east(1) }, { 3, 3, 3 }, { "bear" })
      local bears = arena.figures_of(t, "bear")
      t:eq(#bears, 1)
      t:eq(bears[1].vars.unreal, "illusion")
      t:eq(bears[1].shown_as, "bear")
      t:eq(bears[1].attrs.st, 30)
      t:eq(arena.lost(t, me), 2)
    end },
    { "it hurts as a real bear would", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Illusion", { cell = arena.east(1) }, { 3, 3, 3 }, { "bear" })
      local bear = arena.figures_of(t, "bear")[1].id
      t:pass(1)
      arena.ready(t, bear)
      t:dice { 3, 3, 3, 1, 1 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 4, "1 + 1 + 2")
    end },
    { "disbelieved, it vanishes", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Illusion", { cell = arena.east(1) }, { 3, 3, 3 }, { "wolf" })
      local wolf = arena.figures_of(t, "wolf")[1].id
      arena.ready(t, foe)
      t:dice { 3, 3, 3 }
      t:act { kind = "disbelieve", target = wolf }
      t:eq(#arena.figures_of(t, "wolf"), 0)
    end },
    { "a miss makes nothing", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Illusion", { cell = arena.east(1) }, { 6, 6, 4 })
      t:eq(#arena.figures_of(t, "wolf") + #arena.figures_of(t, "bear"), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
