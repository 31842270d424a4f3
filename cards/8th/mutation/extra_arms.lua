-- 8th Mutation "Extra Arms": the caster grows more arms while the spell lasts. Carried items
-- no longer count toward his hand size; for 1 movement point he may pick up every item in his
-- square and a treasure with them, and a treasure picked up no longer ends his movement (he
-- still carries one treasure at most); his punch strikes everyone within reach.
-- 8th: Card Traits, Transformation (rules/transform.lua: `items_free`, read by common.lua for
-- the hand limit; `treasure_mp`, read by rules.lua: a treasure costs 1 MP); 8th: Picking Up
-- and Dropping Objects / Treasures; the rulebook's picture of a temporary spell (Extra Arms
-- cast unboosted: 1 energy token, part of the hand, gone at the next Time Passes).
-- reconstructed: cast on oneself only; the gathering is an action of the card in play
-- (rules/card_actions.lua); "within reach" is the punch's reach (his square and the adjacent
-- ones, 8th: Punching): one attack, answered as one, whose punch damage hits each wizard and
-- creature there (the target first); a treasure alone picked up the usual way also costs
-- 1 MP and the phase goes on.
local common = require("rules.common")
local effects = require("rules.effects")
local movement = require("rules.movement")
local targets = require("rules.targets")

-- Items lying in p's square, and a treasure he may pick up there (nil if none or he carries one).
---@return table[] items
---@return Object? treasure
local function within_grasp(game, p)
  local at = game:player(p).at
  local items, treasure = {}, nil
  for _, o in ipairs(game:objects_at(at)) do
    if o.kind == "treasure" then
      treasure = treasure or o
    elseif o.mobile and o.card then
      items[#items + 1] = o
    end
  end
  if common.carried_treasure(game, p) or game:turn().vars.no_treasure_pickup then treasure = nil end
  return items, treasure
end

-- Wizards (not p, nor one who cannot be attacked) and creatures p can punch.
local function in_reach(game, p)
  local at = game:player(p).at
  local out = {}
  local function near(s) return s ~= nil and (common.same_sq(at, s) or game:adjacent(at, s)) end
  for _, q in ipairs(common.turn_order(game)) do
    if q ~= p and near(game:player(q).at) and not effects.has(game, q, "unattackable") then
      out[#out + 1] = { kind = "wizard", player = q, label = targets.wizard_label(game, q) }
    end
  end
  for _, o in ipairs(game:objects()) do
    if o.kind == "creature" and o.owner ~= p and near(o.at) then
      out[#out + 1] = { kind = "creature", id = o.id, at = o.at, label = targets.object_words(game, o) }
    end
  end
  return out
end

return card {
  name = "Extra Arms", school = "mutation", kind = "neutral", copies = 2, energy = 3,
  range = "caster", duration = "temporary",
  traits = { "transformation" },
  text = "Grow extra arms while this spell lasts: carried items don't count toward your hand size; for 1 movement point you may pick up all the items in your square and a treasure, and picking up a treasure doesn't end your movement (you still carry only one). Your punch hits everyone within reach.",
  resolve = function(ctx) ctx:transform(ctx.caster, { items_free = true, treasure_mp = true }) end,
  actions = {
    gather = {
      run = function(ctx)
        local game, p = ctx.game, ctx.controller
        local items, treasure = within_grasp(game, p)
        if ctx.list then
          if movement.left(game) < 1 or (#items == 0 and not treasure) then return {} end
          return { { label = "everything here" } }
        end
        movement.spend(game, 1)
        for _, o in ipairs(items) do
          if game:before("pick_up", { player = p, object = o.id, card = o.card }) then
            game:remove_object(o.id)
            game:move_card(o.card, { kind = "play", player = p })
            game:set_card(o.card, { controller = p })
            game:call_card(o.card, "on_play", { controller = p, caster = p })
            game:after("pick_up", { player = p, object = o.id, card = o.card })
          end
        end
        if treasure and game:before("pick_up", { player = p, object = treasure.id, treasure = true }) then
          game:set_object(treasure.id, { carried_by = p })
          game:after("pick_up", { player = p, object = treasure.id, treasure = true })
        end
      end,
    },
    punch = {
      run = function(ctx)
        local game, p = ctx.game, ctx.controller
        local all = in_reach(game, p)
        if ctx.list then
          if #all == 0 then return {} end
          return { { label = "everyone in reach", target = all[1], attack = true } }
        end
        local n = require("rules.play").punch_damage(game, p)
        for _, t in ipairs(all) do ctx:damage(t, n, { physical = true }) end
      end,
    },
  },
  tests = {
    { "carried items don't count toward the hand limit while it lasts", function(t, g)
      local x = t:turn_of(0, "Extra Arms")
      for _ = 1, 6 do t:put(0, "Large Rock") end
      t:cast { card = x }
      t:eq(common.hand_count(g, 0), 1, "only the maintained spell counts")
      t:act { kind = "end_spell", card = x }
      t:eq(common.hand_count(g, 0), 6, "the rocks count again")
    end },
    -- 8th: Discard and Draw Phase: over the limit by any means, he discards down at once.
    { "8th: Discard and Draw Phase: run out in Time Passes with 6 cards and 3 items, 2 discarded at once", function(t, g)
      local x = t:turn_of(0, "Extra Arms")
      for _ = 1, 3 do t:put(0, "Large Rock") end
      t:cast { card = x }
      local zots = {}
      for i = 1, 6 do zots[i] = t:give(0, "Zot!") end
      t:eq(common.hand_count(g, 0), 7, "6 in hand and the spell; the rocks are free")
      t:answer(0, { card = zots[1] })
      t:answer(0, { card = zots[2] })
      t:active(0, "time_passes")
      t:pass(0)
      t:eq(g:card(x).zone.kind, "pile", "its last energy token gone: it ended")
      t:eq(g:turn().phase, "move_and_cast", "still his turn, before any action")
      t:eq(common.hand_count(g, 0), 7, "6 cards and 3 rocks made 9: down to 7")
      t:eq(#g:hand(0), 4)
    end },
    { "for 1 MP: every item and a treasure, and he moves on", function(t, g)
      local x = t:turn_of(0, "Extra Arms")
      local r1, r2 = t:put(0, "Large Rock"), t:put(0, "Large Rock")
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if o.kind == "treasure" and o.owner == 1 and not tr then tr = o end end
      assert(tr, "a treasure of player 1")
      t:place(0, tr.at)
      t:act { kind = "drop_item", card = r1 }
      t:act { kind = "drop_item", card = r2 }
      t:cast { card = x }
      t:act { kind = "card_action", card = x, action = "gather" }
      t:eq(g:card(r1).zone.kind, "play")
      t:eq(g:card(r2).zone.kind, "play")
      t:eq(assert(g:object(tr.id)).carried_by, 0)
      t:eq(g:turn().vars.spent, 1, "one point for all")
      t:ok(t:has { kind = "move" }, "the phase goes on")
      t:eq(t:count { kind = "card_action", action = "gather" }, 0, "nothing left to gather")
    end },
    { "his punch hits both wizards in reach; a Full Shield is no answer to a punch", function(t, g)
      local x = t:turn_of(0, "Extra Arms")
      t:cast { card = x }
      local at = g:player(0).at
      t:place(1, at)
      local n = require("test.spots").free_square(g, at)
      assert(n, "a free square beside him")
      t:place(2, n.to)
      t:give(1, "Full Shield")
      t:act { kind = "card_action", card = x, action = "punch" }
      t:eq(t:lost(1), 1)
      t:eq(t:lost(2), 1)
      t:eq(t:lost(0), 0)
      t:ok(g:turn().vars.attacked, "one attack")
      t:eq(t:count { kind = "card_action", action = "punch" }, 0, "not twice")
    end, players = 3 },
    { "no reach beyond the adjacent squares", function(t)
      local x = t:turn_of(0, "Extra Arms")
      t:cast { card = x }
      t:eq(t:count { kind = "card_action", action = "punch" }, 0, "nobody near")
    end },
  },
}
