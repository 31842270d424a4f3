-- 8th Alchemy "Stone Dead": an attack; a glittering beam deals magical damage equal to the
-- spell's energy plus the number of magic stones the target wizard carries
-- (rules/stones.lua).
-- reconstructed: range line of sight (the icon was not read); the stones are counted as the
-- beam strikes.
local stones = require("rules.stones")

return card {
  -- energy: its energy value, spent as a boost (cast unboosted, its energy is 1)
  name = "Stone Dead", school = "alchemy", kind = "attack", energy = 3,
  range = "los", duration = "instant", targets = { "wizard" },
  text = "Strike a wizard you can see with a glittering beam: magical damage equal to this spell's energy plus the number of magic stones he carries.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if p == nil then return end
    ctx:damage(ctx.target, ctx.energy + stones.count(ctx.game, p), { magical = true })
  end,
  tests = {
    { "energy 1 at a wizard with no stones: 1", function(t, g)
      require("test.duel").aim(t, "Stone Dead")
      t:eq(t:lost(1), 1)
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "boosted with Energy 5 at a wizard carrying two stones: 7, less the Bloodshard", function(t)
      for _, item in ipairs({ "Speedstone", "Lifestone", "Bloodshard" }) do t:put(1, item) end
      require("test.duel").aim(t, "Stone Dead", { boost = "Energy 5" })
      t:eq(t:lost(1), 6, "5 + 2 stones (a trinket is no stone), 1 off for the Bloodshard")
    end },
    { "the caster's own stones do not count; Full Shield cancels it", function(t)
      t:put(0, "Speedstone")
      local c = require("test.duel").aim(t, "Stone Dead", { plays = { "Full Shield" } }).card
      t:eq(t:lost(1), 0)
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
  },
}
