-- classic PASS THROUGH WALL (1 in the deck): you go through one wall [card list].
-- reconstructed: a wall of your own square (range adjacent: the lines around you), inner or
-- outer (classic, The Board: the two rim walls a wrap-around joins are one wall, so you come
-- out on the opposite edge); you are at once in the square beyond, spending no movement (a
-- magical move: no pick-up there), and the wall stands as before. Not into a square a fixed
-- object fills (solid stone, classic, Objects).
local common = require("rules.common")

return card {
  name = "Pass Through Wall",
  kind = "neutral",
  range = "adjacent",
  duration = "instant",
  targets = { "wall" },
  copies = 1,
  text = "Step through a wall beside you, once, as if it were not there; the wall stays.",
  can_target = function(ctx, t)
    local s = common.across(ctx.game, t.edge, ctx.game:player(ctx.caster).at)
    return s ~= nil and not common.movement_blocked_at(ctx.game, s)
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local s = common.across(game, ctx.target.edge, game:player(p).at)
    if not s or common.movement_blocked_at(game, s) then return end
    ctx:move_wizard(p, s)
  end,
  tests = {
    { "through a wall of his square, no movement spent, the wall stands", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local from, n = spots.square_with_wall(g)
      assert(from and n, "a square with an inner wall")
      t:place(0, from)
      local c = t:give(0, "Pass Through Wall")
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:player(0).at, n.to)
      t:eq(g:edge(n.edge).barrier, "wall")
      t:eq(g:turn().vars.spent, nil, "no movement point spent")
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "only the walls around him", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local from = spots.square_with_wall(g)
      t:place(0, from)
      local c = t:give(0, "Pass Through Wall")
      local list = t:list { kind = "cast", card = c }
      t:ok(#list >= 1, "the wall beside him")
      local around = g:edges_around(from)
      for _, a in ipairs(list) do
        local e = a.target.edge
        t:ok(around[e.x .. "," .. e.y .. "," .. e.side] ~= nil, "a side of his own square: " .. a.label)
      end
    end },
    { "not into solid stone", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local from, n = spots.square_with_wall(g)
      assert(from and n, "a square with an inner wall")
      t:place(0, from)
      g:create_object { kind = "solid_stone", at = n.to, blocks_move = true, blocks_los = true, fills_square = true, toughness = 20 }
      local c = t:give(0, "Pass Through Wall")
      t:eq(t:count { kind = "cast", card = c, target = t:wall(n.edge) }, 0)
    end },
  },
}
