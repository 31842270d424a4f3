-- Shared setup for card tests in which one wizard aims a card (or a punch) at another, and
-- cards may be played in answer (the 8th's and 9th's counters, classic's counteractions): the
-- shields, reflections, absorbs and lashes of every edition are tried against the same few
-- attacks this way, each test keeping its own checks. One call gives the cards, places the
-- wizards, queues the answers in the order they are asked and casts, throws or punches:
--   local c = require("test.duel").aim(t, "Fireball", { plays = { "Full Shield" } })
--   t:eq(t.game:card(c.plays[1]).zone.pile, "discard")
-- require("test.duel"); keeps no state.
local spots = require("test.spots")
local scenes = require("test.scenes")
local duel = {}

---A card played in answer: its name, who plays it (the wizard aimed at unless `by` says) and
---a card boosting it; or `{ pass = p }`: p is asked and lets it be.
---@class duel.Play
---@field [1] string?
---@field by integer?
---@field boost string?
---@field pass integer?

---What the duel brings. Cards are named as `t:give` takes them (a name or a key).
---@class duel.Spec
---@field by integer? who aims it, made the active player (0 unless given)
---@field at integer? the wizard aimed at (1 unless given)
---@field square Square? where the wizard aimed at stands (else in the aimer's square)
---@field boost string? a card the aimer boosts it with (an energy card, a NUMBER)
---@field plays (string|duel.Play)[]? the cards played in answer, in the order they are asked
---@field held string[]? cards the wizard aimed at holds and does not play
---@field answers string[]? the aimer's own answers, asked after those plays (a Zot!'s "damage")
---@field throw boolean? thrown (t:throw) rather than cast

---The cards given for the answers: those played (at the place of their play; a pass leaves
---its place empty) and those held.
---@class duel.Answers
---@field plays integer[]
---@field held integer[]

---The cards a duel gave: the card aimed, its boost, and those of the answers.
---@class duel.Cards: duel.Answers
---@field card integer
---@field boost integer?

-- A play given by its card's name alone is played by the wizard aimed at.
---@param given string|duel.Play
---@return duel.Play
local function as_play(given)
  if type(given) == "string" then return { given } end
  return given
end

-- Gives the answers' cards, places the wizards and queues the answers: all a duel needs
-- after the aimer's own cards but the blow itself.
---@param t T
---@param spec duel.Spec
---@return duel.Answers
local function answers(t, spec)
  local by, at = spec.by or 0, spec.at or 1
  local out = { plays = {}, held = {} } ---@type duel.Answers
  local queued = {} ---@type {[1]: integer, [2]: string|table}[]
  for i, given in ipairs(spec.plays or {}) do
    local play = as_play(given)
    if play.pass then
      queued[#queued + 1] = { play.pass, "pass" }
    else
      local who = play.by or at
      local answer = { card = t:give(who, play[1] or error("a card to play")) }
      if play.boost then answer.boost = t:give(who, play.boost) end
      out.plays[i] = answer.card
      queued[#queued + 1] = { who, answer }
    end
  end
  for _, held in ipairs(spec.held or {}) do out.held[#out.held + 1] = t:give(at, held) end
  if spec.square then
    t:place(at, spec.square)
  else
    t:place(math.max(by, at), t.game:player(math.min(by, at)).at)
  end
  for _, q in ipairs(queued) do t:answer(q[1], q[2]) end
  for _, a in ipairs(spec.answers or {}) do t:answer(by, a) end
  return out
end

-- Player `by` (0), made active, aims a new card `name` at player `at`'s wizard (1), the two
-- standing in one square (the later seat is moved onto the earlier's: seat 0 stays on his
-- home base), or the wizard aimed at standing on `spec.square`. With `at` = `by` he casts it
-- on himself. Returns the cards it gave.
---@param t T
---@param name string
---@param spec duel.Spec?
---@return duel.Cards
function duel.aim(t, name, spec)
  spec = spec or {}
  local by = spec.by or 0
  t:active(by)
  local card = t:give(by, name)
  local boost = spec.boost and t:give(by, spec.boost)
  local out = answers(t, spec) --[[@as duel.Cards]]
  out.card, out.boost = card, boost or nil
  local target = t:wizard(spec.at or 1)
  if spec.throw then
    t:throw { card = card, at = target }
  else
    t:cast { card = card, at = target, boost = out.boost }
  end
  return out
end

-- The same with a punch: player `by` (0), made active, punches player `at` (1) standing in
-- his square (`spec.boost` and `spec.throw` mean nothing here). Returns the answers' cards.
---@param t T
---@param spec duel.Spec?
---@return duel.Answers
function duel.punch(t, spec)
  spec = spec or {}
  t:active(spec.by or 0)
  local out = answers(t, spec)
  t:punch(t:wizard(spec.at or 1))
  return out
end

-- Player 0, made active, casts a new card `name` at a wall (the first such cast offered),
-- which stands whole before. Returns the wall's edge and the card.
---@param t T
---@param name string
---@return Edge edge
---@return integer card
function duel.at_wall(t, name)
  t:active(0)
  local c = t:give(0, name)
  local a = t:list { kind = "cast", card = c, target = { kind = "wall" } }[1]
  t:ok(a, "a wall in reach")
  local edge = a.target.edge ---@type Edge
  t:eq(t.game:edge(edge).damage, 0, "the wall stands whole")
  t:act(a)
  return edge, c
end

-- Players 0 and 1 two squares apart in a row, in sight of each other, with an empty square
-- between them (spots.row_of_three): 0 is placed on the first, 1 on the last. Returns the
-- three squares.
---@param t T
---@return Square at
---@return Square mid
---@return Square far
function duel.apart(t)
  local at, mid, far = spots.row_of_three(t.game)
  assert(at and mid and far, "three squares in a row")
  t:place(0, at)
  t:place(1, far)
  return at, mid, far
end

-- Card `c`, held or carried by the active player 0 (or, given by name, a new one he holds,
-- made active), is thrown at player 1 two squares away (duel.apart), the way every edition
-- throws an object (lib/thrown.lua): he loses `points`, the throw is the turn's attack and
-- the object comes to rest in his square, its card waiting by the board. Returns the object
-- lying there and the card.
---@param t T
---@param c integer|string
---@param points integer
---@return Object lying
---@return integer card
function duel.thrown_lands(t, c, points)
  local g = t.game
  if type(c) == "string" then
    t:active(0)
    c = t:give(0, c)
  end
  local _, _, far = duel.apart(t)
  t:throw { card = c, at = t:wizard(1) }
  t:eq(t:lost(1), points)
  t:ok(g:turn().vars.attacked, "the throw is the turn's attack")
  local lying = scenes.lying(g, far, c)
  assert(lying, "it lies in the target's square")
  t:eq(g:card(c).zone.kind, "board", "its card waits by the board, not in a hand")
  return lying, c
end

return duel
