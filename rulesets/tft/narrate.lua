-- What people read of Wizard's log: one line an entry, in the game's words.
local F = require("rules.figures")
local N = { lines = {} }

local function who(game, id)
  if id == nil then return "someone" end
  return F.name(game, id)
end

-- A hex as the printed map numbers it (column and row: "0406").
local function hex(game, c) return c and ("hex " .. game:cell_name(c)) or "?" end

local function target_words(game, t)
  if type(t) ~= "table" then return nil end
  if t.figure then return who(game, t.figure) end
  if t.cell then return hex(game, t.cell) end
  return nil
end

function N.lines.cast(game, e)
  local t = target_words(game, e.target)
  return who(game, e.figure) .. " casts " .. (e.spell or "a spell") .. (t and (" at " .. t) or "")
end

function N.lines.spell(_game, e) return "(it is " .. e.spell .. ")" end

function N.lines.to_hit(_game, e)
  return "  rolls " .. e.roll .. " against " .. e.need .. (e.hit and ": it works" or ": it fails")
end

function N.lines.attack(game, e)
  local how = e.breath and " breathes fire at " or (e.tail and " lashes its tail at " or " strikes at ")
  return who(game, e.attacker) .. how .. who(game, e.target)
end

function N.lines.damage(game, e) return "  " .. who(game, e.target) .. " takes " .. e.amount .. " hits" end

function N.lines.move(game, e)
  if e.forced then return who(game, e.figure) .. " is forced back to " .. hex(game, e.to) end
  if e.teleport then return who(game, e.figure) .. " blinks to " .. hex(game, e.to) end
  if (e.hexes or 0) == 0 then return nil end
  return who(game, e.figure) .. " moves to " .. hex(game, e.to)
end

function N.lines.stun(game, e)
  if e.out then return who(game, e.figure) .. " falls unconscious" end
  return who(game, e.figure) .. " falls down"
end

function N.lines.death(game, e) return who(game, e.figure) .. " dies" end

function N.lines.vanish(_game, e)
  return "the " .. tostring(e.kind):gsub("_", " ") .. " vanishes (" .. e.why .. ")"
end

function N.lines.spell_end(_game, e) return e.spell .. " ends" end

function N.lines.disbelieve(game, e) return who(game, e.figure) .. " tries to disbelieve " .. who(game, e.target) end

function N.lines.revealed(game, e) return "  something unseen shows itself at " .. hex(game, e.at) end

function N.lines.nothing_there(game, e) return "  it finds nothing at " .. hex(game, e.at) end

function N.lines.shielded(game, e) return "  a Spell Shield on " .. who(game, e.figure) .. " stops it" end

function N.lines.resisted(game, e) return "  " .. who(game, e.figure) .. " resists" end

function N.lines.reversed(game, e) return "  the missile turns back from " .. who(game, e.figure) end

function N.line(game, entry, _verbose)
  local f = N.lines[entry.event]
  return f and f(game, entry.data or {}) or nil
end

-- A seat's wizard as a few words: ST and DX now, the spells he knows and those going.
function N.status(game, p)
  local w = F.wizard_of(game, p)
  if not w then return "no wizard" end
  if not w.at then return "dead" end
  local known, going = #game:hand(p), #game:play_area(p)
  return "ST " .. F.st(game, w.id) .. "/" .. w.attrs.st .. ", DX " .. F.adj_dx(game, w.id)
    .. "; knows " .. known .. " spells" .. (going > 0 and (", " .. going .. " going") or "")
end

return N
