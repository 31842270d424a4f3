-- Shared checks for a lasting spell aimed at a wizard (the curses of every edition: Acid Bath,
-- both Slow Deaths): laid, it stays in play and its cast is the turn's attack; stopped by a
-- Full Shield, the card is discarded at once and its victim loses nothing in the turns after.
-- Each test keeps its own name:
--   { "Full Shield stops the curse", function(t) require("test.curses").shielded(t, "Slow Death") end },
-- require("test.curses"); keeps no state.
local duel = require("test.duel")
local curses = {}

-- Player 0 aims a new card `name` at player 1, who plays a Full Shield (duel.aim): the card
-- goes to the discard pile, and after a round player 1 has lost nothing. Returns the card.
---@param t T
---@param name string
---@return integer
function curses.shielded(t, name)
  local c = duel.aim(t, name, { plays = { "Full Shield" } }).card
  t:eq(t.game:card(c).zone.pile, "discard", "stopped: the card is discarded")
  t:pass(2)
  t:eq(t:lost(1), 0, "nothing lost in the turns after")
  return c
end

-- Player 0 aims a new card `name` at player 1 (duel.aim, with `spec`'s boost or answers): the
-- curse stays in play, and its cast is the turn's attack. Returns the card.
---@param t T
---@param name string
---@param spec duel.Spec?
---@return integer
function curses.laid(t, name, spec)
  local c = duel.aim(t, name, spec).card
  t:eq(t.game:card(c).zone.kind, "play", "the curse stays in play")
  t:ok(t.game:turn().vars.attacked, "the curse is the turn's attack")
  return c
end

return curses
