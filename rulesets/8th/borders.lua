-- Moving a wizard by a spell or a push, square by square (require("rules.borders")).
-- Every kind of movement emits one `move` event per square with the direction it left by,
-- as a walk does: a card watching a border line (a Wall of Fire) hears each crossing,
-- whether the wizard walked, was knocked back or flew.
local M = {}

-- Moves wizard p along a straight run (game:run's result) that started heading `dir`.
-- `how` names the kind of movement in the events ("push", "flight" ...). Stops early if the
-- wizard dies on the way. Returns the square he ends in.
function M.move_along(game, p, dir, run, how)
  local at = game:player(p).at
  if #run.squares == 0 then return at end
  game:after("leave", { who = p, square = at })
  local heading = dir
  for i, to in ipairs(run.squares) do
    local from = game:player(p).at
    game:place_wizard(p, to)
    game:after("move", { wizard = p, from = from, to = to, dir = heading, forced = how })
    if not game:player(p).alive then return nil end
    heading = run.headings[i]
  end
  local to = game:player(p).at
  game:after("enter", { who = p, square = to })
  return to
end

return M
