-- 8th Cantrip "Create Wall": a permanent stone wall on an open border line in sight.
-- reconstructed: range taken as line of sight (the card says only "target border").
-- Not on a line holding a wall token (a Wall of Fire is a wall there: 8th: Glossary, Wall;
-- Changing the Map): the 8th's border targets leave those lines out (rules/targets.lua).
local create_wall = require("lib.create_wall")

return card(create_wall.card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Create Wall", school = "cantrip", copies = 2,
  text = "Raise a stone wall on an empty border line you can see. It takes 5 cracks to break and lasts until the spell ends.",
  tests = {
    { "the wall stands on the edge, blocks movement and sight, breaks at 5 cracks", function(t, g)
      local c = t:turn_of(0, "Create Wall")
      local at = g:player(0).at
      -- an open border next to the caster
      local n ---@type Neighbour?
      for _, s in ipairs(g:neighbours(at)) do
        if not s.link and g:edge(s.edge).barrier == "open" and not g:edge(s.edge).boundary then n = s break end
      end
      assert(n, "an open border beside the caster")
      local e = g:edge(n.edge).edge
      t:place(1, n.to)
      t:ok(g:los(at, n.to), "sight before")
      t:cast { card = c, at = t:border(e) }
      local info = g:edge(e)
      t:eq(info.barrier, "wall")
      t:eq(info.created_by, c)
      t:ok(not g:los(at, n.to), "the wall blocks sight")
      for _, s in ipairs(g:steps(0)) do t:ok(s.dir ~= n.dir, "no step through the wall") end
      t:eq(g:card(c).zone.kind, "play", "a permanent spell stays in play")
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "wall", edge = e }, 12, { physical = true })
      t:eq(g:edge(e).barrier, "wall", "4 cracks: still standing")
      H.damage(ctx, { kind = "wall", edge = e }, 3, { physical = true })
      t:eq(g:edge(e).barrier, "open", "the fifth crack breaks it")
    end },
    { "the wall goes when the spell ends; walls and doors are not borders", function(t, g)
      local c = t:turn_of(0, "Create Wall")
      local casts = t:list { kind = "cast", card = c }
      for _, a in ipairs(casts) do
        t:eq(a.target.kind, "border", a.label)
        t:eq(g:edge(a.target.edge).barrier, "open", a.label)
      end
      t:ok(casts[1], "some border in sight")
      t:act(casts[1])
      local e = casts[1].target.edge
      t:eq(g:edge(e).barrier, "wall")
      t:act { kind = "end_spell", card = c }
      t:eq(g:edge(e).barrier, "open")
      t:eq(g:card(c).zone.kind, "pile")
    end },
    -- 8th: Changing the Map (no wall is made where one stands) and Glossary, Wall (a token on
    -- a line is a wall): a line holding a Wall of Fire is no empty border.
    { "not on a line holding a Wall of Fire (8th: Changing the Map; Glossary, Wall)", function(t, g)
      t:active(0)
      local at = g:player(0).at
      local n = require("test.spots").open_border(g, at)
      assert(n, "an open border beside the caster")
      local c = t:give(0, "Create Wall")
      t:eq(t:count { kind = "cast", card = c, target = t:border(n.edge) }, 1, "offered while the line is empty")
      t:cast { card = t:give(0, "Wall of Fire"), at = t:border(n.edge) }
      t:eq(t:count { kind = "cast", card = c, target = t:border(n.edge) }, 0, "not on the flames")
      t:ok(t:has { kind = "cast", card = c }, "other lines are still offered")
    end },
  },
})
