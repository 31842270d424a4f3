-- 8th Cantrip "Large Rock": an item; thrown as the turn's attack it deals 2 physical damage
-- and lands in the target's square, where anyone may pick it up (or before a wall or door it
-- strikes, or before a target that fills its square: 8th, Throwing Objects).
-- reconstructed: throwing range taken as line of sight, at a wizard, an object (walls and
-- doors are objects) or a creature, like Zot!.
-- Its blow is shared with classic's Dagger and Large Rock and the 9th's Throwing Star: lib/thrown.lua.
local thrown = require("lib.thrown")

return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Large Rock", school = "cantrip", kind = "item", copies = 2, energy = 3,
  range = "los", targets = { "wizard", "object", "creature" },
  traits = { "thrown_weapon" },
  text = "Item. Throw it as your attack at a wizard, object or creature you can see: 2 physical damage, and the rock comes to rest in the target's square (in front of a wall or door).",
  resolve = thrown.blow(2),
  tests = {
    { "thrown: 2 physical, and the rock lands in the target's square", function(t)
      local r = t:turn_of(0, "Large Rock")
      t:act { kind = "item", card = r }
      local g = t.game
      t:eq(g:card(r).zone.kind, "play")
      local found = require("test.duel").thrown_lands(t, r, 2)
      t:eq(#g:play_area(0), 0, "no longer carried")
      t:eq(#t:log("throw"), 1)
      -- the target can pick it up and carry it
      t:active(1)
      t:act { kind = "pick_object", object = found.id }
      t:eq(g:play_area(1), { r }, "he carries it")
    end },
    { "thrown at a wall, it falls in the square in front of it, on the thrower's side", function(t, g)
      local r = t:put(0, "Large Rock")
      t:active(0)
      local at = g:player(0).at
      local pick, near ---@type table?, Square?
      for _, a in ipairs(t:list { kind = "throw", card = r, target = { kind = "wall" } }) do
        local e = a.target.edge
        if not pick then
          local sides = { { x = e.x, y = e.y } } ---@type Square[]
          for _, n in ipairs(g:neighbours(sides[1])) do if n.dir == e.side then sides[2] = n.to end end
          local seen = {}
          for _, s in ipairs(sides) do
            if g:los(at, s) and not (s.x == at.x and s.y == at.y) then seen[#seen + 1] = s end
          end
          if #seen == 1 and #sides == 2 then pick, near = a, seen[1] end
        end
      end
      assert(pick, "a wall in sight, away from the thrower, seen from one side")
      t:act(pick)
      local landed = t:log("landed")
      t:eq(#landed, 1)
      t:eq(landed[1].square, near, "in front of the wall")
      t:ok(require("test.scenes").lying(g, near, r), "the rock lies there")
    end },
    { "only one attack: no throw after a punch, none at oneself", function(t)
      t:active(0)
      t:put(0, "Large Rock")
      t:eq(t:count { target = t:wizard(0) }, 0, "nothing aimed at oneself")
      require("test.duel").punch(t)
      t:eq(t:count { kind = "throw" }, 0, "no throw after a punch")
    end },
    { "Drop Object can make a wizard drop the rock", function(t, g)
      t:active(0)
      local r = t:put(1, "Large Rock")
      g:set_card(r, { controller = 1 })
      t:place(1, g:player(0).at)
      local d = t:give(0, "Drop Object")
      t:cast { card = d, at = t:wizard(1) }
      t:eq(#g:play_area(1), 0)
      t:eq(g:objects_at(t:at(1))[1].card, r)
    end },
  },
}
