-- Shared setup for the tests of Wizard's spells (rulesets/tft): the two wizards face each
-- other in the middle of the arena, seat 0's about to act in the action phase.
--   local arena = require("test.arena")
--   local me, foe = arena.duel(t)             -- seat 0's wizard, seat 1's, 2 hexes apart
--   local c = t:give(0, "Magic Fist")
--   t:dice { 3, 3, 3, 4, 5 }                  -- the roll to hit, then the damage
--   t:answer(0, "2")                          -- 2 ST into it
--   t:act { kind = "cast", card = c, target = { figure = foe } }
--   t:eq(arena.lost(t, foe), 5)
-- require("test.arena"); keeps no state.
local arena = {}

-- The middle of the arena, and the hexes along a line east of it.
arena.middle = { q = 0, r = 8 }

---@param n integer
---@return Cell
function arena.east(n) return { q = arena.middle.q + n, r = arena.middle.r } end

-- The first figure of seat p that is a wizard.
function arena.wizard(t, p)
  for _, f in ipairs(t.game:figures()) do
    if f.owner == p and f.vars.wizard then return f.id end
  end
  error("seat " .. p .. " has no wizard")
end

-- Puts a figure on a hex facing a way.
function arena.place(t, id, cell, facing)
  t.game:set_figure(id, { at = cell, facing = facing or "E" })
end

-- Makes figure id the one to act now in the action phase (its seat's turn).
function arena.ready(t, id)
  local f = t.game:figure(id)
  t:active(f.controller, "actions")
  t.game:set_var("prepared", true)
  t.game:set_turn_var("actor", id)
end

-- The usual opening: seat 0's wizard on the middle hex facing east, seat 1's `gap` hexes
-- east of it facing west, seat 0's about to act. Seat 0's wizard has ST 16, DX 12 and IQ 16:
-- he knows enough and is strong enough to cast any spell. Returns both wizards' figures.
function arena.duel(t, gap)
  local me, foe = arena.wizard(t, 0), arena.wizard(t, 1)
  t.game:set_figure(me, { attrs = { st = 16, dx = 12, iq = 16 } })
  arena.place(t, me, arena.middle, "E")
  arena.place(t, foe, arena.east(gap or 2), "W")
  arena.ready(t, me)
  return me, foe
end

-- The hex a figure stands on (the test fails if it is gone or off the board).
---@param t T
---@param id integer
---@return Cell
function arena.at(t, id)
  local f = t.game:figure(id)
  if not (f and f.at) then error("figure " .. id .. " is on no hex", 2) end
  return f.at
end

-- ST a figure has lost (to hits and to spells).
function arena.lost(t, id)
  local f = t.game:figure(id)
  return f.tokens.lost or 0
end

-- A figure's ST now.
function arena.st(t, id)
  local f = t.game:figure(id)
  return f.attrs.st - (f.tokens.lost or 0)
end

-- The castings in play on a figure (cards whose data says they are `on` it).
function arena.spells_on(t, id)
  local out = {}
  for _, e in ipairs(t.game:play_area_data("on")) do
    if e.value == id then out[#out + 1] = t.game:card(e.card) end
  end
  return out
end

-- A casting of `spell` by seat p's wizard put straight on figure `on`, its data `fields` (say
-- { invisible = true, turns = 9 }): a spell already on a figure, without casting it. Returns
-- the casting.
function arena.enchant(t, p, spell, on, fields)
  local c = t:put(p, spell)
  local data = { on = on, caster = arena.wizard(t, p), cast = t.game:turn().number }
  for k, v in pairs(fields) do data[k] = v end
  for k, v in pairs(data) do t.game:set_card_data(c, k, v) end
  -- (as the rules' hidden movement has it after the next step, for a figure no foe is next to)
  if fields.invisible then t.game:set_figure(on, { unseen = true }) end
  return c
end

-- A being of [config.beings] of seat p on a hex, facing a way, made as the rules make one
-- (ctx:make_being: its numbers from the ruleset, shown to the others as its kind), or an image
-- or illusion of one; not made this turn, so it may act at once. Returns its id.
function arena.being(t, p, kind, at, facing, unreal)
  local def = t.game:config().beings[kind]
  local offsets
  if def.cells then
    offsets = {}
    for _, c in ipairs(def.cells) do offsets[#offsets + 1] = { q = c[1], r = c[2] } end
  end
  return t.game:create_figure {
    kind = kind, owner = p, at = at, facing = facing, footprint = offsets,
    attrs = { st = def.st, dx = def.dx, iq = def.iq, ma = def.ma, fly = def.fly }, tokens = {},
    vars = { being = kind, unreal = unreal, cells = offsets }, shown_as = kind,
  }
end

-- The figures of a kind, as records.
function arena.figures_of(t, kind)
  local out = {}
  for _, f in ipairs(t.game:figures()) do
    if f.kind == kind then out[#out + 1] = f end
  end
  return out
end

-- Gives seat p's wizard the spell and casts it at target ({figure =}, {cell =}, {none = true}),
-- the dice loaded with `rolls` and the caster's later answers queued. Returns the card.
function arena.cast(t, spell, target, rolls, answers)
  local c = t:give(0, spell)
  if rolls then t:dice(rolls) end
  for _, a in ipairs(answers or {}) do t:answer(0, a) end
  t:act { kind = "cast", card = c, target = target }
  return c
end

-- Seat 0's wizard casts the spell blind (seed L214) into `cell`, the foe's wizard made
-- invisible first, the dice loaded with `rolls` and the caster's answers after the hex queued.
-- Returns the caster and the foe.
function arena.cast_blind(t, spell, cell, rolls, answers)
  local me, foe = arena.duel(t)
  arena.enchant(t, 1, "Invisibility", foe, { invisible = true })
  local c = t:give(0, spell)
  t:answer(0, cell.q .. "," .. cell.r)
  for _, a in ipairs(answers or {}) do t:answer(0, a) end
  t:dice(rolls)
  t:act { kind = "guess", figure = me, card = c }
  return me, foe
end

return arena
