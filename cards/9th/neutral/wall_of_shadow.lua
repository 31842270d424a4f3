-- 9th WALL OF SHADOW (1 in the deck): a Neutral spell that darkens a line between two squares.
-- The 9th rules know it only as a terrain marker (9th: Components); walls of every kind stand
-- on the lines between squares (9th: Objects (Creating)).
-- reconstructed: everything but the name and the marker. We chose: an empty line in sight
-- (LOS, like the other walls) turns to shadow for as many of its caster's turns as the Number
-- played with it (1 without; counted as every duration is, 9th: Keeping Track of Spell
-- Duration: down at the end of each of his turns from his next one); sight does not cross it,
-- wizards walk through it unharmed. Like the Wall of Fire it has no hits to take (an edge
-- obstacle, not a wall); Dispel Creation ends it early. Count: 1 (README, part 3).
-- The line is raised as classic Wall of Fire's is: lib/sight_wall.lua.
local sight_wall = require("lib.sight_wall")
local stage = require("test.stage")

return card {
  name = "Wall of Shadow", kind = "neutral", copies = 1,
  range = "los", duration = "duration", targets = { "border" },
  traits = { "creation" },
  text = "Shadow fills an empty line between two squares you can see, for as many of your turns as the Number. Nobody sees across it; anybody may walk through it.",
  resolve = function(ctx) sight_wall.raise(ctx, "shadow_wall") end,
  tests = {
    { "sight does not cross it, a step does, unharmed", function(t, g)
      local _, n, at = stage.cast_beside(t, "Wall of Shadow", "border")
      t:eq(#g:edge(n.edge).obstacles, 1, "the shadow lies on the line")
      t:ok(not g:los(at, n.to), "no sight across it")
      t:eq(g:edge(n.edge).barrier, "open", "no wall")
      t:move(n.dir)
      t:eq(g:player(0).at, n.to, "walked through")
      t:eq(t:life(0), 15, "unharmed")
    end },
    { "a NUMBER 2: counted down at the end of his turns from his next; gone after the second", function(t, g)
      local at, n = stage.roomy(t)
      local e, mid = n.edge, n.to
      local c, num = t:give(0, "Wall of Shadow"), t:give(0, "NUMBER 2")
      t:cast { card = c, at = t:border(e), boost = num }
      t:pass(1)
      t:eq({ g:turn().active, g:card(c).energy }, { 1, 2 }, "the turn it was cast in does not count")
      t:pass(2)
      t:eq({ g:turn().active, g:card(c).energy }, { 1, 1 }, "1 left after his next turn")
      t:ok(not g:los(at, mid), "still dark")
      t:pass(2)
      t:eq(g:card(c).zone.pile, "discard", "ended after the one after")
      t:eq(#g:edge(e).obstacles, 0)
      t:ok(g:los(at, mid), "sight crosses the line again")
    end },
  },
}
