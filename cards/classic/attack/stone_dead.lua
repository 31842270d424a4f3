-- classic STONE DEAD (1 in the deck): an attack; the magic stones a wizard carries surge with
-- energy: magical damage equal to the number of his stones times the NUMBER played with it
-- [AF] (1 without one, classic, Combat). Every stone he carries counts, shown or in his hand
-- (rules/stones.lua: carried).
-- reconstructed: range L.O.S., like the other attacks on a wizard; the stones are counted as
-- the spell strikes; a wizard without stones takes nothing.
local stones = require("rules.stones")

return card {
  name = "Stone Dead",
  kind = "attack",
  range = "los",
  duration = "instant",
  traits = { "number_power" },
  targets = { "wizard" },
  copies = 1,
  text = "Attack: the magic stones of a wizard you can see surge: he takes magical damage equal to the number of stones he carries times the NUMBER played with this spell.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if p == nil or not ctx.game:player(p).alive then return end
    local n = #stones.carried(ctx.game, p)
    if n > 0 then ctx:damage(ctx.target, n * ctx:power(), { magical = true }) end
  end,
  tests = {
    -- (classic: a stone in the hand is carried; 9th: only a shown one, rules/stones.lua)
    { "two stones (one shown, one in the hand) with a NUMBER 3: 3 for each he carries", function(t)
      local g = t.game
      t:active(0)
      t:put(1, "Speedstone")
      t:give(1, "Powerstone")
      local c = t:give(0, "Stone Dead")
      local n = t:give(0, "NUMBER 3")
      t:place(1, g:player(0).at)
      local carried = #require("rules.stones").carried(g, 1)
      t:ok(carried >= 1, "the shown stone at least")
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 15 - 3 * carried)
      t:ok(g:turn().vars.attacked)
    end },
    { "no stones: no damage, whatever the NUMBER; the caster's own stones do not count", function(t)
      local g = t.game
      t:active(0)
      t:put(0, "Speedstone")
      local c = t:give(0, "Stone Dead")
      local n = t:give(0, "NUMBER 6")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 15)
    end },
    { "Blunt halves it: 3 stones x 1 = 3, 2 taken (2 shown in the 9th: 1 taken)", function(t)
      local g = t.game
      t:active(0)
      t:put(1, "Speedstone")
      t:put(1, "Powerstone")
      t:give(1, "Soulstone")
      local b = t:give(1, "Blunt")
      local c = t:give(0, "Stone Dead")
      t:place(1, g:player(0).at)
      t:answer(1, { card = b })
      local n = #require("rules.stones").carried(g, 1)
      t:cast { card = c, at = t:wizard(1) }
      t:eq(t:life(1), 15 - (n - n // 2))
    end },
  },
}
