-- Wizard (1978) Invisibility (seed L627, L388): a thrown spell; its subject leaves the map to
-- the others' eyes, -6 DX to attacks on it, 3 ST and 1 a turn. It unmakes an image or illusion.
return card {
  name = "Invisibility", school = "iq12", kind = "thrown", energy = 3,
  duration = "continuing", targets = { "figure" },
  traits = { "helpful" },
  text = "The subject vanishes from sight: foes cannot aim spells at it, and strike at it at -6 DX. Cast on an image or illusion, it unmakes it. 3 ST, and 1 a turn to keep.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    -- seed L388: an image or illusion made invisible is destroyed
    if ctx:is(id, "unreal") then
      ctx:vanish(id, "made invisible")
      ctx:end_casting()
      return
    end
    -- seed L300: one at a time on a figure; off the others' map while no enemy stands next to
    -- it (the rules' hidden movement)
    ctx:enchant_once { invisible = true }
  end,
  tests = {
    { "the foe can no longer aim a spell at the subject", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Invisibility", { figure = me }, { 3, 3, 3 })
      t:ok(assert(g:figure(me)).unseen)
      t:eq(arena.lost(t, me), 3)
      arena.ready(t, foe)
      t:give(1, "Magic Fist")
      t:ok(not t:has { kind = "cast", target = { figure = me } })
    end },
    { "seen again when not kept", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Invisibility", { figure = me }, { 3, 3, 3 })
      t:answer(0, "Invisibility on A (1 ST)")
      t:pass(1)
      t:ok(assert(g:figure(me)).unseen, "kept")
      t:eq(arena.lost(t, me), 4)
      t:answer(0)
      t:pass(1)
      t:ok(not assert(g:figure(me)).unseen)
      t:eq(#arena.spells_on(t, me), 0)
    end },
    { "a foe may cast blind into the hex he hopes the subject is in, at -6", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.enchant(t, 1, "Invisibility", foe, { invisible = true })
      local trip = t:give(0, "Trip")
      t:ok(not t:has { kind = "cast", card = trip, target = { figure = foe } }, "not aimed at him")
      t:ok(t:has { kind = "guess", card = trip }, "but cast blind")
      local at = arena.east(2)
      t:answer(0, at.q .. "," .. at.r)
      t:dice { 1, 2, 2 }
      t:act { kind = "guess", figure = me, card = trip }
      t:eq(t:log("to_hit")[1].need, 12 - 2 - 6, "DX 12, 2 hexes away, -6 for not seeing")
      t:eq(assert(g:figure(foe)).tokens.down, 1, "he was there: it works")
      t:eq(arena.lost(t, me), 2)
    end },
    { "cast blind into an empty hex, it finds nothing and costs 1 ST", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.cast_blind(t, "Trip", arena.east(3), { 1, 2, 2 })
      t:eq(t:log("to_hit")[1].need, 12 - 3 - 6, "rolled as it would be at him")
      t:eq(#t:log("nothing_there"), 1)
      t:eq(assert(g:figure(foe)).tokens.down, nil)
      t:eq(arena.lost(t, me), 1)
    end },
    { "the other seat is not told where the subject walks", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.enchant(t, 1, "Invisibility", foe, { invisible = true })
      g:set_figure(foe, { at = arena.east(3) })
      g:after("move", { figure = foe, from = arena.east(2), to = arena.east(3), hexes = 1 })
      t:eq(#t:log("move"), 1, "the referee's log")
      t:eq(#t:log("move", 1), 1, "its own seat's")
      t:eq(#t:log("move", 0), 0, "not the other seat's")
    end },
    { "an illusion vanishes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W", "illusion")
      arena.cast(t, "Invisibility", { figure = wolf }, { 3, 3, 3 })
      t:ok(g:figure(wolf) == nil)
    end },
  },
}
