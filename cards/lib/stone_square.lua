-- A square filled with stone (require("lib.stone_square")): classic FILL SQUARE WITH STONE and
-- the 9th's GRANITE CUBE make the same fixed object on an empty square in sight, which nobody
-- walks into or sees through. They differ in what breaks it: the card passes the object's
-- toughness (classic: 20 points) or `data = { unbreakable = true }` (9th: a Granite Cube has
-- infinite hits: attacks may aim at it and take nothing off, rules/damage.lua). Neither goes on
-- a Lair or home base: the rules leave those out for every creation (mechanics targets.lua,
-- `creation_at_home`). The 9th's card is classic's with another object (its range, duration and
-- count are Fill Square With Stone's): stone.card gives both the fields and hook they share,
-- each card writing its name, text, object and tests. The module is read-only and keeps no
-- game state.
local same_card = require("lib.same_card")
local square_creation = require("lib.square_creation")
local stone = {}

-- Fills the target square with an object of `kind` made by this card (it goes when the card
-- leaves play: Dispel Creation); `what` gives its `toughness` or its `data`. Returns its id,
-- or nil and why none may be made there.
---@param ctx Ctx
---@param kind string
---@param what {toughness?: integer, data?: table}
function stone.fill(ctx, kind, what)
  return ctx:create_object {
    kind = kind, at = ctx.target.at, mobile = false, blocks_los = true, blocks_move = true, fills_square = true,
    toughness = what.toughness, data = what.data,
  }
end

-- What each edition's card writes itself, besides what every such card does
-- (lib/same_card.lua): the object it makes and what breaks it.
---@class stone_square.Own: same_card.Own
---@field object string the kind of object it makes
---@field what {toughness?: integer, data?: table} what breaks it (stone.fill)

-- The whole card: a permanent creation on an empty square in sight (lib/square_creation.lua),
-- 2 in the deck, filling it with the card's object.
---@param own stone_square.Own
---@return CardDef
function stone.card(own)
  return same_card.build(own, square_creation.card {
    copies = 2,
    resolve = function(ctx) stone.fill(ctx, own.object, own.what) end,
  }, { object = true, what = true })
end

return stone
