-- 8th Alchemy "Null Powder": a carried item used up in one of two ways: discarded as a
-- counter spell, it cancels a spell aimed at its carrier as it is cast (8th: Canceling,
-- Reducing, and Evading Spells); or discarded during his turn, it ends one non-instant spell
-- in play (and every spell in play aimed at that one, as Dispel does).
-- reconstructed: only while carried (8th: Item: a carried item is used as its text says),
-- not from the hand; as a counter it takes no boost and may itself be answered; ending a
-- spell is no spell, so nothing answers it, and it may end any spell in play, wherever.
local duel = require("test.duel")

return card {
  name = "Null Powder", school = "alchemy", kind = "item",
  text = "Carried item. Discard it as a counter to cancel a spell aimed at you as it is cast, or discard it during your turn to end a spell in play that is not instant.",
  can_respond = function(ctx, entry)
    local t = entry.target
    return entry.kind == "spell" and type(t) == "table" and t.kind == "wizard" and t.player == ctx.controller
  end,
  resolve = function(ctx) ctx:cancel() end,
  actions = {
    end_spell = {
      run = function(ctx)
        if ctx.list then
          local out = {}
          for _, t in ipairs(ctx:targets_of({ "spell" }, "anywhere")) do
            out[#out + 1] = { label = t.label, target = t }
          end
          return out
        end
        ctx:end_spell(ctx.target.card)
        ctx:discard_card()
      end,
    },
  },
  tests = {
    { "carried, discarded to cancel a Zot! at its carrier", function(t, g)
      local n = t:put(1, "Null Powder")
      t:answer(1, { card = n })
      duel.aim(t, "Zot!")
      t:eq(t:lost(1), 0)
      t:eq(g:card(n).zone.kind, "pile", "used up")
      t:ok(g:turn().vars.attacked, "the cancelled attack is still spent")
    end },
    { "in the hand it answers nothing", function(t)
      -- (the strict agent would fail on a response request)
      duel.aim(t, "Zot!", { held = { "Null Powder" }, answers = { "damage" } })
      t:eq(t:lost(1), 1)
    end },
    { "no answer to a spell aimed at someone else", function(t, g)
      t:active(0)
      t:give(0, "Zot!")
      t:put(1, "Null Powder")
      t:place(1, g:player(0).at)
      duel.at_wall(t, "Destroy Wall")
      t:eq(t:lost(1), 0)
    end },
    { "on his turn it ends a spell in play", function(t, g)
      t:active(1)
      local s = t:put(1, "Stone Spikes")
      g:set_card(s, { energy = 3, controller = 1 })
      t:active(0)
      local n = t:put(0, "Null Powder")
      t:act { kind = "card_action", card = n, action = "end_spell", option = { target = t:spell(s) } }
      t:eq(g:card(s).zone.kind, "pile")
      t:eq(g:card(n).zone.kind, "pile")
    end },
  },
}
