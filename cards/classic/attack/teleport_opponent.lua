-- classic TELEPORT OPPONENT (1 in the deck): an attack forcibly moving an opponent to a
-- square of the caster's choosing [AF]. A magical move: no movement points, and he picks
-- nothing up where he lands (classic, Objects: no pick-up out of turn). Any square will do
-- that no fixed object fills (rules/targets.lua: landing_squares, as for Teleport).
-- reconstructed: range L.O.S. ([AF]'s spells need sight unless they say otherwise).
local targets = require("rules.targets")
local at_wizard = require("lib.at_wizard")
local duel = require("test.duel")
local moved = require("test.moved")
local query = require("test.query")
local spots = require("test.spots")
local stage = require("test.stage")

-- The caster picks where p lands.
---@param ctx Ctx
---@param p integer
local function teleport(ctx, p)
  local opts = targets.landing_squares(ctx.game)
  if #opts == 0 then return end
  local _, i = ctx.game:choose(ctx.caster, "square", "Teleport him to which square?", opts)
  ctx:move_wizard(p, opts[i].square)
end

return card(at_wizard.card({
  name = "Teleport Opponent", kind = "attack", copies = 1,
  text = "Attack: a wizard you can see vanishes and reappears on any square you choose that no fixed object fills.",
  tests = {
    { "sent to the chosen square, a treasure's, picking nothing up; the turn's attack", function(t, g)
      local tr = query.treasures_of(g, 1)[1] ---@type Object?
      assert(tr, "a treasure of player 1")
      t:answer(0, { square = tr.at })
      duel.aim(t, "Teleport Opponent")
      t:eq(g:player(1).at, tr.at)
      t:eq(assert(g:object(tr.id)).carried_by, nil)
      t:ok(g:turn().vars.attacked)
    end },
    { "never into a square a thornbush fills", function(t, g)
      local a, n = stage.roomy(t)
      g:create_object { kind = "thornbush", at = n.to, mobile = false, blocks_move = true, fills_square = true, toughness = 5 }
      local ok = false
      for _, o in ipairs(targets.landing_squares(g)) do
        if spots.same_square(o.square, n.to) then ok = true end
      end
      t:ok(not ok, "the bush's square is not offered")
      t:answer(0, { square = a })
      duel.aim(t, "Teleport Opponent", { square = a })
      t:eq(g:player(1).at, a)
    end },
    { "Full Shield stops it", function(t) moved.shielded(t, "Teleport Opponent") end },
  },
}, teleport))
