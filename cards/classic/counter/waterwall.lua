-- classic WATERWALL (1 in the deck): a wall of water rises on a line and at once collapses,
-- pushing the wizards near it away; 1 point for each square a wizard cannot be pushed [AF:
-- the NUMBER is how far]. AF makes it both a neutral spell and a counteraction.
-- reconstructed: as a neutral spell, on an empty line in sight (its centre: classic, The
-- Cards): each wizard in the two squares beside the line is pushed straight away from it as
-- many squares as the NUMBER (1 without); each square a wall or anything else stops him costs
-- him 1 point (physical, water: indirect damage, which Absorb or Blunt may answer). As a
-- counteraction against a spell or thrown object aimed at you: the water rises in its way and
-- it misses (classic, Combat: a spell that misses does nothing); then it takes no NUMBER.
-- The behaviour is shared with the 9th's Wall of Water: lib/water_wall.lua.
local water = require("lib.water_wall")
local duel = require("test.duel")
local pushed = require("test.pushed")

return card(water.card {
  name = "Waterwall", copies = 1,
  text = "A wall of water on an empty line you can see collapses at once: each wizard beside it is pushed straight away a NUMBER of squares, taking 1 point for each square he is stopped. Counteraction: a spell or thrown object aimed at you breaks on the water and misses.",
  tests = {
    { "a wizard beside the line is pushed away NUMBER squares", function(t)
      pushed.both(t, "Waterwall", 2, 2, "NUMBER 2")
      t:eq(t:life(1), 15)
    end },
    { "against a wall: 1 point per square not moved", function(t)
      local _, at, _, to = pushed.both(t, "Waterwall", 3, 0, "NUMBER 3")
      t:eq(t:life(1), 12)
      t:eq(t:life(0), 12, "the caster is not spared")
      t:eq(to, at, "not moved")
    end },
    { "as a counteraction a Fireball misses; Anti-Anti undoes that", function(t)
      duel.aim(t, "Fireball", { plays = { "Waterwall" } })
      t:eq(t:life(1), 15)
      local f2, aa = t:turn_of(0, "Fireball", "Anti-Anti")
      local w2 = t:give(1, "Waterwall")
      t:answer(1, { card = w2 })
      t:answer(0, { card = aa })
      t:cast { card = f2, at = t:wizard(1) }
      t:eq(t:life(1), 10)
    end },
    { "only empty lines, not walls", function(t)
      require("test.offers").each(t, "Waterwall", function(a) t:eq(a.target.kind, "border", a.label) end)
    end },
  },
})
