-- 8th Thaumaturgy "Backlash": a counter that cancels an attack spell aimed at you as it is
-- cast and turns its power back on the one who cast it: he takes magical damage equal to the
-- cancelled spell's energy. Backlash itself is no attack and cannot be evaded.
-- 8th: Canceling, Reducing, and Evading Spells (a cancelled spell has no effect at all; a
-- cancelled attack is still the turn's attack).
-- reconstructed: only attack spells cast at you (not throws, punches or a card's offered
-- attack, which are no spells); the damage is not an attack, so a caster it kills gives
-- nobody a victory point (8th: Life, Damage, and Dying); it is dealt even when a Shield
-- played against the attack is on the stack (the cancelled attack deals nothing itself).
return card {
  name = "Backlash", school = "thaumaturgy", kind = "counter",
  range = "caster", duration = "instant", targets = { "spell" },
  text = "Play when an attack spell is cast at you: it is cancelled, and its caster takes magical damage equal to its energy. Backlash is not an attack and cannot be evaded.",
  can_respond = function(ctx, entry)
    local t = entry.target
    return entry.kind == "spell" and entry.card ~= nil and ctx.game:card(entry.card).kind == "attack"
      and type(t) == "table" and t.kind == "wizard" and t.player == ctx.controller
  end,
  resolve = function(ctx)
    local spell = ctx.against and ctx.game:stack_entry(ctx.against)
    ctx:cancel()
    if not spell then return end
    ctx:damage({ kind = "wizard", player = spell.controller }, spell.energy, { magical = true })
  end,
  tests = {
    { "a boosted Zot! is cancelled and its caster takes its 6 energy", function(t, g)
      local c = require("test.duel").aim(t, "Zot!", { boost = "Energy 6", plays = { "Backlash" } })
      t:eq(t:lost(1), 0, "the Zot! does nothing")
      t:eq(t:lost(0), 6, "the caster takes 6")
      t:eq(g:card(c.card).zone.kind, "pile")
      t:eq(g:card(c.plays[1]).zone.kind, "pile")
      t:ok(g:turn().vars.attacked, "the cancelled attack is still spent")
    end },
    { "an Anti-Anti cancels the Backlash: the Zot! hits, nobody is lashed", function(t)
      require("test.duel").aim(t, "Zot!", { plays = { "Backlash", { "Anti-Anti", by = 0 } }, answers = { "damage" } })
      t:eq(t:lost(1), 1)
      t:eq(t:lost(0), 0)
    end },
    { "a caster it kills gives nobody a victory point", function(t, g)
      t:set_life(0, 1)
      require("test.duel").aim(t, "Zot!", { plays = { "Backlash" } })
      t:ok(not g:player(0).alive)
      t:eq(g:player(1).vars.kill_vp, nil, "not an attack: no point")
      t:eq(t:log("death")[1].by_attack, false)
    end },
    { "not against a punch, nor against a neutral spell", function(t, g)
      -- the strict agent would fail on a response request
      local b = require("test.duel").punch(t, { held = { "Backlash" } }).held[1]
      t:eq(t:lost(1), 1)
      local d = t:give(0, "Drop Object")
      t:put(1, "Large Rock")
      t:cast { card = d, at = t:wizard(1) }
      t:eq(#g:play_area(1), 0, "the rock was dropped")
      t:eq(g:card(b).zone.kind, "hand")
    end },
  },
}
