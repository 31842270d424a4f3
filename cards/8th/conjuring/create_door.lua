-- 8th Conjuring "Create Door": a door appears in a stone wall or on an empty border line.
-- It is locked for everyone but its caster, for whom it opens like a door of his home
-- sector (8th: Doors: its `owner` tag, rules/doors.lua); if he stands beside it he may hold
-- it open at once.
-- reconstructed: range line of sight; a creation, gone with its spell (8th: Creating
-- Objects); a "stone wall" is a printed inner wall (not an outer one, not a created one):
-- when the spell ends the wall stands again, as printed; a door broken by 3 cracks ends the
-- spell and leaves the line open (8th: Damaging and Destroying Objects).
local doors = require("rules.doors")
-- 8th: Changing the Map; Glossary, Wall: a line holding a wall token (a Wall of Fire) is no
-- empty border line, nor a stone wall.
local empty_border = require("rules.borders").empty_border

local function stone_wall(info)
  return info.barrier == "wall" and info.printed == "wall" and info.created_by == nil and not info.boundary
end

local spots = require("test.spots")
local stage = require("test.stage")

-- For the tests: player 0, active, on a roomy square (stage.roomy) with an open border.
---@param t T
---@return Square at
---@return spots.Side border
local function by_open_border(t)
  local at = stage.roomy(t)
  local n = assert(spots.open_border(t.game, at), "an open border beside the square")
  return at, n
end

return card {
  name = "Create Door", school = "conjuring", kind = "neutral", energy = 2,
  range = "los", duration = "permanent", targets = { "wall", "border" },
  traits = { "creation" },
  text = "Make a door in a stone wall or on an empty border line you can see. It is locked for everyone but you; if you stand beside it you may hold it open as it appears.",
  can_target = function(ctx, t)
    local info = ctx.game:edge(t.edge)
    if t.kind == "wall" then return stone_wall(info) end
    return empty_border(ctx.game, info.edge)
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local info = game:edge(ctx.target.edge)
    local e = info.edge
    if info.barrier == "wall" then
      ctx.data.was_wall = true
      game:destroy_barrier(e)
    end
    game:create_barrier(e, true, ctx.card) -- (its maker: found again by ctx:walls_made)
    game:set_card_data(ctx.card, "made_walls", true)
    game:after("object_created", { edge = e, card = ctx.card, door = true })
    game:set_door_tag(e, "owner", p)
    if doors.beside(game, p, e) then
      local k = ctx:choose(p, "hold", "Hold the new door open?", { { key = "hold" }, { key = "shut" } }, { pass = "shut" })
      if k == "hold" then doors.hold(game, p, e) end
    end
  end,
  on_end = function(ctx)
    local made = ctx:walls_made()
    if ctx.data.was_wall and #made > 0 then ctx.game:restore_edge(made[1]) end
  end,
  tests = {
    { "a door on an open border: its caster passes, another wizard does not", function(t, g)
      local at, n = by_open_border(t)
      local c = t:give(0, "Create Door")
      t:answer(0, "shut")
      t:cast { card = c, at = t:border(n.edge) }
      t:eq(g:edge(n.edge).barrier, "door")
      t:ok(t:has { kind = "move", dir = n.dir }, "the caster goes through his door")
      t:active(1)
      t:place(1, at)
      t:ok(not t:has { kind = "move", dir = n.dir }, "locked for others")
    end },
    { "in a stone wall; when the spell ends the wall is back", function(t, g)
      t:active(0)
      local at, w ---@type Square?, spots.Side?
      for _, s in ipairs(g:squares()) do
        local x = spots.wall(g, s)
        if not at and x and x.info.printed == "wall" and x.info.created_by == nil then at, w = s, x end
      end
      assert(w, "a printed inner wall")
      t:place(0, at)
      local c = t:give(0, "Create Door")
      t:answer(0, "shut")
      t:cast { card = c, at = t:wall(w.edge) }
      t:eq(g:edge(w.edge).barrier, "door")
      t:ok(t:has { kind = "move", dir = w.dir })
      t:act { kind = "end_spell", card = c }
      t:eq(g:edge(w.edge).barrier, "wall")
    end },
    { "held open as it appears: anyone may pass", function(t)
      local at, n = by_open_border(t)
      local c = t:give(0, "Create Door")
      t:answer(0, "hold")
      t:cast { card = c, at = t:border(n.edge) }
      t:active(1)
      t:place(1, at)
      t:ok(t:has { kind = "move", dir = n.dir }, "held open")
    end },
    { "not on an outer wall", function(t, g)
      require("test.offers").each(t, "Create Door", function(a)
        t:ok(not g:edge(a.target.edge).boundary, a.label)
      end)
    end },
    -- 8th: Changing the Map and Glossary, Wall: a Wall of Fire is a wall on its line, so the
    -- line is no empty border (nor a stone wall).
    { "not on a line holding a Wall of Fire (8th: Changing the Map; Glossary, Wall)", function(t)
      local _, n = by_open_border(t)
      local c = t:give(0, "Create Door")
      t:eq(t:count { kind = "cast", card = c, target = t:border(n.edge) }, 1, "offered while the line is empty")
      t:cast { card = t:give(0, "Wall of Fire"), at = t:border(n.edge) }
      t:eq(t:count { kind = "cast", card = c, target = { edge = n.edge } }, 0, "not on the flames")
    end },
  },
}
