-- The classic edition's magic stones (require("rules.stones")); the shared part (carrier, of,
-- count, carry, bonus, draw_within_limit, discard_from_hand) is the mechanics' (`base`).
-- classic, The Cards: a MAGIC STONE bestows a power on its holder, used as often as the
-- chance comes; it is displayed face up once used and still counts in the hand of seven. Its
-- power works while displayed (in its holder's play area: `carrier`); in the hand it is only
-- carried (Fireball burns it, Stone Dead counts it, Drop Object may make him drop it).
local M = base

-- Every magic stone wizard p carries: displayed ones, then those in his hand.
function M.carried(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do if game:card(c).kind == "stone" then out[#out + 1] = c end end
  for _, c in ipairs(game:hand(p)) do if game:card(c).kind == "stone" then out[#out + 1] = c end end
  return out
end

-- The wizard displaying stone c, if damage event `ev` is aimed at him (for `before_damage`
-- and `on_damage` handlers of stones guarding their holder), else nil.
function M.holder_hit(ctx, ev)
  local p = M.carrier(ctx.game, ctx.card)
  local t = ev.target or {}
  if p ~= nil and t.kind == "wizard" and t.player == p then return p end
  return nil
end

-- Damage `ev` to the holder of stone c is n points less (not below 0: damage reduced to 0 is
-- no damage, so its secondary effects are stopped too, classic, The Cards).
function M.lessen(ctx, ev, n)
  ev.amount = math.max(0, ev.amount - n)
  ctx.game:log("stone_guard", { card = ctx.card, player = M.carrier(ctx.game, ctx.card), less = n })
end

-- A `before_damage` hook: all damage to the stone's holder, of any kind, is n points less
-- (lib/guard_stone.lua: classic Shieldstone, the 9th's Heartstone).
---@param n integer
---@return fun(ctx: Ctx, ev: table)
function M.guards_holder(n)
  return function(ctx, ev)
    if M.holder_hit(ctx, ev) ~= nil then M.lessen(ctx, ev, n) end
  end
end

-- Stone c leaves its holder p (burnt, dropped, discarded): it stops working (`on_end` when it
-- was displayed) and goes to the discard pile.
function M.destroy(game, p, c)
  local from = game:card(c).zone.kind
  if from == "play" then game:call_card(c, "on_end", { controller = p }) end
  game:move_card(c, { kind = "pile", pile = "discard" })
  game:after("discard", { card = c, player = p, from = from })
end

return M
