-- The 8th edition's part of rules.common: the hand limit's count, its piles (rules/decks.lua),
-- death and victory. The rest is the shared mechanics' (rulesets/mechanics/common.lua), which
-- this file extends: `base` is that module.
local decks = require("rules.decks")
local creations = require("rules.creations")
local M = base

-- Custom Spellbook gives each group its own piles (rules/decks.lua).
function M.piles_of(game, p) return decks.piles_of(game, p) end
function M.discard_pile(game, c) return decks.discard_pile(game, c) end

-- 8th: Winning the Game: 2 victory points ([config] victory_points; the mechanics count them:
-- rulesets/mechanics/common.lua), 3 in Extended Play.
function M.victory_target(game)
  local cfg = game:config()
  -- 8th: Optional Rules, Extended Play.
  if game:option("extended_play") then return cfg.extended_victory_points end
  return cfg.victory_points
end

-- 8th: Optional Rules, Treasure Hunters: kills score nothing.
function M.kills_score(game) return not game:option("treasure_hunters") end

-- A spell that transformed a wizard ends: his form goes with it (transform.lua), so that no
-- var names a card once it has left play (it may lie in a hand later, where only its holder
-- may know it).
local end_spell = M.end_spell
function M.end_spell(game, c)
  local p = game:card_data(c, "transforms")
  end_spell(game, c)
  if p == nil then return end
  game:set_card_data(c, "transforms", nil)
  local f = game:player(p).vars.form
  if f and f.card == c then game:set_player_var(p, "form", nil) end
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

-- 8th: Discard and Draw Phase: a player over his maximum hand size, however he got there (a
-- spell cast, a form that freed his items ending, a kill), discards down to it at once, his
-- carried items and maintained spells counting (M.counts_toward_limit). Asked of every living
-- wizard, the active one first, after each action and each phase (rules.lua), so no change
-- to a hand or a limit has to ask it itself.
-- reconstructed: "at once" is taken as the end of the action or phase step that put him over.
function M.hold_hand_limits(game)
  if game:vars().over then return end
  local limit = game:config().hand_limit
  for _, p in ipairs(M.turn_order(game)) do
    -- (asked after every action, so first a cheap bound: the count is at most the hand and the
    -- play area, a stone's bonus only lowering it; most of the time nobody is near his limit)
    if #game:hand(p) + #game:play_area(p) > limit then M.discard_to_limit(game, p) end
  end
end

-- 8th: Life, Damage, and Dying. A direct attack's killer scores 1 and takes the hand; an
-- indirect death gives nobody anything. Items fall in the square, spells are discarded
-- (rulesets/mechanics/common.lua: kill_and_drop), but permanent creations (8th: Optional
-- Rules, Permanent Creations).
function M.kill(game, q, killer, by_attack) M.kill_and_drop(game, q, killer, by_attack) end

function M.stays_after_death(game, c) return creations.is_permanent_creation(game, c) end

-- 8th: Winning the Game: 2 victory points (treasures on your home base and kills: the
-- mechanics' victory_points), or the only wizard left alive. Checked after every action; a
-- wizard who died in it is already out (he dies before he can win).
-- 8th: Optional Rules, Deadly Treasures: both your treasures on other bases kills you.
function M.check_victory(game)
  if game:vars().over then return true end
  if game:option("deadly_treasures") then
    M.kill_robbed_wizards(game, false, function(g, q) M.kill(g, q, nil, false) end)
  end
  local order = M.turn_order(game)
  if M.check_last_wizard(game, "last wizard alive", order) then return true end
  return M.check_points(game, M.victory_target(game), order)
end

return M
