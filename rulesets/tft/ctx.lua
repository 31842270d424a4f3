-- The helpers Wizard's spells call as ctx:name(...). A spell resolves on its casting (a card
-- of it put in the caster's play area when the roll to hit succeeds, casting.lua); ctx carries:
-- game, card (the casting), data (the casting's data: what the spell does while it lasts),
-- caster (the casting figure's id), seat (its player), target ({figure = id}, {cell = hex} or
-- {none = true}), charge (the ST put into a missile spell) and effect (1, or 2 and 3 for a roll
-- of 4 and 3: double and triple effect, seed L261).
local F = require("rules.figures")
local C = require("rules.casting")
local X = require("rules.combat")
local H = {}

-- Asks player p to choose one option (ctx.game:choose: returns the key and the option's
-- position; for several at once, ctx.game:choose with opts.min or opts.max).
---@param ctx Ctx
---@param p integer
---@param kind string
---@param prompt string
---@param options Option[]
---@param opts? {pass?: string} the key of the option that means "none"
---@return string key
---@return integer index
function H.choose(ctx, p, kind, prompt, options, opts) return ctx.game:choose(p, kind, prompt, options, opts) end

-- Rolls a die of n sides.
---@param ctx Ctx
---@param n integer the die's sides
---@return integer
function H.roll(ctx, n) return ctx.game:roll(n) end

-- The figure the spell was cast at (nil for a hex or no target).
---@param ctx Ctx
---@return integer?
function H.victim(ctx) return ctx.target and ctx.target.figure end

-- The hex the spell was cast at: the hex given, or the target figure's.
---@param ctx Ctx
---@return Cell?
function H.target_cell(ctx) return C.cell_of(ctx.game, ctx.target or {}) end

-- A figure's record (nil once it is gone).
---@param ctx Ctx
---@param id integer
---@return Figure?
function H.figure(ctx, id) return ctx.game:figure(id) end

-- A figure's strength now (basic ST less what it lost).
---@param ctx Ctx
---@param id integer
---@return integer
function H.st(ctx, id) return F.st(ctx.game, id) end

-- A figure's IQ now (Confusion and Aid counted).
---@param ctx Ctx
---@param id integer
---@return integer
function H.iq(ctx, id) return F.iq(ctx.game, id) end

-- A figure's adjusted DX now.
---@param ctx Ctx
---@param id integer
---@return integer
function H.adj_dx(ctx, id) return F.adj_dx(ctx.game, id) end

-- Is the figure a wizard, an animal, a humanoid, a dragon (its being's line), real or not?
---@param ctx Ctx
---@param id integer
---@param what "wizard"|"animal"|"humanoid"|"dragon"|"unreal"|"image"|"illusion"
---@return boolean
function H.is(ctx, id, what)
  local f = ctx.game:figure(id)
  if not f then return false end
  if what == "wizard" then return F.is_wizard(f) end
  if what == "unreal" then return f.vars.unreal ~= nil end
  if what == "image" or what == "illusion" then return f.vars.unreal == what end
  if what == "humanoid" and F.is_wizard(f) then return true end
  local being = f.vars.being and F.being(ctx.game, f.vars.being)
  return being ~= nil and being[what] == true
end

-- What the spell does while it lasts: keys of the casting's data that the rules read on the
-- figure it is `on` (default: the target figure): dx, iq, st (added), blur, shield, reverse,
-- invisible, flying, speed, slow, stopped, rope, helpless, asleep (set), stops (armour).
-- turns: it ends after so many turns, the turn cast counting as the first (seed L105).
---@param ctx Ctx
---@param fields table<string, any>
---@param on? integer the figure (default: the target)
function H.enchant(ctx, fields, on)
  on = on or H.victim(ctx)
  ctx.game:set_card_data(ctx.card, "on", on)
  for k, v in pairs(fields) do ctx.game:set_card_data(ctx.card, k, v) end
end

-- The same spell on another figure as well (Dazzle, Megahex Sleep, Megahex Avert): a casting
-- of its own, `part_of` this one, which lasts, is kept and ends with it. Returns its card.
---@param ctx Ctx
---@param id integer the figure
---@param fields table<string, any>
---@return integer
function H.enchant_also(ctx, id, fields)
  local game = ctx.game
  local card = game:card(ctx.card)
  local part = game:new_card(card.def, { kind = "play", player = assert(card.zone.player) })
  game:set_card(part, { target = { figure = id }, face = C.secret(card) and "down" or "default" })
  for k, v in pairs({ part_of = ctx.card, caster = ctx.caster, cast = game:turn().number, on = id }) do
    game:set_card_data(part, k, v)
  end
  for k, v in pairs(fields) do game:set_card_data(part, k, v) end
  return part
end

-- Spends more of the caster's ST than the spell's cost (Teleport's megahexes).
---@param ctx Ctx
---@param n integer
function H.spend(ctx, n) F.spend(ctx.game, ctx.caster, n) end

-- Takes control of a real being (seed L314-L326): its controller is the caster's seat while
-- the spell lasts; a summoned being is kept by this spell from now on, not by its summoning.
---@param ctx Ctx
---@param id integer
function H.control(ctx, id)
  local game = ctx.game
  local f = assert(game:figure(id))
  local keeper = f.vars.spell -- (what keeps a summoned being: its summoning or a Control)
  -- seed L320: control changes hands; an earlier Control on it hands nothing back
  for _, c in ipairs(F.spells_on(game, id)) do
    if c ~= ctx.card and game:card_data(c, "controls") then
      game:set_card_data(c, "controls", false)
      if c ~= keeper then C.end_spell(game, c) end
    end
  end
  H.enchant(ctx, { controls = true, was = f.controller }, id)
  if keeper then
    -- seed L318: the Control's ST keeps a summoned being from now on
    local vars = {}
    for k, v in pairs(f.vars) do vars[k] = v end
    vars.spell = ctx.card
    game:set_figure(id, { vars = vars })
    C.end_spell(game, keeper)
  end
  game:set_figure(id, { controller = assert(ctx.seat) })
end

-- Only one of a spell at a time on a figure (seed L300): is one of this name already on it?
---@param ctx Ctx
---@param id integer
---@return boolean
function H.already_on(ctx, id)
  local name = ctx.game:card(ctx.card).name
  for _, c in ipairs(F.spells_on(ctx.game, id)) do
    if c ~= ctx.card and ctx.game:card(c).name == name then return true end
  end
  return false
end

-- Enchants the target, but only one of a spell at a time on a figure (seed L300): with one of
-- this name already on it, this casting ends instead (its cost paid). Returns whether it took.
---@param ctx Ctx
---@param fields table<string, any>
---@return boolean
function H.enchant_once(ctx, fields)
  if H.already_on(ctx, assert(H.victim(ctx))) then
    H.end_casting(ctx)
    return false
  end
  H.enchant(ctx, fields)
  return true
end

-- Spells that add their durations rather than their effects (Slow, Speed: seed L571, L595):
-- when one setting `key` is already on the figure, it lasts `turns` more and this casting
-- ends. Returns whether it did.
---@param ctx Ctx
---@param id integer
---@param key string
---@param turns integer
---@return boolean
function H.lengthen(ctx, id, key, turns)
  for _, c in ipairs(F.spells_on(ctx.game, id)) do
    if c ~= ctx.card and ctx.game:card_data(c, key) then
      ctx.game:set_card_data(c, "turns", (ctx.game:card_data(c, "turns") or 0) + turns)
      H.end_casting(ctx)
      return true
    end
  end
  return false
end

-- Does a Spell Shield protect the figure (seed L667)? The rules check it for a spell cast at
-- a figure; a spell cast at hexes asks it for each figure there.
---@param ctx Ctx
---@param id integer
---@return boolean
function H.shielded(ctx, id) return F.spell_on(ctx.game, id, "shield") ~= nil end

-- The castings in play on a figure (card ids).
---@param ctx Ctx
---@param id integer
---@return integer[]
function H.spells_on(ctx, id) return F.spells_on(ctx.game, id) end

-- Ends a casting: what it made goes with it.
---@param ctx Ctx
---@param casting? integer (default: this one)
function H.end_casting(ctx, casting) C.end_spell(ctx.game, casting or ctx.card) end

-- Rolls dice d6 plus add, times the spell's effect (double on a 4, triple on a 3).
---@param ctx Ctx
---@param dice integer
---@param add? integer
---@return integer
function H.dice(ctx, dice, add) return X.dice(ctx.game, dice, add or 0, ctx.effect) end

-- Puts hits on a figure; its armour and Stone or Iron Flesh stop their share unless the spell
-- pierces. Returns the hits taken.
---@param ctx Ctx
---@param id integer
---@param amount integer
---@param tags? {pierce?: boolean, fire?: boolean}
---@return integer
function H.hit(ctx, id, amount, tags)
  tags = tags or {}
  return X.harm(ctx.game, id, amount, { pierce = tags.pierce, fire = tags.fire, source = ctx.caster })
end

-- A missile spell strikes (seed L285): a die for each ST put in, less `less` a die, at the
-- target. Returns the hits taken.
---@param ctx Ctx
---@param less integer what each die loses (2 Magic Fist, 1 Fireball, 0 Lightning)
---@return integer
function H.missile(ctx, less)
  local power = ctx.charge or 1
  local id = H.victim(ctx)
  if not id then return 0 end
  local dmg = X.dice(ctx.game, power, -less * power, ctx.effect)
  local taken = X.harm(ctx.game, id, dmg, { source = ctx.caster })
  -- seed L474: a missile spell on an adjacent enemy that hurts it allows a forced retreat
  local w, f = ctx.game:figure(ctx.caster), ctx.game:figure(id)
  if taken > 0 and w and f and f.at and F.enemies(w, f) and F.distance(w.at, f.at) == 1 then
    local list = ctx.game:turn().vars["struck:" .. w.id] or {}
    local copy = { id }
    for _, x in ipairs(list) do copy[#copy + 1] = x end
    ctx.game:set_turn_var("struck:" .. w.id, copy)
  end
  return taken
end

-- Knocks a figure down.
---@param ctx Ctx
---@param id integer
function H.knock_down(ctx, id) F.knock_down(ctx.game, id) end

-- A saving roll: `dice` dice at most the figure's attribute now ("st", "dx" adjusted, "iq").
---@param ctx Ctx
---@param id integer
---@param attr "st"|"dx"|"iq"
---@param dice? integer (default 3)
---@return boolean made
function H.saving_roll(ctx, id, attr, dice)
  local v = attr == "st" and F.st(ctx.game, id) or attr == "dx" and F.adj_dx(ctx.game, id) or F.iq(ctx.game, id)
  return (F.saving_roll(ctx.game, v, dice or 3))
end

-- Takes a figure off the board (an image touched, an illusion dispelled).
---@param ctx Ctx
---@param id integer
---@param why string
function H.vanish(ctx, id, why) F.vanish(ctx.game, id, why) end

-- Does the caster's side see figure id (one made unseen is hidden from the others)?
---@param ctx Ctx
---@param id integer
---@return boolean
function H.sees(ctx, id) return F.seen_by(assert(ctx.game:figure(id)), assert(ctx.seat)) end

-- The figures covering any of these hexes (each once).
---@param ctx Ctx
---@param cells Cell[]
---@return integer[]
function H.figures_in(ctx, cells)
  local seen, out = {}, {}
  for _, c in ipairs(cells) do
    for _, id in ipairs(ctx.game:figures_at(c)) do
      if not seen[id] then
        seen[id] = true
        out[#out + 1] = id
      end
    end
  end
  return out
end

-- The seven hexes of the circle around a hex (a megahex as spells count it, seed L296), on
-- the board.
---@param ctx Ctx
---@param cell Cell
---@return Cell[]
function H.circle(ctx, cell) return ctx.game:disc(cell, 1) end

-- The hexes within so many megahexes of the caster's own (Dazzle, Dispel Illusions: seed
-- L599, L665).
---@param ctx Ctx
---@param megahexes integer
---@return Cell[]
function H.within_megahexes(ctx, megahexes)
  local at = assert(assert(ctx.game:figure(ctx.caster)).at)
  local out = {}
  for _, c in ipairs(ctx.game:disc(at, megahexes * 3 + 2)) do
    local d = ctx.game:region_distance(at, c)
    if d and d <= megahexes then out[#out + 1] = c end
  end
  return out
end

-- Brings a real being of [config.beings] (seed L345): the caster's, kept by this casting,
-- shown to the others only as what it looks like, if it fits on the hex (else nothing comes
-- and the casting ends). Returns its id.
---@param ctx Ctx
---@param being string
---@param cell Cell
---@return integer?
function H.summon(ctx, being, cell)
  cell = H.beside_hidden(ctx, cell)
  if not H.fits(ctx, being, cell) then
    H.end_casting(ctx)
    return nil
  end
  return H.make_being(ctx, being, cell)
end

-- seed L216: a creation made on a figure the caster's side cannot see shows where that figure
-- stands, and appears in a hex next to it instead. Returns the hex to make it on: `cell`, or
-- the first empty hex next to it, clockwise. reconstructed: the seed says "an adjacent hex";
-- we take the first.
---@param ctx Ctx
---@param cell Cell
---@return Cell
function H.beside_hidden(ctx, cell)
  local game = ctx.game
  local hidden = false
  for _, id in ipairs(game:figures_at(cell)) do
    if not H.sees(ctx, id) then
      F.reveal(game, id)
      hidden = true
    end
  end
  if not hidden then return cell end
  for _, s in ipairs(game:cell_steps(cell)) do
    if H.empty(ctx, s.to) and not C.excluded(game, s.to) then return s.to end
  end
  return cell
end

-- A being's hexes as offsets from its anchor facing the first direction ([config.beings]
-- `cells`), or nil for a one-hex being.
local function offsets_of(game, being)
  local cells = F.being(game, being).cells
  if not cells then return nil end
  local out = {}
  for _, c in ipairs(cells) do out[#out + 1] = { q = c[1], r = c[2] } end
  return out
end

-- Does a being of [config.beings] fit with its anchor on the hex, standing as the caster
-- faces: each of its hexes on the board, empty and in play? reconstructed: the seed says only
-- that a creation appears in empty hexes (L329); a many-hex being stands as its maker faces.
---@param ctx Ctx
---@param being string
---@param cell Cell
---@return boolean
function H.fits(ctx, being, cell)
  local game = ctx.game
  local w = assert(game:figure(ctx.caster))
  local cells = game:footprint(cell, w.facing, offsets_of(game, being) or { { q = 0, r = 0 } })
  if not cells then return false end
  for _, c in ipairs(cells) do
    if not H.empty(ctx, c) or C.excluded(game, c) then return false end
  end
  return true
end

-- An image or an illusion (seed L356-L390) at the target hex of a being the caster picks
-- among those of at most `hexes` hexes that fit there; nothing when none fits (the casting
-- ends). reconstructed: the seed lets them show "anything"; we offer the game's beings, not
-- walls, fire or a double of a wizard. Returns the figure's id.
---@param ctx Ctx
---@param unreal "image"|"illusion"
---@param hexes integer
---@return integer?
function H.likeness(ctx, unreal, hexes)
  local cell = H.beside_hidden(ctx, assert(H.target_cell(ctx)))
  local options = {}
  for name, def in pairs(ctx.game:config().beings) do
    if #(def.cells or { 1 }) <= hexes and H.fits(ctx, name, cell) then
      options[#options + 1] = { key = name, label = "a " .. name:gsub("_", " ") }
    end
  end
  if #options == 0 then
    H.end_casting(ctx)
    return nil
  end
  local being = H.choose(ctx, assert(ctx.seat), "being", "What does the " .. unreal .. " show?", options)
  return H.make_being(ctx, being, cell, unreal)
end

-- Makes an image or an illusion of a being (seed L356-L380): it looks to the others exactly
-- as the real one would. Returns its id.
---@param ctx Ctx
---@param being string
---@param cell Cell
---@param unreal? "image"|"illusion" (none: a real being)
---@return integer
function H.make_being(ctx, being, cell, unreal)
  local game = ctx.game
  local def = F.being(game, being)
  local w = assert(game:figure(ctx.caster))
  local offsets = offsets_of(game, being)
  local id = game:create_figure {
    kind = being, owner = assert(ctx.seat), at = cell, facing = w.facing, footprint = offsets,
    attrs = { st = def.st, dx = def.dx, iq = def.iq, ma = def.ma, fly = def.fly },
    tokens = {},
    vars = { being = being, spell = ctx.card, created = game:turn().number, unreal = unreal, cells = offsets },
    shown_as = being,
  }
  return id
end

-- Fills hexes with fire, a wall, shadow or a slippery floor (seed L397-L403, L648): objects
-- kept by this casting. A wall blocks moves and sight; shadow hides what is in it (the rules'
-- hidden movement) and makes aiming into it or through it harder, but the line goes on.
---@param ctx Ctx
---@param kind "fire"|"wall"|"shadow"|"slippery"
---@param cells Cell[]
function H.fill(ctx, kind, cells)
  for _, c in ipairs(cells) do
    ctx.game:create_object {
      kind = kind, at = c, owner = assert(ctx.seat),
      blocks_move = kind == "wall", blocks_los = kind == "wall", fills_square = kind == "wall",
      data = { spell = ctx.card },
    }
  end
end

-- May a creation of the caster appear on the hex: his megahex or one next to it, in sight, in
-- play (seed L329-L333)?
---@param ctx Ctx
---@param cell Cell
---@return boolean
function H.creation_hex(ctx, cell) return C.creation_cell(ctx.game, assert(ctx.game:figure(ctx.caster)), cell) end

-- Takes away one object a creation made; its casting ends when nothing it made is left.
---@param ctx Ctx
---@param id integer the object
function H.unmake(ctx, id)
  local game = ctx.game
  local o = game:object(id)
  if not o then return end
  game:remove_object(id)
  local spell = o.data and o.data.spell
  if not spell or game:card(spell).zone.kind ~= "play" then return end
  for _, other in ipairs(game:objects()) do
    if other.data and other.data.spell == spell then return end
  end
  C.end_spell(game, spell)
end

-- Raises walls (seed L618, L397): never on a hex a figure stands on, but an image there
-- vanishes under it and a fire there goes out. Returns the hexes walled; with none, the casting
-- ends (its ST spent: reconstructed, as a spell that struck and was undone, L667).
---@param ctx Ctx
---@param cells Cell[]
---@return Cell[]
function H.raise_walls(ctx, cells)
  local walls = {}
  for _, c in ipairs(cells) do
    local solid = false
    for _, id in ipairs(ctx.game:figures_at(c)) do
      if assert(ctx.game:figure(id)).vars.unreal == "image" then
        F.vanish(ctx.game, id, "walled over")
      else
        -- (one the caster's side could not see shows where it stands: seed L216)
        F.reveal(ctx.game, id)
        solid = true
      end
    end
    if not solid then
      local fire = F.filled_by(ctx.game, c, "fire")
      if fire then H.unmake(ctx, fire.id) end
      walls[#walls + 1] = c
    end
  end
  if #walls == 0 then
    H.end_casting(ctx)
  else
    H.fill(ctx, "wall", walls)
  end
  return walls
end

-- Hexes the caster picks one by one, each next to one already picked, starting at the target
-- hex: up to n connected hexes in play (3-hex and 7-hex spells). `fits` says which hexes may
-- be taken.
---@param ctx Ctx
---@param n integer
---@param fits fun(cell: Cell): boolean
---@return Cell[]
function H.connected(ctx, n, fits)
  local game = ctx.game
  local first = assert(H.target_cell(ctx), "the spell was cast at no hex")
  local cells = { first }
  local taken = { [first.q .. "," .. first.r] = true }
  while #cells < n do
    local opts = { { key = "done", label = "no more hexes" } }
    local seen = {}
    for _, c in ipairs(cells) do
      for _, s in ipairs(game:cell_steps(c)) do
        local k = s.to.q .. "," .. s.to.r
        if not taken[k] and not seen[k] and not C.excluded(game, s.to) and fits(s.to) then
          seen[k] = true
          opts[#opts + 1] = { key = k, label = "add hex " .. game:cell_name(s.to), cell = s.to }
        end
      end
    end
    if #opts == 1 then break end
    local _, i = game:choose(assert(ctx.seat), "hexes", "Which hex does the spell also fill?", opts)
    if i == 1 then break end
    local o = assert(opts[i])
    cells[#cells + 1] = o.cell
    taken[o.key] = true
  end
  return cells
end

-- Is a hex empty: no figure, no wall?
---@param ctx Ctx
---@param cell Cell
---@return boolean
function H.empty(ctx, cell)
  return #ctx.game:figures_at(cell) == 0 and F.filled_by(ctx.game, cell, "wall") == nil
end

-- What fills a hex: the object of a kind (fire, wall, shadow, slippery) there, or nil.
---@param ctx Ctx
---@param cell Cell
---@param kind string
---@return Object?
function H.filled_by(ctx, cell, kind) return F.filled_by(ctx.game, cell, kind) end

-- Moves a figure to a hex (Teleport), facing as given.
---@param ctx Ctx
---@param id integer
---@param cell Cell
---@param facing? string
function H.place(ctx, id, cell, facing)
  local from = assert(ctx.game:figure(id)).at
  ctx.game:set_figure(id, { at = cell, facing = facing })
  ctx.game:after("move", { figure = id, from = from, to = cell, teleport = true })
end

return H
