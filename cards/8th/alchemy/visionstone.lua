-- 8th Alchemy "Visionstone": a magic stone; its wielder may cast spells (not throw items)
-- through one wall or door, a different one for each spell (rules/targets.lua,
-- rules/stones.lua). Fire damage to him destroys all his magic stones.
-- reconstructed: the wall or door looked through is one side of the target's square, with a
-- clear line of sight to the square beyond it (see stones.seen_through_wall); a line through
-- a wall farther from the target is not traced (the engine offers sight through no wall,
-- and tracing one would mean lifting walls off the board while targets are listed). Walls
-- and doors themselves are targeted as before.
local stones = require("rules.stones")

-- A square next to player 0 across a wall or door (not an outer one), and no sight of it.
local function behind_wall(g)
  local at = g:player(0).at
  for _, n in ipairs(g:neighbours(at)) do
    local info = g:edge(n.edge)
    if (info.barrier == "wall" or info.barrier == "door") and not info.boundary and not g:los(at, n.to) then
      return n.to
    end
  end
  return nil
end

return card {
  name = "Visionstone",
  school = "alchemy",
  kind = "item",
  traits = { "magic_stone" },
  text = "Magic stone. While you carry it, your spells (not thrown items) can reach through one wall or door, a different one for each spell. Any fire damage to you destroys all the magic stones you carry.",
  on_play = function(ctx) stones.carry(ctx, { see_through = 1 }) end,
  on_damage = function(ctx, ev) stones.on_damage(ctx, ev) end,
  tests = {
    { "carried: a Zot! reaches a wizard behind a wall", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Visionstone")
      local z = t:give(0, "Zot!")
      local sq = behind_wall(g)
      t:ok(sq, "a square behind a wall")
      t:place(1, sq)
      t:eq(t:count { kind = "cast", card = z, target = t:wizard(1) }, 0, "not without the stone")
      t:act { kind = "item", card = s }
      t:answer(0, "damage")
      t:cast { card = z, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
    end },
    { "no thrown item through the wall", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Visionstone")
      local r = t:put(0, "Large Rock")
      t:place(1, behind_wall(g))
      t:act { kind = "item", card = s }
      t:eq(t:count { kind = "throw", card = r, target = t:wizard(1) }, 0)
    end },
    { "not through two walls: a wizard far out of sight stays out of reach", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Visionstone")
      local z = t:give(0, "Zot!")
      t:act { kind = "item", card = s }
      local at = g:player(0).at
      local far
      for _, q in ipairs(g:squares()) do
        if not far and not g:los(at, q) and not stones.seen_through_wall(g, at, { at = q }) then far = q end
      end
      t:ok(far, "a square hidden behind more than one wall")
      t:place(1, far)
      t:eq(t:count { kind = "cast", card = z, target = t:wizard(1) }, 0)
    end },
  },
}
