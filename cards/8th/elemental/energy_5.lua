-- 8th Elemental "Energy 5": an energy card worth 5 (Speed Boost or Boosting Spells).
return card {
  name = "Energy 5",
  school = "elemental",
  kind = "energy",
  energy = 5,
  text = "Discard for 5 extra movement points this turn, or play beside a spell so that spell has energy 5.",
  tests = {
    { "a speed boost adds 5 movement points", function(t)
      t:active(0)
      t:give(0, "8th/elemental/energy_5")
      t:act("boost speed with Energy 5")
      t:eq(t.game:turn().vars.boost, 5)
      t:eq(#t.game:hand(0), 0, "the card is discarded")
      t:eq(#t.game:pile("discard"), 1)
    end },
    { "a Zot! boosted with it deals 5", function(t)
      t:active(0)
      local e = t:give(0, "8th/elemental/energy_5")
      local z = t:give(0, "Zot!")
      t:place(1, t.game:player(0).at)
      t:answer(0, "damage")
      t:act("cast Zot! #" .. z .. " at player 1 with Energy 5 #" .. e)
      t:eq(t:life(1), 15 - 5)
    end },
  },
}
