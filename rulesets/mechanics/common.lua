-- Edition-neutral helpers (require("rules.common")): players and cards, piles, discarding and
-- drawing, the hand limit, ending spells and their creations, dropping, treasures. Every
-- function takes `game` first and keeps nothing between calls: all state lives in the kernel.
-- An edition's common.lua extends this module (`local M = base`) and replaces what differs;
-- functions here call each other through M, so a replaced one is used everywhere.
local M = {}

-- A copy of table t, one level deep, to change: what game queries return is read-only.
-- (Plain `next`: a copy does not depend on the order, and `pairs` sorts the keys.)
function M.copy(t)
  local out = {}
  for k, v in next, t or {} do out[k] = v end
  return out
end

function M.same_sq(a, b)
  return a ~= nil and b ~= nil and a.side == nil and b.side == nil and a.x == b.x and a.y == b.y
end

-- Are two edges ({x, y, side}, canonical) the same?
function M.same_edge(a, b)
  return a ~= nil and b ~= nil and a.x == b.x and a.y == b.y and a.side == b.side
end

function M.has_trait(game, c, trait)
  for _, tr in ipairs(game:card(c).traits or {}) do if tr == trait then return true end end
  return false
end

-- Living players in turn order, starting with the active player (the kernel's seat order).
---@return integer[]
function M.turn_order(game) return game:turn_order() end

-- Is card c an object a wizard carries (an item), rather than a spell? (edition)
function M.is_object_card(game, c) return game:card(c).kind == "item" end

-- edition: may a wizard carry objects in his hand, where others do not see them (classic,
-- The Cards: physical objects stay in the hand)? The 8th's lie face up in play (8th: Item).
function M.carries_in_hand(_game) return false end

-- The object cards wizard p carries: those of his play area.
function M.carried_cards(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do
    if M.is_object_card(game, c) then out[#out + 1] = c end
  end
  return out
end

local OPPOSITE = { N = "S", S = "N", E = "W", W = "E" }

-- The squares on either side of an edge, as { square, side } (the side of that square the
-- edge is on). A rim edge has one square on the board; its other side is the square its
-- wrap-around, warp or portal leads to (8th: Leaving the Board; classic, The Board), if any.
function M.edge_sides(game, edge)
  local e = game:edge(edge).edge
  local pair = e.side == "N" and { { x = e.x, y = e.y, side = "N" }, { x = e.x, y = e.y - 1, side = "S" } }
    or { { x = e.x, y = e.y, side = "W" }, { x = e.x - 1, y = e.y, side = "E" } }
  local out = {}
  for _, c in ipairs(pair) do
    local s = { x = c.x, y = c.y }
    if game:sector_of(s) ~= nil then out[#out + 1] = { square = s, side = c.side } end
  end
  if #out == 1 then
    for _, n in ipairs(game:neighbours(out[1].square)) do
      if n.dir == out[1].side then out[2] = { square = n.to, side = OPPOSITE[n.heading] } end
    end
  end
  return out
end

-- The square on the far side of an edge from square `at` (through a rim link too), or nil.
function M.across(game, edge, at)
  for _, side in ipairs(M.edge_sides(game, edge)) do
    if not M.same_sq(side.square, at) then return side.square end
  end
  return nil
end

-- Does an object that stops movement lie in square s?
function M.movement_blocked_at(game, s)
  for _, o in ipairs(game:objects_at(s)) do
    if o.blocks_move then return true end
  end
  return false
end

---------------------------------------------------------------------------------------------
-- Piles, drawing and the hand limit
---------------------------------------------------------------------------------------------

-- The draw and discard piles player p uses (one deck for all unless an edition says more).
function M.piles_of(_game, _p) return "deck", "discard" end

-- The discard pile card c goes to.
function M.discard_pile(_game, _c) return "discard" end

-- Card c goes to its discard pile. The event says whose hand or play area it left (`player`,
-- `from`: the zone's kind) for the narration; `spent`: it goes as it is used, not as its
-- holder discards it (a boost, a trap sprung: their own entries tell it).
---@param spent? boolean
function M.discard(game, c, spent)
  local zone = game:card(c).zone
  game:move_card(c, { kind = "pile", pile = M.discard_pile(game, c) })
  game:after("discard", { card = c, player = zone.player, from = zone.kind, spent = spent or nil })
end

-- What an event keeps of object o for the words told of it later, when it may be gone: its
-- kind, owner, card (an item's own), a creature's spell (named by it), its place (a square,
-- or a line) (rules/targets.lua, object_name). Ids, no names: the words are found in the
-- seat's view, where a card he may not see has none.
function M.object_facts(o)
  local data = nil
  if o.kind == "creature" and type(o.data) == "table" then data = { spell = o.data.spell } end
  return { kind = o.kind, owner = o.owner, card = o.card, data = data, at = o.at }
end

-- The top card of p's deck to his hand; an empty deck is first refilled by shuffling its
-- discard pile (8th: A Player's Turn; classic: reconstructed, its rulebook does not say).
-- Returns the card, or nil when there is none or a handler refused the draw.
function M.take_top(game, p)
  local deck_name, discard_name = M.piles_of(game, p)
  if game:pile_top(deck_name) == nil then
    for _, c in ipairs(game:pile(discard_name)) do game:move_card(c, { kind = "pile", pile = deck_name }) end
    game:shuffle_pile(deck_name)
  end
  local c = game:pile_top(deck_name)
  if c == nil then return nil end
  if not game:before("draw", { player = p }) then return nil end
  game:move_card(c, { kind = "hand", player = p })
  game:after("draw", { player = p, card = c })
  return c
end

-- Draws one card for p (an edition may spring what is drawn: classic TRAP!).
function M.draw(game, p) return M.take_top(game, p) end

-- Does card c of p's play area count toward his hand limit?
---@return boolean
function M.counts_toward_limit(_game, _p, _c) return false end

-- The hand limit's count: the hand, and what of the play area counts toward it. A stone
-- raising its wielder's hand limit (Brainstone, rules/stones.lua: hand_bonus) lowers the count
-- instead, since every rule measures the count against the limit.
function M.hand_count(game, p)
  local n = #game:hand(p)
  for _, c in ipairs(game:play_area(p)) do
    if M.counts_toward_limit(game, p, c) then n = n + 1 end
  end
  return n - require("rules.stones").hand_bonus(game, p)
end

-- Cards of p's play area he may discard to get down to his hand limit (none by default).
function M.discardable_in_play(_game, _p) return {} end

-- Over the limit, discard down to it at once, one card at a time (8th: A Player's Turn;
-- classic, Getting New Cards).
function M.discard_to_limit(game, p)
  local limit = game:config().hand_limit
  while M.hand_count(game, p) > limit do
    local opts = {}
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name, card = c }
    end
    -- (one in play told apart from one like it in the hand)
    for _, c in ipairs(M.discardable_in_play(game, p)) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name .. " (in play)", card = c, shown = true }
    end
    if #opts == 0 then return end
    local _, i = game:choose(p, "discard", "Discard down to " .. limit .. " cards", opts)
    local o = opts[i] ---@type table
    if o.shown then game:call_card(o.card, "on_end", { controller = p }) end
    M.discard(game, o.card)
  end
end

-- The end of a turn's cards: discard any, one at a time (`done` ends), then draw up to
-- `draw` without passing the hand limit, as many as the player says, then discard down to it
-- (8th: Discard and Draw Phase; classic, Getting New Cards). A wizard who dies drawing
-- (classic TRAP!) draws no more.
-- How many of `room` cards p draws: as many, fewer or none, as he says (8th: Discard and Draw
-- Phase, step 2; classic, Getting New Cards: "up to two"). A player nobody asks (tests
-- letting turns pass) draws them all.
function M.cards_to_draw(game, p, room)
  if room <= 0 then return 0 end
  local opts = {}
  for n = room, 0, -1 do
    opts[#opts + 1] = { key = "draw_" .. n, label = n == 0 and "draw none" or ("draw " .. n), n = n }
  end
  local _, i = game:choose(p, "draw", "How many cards do you draw?", opts, { pass = "draw_" .. room })
  return opts[i].n
end

-- edition: p discards card c of his hand at the end of his turn (9th: a carried object falls
-- where he stands instead).
function M.discard_at_turn_end(game, _p, c) M.discard(game, c) end

function M.discard_and_draw(game, p)
  local cfg = game:config()
  while #game:hand(p) > 0 do
    local opts = {}
    for _, c in ipairs(game:hand(p)) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name, card = c }
    end
    opts[#opts + 1] = { key = "done" }
    local _, i = game:choose(p, "discard", "Discard a card, or done", opts, { pass = "done" })
    if not opts[i].card then break end
    M.discard_at_turn_end(game, p, opts[i].card)
  end
  local room = M.cards_to_draw(game, p, math.min(cfg.draw, cfg.hand_limit - M.hand_count(game, p)))
  for _ = 1, room do
    if not game:player(p).alive or not M.draw(game, p) then break end
  end
  if game:player(p).alive then M.discard_to_limit(game, p) end
end

---------------------------------------------------------------------------------------------
-- Spells in play and what they created
---------------------------------------------------------------------------------------------

-- The walls and doors card c made that still stand, found on the board by their maker
-- (wherever a sector turn has carried them).
function M.walls_of(game, c)
  local out = {}
  for _, info in ipairs(game:edges { created_by = c }) do out[#out + 1] = info.edge end
  return out
end

-- Objects and walls a card created go when the card leaves play (8th: Maintaining Spells;
-- classic, Cards and Actions that Change the Map).
function M.remove_creations(game, c)
  for _, e in ipairs(M.walls_of(game, c)) do
    game:unmake_barrier(e, c)
    game:after("object_destroyed", { edge = e, card = c })
  end
  for _, id in ipairs(game:card_data(c, "objects") or {}) do
    local o = game:object(id)
    if o and o.id then
      game:remove_object(id)
      game:after("object_destroyed", { object = id, card = c, what = M.object_facts(o) })
    end
  end
  game:set_card_data(c, "made_walls", nil)
  game:set_card_data(c, "objects", nil)
end

-- A spell in play ends: its effects stop, its creations go, its card is discarded, or goes to
-- zone `to` if given (the 9th's killer takes it).
---@param game Game
---@param c integer
---@param to? Zone
function M.end_spell(game, c, to)
  local card = game:card(c)
  game:call_card(c, "on_end", { controller = card.controller })
  M.remove_creations(game, c)
  game:set_card(c, { energy = 0 })
  if to then game:move_card(c, to) else M.discard(game, c) end
  game:after("spell_end", { card = c, player = card.controller })
end

---------------------------------------------------------------------------------------------
-- Carried things
---------------------------------------------------------------------------------------------

-- A dropped object card becomes an object marker in the square, movable: anyone may pick it
-- up later (8th: Picking Up and Dropping Objects; classic, Dropping and Retrieving Objects).
function M.drop_object(game, p, c, at)
  game:call_card(c, "on_end", { controller = p })
  local id = game:create_object { kind = "item", card = c, at = at, mobile = true, owner = p }
  game:set_card(c, { controller = nil, target = nil })
  game:after("drop", { player = p, card = c, object = id, square = at })
  return id
end

-- The treasure wizard p carries (one at a time), or nil.
function M.carried_treasure(game, p)
  for _, o in ipairs(game:objects()) do
    if o.kind == "treasure" and o.carried_by == p then return o end
  end
  return nil
end

-- Wizard p drops the treasure he carries (object id) in his square: false if a handler
-- refused it.
function M.drop_treasure(game, p, id)
  local at = game:player(p).at
  if not game:before("drop", { player = p, object = id, treasure = true }) then return false end
  game:set_object(id, { at = at })
  game:after("drop", { player = p, object = id, treasure = true, square = at })
  return true
end

---------------------------------------------------------------------------------------------
-- Treasures and the end of the game
---------------------------------------------------------------------------------------------

-- Enemy treasures lying on p's home base (8th: Scoring Victory Points; classic, Winning).
-- (What lies on one square: asked after every action, so not a walk over every object.)
function M.treasures_home(game, p)
  local n = 0
  for _, o in ipairs(game:objects_at(game:home(game:player(p).home_sector))) do
    if o.kind == "treasure" and o.owner ~= p then n = n + 1 end
  end
  return n
end

-- Victory points (8th: Scoring Victory Points; 9th: How to Win): the enemy treasures lying on
-- a wizard's home base, plus one for each wizard he killed (player var `kill_vp`) while kills
-- score. `[config] victory_points`: the points that win (optional: classic counts treasures
-- only, `treasures_to_win`).

-- edition: do kills score victory points now (8th Treasure Hunters: no)?
---@return boolean
function M.kills_score(_game) return true end

-- p killed a wizard: one victory point, while kills score.
function M.score_kill(game, p)
  if not M.kills_score(game) then return end
  game:set_player_var(p, "kill_vp", (game:player(p).vars.kill_vp or 0) + 1)
end

-- p's victory points.
function M.victory_points(game, p)
  local n = M.treasures_home(game, p)
  if M.kills_score(game) then n = n + (game:player(p).vars.kill_vp or 0) end
  return n
end

-- edition: the victory points that win.
---@return integer
function M.victory_target(game) return game:config().victory_points end

-- The first wizard in turn order with `target` victory points (M.victory_points) wins.
-- Returns true when the game is over. `order`: the turn order, if the caller has it.
function M.check_points(game, target, order)
  for _, p in ipairs(order or M.turn_order(game)) do
    if M.victory_points(game, p) >= target then return M.finish(game, p, target .. " victory points") end
  end
  return false
end

-- edition: does card c of a wizard's play area stay there when he dies (8th Permanent
-- Creations)? Otherwise the spell ends.
---@return boolean
function M.stays_after_death(_game, _c) return false end

-- Wizard q dies (8th: Life, Damage, and Dying; 9th: Death): the objects he carries fall in
-- his square (M.is_object_card), his spells end (but M.stays_after_death), a treasure he
-- carries falls. His hand goes to `killer` if `takes` (the edition says when: 8th a direct
-- attack, 9th any kill) and the killer is another living wizard, who then scores a kill
-- (M.score_kill) and discards down to his limit; otherwise it is discarded.
function M.kill_and_drop(game, q, killer, takes)
  local pl = game:player(q)
  if not pl.alive then return end
  local at = pl.at
  for _, c in ipairs(game:play_area(q)) do
    if M.is_object_card(game, c) then M.drop_object(game, q, c, at)
    elseif not M.stays_after_death(game, c) then M.end_spell(game, c) end
  end
  local t = M.carried_treasure(game, q)
  if t then game:set_object(t.id, { at = at }) end
  takes = takes and killer ~= nil and killer ~= q and game:player(killer).alive
  for _, c in ipairs(game:hand(q)) do
    if takes then game:move_card(c, { kind = "hand", player = killer }) else M.discard(game, c) end
  end
  game:set_alive(q, false)
  game:set_life(q, math.min(pl.life, 0))
  if takes then M.score_kill(game, killer) end
  game:after("death", { player = q, killer = killer, by_attack = takes and true or false })
  if takes then M.discard_to_limit(game, killer) end
end

-- Kills every living wizard whose treasures all lie on other players' home bases (of living
-- players only, when `living_only`): 8th Deadly Treasures, classic, Winning. `kill(game, p)`
-- is the edition's way to take him out.
-- (Checked after every action: what lies on the other bases is asked first, a few squares;
-- his treasures are counted over every object only when one of them lies there.)
function M.kill_robbed_wizards(game, living_only, kill)
  local players = game:players()
  for _, pl in ipairs(players) do
    if pl.alive then
      local lost = 0
      for _, other in ipairs(players) do
        if other.id ~= pl.id and (other.alive or not living_only) then
          for _, o in ipairs(game:objects_at(game:home(other.home_sector))) do
            if o.kind == "treasure" and o.owner == pl.id then lost = lost + 1 end
          end
        end
      end
      if lost > 0 then
        local mine = 0
        for _, o in ipairs(game:objects()) do
          if o.kind == "treasure" and o.owner == pl.id then mine = mine + 1 end
        end
        if lost >= mine then kill(game, pl.id) end
      end
    end
  end
end

-- The game is over: `winner` (nil for nobody) and why. Returns true.
function M.finish(game, winner, reason)
  game:set_var("over", true)
  game:set_result(winner, reason)
  return true
end

-- The end that needs no edition's rule: nobody left, or one wizard left of several.
-- Returns true when the game is over. `order`: the turn order, if the caller has it.
function M.check_last_wizard(game, reason, order)
  order = order or M.turn_order(game)
  if #order == 0 then return M.finish(game, nil, "no wizard is left alive") end
  if #order == 1 and game:player_count() > 1 then return M.finish(game, order[1], reason) end
  return false
end

return M
