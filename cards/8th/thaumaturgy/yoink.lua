-- 8th Thaumaturgy "Yoink": an attack that snatches one carried item (never a treasure) from a
-- wizard; it goes straight into the caster's play area and is one of his carried items.
-- 8th: Picking Up and Dropping Objects (no wizard takes another's item unless a card allows
-- it: rulesets/8th/carrying.lua).
-- reconstructed: range taken as line of sight; only a wizard carrying an item is a target;
-- the caster picks the item; over his hand limit he discards down to it at once.
local common = require("rules.common")
local carrying = require("rules.carrying")

return card {
  name = "Yoink", school = "thaumaturgy", kind = "attack",
  range = "los", duration = "instant", targets = { "wizard" },
  text = "Snatch one item (not a treasure) that a wizard you can see carries: it goes at once into your play area as one of your carried items.",
  can_target = function(ctx, t) return #common.carried_cards(ctx.game, t.player) > 0 end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx:target_player()
    if p == nil then return end
    local items = common.carried_cards(game, p)
    if #items == 0 then return end
    local opts = {}
    for _, c in ipairs(items) do opts[#opts + 1] = { label = game:card(c).name, card = c } end
    local _, i = ctx:choose(ctx.caster, "item", "Yoink: which item?", opts)
    carrying.take_item(game, p, ctx.caster, opts[i].card)
  end,
  tests = {
    { "takes the rock the target carries; it is the caster's now, and the attack is spent", function(t, g)
      t:active(0)
      local r = t:put(1, "Large Rock")
      g:set_card(r, { controller = 1 })
      local y = t:give(0, "Yoink")
      t:place(1, g:player(0).at)
      t:cast { card = y, at = t:wizard(1) }
      t:eq(g:play_area(0), { r })
      t:eq(#g:play_area(1), 0)
      t:eq(g:card(r).controller, 0)
      t:ok(g:turn().vars.attacked)
      t:eq(t:lost(1), 0, "no damage")
      t:eq(t:count { kind = "throw", card = r }, 0, "no second attack this turn")
    end },
    { "the caster picks among several items; a taken Master Key opens doors for him", function(t, g)
      t:active(0)
      local r, k = t:put(1, "Large Rock"), t:put(1, "Master Key")
      g:set_card(r, { controller = 1 })
      g:set_card(k, { controller = 1 })
      local y = t:give(0, "Yoink")
      t:place(1, g:player(0).at)
      t:answer(0, { card = k })
      t:cast { card = y, at = t:wizard(1) }
      t:eq(g:play_area(1), { r })
      t:eq(g:play_area(0), { k })
      local from, _, e = require("test.spots").locked_door(g, 0)
      assert(from and e, "a locked door")
      t:place(0, from)
      t:ok(t:has { kind = "card_action", card = k, option = { target = t:door(e) } })
    end },
    { "never a treasure: a wizard carrying only a treasure is no target", function(t, g)
      t:active(0)
      t:place(1, g:player(0).at)
      g:create_object { kind = "treasure", owner = 0, carried_by = 1, mobile = true }
      local y = t:give(0, "Yoink")
      t:eq(t:count { kind = "cast", card = y }, 0)
    end },
    { "a Full Shield cancels it: the item stays with its bearer", function(t, g)
      t:active(0)
      local r = t:put(1, "Large Rock")
      g:set_card(r, { controller = 1 })
      local y = t:give(0, "Yoink")
      local s = t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = y, at = t:wizard(1) }
      t:eq(g:play_area(1), { r })
      t:eq(#g:play_area(0), 0)
    end },
  },
}
