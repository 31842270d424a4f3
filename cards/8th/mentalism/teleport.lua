-- 8th Mentalism "Teleport": vanish and reappear up to 4 squares away, counted square by
-- square without diagonals, walls, doors and objects ignored; no more movement this turn.
-- Cast when you are attacked, it is a counter: if the attacker can no longer see you where you
-- land, the attack is evaded (8th: Canceling, Reducing, and Evading Spells).
-- reconstructed: a spell-or-counter card (the card data lists it as N/C), like Flood. The
-- distance is game:distance (steps ignoring walls, through the board's links); he may not land
-- in a square an object fills (one that blocks movement). "No more movement" binds the caster
-- on his own turn only (out of turn he has none). A stunned wizard who attacked may not cast
-- it on his turn (8th: A Stunned Wizard). As a counter, "attacked" is an attack spell, a throw
-- or a punch aimed at him (rules/attacks.lua); it is evaded when the attacker's square no
-- longer sees his (a punch also needs him beside the attacker).
local attacks = require("rules.attacks")
local relocation = require("rules.relocation")
local common = require("rules.common")
local targets = require("rules.targets")
local RANGE = 4

-- The squares p may land in; with `first`, only the first found (whether he may answer an
-- attack with it is asked at every response window).
---@param game Game
---@return {label: string, square: Square}[]
local function landings(game, p, first)
  local at = game:player(p).at
  local out = {}
  if not at then return out end
  for _, s in ipairs(game:squares()) do
    local d = game:distance(at, s)
    if d ~= nil and d >= 1 and d <= RANGE then
      local blocked = false
      for _, o in ipairs(game:objects_at(s)) do if o.blocks_move then blocked = true end end
      if not blocked then
        out[#out + 1] = { label = targets.sq_words(s), square = s }
        if first then return out end
      end
    end
  end
  return out
end

return card {
  name = "Teleport", school = "mentalism", kind = "neutral",
  range = "caster", duration = "instant",
  text = "Blink up to 4 squares away (count without diagonals; walls, doors and objects don't matter). You can't move any more this turn. When you are attacked you may play it as a counter: if the attacker can't see you where you land, the attack misses.",
  can_cast = function(ctx) return ctx:may_leave_square(ctx.caster) end,
  can_respond = function(ctx, entry)
    return attacks.aimed_at(ctx.game, entry, ctx.controller) and #landings(ctx.game, ctx.controller, true) > 0
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.controller
    local opts = landings(game, p)
    if #opts == 0 then return end
    local _, i = ctx:choose(p, "square", "Teleport to which square?", opts)
    local to = opts[i].square
    relocation.put_wizard(game, p, to, "teleport")
    if game:turn().active == p and not ctx.against then ctx:moved_self(true) end
    if ctx.against and game:player(p).alive then
      local entry = game:stack_entry(ctx.against)
      local from = entry and attacks.origin(game, entry)
      local seen = from ~= nil and (common.same_sq(from, to) or game:los(from, to))
      if seen and from and entry and entry.kind == "punch" then seen = common.same_sq(from, to) or game:adjacent(from, to) end
      if not seen then ctx:evade() end
    end
  end,
  tests = {
    { "on your turn: up to 4 squares away through walls, then no more walking", function(t, g)
      local c = t:turn_of(0, "Teleport")
      local at = g:player(0).at
      local to
      for _, s in ipairs(g:squares()) do
        if not to and g:distance(at, s) == 4 and not g:los(at, s) and #g:objects_at(s) == 0 then to = s end
      end
      t:ok(to, "a square 4 steps away out of sight")
      t:answer(0, { square = to })
      t:cast { card = c }
      t:eq(g:player(0).at, to)
      t:eq(t:count { kind = "move" }, 0, "no more movement this turn")
      t:eq(g:turn().vars.attacked, nil, "not an attack")
      t:eq(g:card(c).zone.kind, "pile")
    end },
    { "as a counter: out of the attacker's sight, the Fireball misses", function(t, g)
      local f = t:turn_of(0, "Fireball")
      local c = t:give(1, "Teleport")
      local at = g:player(0).at
      t:place(1, at)
      local to
      for _, s in ipairs(g:squares()) do
        if not to and (g:distance(at, s) or 9) <= 4 and not g:los(at, s) and #g:objects_at(s) == 0 then to = s end
      end
      t:ok(to, "a hiding place")
      t:answer(1, { card = c })
      t:answer(1, { square = to })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(t:lost(1), 0)
      t:eq(g:player(1).at, to)
      t:ok(g:turn().vars.attacked, "the attack is spent")
      t:ok(t:has { kind = "move" }, "the attacker may still walk: the counter's 'no more movement' is not his")
    end },
    { "as a counter: still in sight, the Fireball hits", function(t, g)
      local f = t:turn_of(0, "Fireball")
      local c = t:give(1, "Teleport")
      local at = g:player(0).at
      t:place(1, at)
      local to = assert(require("test.spots").free_square(g, at), "a free square beside him").to
      t:answer(1, { card = c })
      t:answer(1, { square = to })
      t:cast { card = f, at = t:wizard(1) }
      t:eq(g:player(1).at, to)
      t:eq(t:lost(1), 5)
    end },
    { "not a counter to a spell that is no attack on him", function(t, g)
      local s = t:turn_of(0, "Share Life")
      local c = t:give(1, "Teleport")
      t:set_life(0, 5)
      t:set_life(1, 13)
      t:place(1, g:player(0).at)
      t:cast { card = s, at = t:wizard(1) } -- the strict agent fails on an unexpected question
      t:eq(t:life(1), 9, "shared: (5 + 13) / 2")
      t:eq(g:card(c).zone.kind, "hand")
    end },
    { "a stunned wizard who has attacked may not teleport away", function(t, g)
      local c = t:turn_of(0, "Teleport")
      t:ok(t:has { kind = "cast", card = c })
      g:set_turn_var("stunned", true)
      g:set_turn_var("attacked", true)
      t:eq(t:count { kind = "cast", card = c }, 0)
    end },
  },
}
