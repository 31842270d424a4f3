-- Legal targets of a card (require("rules.targets")): the card's target types, its range, and
-- what the edition excludes. A target is a table with a `kind` and what it names (player, id,
-- square, edge, card, sector); its words (M.words) are made only where a person reads them,
-- and M.of_types, which cards ask, gives them as its `label`. An edition's targets.lua
-- extends this module (`local M = base`): it replaces a candidate kind (M.kinds.x), the
-- adjacency of a target, or what it excludes.
local common = require("rules.common")
local M = { kinds = {} }

-- A target as cards may give it: a player id, a target table, or an edge {x,y,side} (a wall).
function M.normalize(t)
  if type(t) == "number" then return { kind = "wizard", player = t } end
  if type(t) == "table" and t.kind == nil and t.side ~= nil then return { kind = "wall", edge = t } end
  return t
end

-- The one way squares and edges are keyed (sets, messages of tests): "x,y" and "x,y,S".
-- People read them as M.sq_words and M.edge_words give them.
function M.sq_label(s) return s.x .. "," .. s.y end
function M.edge_key(e) return e.x .. "," .. e.y .. "," .. e.side end
-- The one way wizards are written in labels: the name people read (the kernel's
-- game:wizard_name: the name given to the game, else the wizard's letter on the board), never
-- the seat number.
function M.wizard_label(game, p) return game:wizard_name(p) end

---------------------------------------------------------------------------------------------
-- Words: how labels, questions and the narration write things for people. Never an id:
-- records and keys tell things apart, words only name them.
---------------------------------------------------------------------------------------------

local DIR_WORDS = {
  N = "north", E = "east", S = "south", W = "west",
  NE = "north-east", NW = "north-west", SE = "south-east", SW = "south-west",
}

-- A direction in words ("N" -> "north": a letter could be a wizard's).
function M.dir_words(d) return DIR_WORDS[d] or tostring(d) end

-- A square in words: "(x,y)", as the board's legend writes it.
function M.sq_words(s) return "(" .. s.x .. "," .. s.y .. ")" end

-- A line in words, by what stands on it ("wall", "door", "border"): "the wall north of (1,5)".
function M.edge_words(e, what)
  -- (One concatenation, the direction and square as M.dir_words and M.sq_words write them:
  -- every listing labels every line in sight.)
  local side = e.side
  return "the " .. (what or "line") .. " " .. (DIR_WORDS[side] or tostring(side)) .. " of (" .. e.x .. "," .. e.y .. ")"
end

-- A word for what a kind of object is ("wall_of_fire" -> "Wall of Fire"), written like the
-- card names beside it.
local SMALL = { of = true, the = true, a = true, on = true, ["in"] = true }
local function kind_words(kind)
  local words = {}
  for w in tostring(kind):gmatch("[^_]+") do
    words[#words + 1] = (#words > 0 and SMALL[w]) and w or (w:sub(1, 1):upper() .. w:sub(2))
  end
  return table.concat(words, " ")
end

-- A card's name, or nil for a card this game (a seat's view) does not show.
local function card_name(game, c)
  local card = c ~= nil and game:card(c) or nil
  local name = card and card.name
  if name == nil or name == "" then return nil end
  return name
end
M.card_name = card_name

-- What people call object o (a game:object record, or what an event kept of one: kind, owner,
-- card, data): a treasure by its owner ("A's treasure"), an item by its card, a creature by
-- its name and master, anything else by its kind in words ("Granite Cube").
function M.object_name(game, o)
  if o.kind == "treasure" then
    return o.owner ~= nil and (M.wizard_label(game, o.owner) .. "'s treasure") or "a treasure"
  end
  local name = card_name(game, o.card)
  if name then return name end
  if o.kind == "creature" then
    local data = type(o.data) == "table" and o.data or {}
    local what = data.name or card_name(game, data.spell) or "creature"
    return o.owner ~= nil and (M.wizard_label(game, o.owner) .. "'s " .. what) or what
  end
  if o.kind == "item" then return "an object" end
  return kind_words(o.kind)
end

-- Object o and where it lies: "Large Rock at (3,2)", "Firewall west of (3,2)" (on a line);
-- carried, its name alone.
function M.object_words(game, o)
  local at = o.at
  if not (at and at.x ~= nil) then return M.object_name(game, o) end
  if at.side ~= nil then return M.object_name(game, o) .. " " .. M.dir_words(at.side) .. " of " .. M.sq_words(at) end
  -- (the square as M.sq_words writes it, in the same concatenation)
  return M.object_name(game, o) .. " at (" .. at.x .. "," .. at.y .. ")"
end

-- A name with its article for a sentence: "the Thornbush", but "A's Homunculus" as it is.
function M.the(name)
  if name:find("'s ", 1, true) or name:sub(1, 2) == "a " or name:sub(1, 3) == "an " then return name end
  return "the " .. name
end

-- A spell in play in words, as player `viewer` may know it: its holder, its name and what it
-- is on ("B's Thornbush on (3,2)"); a card he does not see is "B's face-down card".
function M.spell_words(game, c, holder, viewer)
  local whose = holder ~= nil and (M.wizard_label(game, holder) .. "'s ") or ""
  local name = card_name(game, c)
  if not name or (viewer ~= nil and not game:sees(viewer, c)) then return whose .. "face-down card" end
  local t = game:card(c).target
  local on = type(t) == "table" and t.kind ~= "spell" and M.target_words(game, t) or nil
  return whose .. name .. ((on and on ~= "") and (" on " .. on) or "")
end

-- Target t in words, from what it names (its label where nothing better is known).
function M.target_words(game, t)
  if type(t) ~= "table" then return nil end
  local kind = t.kind
  if kind == "wizard" and t.player ~= nil then return M.wizard_label(game, t.player) end
  if t.edge ~= nil then return M.edge_words(t.edge, kind) end
  if kind == "square" and (t.at or t.x) then return M.sq_words(t.at or t) end
  if kind == "sector" and t.sector ~= nil then return "sector " .. t.sector end
  if kind == "spell" and t.card ~= nil and card_name(game, t.card) then
    return (t.player ~= nil and (M.wizard_label(game, t.player) .. "'s ") or "") .. card_name(game, t.card)
  end
  if t.label ~= nil and t.label ~= "" then return t.label end
  if t.id ~= nil then
    local o = game:object(t.id)
    if o and o.id then return M.object_words(game, o) end
  end
  if kind == "none" then return nil end
  return kind and ("the " .. kind_words(kind):lower()) or nil
end

-- Target t in words for player `viewer`, as a label reads it: a spell in play as he may know
-- it (M.spell_words), anything else as M.target_words writes it; "" for no target. Made only
-- where a person reads it: a listing's targets carry no words (rules.label_actions).
---@param t table
---@param viewer integer?
---@return string
function M.words(game, t, viewer)
  if t.kind == "spell" and t.card ~= nil then return M.spell_words(game, t.card, t.player, viewer) end
  return M.target_words(game, t) or ""
end

-- Target t with its words as `viewer` reads them (M.words) as its `label`: what a cast or a
-- throw aims at is named so in the game's record (the log, the stack, the card's target). A
-- copy: the listing's record stays as made.
---@param t table?
---@param viewer integer?
---@return table?
function M.named(game, t, viewer)
  if type(t) ~= "table" or t.label ~= nil then return t end
  local named = { label = M.words(game, t, viewer) }
  for k, v in pairs(t) do named[k] = v end
  return named
end

-- What tells target t apart from every other target (its kind and what it names): a key for
-- sets and caches, never shown. Written as the labels of old were ("player 1", "object #12",
-- "square 3,5", "wall 1,5,N"), so keys made from it stay those saved games hold.
function M.target_key(t)
  local kind = t.kind
  if kind == "wizard" then return "player " .. tostring(t.player) end
  if t.edge ~= nil then return kind .. " " .. M.edge_key(t.edge) end
  if kind == "square" then return "square " .. M.sq_label(t.at or t) end
  if t.id ~= nil then return kind .. " #" .. t.id end
  if kind == "spell" then return "spell #" .. tostring(t.card) end
  if kind == "sector" then return "sector " .. tostring(t.sector) end
  return kind or t.label
end

-- The key a volley's aim is known by ("player 1", "object #12": the labels of old), kept so
-- that saved games replay; labels are for people and may change.
M.aim_key = M.target_key

-- The four edges of a square, canonical, keyed by edge_key.
function M.edges_around(game, s) return game:edges_around(s) end

---------------------------------------------------------------------------------------------
-- Candidates, one function per target type: (game, p, range) -> list
---------------------------------------------------------------------------------------------

-- "wizard": every living wizard (an edition may leave the caster out); "self": the caster.
function M.kinds.wizard(game, _p)
  local out = {}
  for q = 0, game:player_count() - 1 do
    local pl = game:player(q)
    if pl.alive and pl.at then
      out[#out + 1] = { kind = "wizard", player = pl.id, at = pl.at }
    end
  end
  return out
end

function M.kinds.self(game, p)
  local pl = game:player(p)
  if not (pl.alive and pl.at) then return {} end
  return { { kind = "wizard", player = p, at = pl.at } }
end

-- Objects and treasures on the board (not carried, not on an edge; creatures are their own
-- type).
local function things(game, want)
  local out = {}
  for _, o in ipairs(game:objects()) do
    local kind = o.kind == "treasure" and "treasure" or (o.kind == "creature" and "creature" or "object")
    if o.at and o.at.side == nil and kind == want then
      out[#out + 1] = { kind = want, id = o.id, at = o.at }
    end
  end
  return out
end

function M.kinds.object(game, _p) return things(game, "object") end
function M.kinds.treasure(game, _p) return things(game, "treasure") end
function M.kinds.creature(game, _p) return things(game, "creature") end

-- The squares where a living wizard stands or an object lies (not carried, not on an edge),
-- by key: two answers for the whole board rather than two questions a square.
local function occupied(game)
  local taken = {}
  for q = 0, game:player_count() - 1 do
    local pl = game:player(q)
    if pl.alive and pl.at then taken[M.sq_label(pl.at)] = true end
  end
  for _, o in ipairs(game:objects()) do
    if o.at and o.at.side == nil then taken[M.sq_label(o.at)] = true end
  end
  return taken
end

-- The squares a range nearer than sight may reach from where p stands (none when he is off
-- the board): his own, and for `adjacent` the next ones (game:neighbours; M.adjacent admits
-- no other), in the board's order (row by row, as game:squares gives them). Nil for the other
-- ranges.
local NEAR = { adjacent = true, same_space = true, caster = true }
local function by_row(a, b) return a.y < b.y or (a.y == b.y and a.x < b.x) end
local function near_squares(game, p, range)
  if not NEAR[range] then return nil end
  local from = game:player(p).at
  if not from or from.side ~= nil then return {} end
  local out, listed = { from }, { [M.sq_label(from)] = true }
  if range == "adjacent" then
    for _, n in ipairs(game:neighbours(from)) do
      local label = M.sq_label(n.to)
      if not listed[label] then
        listed[label] = true
        out[#out + 1] = n.to
      end
    end
    table.sort(out, by_row)
  end
  return out
end

-- Only the squares a range nearer than sight may reach (near_squares), or with `seen_from`,
-- the squares seen from there (the others are out of a plain line of sight's range): far
-- fewer to weigh than the whole board.
local function squares(game, p, range, empty_only, seen_from)
  local out = {}
  local taken = empty_only and occupied(game) or {}
  local from_board = near_squares(game, p, range) or (seen_from and game:visible_from(seen_from)) or game:squares()
  for _, s in ipairs(from_board) do
    local label = M.sq_label(s)
    if not taken[label] then
      out[#out + 1] = { kind = "square", at = s, x = s.x, y = s.y }
    end
  end
  return out
end

function M.kinds.square(game, p, range, seen_from) return squares(game, p, range, false, seen_from) end
function M.kinds.empty_square(game, p, range, seen_from) return squares(game, p, range, true, seen_from) end

-- Every edge holding `barrier` ("wall", "door", "open"), as targets of `kind`; the board's
-- outer edges only if `rim`. With `range` "los" and `from` (where the caster stands), only
-- the lines seen from there (config `walls_seen_at`): far fewer than the whole board, and
-- each in a line of sight's range, so the list says so (`in_sight`, see M.candidates).
function M.edge_targets(game, barrier, kind, rim, range, from)
  local in_sight = range == "los" and from ~= nil
  local filter = { barrier = barrier, rim = rim, seen_from = in_sight and from or nil,
    seen_at = in_sight and game:config().walls_seen_at or nil }
  local out = {}
  for i, e in ipairs(game:lines(filter)) do
    out[i] = { kind = kind, edge = e }
  end
  out.in_sight = in_sight
  return out
end

local function edges_of(barrier, kind)
  return function(game, p, range)
    return M.edge_targets(game, barrier, kind, false, range, game:player(p).at)
  end
end
M.kinds.wall = edges_of("wall", "wall")
M.kinds.door = edges_of("door", "door")
M.kinds.border = edges_of("open", "border")

-- Spells in play (not the object cards wizards carry); M.words names them by holder and what
-- they are on (two alike told apart: "A's Thornbush on (3,2)", "B's Thornbush on (5,1)").
function M.kinds.spell(game, _p)
  local out = {}
  for q = 0, game:player_count() - 1 do
    for _, c in ipairs(game:play_area(q)) do
      if not common.is_object_card(game, c) then
        out[#out + 1] = { kind = "spell", card = c, player = q }
      end
    end
  end
  return out
end

function M.kinds.sector(game, _p)
  local out = {}
  for i = 0, game:sector_count() - 1 do
    out[#out + 1] = { kind = "sector", sector = i }
  end
  return out
end

function M.kinds.board(_game, _p) return { { kind = "board" } } end

-- Candidate targets of one type, before the range check. `seen_from` (optional): the range
-- is a plain line of sight from that square, so a type may leave out what is not seen from
-- there (squares do). A list may say which of its targets are known to be in a line of
-- sight's range (seen from where the caster stands, as M.in_range would find): `in_sight`,
-- true for all of them or a set of them ({ [t] = true }); M.legal then does not ask again.
function M.candidates(game, p, ttype, range, seen_from)
  local f = M.kinds[ttype]
  if not f then return {} end
  return f(game, p, range, seen_from)
end

---------------------------------------------------------------------------------------------
-- Ranges (8th: Target Range; classic, The Cards: the location indicator)
---------------------------------------------------------------------------------------------

-- Is target t (not a wall or door) adjacent to a wizard in `from`: the same square, or the
-- next one across an open border in sight (8th: Line of Sight and Adjacency).
function M.adjacent(game, from, t)
  return common.same_sq(from, t.at) or game:adjacent(from, t.at)
end

-- Ranges: anywhere (or none), caster (the caster himself, or things in his square), self (the
-- caster only), same_space, adjacent, los. Walls and doors in sight are seen at any point of
-- them or at their centre (config `walls_seen_at`: "any_point" or "centre"); adjacent ones are
-- the caster's square's own edges. `bent`: the sight may bend round one corner (for wizards,
-- squares and objects). `from`: where p stands, if the caller knows it.
function M.in_range(game, p, range, t, bent, from)
  if range == nil or range == "anywhere" then return true end
  if t.kind == "board" or t.kind == "sector" or t.kind == "spell" then return true end
  from = from or game:player(p).at
  if not from then return false end
  if range == "self" then return t.kind == "wizard" and t.player == p end
  if t.edge then
    if range == "los" then
      local any_point = game:config().walls_seen_at == "any_point"
      -- Walls and doors in sight come in one answer; any other line is looked at alone.
      if game:edges_in_sight(from, any_point)[M.edge_key(t.edge)] then return true end
      if t.kind == "wall" or t.kind == "door" then return false end
      return game:los_edge(from, t.edge, any_point)
    end
    return M.edges_around(game, from)[M.edge_key(t.edge)] ~= nil
  end
  local at = t.at
  if not at then return false end
  if range == "caster" then
    if t.kind == "wizard" then return t.player == p end
    return common.same_sq(from, at)
  elseif range == "same_space" then
    return common.same_sq(from, at)
  elseif range == "adjacent" then
    return M.adjacent(game, from, t)
  elseif range == "los" then
    if common.same_sq(from, at) then return true end
    if bent and game:los_bent(from, at) ~= nil then return true end
    if t.kind == "object" or t.kind == "treasure" then return game:los_object(from, t.id) end
    return game:los(from, at)
  end
  return false
end

---------------------------------------------------------------------------------------------
-- Legal targets
---------------------------------------------------------------------------------------------

-- Is t a home base square, and card (a definition) a creation? Nothing is created on a home
-- base (8th: Card Traits, Creation, and Home Base Squares; classic, Cards and Actions that
-- Change the Map; 9th: Terrain, not on a Lair), so no creation spell aims at one (a wall is
-- made on a line, never in a square).
function M.creation_at_home(game, card, t)
  return t.kind == "square" and M.is_creation(card) and game:home_sector_at(t.at) ~= nil
end

-- Does a card (its definition) have the trait `creation`?
function M.is_creation(card)
  for _, trait in ipairs(card.traits or {}) do
    if trait == "creation" then return true end
  end
  return false
end

-- May card c (its definition `card`) of player p not aim at t? No attack on oneself (8th:
-- Attacking; classic, Combat), no creation on a home base (M.creation_at_home). `cache` is the
-- listing's (see M.legal).
function M.excluded(game, p, _c, card, t, _cache)
  if card.kind == "attack" and t.kind == "wizard" and t.player == p then return true end
  return M.creation_at_home(game, card, t)
end

-- May the sight of card c bend round a corner? Around the Corner (8th Cantrip; classic) sets
-- the turn var `around_corner`: the next spell its caster casts this turn, not an object he
-- throws or wields, may see round one corner (rules/play.lua clears it as any spell is cast).
function M.bent(game, p, c, _card)
  return game:turn().active == p and game:turn().vars.around_corner == true and not common.is_object_card(game, c)
end

-- Visionstone (8th Alchemy; classic): while its wizard's stones have the power `see_through`
-- (rules/stones.lua), his spells, not the objects he throws or wields, may see through one
-- wall or door, chosen anew for each cast (stones.seen_through_wall). Within one listing every
-- spell of his sees the same way (Around the Corner, if cast, wins).
local bent_by_corner = M.bent
function M.bent(game, p, c, card)
  if bent_by_corner(game, p, c, card) then return true end
  if not common.is_object_card(game, c) and require("rules.stones").bonus(game, p, "see_through") > 0 then return "through_wall" end
  return false
end

local in_range_plain = M.in_range
function M.in_range(game, p, range, t, bent, from)
  if bent ~= "through_wall" then return in_range_plain(game, p, range, t, bent, from) end
  if in_range_plain(game, p, range, t, false, from) then return true end
  return range == "los" and require("rules.stones").seen_through_wall(game, from or game:player(p).at, t)
end

local NO_TYPES = {} -- (never written: the types of a card without any)

-- Types whose candidates may hold the same target share a family here: the caster is a
-- wizard and himself, an empty square a square. Any other two of these never meet the same
-- target (an object is an object, a treasure or a creature; a line holds a wall, a door or
-- nothing); a type not named here may meet any.
local TYPE_FAMILY = { wizard = "wizard", self = "wizard", square = "square", empty_square = "square",
  object = "object", treasure = "treasure", creature = "creature", wall = "wall", door = "door",
  border = "border", spell = "spell", sector = "sector", board = "board" }

-- May two of `types` give the same target (so a card aiming at them must tell its targets
-- apart, M.target_key)?
local function types_overlap(types)
  for i = 1, #types do
    local family = TYPE_FAMILY[types[i]]
    if family == nil then return true end
    for j = 1, i - 1 do
      if TYPE_FAMILY[types[j]] == family then return true end
    end
  end
  return false
end

-- Every legal target of card `c` for player `p`: its target types, its range, what the
-- edition excludes, and the card's own `can_target` hook.
-- `cache` (optional, a table the caller keeps for one listing of actions) shares candidate
-- lists and range verdicts between the cards of that listing: nothing changes meanwhile.
function M.legal(game, p, c, cache)
  local card = game:card(c)
  local types, range = card.targets or NO_TYPES, card.range
  local out = {}
  if #types == 0 then return out end
  cache = cache or {}
  local candidates, verdicts_by_range = cache.candidates, cache.in_range
  if not candidates then
    candidates, verdicts_by_range = {}, {}
    cache.candidates, cache.in_range = candidates, verdicts_by_range
  end
  -- (Only a line of sight may bend: for any other range the question is not asked.)
  local bent = range == "los" and M.bent(game, p, c, card)
  local asks = game:has_hook(c, "can_target")
  local asker = asks and { caster = p, controller = p } -- (one for every target it is asked of)
  local from = game:player(p).at
  local rkey = range or "nil"
  if bent then rkey = rkey .. "+bent" end
  local verdicts = verdicts_by_range[rkey]
  if not verdicts then
    verdicts = {}
    verdicts_by_range[rkey] = verdicts
  end
  -- A plain line of sight (not bent round a corner or through a wall) sees no square its
  -- caster's square does not.
  local seen_from = range == "los" and not bent and from or nil
  local lkey = seen_from and "los/plain" or rkey
  -- (A target met twice only where two of the card's target types overlap.)
  local seen = #types > 1 and types_overlap(types) and {} or nil
  for _, ttype in ipairs(types) do
    local lists = candidates[ttype]
    if not lists then
      lists = {}
      candidates[ttype] = lists
    end
    local list = lists[lkey]
    if not list then
      list = M.candidates(game, p, ttype, range, seen_from)
      lists[lkey] = list
    end
    -- (What is seen is in a line of sight's range, bent or not: M.in_range says yes at once.)
    local in_sight = range == "los" and list.in_sight
    for _, t in ipairs(list) do
      -- (a key for a target met under two types: made only for a card that has several)
      local key = seen and M.target_key(t)
      if not (seen and seen[key]) then
        -- In range first: that verdict is kept, by the candidate's own record, for every card
        -- of the listing with this range, while what the edition excludes is asked card by
        -- card.
        local in_range = verdicts[t]
        if in_range == nil then
          in_range = in_sight == true or (in_sight and in_sight[t])
            or M.in_range(game, p, range, t, bent, from)
          verdicts[t] = in_range
        end
        if in_range and not M.excluded(game, p, c, card, t, cache)
            and (not asks or game:call_card(c, "can_target", asker, t) ~= false) then
          if seen then seen[key] = true end
          out[#out + 1] = t
        end
      end
    end
  end
  return out
end

-- Targets of the given types within `range` of player p, without a card (a card's action
-- choosing where to aim: Stone Spikes).
function M.of_types(game, p, types, range)
  local out, seen = {}, {}
  -- (A plain line of sight sees no square its caster's square does not: M.candidates.)
  local seen_from = range == "los" and game:player(p).at or nil
  for _, ttype in ipairs(types) do
    for _, t in ipairs(M.candidates(game, p, ttype, range, seen_from)) do
      local key = M.target_key(t)
      if not seen[key] and M.in_range(game, p, range, t, false) then
        seen[key] = true
        t.label = M.words(game, t, p)
        out[#out + 1] = t
      end
    end
  end
  return out
end

return M
