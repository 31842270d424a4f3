-- classic SHADOWSTONE (1 in the deck): a magic stone; once displayed, all the physical damage
-- its holder deals is added to his own life [AF] (no upper limit, classic, Starting the Game).
-- reconstructed: only damage dealt to wizards counts (a wall or a thornbush has no life to
-- take), and only what was really dealt (after counteractions).
local stones = require("rules.stones")
local duel = require("test.duel")
local stone_out = require("test.stone_out")

return card {
  name = "Shadowstone", kind = "stone", copies = 1,
  traits = { "magic_stone" },
  text = "Magic stone. Power: while you show it, every point of physical damage you deal to a wizard is added to your own life.",
  on_damage = function(ctx, ev)
    local p = stones.carrier(ctx.game, ctx.card)
    local t = ev.target or {}
    if p == nil or ev.caster ~= p or t.kind ~= "wizard" or t.player == p then return end
    if not (ev.tags or {}).physical or (ev.amount or 0) <= 0 then return end
    if ctx.game:player(p).alive then ctx:heal(p, ev.amount) end
  end,
  tests = {
    { "shown: a punch takes 1 from him and gives it to you", function(t)
      stone_out.facing(t, "Shadowstone", "display")
      t:punch(t:wizard(1))
      t:eq(t:life(1), 14)
      t:eq(t:life(0), 16)
    end },
    { "a thrown Large Rock, blunted: only the points dealt are gained", function(t)
      t:put(0, "Shadowstone")
      duel.aim(t, "Large Rock", { throw = true, plays = { "Blunt" } })
      local lost = 15 - t:life(1)
      t:ok(lost > 0, "the rock hurt")
      t:eq(t:life(0), 15 + lost)
    end },
    { "magical damage gives nothing; nor does the stone in the hand", function(t)
      t:put(0, "Shadowstone")
      duel.aim(t, "Fireball")
      t:eq(t:life(1), 10)
      t:eq(t:life(0), 15)
      t:active(1)
      t:give(1, "Shadowstone")
      t:punch(t:wizard(0))
      t:eq(t:life(1), 10, "not displayed")
    end },
  },
}
