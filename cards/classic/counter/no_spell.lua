-- classic NO SPELL (1 in the deck): a counteraction stopping a spell as it is cast [card
-- list: "stops a spell being cast"].
-- reconstructed: it answers any spell aimed at you, and any counteraction aimed at you too
-- (an Anti-Anti against your own counteraction, a reflected spell): that one has no effect at
-- all, though an attack so stopped is still the turn's attack (classic, The Cards). Where Full
-- Shield stops spells and Anti-Anti counteractions, No Spell stops either. Not a punch or a
-- thrown object: they are not spells.
local ANSWERS = { spell = true, counter = true }

return card {
  name = "No Spell", kind = "counter", copies = 1,
  text = "Counteraction: a spell or a counteraction aimed at you is stopped as it is cast and has no effect.",
  can_respond = function(ctx, entry)
    return ANSWERS[entry.kind] == true and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx) ctx:cancel() end,
  tests = {
    -- (classic only: in the 9th a nullified attack frees another: its scenarios test that)
    { "a Lightning Blast at you does nothing: no points, no lost turn", function(t, g)
      local b, n = t:turn_of(0, "Lightning Blast", "NUMBER 4")
      local s = t:give(1, "No Spell")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = b, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 15)
      t:eq(g:player(1).tokens.lost_turns, nil)
      t:ok(g:turn().vars.attacked, "still the turn's attack")
    end, rulesets = { "classic" } },
    { "it stops the Anti-Anti played against your Full Shield", function(t, g)
      local f, aa = t:turn_of(0, "Fireball", "Anti-Anti")
      local fs, s = t:give(1, "Full Shield"), t:give(1, "No Spell")
      t:place(1, g:player(0).at)
      t:answer(1, { card = fs })
      t:answer(0, { card = aa })
      t:answer(1, { card = s })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 15, "the shield held")
      t:eq(#t:log("counter"), 3)
    end },
    { "the caster's Anti-Anti cancels it in turn", function(t, g)
      local f, aa = t:turn_of(0, "Fireball", "Anti-Anti")
      local s = t:give(1, "No Spell")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:answer(0, { card = aa })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 10)
    end },
    { "no use against a punch", function(t, g)
      t:active(0)
      t:give(1, "No Spell")
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1)) -- no request: the strict test agent would fail on one
      t:eq(t:life(1), 14)
    end },
  },
}
