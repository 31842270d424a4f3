-- Wizard (1978) Flight (seed L640): a continuing thrown spell; its subject flies at MA 12,
-- harder to hit (-4) but clumsy in the air (-2 on its own attacks and spells).
return card {
  name = "Flight", school = "iq13", kind = "thrown", energy = 3,
  duration = "continuing", targets = { "figure" },
  traits = { "helpful" },
  text = "The subject takes to the air at MA 12: attacks on it are at -4 DX, its own at -2. 3 ST, and 1 a turn to keep.",
  -- seed L300: one at a time on a figure
  resolve = function(ctx) ctx:enchant_once { flying = true } end,
  tests = {
    { "the subject flies at MA 12 and is 4 harder to hit", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Flight", { figure = me }, { 2, 2, 2 })
      t:eq(arena.lost(t, me), 3, "3 ST to cast")
      t:eq(F.ma(g, me), 12)
      -- the foe's staff: DX 12 - 4 = 8; a 9 misses
      arena.ready(t, foe)
      t:dice { 3, 3, 3 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 3, "missed")
    end },
    { "the subject flies over a foe, and the foe on the ground does not hold him", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local M = require("rules.movement")
      local me, foe = arena.duel(t, 1)
      local function reaches(cell)
        for _, r in ipairs((M.reach(g, assert(g:figure(me)), 2))) do
          if r.cell.q == cell.q and r.cell.r == cell.r then return true end
        end
        return false
      end
      t:ok(F.engaged(g, assert(g:figure(me))), "on foot, engaged")
      t:ok(not reaches(arena.east(2)), "on foot, not past him in 2")
      arena.enchant(t, 0, "Flight", me, { flying = true })
      t:ok(not F.engaged(g, assert(g:figure(me))), "aloft, free")
      t:ok(reaches(arena.east(2)), "over him")
      t:ok(not reaches(arena.east(1)), "but not onto him")
      arena.enchant(t, 1, "Flight", foe, { flying = true })
      t:ok(F.engaged(g, assert(g:figure(me))), "a flyer engages a flyer")
    end },
    { "aloft, he may make for a hex where a foe he cannot see stands: he stops short, and it shows", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local wolf = arena.being(t, 1, "wolf", arena.east(2), "W")
      arena.enchant(t, 1, "Invisibility", wolf, { invisible = true })
      arena.enchant(t, 0, "Flight", me, { flying = true })
      t:active(0, "movement")
      local to = arena.east(2)
      t:answer(0, to.q .. "," .. to.r)
      t:answer(0, "E")
      t:dice { 1, 1, 1, 1, 1, 1, 1 }
      t:act { kind = "option", figure = me, letter = "a" }
      local at = arena.at(t, me)
      t:eq({ at.q, at.r }, { arena.east(1).q, arena.east(1).r }, "stopped short of the wolf")
      t:eq(#t:log("bumped"), 1)
    end },
    { "a second Flight on the same figure does nothing more", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Flight", { figure = me }, { 2, 2, 2 })
      arena.ready(t, me)
      arena.cast(t, "Flight", { figure = me }, { 2, 2, 2 })
      t:eq(#arena.spells_on(t, me), 1)
    end },
    { "not kept, the subject lands", function(t, g)
      local arena = require("test.arena")
      local F = require("rules.figures")
      local me = arena.duel(t)
      arena.cast(t, "Flight", { figure = me }, { 2, 2, 2 })
      t:answer(0)
      t:pass(1)
      t:eq(#arena.spells_on(t, me), 0)
      t:eq(F.ma(g, me), 10)
    end },
  },
}
