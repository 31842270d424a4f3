-- classic REVERSE (1 in the deck): a counteraction turning what is aimed at you back on the
-- one who sent it [card list: "turn a spell back on its caster"].
-- reconstructed: where Full Reflection sends back spells only, Reverse also turns a thrown
-- object round in flight (a Dagger, a Large Rock): it hits its thrower instead, and still
-- lands where it was thrown. The one it comes back at is now the defender and may counteract
-- it in turn (classic, The Cards: an attack may bounce back and forth); a reversed lost turn
-- costs him the rest of his own turn (classic, The Turn), and a reversed spell that stays in
-- play (Slow Death) lies on him from then on (ctx:redirect). Not a punch: nothing flies.
local ANSWERS = { spell = true, throw = true }

return card {
  name = "Reverse", kind = "counter", copies = 1,
  traits = { "turns_back" },
  text = "Counteraction: a spell or a thrown object aimed at you turns round and hits the one who sent it.",
  can_respond = function(ctx, entry)
    return ANSWERS[entry.kind] == true and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx)
    local e = ctx:answered()
    if e then ctx:redirect(e.controller) end
  end,
  tests = {
    { "a Fireball turns back: the caster takes the 5 points", function(t)
      require("test.duel").aim(t, "Fireball", { plays = { "Reverse" } })
      t:eq(t:life(1), 15)
      t:eq(t:life(0), 10)
    end },
    { "a thrown Dagger flies back at its thrower", function(t)
      require("test.duel").aim(t, "Dagger", { plays = { "Reverse" }, throw = true })
      t:eq(t:life(1), 15)
      t:eq(t:life(0), 12)
    end },
    -- classic, The Cards: the attack bounces back, so a curse that stays in play lies on the
    -- one it came back at (issue 44: it used to stay on the first target).
    { "a reversed Slow Death curses its caster: his draws cost him life, the target's nothing", function(t, g)
      local sd = require("test.duel").aim(t, "Slow Death", { plays = { "Reverse" } }).card
      t:eq(g:card(sd).zone.kind, "play")
      t:answer(0, "draw_2")
      t:answer(1, "draw_2")
      t:pass(2) -- 0 draws two, then 1 draws two
      t:eq(t:life(1), 15, "the target's draws cost nothing")
      t:eq(t:life(0), 13, "the caster's cost him 2")
      t:eq(g:card(sd).target.player, 0, "attached to the caster")
      t:set_life(0, 1)
      t:pass(2)
      t:ok(not g:player(0).alive, "he dies of his own curse")
      t:ok(g:player(1).alive)
      t:eq(g:card(sd).zone.pile, "discard", "and it ends with him")
    end, players = 3 },
    { "the caster may shield himself from his reversed spell; no use against a punch", function(t)
      local duel = require("test.duel")
      duel.aim(t, "Fireball", { plays = { "Reverse", { "Full Shield", by = 0 } } })
      t:eq(t:life(0), 15)
      t:eq(t:life(1), 15)
      duel.punch(t, { held = { "Reverse" } }) -- no request: the strict test agent would fail on one
      t:eq(t:life(1), 14)
    end },
  },
}
