-- classic POWERTHRUST (3 in the deck): 2 + NUMBER points of magical damage [AF].
-- reconstructed: range in sight, like the other damage attacks; walls, doors and objects with
-- points may be its target too.
return card {
  name = "Powerthrust", kind = "attack", copies = 3,
  range = "los", duration = "instant", targets = { "wizard", "wall", "door", "object" },
  traits = { "number_power" },
  text = "A thrust of raw power at a wizard, wall, door or object in sight: 2 + the NUMBER played with it in magical damage (3 without a NUMBER).",
  resolve = function(ctx) ctx:damage(ctx.target, 2 + ctx:power(), { magical = true }) end,
  tests = {
    { "2 + NUMBER 4 = 6 points", function(t)
      require("test.duel").aim(t, "Powerthrust", { boost = "NUMBER 4" })
      t:eq(t:life(1), 9)
    end },
    { "3 points without a NUMBER", function(t)
      require("test.duel").aim(t, "Powerthrust")
      t:eq(t:life(1), 12)
    end },
    { "only one attack a turn", function(t)
      local c2 = t:give(0, "Powerthrust")
      require("test.duel").aim(t, "Powerthrust")
      t:ok(not t:has { kind = "cast", card = c2 }, "no second Powerthrust")
      t:ok(not t:has { kind = "punch" }, "no punch")
    end },
  },
}
