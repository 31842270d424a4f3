-- 8th Mutation "Mad Dash": a burst of speed. The wizard's movement points left this turn are
-- doubled; he drops the treasure he carries and may not pick one up for the rest of the turn.
-- 8th: Moving (movement points = base speed + boost - points spent: the doubling adds the
-- points left to the turn's boost, so a later change of form still counts the difference).
-- reconstructed: only the active wizard has movement points, so the spell is cast on
-- oneself (no target); with no point left it gives none; the treasure falls in his square;
-- carried items are kept (the card speaks of treasure only). The ban on picking treasures up
-- is the turn var `no_treasure_pickup` (rules.lua);
-- the points: rules/movement.lua.
local movement = require("rules.movement")

return card {
  name = "Mad Dash", school = "mutation", kind = "neutral",
  range = "caster", duration = "instant",
  text = "Double the movement points you have left this turn. You drop any treasure you carry, and you cannot pick up a treasure for the rest of this turn.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local left = movement.left(game)
    if left > 0 then movement.gain(game, left) end
    for _, what in ipairs(ctx:carried(p)) do
      if what.treasure then ctx:drop(p, what) end
    end
    game:set_turn_var("no_treasure_pickup", true)
  end,
  tests = {
    { "3 points left become 6", function(t)
      local m = t:turn_of(0, "Mad Dash")
      t:cast { card = m }
      require("test.spots").moves(t, 6)
      t:eq(t:count { kind = "move" }, 0, "no seventh step")
    end },
    { "after 2 steps, 1 point left becomes 2", function(t)
      local spots = require("test.spots")
      local m = t:turn_of(0, "Mad Dash")
      spots.moves(t, 2)
      t:cast { card = m }
      spots.moves(t, 2)
      t:eq(t:count { kind = "move" }, 0, "no third step")
    end },
    { "the carried treasure falls; no treasure may be picked up this turn, next turn again", function(t, g)
      t:active(0)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "treasure" and o.owner == 1 and not tr then tr = o end end
      assert(tr, "a treasure of player 1")
      local it = t:put(0, "Large Rock")
      t:place(0, tr.at)
      g:set_object(tr.id, { carried_by = 0 })
      local m = t:give(0, "Mad Dash")
      t:cast { card = m }
      t:eq(assert(g:object(tr.id)).carried_by, nil, "dropped")
      t:eq(assert(g:object(tr.id)).at, g:player(0).at, "in his square")
      t:eq(g:card(it).zone.kind, "play", "items are kept")
      t:eq(t:count { kind = "pick_treasure" }, 0, "no pick-up this turn")
      t:active(0)
      t:ok(t:has { kind = "pick_treasure", object = tr.id }, "next turn he may")
    end },
    { "Negate Neutral cancels it: no extra points", function(t)
      local m = t:turn_of(0, "Mad Dash")
      local nn = t:give(1, "Negate Neutral")
      t:answer(1, { card = nn })
      t:cast { card = m }
      require("test.spots").moves(t, 3)
      t:eq(t:count { kind = "move" }, 0, "only the 3 of his speed")
    end },
  },
}
