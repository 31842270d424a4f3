-- Transformations (require("rules.transform")): the form a wizard is in, its base speed and
-- its punch.
-- 8th: Card Traits, Transformation: one transformation at a time; a new one cancels the old.
-- 8th: Moving, Changing Base Speed: the remaining movement points change by the difference,
-- which follows here from points = base speed + boost - points spent.
local common = require("rules.common")
local M = {}

-- The wizard's form, if the spell that gave it is still in play.
function M.form(game, p)
  local f = game:player(p).vars.form
  -- (a card id seen again after a recast on someone else no longer counts for p)
  if f and f.card and game:card(f.card).zone.kind == "play" and game:card_data(f.card, "transforms") == p then
    return f
  end
  return nil
end

function M.base_speed(game, p)
  local f = M.form(game, p)
  return (f and f.speed) or game:config().base_speed
end

function M.punch_damage(game, p)
  local f = M.form(game, p)
  -- A form may punch for a die roll (8th Mutation "Werewolf Form": `punch_die = 4`, a d4).
  if f and f.punch_die then return game:roll(f.punch_die) end
  return (f and f.punch) or game:config().punch_damage
end

-- May wizard p cast a card of this kind in his form? (Golem Form: counters only.)
function M.may_cast(game, p, kind)
  local f = M.form(game, p)
  return not (f and f.counters_only and kind ~= "counter")
end

-- (Other spec fields read elsewhere: items_free (common.lua), treasure_mp (rules.lua),
-- punch_die (above).)
-- Card `c` transforms wizard p: `spec` = { speed =, punch =, counters_only = }. Any other
-- transformation on p ends first.
function M.transform(game, p, c, spec)
  local old = M.form(game, p)
  if old and old.card ~= c then common.end_spell(game, old.card) end
  local f = { card = c }
  for k, v in next, spec or {} do f[k] = v end -- (a copy: any order)
  game:set_player_var(p, "form", f)
  game:set_card_data(c, "transforms", p)
  game:log("transform", { player = p, card = c, speed = f.speed })
end

return M
