-- The figures of Wizard (seed L53-L91, L221-L241, L477-L480): who a figure is, its strength
-- and adjusted DX, the hits it takes, its falls and its end, and whom it engages.
--
-- A figure's attrs are its basic st, dx, iq and ma; its tokens what happened to it: `lost` (ST
-- lost to hits and to spells' costs), `down` (lying on the ground), `out` (unconscious),
-- `wounded` (5 hits or more last turn), `fell` (the turn it was knocked down), a wizard's
-- `staff` and a being's `weapon` (1 or none: ready, 2 dropped, 3 broken).
-- Its vars say what it is: `being` (its line of [config.beings]), `wizard`, `unreal`
-- ("image" or "illusion"), `spell` (the spell in play that keeps it), `created` (the turn).
local F = {}

-- A being's line of the Monster/Beast Table ([config.beings]), or nil.
function F.being(game, kind) return game:config().beings[kind] end

-- Its strength now: basic ST less what it has lost.
function F.st(game, id)
  local f = game:figure(id)
  if not f then return 0 end
  return f.attrs.st - (f.tokens.lost or 0)
end

function F.is_wizard(f) return f.vars.wizard == true end
function F.is_unreal(f) return f.vars.unreal ~= nil end
function F.is_down(f) return (f.tokens.down or 0) > 0 end
function F.is_out(f) return (f.tokens.out or 0) > 0 end
-- In the air: Flight on it (seed L640), or a flier of its own that took off (L182-L184: its
-- `aloft` token, the turn it took off).
function F.flying(game, f) return (f.tokens.aloft or 0) > 0 or F.spell_on(game, f.id, "flying") ~= nil end
function F.many_hexes(f) return #f.cells > 1 end

-- Able to act: on the board, conscious, not frozen or asleep.
function F.able(game, f)
  if not f.at or F.is_out(f) then return false end
  return not F.spell_on(game, f.id, "helpless")
end

-- The sum of one key over the spells in play on a figure (their data `on` names it): how
-- magic changes its DX, IQ, MA... A face-down spell (secret protection) counts too.
function F.spell_sum(game, id, key)
  local n = 0
  for _, e in ipairs(game:play_area_data("on")) do
    if e.value == id then
      local v = game:card_data(e.card, key)
      if math.type(v) == "integer" then n = n + v end
    end
  end
  return n
end

-- Does a spell in play on the figure set this key (Blur's `blur`, Spell Shield's `shield`...)?
-- Returns the card of the first such spell.
function F.spell_on(game, id, key)
  for _, e in ipairs(game:play_area_data("on")) do
    if e.value == id and game:card_data(e.card, key) then return e.card end
  end
  return nil
end

-- Every spell in play on a figure: card ids.
function F.spells_on(game, id)
  local out = {}
  for _, e in ipairs(game:play_area_data("on")) do
    if e.value == id then out[#out + 1] = e.card end
  end
  return out
end

function F.iq(game, id)
  local f = game:figure(id)
  return f.attrs.iq + F.spell_sum(game, id, "iq")
end

-- seed L69 and the table of DX adjustments (L700-L740): basic DX, magic (Dazzle, Aid,
-- Clumsiness, Rope), 5 hits last turn (-2, L477), standing in a fire (-2, L590, L732).
function F.adj_dx(game, id)
  local f = game:figure(id)
  local dx = f.attrs.dx + F.spell_sum(game, id, "dx")
  if (f.tokens.wounded or 0) > 0 then dx = dx - 2 end
  if f.at and F.filled_by(game, f.at, "fire") then dx = dx - 2 end
  return dx
end

-- Movement allowance (seed L160): Slow halves it, Speed doubles it, Stop makes it 0,
-- a rope halves it; a figure on the ground crawls 2 (L193).
function F.ma(game, id)
  local f = game:figure(id)
  if F.spell_on(game, id, "stopped") then return 0 end
  if F.is_down(f) then return 2 end
  local ma = f.attrs.ma
  local took_off = f.tokens.aloft or 0
  if took_off > 0 then
    -- seed L184: half its flying MA on its first turn in the air
    ma = took_off == game:turn().number and f.attrs.fly // 2 or f.attrs.fly
  elseif F.spell_on(game, id, "flying") then
    ma = math.max(ma, f.attrs.fly or 12)
  end
  if F.spell_on(game, id, "speed") then ma = ma * 2 end
  if F.spell_on(game, id, "slow") then ma = ma // 2 end
  if F.spell_on(game, id, "rope") then ma = ma // 2 end
  return ma
end

-- What fills a hex: the objects of a kind (fire, wall, shadow) lying there.
function F.filled_by(game, cell, kind)
  for _, o in ipairs(game:objects_at(cell)) do
    if o.kind == kind then return o end
  end
  return nil
end

-- Whose side a figure is on: its controller's seat.
function F.side(f) return f.controller end

function F.enemies(a, b) return a.controller ~= b.controller end

-- Does seat p see figure g (`unseen` hides it from all but its owner and controller)?
function F.seen_by(g, p) return not g.unseen or g.owner == p or g.controller == p end

-- Does seat p see a figure in the hex?
function F.seen_at(game, cell, p)
  for _, id in ipairs(game:figures_at(cell)) do
    if F.seen_by(game:figure(id), p) then return true end
  end
  return false
end

-- Has a weapon to strike and parry with (seed L229: the only unarmed enemy is a wizard
-- without his staff). Images and illusions look armed.
function F.armed(f)
  if F.is_wizard(f) then return (f.tokens.staff or 0) == 1 end
  return true
end

-- The hexes a figure strikes into and engages (seed L221-L233): a one-hex figure's three
-- front hexes; a giant's or dragon's hexes next to it and ahead of its anchor. A figure on the
-- ground has no front.
function F.front(game, f)
  if not f.at or F.is_down(f) then return {} end
  local out = {}
  if not F.many_hexes(f) then
    for _, turn in ipairs({ -1, 0, 1 }) do
      local d = game:turn_direction(f.facing, turn)
      for _, s in ipairs(game:cell_steps(f.at)) do
        if s.dir == d then out[#out + 1] = s.to end
      end
    end
    return out
  end
  -- reconstructed: the seed's diagrams of a giant's and a dragon's front are lost; we take the
  -- hexes next to the figure whose centres lie in the three wedges ahead of its anchor.
  return F.around(game, f, { 5, 0, 1 })
end

-- The hexes next to a many-hex figure whose centres lie in the given wedges around its anchor
-- (0 ahead, clockwise), or on their edges.
function F.around(game, f, wedges)
  local inside, mine, out = {}, {}, {}
  for _, c in ipairs(game:in_wedges(f.at, f.facing, wedges, 3, true)) do inside[c.q .. "," .. c.r] = true end
  for _, cell in ipairs(f.cells) do mine[cell.q .. "," .. cell.r] = true end
  for _, cell in ipairs(f.cells) do
    for _, s in ipairs(game:cell_steps(cell)) do
      local k = s.to.q .. "," .. s.to.r
      if inside[k] and not mine[k] then
        mine[k] = true
        out[#out + 1] = s.to
      end
    end
  end
  return out
end

local function same(a, b) return a.q == b.q and a.r == b.r end

function F.in_cells(cell, cells)
  for _, c in ipairs(cells) do
    if same(c, cell) then return true end
  end
  return false
end

-- Does figure a have b in its front hexes?
function F.faces(game, a, b)
  local front = F.front(game, a)
  for _, c in ipairs(b.cells) do
    if F.in_cells(c, front) then return true end
  end
  return false
end

-- The enemies engaging a figure: armed, able, and holding it in their front hexes; a flyer,
-- only flyers (seed L186: reconstructed, it never wishes to be engaged from the ground).
function F.engaged_by(game, f)
  local out = {}
  local aloft = F.flying(game, f)
  for _, e in ipairs(game:figures()) do
    if e.at and F.enemies(e, f) and F.armed(e) and not F.is_out(e) and F.faces(game, e, f)
      and (not aloft or F.flying(game, e)) then
      out[#out + 1] = e
    end
  end
  return out
end

-- seed L231, L167: a one-hex figure is engaged by one such enemy; a giant or small dragon by two
-- one-hex figures or one many-hex one; a 7-hex dragon by three or one many-hex one.
function F.engaged(game, f)
  local by = F.engaged_by(game, f)
  if not F.many_hexes(f) then return #by > 0 end
  local need = #f.cells >= 7 and 3 or 2
  local small = 0
  for _, e in ipairs(by) do
    if F.many_hexes(e) then return true end
    small = small + 1
  end
  return small >= need
end

-- Hex distance (axial), as the crow flies.
function F.distance(a, b)
  local dq, dr = b.q - a.q, b.r - a.r
  return (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
end

-- A saving roll (seed L243-L249): roll `dice` dice, at most the attribute to make it.
function F.saving_roll(game, value, dice)
  local total = 0
  for _ = 1, dice do total = total + game:roll(6) end
  return total <= value, total
end

local function set_token(game, id, name, n)
  if n == 0 then n = false end
  game:set_figure(id, { tokens = { [name] = n } })
end
F.set_token = set_token

-- Knocked down (seed L191-L193): it lies in its hex, faces rear all round, and may do no
-- more this turn.
function F.knock_down(game, id)
  local f = game:figure(id)
  if not f or F.is_down(f) then return end
  set_token(game, id, "down", 1)
  set_token(game, id, "fell", game:turn().number)
  -- (a flier knocked down comes to the ground)
  if (f.tokens.aloft or 0) > 0 then set_token(game, id, "aloft", 0) end
  game:set_turn_var("acted:" .. id, true)
  game:after("stun", { figure = id, down = true })
end

-- A figure's hits this turn (seed L477-L480: 5 or more adjust next turn's DX; 8 or more
-- knock it down at once).
function F.hits_this_turn(game, id) return game:turn().vars["hits:" .. id] or 0 end

-- Takes `n` hits (after armour): images vanish at a touch (L358); an illusion or a being
-- loses ST; at ST 1 it falls unconscious, at 0 it dies (L57). Returns the hits taken.
function F.take_hits(game, id, n, source)
  local f = game:figure(id)
  if not f or n <= 0 then return 0 end
  if f.vars.unreal == "image" then
    F.vanish(game, id, "touched")
    return 0
  end
  set_token(game, id, "lost", (f.tokens.lost or 0) + n)
  local total = F.hits_this_turn(game, id) + n
  game:set_turn_var("hits:" .. id, total)
  game:after("damage", { target = id, amount = n, source = source })
  -- Sleep ends when the sleeper is hit (seed L606).
  local sleep = F.spell_on(game, id, "asleep")
  if sleep then require("rules.casting").end_spell(game, sleep) end
  F.settle(game, id)
  if game:figure(id) and total >= 8 then F.knock_down(game, id) end
  return n
end

-- ST spent on a spell: marked against ST as hits are (L59), but not hits.
function F.spend(game, id, n)
  local f = game:figure(id)
  if not f or n <= 0 then return end
  set_token(game, id, "lost", (f.tokens.lost or 0) + n)
  F.settle(game, id)
end

-- After ST changed: unconscious at 1, dead at 0 or less.
function F.settle(game, id)
  local f = game:figure(id)
  if not f then return end
  local st = f.attrs.st - (f.tokens.lost or 0)
  if st <= 0 then
    F.dies(game, id)
  elseif st == 1 and not F.is_out(f) then
    set_token(game, id, "out", 1)
    set_token(game, id, "down", 1)
    game:after("stun", { figure = id, out = true })
    if F.is_wizard(f) then require("rules.casting").master_gone(game, id) end
  end
end

-- Gone for good: a wizard dies (his seat is out), anything else leaves the board.
function F.dies(game, id)
  local f = game:figure(id)
  if not f then return end
  game:after("death", { figure = id, player = f.owner, wizard = F.is_wizard(f) })
  if F.is_wizard(f) then
    game:set_figure(id, { at = false, tokens = { out = 1 } })
    require("rules.casting").master_gone(game, id)
  else
    F.vanish(game, id, "killed")
  end
end

-- Leaves the board: killed, disbelieved, dispelled or no longer kept. The spell that kept it
-- ends with it when nothing else of it is left.
function F.vanish(game, id, why)
  local f = game:figure(id)
  if not f then return end
  game:remove_figure(id)
  game:log("vanish", { figure = id, kind = f.kind, why = why })
  local spell = f.vars.spell
  if spell and game:card(spell).zone.kind == "play" then
    local still = false
    for _, g in ipairs(game:figures()) do
      if g.vars.spell == spell then still = true end
    end
    if not still then require("rules.casting").end_spell(game, spell) end
  end
end

-- Hidden movement (seed L200-L214): a figure made invisible, or standing in a shadow, is off
-- the others' map (`unseen`: the seat views leave it out) but while it is next to an enemy
-- figure (an image or illusion too) or in a fire. Worked out again after every step.
function F.update_hidden(game)
  local figures = game:figures()
  for _, f in ipairs(figures) do
    if f.at then
      local hides = F.spell_on(game, f.id, "invisible") ~= nil or F.filled_by(game, f.at, "shadow") ~= nil
      if hides and F.filled_by(game, f.at, "fire") then hides = false end
      -- (the others are looked at only for a figure that would hide, and only until one is
      -- next to it: after every step, for every figure)
      if hides then
        for _, e in ipairs(figures) do
          if e.at and F.enemies(e, f) and F.distance(e.at, f.at) <= 1 then
            hides = false
            break
          end
        end
      end
      if f.unseen ~= hides then game:set_figure(f.id, { unseen = hides }) end
    end
  end
end

-- An unseen figure that strikes shows where it is for that instant (seed L204).
function F.reveal(game, id)
  local f = game:figure(id)
  if f and f.unseen and f.at then game:log("revealed", { at = f.at }) end
end

-- A seat's wizard figure (its first), or nil.
function F.wizard_of(game, p)
  for _, f in ipairs(game:figures()) do
    if f.owner == p and F.is_wizard(f) then return f end
  end
  return nil
end

-- The figures a seat moves now.
function F.of_seat(game, p)
  local out = {}
  for _, f in ipairs(game:figures()) do
    if f.controller == p and f.at then out[#out + 1] = f end
  end
  return out
end

-- What people read for a figure: a wizard by his seat's name, else its kind (what the others
-- see of it when it is shown as something else).
function F.name(game, id)
  local f = game:figure(id)
  if not f then return "a figure gone" end
  if F.is_wizard(f) then return game:wizard_name(f.owner) end
  local kind = (f.shown_as or f.kind):gsub("_", " ")
  return game:wizard_name(f.owner) .. "'s " .. kind
end

return F
