-- Wizard (1978) Control Person (seed L644, L305-L326): a continuing thrown Control spell; a
-- man or humanoid (a wizard, a myrmidon, a gargoyle, a giant) obeys the caster while it lasts.
return card {
  name = "Control Person", school = "iq13", kind = "thrown", energy = 3,
  duration = "continuing", targets = { "figure" },
  traits = { "control" },
  text = "A man or humanoid that fails a 3-die roll on IQ obeys you; an image or illusion vanishes. 3 ST, and 1 a turn to keep.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    -- seed L644: not animals, not dragons
    if ctx:is(id, "humanoid") then ctx:control(id) else ctx:end_casting() end
  end,
  tests = {
    { "a foe's gargoyle changes sides, and its summoner no longer keeps it", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 3)
      g:set_figure(foe, { attrs = { st = 16, iq = 16 } })
      arena.ready(t, foe)
      local s = t:give(1, "Summon Gargoyle")
      t:dice { 3, 3, 3 }
      t:act { kind = "cast", card = s, target = { cell = arena.east(2) } }
      local m = arena.figures_of(t, "gargoyle")[1].id
      arena.ready(t, me)
      -- to hit 9 (DX 12 - 2), then the gargoyle's IQ roll: 12 fails against IQ 8
      arena.cast(t, "Control Person", { figure = m }, { 3, 3, 3, 4, 4, 4 })
      t:eq(assert(g:figure(m)).controller, 0)
      t:eq(arena.lost(t, me), 3)
      t:eq(#g:play_area(1), 0, "the summoning is over")
      t:answer(0, "Control Person on B's gargoyle (1 ST)")
      t:pass(1)
      t:eq(assert(g:figure(m)).controller, 0)
    end },
    { "a wizard obeys, then goes back to his own side when the spell is let go", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 1)
      -- to hit 9 (DX 12 - 1), then the foe's IQ roll: 15 fails against IQ 11
      arena.cast(t, "Control Person", { figure = foe }, { 3, 3, 3, 5, 5, 5 })
      t:eq(assert(g:figure(foe)).controller, 0)
      t:answer(0)
      t:pass(1)
      local f = g:figure(foe)
      t:ok(f ~= nil and f.at ~= nil, "still on the board")
      t:eq(f and f.controller, 1)
    end },
    { "an IQ roll made: nothing, and 1 ST lost", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Control Person", { figure = foe }, { 3, 3, 3, 2, 2, 2 })
      t:eq(assert(g:figure(foe)).controller, 1)
      t:eq(arena.lost(t, me), 1)
      t:eq(#g:play_area(0), 0)
    end },
    { "a wolf is no person: it stays its master's", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      local wolf = arena.being(t, 1, "wolf", arena.east(2), "W")
      arena.cast(t, "Control Person", { figure = wolf }, { 3, 3, 3, 6, 6, 6 })
      t:eq(assert(g:figure(wolf)).controller, 1)
      t:eq(#g:play_area(0), 0)
      t:ok(me ~= nil)
    end },
    { "an illusion struck by it vanishes", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      local giant = g:create_figure {
        kind = "giant", owner = 1, at = arena.east(2), facing = "W",
        attrs = { st = 30, dx = 9, iq = 8, ma = 8 }, tokens = {}, vars = { being = "giant", unreal = "illusion" },
      }
      arena.cast(t, "Control Person", { figure = giant }, { 3, 3, 3 })
      t:ok(g:figure(giant) == nil)
      t:eq(arena.lost(t, me), 3)
    end },
  },
}
