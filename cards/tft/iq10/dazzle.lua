-- Wizard (1978) Dazzle (seed L599): a special spell, a blinding flash: -3 DX for 3 turns to
-- every figure, friend or foe, within 5 megahexes of the caster's, but not the caster. 3 ST.
-- reconstructed: every figure has eyes (images and illusions too, as the seed says); a figure
-- already dazzled is not dazzled twice (seed L300).
return card {
  name = "Dazzle", school = "iq10", kind = "special", energy = 3,
  duration = "turns", targets = { "none" },
  text = "A blinding flash: every figure but you within 5 megahexes of yours, friend or foe, is at -3 DX for 3 turns. 3 ST.",
  resolve = function(ctx)
    -- reconstructed: a 4 or a 3 to hit (seed L261) makes it last twice or three times as long
    local turns = 3 * (ctx.effect or 1)
    local first = true
    for _, id in ipairs(ctx:figures_in(ctx:within_megahexes(5))) do
      if id ~= ctx.caster and not ctx:already_on(id) then
        if first then
          ctx:enchant({ dx = -3, turns = turns }, id)
          first = false
        else
          ctx:enchant_also(id, { dx = -3 })
        end
      end
    end
    if first then ctx:end_casting() end
  end,
  tests = {
    { "foe and friend dazzled, the caster not", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      local wolf = arena.being(t, 0, "wolf", arena.east(-1), "E")
      arena.cast(t, "Dazzle", { none = true }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(#arena.spells_on(t, wolf), 1)
      t:eq(#arena.spells_on(t, me), 0)
      t:eq(arena.lost(t, me), 3)
      -- the foe's staff at DX 12 - 3: a 10 misses
      arena.place(t, foe, arena.east(1), "W")
      arena.ready(t, foe)
      t:dice { 4, 3, 3 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 3)
    end },
    { "it lasts 3 turns, every part with it", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      local wolf = arena.being(t, 0, "wolf", arena.east(-1), "E")
      arena.cast(t, "Dazzle", { none = true }, { 3, 3, 3 })
      t:pass(2)
      t:eq(#arena.spells_on(t, foe) + #arena.spells_on(t, wolf), 2, "on in the third turn")
      t:pass(1)
      t:eq(#arena.spells_on(t, foe) + #arena.spells_on(t, wolf), 0)
      t:eq(#g:play_area(0), 0)
      t:eq(arena.lost(t, me), 3, "nothing to keep up")
    end },
    { "one Dazzle at a time: a second leaves the dazzled alone", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      arena.cast(t, "Dazzle", { none = true }, { 3, 3, 3 })
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Dazzle", { none = true }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 1)
      t:eq(arena.lost(t, me), 6)
    end },
    { "not beyond 5 megahexes", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      arena.place(t, me, { q = 4, r = 0 }, "SE")
      arena.place(t, foe, { q = -3, r = 15 }, "NW")
      arena.cast(t, "Dazzle", { none = true }, { 3, 3, 3 })
      t:eq(#arena.spells_on(t, foe), 0)
    end },
  },
}
