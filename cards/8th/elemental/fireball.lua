-- 8th Elemental "Fireball": a fire attack for a flat 5 magical damage.
-- Targets: a wizard, an object or a creature (walls and doors are objects: 8th, Target Types).
return card {
  name = "Fireball", school = "elemental", kind = "attack", copies = 3,
  range = "los", duration = "instant", targets = { "wizard", "object", "creature" },
  traits = { "fire" },
  text = "Hurl a ball of flame at a wizard, object or creature you can see: it takes 5 magical fire damage.",
  resolve = function(ctx) ctx:damage(ctx.target, 5, { magical = true, fire = true }) end,
  tests = {
    { "deals 5 to a wizard in sight", function(t, g)
      require("test.duel").aim(t, "Fireball")
      t:eq(t:lost(1), 5)
      t:eq(#g:pile("discard"), 1, "an instant spell is discarded")
      t:ok(g:turn().vars.attacked, "it is the turn's attack")
    end },
    { "boosting does not change the 5", function(t)
      require("test.duel").aim(t, "Fireball", { boost = "Energy 6" })
      t:eq(t:lost(1), 5)
    end },
    { "a wall takes one crack from 5 damage", function(t, g)
      local edge = require("test.duel").at_wall(t, "Fireball")
      local info = g:edge(edge)
      t:eq(info.damage, 1, "5 damage = 1 crack (the 2 left over are lost)")
      t:eq(info.barrier, "wall", "5 cracks are needed to break it")
    end },
  },
}
