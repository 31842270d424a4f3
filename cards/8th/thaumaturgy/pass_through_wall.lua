-- 8th Thaumaturgy "Pass Through Wall": the caster goes through one wall, once, as if it were
-- not there.
-- 8th: Moving; A Stunned Wizard (a stunned wizard who has attacked may not leave his square:
-- ctx:may_leave_square / ctx:moved_self); Leaving the Board (outer walls are never passed,
-- and never targets).
-- reconstructed: the wall is one of the sides of the caster's square (range adjacent); the
-- spell carries him at once into the square beyond (through a rim link too), spending no
-- movement point, like Windrider (rules/relocation.lua: leave, move, enter); not into a
-- square an object fills so that nobody can enter it; the wall is left as it was.
-- 8th: Glossary, Wall: a token on a line is a wall, so a Wall of Fire is one he may pass
-- (the `wall_token` targets, rules/targets.lua); the card ignores what the wall does, and
-- the spell carries him without crossing the line step by step (its `move` has no
-- direction, rules/relocation.lua), so the flames do not burn him.
local relocation = require("rules.relocation")

local common = require("rules.common")

return card {
  name = "Pass Through Wall",
  school = "thaumaturgy",
  kind = "neutral",
  range = "adjacent",
  duration = "instant",
  targets = { "wall", "wall_token" },
  text = "Step through a wall beside you just once, as if it were not there.",
  can_cast = function(ctx)
    if ctx.game:turn().vars.no_movement then return false, "no more movement this turn" end
    return ctx:may_leave_square(ctx.caster)
  end,
  can_target = function(ctx, t)
    local s = common.across(ctx.game, t.edge, ctx.game:player(ctx.caster).at)
    return s ~= nil and not common.movement_blocked_at(ctx.game, s)
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local s = common.across(game, ctx.target.edge, game:player(p).at)
    if not s or common.movement_blocked_at(game, s) then return end
    relocation.put_wizard(game, p, s, "pass_wall")
    ctx:moved_self()
  end,
  tests = {
    { "through a wall of his square into the one beyond, with no movement spent", function(t)
      local g = t.game
      t:active(0)
      local spots = require("test.spots")
      local from, n = spots.square_with_wall(g)
      assert(from and n, "a square with an inner wall")
      t:place(0, from)
      local c = t:give(0, "Pass Through Wall")
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:player(0).at, n.to)
      t:eq(g:edge(n.edge).barrier, "wall", "the wall still stands")
      t:eq(g:card(c).zone.kind, "pile")
      t:eq(g:turn().vars.spent, nil, "no movement point spent")
      t:eq(#t:log("move"), 1)
    end },
    { "only an inner wall beside him, never one farther off", function(t)
      local g = t.game
      t:active(0)
      local from = require("test.spots").square_with_wall(g)
      t:place(0, from)
      local c = t:give(0, "Pass Through Wall")
      local list = t:list { kind = "cast", card = c }
      t:ok(#list >= 1, "the wall beside him")
      local around = g:edges_around(from)
      local function key(e) return e.x .. "," .. e.y .. "," .. e.side end
      for _, a in ipairs(list) do
        t:ok(around[key(a.target.edge)] ~= nil, "a side of his square")
        t:ok(not g:edge(a.target.edge).boundary, "never an outer wall")
      end
      local far = 0
      for _, info in ipairs(g:edges { barrier = "wall", seen_from = from }) do
        if around[key(info.edge)] == nil and not info.boundary then
          far = far + 1
          t:eq(t:count { kind = "cast", card = c, target = t:wall(info.edge) }, 0, "a wall he only sees")
        end
      end
      t:ok(far > 0, "some wall in sight farther off")
    end },
    { "Negate Neutral cancels it: he stays", function(t)
      local g = t.game
      t:active(0)
      local from, n = require("test.spots").square_with_wall(g)
      assert(from and n, "a square with an inner wall")
      t:place(0, from)
      local c = t:give(0, "Pass Through Wall")
      local nn = t:give(1, "Negate Neutral")
      t:answer(1, { card = nn })
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:player(0).at, from)
    end },
    { "not for a stunned wizard who has attacked", function(t)
      local g = t.game
      t:active(0)
      local from = require("test.spots").square_with_wall(g)
      t:place(0, from)
      local c = t:give(0, "Pass Through Wall")
      g:set_turn_var("stunned", true)
      g:set_turn_var("attacked", true)
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
    -- 8th: Glossary, Wall (a token on a line is a wall) and the card (its effects are
    -- ignored): he passes a Wall of Fire and is not burnt.
    { "through a Wall of Fire, unburnt (8th: Glossary, Wall)", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local at = spots.roomy_square(g)
      t:place(0, at)
      local n = spots.free_square(g, at)
      assert(n, "a free square beside him")
      local wf = t:give(0, "Wall of Fire")
      t:cast { card = wf, at = t:border(n.edge) }
      local c = t:give(0, "Pass Through Wall")
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:player(0).at, n.to, "beyond the flames")
      t:eq(t:lost(0), 0, "the fire is ignored")
      t:eq(#t:log("damage"), 0)
      t:eq(g:card(wf).zone.kind, "play", "the flames still burn")
    end },
  },
}
