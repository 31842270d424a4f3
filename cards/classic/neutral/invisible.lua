-- classic INVISIBLE (1 in the deck): ATTACK-NEUTRAL (classic [TJ]: neutral on yourself, an
-- attack on another wizard). For its duration (the NUMBER in its caster's turns) every spell
-- aimed at the invisible wizard misses unless the d4 shows 1 [AF, TJ]; a spell that misses
-- does nothing (classic, Combat). Punches and thrown objects are not spells and still hit.
-- reconstructed: range taken as L.O.S.; the roll is made when the spell is cast at him.
local function marks_miss(game, card)
  for i = #game:stack(), 1, -1 do
    local e = game:stack()[i]
    if e.card == card then
      game:mark_stack(e.id, "evaded", true)
      return
    end
  end
end

return card {
  name = "Invisible", kind = "neutral", copies = 1,
  range = "los", duration = "duration", targets = { "wizard" },
  traits = { "attack_neutral" },
  text = "Attack-neutral. A wizard you can see (you, most likely) turns invisible for a NUMBER of your turns: spells aimed at him miss unless a d4 rolls 1.",
  on_cast = function(ctx, ev)
    local game = ctx.game
    local me = game:card(ctx.card)
    if me.zone.kind ~= "play" or ev.card == ctx.card then return end
    local t, aim = me.target, ev.target
    if type(t) ~= "table" or t.kind ~= "wizard" or type(aim) ~= "table" or aim.kind ~= "wizard" or aim.player ~= t.player then return end
    if game:roll(4) ~= 1 then
      marks_miss(game, ev.card)
      game:log("missed", { card = ev.card, invisible = t.player })
    end
  end,
  tests = {
    { "on yourself (neutral): each Fireball at you misses unless the d4 shows 1", function(t, g)
      local inv, n = t:turn_of(1, "Invisible", "NUMBER 6")
      t:cast { card = inv, at = t:wizard(1), boost = n }
      t:eq(g:turn().vars.attacked, nil, "on oneself it is neutral")
      t:eq(g:card(inv).zone.kind, "play")
      local misses = 0
      for _ = 1, 6 do
        t:set_life(1, 15)
        require("test.duel").aim(t, "Fireball")
        local rolls = t:log("roll")
        local r = rolls[#rolls].result
        t:eq(t:life(1), r == 1 and 10 or 15, "a " .. r .. (r == 1 and ": it hits" or ": it misses"))
        if r ~= 1 then misses = misses + 1 end
      end
      t:eq(#t:log("missed"), misses)
    end },
    { "a punch still lands", function(t)
      local inv = t:turn_of(1, "Invisible")
      t:cast { card = inv, at = t:wizard(1) }
      require("test.duel").punch(t)
      t:eq(t:life(1), 14)
    end },
    { "on another wizard it is the turn's attack", function(t, g)
      require("test.duel").aim(t, "Invisible")
      t:ok(g:turn().vars.attacked)
    end },
  },
}
