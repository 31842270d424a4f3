-- Test-only neutral spell: its caster stumbles 2 squares, each in a random direction (the
-- ruleset's ctx:random_move), and the squares he entered are logged (`stumbled`).
return card {
  name = "Test Stumble",
  kind = "neutral",
  range = "anywhere",
  duration = "instant",
  text = "You move 2 squares, each in a random direction.",
  resolve = function(ctx)
    ctx.game:log("stumbled", { squares = ctx:random_move(ctx.caster, 2) })
  end,
}
