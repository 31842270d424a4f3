-- 8th Alchemy "Visionstone": a magic stone; its wielder may cast spells (not throw items)
-- through one wall or door, a different one for each spell (rules/targets.lua,
-- rules/stones.lua). Fire damage to him destroys all his magic stones.
-- reconstructed: the wall or door looked through is one side of the target's square, with a
-- clear line of sight to the square beyond it (see stones.seen_through_wall); a line through
-- a wall farther from the target is not traced (the engine offers sight through no wall,
-- and tracing one would mean lifting walls off the board while targets are listed). Walls
-- and doors themselves are targeted as before.
local stones = require("rules.stones")
local magic_stones = require("test.magic_stones")

return card(stones.card {
  name = "Visionstone",
  text = "Magic stone. While you carry it, your spells (not thrown items) can reach through one wall or door, a different one for each spell. Any fire damage to you destroys all the magic stones you carry.",
  powers = { see_through = 1 },
  tests = {
    { "carried: a Zot! reaches a wizard behind a wall", function(t)
      local s, z = magic_stones.wizard_behind_wall(t, "Zot!")
      t:act { kind = "item", card = s }
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
    end },
    { "no thrown item through the wall", function(t) magic_stones.no_throw_through_wall(t, "item", true) end },
    { "not through two walls: a wizard far out of sight stays out of reach", function(t)
      magic_stones.not_two_walls(t, "item", "Zot!")
    end },
  },
})
