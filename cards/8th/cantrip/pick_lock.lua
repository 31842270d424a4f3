-- 8th Cantrip "Pick Lock": a mundane spell; the caster may go through one locked door once.
-- reconstructed: range taken as adjacent (a door of the caster's square); the pass lasts
-- until the caster goes through or the turn ends. While he holds the pass he may hold the
-- door open for others (rulesets/8th/doors.lua).
local doors = require("rules.doors")

-- For the tests: a square, a direction and an inner door player 0 can't pass that way.
local function locked_door(t)
  local g = t.game
  for _, s in ipairs(g:squares()) do
    for _, n in ipairs(g:neighbours(s)) do
      local info = g:edge(n.edge)
      if not n.link and info.barrier == "door" and not info.boundary then
        t:place(0, s)
        if not t:has { kind = "move", dir = n.dir } then return s, n.dir, info.edge end
      end
    end
  end
end

return card {
  -- copies: reconstructed: the White Cantrip deck is 24 cards of these 12 (8th: Setup, step 4)
  name = "Pick Lock", school = "cantrip", kind = "neutral", copies = 2, energy = 3,
  range = "adjacent", duration = "instant", targets = { "door" },
  traits = { "mundane" },
  text = "Mundane (no counter can stop it). Open the lock of a door beside you: you may go through it once this turn, then it locks again.",
  -- (a closed door not sealed shut: rules/doors.lua, shared with Master Key)
  can_target = function(ctx, t) return doors.unlockable(ctx.game, t.edge) end,
  resolve = function(ctx) ctx:grant_door_pass(ctx.target.edge) end,
  tests = {
    { "the caster goes through the door once; it relocks behind him", function(t, g)
      t:active(0)
      local from, dir, e = locked_door(t)
      t:ok(e, "a door locked for player 0")
      t:place(0, from)
      t:ok(not t:has { kind = "move", dir = dir }, "locked before")
      local c = t:give(0, "Pick Lock")
      t:give(1, "Negate Neutral") -- mundane: no respond request comes
      t:cast { card = c, at = t:door(e) }
      t:eq(g:card(c).zone.kind, "pile")
      t:move(dir)
      t:ok(not (t:at(0).x == from.x and t:at(0).y == from.y), "went through")
      local back = { N = "S", S = "N", E = "W", W = "E" }
      t:ok(not t:has { kind = "move", dir = back[dir] }, "relocked")
      t:eq(g:edge(e).barrier, "door", "the door is still there")
      t:eq(#t:log("door"), 1)
    end },
    { "the pass does not outlast the turn", function(t, g)
      t:active(0)
      local from, dir, e = locked_door(t)
      t:place(0, from)
      local c = t:give(0, "Pick Lock")
      t:cast { card = c, at = t:door(e) }
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:ok(not t:has { kind = "move", dir = dir }, "locked again")
    end },
  },
}
