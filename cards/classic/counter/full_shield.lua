-- classic FULL SHIELD (2 in the deck): a counteraction that negates one spell aimed at you [AF].
-- reconstructed: against spells only, not punches or thrown objects (they are not spells).
return card {
  name = "Full Shield", kind = "counter", copies = 2,
  text = "Counteraction: a spell aimed at you has no effect at all.",
  can_respond = function(ctx, entry)
    return entry.kind == "spell" and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx) ctx:cancel() end,
  tests = {
    -- (classic only: in the 9th a nullified attack frees another: its scenarios test that)
    { "a Fireball at you does nothing; the caster's attack is spent", function(t, g)
      local c = require("test.duel").aim(t, "Fireball", { plays = { "Full Shield" } })
      t:eq(t:life(1), 15)
      t:eq(g:card(c.card).zone.pile, "discard")
      t:eq(g:card(c.plays[1]).zone.pile, "discard")
      t:ok(g:turn().vars.attacked)
    end, rulesets = { "classic" } },
    { "no use against a punch", function(t)
      -- no request: the strict test agent would fail on one
      require("test.duel").punch(t, { held = { "Full Shield" } })
      t:eq(t:life(1), 14)
    end },
  },
}
