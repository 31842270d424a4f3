-- classic THOUGHT-STEAL (1 in the deck): an attack stealing cards from a wizard's mind [AF:
-- an attack on a wizard; its text is unfinished there].
-- reconstructed: the caster takes as many cards as the NUMBER played with it (1 without one),
-- drawn blind, at random, from the hand of a wizard in sight (L.O.S.), then discards down to
-- seven at once (classic, Getting New Cards). Objects and magic stones in his hand cannot be
-- taken (classic, Objects: only Drop Object or killing him takes an object from a wizard);
-- spells and NUMBER cards can. Turned back on its caster (Full Reflection), the wizard it
-- was first aimed at is the thief.
local common = require("rules.common")
local steal = require("lib.thought_steal")
local duel = require("test.duel")

---@return integer[]
local function thoughts(game, p)
  local out = {}
  for _, c in ipairs(game:hand(p)) do
    if not common.is_object(game, c) then out[#out + 1] = c end
  end
  return out
end

return card(steal.card({
  name = "Thought-Steal", kind = "attack", copies = 1,
  traits = { "number_power" },
  text = "Attack: take a NUMBER of cards at random from the hand of a wizard you can see (not his objects or stones), then discard down to 7.",
  tests = {
    { "with a NUMBER 2: two of his cards come to the caster", function(t, g)
      duel.aim(t, "Thought-Steal", { boost = "NUMBER 2", held = { "Fireball", "Sudden Death", "NUMBER 5" } })
      t:eq(#g:hand(1), 1)
      t:eq(#g:hand(0), 2)
      t:eq(#t:log("stolen"), 2)
      t:ok(g:turn().vars.attacked)
    end },
    { "his objects and stones are out of reach", function(t, g)
      local d, s, f = table.unpack(duel.aim(t, "Thought-Steal", { boost = "NUMBER 3", held = { "Dagger", "Powerstone", "Fireball" } }).held)
      t:eq(g:card(assert(f)).zone.player, 0, "the one spell is taken")
      t:eq(g:card(assert(d)).zone.player, 1)
      t:eq(g:card(assert(s)).zone.player, 1)
    end },
    { "Full Reflection: the caster's own hand is robbed", function(t, g)
      local mine = t:give(0, "Sudden Death")
      duel.aim(t, "Thought-Steal", { plays = { "Full Reflection" } })
      t:eq(g:card(mine).zone.player, 1)
    end },
  },
}, {
  thief = function(ctx, victim)
    local game, me = ctx.game, ctx.caster
    if not game:player(victim).alive then return nil end
    if victim == me then -- reflected: the first target robs the caster
      local e = ctx.stack and game:stack_entry(ctx.stack)
      local first = e and e.target
      if type(first) ~= "table" or first.kind ~= "wizard" or first.player == me then return nil end
      me = first.player
    end
    return me
  end,
  takes = function(ctx) return ctx:power() end,
  -- drawn blind, at random, among the cards that are no objects
  pick = function(ctx, victim, _thief)
    local pool = thoughts(ctx.game, victim)
    if #pool == 0 then return nil end
    return pool[ctx.game:roll(#pool)]
  end,
}))
