-- Wizard (1978) Dispel Illusions (seed L665): a special spell; every illusion within 5
-- megahexes of the caster's own vanishes, whoever made it.
return card {
  name = "Dispel Illusions", school = "iq14", kind = "special", energy = 5,
  duration = "instant", targets = { "none" },
  text = "Every illusion, large or small and anyone's, within 5 megahexes of yours vanishes. Images and real beings stay. 5 ST.",
  resolve = function(ctx)
    for _, id in ipairs(ctx:figures_in(ctx:within_megahexes(5))) do
      if ctx:is(id, "illusion") then ctx:vanish(id, "dispelled") end
    end
  end,
  tests = {
    { "illusions near go, whoever made them; images and real beings stay", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local function make(kind, owner, cell, unreal)
        return g:create_figure {
          kind = kind, owner = owner, at = cell, facing = "W", tokens = {},
          attrs = { st = 10, dx = 14, iq = 6, ma = 12 }, vars = { being = kind, unreal = unreal },
        }
      end
      local foes = make("wolf", 1, arena.east(2), "illusion")
      local mine = make("bear", 0, { q = 0, r = 9 }, "illusion")
      local image = make("gargoyle", 1, { q = 1, r = 9 }, "image")
      local real = make("myrmidon", 1, { q = 1, r = 7 })
      arena.cast(t, "Dispel Illusions", { none = true }, { 3, 3, 3 })
      t:ok(g:figure(foes) == nil)
      t:ok(g:figure(mine) == nil)
      t:ok(g:figure(image) ~= nil)
      t:ok(g:figure(real) ~= nil)
      t:eq(arena.lost(t, me), 5)
    end },
    { "an illusion beyond 5 megahexes stays", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local corner = { q = 4, r = 15 }
      arena.place(t, me, corner, "W")
      local far ---@type Cell?
      for _, c in ipairs(g:disc(corner, 30)) do
        if (g:region_distance(corner, c) or 0) > 5 then far = c end
      end
      local id = arena.being(t, 1, "wolf", assert(far), "W", "illusion")
      arena.cast(t, "Dispel Illusions", { none = true }, { 3, 3, 3 })
      t:ok(g:figure(id) ~= nil)
    end },
    { "a miss: the illusion stays, 1 ST lost", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local id = arena.being(t, 1, "wolf", arena.east(2), "W", "illusion")
      arena.cast(t, "Dispel Illusions", { none = true }, { 6, 6, 1 })
      t:ok(g:figure(id) ~= nil)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
