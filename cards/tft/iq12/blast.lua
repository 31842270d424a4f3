-- Wizard (1978) Blast (seed L629): a special spell, a die of hits to every figure, friend or
-- foe, in the caster's hex and the six around it but the caster, 2 ST.
return card {
  name = "Blast", school = "iq12", kind = "special", energy = 2,
  duration = "instant", targets = { "none" },
  text = "A burst around you: every other figure, friend or foe, in your hex or next to it takes a die of hits. 2 ST.",
  resolve = function(ctx)
    local at = assert(assert(ctx:figure(ctx.caster)).at)
    for _, id in ipairs(ctx:figures_in(ctx:circle(at))) do
      if id ~= ctx.caster then ctx:hit(id, ctx:dice(1)) end
    end
  end,
  tests = {
    { "friend and foe next to the caster are hit, the caster is not", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      local wolf = arena.being(t, 0, "wolf", { q = 0, r = 7 }, "E")
      arena.cast(t, "Blast", { none = true }, { 3, 3, 3, 4, 4 })
      t:eq(arena.lost(t, foe), 4)
      t:eq(arena.lost(t, wolf), 3, "its hide stops 1")
      t:eq(arena.lost(t, me), 2, "only the cost")
    end },
    { "no farther than the next hex", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 2)
      arena.cast(t, "Blast", { none = true }, { 3, 3, 3 })
      t:eq(arena.lost(t, foe), 0)
      t:eq(arena.lost(t, me), 2)
    end },
    { "a 4 to hit doubles it", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      arena.cast(t, "Blast", { none = true }, { 1, 1, 2, 3 })
      t:eq(arena.lost(t, foe), 6)
    end },
  },
}
