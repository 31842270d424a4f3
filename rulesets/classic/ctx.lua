-- The classic edition's card helpers, ctx:name(...) (require("rules.ctx")): damage in points,
-- lost turns, counteractions' marks, random movement, door passes, sector turns. The shared
-- ones (cancel, evade, create_object, heal, ...) are the mechanics' (`base`).
-- ctx carries: card, controller, caster, target, number (the NUMBER played with the card, 1
-- without one; `energy` is the same value), stack (the card's stack entry while it
-- resolves), against (the entry a counteraction answers), attack (true when it counts as the
-- turn's attack), thrown (a thrown object), drawn (a TRAP! being sprung).
local common = require("rules.common")
local stack = require("rules.stack")
local targets = require("rules.targets")
local damage = require("rules.damage")
local doors = require("rules.doors")
local H = base
local normalize = targets.normalize


-- classic, The Turn: lost turns (nothing but counteractions; they accumulate). A wizard
-- who loses a turn during his own turn (a reflected attack) loses the rest of it and
-- n - 1 turns to come; otherwise his next n turns. Uses the `stun` event.
-- reconstructed: lost turns run on the victim's clock: a `lost_turns` token, one spent at the
-- start of each of his own turns. The rulebook measures them, like durations, "to the
-- beginning of one of the caster's turns"; the two agree but when the caster takes an extra
-- turn (Speed: it does not spend the victim's lost turn) or dies (his victim is not stuck for
-- good), and tokens are what the rulebook itself suggests for keeping track.
---@param ctx Ctx
---@param player integer|{kind: string, player: integer} a player id or a wizard target
---@param n? integer (default 1)
---@return boolean
function H.lose_turns(ctx, player, n)
  local game = ctx.game
  player = normalize(player).player
  if not game:player(player).alive then return false end
  local ev = game:before("stun", { player = player, turns = n or 1, source = ctx.card, lost_turns = true })
  if not ev or ev.turns <= 0 then return false end
  local left = ev.turns
  if game:turn().active == player then
    game:set_turn_var("lost", true)
    left = left - 1
  end
  game:set_token(player, "lost_turns", (game:player(player).tokens.lost_turns or 0) + left)
  game:after("stun", ev)
  return true
end

local function add_mod(ctx, entry, mod)
  local id = stack.entry_of(ctx, entry)
  local e = ctx.game:stack_entry(id)
  local mods = common.copy((e.marks or {}).mods)
  mod.card = mod.card or ctx.card -- (whose change, for the narration: rules/damage.lua, reduce)
  mods[#mods + 1] = mod
  ctx.game:mark_stack(id, "mods", mods)
end

-- Its point damage is reduced by `amount` (not below 0), for every wizard it hits (`player`
-- is not used: a classic reduction weakens the whole attack).
---@param ctx Ctx
---@param amount integer
---@param entry? integer the stack entry (default: the one it answers, else its own)
---@param _player? integer|false
function H.reduce(ctx, amount, entry, _player) add_mod(ctx, entry, { op = "reduce", n = amount }) end

-- Its point damage is halved, rounding up (classic, The Cards).
---@param ctx Ctx
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.halve(ctx, entry) add_mod(ctx, entry, { op = "halve" }) end

-- It is turned on another wizard (Full Reflection: at its caster). The new target becomes the
-- defender, who may in turn counteract it.
---@param ctx Ctx
---@param player integer|{kind: string, player: integer} a player id or a wizard target
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.redirect(ctx, player, entry)
  local game = ctx.game
  local id = stack.entry_of(ctx, entry)
  player = normalize(player).player
  game:mark_stack(id, "redirect", player)
  game:mark_stack(id, "defender", player)
  -- A spell that stays in play (Slow Death, Slow, Blind...) finds its victim later through its
  -- card's target: that is now this wizard, or its curse would stay on the first one (classic,
  -- The Cards: the attack bounced back; issue 44). Settling keeps it (rules/play.lua).
  local c = (game:stack_entry(id) --[[@as StackEntry]]).card
  if c then game:set_card(c, { target = { kind = "wizard", player = player } }) end
end

-- It hits both its target and its caster, each with half its point damage (rounding up):
-- reconstructed for Reflection, whose text splits the damage between the two.
---@param ctx Ctx
---@param entry? integer the stack entry (default: the one it answers, else its own)
function H.split(ctx, entry)
  local id = stack.entry_of(ctx, entry)
  ctx.game:mark_stack(id, "split", true)
  add_mod(ctx, entry, { op = "halve" })
end

-- The stack entry a counteraction answers, and its card (nil for a punch or damage).
---@param ctx Ctx
---@return StackEntry? entry
---@return Card? card
function H.answered(ctx)
  local e = ctx.against and ctx.game:stack_entry(ctx.against)
  return e, e and e.card and ctx.game:card(e.card) or nil
end

-- The NUMBER this card was played with (1 without one).
---@param ctx Ctx
---@return integer
function H.power(ctx) return ctx.number or ctx.energy or ctx.game:config().default_number end

-- edition: does a spell that destroys a wall take a door with it (classic: no, doors are not
-- walls; 9th: a wall that holds a door falls with it)?
---@param _ctx Ctx
---@return boolean
function H.doors_fall_with_walls(_ctx) return false end

-- Removes a wall (or door) at once, with its rim partner; false if there is none or it
-- cannot go.
---@param ctx Ctx
---@param edge Edge
---@return boolean destroyed
function H.destroy_wall(ctx, edge)
  local game = ctx.game
  local info = game:edge(edge)
  if info.barrier == "open" or info.barrier == "none" then return false end
  return damage.knock_down(game, info.edge, ctx.card)
end

-- A door opened for the active player this turn (Pick Lock): it stands open, so a spell may be
-- cast through it without passing (classic, The Board), until he has gone through it or the
-- turn ends; then it relocks. The doors opened so are kept in the game var `picked_doors`.
---@param ctx Ctx
---@param edge Edge
function H.grant_door_pass(ctx, edge)
  local game = ctx.game
  local e = game:edge(edge).edge
  local picked = common.copy(game:vars().picked_doors)
  picked[#picked + 1] = e
  game:set_var("picked_doors", picked)
  doors.open(game, e)
  game:after("door", { player = game:turn().active, edge = e, opened = true })
end

-- Relocks a door opened with grant_door_pass (a lock taken out, Remove Lock, keeps it open);
-- false if that door was not picked open.
---@param ctx Ctx
---@param edge Edge
---@return boolean relocked
function H.relock_door(ctx, edge)
  local game = ctx.game
  local picked, left, found = game:vars().picked_doors or {}, {}, false
  for _, e in ipairs(picked) do
    if common.same_edge(e, edge) then found = true else left[#left + 1] = e end
  end
  if not found then return false end
  game:set_var("picked_doors", #left > 0 and left or nil)
  -- (the door may have been broken down meanwhile)
  if game:edge(edge).barrier == "door" then doors.close(game, edge) end
  return true
end

-- At the end of a turn, every door still picked open relocks.
---@param ctx Ctx
function H.relock_picked_doors(ctx)
  for _, e in ipairs(ctx.game:vars().picked_doors or {}) do H.relock_door(ctx, e) end
end

-- The closed doors wizard p may pass now besides open ones: while he shows a card with the
-- `opens_doors` trait (Master Key, [AF]: any undamaged door), every undamaged door of his
-- square that no lock jams shut (sealed). For game:steps (`door_passes`).
---@param ctx Ctx
---@param p integer
---@return Edge[]
function H.door_passes(ctx, p)
  local game = ctx.game
  local out = {}
  local at = game:player(p).at
  if not at then return out end
  local shown = false
  for _, c in ipairs(game:play_area(p)) do
    if common.has_trait(game, c, "opens_doors") then shown = true end
  end
  if not shown then return out end
  for _, info in ipairs(game:lines_around(at)) do -- (its walls and doors, in key order)
    if info.barrier == "door" and info.damage == 0 and not doors.is_sealed(game, info.edge) then out[#out + 1] = info.edge end
  end
  return out
end

-- classic, The Die: a random direction. Player p picks a facing, the d4 is rolled: 1 keeps
-- it, any other roll counts clockwise from it. Returns the direction.
---@param ctx Ctx
---@param p integer whose move it is
---@return Dir
function H.random_direction(ctx, p)
  local opts = {}
  for _, d in ipairs({ "N", "E", "S", "W" }) do opts[#opts + 1] = { label = "face " .. targets.dir_words(d), dir = d } end
  local _, i = ctx.game:choose(p, "facing", "Pick a direction; the die turns it clockwise", opts)
  return ctx.game:random_direction(ctx.game:roll(4), opts[i].dir)
end

-- classic, The Die: wizard p is moved n squares, one at a time, each in a random direction
-- (H.random_direction); bumping into a wall or anything else that stops him spends that
-- square and the die is rolled again for the next. Returns the squares actually entered.
---@param ctx Ctx
---@param p integer
---@param n integer
---@return Square[] entered
function H.random_move(ctx, p, n)
  local game = ctx.game
  local entered = {}
  for _ = 1, n do
    if not game:player(p).alive then break end
    local dir = H.random_direction(ctx, p)
    local to ---@type Square?
    for _, s in ipairs(game:steps(p)) do
      if s.dir == dir then to = s.to end
    end
    if to then
      H.move_wizard(ctx, p, to)
      entered[#entered + 1] = to
    else
      game:log("bump", { player = p, dir = dir })
    end
  end
  return entered
end

-- Moves wizard p to square s by magic (a teleport, a swap, a drag): `leave`, `move` and
-- `enter` events, no movement points. classic, Objects: he cannot pick anything up there
-- out of his turn (picking up is an action of his own turn only).
---@param ctx Ctx
---@param p integer
---@param s Square
function H.move_wizard(ctx, p, s)
  local game = ctx.game
  local from = game:player(p).at
  game:after("leave", { who = p, square = from })
  game:place_seat_figure(p, s)
  game:after("move", { wizard = p, from = from, to = s, magic = true })
  game:after("enter", { who = p, square = s })
end

-- Wizard p is pushed straight in direction `dir` up to n squares by magic (Waterbolt, Go
-- Away): he stops at the first wall, closed door or anything else that stops a walker, and
-- lands on the last square reached (H.move_wizard). Returns how many squares he moved.
---@param ctx Ctx
---@param p integer
---@param dir Dir
---@param n integer
---@return integer moved
function H.push(ctx, p, dir, n)
  local game = ctx.game
  local at = game:player(p).at
  if not at or n <= 0 then return 0 end
  local run = game:run(at, dir, n, { player = p })
  if #run.squares > 0 then H.move_wizard(ctx, p, run.squares[#run.squares]) end
  return #run.squares
end

-- classic, Cards and Actions that Change the Map: a wall created or destroyed on a seam goes
-- with one of the two sectors, 50/50 (fate "random").
---@param ctx Ctx
---@param sector integer
---@param quarters integer
---@return table moved
function H.rotate_sector(ctx, sector, quarters)
  return ctx.game:turn_sector(sector, quarters, "random")
end

-- classic, The Board: once a sector is relocated the AUTO WARP is discarded and only opposite
-- board edges connect (the layout names its warps `auto_warp`). `b`: the sector to trade
-- places with, or an empty place of the board ({ x, y }, game:empty_places()).
---@param ctx Ctx
---@param a integer
---@param b integer|{x: integer, y: integer}
---@return table moved
function H.relocate_sector(ctx, a, b)
  local moved
  if type(b) == "table" then
    moved = ctx.game:move_sector(a, b, "random") -- (an empty place of the board)
  else
    moved = ctx.game:swap_sectors(a, b, "random")
  end
  if ctx.game:remove_warps("auto_warp") > 0 then ctx.game:log("auto_warp_removed", {}) end
  return moved
end

return H
