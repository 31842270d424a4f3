-- classic WALL OF FIRE (1 in the deck): a wall of flame on an empty line between two squares
-- in sight. A firewall is a fixed object (classic, Objects): it blocks sight, so nothing is
-- cast or attacked through it (classic, Combat); whoever walks through it is burnt, and that
-- is magical damage (classic, Combat names the firewall among magical damage).
-- reconstructed: our sources say only "a fire wall on an edge that damages whoever passes".
-- We chose: it lasts the NUMBER in its caster's turns (1 without); crossing it costs 3
-- magical fire points (indirect damage: Absorb or Blunt may answer it); being moved by magic
-- across it does not burn.
local BURN = 3

-- Did a step from `from` in direction `dir` cross the edge `e`?
local function crossed(game, from, dir, e)
  for _, n in ipairs(game:neighbours(from)) do
    if n.dir == dir then
      local c = game:edge(n.edge).edge
      return c.x == e.x and c.y == e.y and c.side == e.side
    end
  end
  return false
end

-- The flames stand on their line as the 9th's Wall of Shadow does: lib/sight_wall.lua.
local sight_wall = require("lib.sight_wall")
local stage = require("test.stage")

return card {
  name = "Wall of Fire", kind = "neutral", copies = 1,
  range = "los", duration = "duration", targets = { "border" },
  traits = { "creation", "fire" },
  text = "A wall of flame rises on an empty line between two squares you can see, for a NUMBER of your turns. It blocks sight; whoever walks through it takes 3 points of magical fire damage.",
  resolve = function(ctx) sight_wall.raise(ctx, "firewall") end,
  on_move = function(ctx, ev)
    local game = ctx.game
    if ev.magic or not ev.dir or not game:player(ev.wizard).alive then return end
    for _, id in ipairs(game:card_data(ctx.card, "objects") or {}) do
      local o = game:object(id)
      if o and o.at and o.at.side and crossed(game, ev.from, ev.dir, o.at) then
        ctx:damage(ev.wizard, BURN, { magical = true, fire = true })
      end
    end
  end,
  tests = {
    { "it blocks sight but not steps; crossing it burns 3", function(t, g)
      local c, n, at = stage.cast_beside(t, "Wall of Fire", "border")
      t:eq(g:card(c).zone.kind, "play")
      t:ok(not g:los(at, n.to), "no sight through the flames")
      t:ok(t:has { kind = "move", dir = n.dir }, "it can be walked through")
      t:move(n.dir)
      t:eq(t:life(0), 12)
      t:eq(g:edge(n.edge).barrier, "open", "no wall: flames only")
    end },
    -- (classic only: the 9th counts durations down at the end of the caster's turns, from his next one: its scenarios test that)
    { "it lasts the NUMBER in its caster's turns, then the flames are gone", function(t, g)
      local at, n = stage.roomy(t)
      local c, num = t:give(0, "Wall of Fire"), t:give(0, "NUMBER 2")
      t:cast { card = c, at = t:border(n.edge), boost = num }
      t:eq(g:card(c).energy, 2)
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(#g:edge(n.edge).obstacles, 1, "still burning after one of his turns")
      t:pass(2)
      t:eq(#g:edge(n.edge).obstacles, 0, "gone at the start of his second turn")
      t:eq(g:card(c).zone.pile, "discard")
      t:ok(g:los(at --[[@as Square]], n.to))
    end, rulesets = { "classic" } },
    { "a wizard moved across it by magic is not burnt; no second firewall on the same line", function(t, g)
      local _, n = stage.roomy(t)
      local c, c2 = t:give(0, "Wall of Fire"), t:give(0, "Wall of Fire")
      t:cast { card = c, at = t:border(n.edge) }
      t:ok(not t:has { kind = "cast", card = c2, target = t:border(n.edge) })
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 0, controller = 0 }, { __index = H }) --[[@as Ctx]]
      H.move_wizard(ctx, 0, n.to)
      t:eq(t:life(0), 15)
    end },
  },
}
