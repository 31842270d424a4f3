-- Wizard (1978) Slippery Floor (seed L648): a thrown spell, secret protection, on a megahex;
-- a figure there or stepping in must roll its DX on 3 dice or fall.
return card {
  name = "Slippery Floor", school = "iq13", kind = "thrown", energy = 3,
  -- reconstructed: the seed gives it no end; it stays, as the barriers do (L331)
  duration = "lasting",
  traits = { "secret_protection" },
  targets = { "megahex" },
  text = "Seven hexes round a centre turn slick: whoever stands or steps there rolls 3 dice against DX or falls. 3 ST.",
  resolve = function(ctx)
    local cells = ctx:circle(assert(ctx:target_cell()))
    ctx:fill("slippery", cells)
    -- the figures already there (images and illusions too) roll now
    for _, id in ipairs(ctx:figures_in(cells)) do
      if not ctx:saving_roll(id, "dx") then ctx:knock_down(id) end
    end
  end,
  tests = {
    { "seven slick hexes; a figure there that misses its roll falls", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t, 2)
      -- to hit 9 (DX 12 - 2 to the centre), then the foe's DX roll: 18
      arena.cast(t, "Slippery Floor", { cell = arena.east(2) }, { 3, 3, 3, 6, 6, 6 })
      local n = 0
      for _, c in ipairs(g:disc(arena.east(2), 1)) do
        for _, o in ipairs(g:objects_at(c)) do
          if o.kind == "slippery" then n = n + 1 end
        end
      end
      t:eq(n, 7)
      t:eq(assert(g:figure(foe)).tokens.down, 1)
      t:eq(arena.lost(t, me), 3)
    end },
    { "a roll made, it stays up; the caster outside rolls nothing", function(t, g)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "Slippery Floor", { cell = arena.east(2) }, { 3, 3, 3, 2, 2, 2 })
      t:eq(assert(g:figure(foe)).tokens.down, nil)
      t:eq(#g:objects_at(arena.middle), 0)
    end },
    { "a secret, and it lasts", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 4)
      arena.cast(t, "Slippery Floor", { cell = arena.east(2) }, { 3, 3, 3 })
      local c = g:play_area(0)[1]
      t:ok(not g:sees(1, c))
      t:pass(2)
      t:eq(#g:objects_at(arena.east(2)), 1)
    end },
  },
}
