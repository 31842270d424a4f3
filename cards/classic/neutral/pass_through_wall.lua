-- classic PASS THROUGH WALL (1 in the deck): you go through one wall [card list].
-- reconstructed: a wall of your own square (range adjacent: the lines around you), inner or
-- outer (classic, The Board: the two rim walls a wrap-around joins are one wall, so you come
-- out on the opposite edge); you are at once in the square beyond, spending no movement (a
-- magical move: no pick-up there), and the wall stands as before. Not into a square a fixed
-- object fills (solid stone, classic, Objects).
-- The square beyond is found as the 8th's Pass Through Wall finds it: lib/through_wall.lua.
local through_wall = require("lib.through_wall")
local stage = require("test.stage")

return card {
  name = "Pass Through Wall", kind = "neutral", copies = 1,
  range = "adjacent", duration = "instant", targets = { "wall" },
  text = "Step through a wall beside you, once, as if it were not there; the wall stays.",
  can_target = through_wall.can_target,
  resolve = function(ctx)
    local s = through_wall.beyond(ctx, ctx.target.edge)
    if s then ctx:move_wizard(ctx.caster, s) end
  end,
  tests = {
    { "through a wall of his square, no movement spent, the wall stands", function(t, g)
      local c = stage.through_wall(t)
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "only the walls around him", function(t, g)
      local from, _, list = stage.pass_wall_offers(t)
      local around = g:edges_around(from)
      for _, a in ipairs(list) do
        local e = a.target.edge
        t:ok(around[e.x .. "," .. e.y .. "," .. e.side] ~= nil, "a side of his own square: " .. a.label)
      end
    end },
    { "not into solid stone", function(t, g)
      local _, n = stage.by_wall(t)
      g:create_object { kind = "solid_stone", at = n.to, blocks_move = true, blocks_los = true, fills_square = true, toughness = 20 }
      local c = t:give(0, "Pass Through Wall")
      t:eq(t:count { kind = "cast", card = c, target = t:wall(n.edge) }, 0)
    end },
  },
}
