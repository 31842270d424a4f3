-- Magic stones (require("rules.stones")): what the editions share about them. A stone is a
-- card with the trait `magic_stone`; its power works while it lies in its wizard's play area
-- (8th: Creating Objects and Playing Items, an item works while it is carried; classic, The
-- Cards: a MAGIC STONE's power works once it is displayed). An edition's stones.lua extends
-- this module (`local M = base`).
--
-- A stone states its powers when it comes into play (`on_play`): `stones.carry(ctx, { hand =
-- 2 })`; the rules read them here while it is there (`hand`: the hand limit + n, read by
-- common.hand_count; `see_through`: his spells see through one wall or door, read by
-- targets.bent and targets.in_range; an edition adds its own powers).
local common = require("rules.common")
local M = {}

-- The wizard carrying card c (whose play area holds it), or nil.
function M.carrier(game, c)
  local zone = game:card(c).zone
  if zone.kind == "play" then return zone.player end
  return nil
end

-- The magic stones wizard p carries (in his play area).
function M.of(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do
    if common.has_trait(game, c, "magic_stone") then out[#out + 1] = c end
  end
  return out
end

function M.count(game, p) return #M.of(game, p) end

-- on_play of a stone: its powers, kept in its own data (they count while it is carried).
function M.carry(ctx, powers) ctx.data.stone = powers end

-- The sum of one power over the stones p carries.
function M.bonus(game, p, key)
  local n = 0
  for _, c in ipairs(M.of(game, p)) do
    local powers = game:card_data(c, "stone")
    if type(powers) == "table" and powers[key] then n = n + powers[key] end
  end
  return n
end

-- How much higher p's hand limit is (Brainstone); common.hand_count lowers the count by it. A
-- stone only ever raises the limit (so the 8th's check after every action may skip anyone whose
-- hand and play area together are within it: rules/common.lua, hold_hand_limits).
function M.hand_bonus(game, p) return math.max(0, M.bonus(game, p, "hand")) end

-- Wizard p draws up to n cards, never past his hand limit (8th: Discard and Draw Phase;
-- classic, Getting New Cards: never more than seven). Returns how many he drew.
function M.draw_within_limit(game, p, n)
  local drawn = 0
  for _ = 1, n do
    if common.hand_count(game, p) >= game:config().hand_limit or not common.draw(game, p) then break end
    drawn = drawn + 1
  end
  return drawn
end

-- Wizard p discards n cards of his hand, of his choice (all he has if fewer).
function M.discard_from_hand(game, p, n)
  for _ = 1, n do
    local hand = game:hand(p)
    if #hand == 0 then return end
    local opts = {}
    for _, c in ipairs(hand) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name, card = c }
    end
    local _, i = game:choose(p, "discard", "Discard a card", opts)
    common.discard(game, opts[i].card)
  end
end

-- Is target t (a wizard, object, creature or square) seen from square `from` through one
-- wall or door? reconstructed: the one wall or door is a side of the target's square; past
-- it the line of sight must be clear to the square beyond it (the wall nearest the target is
-- the one looked through; a line through a wall farther away is not traced).
function M.seen_through_wall(game, from, t)
  local at = t.at
  if not (from and at) or t.edge then return false end
  for _, n in ipairs(game:neighbours(at)) do
    local info = game:edge(n.edge)
    if (info.barrier == "wall" or info.barrier == "door") and not info.boundary
        and (common.same_sq(from, n.to) or game:los(from, n.to)) then
      return true
    end
  end
  return false
end

return M
