-- Response windows for acts that are no spell (require("rules.triggers")).
-- 8th: Counter Spell: a counter is played in response to the action or spell its card names.
-- Most answer spells, which open a window as they are cast (rules/play.lua). An act that is
-- no spell opens one here when a card may answer it: a stack entry of that act's `kind`
-- (controller: the wizard acting, target: his wizard), answered like any entry, then taken
-- off the stack; the act itself goes on whatever is played (nothing cancels it).
-- Kinds: "pick_up" (a wizard picked up a treasure; marks.square: where; marks.sector: the
-- sector it lay in), heard by 8th Alchemy "Fool's Gold".
local M = {}

-- Opens a window on the act of wizard p; returns the entry as it left the stack.
function M.window(game, kind, p, marks)
  local id = game:push_stack {
    controller = p, kind = kind, target = { kind = "wizard", player = p }, energy = 0, marks = marks or {},
  }
  require("rules.play").respond(game, id)
  return game:pop_stack(id)
end

-- The ruleset's `on_pick_up` (rules.lua): a treasure picked up opens a window.
function M.on_pick_up(game, ev)
  if not ev.treasure then return end
  local at = game:player(ev.player).at
  if not at then return end
  M.window(game, "pick_up", ev.player, { square = at, sector = game:sector_of(at), object = ev.object })
end

return M
