-- 8th Mentalism "Thought Steal": read a wizard's mind and take up to two cards of his hand;
-- then discard down to your hand limit (8th: A Player's Turn). His maintained spells and
-- carried items are out of reach (they are not in his hand).
-- reconstructed: range taken as line of sight; the caster sees the whole hand (each card is
-- revealed to him, then the options name every card) and takes the cards one at a time,
-- stopping when he likes. Not an attack.
-- The card's energy value 2 comes from the scans' OCR.
local common = require("rules.common")

return card {
  name = "Thought Steal",
  school = "mentalism",
  kind = "neutral",
  range = "los",
  duration = "instant",
  targets = { "wizard" },
  energy = 2,
  copies = 2,
  text = "Look into the mind of a wizard you can see and take up to two cards from his hand into yours, then discard down to your hand limit. His maintained spells and carried items are safe.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local q = ctx:target_player()
    if q == nil then return end
    for _, c in ipairs(game:hand(q)) do game:reveal(c, p) end
    for _ = 1, 2 do
      local opts = {} ---@type Option[]
      for _, c in ipairs(game:hand(q)) do
        opts[#opts + 1] = { label = "take " .. game:card(c).name, card = c }
      end
      if #opts == 0 then break end
      opts[#opts + 1] = { key = "done" }
      local _, i = ctx:choose(p, "steal", "Thought Steal: take which card?", opts, { pass = "done" })
      local o = opts[i]
      if not o.card then break end
      game:move_card(o.card, { kind = "hand", player = p })
      game:log("stolen", { card = o.card, from = q, by = p })
    end
    common.discard_to_limit(game, p)
  end,
  tests = {
    { "takes two cards of the target's hand, no more", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Thought Steal")
      local a = t:give(1, "Fireball")
      local b = t:give(1, "Zot!")
      local c = t:give(1, "Energy 5")
      t:place(1, g:player(0).at)
      t:answer(0, { card = a })
      t:answer(0, { card = c })
      t:cast { card = s, at = t:wizard(1) } -- no third question
      t:eq(g:hand(0), { a, c })
      t:eq(g:hand(1), { b })
      t:eq(g:turn().vars.attacked, nil, "not an attack")
    end },
    { "carried items and maintained spells are out of reach", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Thought Steal")
      local cloak = t:put(1, "Fire Cloak")
      local flood = t:put(1, "Flood")
      t:place(1, g:player(0).at)
      t:cast { card = s, at = t:wizard(1) } -- nothing to take: no question
      t:eq(g:card(cloak).zone.kind, "play")
      t:eq(g:card(flood).zone.kind, "play")
      t:eq(#g:hand(0), 0)
    end },
    { "then the thief discards down to his limit", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Thought Steal")
      local mine = t:give(0, "Zot!")
      for _ = 1, 5 do t:give(0, "Zot!") end
      local a = t:give(1, "Fireball")
      local b = t:give(1, "Fireball")
      t:place(1, g:player(0).at)
      t:answer(0, { card = a })
      t:answer(0, { card = b })
      t:answer(0, { card = mine })
      t:cast { card = s, at = t:wizard(1) }
      t:eq(#g:hand(0), 7)
      t:eq(g:card(mine).zone.kind, "pile")
    end },
    { "a Full Shield cancels it", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(0, "Thought Steal")
      local fs = t:give(1, "Full Shield")
      local a = t:give(1, "Fireball")
      t:place(1, g:player(0).at)
      t:answer(1, { card = fs })
      t:cast { card = s, at = t:wizard(1) }
      t:eq(g:hand(1), { a })
      t:eq(#g:hand(0), 0)
    end },
  },
}
