-- Wizard (1978) 7-Hex Fire (seed L691, after Fire L590): a creation, magic flame in up to
-- seven connected hexes; a figure in them when it flares takes 2 hits (armour counts). 4 ST.
-- reconstructed: the first hex is where creations may appear (L329); the others need only join
-- it, one by one, on hexes in play with no wall (L405). A figure standing in several of the
-- hexes (a giant, a dragon) takes its 2 hits once.
return card {
  name = "7-Hex Fire", school = "iq16", kind = "creation", energy = 4,
  duration = "lasting", targets = { "hex" },
  text = "Magic flame fills up to seven connected hexes: 2 hits to whoever stands in them as it flares, 2 to pass through, 4 to stop in. 4 ST.",
  resolve = function(ctx)
    local cells = ctx:connected(7, function(c)
      return not ctx:filled_by(c, "wall") and not ctx:filled_by(c, "fire")
    end)
    ctx:fill("fire", cells)
    for _, id in ipairs(ctx:figures_in(cells)) do ctx:hit(id, 2, { fire = true }) end
  end,
  tests = {
    { "fire in the hexes chosen; the foe in one takes 2 hits", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "7-Hex Fire", { cell = arena.east(2) }, { 3, 4, 4 }, { "3,8", "done" })
      t:eq(g:objects_at(arena.east(2))[1].kind, "fire")
      t:eq(g:objects_at(arena.east(3))[1].kind, "fire")
      t:eq(#g:objects(), 2)
      t:eq(arena.lost(t, foe), 2)
      t:eq(arena.lost(t, me), 4)
    end },
    { "a giant in three of the hexes is burnt once", function(t, g)
      local arena = require("test.arena")
      arena.duel(t, 6)
      local giant = arena.being(t, 1, "giant", arena.east(2), "W")
      local cells = assert(g:figure(giant)).cells
      local keys = {}
      for i = 2, #cells do keys[#keys + 1] = cells[i].q .. "," .. cells[i].r end
      keys[#keys + 1] = "done"
      arena.cast(t, "7-Hex Fire", { cell = cells[1] }, { 3, 4, 4 }, keys)
      t:eq(#g:objects(), 3)
      t:eq(arena.lost(t, giant), 2)
    end },
    { "a miss: no fire, 1 ST", function(t, g)
      local arena = require("test.arena")
      local me, foe = arena.duel(t)
      arena.cast(t, "7-Hex Fire", { cell = arena.east(2) }, { 6, 6, 4 })
      t:eq(#g:objects(), 0)
      t:eq(arena.lost(t, foe), 0)
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
