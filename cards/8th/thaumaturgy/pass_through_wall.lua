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
-- The square beyond is found as classic Pass Through Wall finds it: lib/through_wall.lua.
local relocation = require("rules.relocation")
local through_wall = require("lib.through_wall")
local stage = require("test.stage")

return card {
  name = "Pass Through Wall", school = "thaumaturgy", kind = "neutral",
  range = "adjacent", duration = "instant", targets = { "wall", "wall_token" },
  text = "Step through a wall beside you just once, as if it were not there.",
  can_cast = function(ctx)
    if ctx.game:turn().vars.no_movement then return false, "no more movement this turn" end
    return ctx:may_leave_square(ctx.caster)
  end,
  can_target = through_wall.can_target,
  resolve = function(ctx)
    local s = through_wall.beyond(ctx, ctx.target.edge)
    if not s then return end
    relocation.put_wizard(ctx.game, ctx.caster, s, "pass_wall")
    ctx:moved_self()
  end,
  tests = {
    { "through a wall of his square into the one beyond, with no movement spent", function(t, g)
      local c = stage.through_wall(t)
      t:eq(g:card(c).zone.kind, "pile")
      t:eq(#t:log("move"), 1)
    end },
    { "only an inner wall beside him, never one farther off", function(t, g)
      local from, c, list = stage.pass_wall_offers(t)
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
    { "Negate Neutral cancels it: he stays", function(t, g)
      local from, n = stage.by_wall(t)
      local c = t:give(0, "Pass Through Wall")
      local nn = t:give(1, "Negate Neutral")
      t:answer(1, { card = nn })
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:player(0).at, from)
    end },
    { "not for a stunned wizard who has attacked", function(t, g)
      stage.by_wall(t)
      local c = t:give(0, "Pass Through Wall")
      g:set_turn_var("stunned", true)
      g:set_turn_var("attacked", true)
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
    -- 8th: Glossary, Wall (a token on a line is a wall) and the card (its effects are
    -- ignored): he passes a Wall of Fire and is not burnt.
    { "through a Wall of Fire, unburnt (8th: Glossary, Wall)", function(t, g)
      local wf, n = stage.cast_beside(t, "Wall of Fire", "border")
      local c = t:give(0, "Pass Through Wall")
      t:cast { card = c, at = t:wall(n.edge) }
      t:eq(g:player(0).at, n.to, "beyond the flames")
      t:eq(t:lost(0), 0, "the fire is ignored")
      t:eq(#t:log("damage"), 0)
      t:eq(g:card(wf).zone.kind, "play", "the flames still burn")
    end },
  },
}
