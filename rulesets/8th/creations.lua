-- What a spell created (walls, objects, creatures) and the rule that ties the spell to them
-- (require("rules.creations")).
-- 8th: Creating Objects and Playing Items: created objects last as long as their spell.
-- The other way round (our reading of the same section and of Maintaining Spells): a spell
-- whose creations have all been destroyed has nothing left to maintain and ends; a broken
-- Create Wall wall discards its card.
local M = {}

-- The walls and doors card c has made that still stand, found on the board by their maker
-- (a sector turn moves them, or removes those on its seams). (Required here: common.lua
-- requires this module.)
local function walls_of(game, c) return require("rules.common").walls_of(game, c) end

-- The card in play whose creations include object `id`, if any.
function M.creator_of_object(game, id)
  for _, pl in ipairs(game:players()) do
    for _, c in ipairs(game:play_area(pl.id)) do
      for _, o in ipairs(game:card_data(c, "objects") or {}) do
        if o == id then return c end
      end
    end
  end
  return nil
end

-- Card `c` lost one creation (`{ edge = e }` or `{ object = id }`), already gone from the
-- board: forget it, and end the spell once it has created nothing left.
function M.lost(game, c, what)
  local card = c and game:card(c)
  if not card or card.zone.kind ~= "play" then return end
  local objects = {}
  for _, id in ipairs(game:card_data(c, "objects") or {}) do
    if id ~= what.object then objects[#objects + 1] = id end
  end
  game:set_card_data(c, "objects", objects)
  -- (required here: common.lua requires this module)
  if #walls_of(game, c) == 0 and #objects == 0 then require("rules.common").end_spell(game, c) end
end

-- After the map changed (a sector turned): every spell in play that made walls and has none
-- standing any more ends (8th: Changing the Map removes created walls on moving seams).
function M.settle_all(game)
  for _, pl in ipairs(game:players()) do
    for _, c in ipairs(game:play_area(pl.id)) do
      if game:card_data(c, "made_walls") and #walls_of(game, c) == 0
          and #(game:card_data(c, "objects") or {}) == 0 then
        require("rules.common").end_spell(game, c)
      end
    end
  end
end

-- The same for an object destroyed on the board, whoever created it.
function M.lost_object(game, id)
  local c = M.creator_of_object(game, id)
  if c then M.lost(game, c, { object = id }) end
end

-- 8th: Optional Rules, Permanent Creations: a creation spell in play is not maintained (it
-- doesn't count toward the hand limit, energy tokens are not spent, its caster can't end it);
-- it is discarded only when its creations are destroyed.
function M.is_permanent_creation(game, c)
  if not game:option("permanent_creations") then return false end
  local card = game:card(c)
  if card.kind == "item" then return false end
  for _, tr in ipairs(card.traits or {}) do
    if tr == "creation" then return true end
  end
  return false
end

-- resolve of a creation filling one square: the object `spec` is made for the card; should the
-- square have filled since it was chosen (8th: Creating Objects and Playing Items: never in a
-- square holding a wizard, object, treasure or creature, nor on a home base), nothing is made
-- and the spell is discarded (a `fizzled` log entry says why). Returns the id or nil.
-- (Dust Cloud, Booby Trap.)
function M.make(ctx, spec)
  local id, why = ctx:create_object(spec)
  if not id then
    ctx.game:log("fizzled", { card = ctx.card, reason = why })
    ctx:discard_card()
  end
  return id
end

-- 8th Conjuring "Booby Trap": a creation of several pieces each of which must be dispelled on
-- its own (the card's data `dispel_each`). A card ending it as its target (Dispel, Null Powder:
-- ctx.target names the spell) takes one piece away, the one that card's controller picks,
-- while more than one is left; the spell ends with its last (M.lost). True if a piece went
-- and the spell stays (rules/ctx.lua, end_spell).
function M.dispel_piece(ctx, c)
  local game, t = ctx.game, ctx.target
  if c == ctx.card or type(t) ~= "table" or t.kind ~= "spell" or t.card ~= c then return false end
  local card = game:card(c)
  if not card or card.zone.kind ~= "play" or not game:card_data(c, "dispel_each") then return false end
  local targets = require("rules.targets")
  local opts = {}
  for _, id in ipairs(game:card_data(c, "objects") or {}) do
    local o = game:object(id)
    if o and o.id and o.at then
      opts[#opts + 1] = { label = "dispel " .. targets.the(targets.object_words(game, o)), object = id, at = o.at }
    end
  end
  if #opts <= 1 or ctx.controller == nil then return false end
  local asked = "Which piece of " .. targets.spell_words(game, c, card.controller, ctx.controller) .. " do you dispel?"
  local _, i = game:choose(ctx.controller, "dispel_piece", asked, opts)
  local id = opts[i or 1].object
  local what = require("rules.common").object_facts(game:object(id))
  game:remove_object(id)
  game:after("object_destroyed", { object = id, by = ctx.card, what = what })
  M.lost(game, c, { object = id })
  return true
end

return M
