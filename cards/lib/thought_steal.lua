-- THOUGHT STEAL, a card of two editions (require("lib.thought_steal")): the 8th's (Mentalism, a
-- neutral spell) and classic's THOUGHT-STEAL (an attack [AF]). Both reach into the mind of a
-- wizard in sight (range line of sight, an instant spell aimed at a wizard): cards of his hand,
-- one at a time, go to the thief's hand, and then the thief discards down to his hand limit
-- (8th: A Player's Turn; classic, Getting New Cards). What he sees, which cards and how many
-- he takes, and who the thief is are each card's own: `how` says them. The module is read-only
-- and keeps no game state.
local common = require("rules.common")
local steal = {}

---What an edition's Thought Steal says itself: the rest (range, duration, targets, resolve)
---is filled in here.
---@alias thought_steal.Def CardDef

---How an edition's thief goes about it.
---@class thought_steal.How
---@field thief fun(ctx: Ctx, victim: integer): integer? who steals from the victim (nil: nobody, the spell does nothing)
---@field takes fun(ctx: Ctx): integer how many cards at the most
---@field pick fun(ctx: Ctx, victim: integer, thief: integer): integer? the next card taken (nil: no more)

-- Card `c` goes from the victim's hand to the thief's.
---@param game Game
---@param c integer
---@param victim integer
---@param thief integer
function steal.take(game, c, victim, thief)
  game:move_card(c, { kind = "hand", player = thief })
  game:log("stolen", { card = c, from = victim, by = thief })
end

-- The card `def` with the fields both editions' Thought Steals share filled in, its resolve
-- going about it as `how` says.
---@param def thought_steal.Def
---@param how thought_steal.How
---@return CardDef
function steal.card(def, how)
  def.range = "los"
  def.duration = "instant"
  def.targets = { "wizard" }
  def.resolve = function(ctx)
    local victim = ctx:target_player()
    if victim == nil then return end
    local thief = how.thief(ctx, victim)
    if thief == nil then return end
    for _ = 1, how.takes(ctx) do
      local c = how.pick(ctx, victim, thief)
      if c == nil then break end
      steal.take(ctx.game, c, victim, thief)
    end
    common.discard_to_limit(ctx.game, thief)
  end
  return def --[[@as CardDef]]
end

return steal
