-- 8th Thaumaturgy "Wizardblade": a weapon. Its bearer may attack with it, channelling a Magic
-- card into the blade: he discards one card with an energy value, and the blade deals that
-- much magical damage to an object, wizard or creature. Against objects every point of its
-- damage is a crack (not every 3: rulesets/8th/damage.lua, tag `crack_per_point`).
-- 8th: Card Traits, Weapon (an item that may be used to attack); Attacking (the turn's one
-- attack, answered like any: rulesets/8th/card_actions.lua); Damaging and Destroying Objects.
-- reconstructed: a blade reaches what a punch reaches: its bearer's own square and the
-- squares adjacent to it, and the walls and doors of his square; the card is chosen and
-- discarded as the attack is declared, so a cancelled or evaded blow still spends it (as
-- energy cards go with a cancelled spell: 8th, Canceling, Reducing, and Evading Spells); the
-- card's printed energy value is what it is worth.
local common = require("rules.common")

-- The cards of p's hand worth something to the blade.
local function charges(game, p)
  local out = {}
  for _, c in ipairs(game:hand(p)) do
    local v = game:card(c).energy_value
    if v ~= nil and v > 0 then out[#out + 1] = c end
  end
  return out
end

return card {
  name = "Wizardblade", school = "thaumaturgy", kind = "item",
  traits = { "weapon" },
  text = "Weapon. As your attack, strike an object, wizard or creature within reach and discard a Magic card: the blow deals magical damage equal to that card's energy value, and against objects each point of it is a crack.",
  actions = {
    strike = {
      run = function(ctx)
        if ctx.list then
          if #charges(ctx.game, ctx.controller) == 0 then return {} end
          local out = {}
          for _, t in ipairs(ctx:targets_of({ "wizard", "object", "creature" }, "adjacent")) do
            if not (t.kind == "wizard" and t.player == ctx.controller) then
              out[#out + 1] = { label = t.label, target = t, attack = true }
            end
          end
          return out
        end
        local charge = ctx.data.charge or 0
        ctx.data.charge = nil
        if charge > 0 then ctx:damage(ctx.target, charge, { magical = true, crack_per_point = true }) end
      end,
    },
  },
  -- The blow is declared: the bearer picks the card he channels into the blade, and discards it.
  before_attack = function(ctx, ev)
    if ev.card ~= ctx.card or ev.action ~= "strike" then return nil end
    local game, p = ctx.game, ev.attacker
    local list = charges(game, p)
    ctx.data.charge = nil
    if #list == 0 then return nil end
    local opts = {} ---@type Option[]
    for _, c in ipairs(list) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name, card = c }
    end
    local _, i = ctx:choose(p, "discard", "Wizardblade: which card do you channel?", opts)
    local c = opts[i].card
    ctx.data.charge = game:card(c).energy_value
    common.discard(game, c)
    return nil
  end,
  tests = {
    { "channelling Energy 5 into the blade deals 5 to a wizard in reach", function(t, g)
      t:active(0)
      g:set_player_var(0, "had_turn", true)
      local b = t:put(0, "Wizardblade")
      g:set_card(b, { controller = 0 })
      local e = t:give(0, "8th/elemental/energy_5")
      local aa = t:give(0, "Anti-Anti") -- worth 3: the bearer picks between them
      t:place(1, g:player(0).at)
      t:answer(0, { card = e })
      t:act { kind = "card_action", card = b, action = "strike", option = { target = t:wizard(1) } }
      t:eq(t:lost(1), 5)
      t:eq(g:card(e).zone.kind, "pile", "the card is spent")
      t:eq(g:card(aa).zone.kind, "hand", "the other one is kept")
      t:eq(g:card(b).zone.kind, "play", "the blade is kept")
      t:ok(g:turn().vars.attacked)
      t:eq(t:count { kind = "card_action", card = b }, 0, "one attack a turn")
    end },
    { "against a door every point is a crack: 3 points break it", function(t, g)
      t:active(0)
      g:set_player_var(0, "had_turn", true)
      local from, _, e = require("test.spots").locked_door(g, 0)
      assert(from and e, "a locked door")
      t:place(0, from)
      local b = t:put(0, "Wizardblade")
      g:set_card(b, { controller = 0 })
      t:give(0, "Anti-Anti") -- worth 3 (the only card: no question)
      t:act { kind = "card_action", card = b, action = "strike", option = { target = t:door(e) } }
      t:eq(g:edge(e).barrier, "open", "3 cracks: the door is destroyed")
    end },
    { "a Shield takes 2 off the blow; Full Shield, for spells only, is not offered", function(t, g)
      t:active(0)
      g:set_player_var(0, "had_turn", true)
      local b = t:put(0, "Wizardblade")
      g:set_card(b, { controller = 0 })
      local e = t:give(0, "8th/elemental/energy_5")
      local s, fs = t:give(1, "Shield"), t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:act { kind = "card_action", card = b, action = "strike", option = { target = t:wizard(1) } }
      t:eq(t:lost(1), 3)
      t:eq(g:card(e).zone.kind, "pile")
      t:eq(g:card(fs).zone.kind, "hand")
    end },
    { "no blow without a card worth energy, nor beyond reach", function(t, g)
      t:active(0)
      g:set_player_var(0, "had_turn", true)
      local b = t:put(0, "Wizardblade")
      g:set_card(b, { controller = 0 })
      t:place(1, g:player(0).at)
      t:give(0, "Zot!")
      t:eq(t:count { kind = "card_action", card = b }, 0, "Zot! has no energy value")
      t:give(0, "8th/elemental/energy_5")
      t:ok(t:has { kind = "card_action", card = b, option = { target = t:wizard(1) } })
      local at = g:player(0).at
      local dir, line = require("test.spots").line(g, at, 2)
      assert(dir and line, "a line of two squares")
      t:place(1, line[2])
      t:eq(t:count { kind = "card_action", card = b, option = { target = t:wizard(1) } }, 0, "two squares off")
    end },
  },
}
