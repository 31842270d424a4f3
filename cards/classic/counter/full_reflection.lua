-- classic FULL REFLECTION (1 in the deck): a counteraction turning a spell aimed at you back
-- on its caster, whole [AF]. The caster is now the one it is aimed at, so he may counteract it
-- in turn (classic, The Cards: an attack may bounce back and forth). A reflected lost turn
-- costs him the rest of his own turn (classic, The Turn).
-- reconstructed: spells only (punches and thrown objects are not spells).
return card {
  name = "Full Reflection", kind = "counter", copies = 1,
  traits = { "turns_back" },
  text = "Counteraction: a spell aimed at you turns back and hits its caster instead, with all its power.",
  can_respond = function(ctx, entry)
    return entry.kind == "spell" and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx)
    local e = ctx:answered()
    if not e then return end
    ctx:redirect(e.controller)
  end,
  tests = {
    { "a Fireball comes back: the caster takes the 5 points", function(t)
      require("test.duel").aim(t, "Fireball", { plays = { "Full Reflection" } })
      t:eq(t:life(1), 15)
      t:eq(t:life(0), 10)
    end },
    { "the caster may shield himself from his own reflected spell", function(t)
      require("test.duel").aim(t, "Fireball", { plays = { "Full Reflection", { "Full Shield", by = 0 } } })
      t:eq(t:life(1), 15)
      t:eq(t:life(0), 15)
    end },
    -- classic, The Cards: reflected, a lasting spell is on its caster for as long as it lasts
    -- (the same ctx:redirect as Reverse: rules/ctx.lua).
    { "a reflected Slow: the caster is the one slowed, the target walks freely", function(t, g)
      local c = require("test.duel").aim(t, "Slow", { boost = "NUMBER 2", plays = { "Full Reflection" } })
      t:eq(g:card(c.card).zone.kind, "play")
      t:act { kind = "end" }
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(g:turn().vars.speed, 3, "the target is not slowed")
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(g:turn().vars.speed, 1, "its caster is")
    end },
    { "a reflected Lightning Blast: the caster loses the rest of his turn", function(t, g)
      require("test.duel").aim(t, "Lightning Blast", { boost = "NUMBER 3", plays = { "Full Reflection" } })
      t:eq(t:life(0), 12)
      t:eq(g:turn().vars.lost, true)
      t:eq(g:player(0).tokens.lost_turns or 0, 0, "not his next turn")
      t:ok(not t:has { kind = "move" }, "no move left")
    end },
  },
}
