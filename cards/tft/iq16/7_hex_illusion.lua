-- Wizard (1978) 7-Hex Illusion (seed L685): a creation, the illusion of a being of up to seven
-- hexes (a dragon, or any smaller being): it fights and harms like the real one until someone
-- disbelieves it (seed L364-L380), for 5 ST.
-- reconstructed: the seed lets an illusion be of "anything" of one thing (L356); we offer the
-- beings of the game ([config.beings]) that fit where it is cast, standing as the caster faces
-- (illusions of walls, fire or of a wizard are left out).
return card {
  name = "7-Hex Illusion", school = "iq16", kind = "creation", energy = 5,
  duration = "lasting", targets = { "empty_hex" },
  traits = { "illusion" },
  text = "An illusion of any being up to seven hexes big, a dragon even: it fights and wounds like the real thing until someone disbelieves it. 5 ST.",
  resolve = function(ctx) ctx:likeness("illusion", 7) end,
  tests = {
    { "an illusion of a dragon, shown to the foe as a dragon", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      arena.cast(t, "7-Hex Illusion", { cell = arena.east(2) }, { 3, 4, 4 }, { "dragon" })
      local d = arena.figures_of(t, "dragon")
      t:eq(#d, 1)
      t:eq(#d[1].cells, 7)
      t:eq(d[1].attrs.st, 60, "the real one's numbers")
      t:eq(d[1].vars.unreal, "illusion")
      t:eq(d[1].shown_as, "dragon")
      t:eq(arena.lost(t, me), 5)
    end },
    { "it strikes as the real thing would", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 3)
      arena.cast(t, "7-Hex Illusion", { cell = arena.east(2) }, { 3, 4, 4 }, { "bear" })
      ---@type integer
      local bear = arena.figures_of(t, "bear")[1].id
      t:pass(1)
      g:set_figure(bear, { facing = "E" })
      arena.ready(t, bear)
      -- bite 2+2
      t:dice { 3, 3, 3, 4, 5 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 11)
    end },
    { "a blow does not end it; disbelief does", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 3)
      arena.cast(t, "7-Hex Illusion", { cell = arena.east(2) }, { 3, 4, 4 }, { "myrmidon" })
      local myrmidon = arena.figures_of(t, "myrmidon")[1].id
      t:pass(1)
      arena.ready(t, foe)
      t:dice { 3, 3, 3, 4 }
      t:act { kind = "attack", target = myrmidon }
      t:eq(arena.lost(t, myrmidon), 4, "hurt, not gone")
      g:set_turn_var("acted:" .. foe, false)
      arena.ready(t, foe)
      t:dice { 2, 3, 4 }
      t:act { kind = "disbelieve", target = myrmidon }
      t:eq(#arena.figures_of(t, "myrmidon"), 0)
      t:eq(#g:play_area(0), 0, "its casting is gone with it")
    end },
  },
}
