-- Wizard (1978) 3-Hex Wall (seed L654, L618, L397): a creation, solid wall on up to three
-- connected hexes, never on a figure; an image there is destroyed.
return card {
  name = "3-Hex Wall",
  school = "iq13",
  kind = "creation",
  energy = 4,
  duration = "lasting",
  targets = { "hex" },
  text = "Solid wall rises on up to 3 connected empty hexes; cast at a figure's hex it fails, but it crushes an image. 4 ST.",
  resolve = function(ctx)
    local w = assert(ctx:figure(ctx.caster))
    local at = assert(w.at)
    -- reconstructed: every hex of the wall, not just the first, must lie where a creation may
    -- appear (L329: the caster's megahex and those next to it, in sight), unwalled and in play;
    -- no figure may stand there but an image (L618).
    local function fits(c)
      local d = ctx.game:region_distance(at, c)
      if not d or d > 1 or not ctx.game:los(at, c) or ctx:filled_by(c, "wall") then return false end
      for _, m in ipairs(ctx.game:marks_at(c)) do
        if m == "shaded" and ctx.game:option("tunnel") then return false end
      end
      for _, id in ipairs(ctx:figures_in({ c })) do
        if not ctx:is(id, "image") then return false end
      end
      return true
    end
    -- seed L618: cast at a hex with a figure in it, it fails (reconstructed: its ST spent all
    -- the same, the roll having been made)
    if not fits(assert(ctx:target_cell())) then
      ctx:end_casting()
      return
    end
    local cells = ctx:connected(3, fits)
    for _, id in ipairs(ctx:figures_in(cells)) do ctx:vanish(id, "walled") end
    for _, c in ipairs(cells) do
      -- seed L397: a wall puts out a fire
      local fire = ctx:filled_by(c, "fire")
      if fire then ctx.game:remove_object(fire.id) end
    end
    ctx:fill("wall", cells)
  end,
  tests = {
    { "three connected hexes of wall", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "1,7", "2,7" })
      for _, c in ipairs({ arena.east(1), { q = 1, r = 7 }, { q = 2, r = 7 } }) do
        local o = t.game:objects_at(c)[1]
        t:eq(o and o.kind, "wall")
      end
      t:eq(arena.lost(t, me), 4)
    end },
    { "fewer hexes if the caster wants", function(t)
      local arena = require("test.arena")
      arena.duel(t, 5)
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "done" })
      t:eq(#t.game:objects(), 1)
    end },
    { "cast at a figure's hex it fails", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 })
      t:eq(#t.game:objects(), 0)
      t:eq(#t.game:play_area(0), 0)
      t:eq(arena.lost(t, me), 4)
      t:ok(assert(t.game:figure(foe)).at ~= nil)
    end },
    { "an image in the way is crushed", function(t)
      local arena = require("test.arena")
      arena.duel(t, 5)
      local img = t.game:create_figure {
        kind = "bear", owner = 1, at = arena.east(1), facing = "W",
        attrs = { st = 30, dx = 11, iq = 6, ma = 8 }, tokens = {}, vars = { being = "bear", unreal = "image" },
      }
      arena.cast(t, "3-Hex Wall", { cell = arena.east(1) }, { 3, 4, 4 }, { "done" })
      t:ok(t.game:figure(img) == nil)
      t:eq(#t.game:objects_at(arena.east(1)), 1)
    end },
  },
}
