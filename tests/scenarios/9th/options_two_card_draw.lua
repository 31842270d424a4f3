-- Scenarios for the 9th edition's optional rule: a player draws at most 2 cards a turn
-- (9th: The Turn, optional rule; option `two_card_draw`, switched on by this file's
-- `options`). Without it he draws back up to 7: scenarios_rules.lua.
return scenarios {
  name = "9th option: two-card draw",
  options = { "two_card_draw" },
  tests = {
    { "The Turn (optional rule): with 2 cards in hand he draws 2, not 5", function(t, g)
      t:ok(g:option("two_card_draw"), "the option is on")
      t:active(0)
      t:give(0, "NUMBER 4")
      t:give(0, "NUMBER 5")
      t:pass(1)
      t:eq(#g:hand(0), 4, "2 + 2")
    end },
    { "The Turn (optional rule): with 6 cards in hand, still never above seven: he draws 1", function(t, g)
      t:active(0)
      for _ = 1, 6 do t:give(0, "NUMBER 4") end
      t:pass(1)
      t:eq(#g:hand(0), 7, "6 + 1")
    end },
    { "The Turn (optional rule): he may still draw fewer: asked, he takes 1 of the 2", function(t, g)
      t:active(0)
      t:answer(0, "draw_1")
      t:pass(1)
      t:eq(#g:hand(0), 1, "the one he chose")
    end },
  },
}
