-- 8th Cantrip "Destroy Wall": removes one inner wall section or door; wizards beside it take 2.
-- reconstructed: range taken as line of sight to the edge; "adjacent to the wall" taken as
-- standing in either of the two squares the edge separates. The outer walls are no targets:
-- the ruleset's wall and door targets leave them out (8th, Changing the Map).
-- The wall's fall and its damage are classic Destroy Wall's too: lib/falling_wall.lua.
local falling_wall = require("lib.falling_wall")

return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Destroy Wall", school = "cantrip", kind = "neutral", copies = 2,
  range = "los", duration = "instant", targets = { "wall", "door" },
  text = "Knock down one wall section or door you can see (not an outer wall). Each wizard on either side of it takes 2 physical damage. Not an attack.",
  resolve = function(ctx) falling_wall.knock_down(ctx, ctx.target.edge, 2) end,
  tests = {
    { "the wall is gone and the wizards on both sides take 2", function(t, g)
      t:active(0)
      local cw = t:put(0, "Create Wall")
      local at = g:player(0).at
      local n ---@type Neighbour?
      for _, s in ipairs(g:neighbours(at)) do
        local info = g:edge(s.edge)
        if not s.link and info.barrier == "open" and not info.boundary then n = s break end
      end
      assert(n, "an open border beside the caster")
      local e = g:edge(n.edge).edge
      g:create_barrier(e, false, cw)
      t:place(1, n.to)
      t:ok(not g:los(at, n.to))
      local c = t:give(0, "Destroy Wall")
      t:cast { card = c, at = t:wall(e) }
      t:eq(g:edge(e).barrier, "open")
      t:ok(g:los(at, n.to), "sight through the gap")
      t:eq(t:lost(0), 2, "the caster stood beside it")
      t:eq(t:lost(1), 2)
      t:ok(not g:turn().vars.attacked, "not an attack")
      t:eq(g:card(c).zone.kind, "pile")
    end },
    { "an outer wall can't be chosen", function(t, g)
      local c = t:turn_of(0, "Destroy Wall")
      local n = 0
      for _, a in ipairs(t:list { kind = "cast", card = c }) do
        if a.target.edge then
          n = n + 1
          t:ok(not g:edge(a.target.edge).boundary, a.label)
        end
      end
      -- stand beside an outer wall: it is in sight but not offered
      for _, s in ipairs(g:squares()) do
        for _, side in ipairs({ "N", "E", "S", "W" }) do
          local ok, info = pcall(function() return g:edge { x = s.x, y = s.y, side = side } end)
          if ok and info.boundary and info.barrier == "wall" then
            t:place(0, s)
            local e = info.edge
            t:eq(t:count { target = t:wall(e) }, 0, "the outer wall is not offered")
            return
          end
        end
      end
      t:ok(false, "no outer wall found")
    end },
  },
}
