-- classic DAGGER (1 in the deck): a physical object, kept in the hand. Thrown as the turn's
-- attack at something in sight: 3 points of physical damage [AF]; it then lies in the
-- target's square, or before the barrier it hit: a thornbush's or stone's square is not
-- entered, and at a wall or door it falls on the thrower's side (classic, Dropping and
-- Retrieving Objects). Throwing it is a physical action, not a spell (classic, The Cards):
-- Full Shield, which stops spells, cannot answer it.
-- reconstructed: [AF] gives 3 points and wizards, walls, doors and creations as targets (of
-- the creations, those that can be attacked: a thornbush, solid stone).
-- Its blow is shared with the Large Rocks and the 9th's Throwing Star: lib/thrown.lua.
local thrown = require("lib.thrown")

return card(thrown.object(3, {
  name = "Dagger", copies = 1,
  targets = { "wizard", "wall", "door", "object" },
  text = "Object. Throw it at a wizard, wall, door or thornbush you can see as your attack: 3 points of physical damage. It lands in the target's square, or before the wall, door or bush it hit.",
  tests = {
    { "thrown: 3 physical points, the turn's attack; it lands by the target, who may pick it up", function(t, g)
      local lying, d = require("test.duel").thrown_lands(t, "Dagger", 3)
      t:eq(#g:hand(0) + #g:play_area(0), 0)
      t:active(1)
      t:act { kind = "pick_object", object = lying.id }
      t:eq(g:card(d).zone.player, 1)
      t:eq(g:turn().phase_over, true, "picking it up ended the turn")
    end },
    { "thrown at a wall in sight: 3 points off its 20; it falls on the thrower's side", function(t, g)
      local opp = { N = "S", S = "N", E = "W", W = "E" }
      t:active(0)
      local thrower ---@type Square?
      local beside ---@type Square?
      local wall ---@type Edge?
      for _, s in ipairs(g:squares()) do
        for _, d in ipairs({ "N", "E", "S", "W" }) do
          local info = g:edge { x = s.x, y = s.y, side = d }
          if not wall and info.barrier == "wall" and not info.boundary then
            local r = g:run(s, opp[d], 2)
            if #r.squares == 2 and g:los_edge(r.squares[2], info.edge, false) then
              thrower, beside, wall = r.squares[2], s, info.edge
            end
          end
        end
      end
      assert(wall and beside, "a wall two squares away, in sight")
      t:place(0, thrower)
      local d = t:give(0, "Dagger")
      t:throw { card = d, at = t:wall(wall) }
      t:eq(g:edge(wall).damage, 3)
      local lying ---@type Object?
      for _, o in ipairs(g:objects_at(beside)) do if o.card == d then lying = o end end
      t:ok(lying, "it lies in the square beside the wall, on the thrower's side")
    end },
    { "Absorb takes 3 off it; Full Shield (spells only) cannot answer it", function(t)
      require("test.duel").aim(t, "Dagger", { plays = { "Absorb" }, held = { "Full Shield" }, throw = true })
      t:eq(t:life(1), 15)
      t:eq(#t:log("counter"), 1)
    end },
    { "no throw at oneself, none in the first round, none after a punch", function(t)
      t:active(0)
      t:give(0, "Dagger")
      t:ok(not t:has { target = t:wizard(0) }, "nothing aimed at player 0")
      require("test.duel").punch(t)
      t:ok(not t:has { kind = "throw" }, "no throw after a punch")
    end },
  },
}))
