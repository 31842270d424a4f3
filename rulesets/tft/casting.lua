-- Casting spells (seed L252-L307, L327-L403): whom a spell may be cast at, the roll to hit
-- against adjusted DX, what it costs, and the spells that go on (continuing ones renewed each
-- turn, those lasting a stated number of turns, creations that last).
--
-- A wizard's spells are cards in his seat's hand: known, never spent. A spell that works puts
-- a new card of it in the caster's play area, the casting: its target, its power, and its data
-- (`on` the figure it is on, `dx`, `turns`...) are what the spell does for as long as it
-- lasts; an instant casting leaves play at once. A creation or a secret protection goes in
-- face down: the others learn neither its name nor its data (seed L305, L327).
local F = require("rules.figures")
local C = {}

-- The IQ a spell needs: its school, "iq8" to "iq16" (the Spell Table's groups).
function C.iq_of(card) return tonumber(card.school:sub(3)) end

local function has(list, word)
  for _, w in ipairs(list or {}) do
    if w == word then return true end
  end
  return false
end
C.has = has

-- Does the caster choose how much ST goes into it (a missile, a `charged` spell)?
local function charged(card) return card.kind == "missile" or has(card.traits, "charged") end

-- Is the spell cast in secret: a creation, or one that may be secret protection?
function C.secret(card) return card.kind == "creation" or has(card.traits, "secret_protection") end

-- The hexes "generally in front" of a figure, its own and the adjacent ones (seed L233): where
-- its spells may go. reconstructed: the diagram is lost; we take the three wedges ahead.
function C.in_reach(game, w, cell)
  if F.distance(w.at, cell) <= 1 then return true end
  local b = game:bearing(w.at, w.facing, cell)
  if not b then return true end
  if b.wedge then return b.wedge == 5 or b.wedge == 0 or b.wedge == 1 end
  return has(b.between, 0) or (has(b.between, 5) and has(b.between, 1))
end

-- Where a creation may appear (seed L329-L333): the caster's megahex and those next to it,
-- in a hex he can see.
function C.creation_cells(game, w)
  local out = {}
  for _, cell in ipairs(game:disc(w.at, 5)) do
    if C.creation_cell(game, w, cell) then out[#out + 1] = cell end
  end
  return out
end

-- May a creation of wizard w appear on this hex?
function C.creation_cell(game, w, cell)
  local d = game:region_distance(w.at, cell)
  return d ~= nil and d <= 1 and game:los(w.at, cell) and not C.excluded(game, cell)
end

-- Hexes out of play: the shaded ones in the tunnel (option tunnel, seed L158).
function C.excluded(game, cell)
  if not game:option("tunnel") then return false end
  for _, m in ipairs(game:marks_at(cell)) do
    if m == "shaded" then return true end
  end
  return false
end

-- Every hex in the reach and sight of wizard figure w and in play, as targets added to `out`.
local function add_cells_in_sight(game, w, out)
  for _, cell in ipairs(game:disc(w.at, 8)) do
    if C.in_reach(game, w, cell) and game:los(w.at, cell) and not C.excluded(game, cell) then
      out[#out + 1] = { cell = cell }
    end
  end
end

-- The targets a spell may be cast at now by wizard figure w: records for the action list.
function C.targets(game, w, card)
  local out = {}
  local kinds = card.targets
  if has(kinds, "none") then out[#out + 1] = { none = true } end
  if has(kinds, "self") then out[#out + 1] = { figure = w.id } end
  if has(kinds, "figure") then
    for _, f in ipairs(game:figures()) do
      if f.at and (not f.unseen or f.controller == w.controller or F.spell_on(game, w.id, "sight")) then
        local near = false
        for _, c in ipairs(f.cells) do
          if C.in_reach(game, w, c) and (f.id == w.id or game:los(w.at, c)) then near = true end
        end
        if near and not (card.kind == "missile" and f.id == w.id) then out[#out + 1] = { figure = f.id } end
      end
    end
  end
  if has(kinds, "empty_hex") or (has(kinds, "hex") and card.kind == "creation") then
    local empty_only = has(kinds, "empty_hex")
    for _, cell in ipairs(C.creation_cells(game, w)) do
      -- (a hex where a figure stands that his side cannot see looks empty to him: seed L216)
      if not F.filled_by(game, cell, "wall") and not (empty_only and F.seen_at(game, cell, w.controller)) then
        out[#out + 1] = { cell = cell }
      end
    end
  elseif has(kinds, "hex") then
    add_cells_in_sight(game, w, out)
  end
  if has(kinds, "any_hex") then
    for _, cell in ipairs(game:disc(w.at, 30)) do
      if not C.excluded(game, cell) and not (cell.q == w.at.q and cell.r == w.at.r) then out[#out + 1] = { cell = cell } end
    end
  end
  if has(kinds, "megahex") then
    -- any seven-hex circle whose centre is in reach and sight (seed L296)
    add_cells_in_sight(game, w, out)
  end
  return out
end

-- The cell a target names (a figure's anchor, or the hex).
function C.cell_of(game, target)
  if target.cell then return target.cell end
  if target.figure then
    local f = game:figure(target.figure)
    return f and f.at
  end
  return nil
end

-- The DX adjustments against a figure (seed L700-L740): invisible -6, and not with blur or
-- shadow then; else blurred -4, in a shadow -4; flying -4.
function C.against(game, target)
  local f = game:figure(target)
  if not f then return 0 end
  local n = 0
  if F.spell_on(game, f.id, "invisible") then
    n = -6
  else
    if F.spell_on(game, f.id, "blur") then n = n - 4 end
    if f.at and F.filled_by(game, f.at, "shadow") then n = n - 4 end
  end
  if F.flying(game, f) then n = n - 4 end
  return n
end

-- The caster's own: in a shadow, or aiming through one, -6 (seed L399); flying -2 (Flight).
function C.own(game, w, cell)
  local n = 0
  if w.at and (F.filled_by(game, w.at, "shadow") or (cell and C.through_shadow(game, w.at, cell))) then n = n - 6 end
  if F.spell_on(game, w.id, "flying") then n = n - 2 end
  return n
end

-- Does the line from a to b cross a shadow on the way (its ends apart)?
function C.through_shadow(game, a, b)
  for _, step in ipairs(game:line(a, b) or {}) do
    local c = step.cell
    if c and not (c.q == a.q and c.r == a.r) and not (c.q == b.q and c.r == b.r) and F.filled_by(game, c, "shadow") then
      return true
    end
  end
  return false
end

-- Range: a thrown spell -1 a hex (seed L294); a missile -1 for every two megahexes past the
-- second (seed L283); a creation or a special spell none (L335, L404).
function C.range(game, w, card, cell)
  if not cell or not w.at then return 0 end
  if card.kind == "thrown" then return -F.distance(w.at, cell) end
  if card.kind == "missile" then
    local md = game:region_distance(w.at, cell) or 0
    if md <= 2 then return 0 end
    return -((md - 1) // 2)
  end
  return 0
end

-- A roll to hit (seed L257-L273): dice 3 (4 against a figure dodging or defending), at most
-- adjusted DX; 3, 4 and 5 (4 and 5 on four dice) always hit, 3 triple and 4 double; 16 and up
-- (20 and up on four) always miss. Returns hit, the roll, and the effect (1, 2 or 3).
function C.roll_to_hit(game, adj, dice)
  dice = dice or 3
  local total = 0
  for _ = 1, dice do total = total + game:roll(6) end
  local effect = 1
  if dice == 3 and total == 3 then effect = 3 elseif total == 4 then effect = 2 end
  local hit
  if total <= 5 then
    hit = true
  elseif (dice == 3 and total >= 16) or (dice == 4 and total >= 20) then
    hit = false
  else
    hit = total <= adj
  end
  return hit, total, effect
end

-- What a spell costs cast at a target: its energy, or what its card's `cost` hook says where
-- the victim makes it dearer (Trip, Drop Weapon); a charged one, 1 ST at the least.
function C.cost(game, w, c, target)
  local card = game:card(c)
  local cost = card.energy_value or 0
  if charged(card) then return math.max(cost, 1) end
  if target and game:has_hook(c, "cost") then
    cost = game:call_card(c, "cost", { caster = w.id, seat = w.owner }, target) or cost
  end
  return cost
end

-- May a wizard pay `cost` and keep ST 1 at least (seed L59)?
function C.affords(game, w, cost) return cost <= F.st(game, w.id) - 1 end

-- The spells a wizard may cast now: known, within his IQ (Confusion lowers it, seed L580), and
-- leaving him ST 1 at least (seed L59) at their cheapest.
function C.castable(game, w, c)
  local card = game:card(c)
  if C.iq_of(card) > F.iq(game, w.id) then return false end
  if not C.affords(game, w, C.cost(game, w, c)) then return false end
  if game:option("courtesy") and card.kind == "missile" and not game:vars()["acted once:" .. w.id] then
    return false
  end
  return game:call_card(c, "can_cast", { caster = w.id, seat = w.owner }) ~= false
end

-- Hostile (what bots that attack take): a spell at an enemy figure, unless it is `helpful`.
function C.hostile(game, w, card, target)
  if not target.figure or has(card.traits, "helpful") then return false end
  local f = game:figure(target.figure)
  return f ~= nil and F.enemies(w, f) and card.kind ~= "creation"
end

-- How much ST the caster puts into a spell whose cost he chooses.
local function ask_power(game, p, w, card)
  local opts = {}
  local st = F.st(game, w.id)
  for n = 1, math.min(st - 1, 12) do
    -- (all he has but 1 knocks him out: what bots shun while they may)
    opts[#opts + 1] = { key = tostring(n), label = n .. " ST", power = n, risky = st - n <= 1 or nil }
  end
  local _, i = game:choose(p, "power", "How much ST do you put into " .. card.name .. "?", opts)
  return opts[i].power
end

-- A spell that missed (seed L269-L271): the ordinary cost of a miss (1 ST unless said), but a
-- 17 or 18 costs the full `cost` and an 18 knocks the caster down.
function C.missed(game, w, total, cost, ordinary)
  F.spend(game, w.id, total >= 17 and cost or ordinary or 1)
  if total >= 18 then F.knock_down(game, w.id) end
end

-- Casts: announce, roll, pay, and if it works put the casting in play and resolve it.
function C.cast(game, p, a)
  local w = game:figure(a.figure)
  local card = game:card(a.card)
  local cost = C.cost(game, w, a.card, a.target)
  local power = nil
  if charged(card) then
    power = ask_power(game, p, w, card)
    cost = power
  end
  game:set_var("acted once:" .. w.id, true)
  local secret = C.secret(card)
  local shown = secret and (card.kind == "creation" and "a creation" or "secret protection") or card.name
  game:after("cast", { figure = w.id, spell = shown, target = a.target })
  if secret then game:log("spell", { figure = w.id, spell = card.name }, p) end
  if card.kind == "missile" and a.target.figure and a.target.figure ~= w.id then
    return require("rules.missiles").fly(game, p, w, card, a.target.figure, power)
  end
  local cell = C.cell_of(game, a.target)
  local adj = F.adj_dx(game, w.id) + C.own(game, w, cell) + C.range(game, w, card, cell)
  if a.target.figure and a.target.figure ~= w.id then adj = adj + C.against(game, a.target.figure) end
  local hit, total, effect = C.roll_to_hit(game, adj, 3)
  game:log("to_hit", { figure = w.id, roll = total, need = adj, hit = hit })
  if not hit then return C.missed(game, w, total, cost) end
  C.works(game, p, w, card, a.target, power, cost, effect)
end


-- A hidden enemy of w's side somewhere on the board, which w cannot see (Mage Sight sees it)?
function C.hidden_foe_somewhere(game, w)
  if F.spell_on(game, w.id, "sight") then return false end
  for _, e in ipairs(game:figures()) do
    if e.at and not F.seen_by(e, w.controller) and F.enemies(e, w) then return true end
  end
  return false
end

-- May a spell be cast blind, into a hex (seed L214)? One aimed at a figure to harm or bind it:
-- thrown or missile, not `helpful`.
function C.blind(card)
  return has(card.targets, "figure") and (card.kind == "thrown" or card.kind == "missile")
    and not has(card.traits, "helpful")
end

-- The hexes w may cast into blind: in reach and sight, where his seat sees no figure.
function C.blind_hexes(game, w)
  local out = {}
  for _, cell in ipairs(game:disc(w.at, 30)) do
    local empty = not F.filled_by(game, cell, "wall") and not C.excluded(game, cell)
    for _, id in ipairs(game:figures_at(cell)) do
      if F.seen_by(game:figure(id), w.controller) then empty = false end
    end
    if empty and C.in_reach(game, w, cell) and game:los(w.at, cell) then out[#out + 1] = cell end
  end
  return out
end

-- seed L214: a spell cast into a hex where one hopes a hidden foe stands is at -6 DX, whether
-- he is there or not. reconstructed: the roll and its log are the same either way (three dice,
-- range, -6: no dodge or blur shows through), so the caster learns only from what happens; a
-- missile is rolled at that hex alone; a spell that finds nothing costs what a miss does (1
-- ST; a missile, the ST put in).
function C.guess(game, p, a)
  local w = game:figure(a.figure)
  local card = game:card(a.card)
  local hexes = C.blind_hexes(game, w)
  if #hexes == 0 then return end
  local opts = {}
  for i, cell in ipairs(hexes) do
    opts[i] = { key = cell.q .. "," .. cell.r, label = "hex " .. game:cell_name(cell) }
  end
  local _, i = game:choose(p, "hex", "Into which hex do you cast " .. card.name .. "?", opts)
  local cell = hexes[i]
  local hidden = nil ---@type integer?
  for _, id in ipairs(game:figures_at(cell)) do
    if F.enemies(game:figure(id), w) then hidden = id end
  end
  local power = charged(card) and ask_power(game, p, w, card) or nil
  local cost = power or C.cost(game, w, a.card, hidden and { figure = hidden } or nil)
  game:set_var("acted once:" .. w.id, true)
  if card.kind == "missile" then F.reveal(game, w.id) end
  game:after("cast", { figure = w.id, spell = card.name, target = { cell = cell } })
  local adj = F.adj_dx(game, w.id) + C.own(game, w, cell) + C.range(game, w, card, cell) - 6
  local hit, total, effect = C.roll_to_hit(game, adj, 3)
  game:log("to_hit", { figure = w.id, roll = total, need = adj, hit = hit })
  if hit and hidden then return C.works(game, p, w, card, { figure = hidden }, power, cost, effect) end
  local miss = card.kind == "missile" and power or 1
  if hit then
    game:log("nothing_there", { at = cell })
    return F.spend(game, w.id, miss)
  end
  C.missed(game, w, total, cost, miss)
end

-- A spell that struck: a Spell Shield or a Control's saving roll may undo it, Reverse Missiles
-- turn it; else its casting goes in play and resolves. The caster pays what it cost.
function C.works(game, p, w, card, target, power, cost, effect)
  local secret = C.secret(card)
  local target_fig = target.figure and game:figure(target.figure)
  if target_fig and card.kind ~= "creation" and F.spell_on(game, target_fig.id, "shield") and target_fig.id ~= w.id then
    -- seed L667: Spell Shield stops it; the caster pays in full (Death Spell: 1).
    game:log("shielded", { figure = target_fig.id })
    F.spend(game, w.id, card.name == "Death Spell" and 1 or cost)
    return
  end
  if has(card.traits, "control") and target_fig then
    -- seed L314-L326: an image or illusion vanishes; a real victim rolls against IQ.
    if F.is_unreal(target_fig) then
      F.vanish(game, target_fig.id, "controlled")
      F.spend(game, w.id, cost)
      return
    end
    if F.saving_roll(game, F.iq(game, target_fig.id), 3) then
      game:log("resisted", { figure = target_fig.id })
      F.spend(game, w.id, 1)
      return
    end
  end
  if card.kind == "missile" and target_fig and F.spell_on(game, target_fig.id, "reverse") then
    -- seed L287, L614: the missile turns on its sender.
    game:log("reversed", { figure = target_fig.id })
    target = { figure = w.id }
  end
  local casting = game:new_card(card.def, { kind = "play", player = p })
  game:set_card(casting, { target = target, energy = power or cost, face = secret and "down" or "default" })
  game:set_card_data(casting, "caster", w.id)
  game:set_card_data(casting, "cast", game:turn().number)
  game:call_card(casting, "resolve", { caster = w.id, seat = p, target = target, charge = power, effect = effect })
  if card.duration == "instant" and game:card(casting).zone.kind == "play" then
    game:move_card(casting, { kind = "removed" })
  end
  F.spend(game, w.id, cost)
end

-- A casting ends: its card's on_end, then what it made goes and it leaves play.
function C.end_spell(game, casting)
  local card = game:card(casting)
  if card.zone.kind ~= "play" then return end
  game:move_card(casting, { kind = "removed" })
  game:call_card(casting, "on_end", { caster = card.data.caster, seat = card.zone.player })
  local on = card.data.on and game:figure(card.data.on)
  if on and card.data.controls and on.vars.spell ~= casting and on.controller == card.zone.player then
    game:set_figure(on.id, { controller = card.data.was })
  end
  for _, f in ipairs(game:figures()) do
    if f.vars.spell == casting then F.vanish(game, f.id, "spell ended") end
  end
  for _, part in ipairs(game:play_area(card.zone.player)) do
    if game:card_data(part, "part_of") == casting then C.end_spell(game, part) end
  end
  for _, o in ipairs(game:objects()) do
    if o.data and o.data.spell == casting then game:remove_object(o.id) end
  end
  game:after("spell_end", { card = casting, spell = card.name })
end

-- The castings a seat has in play.
function C.in_play(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do out[#out + 1] = game:card(c) end
  return out
end

-- A wizard fell unconscious or died (seed L345, L382): his images and illusions vanish at
-- once, his continuing spells end, and his summoned beings at the end of the turn.
function C.master_gone(game, wizard)
  for _, card in ipairs(C.in_play(game, game:figure(wizard).owner)) do
    if card.data.caster == wizard then
      local unreal = has(card.traits, "image") or has(card.traits, "illusion")
      if has(card.traits, "summons") then
        game:set_turn_var("dismiss:" .. card.id, true)
      elseif unreal or card.duration == "continuing" then
        C.end_spell(game, card.id)
      end
    end
  end
end

-- seed L103-L107: before movement each wizard renews the continuing spells he wants, paying
-- their upkeep (1 ST each, or as the spell says); the others end. Spells of a stated number
-- of turns count down; the turn they were cast was their first.
function C.renew(game)
  for _, pl in ipairs(game:players()) do
    local keep, ask = {}, {}
    for _, card in ipairs(C.in_play(game, pl.id)) do
      local data = card.data
      if data.rope and data.cast < game:turn().number then
        -- seed L616: -2 DX at once, one more every later turn; at DX 2 or less the figure falls
        game:set_card_data(card.id, "dx", (data.dx or -2) - 1)
        if data.on and game:figure(data.on) and F.adj_dx(game, data.on) <= 2 then
          F.knock_down(game, data.on)
          game:set_card_data(card.id, "helpless", true)
        end
      end
      if data.part_of then
        -- (a part of a spell on many figures lasts as the spell does)
      elseif data.turns then
        if data.cast < game:turn().number then
          local left = data.turns - 1
          if left <= 0 then C.end_spell(game, card.id) else game:set_card_data(card.id, "turns", left) end
        end
      elseif card.duration == "continuing" then
        local w = game:figure(data.caster)
        if w and w.at and not F.is_out(w) then
          ask[#ask + 1] = card
        else
          C.end_spell(game, card.id)
        end
      elseif card.kind == "creation" and card.duration == "lasting" and game:option("twelve_turns")
        and data.cast + 12 <= game:turn().number then
        C.end_spell(game, card.id)
      end
    end
    if #ask > 0 then
      local opts = {}
      for _, card in ipairs(ask) do
        local on = card.data.on and (" on " .. F.name(game, card.data.on)) or ""
        opts[#opts + 1] = { key = tostring(card.id), label = card.name .. on .. " (" .. (card.data.upkeep or 1) .. " ST)", card = card.id }
      end
      local chosen = game:choose(pl.id, "renew", "Which spells do you keep up this turn?", opts, { min = 0, max = #opts })
      for _, k in ipairs(chosen) do keep[k] = true end
      for _, card in ipairs(ask) do
        local w = game:figure(card.data.caster)
        local upkeep = card.data.upkeep or 1
        if keep[tostring(card.id)] and w and F.st(game, w.id) - upkeep >= 1 then
          F.spend(game, w.id, upkeep)
        elseif game:card(card.id).zone.kind == "play" then
          C.end_spell(game, card.id)
        end
      end
    end
  end
end

return C
