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
  name = "Shield",
  school = "conjuring",
  kind = "counter",
  range = "caster",
  duration = "instant",
  targets = { "spell" },
  energy = 2,
  copies = 2,
  text = "Play when something is aimed at you: the damage it does to you is reduced by 2, and by 1 more for each point of energy above 1 you give this spell.",
  can_respond = function(ctx, entry)
    local t = entry.target
    return entry.kind ~= "counter" and entry.controller ~= ctx.controller
      and type(t) == "table" and t.kind == "wizard" and t.player == ctx.controller
  end,
  resolve = function(ctx)
    ctx:reduce(2 + ctx.energy - ctx.game:config().default_energy)
  end,
  tests = {
    { "takes 2 off a Fireball: 3 damage, the attack is spent", function(t)
      t:active(0)
      local f = t:give(0, "Fireball")
      local s = t:give(1, "Shield")
      t:place(1, t.game:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:lost(1), 3)
      t:ok(t.game:turn().vars.attacked)
      t:eq(t.game:card(s).zone.kind, "pile", "discarded after use")
    end },
    { "boosted with Energy 4 it takes 5: a Fireball does nothing", function(t)
      t:active(0)
      local f = t:give(0, "Fireball")
      local s = t:give(1, "Shield")
      local e = t:give(1, "Energy 4")
      t:place(1, t.game:player(0).at)
      t:answer(1, { card = s, boost = e })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:lost(1), 0)
    end },
    { "two Shields against one spell add up", function(t)
      t:active(0)
      local z = t:give(0, "Zot!")
      local e = t:give(0, "Energy 6")
      local s1 = t:give(1, "Shield")
      local s2 = t:give(1, "Shield")
      t:place(1, t.game:player(0).at)
      t:answer(1, { card = s1 })
      t:answer(1, { card = s2 })
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1), boost = e }
      t:eq(t:lost(1), 2, "6 - 2 - 2")
    end },
    { "a punch is reduced too", function(t)
      t:active(0)
      local s = t:give(1, "Shield")
      t:place(1, t.game:player(0).at)
      t:answer(1, { card = s })
      t:punch(t:wizard(1))
      t:eq(t:lost(1), 0)
    end },
    { "not offered against a spell aimed at someone else, nor cast on one's turn", function(t)
      t:active(0)
      local s0 = t:give(0, "Shield")
      t:eq(t:count { kind = "cast", card = s0 }, 0, "a counter is not cast in Move and Cast")
      local k = t:give(0, "Ka-Bong!")
      t:give(1, "Shield")
      local a = t:list { kind = "cast", card = k, target = { kind = "wall" } }[1]
      t:act(a) -- no response window is opened for player 1: the strict agent would fail
      t:eq(#t.game:hand(1), 1, "the Shield stays in hand")
    end },
  },
}
