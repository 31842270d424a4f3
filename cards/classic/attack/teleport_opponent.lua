-- classic TELEPORT OPPONENT (1 in the deck): an attack forcibly moving an opponent to a
-- square of the caster's choosing [AF]. A magical move: no movement points, and he picks
-- nothing up where he lands (classic, Objects: no pick-up out of turn). Any square will do
-- that no fixed object fills (rules/targets.lua: landing_squares, as for Teleport).
-- reconstructed: range L.O.S. ([AF]'s spells need sight unless they say otherwise).
local targets = require("rules.targets")
local duel = require("test.duel")

return card {
  name = "Teleport Opponent",
  kind = "attack",
  range = "los",
  duration = "instant",
  targets = { "wizard" },
  copies = 1,
  text = "Attack: a wizard you can see vanishes and reappears on any square you choose that no fixed object fills.",
  resolve = function(ctx)
    local game = ctx.game
    local p = ctx:target_player()
    if p == nil or not game:player(p).alive then return end
    local opts = targets.landing_squares(game)
    if #opts == 0 then return end
    local _, i = game:choose(ctx.caster, "square", "Teleport him to which square?", opts)
    ctx:move_wizard(p, opts[i].square)
  end,
  tests = {
    { "sent to the chosen square, a treasure's, picking nothing up; the turn's attack", function(t)
      local g = t.game
      t:active(0)
      local c = t:give(0, "Teleport Opponent")
      t:place(1, g:player(0).at)
      local tr ---@type Object?
      for _, o in ipairs(g:objects()) do if not tr and o.kind == "treasure" and o.owner == 1 then tr = o end end
      assert(tr, "a treasure of player 1")
      t:answer(0, { square = tr.at })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(1).at, tr.at)
      t:eq(g:object(tr.id).carried_by, nil)
      t:ok(g:turn().vars.attacked)
    end },
    { "never into a square a thornbush fills", function(t)
      local g = t.game
      local spots = require("test.spots")
      t:active(0)
      local a = spots.roomy_square(g)
      local n = assert(spots.free_square(g, a), "a free square beside it").to
      g:create_object { kind = "thornbush", at = n, mobile = false, blocks_move = true, fills_square = true, toughness = 5 }
      local ok = false
      for _, o in ipairs(require("rules.targets").landing_squares(g)) do
        if o.square.x == n.x and o.square.y == n.y then ok = true end
      end
      t:ok(not ok, "the bush's square is not offered")
      local c = t:give(0, "Teleport Opponent")
      t:place(1, a)
      t:place(0, a)
      t:answer(0, { square = a })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:player(1).at, a)
    end },
    { "Full Shield stops it", function(t)
      local g = t.game
      local at = g:player(0).at
      duel.aim(t, "Teleport Opponent", { plays = { "Full Shield" } })
      t:eq(g:player(1).at, at)
    end },
  },
}
