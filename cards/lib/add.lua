-- ADD, a card of two editions (require("lib.add")): the 8th's (Mentalism; the 8th FAQ: the one
-- exception to the rule of one energy card per spell, 8th: Boosting Spells) and classic's
-- (classic, The Cards: otherwise one NUMBER card per action). In both it is an instant neutral
-- spell cast on its own, castable only while its player holds two other cards that have a
-- value (an energy card or a Magic card with a printed energy value in the 8th, a NUMBER in
-- classic: the rules' play.boost_cards); as it resolves he picks the two, one at a time, and
-- discards them (play.spend_boosts), and their sum is his. What the sum is for, and how long
-- it waits, is each card's own. The module is read-only and keeps no game state.
local play = require("rules.play")
local add = {}

---What an edition's Add says itself: the rest (kind, duration, can_cast) is filled in here.
---@class add.Def: CardDef
---@field kind string?

-- Castable while its player holds two other cards that have a value.
---@param ctx Ctx
---@return boolean
function add.can_cast(ctx)
  return #play.boost_cards(ctx.game, ctx.caster, ctx.card) >= 2
end

-- Its caster picks the two cards (`what` names them in the question; `spent`, if given, hears
-- each as it is discarded) and discards them. Returns their sum.
---@param ctx Ctx
---@param what string
---@param spent fun(b: integer)?
---@return integer
function add.take_two(ctx, what, spent)
  return play.spend_boosts(ctx.game, ctx.caster, ctx.card, 2, what, spent)
end

-- The card `def` with the fields both editions' Adds share filled in.
---@param def add.Def
---@return CardDef
function add.card(def)
  def.kind = "neutral"
  def.duration = "instant"
  def.can_cast = add.can_cast
  return def --[[@as CardDef]]
end

return add
