-- Wizard (1978) Invisibility (seed L627, L388): a thrown spell; its subject leaves the map to
-- the others' eyes, -6 DX to attacks on it, 3 ST and 1 a turn. It unmakes an image or illusion.
return card {
  name = "Invisibility",
  school = "iq12",
  kind = "thrown",
  energy = 3,
  duration = "continuing",
  traits = { "helpful" },
  targets = { "figure" },
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
    { "the foe can no longer aim a spell at the subject", function(t)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Invisibility", { figure = me }, { 3, 3, 3 })
      t:ok(assert(t.game:figure(me)).unseen)
      t:eq(arena.lost(t, me), 3)
      arena.ready(t, foe)
      t:give(1, "Magic Fist")
      t:ok(not t:has { kind = "cast", target = { figure = me } })
    end },
    { "seen again when not kept", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "Invisibility", { figure = me }, { 3, 3, 3 })
      t:answer(0, "Invisibility on A (1 ST)")
      t:pass(1)
      t:ok(assert(t.game:figure(me)).unseen, "kept")
      t:eq(arena.lost(t, me), 4)
      t:answer(0)
      t:pass(1)
      t:ok(not assert(t.game:figure(me)).unseen)
      t:eq(#arena.spells_on(t, me), 0)
    end },
    { "an illusion vanishes", function(t)
      local arena = require("test.arena")
      arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W", "illusion")
      arena.cast(t, "Invisibility", { figure = wolf }, { 3, 3, 3 })
      t:ok(t.game:figure(wolf) == nil)
    end },
  },
}
