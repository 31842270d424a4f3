-- 8th Alchemy "Acid Bath": a curse. While the spell lasts (temporary: its energy tokens,
-- 8th: Magic Card Duration), its target suffers 2 magical damage in each of the caster's
-- Time Passes phases (the rulebook's example of a temporary spell: cast with energy 4, it
-- burns four times, the first in the caster's next Time Passes). Only the cast is the
-- caster's attack: the later burns are not attacks (a death by them is indirect: 8th, Life,
-- Damage, and Dying). Water damage to the target washes the acid off: the spell ends.
-- reconstructed: range line of sight; "affected by a Water spell" read as suffering damage
-- tagged water; the acid burns before the token is removed, so energy n gives n burns.
local function same_target(a, b)
  if type(a) ~= "table" or type(b) ~= "table" or a.kind ~= b.kind then return false end
  if a.kind == "wizard" then return a.player == b.player end
  return a.id ~= nil and a.id == b.id
end

local duel = require("test.duel")
local curses = require("test.curses")

return card {
  name = "Acid Bath", school = "alchemy", kind = "attack", copies = 2,
  range = "los", duration = "temporary", targets = { "wizard", "creature" },
  traits = { "curse" },
  text = "Drench a wizard or creature you can see in acid: while this spell lasts it suffers 2 magical damage in each of your Time Passes phases. Only the casting is your attack. Water damage to it washes the acid off and ends the spell.",
  on_time_passes = function(ctx, ev)
    local game, t = ctx.game, ctx.target
    if ev.player ~= ctx.controller or type(t) ~= "table" then return end
    if t.kind == "wizard" and not game:player(t.player).alive then ctx:end_spell(ctx.card) return end
    if t.kind == "creature" then
      local o = game:object(t.id)
      if not (o and o.id) then ctx:end_spell(ctx.card) return end
    end
    ctx.stack = false
    ctx:damage(t, 2, { magical = true })
  end,
  on_damage = function(ctx, ev)
    if (ev.tags or {}).water and same_target(ev.target, ctx.target)
        and ctx.game:card(ctx.card).zone.kind == "play" then
      ctx:end_spell(ctx.card)
    end
  end,
  tests = {
    { "energy 2: 2 damage in each of the caster's next two Time Passes, then it ends", function(t, g)
      local a = curses.laid(t, "Acid Bath", { boost = "Stone Spikes" })
      t:eq(t:lost(1), 0, "nothing as it is cast")
      t:pass(1)
      t:eq(t:lost(1), 0, "nothing in the target's own turn")
      t:pass(1)
      t:eq(g:turn().active, 0)
      t:eq(t:lost(1), 2)
      t:ok(not g:turn().vars.attacked, "the burn is no attack: the caster may still attack")
      t:pass(2)
      t:eq(t:lost(1), 4)
      t:eq(g:card(a).zone.kind, "pile", "two tokens spent: the spell is over")
      t:pass(2)
      t:eq(t:lost(1), 4)
    end },
    { "water damage to the target washes it off", function(t, g)
      local a = duel.aim(t, "Acid Bath").card
      local H = require("rules.ctx")
      local ctx = setmetatable({ game = g, caster = 0, controller = 0, stack = false }, { __index = H }) --[[@as Ctx]]
      H.damage(ctx, t:wizard(1), 1, { magical = true, water = true })
      t:eq(t:lost(1), 1)
      t:eq(g:card(a).zone.kind, "pile")
      t:pass(2)
      t:eq(t:lost(1), 1, "no more acid")
    end },
    { "Full Shield cancels it", function(t) curses.shielded(t, "Acid Bath") end },
  },
}
