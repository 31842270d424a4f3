-- Wizard (1978) Teleport (seed L672): a special spell that blinks the caster to any hex, seen
-- or not, facing as he likes, for 1 ST a megahex; coming out inside something solid kills him.
-- reconstructed: the seed prices it by megahexes and says no more. The casting's own 1 ST
-- is the first megahex (a hex of his own megahex counts as one); the others are spent when it
-- works. A wizard may spend no more than leaves him ST 1 (seed L59): if the hex is too far
-- for his ST, the spell fails as a miss does, for 1 ST.
-- (the rules offer every hex: a `can_target` hook would let the card drop those out of reach)

-- What is solid in a hex (seed L672): a wall, a real figure or an illusion; an image is not,
-- and goes.
local function solid(ctx, cell)
  if ctx:filled_by(cell, "wall") then return true end
  for _, id in ipairs(ctx.game:figures_at(cell)) do
    if not ctx:is(id, "image") then return true end
  end
  return false
end

return card {
  name = "Teleport", school = "iq15", kind = "special", energy = 1,
  duration = "instant", targets = { "any_hex" },
  text = "You blink to any hex on the board, seen or unseen, and face as you wish: 1 ST a megahex. Come out inside a wall or a figure and you both die.",
  resolve = function(ctx)
    local w = assert(ctx:figure(ctx.caster))
    local to = assert(ctx:target_cell())
    local megahexes = math.max(1, ctx.game:region_distance(assert(w.at), to) or 1)
    if ctx:st(ctx.caster) - megahexes < 1 then
      ctx:end_casting()
      return
    end
    ctx:spend(megahexes - 1)
    if solid(ctx, to) then
      -- seed L672: the traveller is killed, and a living thing in that hex with him
      -- (reconstructed: an illusion of a being dies too, spells treating it as real, L380)
      for _, id in ipairs(ctx.game:figures_at(to)) do
        if ctx:is(id, "image") then ctx:vanish(id, "touched") else ctx:hit(id, ctx:st(id), { pierce = true }) end
      end
      ctx:spend(ctx:st(ctx.caster))
      return
    end
    for _, id in ipairs(ctx.game:figures_at(to)) do ctx:vanish(id, "touched") end
    local options = {}
    for _, d in ipairs(ctx.game:directions()) do options[#options + 1] = { key = d, label = "face " .. d } end
    local facing = ctx:choose(assert(ctx.seat), "facing", "Which way do you face where you come out?", options)
    ctx:place(ctx.caster, to, facing)
    -- reconstructed: coming out in a fire is stopping in it (4 hits, seed L590); on a slippery
    -- floor, entering it (a roll on DX or fall, L648)
    if ctx:filled_by(to, "fire") then ctx:hit(ctx.caster, 4, { fire = true }) end
    if ctx:filled_by(to, "slippery") and not ctx:saving_roll(ctx.caster, "dx") then ctx:knock_down(ctx.caster) end
  end,
  tests = {
    { "blinks across the arena, facing as he likes, 1 ST a megahex", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      local to = { q = 8, r = 0 }
      local far = assert(g:region_distance(arena.middle, to))
      t:eq(far, 3, "three megahexes away")
      arena.cast(t, "Teleport", { cell = to }, { 3, 3, 3 }, { "SW" })
      local f = assert(g:figure(me))
      t:eq(f.at, to)
      t:eq(f.facing, "SW")
      t:eq(arena.lost(t, me), far)
    end },
    { "a hex of his own megahex costs 1", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      local to = { q = -1, r = 8 }
      t:eq(g:region_distance(arena.middle, to), 0)
      arena.cast(t, "Teleport", { cell = to }, { 3, 3, 3 }, { "E" })
      t:eq(assert(g:figure(me)).at, to)
      t:eq(arena.lost(t, me), 1)
    end },
    { "a miss leaves him where he was, 1 ST the poorer", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Teleport", { cell = { q = 8, r = 0 } }, { 6, 6, 4 })
      t:eq(assert(g:figure(me)).at, arena.middle)
      t:eq(arena.lost(t, me), 1)
    end },
    { "too far for his strength: it fails", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      g:set_figure(me, { tokens = { lost = 13 } })
      arena.cast(t, "Teleport", { cell = { q = 8, r = 0 } }, { 3, 3, 3 })
      t:eq(assert(g:figure(me)).at, arena.middle)
      t:eq(arena.lost(t, me), 14)
    end },
    { "coming out inside the foe kills them both", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 5)
      arena.cast(t, "Teleport", { cell = arena.east(5) }, { 3, 3, 3 })
      t:ok(not assert(g:figure(me)).at, "the caster is dead")
      t:ok(not assert(g:figure(foe)).at, "and so is the foe")
    end },
    { "an image there just vanishes", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      local to = arena.east(3)
      local image = arena.being(t, 1, "wolf", to, "W", "image")
      arena.cast(t, "Teleport", { cell = to }, { 3, 3, 3 }, { "E" })
      t:eq(g:figure(image), nil)
      t:eq(assert(g:figure(me)).at, to)
    end },
  },
}
