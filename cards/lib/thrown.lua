-- The blow of an object thrown as the turn's attack (require("lib.thrown")), one behaviour in
-- every edition: the 8th's LARGE ROCK (8th: Throwing Objects), classic DAGGER and LARGE ROCK
-- (classic, Dropping and Retrieving Objects: thrown objects are physical damage, classic,
-- Combat) and the 9th's THROWING STAR (9th: Throwing Objects; 9th: Attacks). What it hits
-- takes the card's own points of physical damage; throwing is no spell, and where the object
-- comes to rest is the rules' (the edition's play.landing), not the card's. The cards differ
-- in their points, targets and text only. The module is read-only and keeps no game state.
local same_card = require("lib.same_card")
local thrown = {}

-- The resolve hook of an object thrown for `points` of physical damage at its target.
---@param points integer
---@return fun(ctx: Ctx)
function thrown.blow(points)
  return function(ctx) ctx:damage(ctx.target, points, { physical = true }) end
end

-- A thrown object of classic or the 9th (Dagger, Large Rock, Throwing Star): an object thrown
-- at something in sight, no spell, whose blow is `points` of physical damage. `def` gives its
-- name, count, targets, text and tests.
---@param points integer
---@param def table
---@return CardDef
function thrown.object(points, def)
  return same_card.family({
    kind = "object",
    range = "los",
    traits = { "thrown_weapon", "not_spell" },
    resolve = thrown.blow(points),
  }, def)
end

return thrown
