-- classic DESTROY WALL (2 in the deck): a wall section whose centre you can see falls at
-- once; each wizard in the two squares beside it takes 2 points of physical damage [AF, TJ]
-- (classic, Combat: a falling wall is physical damage; classic, The Cards: Absorb or Blunt may
-- answer that indirect damage). Not an attack: allowed in the first round [TJ], and a wizard
-- it kills gives nobody his cards (classic, Combat: killed indirectly). A rim wall may fall
-- too: then one walks through to the opposite board edge (classic, The Board: smashing a wall
-- beside an exit), and the wall across the wrap-around, one wall with it, falls as well.
-- reconstructed: doors are not walls; a rim wall with no square beyond it (a layout side
-- that leads nowhere) is not offered. Where the edition says a door falls with its wall (9th:
-- The Board; ctx:doors_fall_with_walls), a door may be its target too.
-- The wall's fall and its damage are the 8th's Destroy Wall's too: lib/falling_wall.lua.
local falling_wall = require("lib.falling_wall")
local stage = require("test.stage")
local FALL_DAMAGE = 2

return card {
  name = "Destroy Wall", kind = "neutral", copies = 2,
  range = "los", duration = "instant", targets = { "wall", "door" },
  text = "A wall section whose centre you can see crumbles. Every wizard on either side of it takes 2 points of physical damage from the falling stone.",
  can_target = function(ctx, t)
    if t.kind == "door" and not ctx:doors_fall_with_walls() then return false end
    return #ctx:edge_sides(t.edge) == 2
  end,
  resolve = function(ctx) falling_wall.knock_down(ctx, ctx.game:edge(ctx.target.edge).edge, FALL_DAMAGE) end,
  tests = {
    { "the wall falls; wizards on both sides take 2, the caster too", function(t, g)
      local _, n = stage.by_wall(t)
      t:place(1, n.to)
      local c = t:give(0, "Destroy Wall")
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:edge(n.edge).barrier, "open")
      t:eq(t:life(0), 13)
      t:eq(t:life(1), 13)
      t:eq(g:turn().vars.attacked, nil, "not the turn's attack")
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "Blunt answers the falling stone (indirect damage); allowed in the first round", function(t, g)
      g:set_var("combat_open", false)
      local _, n = stage.by_wall(t)
      t:place(1, n.to)
      local c = t:give(0, "Destroy Wall")
      local b = t:give(1, "Blunt")
      t:answer(1, { card = b })
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(t:life(1), 14, "2 halved")
      t:eq(t:life(0), 13)
    end },
    { "a rim wall falls with the wall across the wrap-around: the way leads to the opposite edge", function(t, g)
      local _spots = require("test.spots")
      local H = require("rules.ctx")
      local ctx = { game = g }
      t:active(0)
      local at, side, across ---@type Square?, Dir?, table?
      for _, s in ipairs(g:squares()) do
        for _, d in ipairs({ "N", "E", "S", "W" }) do
          local info = g:edge { x = s.x, y = s.y, side = d }
          if not at and info.boundary and info.barrier == "wall" and g:home_sector_at(s) == nil then
            local sides = H.edge_sides(ctx --[[@as Ctx]], info.edge)
            if #sides == 2 then at, side, across = s, d, sides[2] end
          end
        end
      end
      assert(at and side and across, "a rim wall with a square beyond")
      t:place(0, at)
      t:place(1, across.square)
      t:ok(not t:has { kind = "move", dir = side }, "walled")
      local c = t:give(0, "Destroy Wall")
      local e = g:edge { x = at.x, y = at.y, side = side }.edge
      t:cast { card = c, at = t:wall(e) }
      t:eq(g:edge(e).barrier, "open")
      t:eq(g:edge { x = across.square.x, y = across.square.y, side = across.side }.barrier, "open", "the wall across fell too")
      t:eq(t:life(0), 13)
      t:eq(t:life(1), 13, "the wizard across the wrap-around was beside it")
      t:move(side)
      t:eq(g:player(0).at, across.square, "out on the opposite edge")
    end },
    { "doors are not walls: never offered", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local _, _, door = spots.locked_door(g, 0)
      assert(door, "a door beside")
      local c = t:give(0, "Destroy Wall")
      local walls = 0
      for _, a in ipairs(t:list { kind = "cast", card = c }) do
        walls = walls + 1
        t:eq(a.target.kind, "wall", a.label)
      end
      t:ok(walls > 0, "some wall in sight")
      t:ok(not t:has { kind = "cast", card = c, target = t:door(door) })
    end, rulesets = { "classic" } },
    -- (9th only: 9th, The Board: a wall that holds a door falls with it)
    { "a door falls with its wall: the line is open", function(t, g)
      local _, dir, door = stage.by_locked_door(t)
      local c = t:give(0, "Destroy Wall")
      t:cast { card = c, at = t:door(door) }
      t:eq(g:edge(door).barrier, "open")
      t:ok(t:has { kind = "move", dir = dir }, "the way through is open")
      t:eq(t:life(0), g:config().life - 2, "the falling stone hit him")
    end, rulesets = { "9th" } },
  },
}
