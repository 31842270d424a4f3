-- classic CREATE WALL (2 in the deck): a permanent stone wall on an empty line between two
-- squares in sight (its centre, classic, The Cards: L.O.S.); 20 points to break
-- (classic, Combat; [AF]). Walls may stand beside a home base (classic, Cards and Actions
-- that Change the Map: a wall is not ON a square). It goes if the spell ever leaves play.
-- reconstructed: the 20 points are a wall's (classic, Combat); only a fan page
-- (mapsurfer.com) says so of a created wall.
local create_wall = require("lib.create_wall")
local spots = require("test.spots")

return card(create_wall.card {
  name = "Create Wall", copies = 2,
  text = "Raise a stone wall on an empty line between two squares whose centre you can see. It stands until 20 points of damage break it.",
  tests = {
    { "not on a line where an object stands (a firewall)", function(t, g)
      t:active(0)
      local at, n = spots.roomy(t)
      t:place(0, at)
      t:cast { card = t:give(0, "Wall of Fire"), at = t:border(n.edge) }
      t:eq(#g:edge(n.edge).obstacles, 1, "the firewall burns on the line")
      local c = t:give(0, "Create Wall")
      t:ok(not t:has { kind = "cast", card = c, target = t:border(n.edge) }, "no wall on the firewall's line")
      t:ok(#t:list { kind = "cast", card = c } > 0, "other lines in sight are")
    end },
    { "the wall blocks sight and steps, stays in play, and falls at 20 points", function(t, g)
      t:active(0)
      local at = spots.roomy_square(g)
      t:place(0, at)
      local n = spots.free_square(g, at)
      assert(n, "a free square beside it")
      local c = t:give(0, "Create Wall")
      t:cast { card = c, at = t:border(n.edge) }
      t:eq(g:edge(n.edge).barrier, "wall")
      t:ok(not g:los(assert(at), n.to), "no sight through it")
      t:ok(not t:has { kind = "move", dir = n.dir }, "no step through it")
      t:eq(g:card(c).zone.kind, "play", "a permanent spell stays in play")
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 1, controller = 1 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "wall", edge = n.edge }, 19, { physical = true })
      t:eq(g:edge(n.edge).barrier, "wall", "19 points: still standing")
      H.damage(ctx, { kind = "wall", edge = n.edge }, 1, { physical = true })
      t:eq(g:edge(n.edge).barrier, "open", "the 20th point breaks it")
    end },
    { "only empty lines are offered, not walls or doors; not an attack", function(t, g)
      local c = t:turn_of(0, "Create Wall")
      local first ---@type table?
      for _, a in ipairs(t:list { kind = "cast", card = c }) do
        t:eq(a.target.kind, "border", a.label)
        t:eq(g:edge(a.target.edge).barrier, "open", a.label)
        first = first or a
      end
      t:eq(t:count { kind = "cast", target = { kind = "wall" } }, 0, "no cast at a wall")
      t:eq(t:count { kind = "cast", target = { kind = "door" } }, 0, "no cast at a door")
      assert(first, "some empty line in sight")
      t:act(first)
      t:eq(g:turn().vars.attacked, nil, "a neutral spell on the board is no attack")
    end },
  },
})
