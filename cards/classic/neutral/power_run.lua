-- classic POWER RUN (1 in the deck): you spend your life to run on: extra movement, each extra
-- square costing 1 point of life [AF: each move gives one more and does 1 physical point].
-- reconstructed: it lasts the rest of the turn it is cast in; the squares of the turn's
-- movement (3, a NUMBER added, a Speedstone) cost nothing extra; once they are spent each
-- further square costs 1 life as it is taken, with no limit but his life (the price is paid,
-- not dealt: no counteraction answers it). Magical moves (Teleport, Drag) cost nothing.
local movement = require("rules.movement")
local damage = require("rules.damage")
local duel = require("test.duel")

-- When the turn's movement is spent, one more square is offered, to be paid for.
local function top_up(ctx)
  if movement.left(ctx.game) < 1 then
    movement.gain(ctx.game, 1)
    ctx.game:set_card_data(ctx.card, "paid_step", true)
  end
end

local function running(ctx, p)
  local game = ctx.game
  local me = game:card(ctx.card)
  return me.zone.kind == "play" and me.zone.player == p and game:turn().active == p
    and game:card_data(ctx.card, "running") == true
end

return card {
  name = "Power Run", kind = "neutral", copies = 1,
  range = "self", duration = "instant", targets = { "self" },
  text = "For the rest of this turn, when your movement is spent you may keep running: each extra square costs you 1 life point.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    game:move_card(ctx.card, { kind = "play", player = p })
    game:set_card(ctx.card, { controller = p })
    game:set_card_data(ctx.card, "running", true)
    top_up(ctx)
  end,
  on_move = function(ctx, ev)
    if ev.magic or not running(ctx, ev.wizard) then return end
    local game = ctx.game
    if game:card_data(ctx.card, "paid_step") then
      game:set_card_data(ctx.card, "paid_step", nil)
      game:log("power_run", { player = ev.wizard, card = ctx.card })
      damage.to_wizard(game, {
        target = { kind = "wizard", player = ev.wizard }, amount = 1, tags = { physical = true },
        source = ctx.card, caster = ev.wizard, attack = false,
      })
    end
    if game:player(ev.wizard).alive then top_up(ctx) end
  end,
  on_turn_end = function(ctx)
    local game = ctx.game
    if game:card(ctx.card).zone.kind == "play" then require("rules.common").discard(game, ctx.card) end
  end,
  tests = {
    { "three free squares, then 1 life a square", function(t, g)
      local c = duel.aim(t, "Power Run", { at = 0 }).card
      t:eq(g:card(c).zone.kind, "play")
      local moved = 0
      for _ = 1, 5 do
        local step = t:list { kind = "move" }[1]
        if step then
          t:act(step)
          moved = moved + 1
        end
      end
      t:eq(moved, 5, "five squares in all")
      t:eq(t:life(0), 13, "two extra squares, two points")
      t:ok(t:has { kind = "move" }, "he may run on")
    end },
    { "without it, no step once the movement is spent", function(t, g)
      t:active(0)
      g:set_turn_var("spent", 3)
      t:eq(t:count { kind = "move" }, 0)
      local c = t:give(0, "Power Run")
      t:cast { card = c, at = t:wizard(0) }
      t:ok(t:has { kind = "move" }, "one more square, at a price")
      t:eq(t:life(0), 15, "nothing paid before the step")
    end },
    { "running at 1 life kills him; it ends with the turn", function(t, g)
      t:active(0)
      g:set_turn_var("spent", 3)
      local c = t:give(0, "Power Run")
      t:cast { card = c, at = t:wizard(0) }
      t:set_life(0, 2)
      t:act(t:list { kind = "move" }[1])
      t:eq(t:life(0), 1)
      t:pass(1)
      t:eq(g:card(c).zone.pile, "discard", "gone at the end of the turn")
      t:active(0)
      t:set_life(0, 1)
      g:set_turn_var("spent", 3)
      local c2 = t:give(0, "Power Run")
      t:cast { card = c2, at = t:wizard(0) }
      t:act(t:list { kind = "move" }[1])
      t:eq(g:player(0).alive, false, "he ran himself to death")
    end },
  },
}
