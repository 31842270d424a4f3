-- 8th Mentalism "Thought Steal": read a wizard's mind and take up to two cards of his hand;
-- then discard down to your hand limit (8th: A Player's Turn). His maintained spells and
-- carried items are out of reach (they are not in his hand).
-- reconstructed: range taken as line of sight; the caster sees the whole hand (each card is
-- revealed to him, then the options name every card) and takes the cards one at a time,
-- stopping when he likes. Not an attack.
-- The card's energy value 2 comes from the scans' OCR.
local steal = require("lib.thought_steal")
local duel = require("test.duel")

return card(steal.card({
  name = "Thought Steal", school = "mentalism", kind = "neutral", copies = 2, energy = 2,
  text = "Look into the mind of a wizard you can see and take up to two cards from his hand into yours, then discard down to your hand limit. His maintained spells and carried items are safe.",
  tests = {
    { "takes two cards of the target's hand, no more", function(t, g)
      local a, b, c = t:give(1, "Fireball"), t:give(1, "Zot!"), t:give(1, "Energy 5")
      t:answer(0, { card = a })
      t:answer(0, { card = c })
      duel.aim(t, "Thought Steal") -- no third question
      t:eq(g:hand(0), { a, c })
      t:eq(g:hand(1), { b })
      t:eq(g:turn().vars.attacked, nil, "not an attack")
    end },
    { "carried items and maintained spells are out of reach", function(t, g)
      local cloak, flood = t:put(1, "Fire Cloak"), t:put(1, "Flood")
      duel.aim(t, "Thought Steal") -- nothing to take: no question
      t:eq(g:card(cloak).zone.kind, "play")
      t:eq(g:card(flood).zone.kind, "play")
      t:eq(#g:hand(0), 0)
    end },
    { "then the thief discards down to his limit", function(t, g)
      local mine = t:give(0, "Zot!")
      for _ = 1, 5 do t:give(0, "Zot!") end
      for _ = 1, 2 do t:answer(0, { card = t:give(1, "Fireball") }) end
      t:answer(0, { card = mine })
      duel.aim(t, "Thought Steal")
      t:eq(#g:hand(0), 7)
      t:eq(g:card(mine).zone.kind, "pile")
    end },
    { "a Full Shield cancels it", function(t, g)
      local a = duel.aim(t, "Thought Steal", { plays = { "Full Shield" }, held = { "Fireball" } }).held[1]
      t:eq(g:hand(1), { a })
      t:eq(#g:hand(0), 0)
    end },
  },
}, {
  -- the caster steals, and sees the whole hand first
  thief = function(ctx, victim)
    for _, c in ipairs(ctx.game:hand(victim)) do ctx.game:reveal(c, ctx.caster) end
    return ctx.caster
  end,
  takes = function(_ctx) return 2 end,
  -- he takes the cards he likes, one at a time, and may stop
  pick = function(ctx, victim, thief)
    local game = ctx.game
    local opts = {} ---@type Option[]
    for _, c in ipairs(game:hand(victim)) do
      opts[#opts + 1] = { label = "take " .. game:card(c).name, card = c }
    end
    if #opts == 0 then return nil end
    opts[#opts + 1] = { key = "done" }
    local _, i = ctx:choose(thief, "steal", "Thought Steal: take which card?", opts, { pass = "done" })
    return opts[i].card
  end,
}))
