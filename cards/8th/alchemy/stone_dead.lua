-- 8th Alchemy "Stone Dead": an attack; a glittering beam deals magical damage equal to the
-- spell's energy plus the number of magic stones the target wizard carries
-- (rules/stones.lua). Energy value 3.
-- reconstructed: range line of sight (the icon was not read); the stones are counted as the
-- beam strikes.
local stones = require("rules.stones")

return card {
  name = "Stone Dead",
  school = "alchemy",
  kind = "attack",
  range = "los",
  duration = "instant",
  targets = { "wizard" },
  energy = 3,
  text = "Strike a wizard you can see with a glittering beam: magical damage equal to this spell's energy plus the number of magic stones he carries.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if p == nil then return end
    ctx:damage(ctx.target, ctx.energy + stones.count(ctx.game, p), { magical = true })
  end,
  tests = {
    { "energy 1 at a wizard with no stones: 1", function(t)
      local g = t.game
      t:active(0)
      local c = t:give(0, "Stone Dead")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "boosted with Energy 5 at a wizard carrying two stones: 7, less the Bloodshard", function(t)
      local g = t.game
      t:active(0)
      local c, e = t:give(0, "Stone Dead"), t:give(0, "Energy 5")
      t:put(1, "Speedstone")
      t:put(1, "Lifestone")
      t:put(1, "Bloodshard")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1), boost = e }
      t:eq(t:lost(1), 6, "5 + 2 stones (a trinket is no stone), 1 off for the Bloodshard")
    end },
    { "the caster's own stones do not count; Full Shield cancels it", function(t)
      local g = t.game
      t:active(0)
      local c = t:give(0, "Stone Dead")
      t:put(0, "Speedstone")
      local s = t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(t:lost(1), 0)
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
  },
}
