-- classic SOULSTONE (1 in the deck): a magic stone; once displayed, magical damage can never
-- bring its holder below 3 life [AF]: what would take him lower stops at 3. Physical damage
-- (a punch, a dagger, a falling wall) still may.
-- reconstructed: a wizard already at 3 or less takes no magical damage at all, and a spell
-- stopped so has no secondary effects (classic, The Cards).
local stones = require("rules.stones")

local FLOOR = 3

return card {
  name = "Soulstone", kind = "stone", copies = 1,
  traits = { "magic_stone" },
  text = "Magic stone. Power: while you show it, magical damage cannot bring your life below 3.",
  before_damage = function(ctx, ev)
    local p = stones.holder_hit(ctx, ev)
    if p == nil or not (ev.tags or {}).magical then return end
    local room = math.max(0, ctx.game:player(p).life - FLOOR)
    if ev.amount > room then stones.lessen(ctx, ev, ev.amount - room) end
  end,
  tests = {
    { "shown, at 5 life: Sudden Death leaves him at 3", function(t, g)
      t:put(1, "Soulstone")
      t:set_life(1, 5)
      local c = t:turn_of(0, "Sudden Death")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1) }
      t:eq(t:life(1), 3)
      t:ok(g:player(1).alive)
    end },
    { "at 3 a Lightning Blast does nothing, not even the lost turn", function(t, g)
      t:put(1, "Soulstone")
      t:set_life(1, 3)
      local b, n = t:turn_of(0, "Lightning Blast", "NUMBER 4")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1), boost = n }
      t:eq(t:life(1), 3)
      t:eq(g:player(1).tokens.lost_turns, nil)
    end },
    { "physical damage may still kill him; in the hand it does nothing", function(t, g)
      t:give(1, "Soulstone")
      t:set_life(1, 4)
      local c = t:turn_of(0, "Sudden Death")
      t:place(1, g:player(0).at)
      t:cast { card = c, at = t:wizard(1) }
      t:ok(not g:player(1).alive, "not displayed: no protection")
      t:put(0, "Soulstone")
      t:set_life(0, 1)
      t:active(1)
      g:set_alive(1, true)
      g:set_life(1, 5)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(0))
      t:ok(not g:player(0).alive, "a punch is physical")
    end },
  },
}
