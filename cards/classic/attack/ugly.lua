-- classic UGLY (1 in the deck).
-- reconstructed: no source gives its text or kind. We made it an attack with a duration (the
-- NUMBER in its caster's turns, classic, The Turn): the wizard in sight turns so hideous that
-- every other wizard looks away from him, and his magic cannot find their eyes: while it
-- lasts he may aim no card (no spell, no thrown object, no blow) at another wizard
-- (rules/targets.lua: shunned, his player var `ugly`). He may still punch, walk, and cast at
-- walls, doors, objects, squares or himself.
local duel = require("test.duel")

local function set_ugly(game, p, c, on)
  local list = {}
  for _, x in ipairs(game:player(p).vars.ugly or {}) do
    if x ~= c then list[#list + 1] = x end
  end
  if on then list[#list + 1] = c end
  game:set_player_var(p, "ugly", #list > 0 and list or nil)
end

return card {
  name = "Ugly", kind = "attack", copies = 1,
  range = "los", duration = "duration", targets = { "wizard" },
  text = "Attack: a wizard you can see turns hideous for a NUMBER of your turns: everyone looks away from him, and he cannot aim spells or thrown things at other wizards.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if p == nil or not ctx.game:player(p).alive then return end
    set_ugly(ctx.game, p, ctx.card, true)
  end,
  on_end = function(ctx)
    local t = ctx.game:card(ctx.card).target
    if type(t) == "table" and t.kind == "wizard" then set_ugly(ctx.game, t.player, ctx.card, false) end
  end,
  tests = {
    { "with a NUMBER 2: for two of his turns he can cast nothing at the caster, then he can", function(t, g)
      local u, n = t:turn_of(0, "Ugly", "NUMBER 2")
      t:place(1, g:player(0).at)
      t:cast { card = u, at = t:wizard(1), boost = n }
      t:eq(g:card(u).zone.kind, "play")
      local f, r = t:give(1, "Fireball"), t:give(1, "Large Rock")
      t:pass(1)
      t:eq(g:turn().active, 1)
      t:ok(not t:has { kind = "cast", card = f, target = t:wizard(0) }, "no spell at another wizard")
      t:ok(not t:has { kind = "throw", card = r, target = t:wizard(0) }, "no throw either")
      t:ok(t:has { kind = "punch", target = t:wizard(0) }, "a punch needs no look")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:ok(not t:has { kind = "cast", card = f, target = t:wizard(0) }, "the second turn too")
      t:pass(2)
      t:eq(g:turn().active, 1)
      t:eq(g:card(u).zone.pile, "discard")
      t:ok(t:has { kind = "cast", card = f, target = t:wizard(0) }, "handsome again")
    end },
    { "Full Shield stops it", function(t)
      duel.aim(t, "Ugly", { plays = { "Full Shield" } })
      local f = t:turn_of(1, "Fireball")
      t:ok(t:has { kind = "cast", card = f, target = t:wizard(0) })
    end },
  },
}
