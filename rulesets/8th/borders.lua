-- Border lines (require("rules.borders")): what stands on one, and moving a wizard by a
-- spell or a push, square by square.
-- Every kind of movement emits one `move` event per square with the direction it left by,
-- as a walk does: a card watching a border line (a Wall of Fire) hears each crossing,
-- whether the wizard walked, was knocked back or flew.
local M = {}

-- (targets.edge_key's form: rules.targets requires this module, so it is not required here)
local function key(e) return e.x .. "," .. e.y .. "," .. e.side end

-- 8th: Glossary, Wall: a wall stands on a border line, printed on the board or a token laid
-- there. So a token lying on a line (a Wall of Fire, which stops nobody: the kernel keeps the
-- line open) is a wall on it. The lines holding such a token (canonical, in the order of the
-- objects), and the same keyed "x,y,S".
---@param game Game
---@return Edge[] lines
---@return table<string, Edge> by_key
function M.token_lines(game)
  local list, by_key = {}, {}
  for _, o in ipairs(game:objects()) do
    local at = o.at
    if at and at.side ~= nil then
      local e = game:edge(at).edge
      local k = key(e)
      if not by_key[k] then
        by_key[k] = e
        list[#list + 1] = e
      end
    end
  end
  return list, by_key
end

-- Is line e an empty border line: inner, no wall or door, no token on it? 8th: Changing the
-- Map: nothing is created where a wall already stands, so cards that make a wall or a door
-- on a line ask this.
---@param game Game
---@param e Edge
---@return boolean
function M.empty_border(game, e)
  local info = game:edge(e)
  if info.barrier ~= "open" or info.boundary then return false end
  local _, tokens = M.token_lines(game)
  return tokens[key(info.edge)] == nil
end

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
    game:place_seat_figure(p, to)
    game:after("move", { wizard = p, from = from, to = to, dir = heading, forced = how })
    if not game:player(p).alive then return nil end
    heading = run.headings[i]
  end
  local to = game:player(p).at
  game:after("enter", { who = p, square = to })
  return to
end

return M
