-- Wizard (1978) Break Weapon (seed L633, L442): a thrown spell that shatters the weapon or
-- staff in a figure's hand: a broken staff is useless, a broken weapon does half damage, 3 ST.
return card {
  name = "Break Weapon", school = "iq12", kind = "thrown", energy = 3,
  duration = "instant", targets = { "figure" },
  text = "Shatters the staff or weapon in the victim's hand: a broken staff is useless, a broken weapon does half damage. Teeth and fists are not weapons. 3 ST.",
  resolve = function(ctx)
    local id = assert(ctx:victim())
    local f = assert(ctx:figure(id))
    if ctx:is(id, "wizard") then
      if f.tokens.staff == 1 then ctx.game:set_figure(id, { tokens = { staff = 3 } }) end
      return
    end
    -- a being that bears a weapon is one with bare hands to fall back on (myrmidon, giant);
    -- one dropped (2) is in no hand, one broken (3) is broken already
    ---@type {hands?: table}?
    local being = ctx.game:config().beings[f.vars.being or f.kind]
    if being and being.hands and (f.tokens.weapon or 1) == 1 then
      ctx.game:set_figure(id, { tokens = { weapon = 3 } })
    end
  end,
  tests = {
    { "the foe's staff breaks: he has nothing to strike with", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Break Weapon", { figure = foe }, { 3, 3, 3 })
      t:eq(assert(g:figure(foe)).tokens.staff, 3)
      t:eq(arena.lost(t, me), 3)
      arena.ready(t, foe)
      t:ok(not t:has { kind = "attack" })
    end },
    { "a myrmidon's broken sword does half damage", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      local myrmidon = arena.being(t, 1, "myrmidon", arena.east(1), "W")
      arena.cast(t, "Break Weapon", { figure = myrmidon }, { 3, 3, 3 })
      t:eq(assert(g:figure(myrmidon)).tokens.weapon, 3)
      arena.ready(t, myrmidon)
      t:dice { 3, 3, 3, 6, 5 }
      t:act { kind = "attack", target = me }
      t:eq(arena.lost(t, me), 3 + 5, "11 halved, rounded down")
    end },
    { "a wolf has no weapon to break", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 3)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W")
      arena.cast(t, "Break Weapon", { figure = wolf }, { 3, 3, 3 })
      t:ok(not assert(g:figure(wolf)).tokens.weapon)
      t:eq(arena.lost(t, me), 3)
    end },
    { "a staff lying on the floor is out of reach", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t)
      g:set_figure(foe, { tokens = { staff = 2 } })
      arena.cast(t, "Break Weapon", { figure = foe }, { 3, 3, 3 })
      t:eq(assert(g:figure(foe)).tokens.staff, 2)
    end },
  },
}
