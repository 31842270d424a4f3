-- classic MASTER KEY (1 in the deck): a physical object. Once shown (classic, The Cards: the
-- Master Key is displayed face up once used, and still counts in the hand), its holder goes
-- through any undamaged door [AF], as often as he likes; the door locks behind him (the rules
-- read the trait `opens_doors`).
-- reconstructed: a lock jammed with Jam Lock resists the key. The key lets its holder through
-- (the door opens and relocks as he passes); it never leaves a door standing open, so no
-- spell is cast through a door with it ([AF] gives only "open any undamaged door"): to cast
-- through a door, pick its lock (Pick Lock).
local spots = require("test.spots")
local doors = require("rules.doors")

return card {
  name = "Master Key", kind = "object", copies = 1,
  traits = { "opens_doors" },
  text = "Object. Show it: from then on you may go through any undamaged door, as often as you like, while you carry it.",
  tests = {
    { "shown: through the door and back; in the hand it opens nothing", function(t, g)
      t:active(0)
      local from, dir, e = spots.locked_door(g, 0)
      assert(from and dir and e, "a locked door")
      local k = t:give(0, "Master Key")
      t:ok(not t:has { kind = "move", dir = dir }, "in the hand it does nothing")
      t:act { kind = "display", card = k }
      t:move(dir)
      local back = { N = "S", S = "N", E = "W", W = "E" }
      t:move(back[dir])
      t:eq(g:player(0).at, from)
      t:eq(g:card(k).zone.kind, "play", "kept, shown")
      t:eq(assert(g:edge(e).door).open, false, "the door stays locked for others")
    end },
    { "the key opens no door for sight: no spell through it", function(t, g)
      t:active(0)
      local from, dir = spots.locked_door(g, 0)
      assert(from and dir, "a locked door")
      local k, f = t:give(0, "Master Key"), t:give(0, "Fireball")
      t:act { kind = "display", card = k }
      t:place(1, spots.beyond(g, from, dir))
      t:ok(t:has { kind = "move", dir = dir }, "he may go through")
      t:ok(not t:has { kind = "cast", card = f, target = t:wizard(1) }, "but not cast through")
    end },
    { "not through a damaged door, nor a jammed one", function(t, g)
      t:active(0)
      local _, dir, e = spots.locked_door(g, 0)
      assert(dir and e, "a locked door")
      local k = t:give(0, "Master Key")
      t:act { kind = "display", card = k }
      g:set_edge_damage(e, 1)
      t:ok(not t:has { kind = "move", dir = dir }, "damaged")
      g:set_edge_damage(e, 0)
      t:ok(t:has { kind = "move", dir = dir }, "repaired")
      doors.seal(g, e)
      t:ok(not t:has { kind = "move", dir = dir }, "jammed shut")
    end },
    { "dropped, it opens nothing for its former holder", function(t, g)
      t:active(0)
      local _, dir = spots.locked_door(g, 0)
      assert(dir, "a locked door")
      local k = t:give(0, "Master Key")
      t:act { kind = "display", card = k }
      t:act { kind = "drop_object", card = k }
      t:ok(not t:has { kind = "move", dir = dir })
    end },
  },
}
