-- Wizard (1978) 3-Hex Fire (seed L635, L590): a creation, magic fire in up to 3 connected
-- hexes; whoever is in one when it appears takes 2 hits, 2 ST.
return card {
  name = "3-Hex Fire", school = "iq12", kind = "creation", energy = 2,
  duration = "lasting", targets = { "hex" },
  text = "Magic fire fills up to 3 connected hexes: 2 hits to a figure there as it appears or passing through, 4 to one stopping in it. 2 ST.",
  resolve = function(ctx)
    local cells = ctx:connected(3, function(c) return ctx:creation_hex(c) and not ctx:filled_by(c, "wall") end)
    ctx:fill("fire", cells)
    -- seed L590: 2 hits on a figure in a hex as the fire appears there
    for _, id in ipairs(ctx:figures_in(cells)) do ctx:hit(id, 2, { fire = true }) end
  end,
  tests = {
    { "fire in three hexes burns the foe in one", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 3, 3, 3 }, { "2,8", "1,7" })
      local n = 0
      for _, c in ipairs({ arena.east(1), arena.east(2), { q = 1, r = 7 } }) do
        if g:objects_at(c)[1] and g:objects_at(c)[1].kind == "fire" then n = n + 1 end
      end
      t:eq(n, 3)
      t:eq(arena.lost(t, foe), 2, "caught in the fire")
      t:eq(arena.lost(t, me), 2)
    end },
    { "fewer hexes if the caster likes", function(t, g)
      local arena = require("test.arena")
      arena.duel(t)
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 3, 3, 3 }, { "done" })
      t:eq(#g:objects_at(arena.east(1)), 1)
      t:eq(#g:objects_at(arena.east(2)), 0)
    end },
    { "a bear's armour takes 2 off", function(t)
      local arena = require("test.arena")
      arena.duel(t, 3)
      local bear = arena.being(t, 1, "bear", arena.east(1), "W")
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 3, 3, 3 }, { "done" })
      t:eq(arena.lost(t, bear), 0)
    end },
    { "a miss makes no fire", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      arena.cast(t, "3-Hex Fire", { cell = arena.east(1) }, { 6, 6, 6 })
      t:eq(#g:objects_at(arena.east(1)), 0)
      t:eq(arena.lost(t, me), 2, "an 18 costs it all")
      t:eq(assert(g:figure(me)).tokens.down, 1, "and knocks the caster down")
    end },
  },
}
