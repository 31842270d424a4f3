-- classic BUDDY (1 in the deck): a neutral spell making friends with another wizard: he may
-- not attack you (no spell aimed at you, no punch, no throw) for as long as you do not attack
-- him [AF]. Cast on an opponent it is your attack, and he may counteract it (classic, The
-- Cards: a NEUTRAL used on an opponent). It stays in play before you (permanent) until you
-- attack him (any attack aimed at him, even one he stops), or one of you dies. The rules
-- read the friendship from his player var `buddies` (rules/targets.lua: spares).
-- reconstructed: range L.O.S. ([AF]'s spells need sight unless they say otherwise).
local function set_friend(game, p, q, on)
  local list = {}
  for _, x in ipairs(game:player(p).vars.buddies or {}) do
    if x ~= q then list[#list + 1] = x end
  end
  if on then list[#list + 1] = q end
  game:set_player_var(p, "buddies", #list > 0 and list or nil)
end

local function friend_of(ctx)
  local me = ctx.game:card(ctx.card)
  local t = me.target
  if me.zone.kind ~= "play" or type(t) ~= "table" or t.kind ~= "wizard" then return nil end
  return t.player
end

local duel = require("test.duel")

return card {
  name = "Buddy", kind = "neutral", copies = 1,
  range = "los", duration = "permanent", targets = { "wizard" },
  text = "Make friends with a wizard you can see: he cannot attack you until you attack him. Used on an opponent, it is your attack.",
  can_target = function(ctx, t) return t.kind == "wizard" and t.player ~= ctx.caster end,
  resolve = function(ctx)
    local p = ctx:target_player()
    if p == nil or p == ctx.caster or not ctx.game:player(p).alive then return end
    set_friend(ctx.game, p, ctx.caster, true)
  end,
  on_attack = function(ctx, ev)
    local q = friend_of(ctx)
    local t = ev.target
    if q ~= nil and ev.attacker == ctx.controller and type(t) == "table" and t.kind == "wizard" and t.player == q then
      ctx:end_spell(ctx.card)
    end
  end,
  on_death = function(ctx, ev)
    local q = friend_of(ctx)
    if q ~= nil and ev.player == q then ctx:end_spell(ctx.card) end
  end,
  on_end = function(ctx)
    local t = ctx.game:card(ctx.card).target
    if type(t) == "table" and t.kind == "wizard" and ctx.controller ~= nil then
      set_friend(ctx.game, t.player, ctx.controller, false)
    end
  end,
  tests = {
    { "befriended: he can neither cast at, punch nor throw at the caster", function(t, g)
      local b = duel.aim(t, "Buddy").card
      t:eq(g:card(b).zone.kind, "play")
      t:ok(g:turn().vars.attacked, "on an opponent it is the attack")
      local f, r = t:turn_of(1, "Fireball", "Large Rock")
      t:ok(not t:has { kind = "cast", card = f, target = t:wizard(0) }, "no Fireball at his friend")
      t:ok(not t:has { kind = "punch", target = t:wizard(0) }, "no punch")
      t:ok(not t:has { kind = "throw", card = r, target = t:wizard(0) }, "no throw")
    end },
    { "the caster attacks him: the friendship is over", function(t, g)
      local b = duel.aim(t, "Buddy").card
      t:active(0)
      t:punch(t:wizard(1))
      t:eq(g:card(b).zone.pile, "discard")
      t:active(1)
      t:ok(t:has { kind = "punch", target = t:wizard(0) }, "free to hit back")
    end },
    { "Full Shield refuses the friendship", function(t, g)
      local b = duel.aim(t, "Buddy", { plays = { "Full Shield" } }).card
      t:eq(g:card(b).zone.pile, "discard")
      t:active(1)
      t:ok(t:has { kind = "punch", target = t:wizard(0) })
    end },
  },
}
