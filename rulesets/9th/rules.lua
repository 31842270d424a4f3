-- Wiz-War, 9th edition (rules 9.1): what its turn does differently from the classic edition's,
-- which this file extends (`base`). Comments cite the 9th rules ("9th: <section>"); README.md
-- says rule by rule what is inherited and what is the 9th's own.
local common = require("rules.common")
local doors = require("rules.doors")
local rules = base
local tvar = rules.tvar

---------------------------------------------------------------------------------------------
-- The first turn and the turn's attack
---------------------------------------------------------------------------------------------

-- 9th: Setup: nobody attacks in his first turn (reconstructed reading: each player's own first
-- turn, as the 8th; an extra turn later in the first round is no first turn). Game var
-- `combat_open` (card tests) opens combat at once.
function rules.first_round(game)
  return tvar(game, "first_turn") == true and not game:vars().combat_open
end

---------------------------------------------------------------------------------------------
-- Phases (9th: The Turn; Keeping Track of Spell Duration)
---------------------------------------------------------------------------------------------

-- A spell's duration counts down at the end of its caster's turns, from his next one on (the
-- turn it was cast in does not count: card data `cast_turn`, rules/play.lua).
function rules.counts_down(game, c)
  return game:card_data(c, "cast_turn") ~= game:turn().number
end

-- The start of a turn: first-turn bookkeeping (the lost turn is then spent, as in classic:
-- classic cards such as Lightning Blast still take turns away). Durations count down at the
-- end of the turn.
function rules.start_of_turn_upkeep(game, p) rules.note_first_turn(game, p) end

-- 9th: The Board: a wizard ending his turn beside a door he holds open says whether he keeps
-- holding it; a door let go closes.
local function ask_about_held_doors(game, p)
  for _, e in ipairs(game:vars().held_doors or {}) do
    if doors.holder(game, e) == p then
      local door = require("rules.targets").edge_words(e, "door")
      local opts = {
        { key = "hold", label = "keep holding " .. door .. " open" },
        { key = "close", label = "let it close" },
      }
      local key = game:choose(p, "hold_door", "You end your turn beside " .. door .. ", which you hold open", opts, { pass = "hold" })
      if key == "close" then
        doors.release(game, e)
        game:after("door", { player = p, edge = e, closed = true })
      end
    end
  end
  doors.release_far(game)
end

-- The end of a turn, before he discards and draws back up to seven (9th: The Turn): his
-- spells' durations count down (9th: Keeping Track of Spell Duration), then held doors are
-- settled. A lost turn draws nothing, as in classic.
function rules.end_of_turn_upkeep(game, p)
  rules.time_passes(game, p)
  if game:player(p).alive then ask_about_held_doors(game, p) end
end

---------------------------------------------------------------------------------------------
-- Actions
---------------------------------------------------------------------------------------------

-- 9th: Movement: a Number adds to the move only at the start of the turn, before anything
-- else is done (turn var `acted`, set by rules.perform).
local add_speed_boosts = rules.add_speed_boosts
function rules.add_speed_boosts(game, p, list)
  if tvar(game, "acted") then return end
  add_speed_boosts(game, p, list)
end

local perform = rules.perform
function rules.perform(game, p, a)
  if a.kind ~= "boost" then game:set_turn_var("acted", true) end
  return perform(game, p, a)
end

-- 9th: The Board: the doors of his Lair's sector open for him (rules/doors.lua), besides the
-- Master Key's (classic).
local step_flags = rules.step_flags
function rules.step_flags(game, p)
  local flags = step_flags(game, p)
  local passes = common.copy(flags.door_passes)
  for _, e in ipairs(doors.passes(game, p)) do passes[#passes + 1] = e end
  flags.door_passes = passes
  return flags
end

-- A held door closes as soon as its holder is no longer beside it.
local crossed = rules.crossed
function rules.crossed(game, p, from, dir)
  crossed(game, p, from, dir)
  doors.release_far(game)
end

function rules.after_action(game, _p) doors.release_far(game) end

-- 9th: Picking Up Objects: a magic item (stones, the Master Key, the Wizardblade) goes face
-- up in front of the picker, a normal item into his hand, marked carried (card data
-- `carried`: discarded at the end of a turn, it falls where he stands).
function rules.take_picked_up(game, p, c)
  if common.is_shown_object(game, c) then return rules.put_in_play(game, p, c) end
  game:move_card(c, { kind = "hand", player = p })
  game:set_card_data(c, "carried", true)
end

return rules
