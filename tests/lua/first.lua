-- Shared steps for card tests in which a spell is cast first, on its own or on its caster (a
-- waiting modifier such as Add, Amplify, Extend or Reuse Spell; a change to the caster's body
-- such as Slime Form or Strength), with cards held for what follows, and then a spell is cast
-- at the wizard in his square. Each test keeps its own checks:
--   local a, held = first.cast(t, "Add", { "Energy 4", "Energy 5", "Zot!" }, { answers = { { value = 4 } } })
--   first.at_one(t, held[3], { answers = { { 0, "damage" } } })
-- require("test.first"); keeps no state.
local first = {}

---How the first spell is cast.
---@class first.Spec
---@field boost string? a card it is boosted with (an energy card, a NUMBER)
---@field answers (string|table)[]? the caster's answers while it resolves, in order

-- Player 0, made active, holds a new card `name` and new cards `held` (named, in this order),
-- and casts it (on no target), his answers queued first. Returns it and the cards held.
---@param t T
---@param name string
---@param held string[]?
---@param spec first.Spec?
---@return integer card
---@return integer[] held
function first.cast(t, name, held, spec)
  spec = spec or {}
  t:active(0)
  local c = t:give(0, name)
  local ids = {} ---@type integer[]
  for i, h in ipairs(held or {}) do ids[i] = t:give(0, h) end
  local boost = spec.boost and t:give(0, spec.boost) or nil
  for _, x in ipairs(spec.answers or {}) do t:answer(0, x) end
  t:cast { card = c, boost = boost }
  return c, ids
end

---How the spell that follows is cast at player 1.
---@class first.Then
---@field boost integer? a card of player 0's hand it is boosted with
---@field answers {[1]: integer, [2]: string|table}[]? answers queued first, in order, each `{ player, answer }` (a Zot!'s "damage", a counter)

-- Then player 0's card `c`, held, is cast at player 1, brought into his square.
---@param t T
---@param c integer
---@param spec first.Then?
function first.at_one(t, c, spec)
  spec = spec or {}
  t:place(1, t.game:player(0).at)
  for _, x in ipairs(spec.answers or {}) do t:answer(x[1], x[2]) end
  t:cast { card = c, at = t:wizard(1), boost = spec.boost }
end

-- Player 0, made active, holds a new card `name` and new cards `held`, and may not cast it
-- (`why` says why). Returns it.
---@param t T
---@param name string
---@param held string[]
---@param why string?
---@return integer
function first.uncastable(t, name, held, why)
  t:active(0)
  local c = t:give(0, name)
  for _, h in ipairs(held) do t:give(0, h) end
  t:eq(t:count { kind = "cast", card = c }, 0, why)
  return c
end

return first
