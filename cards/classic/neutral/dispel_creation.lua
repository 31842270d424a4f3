-- classic DISPEL CREATION (1 in the deck): a created wall, thornbush, firewall or stone in play
-- vanishes [AF]: the spell that made it ends, and what it made goes with it (classic, Cards
-- and Actions that Change the Map: a permanent creation lasts while its card is in play).
-- reconstructed: range taken as anywhere (the card names the creation, wherever it is).
local stage = require("test.stage")

local function is_creation(game, c)
  for _, tr in ipairs(game:card(c).traits or {}) do if tr == "creation" then return true end end
  return false
end

return card {
  name = "Dispel Creation", kind = "neutral", copies = 1,
  range = "anywhere", duration = "instant", targets = { "spell" },
  text = "Undo a created wall, thornbush, wall of fire or block of stone: the spell that made it ends and its work is gone.",
  can_target = function(ctx, t) return is_creation(ctx.game, t.card) end,
  resolve = function(ctx) ctx:end_spell(ctx.target.card) end,
  tests = {
    { "a created wall of the other wizard's is gone, and its card discarded", function(t, g)
      local at, n = require("test.spots").roomy(t)
      t:active(1)
      t:place(1, at)
      local w = t:give(1, "Create Wall")
      t:cast { card = w, at = t:border(n.edge) }
      t:eq(g:edge(n.edge).barrier, "wall")
      local d = t:turn_of(0, "Dispel Creation")
      t:cast { card = d, at = t:spell(w) }
      t:eq(g:edge(n.edge).barrier, "open")
      t:eq(g:card(w).zone.pile, "discard")
      t:eq(g:turn().vars.attacked, nil, "not an attack")
    end },
    { "a thornbush is gone; spells that create nothing are not offered", function(t, g)
      local _, n = stage.roomy(t)
      local b = t:give(0, "Thornbush")
      t:cast { card = b, at = t:square(n.to) }
      local slow = t:put(1, "Slow")
      local d = t:give(0, "Dispel Creation")
      t:ok(not t:has { kind = "cast", card = d, target = t:spell(slow) })
      t:cast { card = d, at = t:spell(b) }
      t:eq(#g:objects_at(n.to), 0)
    end },
  },
}
