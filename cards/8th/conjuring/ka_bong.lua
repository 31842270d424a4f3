-- 8th Conjuring "Ka-Bong!": a conjured club strikes for 4 physical damage; a wizard it hurts
-- is stunned for 1 turn.
-- reconstructed: range taken as line of sight and targets as Zot!'s (a wizard, an object or a
-- creature); boosting does not change the 4; the stun needs damage actually dealt (a Shield
-- that takes all 4 leaves no stun: 8th, Canceling, Reducing, and Evading Spells, secondary
-- effects); only a wizard is stunned (creatures keep no stun tokens here).
return card {
  name = "Ka-Bong!", school = "conjuring", kind = "attack", copies = 2,
  range = "los", duration = "instant", targets = { "wizard", "object", "creature" },
  text = "A club out of nowhere strikes a wizard, object or creature you can see for 4 physical damage. A wizard it hurts is stunned for 1 turn.",
  resolve = function(ctx)
    local dealt = ctx:damage(ctx.target, 4, { physical = true })
    if dealt > 0 and ctx.target.kind == "wizard" and ctx.game:player(ctx.target.player).alive then
      ctx:stun(ctx.target.player, 1)
    end
  end,
  tests = {
    { "4 physical and a stun of 1 turn; it is the turn's attack", function(t, g)
      require("test.duel").aim(t, "Ka-Bong!")
      t:eq(t:lost(1), 4)
      t:eq(g:player(1).tokens.stun, 1)
      t:ok(g:turn().vars.attacked)
      t:ok(t:log("damage")[1].tags.physical, "physical damage")
    end },
    { "boosting does not raise the 4", function(t)
      require("test.duel").aim(t, "Ka-Bong!", { boost = "Energy 6" })
      t:eq(t:lost(1), 4)
    end },
    { "Full Shield cancels it: no damage, no stun", function(t, g)
      require("test.duel").aim(t, "Ka-Bong!", { plays = { "Full Shield" } })
      t:eq(t:lost(1), 0)
      t:eq(g:player(1).tokens.stun, nil)
    end },
    { "a Shield boosted to take all 4: no damage, so no stun", function(t, g)
      require("test.duel").aim(t, "Ka-Bong!", { plays = { { "Shield", boost = "Energy 4" } } })
      t:eq(t:lost(1), 0)
      t:eq(g:player(1).tokens.stun, nil, "no damage dealt, no stun")
    end },
    { "a wall takes 1 crack and is not stunned", function(t, g)
      local edge = require("test.duel").at_wall(t, "Ka-Bong!")
      t:eq(g:edge(edge).damage, 1)
      t:eq(#t:log("stun"), 0)
    end },
  },
}
