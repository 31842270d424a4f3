-- classic THOUGHT-STEAL (1 in the deck): an attack stealing cards from a wizard's mind [AF:
-- an attack on a wizard; its text is unfinished there].
-- reconstructed: the caster takes as many cards as the NUMBER played with it (1 without one),
-- drawn blind, at random, from the hand of a wizard in sight (L.O.S.), then discards down to
-- seven at once (classic, Getting New Cards). Objects and magic stones in his hand cannot be
-- taken (classic, Objects: only Drop Object or killing him takes an object from a wizard);
-- spells and NUMBER cards can. Turned back on its caster (Full Reflection), the wizard it
-- was first aimed at is the thief.
local common = require("rules.common")

---@return integer[]
local function thoughts(game, p)
  local out = {}
  for _, c in ipairs(game:hand(p)) do
    if not common.is_object(game, c) then out[#out + 1] = c end
  end
  return out
end

return card {
  name = "Thought-Steal",
  kind = "attack",
  range = "los",
  duration = "instant",
  traits = { "number_power" },
  targets = { "wizard" },
  copies = 1,
  text = "Attack: take a NUMBER of cards at random from the hand of a wizard you can see (not his objects or stones), then discard down to 7.",
  resolve = function(ctx)
    local game, me = ctx.game, ctx.caster
    local p = ctx:target_player()
    if p == nil or not game:player(p).alive then return end
    if p == me then -- reflected: the first target robs the caster
      local e = ctx.stack and game:stack_entry(ctx.stack)
      local first = e and e.target
      if type(first) ~= "table" or first.kind ~= "wizard" or first.player == me then return end
      me = first.player
    end
    for _ = 1, ctx:power() do
      local pool = thoughts(game, p)
      if #pool == 0 then break end
      local c = pool[game:roll(#pool)]
      game:move_card(c, { kind = "hand", player = me })
      game:log("stolen", { card = c, from = p, by = me })
    end
    common.discard_to_limit(game, me)
  end,
  tests = {
    { "with a NUMBER 2: two of his cards come to the caster", function(t)
      local g = t.game
      t:active(0)
      local c = t:give(0, "Thought-Steal")
      local n = t:give(0, "NUMBER 2")
      t:give(1, "Fireball")
      t:give(1, "Sudden Death")
      t:give(1, "NUMBER 5")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(#g:hand(1), 1)
      t:eq(#g:hand(0), 2)
      t:eq(#t:log("stolen"), 2)
      t:ok(g:turn().vars.attacked)
    end },
    { "his objects and stones are out of reach", function(t)
      local g = t.game
      t:active(0)
      local c = t:give(0, "Thought-Steal")
      local n = t:give(0, "NUMBER 3")
      local d = t:give(1, "Dagger")
      local s = t:give(1, "Powerstone")
      local f = t:give(1, "Fireball")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1), boost = n }
      t:eq(g:card(f).zone.player, 0, "the one spell is taken")
      t:eq(g:card(d).zone.player, 1)
      t:eq(g:card(s).zone.player, 1)
    end },
    { "Full Reflection: the caster's own hand is robbed", function(t)
      local g = t.game
      t:active(0)
      local c = t:give(0, "Thought-Steal")
      local mine = t:give(0, "Sudden Death")
      local r = t:give(1, "Full Reflection")
      t:place(1, g:player(0).at)
      t:answer(1, { card = r })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:card(mine).zone.player, 1)
    end },
  },
}
