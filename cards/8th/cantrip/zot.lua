-- 8th Cantrip "Zot!": magical damage equal to the spell's energy, or a stun of 2 turns.
-- Targets (8th: Target Types): a wizard, an object (walls and doors are objects) or a
-- creature; only a wizard can be stunned.
local duel = require("test.duel")

return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Zot!", school = "cantrip", kind = "attack", copies = 2,
  range = "los", duration = "instant", targets = { "wizard", "object", "creature" },
  text = "Deal magical damage equal to this spell's energy to a wizard, object or creature in sight, or stun the target wizard for 2 turns.",
  resolve = function(ctx)
    local t = ctx.target
    local mode = "damage"
    if t.kind == "wizard" then
      mode = ctx:choose(ctx.caster, "mode", "Zot!: damage or stun?", { { key = "damage" }, { key = "stun" } })
    end
    if mode == "stun" then
      ctx:stun(t.player, 2)
    else
      ctx:damage(t, ctx.energy, { magical = true })
    end
  end,
  tests = {
    { "boosted by Energy 6 it deals 6", function(t, g)
      duel.aim(t, "Zot!", { boost = "Energy 6", answers = { "damage" } })
      t:eq(t:lost(1), 6)
      t:eq(#g:pile("discard"), 2, "spell and energy card are discarded")
      t:ok(g:turn().vars.attacked, "it was the turn's attack")
    end },
    { "the stun mode gives two stun tokens", function(t, g)
      duel.aim(t, "Zot!", { answers = { "stun" } })
      t:eq(t:lost(1), 0)
      t:eq(g:player(1).tokens.stun, 2)
      t:pass(1)
      t:eq(g:player(1).tokens.stun, 1, "one token spent in player 1's Time Passes")
      t:ok(g:turn().vars.stunned, "player 1 is stunned this turn")
    end },
    { "one attack a turn", function(t)
      local z2 = t:give(0, "Zot!")
      duel.aim(t, "Zot!", { answers = { "damage" } })
      t:eq(t:count { kind = "cast", card = z2 }, 0, "no second attack")
      t:eq(t:count { kind = "punch" }, 0, "no second attack")
    end },
    { "a killing Zot! scores a victory point and takes the hand", function(t, g)
      t:give(1, "Energy 6")
      t:set_life(1, 1)
      duel.aim(t, "Zot!", { answers = { "damage" } })
      t:ok(not g:player(1).alive)
      t:eq(g:player(0).vars.kill_vp, 1)
      t:eq(#g:hand(0), 1, "the victim's hand")
      t:eq(#t:log("death"), 1)
    end },
  },
}
