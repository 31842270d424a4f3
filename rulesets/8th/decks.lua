-- The Magic deck(s) (require("rules.decks")): building them and which piles a player draws
-- from and discards to. Keeps nothing: deck names live in card data and game vars.
local M = {}

-- 8th: Optional Rules, Custom Spellbook: the players split into two groups, each with its
-- own deck. reconstructed: the groups alternate by seat (seats 0 and 2 against 1 and 3).
function M.group(game, p)
  if not game:option("custom_spellbook") then return nil end
  return p % 2
end

-- The draw and discard piles player p uses.
function M.piles_of(game, p)
  local g = M.group(game, p)
  if g == nil then return "deck", "discard" end
  return "deck_" .. g, "discard_" .. g
end

-- The discard pile a card goes to: the one beside the deck it was built into.
function M.discard_pile(game, c)
  local deck = game:card_data(c, "deck")
  if deck then return (deck:gsub("^deck", "discard")) end
  return "discard"
end

-- The card keys of the deck of these schools, one entry per copy, in a fixed order: the
-- cards filed under the schools, then the cards each school's deck borrows
-- ([config.decks.<school>]: card key = copies, e.g. the Elemental deck's Create Wall).
function M.card_list(game, schools)
  local cfg = game:config()
  local chosen, out = {}, {}
  for _, s in ipairs(schools) do chosen[s] = true end
  for _, key in ipairs(game:card_keys()) do
    local def = game:card_def(key)
    if def.school and chosen[def.school] then
      local copies = (cfg.copies or {})[key] or def.copies or 1
      for _ = 1, copies do out[#out + 1] = key end
    end
  end
  for _, s in ipairs(schools) do
    local borrowed = (cfg.decks or {})[s] or {}
    local keys = {}
    for key in pairs(borrowed) do keys[#keys + 1] = key end
    table.sort(keys) -- (a fixed order: the same seed deals the same deck)
    for _, key in ipairs(keys) do
      if game:card_def(key) then -- (only cards that exist)
        for _ = 1, borrowed[key] do out[#out + 1] = key end
      end
    end
  end
  return out
end

local function add_school_cards(game, schools, deck)
  local cards = game:new_cards(M.card_list(game, schools), { kind = "pile", pile = deck })
  if deck ~= "deck" then
    for _, c in ipairs(cards) do game:set_card_data(c, "deck", deck) end
  end
  game:shuffle_pile(deck)
end

-- 8th: Setup, step 4: the players pick the three schools together, in turns, or leave them to
-- chance. The options school_<name> are the group's choice; schools not chosen, up to
-- `count`, are drawn at random. Returns the schools (the chosen ones first, in config order).
function M.pick_schools(game, chosen, count)
  if #chosen > count then
    error("choose at most " .. count .. " schools (options school_<name>), not " .. #chosen, 0)
  end
  local out, taken = {}, {}
  for _, s in ipairs(chosen) do
    out[#out + 1] = s
    taken[s] = true
  end
  for _, s in ipairs(game:shuffle(game:config().other_schools)) do
    if #out < count and not taken[s] then out[#out + 1] = s end
  end
  return out
end

-- The schools switched on by the options school_<name>, in config order.
function M.chosen_schools(game)
  local out = {}
  for _, s in ipairs(game:config().other_schools) do
    if game:option("school_" .. s) then out[#out + 1] = s end
  end
  return out
end

-- 8th: Setup, step 4: White Cantrip plus three schools (M.pick_schools). Only cards that
-- exist under cards/8th count; a school with no card yet adds nothing.
-- 8th: Optional Rules, Giant Book of Spells: one deck of every school (Black Cantrip, the
-- same cards as White Cantrip here, is left out).
-- 8th: Optional Rules, Custom Spellbook: each group starts from a cantrip school, then the
-- groups draft the six other schools in turn, three each, the first group first.
-- reconstructed: the first seat of a group (seats 0 and 1) picks for it; the school options
-- apply to the one deck of the standard game only.
local function draft(game)
  local cfg = game:config()
  local picks = { [0] = { cfg.base_school }, [1] = { cfg.base_school } } ---@type table<integer, string[]>
  local left = {}
  for _, s in ipairs(cfg.other_schools) do left[#left + 1] = s end
  for pick = 0, 2 * cfg.schools_chosen - 1 do
    local g = pick % 2
    local opts = {}
    for _, s in ipairs(left) do opts[#opts + 1] = { key = s, label = s } end
    local _, i = game:choose(g, "draft_school", "Custom Spellbook: which school does your group draft?", opts)
    table.insert(picks[g], table.remove(left, i or 1))
  end
  return picks
end

function M.build(game)
  local cfg = game:config()
  if game:option("custom_spellbook") then
    local picks = draft(game)
    game:set_var("schools", picks[0])
    game:set_var("group_schools", { picks[0], picks[1] })
    add_school_cards(game, picks[0], "deck_0")
    add_school_cards(game, picks[1], "deck_1")
    return
  end
  local chosen = { cfg.base_school }
  local others
  if game:option("giant_book_of_spells") then
    others = game:shuffle(cfg.other_schools)
  else
    others = M.pick_schools(game, M.chosen_schools(game), cfg.schools_chosen)
  end
  for _, s in ipairs(others) do chosen[#chosen + 1] = s end
  game:set_var("schools", chosen)
  add_school_cards(game, chosen, "deck")
end

return M
