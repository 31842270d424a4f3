-- classic THORNBUSH (2 in the deck): a permanent thornbush fills an empty square in sight
-- (classic, Objects: a fixed object, so it blocks sight; classic, Combat: no attack through a
-- bush). It can be walked into, but a wizard entering it takes 1 point of physical damage and
-- is caught: his turn ends and he loses the next one [AF]. It breaks at 5 points [AF] (it may
-- be punched from the next square: it fills its square).
-- reconstructed: the thorns are indirect damage (Absorb or Blunt may answer them); a wizard
-- whose damage was all stopped is not caught (classic, The Cards: secondary effects stop with
-- the damage); a wizard pulled in outside his turn just loses his next turn.
local square_creation = require("lib.square_creation")
local stage = require("test.stage")

return card(square_creation.card {
  name = "Thornbush", copies = 2,
  text = "A thornbush fills an empty square you can see. It hides what lies behind it. Whoever enters it takes 1 physical point and is caught: his turn ends and he loses the next. 5 points of damage clear it.",
  resolve = function(ctx)
    ctx:create_object {
      kind = "thornbush", at = ctx.target.at, mobile = false, blocks_los = true, blocks_move = false,
      fills_square = true, toughness = 5,
    }
  end,
  on_enter = function(ctx, ev)
    local game = ctx.game
    local mine = false
    for _, id in ipairs(game:card_data(ctx.card, "objects") or {}) do
      local o = game:object(id)
      if o and o.at and o.at.side == nil and o.at.x == ev.square.x and o.at.y == ev.square.y then mine = true end
    end
    if not mine or not game:player(ev.who).alive then return end
    if ctx:damage(ev.who, 1, { physical = true }) <= 0 or not game:player(ev.who).alive then return end
    if game:turn().active == ev.who then
      ctx:lose_turns(ev.who, 2) -- the rest of this turn and the next
      game:end_turn()
    else
      ctx:lose_turns(ev.who, 1)
    end
  end,
  tests = {
    { "walking in: 1 point, the turn ends, the next is lost", function(t, g)
      local c, n = stage.cast_beside(t, "Thornbush", "square")
      t:eq(g:card(c).zone.kind, "play")
      local bush = g:objects_at(n.to)[1]
      t:eq(bush.kind, "thornbush")
      t:eq(bush.fills_square, true)
      t:move(n.dir)
      t:eq(t:life(0), 14)
      t:eq(g:turn().phase_over, true, "his turn ends")
      t:eq(g:player(0).tokens.lost_turns, 1)
      t:pass(2)
      t:eq(g:turn().active, 0)
      t:eq(g:turn().vars.lost, true, "the next turn is lost")
      t:ok(not t:has { kind = "move" }, "no move on a lost turn")
    end },
    { "it blocks sight past it, and 5 points (punches from the next square) clear it", function(t, g)
      local spots = require("test.spots")
      t:active(0)
      local at, n, beyond = spots.row_of_three(g)
      assert(at and beyond and n, "three squares in a row")
      t:place(0, at)
      local c = t:give(0, "Thornbush")
      t:cast { card = c, at = t:square(n) }
      t:ok(not g:los(at, beyond), "the bush hides the square behind it")
      local bush = g:objects_at(n)[1]
      for i = 1, 5 do
        t:active(0)
        t:punch(t:object(bush.id))
        if i < 5 then t:eq(g:object(bush.id).damage, i) end
      end
      t:eq(#g:objects_at(n), 0, "cleared")
      t:ok(g:los(at, beyond))
    end },
    { "Absorb stops the thorns: not caught", function(t, g)
      local _, n = stage.roomy(t)
      local c, a = t:give(0, "Thornbush"), t:give(0, "Absorb")
      t:cast { card = c, at = t:square(n.to) }
      t:answer(0, { card = a })
      t:move(n.dir)
      t:eq(t:life(0), 15)
      t:eq(g:player(0).tokens.lost_turns, nil)
      t:ok(g:turn().phase_over ~= true, "his turn goes on")
    end },
    { "not on a home base, even an empty one in sight", function(t)
      require("test.offers").not_on_home(t, "Thornbush")
    end },
    { "not on a home base nor on an occupied square", function(t, g)
      local c = t:turn_of(0, "Thornbush")
      local home = g:home(g:player(0).home_sector)
      t:ok(not t:has { kind = "cast", card = c, target = t:square(home) }, "not on the home base")
      for _, a in ipairs(t:list { kind = "cast", card = c }) do
        local s = { x = a.target.x, y = a.target.y }
        t:eq(g:home_sector_at(s), nil, a.label)
        t:eq(#g:seats_at(s), 0, a.label)
      end
    end },
  },
})
