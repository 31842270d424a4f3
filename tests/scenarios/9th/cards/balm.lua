-- Test-only neutral spell: heals its caster 10 points (for the 9th's life cap of 20).
return card {
  name = "Test Balm",
  kind = "neutral",
  range = "self",
  duration = "instant",
  targets = { "self" },
  text = "You gain 10 life points.",
  resolve = function(ctx)
    ctx:heal(ctx.caster, 10)
  end,
}
