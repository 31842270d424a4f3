-- Wizard (1978) Death Spell (seed L689): a thrown spell that weighs the caster's ST against
-- the victim's: each loses the lower, so the weaker dies. Armour and Flesh spells do not help;
-- Spell Shield stops it for 1 ST (the rules, casting.lua).
-- reconstructed: the seed names no cost but the ST lost. The casting's own 1 ST is part of
-- the caster's loss (and what a miss, even a 17, costs). An image dies at once for that 1 ST
-- (L380); an illusion is weighed as if alive. Cast at himself, it does nothing.
return card {
  name = "Death Spell", school = "iq16", kind = "thrown", energy = 1,
  duration = "instant", targets = { "figure" },
  text = "Your ST against the victim's: each of you loses the lower, so the weaker dies. No armour or magic flesh stops it.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    if id == ctx.caster then return end
    if ctx:is(id, "image") then
      ctx:vanish(id, "death spell")
      return
    end
    local n = ctx:st(ctx.caster)
    if ctx:st(id) < n then n = ctx:st(id) end
    ctx:hit(id, n, { pierce = true })
    ctx:spend(n - 1)
  end,
  tests = {
    { "the weaker foe dies; the caster loses as much", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      g:set_figure(foe, { attrs = { st = 9 } })
      -- 2 hexes: DX 12 - 2 = 10
      arena.cast(t, "Death Spell", { figure = foe }, { 4, 3, 3 })
      t:ok(not assert(g:figure(foe)).at, "the foe is dead")
      t:eq(arena.lost(t, me), 9)
      t:eq(arena.st(t, me), 7)
    end },
    { "at a stronger foe it kills the caster", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      g:set_figure(foe, { attrs = { st = 20 } })
      arena.cast(t, "Death Spell", { figure = foe }, { 3, 3, 3 })
      t:ok(not assert(g:figure(me)).at, "the caster is dead")
      t:eq(arena.st(t, foe), 4, "the foe lost 16")
    end },
    { "armour does not stop it", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      local dragon = arena.being(t, 1, "small_dragon", { q = 3, r = 7 }, "W")
      g:set_figure(me, { attrs = { st = 40 } })
      arena.cast(t, "Death Spell", { figure = dragon }, { 2, 2, 2 })
      t:eq(g:figure(dragon), nil, "30 hits through scales that stop 3")
      t:eq(arena.lost(t, me), 30)
    end },
    { "an image dies for 1 ST", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 5)
      local image = arena.being(t, 1, "bear", arena.east(2), "W", "image")
      arena.cast(t, "Death Spell", { figure = image }, { 3, 3, 3 })
      t:eq(g:figure(image), nil)
      t:eq(arena.lost(t, me), 1)
    end },
    { "a miss costs 1 ST and nothing else", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Death Spell", { figure = foe }, { 6, 6, 5 })
      t:eq(arena.lost(t, me), 1)
      t:eq(arena.lost(t, foe), 0)
    end },
  },
}
