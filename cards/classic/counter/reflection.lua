-- classic REFLECTION (2 in the deck): a partial reflection.
-- reconstructed: our sources only say it splits the NUMBER (a fan card: "REFLECTION splits
-- the number"). We read it as: the spell hits both you and its caster, each with half its
-- point damage, rounded up (classic, The Cards); its other effects hit both. Only spells.
return card {
  name = "Reflection", kind = "counter", copies = 2,
  traits = { "turns_back" },
  text = "Counteraction: a spell aimed at you is split in two: it hits you and its caster, each for half its points (rounded up).",
  can_respond = function(ctx, entry)
    return entry.kind == "spell" and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx) ctx:split() end,
  tests = {
    { "a Powerthrust of 7: 4 to the target, 4 back to the caster", function(t, g)
      local c, n = t:turn_of(0, "Powerthrust", "NUMBER 5")
      local r = t:give(1, "Reflection")
      t:place(1, g:player(0).at)
      t:answer(1, { card = r })
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 11)
      t:eq(t:life(0), 11)
    end },
    { "a reflected lost turn: the caster loses the rest of this turn", function(t, g)
      local b = t:turn_of(0, "Lightning Blast")
      t:give(0, "NUMBER 2")
      local r = t:give(1, "Reflection")
      t:place(1, g:player(0).at)
      t:answer(1, { card = r })
      t:cast { card = b, at = t:wizard(1) }
      t:eq(t:life(0), 14)
      t:eq(t:life(1), 14)
      t:eq(g:turn().vars.lost, true)
      t:eq(t:count {}, 1, "nothing more this turn")
      t:ok(t:has { kind = "end" })
      t:eq(g:player(0).tokens.lost_turns or 0, 0, "not the next turn")
      t:eq(g:player(1).tokens.lost_turns, 1)
    end },
  },
}
