-- classic REMOVE LOCK (1 in the deck): a physical action, not a spell (classic, The Cards):
-- the lock of a door beside you is taken out, and the door stays open for good, for everyone
-- (classic, The Board: the only way to jam a door open).
-- reconstructed: range taken as ADJACENT (a door of your square), like picking a lock; a lock
-- jammed with Jam Lock cannot be removed.
local spots = require("test.spots")
local doors = require("rules.doors")

return card {
  name = "Remove Lock", kind = "neutral", copies = 1,
  range = "adjacent", duration = "instant", targets = { "door" },
  traits = { "not_spell" },
  text = "Not a spell: take the lock out of a door beside you. The door stands open for good, for everyone.",
  can_target = function(ctx, t)
    local info = ctx.game:edge(t.edge)
    return info.barrier == "door" and not doors.is_jammed_open(ctx.game, t.edge) and not doors.is_sealed(ctx.game, t.edge)
  end,
  resolve = function(ctx)
    doors.jam_open(ctx.game, ctx.target.edge)
    ctx.game:after("door", { player = ctx.controller, edge = ctx.target.edge, lock_removed = true })
  end,
  tests = {
    { "the door stays open: back and forth, other turns, other wizards, and sight through it", function(t, g)
      t:active(0)
      local from, dir, e = spots.locked_door(g, 0)
      assert(from and dir and e, "a locked door")
      local c = t:give(0, "Remove Lock")
      t:cast { card = c, at = t:door(e) }
      t:eq(assert(g:edge(e).door).tags.jammed_open, true)
      t:move(dir)
      local back = { N = "S", S = "N", E = "W", W = "E" }
      t:move(back[dir])
      t:eq(g:player(0).at, from)
      t:active(1)
      t:place(1, from)
      t:ok(t:has { kind = "move", dir = dir }, "open for everyone, on later turns")
      local beyond ---@type Square?
      for _, n in ipairs(g:neighbours(from)) do if n.dir == dir then beyond = n.to end end
      assert(beyond, "the square beyond the door")
      t:ok(g:los(from, beyond), "sight through the open door")
    end },
    { "an open door is not offered again; a jammed lock resists", function(t, g)
      t:active(0)
      local _, _, e = spots.locked_door(g, 0)
      assert(e, "a locked door")
      local c = t:give(0, "Remove Lock")
      doors.seal(g, e)
      t:ok(not t:has { kind = "cast", card = c, target = t:door(e) })
      g:set_door_tag(e, "sealed", nil)
      doors.jam_open(g, e)
      t:ok(not t:has { kind = "cast", card = c, target = t:door(e) })
    end },
  },
}
