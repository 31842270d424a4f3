-- 8th Mentalism "Pain Link": while it lasts, whoever hurts you with an attack takes the same
-- damage. The damage he takes is no attack (a death by it is indirect: 8th, Life, Damage, and
-- Dying), and it is not on the stack: no counter answers it.
-- reconstructed: a spell-or-counter card (the card data lists it as N/C), like Flood: cast on
-- yourself on your turn, or as a counter when you are attacked (rules/attacks.lua), and then
-- it is in play before the attack lands. It lasts as many of your turns as its energy (8th:
-- Temporary). The attacker takes what actually reached you (after reductions), with the same
-- tags (magical, physical, fire...); his own counters cannot reduce it.
local attacks = require("rules.attacks")

return card {
  name = "Pain Link", school = "mentalism", kind = "neutral", copies = 2,
  range = "caster", duration = "temporary", targets = { "self" },
  text = "Link your pain to your enemies'. While this spell lasts, any damage an attack deals you is also dealt to the attacker; that is not an attack. Cast it on yourself on your turn, or as a counter when you are attacked.",
  can_respond = function(ctx, entry) return attacks.aimed_at(ctx.game, entry, ctx.controller) end,
  on_damage = function(ctx, ev)
    local game = ctx.game
    local zone = game:card(ctx.card).zone
    if zone.kind ~= "play" then return end
    local me = zone.player -- whose play area it lies in
    local t = ev.target
    if type(t) ~= "table" or t.kind ~= "wizard" or t.player ~= me then return end
    local q = ev.caster
    if not ev.attack or q == nil or q == me or not game:player(q).alive then return end
    local tags = {}
    for k, v in pairs(ev.tags or {}) do tags[k] = v end
    ctx:damage(q, ev.amount, tags)
  end,
  tests = {
    { "cast on yourself: the next Fireball at you burns its caster too", function(t, g)
      local c = require("test.duel").aim(t, "Pain Link", { at = 0 }).card
      t:eq(g:card(c).zone.kind, "play", "a temporary spell stays in play")
      require("test.duel").aim(t, "Fireball", { by = 1, at = 0 })
      t:eq(t:lost(0), 5)
      t:eq(t:lost(1), 5, "the attacker takes the same")
    end },
    { "as a counter when attacked: the attack lands and is linked back", function(t, g)
      local link = { by = 1, at = 0, boost = "Energy 4", plays = { "Pain Link" }, answers = { "damage" } }
      local c = require("test.duel").aim(t, "Zot!", link).plays[1]
      t:eq(t:lost(0), 4)
      t:eq(t:lost(1), 4)
      t:eq(g:card(c).zone.kind, "play")
      t:eq(g:card(c).energy, 1)
    end },
    { "damage that is no attack is not linked", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      t:put(0, "Pain Link")
      local s, wall = spots.square_with_wall(g)
      assert(s and wall, "a square with an inner wall")
      t:place(0, s)
      t:place(1, wall.to)
      local d = t:turn_of(1, "Destroy Wall")
      t:cast { card = d, at = t:wall(wall.edge) }
      t:eq(t:lost(0), 2)
      t:eq(t:lost(1), 2, "only the wall's own 2: nothing linked back")
    end },
    { "it ends with its energy: the link is gone", function(t, g)
      local c = require("test.duel").aim(t, "Pain Link", { at = 0 }).card
      t:pass(2) -- player 1's turn, then player 0's Time Passes takes the last token
      t:eq(g:card(c).zone.kind, "pile")
      require("test.duel").aim(t, "Fireball", { by = 1, at = 0 })
      t:eq(t:lost(0), 5)
      t:eq(t:lost(1), 0)
    end },
    { "Negate Neutral cancels it on your turn", function(t, g)
      local c = require("test.duel").aim(t, "Pain Link", { at = 0, plays = { { "Negate Neutral", by = 1 } } }).card
      t:eq(g:card(c).zone.kind, "pile")
    end },
  },
}
