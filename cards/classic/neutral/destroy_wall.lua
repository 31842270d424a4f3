-- classic DESTROY WALL (2 in the deck): a wall section whose centre you can see falls at
-- once; each wizard in the two squares beside it takes 2 points of physical damage [AF, TJ]
-- (classic, Combat: a falling wall is physical damage; classic, The Cards: Absorb or Blunt may
-- answer that indirect damage). Not an attack: allowed in the first round [TJ], and a wizard
-- it kills gives nobody his cards (classic, Combat: killed indirectly).
-- reconstructed: outer walls of the board cannot be destroyed; doors are not walls.
local FALL_DAMAGE = 2

-- The two squares on either side of an edge.
local function sides_of(game, e)
  local here = { x = e.x, y = e.y }
  local out = { here }
  for _, n in ipairs(game:neighbours(here)) do
    if n.dir == e.side then out[#out + 1] = n.to end
  end
  return out
end

return card {
  name = "Destroy Wall",
  kind = "neutral",
  range = "los",
  duration = "instant",
  targets = { "wall" },
  copies = 2,
  text = "A wall section whose centre you can see crumbles. Every wizard on either side of it takes 2 points of physical damage from the falling stone.",
  can_target = function(ctx, t) return not ctx.game:edge(t.edge).boundary end,
  resolve = function(ctx)
    local e = ctx.game:edge(ctx.target.edge).edge
    local squares = sides_of(ctx.game, e)
    if not ctx:destroy_wall(e) then return end
    for _, s in ipairs(squares) do
      for _, p in ipairs(ctx.game:wizards_at(s)) do
        ctx:damage(p, FALL_DAMAGE, { physical = true })
      end
    end
  end,
  tests = {
    { "the wall falls; wizards on both sides take 2, the caster too", function(t)
      local g = t.game
      local spots = require("lib.spots")
      t:active(0)
      local at, n = spots.square_with_wall(g)
      t:ok(at, "an inner wall")
      t:place(0, at)
      t:place(1, n.to)
      local c = t:give(0, "Destroy Wall")
      t:act("cast Destroy Wall #" .. c .. " at wall " .. spots.edge_label(n.edge))
      t:eq(g:edge(n.edge).barrier, "open")
      t:eq(t:life(0), 13)
      t:eq(t:life(1), 13)
      t:eq(g:turn().vars.attacked, nil, "not the turn's attack")
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "Blunt answers the falling stone (indirect damage); allowed in the first round", function(t)
      local g = t.game
      local spots = require("lib.spots")
      g:set_var("combat_open", false)
      t:active(0)
      local at, n = spots.square_with_wall(g)
      t:place(0, at)
      t:place(1, n.to)
      local c = t:give(0, "Destroy Wall")
      local b = t:give(1, "Blunt")
      t:answer(1, "counter with Blunt #" .. b)
      t:act("cast Destroy Wall #" .. c .. " at wall " .. spots.edge_label(n.edge))
      t:eq(t:life(1), 14, "2 halved")
      t:eq(t:life(0), 13)
    end },
    { "outer walls and doors are not offered", function(t)
      local g = t.game
      t:active(0)
      t:give(0, "Destroy Wall")
      local any = false
      for _, k in ipairs(t:actions()) do
        local e = k:match("^cast Destroy Wall #%d+ at (.+)$")
        if e then
          any = true
          t:ok(e:sub(1, 5) == "wall ", k)
          local x, y, side = e:match("([%d-]+),([%d-]+),(%a)")
          t:ok(not g:edge { x = tonumber(x), y = tonumber(y), side = side }.boundary, k)
        end
      end
      t:ok(any, "some wall in sight")
    end },
  },
}
