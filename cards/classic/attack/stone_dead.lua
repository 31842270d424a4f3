-- classic STONE DEAD (1 in the deck): an attack; the magic stones a wizard carries surge with
-- energy: magical damage equal to the number of his stones times the NUMBER played with it
-- [AF] (1 without one, classic, Combat). Every stone he carries counts, shown or in his hand
-- (rules/stones.lua: carried).
-- reconstructed: range L.O.S., like the other attacks on a wizard; the stones are counted as
-- the spell strikes; a wizard without stones takes nothing.
local stones = require("rules.stones")
local at_wizard = require("lib.at_wizard")
local duel = require("test.duel")

-- Each stone p carries surges for the NUMBER's points.
---@param ctx Ctx
---@param p integer
local function surge(ctx, p)
  local n = #stones.carried(ctx.game, p)
  if n > 0 then ctx:damage(ctx.target, n * ctx:power(), { magical = true }) end
end

return card(at_wizard.card({
  name = "Stone Dead", kind = "attack", copies = 1,
  traits = { "number_power" },
  text = "Attack: the magic stones of a wizard you can see surge: he takes magical damage equal to the number of stones he carries times the NUMBER played with this spell.",
  tests = {
    -- (classic: a stone in the hand is carried; 9th: only a shown one, rules/stones.lua)
    { "two stones (one shown, one in the hand) with a NUMBER 3: 3 for each he carries", function(t, g)
      t:put(1, "Speedstone")
      t:give(1, "Powerstone")
      local carried = #stones.carried(g, 1)
      t:ok(carried >= 1, "the shown stone at least")
      duel.aim(t, "Stone Dead", { boost = "NUMBER 3" })
      t:eq(t:life(1), 15 - 3 * carried)
      t:ok(g:turn().vars.attacked)
    end },
    { "no stones: no damage, whatever the NUMBER; the caster's own stones do not count", function(t)
      t:put(0, "Speedstone")
      duel.aim(t, "Stone Dead", { boost = "NUMBER 6" })
      t:eq(t:life(1), 15)
    end },
    { "Blunt halves it: 3 stones x 1 = 3, 2 taken (2 shown in the 9th: 1 taken)", function(t, g)
      t:put(1, "Speedstone")
      t:put(1, "Powerstone")
      t:give(1, "Soulstone")
      local n = #stones.carried(g, 1)
      duel.aim(t, "Stone Dead", { plays = { "Blunt" } })
      t:eq(t:life(1), 15 - (n - n // 2))
    end },
  },
}, surge))
