-- classic LARGE ROCK (1 in the deck): a physical object. Thrown as the turn's attack: 3
-- points of physical damage [AF] (the rulebook names it among physical damage, classic,
-- Combat); it then lies in the target's square, or just before a thornbush or stone in its
-- way (classic, Dropping and Retrieving Objects). A physical action, not a spell.
-- reconstructed: [AF] gives 3 points; we let it hit a wizard, or an object that can be
-- attacked (a thornbush, solid stone), in sight (a rock is no tool against walls and doors).
-- Its blow is shared with the Dagger, the 8th's Large Rock and the 9th's Throwing Star: lib/thrown.lua.
local thrown = require("lib.thrown")

return card(thrown.object(3, {
  name = "Large Rock", copies = 1,
  targets = { "wizard", "object" },
  text = "Object. Throw it at a wizard or thornbush you can see as your attack: 3 points of physical damage. It lands in the target's square, or just before a thornbush in its way.",
  tests = {
    { "thrown at a wizard in sight: 3 physical points; it lands in his square", function(t, g)
      local r = require("test.duel").aim(t, "Large Rock", { throw = true }).card
      t:eq(t:life(1), 12)
      t:eq(g:objects_at(t:at(1))[1] and g:objects_at(t:at(1))[1].card, r)
      t:eq(#g:hand(0) + #g:play_area(0), 0, "no longer carried")
    end },
    { "Blunt halves it, rounding up: 2", function(t)
      require("test.duel").aim(t, "Large Rock", { plays = { "Blunt" }, throw = true })
      t:eq(t:life(1), 13)
    end },
    { "it wears down a thornbush (5 points) and drops before it", function(t, g)
      local at, next_sq = require("test.stage").roomy(t)
      local r = t:give(0, "Large Rock")
      local bush = g:create_object { kind = "bush", at = next_sq.to, mobile = false, blocks_los = false, blocks_move = false, fills_square = true, toughness = 5 }
      t:throw { card = r, at = t:object(bush) }
      t:eq(assert(g:object(bush)).damage, 3)
      t:ok(require("test.scenes").lying(g, at, r), "the rock fell in the thrower's square, before the bush")
    end },
    { "a dropped object is no target: it cannot be attacked", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local at = spots.roomy_square(g)
      t:place(0, at)
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      local d = g:new_card("Dagger", { kind = "pile", pile = "discard" })
      local item = g:create_object { kind = "item", card = d, at = n.to, mobile = true }
      local r = t:give(0, "Large Rock")
      t:ok(g:los_object(assert(at), item), "in sight")
      t:ok(not t:has { target = t:object(item) }, "nothing aimed at the dropped dagger")
      local bush = g:create_object { kind = "bush", at = n.to, mobile = false, blocks_los = false, blocks_move = false, fills_square = true, toughness = 5 }
      t:ok(t:has { kind = "throw", card = r, target = t:object(bush) }, "a thornbush may be")
    end },
  },
}))
