-- Wizard (1978) Drop Weapon (seed L573): a thrown spell, the victim drops what it holds in
-- hand: a wizard his staff, a myrmidon or giant its weapon.
return card {
  name = "Drop Weapon", school = "iq8", kind = "thrown", energy = 1,
  duration = "instant", targets = { "figure" },
  text = "The victim lets fall what it holds: a staff, a sword, a club (never teeth or claws). 1 ST, 2 if its basic ST is 20 or more.",
  -- the dearer cost is the victim's: the caster must have it before he casts (seed L59)
  cost = function(ctx, target)
    local f = target.figure and ctx:figure(target.figure)
    if f and f.attrs.st >= 20 then return 2 end
    return 1
  end,
  resolve = function(ctx)
    local id = assert(ctx:victim())
    local f = assert(ctx:figure(id))
    if ctx:is(id, "wizard") then
      -- a staff in hand (1) falls; none, dropped or broken: nothing happens
      if (f.tokens.staff or 0) == 1 then ctx.game:set_figure(id, { tokens = { staff = 2 } }) end
    else
      -- seed L416: a myrmidon's or giant's weapon is ready unless dropped (2) or broken (3);
      -- a being with no bare hands to fall back on ([config.beings] `hands`: wolf, bear,
      -- gargoyle, dragons) fights with its own teeth, claws or fists: nothing to drop
      ---@type table<string, {hands?: table}>
      local beings = ctx.game:config().beings
      local being = f.vars.being and beings[f.vars.being]
      if being and being.hands and (f.tokens.weapon or 1) == 1 then ctx.game:set_figure(id, { tokens = { weapon = 2 } }) end
    end
  end,
  tests = {
    { "the foe's staff falls", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Drop Weapon", { figure = foe }, { 3, 3, 3 })
      t:eq(assert(g:figure(foe)).tokens.staff, 2)
      t:eq(arena.lost(t, me), 1)
      arena.ready(t, foe)
      t:ok(not t:has { kind = "attack" }, "unarmed, he cannot strike")
    end },
    { "a miss leaves the staff in hand", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 1)
      arena.cast(t, "Drop Weapon", { figure = foe }, { 6, 5, 1 })
      t:eq(assert(g:figure(foe)).tokens.staff, 1)
      t:eq(arena.lost(t, me), 1)
    end },
    { "a giant drops its club, for 2 ST", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      local giant = g:create_figure {
        kind = "giant", owner = 1, at = arena.east(2), facing = "W",
        attrs = { st = 30, dx = 9, iq = 8, ma = 8 }, tokens = {}, vars = { being = "giant" },
      }
      arena.cast(t, "Drop Weapon", { figure = giant }, { 3, 3, 3 })
      t:eq(assert(g:figure(giant)).tokens.weapon, 2)
      t:eq(arena.lost(t, me), 2)
    end },
    { "a wolf has nothing to drop", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 4)
      local wolf = arena.being(t, 1, "wolf", arena.east(1), "W")
      arena.cast(t, "Drop Weapon", { figure = wolf }, { 3, 3, 3 })
      t:eq(assert(g:figure(wolf)).tokens.weapon, nil)
    end },
  },
}
