-- Wizard (1978) Control Animal (seed L610, L312-L322): a thrown control spell; a real animal
-- that fails its IQ roll obeys the caster while he keeps it up, 2 ST and 1 a turn.
return card {
  name = "Control Animal", school = "iq11", kind = "thrown", energy = 2,
  duration = "continuing", targets = { "figure" },
  traits = { "control" },
  text = "An animal (a wolf, a bear) that fails a roll against its IQ obeys you; an image or illusion of one vanishes. 2 ST, and 1 a turn to keep.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    -- seed L610: no power over humanoids (wizards among them) or dragons
    if ctx:is(id, "animal") then ctx:control(id) else ctx:end_casting() end
  end,
  tests = {
    { "a wolf that fails its roll changes sides", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W")
      arena.cast(t, "Control Animal", { figure = wolf }, { 3, 3, 3, 4, 4, 4 })
      t:eq(assert(g:figure(wolf)).controller, 0)
      t:eq(arena.lost(t, me), 2)
    end },
    { "a wolf that makes its IQ roll resists: 1 ST", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W")
      arena.cast(t, "Control Animal", { figure = wolf }, { 3, 3, 3, 1, 1, 2 })
      t:eq(assert(g:figure(wolf)).controller, 1)
      t:eq(arena.lost(t, me), 1)
    end },
    { "no power over a wizard", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      arena.cast(t, "Control Animal", { figure = foe }, { 3, 3, 3, 6, 6, 6 })
      t:eq(assert(g:figure(foe)).controller, 1)
      t:eq(#arena.spells_on(t, foe), 0)
    end },
    { "an illusion of a wolf vanishes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W", "illusion")
      arena.cast(t, "Control Animal", { figure = wolf }, { 3, 3, 3 })
      t:ok(g:figure(wolf) == nil)
    end },
    { "a summoned wolf taken over goes when the spell is not kept", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      -- the foe summons a wolf
      arena.ready(t, foe)
      local c = t:give(1, "Summon Wolf")
      t:dice { 3, 4, 4 }
      t:act { kind = "cast", card = c, target = { cell = arena.east(1) } }
      local wolf = arena.figures_of(t, "wolf")[1].id
      local summoning = assert(g:figure(wolf)).vars.spell
      arena.ready(t, me)
      arena.cast(t, "Control Animal", { figure = wolf }, { 3, 3, 3, 6, 6, 6 })
      t:eq(g:card(summoning).zone.kind, "removed", "its summoner no longer keeps it")
      t:answer(0, "Control Animal on B's wolf (1 ST)")
      t:pass(1)
      t:eq(assert(g:figure(wolf)).controller, 0, "kept")
      t:eq(arena.lost(t, me), 3)
      t:eq(arena.lost(t, foe), 2, "he pays no more for it")
      t:answer(0)
      t:pass(1)
      t:ok(g:figure(wolf) == nil, "gone")
    end },
    { "control changes hands", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "Summon Wolf", { cell = arena.east(1) }, { 3, 4, 4 })
      local wolf = arena.figures_of(t, "wolf")[1].id
      arena.ready(t, foe)
      local c = t:give(1, "Control Animal")
      t:dice { 3, 3, 3, 6, 6, 6 }
      t:act { kind = "cast", card = c, target = { figure = wolf } }
      t:eq(assert(g:figure(wolf)).controller, 1)
      t:answer(1, "Control Animal on A's wolf (1 ST)")
      t:pass(1)
      arena.ready(t, me)
      arena.cast(t, "Control Animal", { figure = wolf }, { 3, 3, 3, 6, 6, 6 })
      t:eq(assert(g:figure(wolf)).controller, 0)
      t:eq(arena.lost(t, foe), 3, "2, and 1 to keep it a turn")
    end },
  },
}
