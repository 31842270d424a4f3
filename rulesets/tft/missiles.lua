-- Missile spells in flight (seed L279-L290, L781-L789): a missile flies the straight line from
-- the centre of the caster's hex through the centre of its target's. It must get past every
-- figure on the way (a roll to miss each); at its target it rolls to hit; if it misses it flies
-- on, and each figure further along is rolled for (to hit a foe, to miss a friend), until it
-- strikes a figure or a wall or has flown as many megahexes as its caster's basic ST. Whatever
-- happens, the ST put in is spent.
local F = require("rules.figures")
local C = require("rules.casting")
local M = {}

local function same(a, b) return a.q == b.q and a.r == b.r end

-- The figures on the line from w's hex through the target's and on to the board's edge, in
-- the order the missile meets them, each with `past` (beyond the target); the line stops at a
-- wall. reconstructed: where the line runs along the side between two hexes, a figure in
-- either is on it; a corner grazed is not entered.
function M.course(game, w, target)
  local a, t = w.at, assert(game:figure(target)).at
  local far = t
  for m = 2, 40 do
    local c = { q = a.q + (t.q - a.q) * m, r = a.r + (t.r - a.r) * m }
    if not game:region_of(c) then break end
    far = c
  end
  local out, seen, past = {}, { [w.id] = true }, false
  for _, step in ipairs(game:line(a, far) or {}) do
    local cells = step.kind == "cell" and { step.cell } or (step.kind == "between" and step.cells or {})
    for _, c in ipairs(cells) do
      if F.filled_by(game, c, "wall") then return out end
      for _, id in ipairs(game:figures_at(c)) do
        if not seen[id] then
          seen[id] = true
          out[#out + 1] = { id = id, past = past, cell = c }
        end
      end
      if same(c, t) then past = true end
    end
  end
  return out
end

-- A roll to miss a figure in the way (seed L284): at most adjusted DX gets past it; else it is
-- hit, and a 14 always hits, 15 and 16 for double damage, 17 and 18 for triple. Returns hit and
-- the effect.
function M.roll_to_miss(game, adj)
  local total = game:roll(6) + game:roll(6) + game:roll(6)
  if total >= 17 then return true, 3, total end
  if total >= 15 then return true, 2, total end
  if total == 14 then return true, 1, total end
  return total > adj, 1, total
end

-- The caster's adjusted DX against a figure on the line: range by megahexes to it, what hides
-- it; four dice against a figure dodging (seed L463).
local function aim(game, w, card, f_id, cell)
  return F.adj_dx(game, w.id) + C.own(game, w, cell) + C.range(game, w, card, cell) + C.against(game, f_id)
end

-- Flies a missile spell at figure `target` with `power` ST in it.
function M.fly(game, p, w, card, target, power)
  F.reveal(game, w.id)
  local reach = w.attrs.st
  for _, on in ipairs(M.course(game, w, target)) do
    local f = game:figure(on.id)
    if f and f.at then
      if on.id ~= target and (game:region_distance(w.at, on.cell) or 0) > reach then break end
      local adj = aim(game, w, card, on.id, on.cell)
      local hit, effect, total
      if on.id == target or (on.past and F.enemies(w, f)) then
        local dice = game:turn().vars["stance:" .. on.id] == "dodge" and 4 or 3
        hit, total, effect = C.roll_to_hit(game, adj, dice)
        game:log("to_hit", { figure = w.id, roll = total, need = adj, hit = hit, at = on.id })
        if not hit and on.id == target and total >= 17 then
          -- seed L269-L271: a 17 or 18 fizzles at once, full cost; an 18 knocks the caster down
          return C.missed(game, w, total, power)
        end
      else
        hit, effect, total = M.roll_to_miss(game, adj)
        game:log("to_miss", { figure = w.id, roll = total, need = adj, hit = hit, at = on.id })
      end
      if hit then return C.works(game, p, w, card, { figure = on.id }, power, power, effect) end
    end
  end
  -- (it flew past everything: the ST is spent all the same, seed L283)
  F.spend(game, w.id, power)
end

return M
