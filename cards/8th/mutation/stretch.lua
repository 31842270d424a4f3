-- 8th Mutation "Stretch": the wizard's arm stretches out. Within reach he may do one thing: pick
-- up an item or a treasure (at the usual cost: 1 MP for an item, and a treasure ends his Move
-- and Cast phase), put something he carries down in a square, or punch a wizard (his attack).
-- 8th: Picking Up and Dropping Objects / Treasures; Punching (the punch's damage is his form's,
-- rules/play.lua); Attacking (one attack a turn).
-- reconstructed: "within reach" is taken as line of sight; the spell is neutral, but aimed at
-- a wizard it is the punch and so the turn's attack (offered only when he may attack, never
-- at a wizard who cannot be attacked): casting it then spends the attack; the answer to it is
-- that of a neutral spell (Negate Neutral), not of an attack.
local common = require("rules.common")
local effects = require("rules.effects")
local movement = require("rules.movement")
local targets = require("rules.targets")

local function may_attack(game, p, q)
  local tv = game:turn().vars
  if tv.attacked or tv.first_turn or (tv.stunned and tv.moved) then return false end
  return not effects.has(game, p, "no_attacks") and not effects.has(game, q, "unattackable")
end

-- What the caster may do at square s: pick up an item (with a point left) or a treasure (if
-- he carries none), or put down something he carries.
---@return Option[]
local function choices(ctx, s)
  local game, p = ctx.game, ctx.caster
  local out = {}
  local tv = game:turn().vars
  for _, o in ipairs(game:objects_at(s)) do
    if o.kind == "treasure" then
      if not common.carried_treasure(game, p) and not tv.no_treasure_pickup then
        out[#out + 1] = { label = "pick up " .. targets.object_name(game, o), treasure = o.id }
      end
    elseif o.mobile and o.card and movement.left(game) >= 1 then
      out[#out + 1] = { label = "pick up " .. targets.object_name(game, o), object = o.id }
    end
  end
  for _, what in ipairs(ctx:carried(p)) do
    out[#out + 1] = { label = "put down " .. what.label, put = what.treasure or what.card, treasure = what.treasure and true or nil }
  end
  return out
end

return card {
  name = "Stretch", school = "mutation", kind = "neutral", copies = 2, energy = 2,
  range = "los", duration = "instant", targets = { "wizard", "square" },
  text = "Stretch your arm to a place you can see and do one thing there: pick up an item or a treasure (paying as usual; a treasure ends your movement), put down something you carry, or punch a wizard as your attack.",
  can_target = function(ctx, t)
    local game = ctx.game
    if t.kind == "wizard" then return may_attack(game, ctx.caster, t.player) end
    return #choices(ctx, t.at) > 0
  end,
  -- Aimed at a wizard, casting it is the turn's attack (even if it is then cancelled).
  before_cast = function(ctx, ev)
    local t = ev.target
    if ev.card == ctx.card and type(t) == "table" and t.kind == "wizard" then
      ctx.game:set_turn_var("attacked", true)
    end
  end,
  resolve = function(ctx)
    local game, p, t = ctx.game, ctx.caster, ctx.target
    if t.kind == "wizard" then
      ctx.attack = true
      ctx:damage(t, require("rules.play").punch_damage(game, p), { physical = true })
      return
    end
    local opts = choices(ctx, t.at)
    if #opts == 0 then return end
    local _, i = ctx:choose(p, "stretch", "Stretch: what do you do there?", opts)
    local o = opts[i]
    if o.put then
      if o.treasure then
        if common.drop_treasure(game, p, o.put) then game:set_object(o.put, { at = t.at }) end
      else
        common.drop_object(game, p, o.put, t.at)
      end
    elseif o.treasure then
      if game:before("pick_up", { player = p, object = o.treasure, treasure = true }) then
        game:set_object(o.treasure, { carried_by = p })
        game:after("pick_up", { player = p, object = o.treasure, treasure = true })
        game:end_phase()
      end
    else
      local obj = game:object(o.object)
      if obj and obj.card and game:before("pick_up", { player = p, object = obj.id, card = obj.card }) then
        movement.spend(game, 1)
        game:remove_object(obj.id)
        game:move_card(obj.card, { kind = "play", player = p })
        game:set_card(obj.card, { controller = p })
        game:call_card(obj.card, "on_play", { controller = p, caster = p })
        game:after("pick_up", { player = p, object = obj.id, card = obj.card })
        common.discard_to_limit(game, p)
      end
    end
  end,
  tests = {
    { "a punch from afar: 1 damage, the turn's attack", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local s = spots.roomy_square(g)
      local _, line = spots.line(g, s, 2)
      assert(line, "a straight line")
      t:place(0, s)
      t:place(1, line[2])
      local st = t:give(0, "Stretch")
      t:cast { card = st, at = t:wizard(1) }
      t:eq(t:lost(1), 1)
      t:ok(g:turn().vars.attacked)
      t:eq(t:count { kind = "punch" }, 0)
    end },
    { "picks up a rock two squares away for 1 MP", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local s = spots.roomy_square(g)
      local _, line = spots.line(g, s, 2)
      assert(line, "a straight line")
      t:place(0, line[2])
      local r = t:put(0, "Large Rock")
      t:act { kind = "drop_item", card = r }
      t:place(0, s)
      local st = t:give(0, "Stretch")
      t:cast { card = st, at = t:square(line[2]) }
      t:eq(g:card(r).zone.kind, "play")
      t:eq(g:card(r).zone.player, 0)
      t:eq(g:turn().vars.spent, 1)
      t:ok(not g:turn().vars.attacked, "not an attack")
    end },
    { "puts the carried treasure down in a square he sees", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local s = spots.roomy_square(g)
      local _, line = spots.line(g, s, 2)
      assert(line, "a straight line")
      t:place(0, s)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "treasure" and o.owner == 1 and not tr then tr = o end end
      assert(tr, "a treasure of player 1")
      g:set_object(tr.id, { carried_by = 0 })
      local st = t:give(0, "Stretch")
      t:cast { card = st, at = t:square(line[2]) }
      t:eq(assert(g:object(tr.id)).at, line[2])
      t:eq(assert(g:object(tr.id)).carried_by, nil)
    end },
    { "no punch once the attack is spent; Negate Neutral cancels it", function(t, g)
      local st = t:turn_of(0, "Stretch")
      t:place(1, g:player(0).at)
      t:punch(t:wizard(1))
      t:eq(t:count { kind = "cast", card = st, target = t:wizard(1) }, 0, "attack spent")
      t:active(0)
      local nn = t:give(1, "Negate Neutral")
      t:answer(1, { card = nn })
      t:cast { card = st, at = t:wizard(1) }
      t:eq(t:lost(1), 1, "only the first punch hurt")
      t:ok(g:turn().vars.attacked, "a cancelled attack still counts")
    end },
  },
}
