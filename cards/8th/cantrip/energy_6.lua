-- 8th: Energy. Spent to boost movement (Speed Boost) or one spell (Boosting Spells).
return card {
  name = "Energy 6",
  school = "cantrip",
  kind = "energy",
  energy = 6,
  text = "Discard to gain 6 movement points this turn, or play with a spell to make its energy 6.",
  tests = {
    { "a speed boost gives 6 more movement points", function(t)
      t:active(0)
      t:give(0, "Energy 6")
      t:act("boost speed with Energy 6")
      t:eq(t.game:turn().vars.boost, 6)
      t:eq(#t.game:hand(0), 0, "the energy card is discarded")
      t:eq(#t.game:pile("discard"), 1)
      local boosts = 0
      for _, k in ipairs(t:actions()) do if k:find("boost speed") then boosts = boosts + 1 end end
      t:eq(boosts, 0, "only one speed boost a turn")
    end },
    { "a boosted spell takes the card's value as its energy", function(t)
      t:active(0)
      local e = t:give(0, "Energy 6")
      local z = t:give(0, "Zot!")
      t:place(1, t.game:player(0).at)
      t:answer(0, "damage")
      t:act("cast Zot! #" .. z .. " at player 1 with Energy 6 #" .. e)
      t:eq(t:life(1), 15 - 6)
    end },
  },
}
