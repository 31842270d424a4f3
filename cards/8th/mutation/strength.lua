-- 8th Mutation "Strength": the caster's muscles swell while the spell lasts. The physical
-- damage he deals is doubled, and as his attack he may try to tear a treasure or an item from
-- a wizard in his square: a d4 roll of 2-4 succeeds. He may not try while he carries a
-- treasure himself.
-- 8th: Picking Up and Dropping Objects (no wizard takes what another carries unless a card
-- says so: rules/carrying.lua); the attempt is an action of the card in play, the turn's
-- attack (rules/card_actions.lua).
-- reconstructed: cast on oneself only; "his" physical damage is any physical damage he is the
-- source of (punches, thrown things, Heave-Ho; not a wall falling); the attacker chooses
-- what he tears away; a failed roll still spends the attack.
local carrying = require("rules.carrying")
local common = require("rules.common")
local targets = require("rules.targets")
local duel = require("test.duel")
local first = require("test.first")
local query = require("test.query")

return card {
  name = "Strength", school = "mutation", kind = "neutral",
  range = "caster", duration = "temporary",
  text = "While this spell lasts, the physical damage you deal is doubled. As your attack you may try to wrench a treasure or an item from a wizard in your square: roll a d4, on 2 to 4 you take it. You cannot try while you carry a treasure.",
  before_damage = function(ctx, ev)
    if ev.caster == ctx.controller and (ev.tags or {}).physical then ev.amount = ev.amount * 2 end
  end,
  actions = {
    wrest = {
      run = function(ctx)
        local game, p = ctx.game, ctx.controller
        if ctx.list then
          local at = game:player(p).at
          if common.carried_treasure(game, p) or not at then return {} end
          local out = {}
          for _, q in ipairs(game:seats_at(at)) do
            if q ~= p and #ctx:carried(q) > 0 then
              out[#out + 1] = { label = targets.wizard_label(game, q), target = { kind = "wizard", player = q }, attack = true }
            end
          end
          return out
        end
        local q = ctx.target.player
        if ctx:roll(4) < 2 then return end
        local opts = ctx:carried(q)
        if #opts == 0 then return end
        local _, i = ctx:choose(p, "take", "Strength: what do you tear away?", opts)
        local what = opts[i]
        if what.treasure then
          game:set_object(what.treasure, { carried_by = p })
          game:log("treasure_taken", { object = what.treasure, from = q, to = p })
        else
          carrying.take_item(game, q, p, what.card)
        end
      end,
    },
  },
  tests = {
    { "his punch deals 2, a Large Rock thrown 4", function(t)
      first.cast(t, "Strength", nil, { boost = "Energy 4" })
      duel.punch(t)
      t:eq(t:lost(1), 2)
      t:active(0)
      local r = t:put(0, "Large Rock")
      t:throw { card = r, at = t:wizard(1) }
      t:eq(t:lost(1), 6, "2 doubled")
    end },
    { "magical damage is not doubled, nor the other wizard's punch", function(t)
      local _, held = first.cast(t, "Strength", { "Zot!" }, { boost = "Energy 4" })
      first.at_one(t, held[1], { answers = { { 0, "damage" } } })
      t:eq(t:lost(1), 1)
      t:active(1)
      t:punch(t:wizard(0))
      t:eq(t:lost(0), 1)
    end },
    { "tearing a treasure away succeeds on 2-4", function(t, g)
      local won, lost = 0, 0
      local s = first.cast(t, "Strength", nil, { boost = "Energy 6" })
      local tr = query.treasures_of(g, 0)[1] ---@type Object?
      assert(tr, "a treasure of player 0")
      for _ = 1, 12 do
        t:active(0)
        g:set_object(tr.id, { carried_by = 1 })
        t:place(1, g:player(0).at)
        t:act { kind = "card_action", card = s, action = "wrest" }
        local rolls = t:log("roll")
        if rolls[#rolls].result >= 2 then
          won = won + 1
          t:eq(assert(g:object(tr.id)).carried_by, 0, "torn away")
        else
          lost = lost + 1
          t:eq(assert(g:object(tr.id)).carried_by, 1, "held on")
        end
        t:ok(g:turn().vars.attacked, "the turn's attack")
      end
      t:ok(won > 0 and lost > 0, "both outcomes seen")
    end },
    { "no try while he carries a treasure himself, nor at an empty-handed wizard", function(t, g)
      first.cast(t, "Strength")
      t:place(1, g:player(0).at)
      t:eq(t:count { kind = "card_action", action = "wrest" }, 0, "player 1 carries nothing")
      t:put(1, "Large Rock")
      t:ok(t:has { kind = "card_action", action = "wrest" }, "now he carries a rock")
      local mine = query.treasures_of(g, 1)[1] ---@type Object?
      assert(mine, "a treasure of player 1")
      g:set_object(mine.id, { carried_by = 0 })
      t:eq(t:count { kind = "card_action", action = "wrest" }, 0, "he carries a treasure")
    end },
  },
}
