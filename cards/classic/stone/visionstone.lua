-- classic VISIONSTONE (1 in the deck): a magic stone letting its holder see and cast through
-- walls [the card list's mechanic, unconfirmed by our sources].
-- reconstructed: we follow the 8th edition's Visionstone, whose power the shared mechanics
-- hold (rules/stones.lua power `see_through`, rules/targets.lua): once displayed, each spell
-- its holder casts at L.O.S. may reach through one wall or door, a side of the target's
-- square with clear sight to the square beyond it; thrown and wielded objects may not (they
-- fly, classic, Dropping and Retrieving Objects). Not through two walls.
local stones = require("rules.stones")

-- A square next to player 0 across an inner wall or door, out of his sight.
local function behind_wall(g)
  local at = g:player(0).at
  if not at then return nil end
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
  kind = "stone",
  traits = { "magic_stone" },
  copies = 1,
  text = "Magic stone. Power: while you show it, each spell you cast may reach through one wall or door. Thrown objects may not.",
  on_play = function(ctx) stones.carry(ctx, { see_through = 1 }) end,
  tests = {
    { "shown: a Lightning Blast reaches a wizard behind a wall", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Visionstone")
      local b = t:give(0, "Lightning Blast")
      local sq = behind_wall(g)
      t:ok(sq, "a square behind a wall")
      t:place(1, sq)
      t:eq(t:count { kind = "cast", card = b, target = t:wizard(1) }, 0, "not without the stone shown")
      t:act { kind = "display", card = s }
      t:cast { card = b, at = t:wizard(1) }
      t:eq(t:life(1), 14)
    end },
    { "no thrown object through the wall", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Visionstone")
      t:act { kind = "display", card = s }
      local r = t:give(0, "Large Rock")
      t:place(1, behind_wall(g))
      t:eq(t:count { kind = "throw", card = r, target = t:wizard(1) }, 0)
    end },
    { "not through two walls", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Visionstone")
      local b = t:give(0, "Lightning Blast")
      t:act { kind = "display", card = s }
      local at = g:player(0).at
      local far
      for _, q in ipairs(g:squares()) do
        if not far and not g:los(at, q) and not stones.seen_through_wall(g, at, { at = q }) then far = q end
      end
      t:ok(far, "a square hidden behind more than one wall")
      t:place(1, far)
      t:eq(t:count { kind = "cast", card = b, target = t:wizard(1) }, 0)
    end },
  },
}
