-- 8th Conjuring "Shield" (also in the Mentalism deck): a counter that takes damage off one
-- source of harm aimed at you.
-- reconstructed: the card facts say "spell energy + 2", but the rulebook's example (8th,
-- Canceling, Reducing, and Evading Spells) has a Shield "with no additional energy" (energy 1)
-- take 2 off a Fireball; the rulebook wins: 2, plus each point of energy above the default 1
-- (boosted with Energy 4: 5), as the rulebook scenarios check. It
-- answers anything aimed at its player but a counter: a spell, a throw, a punch, a creature's
-- bite; the reduction protects him alone (rules/ctx.lua: reduce), and against a spell of
-- several sources (Fire Darts) it takes off the damage of one of them.
return card {
  name = "Shield", school = "conjuring", kind = "counter", copies = 2, energy = 2,
  range = "caster", duration = "instant", targets = { "spell" },
  text = "Play when something is aimed at you: the damage it does to you is reduced by 2, and by 1 more for each point of energy above 1 you give this spell.",
  can_respond = function(ctx, entry)
    local t = entry.target
    return entry.kind ~= "counter" and entry.controller ~= ctx.controller
      and type(t) == "table" and t.kind == "wizard" and t.player == ctx.controller
  end,
  resolve = function(ctx) ctx:reduce(2 + ctx.energy - ctx.game:config().default_energy) end,
  tests = {
    { "takes 2 off a Fireball: 3 damage, the attack is spent", function(t, g)
      local c = require("test.duel").aim(t, "Fireball", { plays = { "Shield" } })
      t:eq(t:lost(1), 3)
      t:ok(g:turn().vars.attacked)
      t:eq(g:card(c.plays[1]).zone.kind, "pile", "discarded after use")
    end },
    { "boosted with Energy 4 it takes 5: a Fireball does nothing", function(t)
      require("test.duel").aim(t, "Fireball", { plays = { { "Shield", boost = "Energy 4" } } })
      t:eq(t:lost(1), 0)
    end },
    { "two Shields against one spell add up", function(t)
      require("test.duel").aim(t, "Zot!", { boost = "Energy 6", plays = { "Shield", "Shield" }, answers = { "damage" } })
      t:eq(t:lost(1), 2, "6 - 2 - 2")
    end },
    { "a punch is reduced too", function(t)
      require("test.duel").punch(t, { plays = { "Shield" } })
      t:eq(t:lost(1), 0)
    end },
    { "not offered against a spell aimed at someone else, nor cast on one's turn", function(t, g)
      local s0 = t:turn_of(0, "Shield")
      t:eq(t:count { kind = "cast", card = s0 }, 0, "a counter is not cast in Move and Cast")
      t:give(1, "Shield")
      -- no response window is opened for player 1: the strict agent would fail
      require("test.duel").at_wall(t, "Ka-Bong!")
      t:eq(#g:hand(1), 1, "the Shield stays in hand")
    end },
  },
}
