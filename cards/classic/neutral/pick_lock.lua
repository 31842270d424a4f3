-- classic PICK LOCK (4 in the deck): a physical action, not a spell (classic, The Cards), so
-- nothing counteracts it: the lock of a door of your square gives way and the door stands
-- open: you may go through it, or cast a spell through it without passing yourself; it locks
-- itself again once you have gone through (classic, The Board) [AF].
-- reconstructed: a door you picked but did not go through relocks at the end of your turn;
-- a jammed lock (Jam Lock) cannot be picked.
-- The card is the 9th's NUMBER 2 cast as a spell too: lib/pick_lock.lua.
local spots = require("test.spots")
local doors = require("rules.doors")
local stage = require("test.stage")
local pick_lock = require("lib.pick_lock")
local locks = require("test.locks")

return card(pick_lock.card {
  name = "Pick Lock", copies = 4,
  traits = { "not_spell" },
  text = "Not a spell: pick the lock of a door beside you. It stands open this turn: go through it, or cast spells through it. It locks again once you have gone through, or when your turn ends.",
  tests = {
    { "through once; the door relocks behind", function(t, g)
      local c, from, dir, e = locks.picked(t, "Pick Lock")
      t:eq(g:card(c).zone.pile, "discard")
      t:move(dir)
      t:ok(not (t:at(0).x == from.x and t:at(0).y == from.y), "went through")
      local back = { N = "S", S = "N", E = "W", W = "E" }
      t:ok(not t:has { kind = "move", dir = back[dir] }, "relocked behind him")
      t:eq(g:edge(e).barrier, "door")
      t:eq(assert(g:edge(e).door).open, false)
    end },
    { "a spell is cast through the open door; not gone through, it relocks when the turn ends", function(t, g)
      local from, dir, e = stage.by_locked_door(t)
      t:place(1, spots.beyond(g, from, dir))
      local f = t:give(0, "Fireball")
      t:ok(not t:has { kind = "cast", card = f, target = t:wizard(1) }, "no sight through the locked door")
      local c = t:give(0, "Pick Lock")
      t:cast { card = c, at = t:door(e) }
      t:eq(assert(g:edge(e).door).open, true, "picked: it stands open")
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:life(1), 10, "the fireball went through the open door")
      t:eq(g:player(0).at, from, "without passing himself")
      t:pass(1)
      t:eq(assert(g:edge(e).door).open, false, "relocked at the end of the turn")
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:place(0, from)
      t:ok(not t:has { kind = "move", dir = dir }, "locked on his next turn")
    end },
    { "a jammed lock cannot be picked; doors only, beside you", function(t, g)
      t:active(0)
      local _, _, e = spots.locked_door(g, 0)
      assert(e, "a locked door")
      local c = t:give(0, "Pick Lock")
      for _, a in ipairs(t:list { kind = "cast", card = c }) do t:eq(a.target.kind, "door", a.label) end
      t:ok(t:has { kind = "cast", card = c, target = t:door(e) }, "the door beside is offered")
      doors.seal(g, e)
      t:ok(not t:has { kind = "cast", card = c, target = t:door(e) }, "jammed")
    end },
  },
})
