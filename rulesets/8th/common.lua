-- The 8th edition's part of rules.common: the hand limit's count, its piles (rules/decks.lua),
-- death and victory. The rest is the shared mechanics' (rulesets/mechanics/common.lua), which
-- this file extends: `base` is that module.
local decks = require("rules.decks")
local creations = require("rules.creations")
local M = base

-- Custom Spellbook gives each group its own piles (rules/decks.lua).
function M.piles_of(game, p) return decks.piles_of(game, p) end
function M.discard_pile(game, c) return decks.discard_pile(game, c) end

function M.victory_target(game)
  local cfg = game:config()
  -- 8th: Optional Rules, Extended Play.
  if game:option("extended_play") then return cfg.extended_victory_points end
  return cfg.victory_points
end

-- Do the items wizard p carries count toward his hand limit? (Not in a form that frees
-- them: Extra Arms. Required here: transform.lua requires this module.)
function M.items_count(game, p)
  local form = require("rules.transform").form(game, p)
  return not (form and form.items_free)
end

-- 8th: A Player's Turn (hand limit 7) and Maintaining Spells: does card c of p's play area
-- count toward his hand limit? Carried items and maintained spells do; Uncluttered Minds
-- drops the spells from the count.
function M.counts_toward_limit(game, p, c)
  if game:card(c).kind == "item" then return M.items_count(game, p) end
  return not game:option("uncluttered_minds") and not creations.is_permanent_creation(game, c)
end

-- 8th: Life, Damage, and Dying. A direct attack's killer scores 1 and takes the hand; an
-- indirect death gives nobody anything. Items fall in the square, spells are discarded.
function M.kill(game, q, killer, by_attack)
  local pl = game:player(q)
  if not pl.alive then return end
  local at = pl.at
  for _, c in ipairs(game:play_area(q)) do
    if game:card(c).kind == "item" then M.drop_object(game, q, c, at)
    elseif not creations.is_permanent_creation(game, c) then M.end_spell(game, c) end
  end
  local t = M.carried_treasure(game, q)
  if t then game:set_object(t.id, { at = at }) end
  local takes = by_attack and killer ~= nil and killer ~= q and game:player(killer).alive
  for _, c in ipairs(game:hand(q)) do
    if takes then game:move_card(c, { kind = "hand", player = killer }) else M.discard(game, c) end
  end
  game:set_alive(q, false)
  game:set_life(q, math.min(pl.life, 0))
  -- 8th: Optional Rules, Treasure Hunters: kills score nothing.
  if takes and not game:option("treasure_hunters") then
    game:set_player_var(killer, "kill_vp", (game:player(killer).vars.kill_vp or 0) + 1)
  end
  game:after("death", { player = q, killer = killer, by_attack = takes and true or false })
  if takes then M.discard_to_limit(game, killer) end
end

-- 8th: Scoring Victory Points: enemy treasures lying on your home base, plus kills.
-- `objects`: game:objects(), if the caller has it already.
function M.victory_points(game, p, objects)
  local n = M.treasures_home(game, p, objects)
  if not game:option("treasure_hunters") then n = n + (game:player(p).vars.kill_vp or 0) end
  return n
end

-- 8th: Winning the Game: 2 victory points, or the only wizard left alive. Checked after
-- every action; a wizard who died in it is already out (he dies before he can win).
-- 8th: Optional Rules, Deadly Treasures: both your treasures on other bases kills you.
function M.check_victory(game)
  if game:vars().over then return true end
  if game:option("deadly_treasures") then
    M.kill_robbed_wizards(game, false, function(g, q) M.kill(g, q, nil, false) end)
  end
  if M.check_last_wizard(game, "last wizard alive") then return true end
  local target = M.victory_target(game)
  local objects = game:objects()
  for _, p in ipairs(M.turn_order(game)) do
    if M.victory_points(game, p, objects) >= target then return M.finish(game, p, target .. " victory points") end
  end
  return false
end

return M
