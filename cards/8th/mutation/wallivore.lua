-- 8th Mutation "Wallivore": the wizard bites through a stone wall beside him and is fed by it.
-- reconstructed: "eat" needs the wall within reach: one of the four lines of the caster's own
-- square (range adjacent); every wall counts as stone (printed walls, Create Wall's, as for
-- Mist Body), doors do not; outer walls can never be changed (8th: Changing the Map). The wall
-- goes as Destroy Wall's does (a created wall's spell loses it) but nobody beside it is hurt,
-- and the 2 life are gained even at 20 (wasted, 8th: Life, Damage, and Dying).
local stage = require("test.stage")

return card {
  name = "Wallivore", school = "mutation", kind = "neutral", copies = 2,
  range = "adjacent", duration = "instant", targets = { "wall" },
  text = "Eat one stone wall section on a side of your square (not an outer wall): it is gone, and you gain 2 life.",
  resolve = function(ctx)
    if ctx:destroy_wall(ctx.target.edge) then ctx:heal(ctx.caster, 2) end
  end,
  tests = {
    { "eats a wall beside him: the wall is gone and he gains 2 life", function(t, g)
      local _, n = stage.by_wall(t)
      t:set_life(0, 10)
      local w = t:give(0, "Wallivore")
      t:cast { card = w, at = t:wall(n.edge) }
      t:eq(g:edge(n.edge).barrier, "open", "eaten")
      t:eq(t:life(0), 12)
      t:eq(g:card(w).zone.kind, "pile")
      t:ok(not g:turn().vars.attacked, "not an attack")
    end },
    { "a created wall goes too, and its spell with it; nobody beside it is hurt", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local at = g:player(0).at
      local n = spots.open_border(g, at)
      assert(n, "an open border beside it")
      local cw = t:put(1, "Create Wall")
      g:create_barrier(n.edge, false, cw)
      t:place(1, n.to)
      local w = t:give(0, "Wallivore")
      t:cast { card = w, at = t:wall(n.edge) }
      t:eq(g:edge(n.edge).barrier, "open")
      t:eq(g:card(cw).zone.kind, "pile", "the Create Wall spell ended with its wall")
      t:eq(t:lost(1), 0, "no damage beside it")
      t:eq(t:lost(0), -2, "the caster gained 2")
    end },
    { "life never goes above the maximum (config life_max: 20 in the 8th)", function(t, g)
      local max = g:config().life_max ---@type integer
      local _, n = stage.by_wall(t)
      t:set_life(0, max - 1)
      local w = t:give(0, "Wallivore")
      t:cast { card = w, at = t:wall(n.edge) }
      t:eq(t:life(0), max)
    end },
    { "no wall far away, no door, no outer wall", function(t, g)
      local s = stage.by_wall(t)
      local w = t:give(0, "Wallivore")
      local around = g:edges_around(s)
      local offered = t:list { kind = "cast", card = w }
      t:ok(#offered >= 1, "the wall beside him is offered")
      for _, a in ipairs(offered) do
        local e = g:edge(a.target.edge).edge
        t:ok(around[e.x .. "," .. e.y .. "," .. e.side] ~= nil, "a line of his own square: " .. a.label)
        t:eq(g:edge(e).barrier, "wall", "only walls")
        t:ok(not g:edge(e).boundary, "never an outer wall")
      end
    end },
  },
}
