-- 9th NUMBER 2 (12 in the deck): a Number (9th: Numbers), and also a spell; played as one or
-- the other, never both.
-- reconstructed: the rules say the 2s are spells too but not which spell; we give them the
-- lock-opening of classic Pick Lock, which the 9th deck leaves out, made a spell: a door
-- beside you opens and stays open while you stay beside it (9th: The Board). The count is
-- classic's. As a spell it is Pick Lock's card: lib/pick_lock.lua.
local pick_lock = require("lib.pick_lock")
local locks = require("test.locks")

return card(pick_lock.card {
  name = "NUMBER 2", copies = 12, energy = 2,
  text = "Add 2 to this turn's movement or give a spell power or duration 2; or cast it: a locked door beside you opens and stays open while you stay beside it.",
  tests = {
    { "added to the movement at the start of the turn: 3 + 2 moves", function(t)
      require("test.numbers").movement(t, "NUMBER 2", 2)
    end },
    { "cast: the door opens, stays open while he is beside it, closes as he walks away", function(t, g)
      local c, _, dir, e = locks.picked(t, "NUMBER 2")
      t:eq(g:card(c).zone.pile, "discard", "cast, not kept")
      t:eq(assert(g:edge(e).door).open, true, "open")
      t:move(dir)
      t:eq(assert(g:edge(e).door).open, true, "still open: he stands on its other side")
      local back = { N = "S", S = "N", E = "W", W = "E" }
      local away ---@type string?
      for _, a in ipairs(t:list { kind = "move" }) do
        if a.dir ~= back[dir] then away = a.dir end
      end
      assert(away, "a way on that leaves the door")
      t:move(away)
      t:eq(assert(g:edge(e).door).open, false, "closed once he left it")
    end },
    { "spent as a Number it is not cast as well", function(t, g)
      local c = t:turn_of(0, "NUMBER 2")
      t:act { kind = "boost", card = c }
      t:eq(g:card(c).zone.pile, "discard")
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
  },
})
