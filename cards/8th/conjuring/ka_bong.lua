-- 8th Conjuring "Ka-Bong!": a conjured club strikes for 4 physical damage; a wizard it hurts
-- is stunned for 1 turn.
-- reconstructed: range taken as line of sight and targets as Zot!'s (a wizard, an object or a
-- creature); boosting does not change the 4; the stun needs damage actually dealt (a Shield
-- that takes all 4 leaves no stun: 8th, Canceling, Reducing, and Evading Spells, secondary
-- effects); only a wizard is stunned (creatures keep no stun tokens here).
return card {
  name = "Ka-Bong!",
  school = "conjuring",
  kind = "attack",
  range = "los",
  duration = "instant",
  targets = { "wizard", "object", "creature" },
  copies = 2,
  text = "A club out of nowhere strikes a wizard, object or creature you can see for 4 physical damage. A wizard it hurts is stunned for 1 turn.",
  resolve = function(ctx)
    local dealt = ctx:damage(ctx.target, 4, { physical = true })
    if dealt > 0 and ctx.target.kind == "wizard" and ctx.game:player(ctx.target.player).alive then
      ctx:stun(ctx.target.player, 1)
    end
  end,
  tests = {
    { "4 physical and a stun of 1 turn; it is the turn's attack", function(t)
      t:active(0)
      local k = t:give(0, "Ka-Bong!")
      t:place(1, t.game:player(0).at)
      t:cast { card = k, at = t:wizard(1) }
      t:eq(t:lost(1), 4)
      t:eq(t.game:player(1).tokens.stun, 1)
      t:ok(t.game:turn().vars.attacked)
      t:ok(t:log("damage")[1].tags.physical, "physical damage")
    end },
    { "boosting does not raise the 4", function(t)
      t:active(0)
      local k = t:give(0, "Ka-Bong!")
      local e = t:give(0, "Energy 6")
      t:place(1, t.game:player(0).at)
      t:cast { card = k, at = t:wizard(1), boost = e }
      t:eq(t:lost(1), 4)
    end },
    { "Full Shield cancels it: no damage, no stun", function(t)
      t:active(0)
      local k = t:give(0, "Ka-Bong!")
      local s = t:give(1, "Full Shield")
      t:place(1, t.game:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = k, at = t:wizard(1) }
      t:eq(t:lost(1), 0)
      t:eq(t.game:player(1).tokens.stun, nil)
    end },
    { "a Shield boosted to take all 4: no damage, so no stun", function(t)
      t:active(0)
      local k = t:give(0, "Ka-Bong!")
      local s = t:give(1, "Shield")
      local e = t:give(1, "Energy 4")
      t:place(1, t.game:player(0).at)
      t:answer(1, { card = s, boost = e })
      t:cast { card = k, at = t:wizard(1) }
      t:eq(t:lost(1), 0)
      t:eq(t.game:player(1).tokens.stun, nil, "no damage dealt, no stun")
    end },
    { "a wall takes 1 crack and is not stunned", function(t)
      t:active(0)
      local k = t:give(0, "Ka-Bong!")
      local a = t:list { kind = "cast", card = k, target = { kind = "wall" } }[1]
      t:ok(a, "a wall in sight")
      t:act(a)
      t:eq(t.game:edge(a.target.edge).damage, 1)
      t:eq(#t:log("stun"), 0)
    end },
  },
}
