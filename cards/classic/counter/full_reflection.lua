-- classic FULL REFLECTION (1 in the deck): a counteraction turning a spell aimed at you back
-- on its caster, whole [AF]. The caster, now its target, may counteract it in turn.
return card {
  name = "Full Reflection",
  kind = "counter",
  text = "Counteraction: a spell aimed at you hits its caster instead, with all its effects.",
  can_respond = function(ctx, entry)
    return entry.kind == "spell" and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx)
    local e = ctx:answered()
    ctx:redirect(e.controller)
  end,
  tests = {
    { "a Fireball comes back: 5 points to its caster", function(t)
      t:active(0)
      local f = t:give(0, "Fireball")
      local r = t:give(1, "Full Reflection")
      t:place(1, t.game:player(0).at)
      t:answer(1, "counter with Full Reflection #" .. r)
      t:act("cast Fireball #" .. f .. " at player 1")
      t:eq(t:life(1), 15)
      t:eq(t:life(0), 10)
    end },
    { "the caster may shield himself from his own reflected spell", function(t)
      t:active(0)
      local f = t:give(0, "Fireball")
      local s = t:give(0, "Full Shield")
      local r = t:give(1, "Full Reflection")
      t:place(1, t.game:player(0).at)
      t:answer(1, "counter with Full Reflection #" .. r)
      -- Full Shield stops spells, not counteractions: player 0 is asked only once the
      -- reflection has turned the Fireball on him.
      t:answer(0, "counter with Full Shield #" .. s)
      t:act("cast Fireball #" .. f .. " at player 1")
      t:eq(t:life(0), 15)
      t:eq(t:life(1), 15)
    end },
    { "a reflected Lightning Blast costs its caster the rest of his turn", function(t)
      t:active(0)
      local b = t:give(0, "Lightning Blast")
      local r = t:give(1, "Full Reflection")
      t:place(1, t.game:player(0).at)
      t:answer(1, "counter with Full Reflection #" .. r)
      t:act("cast Lightning Blast #" .. b .. " at player 1")
      t:eq(t:life(0), 14)
      t:eq(t.game:turn().vars.lost, true)
      t:eq(t.game:player(1).tokens.lost_turns, nil)
    end },
  },
}
