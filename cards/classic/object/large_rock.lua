-- classic LARGE ROCK (1 in the deck): a physical object. Thrown as the turn's attack: 3
-- points of physical damage [AF] (the rulebook names it among physical damage, classic,
-- Combat); it then lies in the target's square, or just before a thornbush or stone in its
-- way (classic, Dropping and Retrieving Objects). A physical action, not a spell.
-- reconstructed: [AF] gives 3 points; we let it hit a wizard, or an object that can be
-- attacked (a thornbush, solid stone), in sight (a rock is no tool against walls and doors).
return card {
  name = "Large Rock",
  kind = "object",
  range = "los",
  traits = { "thrown_weapon", "not_spell" },
  targets = { "wizard", "object" },
  copies = 1,
  text = "Object. Throw it at a wizard or thornbush you can see as your attack: 3 points of physical damage. It lands in the target's square, or just before a thornbush in its way.",
  resolve = function(ctx)
    ctx:damage(ctx.target, 3, { physical = true })
  end,
  tests = {
    { "thrown at a wizard in sight: 3 physical points; it lands in his square", function(t)
      local g = t.game
      t:active(0)
      local r = t:give(0, "Large Rock")
      t:place(1, g:player(0).at)
      t:throw { card = r, at = t:wizard(1) }
      t:eq(t:life(1), 12)
      t:eq(g:objects_at(g:player(1).at)[1] and g:objects_at(g:player(1).at)[1].card, r)
      t:eq(#g:hand(0) + #g:play_area(0), 0, "no longer carried")
    end },
    { "Blunt halves it, rounding up: 2", function(t)
      local g = t.game
      t:active(0)
      local r = t:give(0, "Large Rock")
      local b = t:give(1, "Blunt")
      t:place(1, g:player(0).at)
      t:answer(1, { card = b })
      t:throw { card = r, at = t:wizard(1) }
      t:eq(t:life(1), 13)
    end },
    { "it wears down a thornbush (5 points) and drops before it", function(t)
      local g = t.game
      t:active(0)
      local r = t:give(0, "Large Rock")
      local at = g:player(0).at
      local next_sq
      for _, n in ipairs(g:neighbours(at)) do
        if not next_sq and not n.link and #g:objects_at(n.to) == 0 and g:home_sector_at(n.to) == nil
            and g:los(at, n.to) then next_sq = n.to end
      end
      t:ok(next_sq, "an open square beside")
      local bush = g:create_object { kind = "bush", at = next_sq, mobile = false, blocks_los = false, blocks_move = false, fills_square = true, toughness = 5 }
      t:throw { card = r, at = t:object(bush) }
      t:eq(g:object(bush).damage, 3)
      local lying
      for _, o in ipairs(g:objects_at(at)) do if o.card == r then lying = o end end
      t:ok(lying, "the rock fell in the thrower's square, before the bush")
    end },
    { "a dropped object is no target: it cannot be attacked", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local at = spots.roomy_square(g)
      t:place(0, at)
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      local d = g:new_card("Dagger", { kind = "pile", pile = "discard" })
      local item = g:create_object { kind = "item", card = d, at = n.to, mobile = true }
      local r = t:give(0, "Large Rock")
      t:ok(g:los_object(at, item), "in sight")
      t:ok(not t:has { target = t:object(item) }, "nothing aimed at the dropped dagger")
      local bush = g:create_object { kind = "bush", at = n.to, mobile = false, blocks_los = false, blocks_move = false, fills_square = true, toughness = 5 }
      t:ok(t:has { kind = "throw", card = r, target = t:object(bush) }, "a thornbush may be")
    end },
  },
}
