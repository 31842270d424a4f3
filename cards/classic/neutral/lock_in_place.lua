-- classic LOCK IN PLACE (1 in the deck): magical chains bind a wizard's feet: he cannot move
-- for the NUMBER of turns [AF: a neutral spell at a wizard, numbered; every move of his is
-- skipped]. On another wizard it is the caster's attack and may be counteracted (classic,
-- The Cards: a neutral spell used on an opponent).
-- reconstructed: range L.O.S.; it lasts the NUMBER of its caster's turns (classic, The Turn);
-- on each of his own turns meanwhile the victim has no movement at all (no NUMBER may be added
-- to it, and no step is taken); he may still cast, attack and be moved by others' spells.
local duel = require("test.duel")

return card {
  name = "Lock in Place", kind = "neutral", copies = 1,
  range = "los", duration = "duration", targets = { "wizard" },
  text = "A wizard you can see cannot move on his turns until the start of your turn a NUMBER of turns from now. Used on an opponent, it is your attack.",
  can_target = function(ctx, t) return t.player ~= ctx.caster end,
  on_turn_start = function(ctx)
    local game = ctx.game
    local card = game:card(ctx.card)
    local t = card.target
    if card.zone.kind == "play" and type(t) == "table" and t.kind == "wizard" and game:turn().active == t.player then
      game:set_turn_var("speed", 0)
      game:set_turn_var("boosted", true) -- no NUMBER for movement either
    end
  end,
  before_move = function(ctx, ev)
    local game = ctx.game
    local card = game:card(ctx.card)
    local t = card.target
    if card.zone.kind == "play" and type(t) == "table" and t.kind == "wizard" and ev.wizard == t.player then
      return false
    end
  end,
  tests = {
    { "with a NUMBER 2: two of the victim's turns without a step, then free", function(t, g)
      local c = duel.aim(t, "Lock in Place", { boost = "NUMBER 2" }).card
      t:ok(g:turn().vars.attacked, "the turn's attack")
      t:give(1, "NUMBER 4")
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:eq(t:count { kind = "move" }, 0, "no step")
      t:eq(t:count { kind = "boost" }, 0, "no NUMBER for movement")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(t:count { kind = "move" }, 0, "still locked")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:ok(t:has { kind = "move" }, "free again")
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "Full Shield stops it", function(t)
      duel.aim(t, "Lock in Place", { plays = { "Full Shield" } })
      t:pass(1)
      t:ok(t:has { kind = "move" }, "he walks")
    end },
    { "never on yourself; the caster still walks", function(t, g)
      local c = t:turn_of(0, "Lock in Place")
      t:ok(not t:has { kind = "cast", card = c, target = t:wizard(0) })
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1) }
      t:ok(t:has { kind = "move" }, "the caster is not bound")
    end },
  },
}
