-- classic CARD ERASURE (1 in the deck): an attack erasing a spell from a wizard's mind [AF]:
-- the caster names a spell, and if the wizard holds a card of that name he must discard it.
-- The caster does not see the hand; he guesses. Only spells can be named (attack, neutral
-- and counteraction cards): classic, Objects: objects and stones are taken from a wizard only
-- by Drop Object or by killing him; NUMBER cards are not spells.
-- reconstructed: range L.O.S. ([AF] makes its spells need sight unless they say otherwise);
-- one copy of the named card is discarded.
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

return card {
  name = "Card Erasure",
  kind = "attack",
  range = "los",
  duration = "instant",
  targets = { "wizard" },
  copies = 1,
  text = "Attack: name a spell. If the wizard you can see holds that card, he discards it.",
  resolve = function(ctx)
    local game = ctx.game
    local p = ctx:target_player()
    if p == nil or not game:player(p).alive then return end
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
  end,
  tests = {
    { "the named spell is in his hand: one copy is discarded", function(t)
      local g = t.game
      t:active(0)
      local f1 = t:give(1, "Fireball")
      local f2 = t:give(1, "Fireball")
      local k = t:give(1, "NUMBER 4")
      local c = t:give(0, "Card Erasure")
      t:place(1, g:player(0).at)
      t:answer(0, { name = "Fireball" })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:card(f1).zone.kind == "pile" or g:card(f2).zone.kind == "pile", true)
      t:eq(#g:hand(1), 2, "one Fireball and the NUMBER left")
      t:eq(g:card(k).zone.kind, "hand")
      t:ok(g:turn().vars.attacked)
    end },
    { "a wrong guess erases nothing", function(t)
      local g = t.game
      t:active(0)
      t:give(1, "Fireball")
      local c = t:give(0, "Card Erasure")
      t:place(1, g:player(0).at)
      t:answer(0, { name = "Sudden Death" })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(#g:hand(1), 1)
      t:eq(#t:log("not_held"), 1)
    end },
    { "Full Shield stops it: no name is asked", function(t)
      local g = t.game
      t:active(0)
      local f = t:give(1, "Fireball")
      local s = t:give(1, "Full Shield")
      local c = t:give(0, "Card Erasure")
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:card(f).zone.kind, "hand")
    end },
  },
}
