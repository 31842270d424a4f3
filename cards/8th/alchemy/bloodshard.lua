-- 8th Alchemy "Bloodshard": a trinket; each time its wielder suffers damage from a source,
-- that damage is 1 less. Damage reduced to 0 is no damage at all (8th: Canceling, Reducing,
-- and Evading Spells): no secondary effects follow.
-- reconstructed: "from a source" read as each damage event (a punch, a spell, a dart, a
-- burn), whatever its kind, attack or not.
local stones = require("rules.stones") -- (the wielder: whoever carries it)

return card {
  name = "Bloodshard", school = "alchemy", kind = "item",
  traits = { "trinket" },
  text = "Trinket. While you carry it, each damage you suffer from any one source is 1 less.",
  before_damage = function(ctx, ev)
    local p = stones.carrier(ctx.game, ctx.card)
    local t = ev.target or {}
    if p ~= nil and t.kind == "wizard" and t.player == p then ctx:lessen_damage(ev, 1) end
  end,
  tests = {
    { "carried: a Fireball deals 4 instead of 5", function(t)
      local b = t:turn_of(0, "Bloodshard")
      t:act { kind = "item", card = b }
      require("test.duel").aim(t, "Fireball", { by = 1, at = 0 })
      t:eq(t:lost(0), 4)
      local r = t:log("reduced")[1]
      t:eq(r.card, b, "the log says what took it off (for the narration)")
      t:eq(r.amount, 1)
    end },
    { "a punch of 1 does nothing", function(t)
      t:put(0, "Bloodshard")
      require("test.duel").punch(t, { by = 1, at = 0 })
      t:eq(t:lost(0), 0)
    end },
    { "it protects only its wielder, not a wizard beside him", function(t)
      t:put(0, "Bloodshard")
      require("test.duel").punch(t)
      t:eq(t:lost(1), 1)
    end },
  },
}
