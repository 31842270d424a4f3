-- Test-only neutral spell: heals its caster 10 points (classic's Test Balm heals 20: too much
-- to see the 9th's cap of 20 from below).
return card {
  name = "Test Small Balm", kind = "neutral",
  range = "self", duration = "instant", targets = { "self" },
  text = "You gain 10 life points.",
  resolve = function(ctx)
    ctx:heal(ctx.caster, 10)
  end,
}
