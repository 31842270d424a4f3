-- A designer's card for a blank place of the classic deck (rulesets/classic/ruleset.toml:
-- blank_cards, designer_cards): not a printed card. The project ships it as the example of
-- one; any card file in this folder takes a blank place (five at most, in key order).
return card {
  name = "Second Wind", kind = "neutral",
  range = "self", duration = "instant",
  traits = { "number_power" },
  text = "Designer's card. Catch your breath: you regain as much life as the NUMBER played with it (1 without one).",
  resolve = function(ctx) ctx:heal(ctx.caster, ctx:power()) end,
  tests = {
    { "1 life without a NUMBER, 3 with a NUMBER 3", function(t)
      t:active(0)
      t:set_life(0, 10)
      local c = t:give(0, "Second Wind")
      t:cast { card = c }
      t:eq(t:life(0), 11)
      local c2, n = t:give(0, "Second Wind"), t:give(0, "NUMBER 3")
      t:cast { card = c2, boost = n }
      t:eq(t:life(0), 14, "11 + 3")
    end },
    { "a neutral spell: the turn's attack is still to come", function(t, g)
      local c = t:turn_of(0, "Second Wind")
      t:cast { card = c }
      t:ok(not g:turn().vars.attacked)
    end },
    { "it is dealt into a blank place of the deck", function(t, g)
      local slots = g:vars().blank_slots
      local found = false
      for _, key in ipairs(slots) do found = found or key == "classic/custom/second_wind" end
      t:ok(found, "listed among the designers' cards dealt")
      t:ok(#slots <= g:config().blank_cards)
    end },
  },
}
