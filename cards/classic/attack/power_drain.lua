-- classic POWER DRAIN (1 in the deck).
-- reconstructed: no source gives its text or kind. We made it an attack on a wizard in sight
-- (L.O.S.) that drains his life into the caster: he takes magical damage equal to the NUMBER
-- played with it (1 without one, classic, Combat), and the caster gains exactly what was
-- dealt (no upper limit, classic, Starting the Game). Counteractions that lessen the damage
-- lessen the gain; a drain stopped whole gives nothing (classic, The Cards: secondary
-- effects are stopped with all the damage).
return card {
  name = "Power Drain", kind = "attack", copies = 1,
  range = "los", duration = "instant", targets = { "wizard" },
  traits = { "number_power" },
  text = "Attack: drain a wizard you can see: he takes magical damage equal to the NUMBER played with this spell, and you gain as much life as he lost.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if p == nil or not ctx.game:player(p).alive then return end
    local dealt = ctx:damage(ctx.target, ctx:power(), { magical = true })
    if dealt > 0 and p ~= ctx.caster and ctx.game:player(ctx.caster).alive then ctx:heal(ctx.caster, dealt) end
  end,
  tests = {
    { "with a NUMBER 4: 4 from him, 4 to the caster", function(t, g)
      require("test.duel").aim(t, "Power Drain", { boost = "NUMBER 4" })
      t:eq(t:life(1), 11)
      t:eq(t:life(0), 19)
      t:ok(g:turn().vars.attacked)
    end },
    { "Absorb takes 3 off a 4: the caster gains only 1", function(t)
      require("test.duel").aim(t, "Power Drain", { boost = "NUMBER 4", plays = { "Absorb" } })
      t:eq(t:life(1), 14)
      t:eq(t:life(0), 16)
    end },
    { "Full Reflection: the caster is drained, and gains nothing back", function(t)
      require("test.duel").aim(t, "Power Drain", { plays = { "Full Reflection" } })
      t:eq(t:life(0), 14)
      t:eq(t:life(1), 15)
    end },
  },
}
