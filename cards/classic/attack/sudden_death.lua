-- classic SUDDEN DEATH (1 in the deck): 10 points of magical damage [AF].
-- reconstructed: range in sight, like the other damage attacks; wizards only.
return card {
  name = "Sudden Death", kind = "attack",
  range = "los", duration = "instant", targets = { "wizard" },
  text = "A wizard in sight takes 10 points of magical damage.",
  resolve = function(ctx) ctx:damage(ctx.target, 10, { magical = true }) end,
  tests = {
    { "10 points", function(t)
      require("test.duel").aim(t, "Sudden Death")
      t:eq(t:life(1), 5)
    end },
    { "a kill by it gives the caster the victim's cards", function(t, g)
      require("test.duel").aim(t, "Sudden Death", { held = { "NUMBER 4" } })
      t:act { kind = "end" }
      t:eq(t:life(1), 5)
      local c2 = t:turn_of(0, "Sudden Death")
      t:cast { card = c2, at = t:wizard(1) }
      t:ok(not g:player(1).alive)
      t:eq(#g:hand(0), 1, "the NUMBER 4 taken")
    end },
  },
}
