-- classic CARD ERASURE (1 in the deck): an attack erasing a spell from a wizard's mind [AF]:
-- the caster names a spell, and if the wizard holds a card of that name he must discard it.
-- The caster does not see the hand; he guesses. Only spells can be named (attack, neutral
-- and counteraction cards): classic, Objects: objects and stones are taken from a wizard only
-- by Drop Object or by killing him; NUMBER cards are not spells.
-- reconstructed: range L.O.S. ([AF] makes its spells need sight unless they say otherwise);
-- one copy of the named card is discarded.
local at_wizard = require("lib.at_wizard")
local duel = require("test.duel")

local SPELL = { attack = true, neutral = true, counter = true }

local function spell_names(game)
  local names, seen = {}, {}
  for _, key in ipairs(game:card_keys()) do
    local def = game:card_def(key)
    if SPELL[def.kind] and not seen[def.name] then
      seen[def.name] = true
      names[#names + 1] = def.name
    end
  end
  table.sort(names)
  local opts = {}
  for _, n in ipairs(names) do opts[#opts + 1] = { label = "name " .. n, name = n } end
  return opts
end

-- The caster names a spell; one copy of it in p's hand, if he holds one, is discarded.
---@param ctx Ctx
---@param p integer
local function erase(ctx, p)
  local game = ctx.game
  local opts = spell_names(game)
  local _, i = game:choose(ctx.caster, "name", "Card Erasure: name a spell", opts)
  local name = opts[i].name
  for _, c in ipairs(game:hand(p)) do
    if game:card(c).name == name then
      require("rules.common").discard(game, c)
      game:log("erased", { card = c, player = p })
      return
    end
  end
  game:log("not_held", { name = name, player = p })
end

return card(at_wizard.card({
  name = "Card Erasure", kind = "attack", copies = 1,
  text = "Attack: name a spell. If the wizard you can see holds that card, he discards it.",
  tests = {
    { "the named spell is in his hand: one copy is discarded", function(t, g)
      t:answer(0, { name = "Fireball" })
      local f1, f2, k = table.unpack(duel.aim(t, "Card Erasure", { held = { "Fireball", "Fireball", "NUMBER 4" } }).held)
      t:eq(g:card(assert(f1)).zone.kind == "pile" or g:card(assert(f2)).zone.kind == "pile", true)
      t:eq(#g:hand(1), 2, "one Fireball and the NUMBER left")
      t:eq(g:card(assert(k)).zone.kind, "hand")
      t:ok(g:turn().vars.attacked)
    end },
    { "a wrong guess erases nothing", function(t, g)
      t:answer(0, { name = "Sudden Death" })
      duel.aim(t, "Card Erasure", { held = { "Fireball" } })
      t:eq(#g:hand(1), 1)
      t:eq(#t:log("not_held"), 1)
    end },
    { "Full Shield stops it: no name is asked", function(t, g)
      local f = duel.aim(t, "Card Erasure", { plays = { "Full Shield" }, held = { "Fireball" } }).held[1]
      t:eq(g:card(f).zone.kind, "hand")
    end },
  },
}, erase))
