-- 9th THROWING STAR (2 in the deck): a normal object, carried in the hand. The 9th rules name
-- it twice: among the objects that can be thrown, a LOS attack whose token lands on the
-- target's square even on a miss, or a square back toward the thrower when the target fills
-- its square like a Thornbush (9th: Throwing Objects); and as physical damage (9th: Attacks).
-- Throwing is no spell: counters that stop spells do not answer it. Terrain takes hits from
-- any attack (9th: Objects (Terrain)), so walls, doors and terrain are targets too.
-- reconstructed: the card text is not in our sources. We chose 2 physical points (a lighter
-- blade than the Dagger's 3), range LOS and a count of 2; where it lands is the rules' own
-- (classic `play.landing`, as for the Dagger).
-- Its blow is shared with the Dagger and the Large Rocks: lib/thrown.lua.
local thrown = require("lib.thrown")

return card(thrown.object(2, {
  name = "Throwing Star", copies = 2,
  targets = { "wizard", "wall", "door", "object" },
  text = "Object. Throw it as your attack at a wizard, wall, door or terrain you can see: 2 points of physical damage. It lands in the target's square, or a square short of a wall, door or anything filling its square.",
  tests = {
    { "thrown two squares: 2 physical points, the turn's attack; it lies in the target's square", function(t)
      require("test.duel").thrown_lands(t, "Throwing Star", 2)
    end },
    { "at a Thornbush: 2 of its 5 hits, and it falls a square back toward the thrower", function(t, g)
      local at, mid = require("test.duel").apart(t)
      local b = t:give(1, "Thornbush")
      t:active(1)
      t:cast { card = b, at = t:square(mid) }
      local bush = g:objects_at(mid)[1]
      local s = t:turn_of(0, "Throwing Star")
      t:throw { card = s, at = t:object(bush.id) }
      t:eq(assert(g:object(bush.id)).damage, 2)
      t:eq(g:objects_at(at)[1].card, s, "bounced back into the thrower's square")
    end },
    { "Blunt halves it to 1", function(t)
      require("test.duel").aim(t, "Throwing Star", { plays = { "Blunt" }, throw = true })
      t:eq(t:life(1), 14)
    end },
  },
}))
