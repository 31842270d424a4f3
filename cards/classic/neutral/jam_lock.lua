-- classic JAM LOCK (1 in the deck): a physical action, not a spell (classic, The Cards).
-- reconstructed: our sources give only the name ("the door can't be opened, until
-- destroyed?"). We chose: a door beside you is jammed shut for good: no Pick Lock, Master Key
-- or Remove Lock opens it (a door whose lock was removed is shut again and jammed); only
-- breaking the door (15 points) clears the way.
local spots = require("test.spots")
local doors = require("rules.doors")

return card {
  name = "Jam Lock", kind = "neutral", copies = 1,
  range = "adjacent", duration = "instant", targets = { "door" },
  traits = { "not_spell" },
  text = "Not a spell: jam the lock of a door beside you. It is shut for good: no key, pick or other trick opens it; only breaking the door clears the way.",
  can_target = function(ctx, t)
    local info = ctx.game:edge(t.edge)
    return info.barrier == "door" and not doors.is_sealed(ctx.game, t.edge)
  end,
  resolve = function(ctx)
    local game = ctx.game
    local e = ctx.target.edge
    doors.seal(game, e)
    game:after("door", { player = ctx.controller, edge = e, jammed = true })
  end,
  tests = {
    -- (classic only: the 9th deck has no Pick Lock)
    { "a jammed door stops the Master Key and Pick Lock", function(t, g)
      t:active(0)
      local _, dir, e = spots.locked_door(g, 0)
      assert(dir and e, "a locked door")
      local j, k, p = t:give(0, "Jam Lock"), t:give(0, "Master Key"), t:give(0, "Pick Lock")
      t:act { kind = "display", card = k }
      t:ok(t:has { kind = "move", dir = dir }, "the key opens it before")
      t:cast { card = j, at = t:door(e) }
      t:eq(assert(g:edge(e).door).tags.sealed, true)
      t:ok(not t:has { kind = "move", dir = dir }, "not after")
      t:ok(not t:has { kind = "cast", card = p, target = t:door(e) })
    end, rulesets = { "classic" } },
    { "a door whose lock was removed is shut again", function(t, g)
      t:active(0)
      local _, dir, e = spots.locked_door(g, 0)
      assert(dir and e, "a locked door")
      local r, j = t:give(0, "Remove Lock"), t:give(0, "Jam Lock")
      t:cast { card = r, at = t:door(e) }
      t:ok(t:has { kind = "move", dir = dir })
      t:cast { card = j, at = t:door(e) }
      t:ok(not t:has { kind = "move", dir = dir })
    end },
    { "breaking the door (15 points) clears the way", function(t, g)
      t:active(0)
      local _, dir, e = spots.locked_door(g, 0)
      assert(dir and e, "a locked door")
      local j = t:give(0, "Jam Lock")
      t:cast { card = j, at = t:door(e) }
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 0, controller = 0 }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, { kind = "door", edge = e }, 15, { physical = true })
      t:ok(t:has { kind = "move", dir = dir })
    end },
  },
}
