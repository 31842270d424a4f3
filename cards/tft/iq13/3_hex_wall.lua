-- Wizard (1978) 3-Hex Wall (seed L654, L618, L397): a creation, solid wall on up to three
-- connected hexes, never on a figure; an image there is destroyed.
return card {
  name = "3-Hex Wall", school = "iq13", kind = "creation", energy = 4,
  duration = "lasting", targets = { "hex" },
  text = "Solid wall rises on up to 3 connected empty hexes; cast at a figure's hex it fails, but it crushes an image. 4 ST.",
  resolve = function(ctx)
    -- reconstructed: every hex of the wall, not just the first, lies where a creation may
    -- appear (L329), unwalled, with no figure on it but an image (L618) that the caster sees
    -- (a hidden one shows itself as the wall rises round it: L216, ctx:raise_walls)
    local function free(c)
      for _, id in ipairs(ctx:figures_in({ c })) do
        if ctx:sees(id) and not ctx:is(id, "image") then return false end
      end
      return ctx:creation_hex(c) and not ctx:filled_by(c, "wall")
    end
    -- seed L618: cast at a hex with a figure in it, it fails (reconstructed: its ST spent all
    -- the same, the roll having been made)
    if free(assert(ctx:target_cell())) then
      ctx:raise_walls(ctx:connected(3, free))
    else
      ctx:end_casting()
    end
  end,
  tests = {
    { "three connected hexes of wall", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "1,7", "2,7" })
      for _, c in ipairs({ arena.east(1), { q = 1, r = 7 }, { q = 2, r = 7 } }) do
        local o = g:objects_at(c)[1]
        t:eq(o and o.kind, "wall")
      end
      t:eq(arena.lost(t, me), 4)
    end },
    { "fewer hexes if the caster wants", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 5)
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "done" })
      t:eq(#g:objects(), 1)
    end },
    { "cast at a figure's hex it fails", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 })
      t:eq(#g:objects(), 0)
      t:eq(#g:play_area(0), 0)
      t:eq(arena.lost(t, me), 4)
      t:ok(assert(g:figure(foe)).at ~= nil)
    end },
    { "a hidden figure's hex is offered like any; the wall rises round it and shows it", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 5)
      local wolf = arena.being(t, 1, "wolf", { q = 1, r = 7 }, "W")
      g:set_figure(wolf, { unseen = true })
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "1,7", "done" })
      t:eq(#g:objects_at({ q = 1, r = 7 }), 0, "no wall on him")
      t:eq(#g:objects_at(arena.east(1)), 1)
      t:eq(#t:log("revealed", 0), 1, "he shows")
    end },
    { "an image in the way is crushed", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 5)
      local img = arena.being(t, 1, "bear", arena.east(1), "W", "image")
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "done" })
      t:ok(g:figure(img) == nil)
      t:eq(#g:objects_at(arena.east(1)), 1)
    end },
  },
}
