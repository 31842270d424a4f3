-- Shared helpers for scenario tests that set up or read a scene (objects lying about, cards in
-- hand, questions asked), not places on the board (test.spots finds those).
-- require("test.scenes"); keeps no state.
local scenes = {}

-- The object lying in square s made from card c, or nil.
---@return Object?
function scenes.lying(game, s, c)
  for _, o in ipairs(game:objects_at(s)) do
    if o.card == c then return o end
  end
  return nil
end

-- Is card c in player p's hand?
---@return boolean
function scenes.in_hand(game, p, c)
  for _, h in ipairs(game:hand(p)) do
    if h == c then return true end
  end
  return false
end

-- A movable object lying on square s, made of a new card of that name (a Dagger, a Master Key):
-- returns the card and the object's id.
---@return integer card
---@return integer id
function scenes.object_on(game, name, s)
  local c = game:new_card(name, { kind = "pile", pile = "discard" })
  local id = game:create_object { kind = "item", card = c, at = s, mobile = true }
  return c, id
end

-- Player p, made active on square `at`, picks up a new object of that name lying there
-- (scenes.object_on): returns its card.
---@return integer card
function scenes.picked_up(t, p, name, at)
  t:active(p)
  t:place(p, at)
  local c, id = scenes.object_on(t.game, name, at)
  t:act { kind = "pick_object", object = id }
  return c
end

-- How many times player p (any player when nil) was asked a request of that kind since the
-- test began.
---@return integer
function scenes.asked(t, kind, p)
  local n = 0
  for _, a in ipairs(t:log("answer")) do
    if a.kind == kind and (p == nil or a.player == p) then n = n + 1 end
  end
  return n
end

-- Player p's cards toward the hand limit (the ruleset's rules.common.hand_count; 8th).
---@return integer
function scenes.hand_count(game, p) return require("rules.common").hand_count(game, p) end

return scenes
