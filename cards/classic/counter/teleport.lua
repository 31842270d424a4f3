-- classic TELEPORT (1 in the deck): you vanish and reappear on a square of your choice.
-- reconstructed: our card list calls it a neutral spell, but the rulebook speaks of
-- teleporting out of turn (classic, Objects: "you can't pick up an object out of turn, even
-- if you TELEPORT onto it"), and only counteractions are played out of turn (classic, The
-- Cards). So we made it a counteraction: played against an attack aimed at you, you are gone
-- and the attack misses; played in your own turn it is a neutral spell (classic, The Cards:
-- counteractions may be used as neutral spells). Any square will do that no fixed object
-- fills; you pick nothing up where you land out of turn.
local targets = require("rules.targets")
local duel = require("test.duel")
local first = require("test.first")
local query = require("test.query")

local function teleport(ctx)
  local game = ctx.game
  local p = ctx.controller
  local opts = targets.landing_squares(game)
  local _, i = game:choose(p, "square", "Teleport to which square?", opts)
  ctx:move_wizard(p, opts[i].square)
end

local ANSWERS = { spell = true, throw = true, punch = true }

return card {
  name = "Teleport", kind = "counter", copies = 1,
  text = "Counteraction: when an attack is aimed at you, vanish to any square not filled by a fixed object; the attack misses. In your own turn, you may teleport the same way.",
  can_cast = function(_ctx) return true end,
  can_respond = function(ctx, entry)
    return ANSWERS[entry.kind] == true and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx)
    if ctx.against then ctx:evade() end
    teleport(ctx)
  end,
  tests = {
    { "in your own turn: to the chosen square, not an attack", function(t, g)
      local c = t:turn_of(0, "Teleport")
      local to = g:home(g:player(1).home_sector)
      t:answer(0, { square = to })
      t:cast { card = c }
      t:eq(g:player(0).at, to)
      t:eq(g:turn().vars.attacked, nil)
      t:eq(g:card(c).zone.pile, "discard")
    end },
    { "against a Fireball: gone, and it misses; no treasure picked up where he lands", function(t, g)
      local tr = query.treasures_of(g, 0)[1] ---@type Object?
      assert(tr, "a treasure of player 0")
      local f = t:turn_of(0, "Fireball")
      local c = t:give(1, "Teleport")
      first.at_one(t, f, { answers = { { 1, { card = c } }, { 1, { square = tr.at } } } })
      t:eq(t:life(1), 15)
      t:eq(g:player(1).at, tr.at)
      t:eq(assert(g:object(tr.id)).carried_by, nil, "nothing is picked up out of turn")
      t:ok(g:turn().vars.attacked, "the Fireball was still the turn's attack")
    end },
    { "Anti-Anti cancels the Teleport: no escape, the Fireball hits", function(t, g)
      local at = g:player(0).at
      duel.aim(t, "Fireball", { plays = { "Teleport", { "Anti-Anti", by = 0 } } })
      t:eq(t:life(1), 10)
      t:eq(g:player(1).at, at)
    end },
  },
}
