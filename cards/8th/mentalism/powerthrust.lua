-- 8th Mentalism "Powerthrust" (2 in Mentalism; the Thaumaturgy deck borrows 1): a thrust of
-- raw mental power, magical damage equal to the spell's energy plus 2 (8th: Boosting Spells:
-- a boost replaces the default energy of 1, so unboosted it deals 3).
-- reconstructed: range taken as line of sight, and its targets as Zot!'s (a wizard, an object
-- (walls and doors are objects: 8th, Target Types) or a creature).
return card {
  -- energy: reconstructed: the card's printed energy value comes from the scans' OCR
  name = "Powerthrust", school = "mentalism", kind = "attack", copies = 2, energy = 2,
  range = "los", duration = "instant", targets = { "wizard", "object", "creature" },
  text = "Strike a wizard, object or creature you can see with the force of your mind: magical damage equal to this spell's energy plus 2.",
  resolve = function(ctx) ctx:damage(ctx.target, ctx.energy + 2, { magical = true }) end,
  tests = {
    { "unboosted it deals 3, and it is the turn's attack", function(t, g)
      local c2 = t:give(0, "Zot!")
      require("test.duel").aim(t, "Powerthrust")
      t:eq(t:lost(1), 3)
      t:ok(g:turn().vars.attacked, "the turn's attack")
      t:eq(t:count { kind = "cast", card = c2 }, 0, "no second attack spell")
      t:eq(t:count { kind = "punch" }, 0, "no punch either")
    end },
    { "boosted by Energy 5 it deals 7", function(t, g)
      require("test.duel").aim(t, "Powerthrust", { boost = "Energy 5" })
      t:eq(t:lost(1), 7)
      t:eq(#g:pile("discard"), 2, "spell and energy card discarded")
    end },
    { "a Full Shield cancels it", function(t, g)
      require("test.duel").aim(t, "Powerthrust", { plays = { "Full Shield" } })
      t:eq(t:lost(1), 0)
      t:ok(g:turn().vars.attacked, "the attack is still spent")
    end },
    { "spent as energy it boosts another spell to 2", function(t)
      require("test.duel").aim(t, "Zot!", { boost = "Powerthrust", answers = { "damage" } })
      t:eq(t:lost(1), 2)
    end },
    { "never aimed at its caster", function(t)
      local c = t:turn_of(0, "Powerthrust")
      t:eq(t:count { kind = "cast", card = c, target = { kind = "wizard", player = 0 } }, 0)
    end },
  },
}
