-- A wall of water that rises and falls at once: classic WATERWALL and the 9th's WALL OF WATER
-- are one behaviour under two names (require("lib.water_wall"); each card's hooks are these
-- functions). As a neutral spell, on an empty line in sight: each wizard in the two squares
-- beside the line is pushed straight away from it as many squares as the card's NUMBER
-- (ctx:power, 1 without), and each square a wall or anything else keeps him from going costs him
-- 1 point (physical, water: indirect damage, which Absorb or Blunt may answer). As a counter
-- against a spell or a thrown object aimed at its player, the water stands in the way and the
-- attack misses (a spell that misses does nothing); then it takes no NUMBER. The two cards are
-- one card under two names: water.card gives both the same fields and hooks, each card writing
-- only its name, count, text and tests (lib/same_card.lua). The module is read-only and keeps no
-- game state.
local same_card = require("lib.same_card")
local water = {}

local OPPOSITE = { N = "S", S = "N", E = "W", W = "E" }
local ANSWERS = { spell = true, throw = true }

-- Offered as a neutral spell in its player's turn as well as a counter.
---@param _ctx Ctx
function water.can_cast(_ctx) return true end

-- Only an empty line: no wall, door, fire or other water on it.
---@param ctx Ctx
---@param t Target
function water.can_target(ctx, t) return #ctx.game:edge(t.edge).obstacles == 0 end

-- A counter only to a spell or a thrown object aimed at its own player.
---@param ctx Ctx
---@param entry StackEntry
function water.can_respond(ctx, entry)
  return ANSWERS[entry.kind] == true and entry.marks.defender == ctx.controller
end

---@param ctx Ctx
function water.resolve(ctx)
  if ctx.against then
    ctx:evade()
    return
  end
  local game = ctx.game
  local n = ctx:power()
  for _, side in ipairs(ctx:edge_sides(ctx.target.edge)) do
    local dir = OPPOSITE[side.side]
    for _, p in ipairs(game:seats_at(side.square)) do
      local run = game:run(side.square, dir, n, { player = p })
      if #run.squares > 0 then ctx:move_wizard(p, run.squares[#run.squares]) end
      local stopped = n - #run.squares
      if stopped > 0 and game:player(p).alive then ctx:damage(p, stopped, { physical = true, water = true }) end
    end
  end
end

-- The whole card: a counter (offered in its player's turn as well) on an empty line in sight,
-- of water, powered by a NUMBER, with the hooks above; the card writes its name, count, text
-- and tests.
---@param own same_card.Own
---@return CardDef
function water.card(own)
  return same_card.build(own, {
    kind = "counter",
    range = "los", duration = "instant", targets = { "border" },
    traits = { "water", "number_power" },
    can_cast = water.can_cast,
    can_target = water.can_target,
    can_respond = water.can_respond,
    resolve = water.resolve,
  })
end

return water
