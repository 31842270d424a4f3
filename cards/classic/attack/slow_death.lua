-- classic SLOW DEATH (1 in the deck): an attack; a curse making the wizard lose 1 life for
-- every card he draws, until he is dead [AF]. It is permanent: the card stays in play before
-- its caster (classic, Cards and Actions that Change the Map: no duration, so permanent), and
-- ends when its victim dies. The damage is magical.
-- reconstructed: the later points are no attack (indirect damage: ABSORB or BLUNT may answer
-- each, classic, The Cards; a wizard it kills gives his cards to nobody, classic, Combat);
-- every card he draws counts, by any means (a TRAP! drawn, and the card drawn in its place);
-- nothing forces him to draw (classic, Getting New Cards: "up to two"); the curse ends too if
-- its caster dies (classic, Death: his spells end).
local duel = require("test.duel")
local curses = require("test.curses")

return card {
  name = "Slow Death", kind = "attack", copies = 1,
  range = "los", duration = "permanent", targets = { "wizard" },
  text = "Attack: curse a wizard you can see. From now on he loses 1 life for every card he draws, until he dies.",
  on_draw = function(ctx, ev)
    local game = ctx.game
    local me = game:card(ctx.card)
    local t = me.target
    if me.zone.kind ~= "play" or type(t) ~= "table" or t.kind ~= "wizard" or ev.player ~= t.player then return end
    if game:player(t.player).alive then ctx:damage({ kind = "wizard", player = t.player }, 1, { magical = true }) end
  end,
  on_death = function(ctx, ev)
    local me = ctx.game:card(ctx.card)
    local t = me.target
    if me.zone.kind == "play" and type(t) == "table" and t.kind == "wizard" and ev.player == t.player then
      ctx:end_spell(ctx.card)
    end
  end,
  tests = {
    { "he loses 1 for each card he draws, turn after turn; the caster's draws do nothing", function(t)
      curses.laid(t, "Slow Death")
      t:answer(0, "draw_2")
      t:answer(1, "draw_2")
      t:pass(2) -- 0 draws two, then 1 draws two
      t:eq(t:life(1), 13)
      t:eq(t:life(0), 15)
      for _, p in ipairs({ 0, 1 }) do
        t:answer(p, "done") -- (no discard)
        t:answer(p, "draw_2")
      end
      t:pass(2)
      t:eq(t:life(1), 11, "it goes on")
    end },
    { "he may draw fewer: no card, no loss", function(t) require("test.stage").slow_death_undrawn(t) end },
    -- (classic only: in the 9th an indirect killer takes the hand: its scenarios test that)
    { "it ends when he dies: the card is discarded", function(t, g)
      local sd = duel.aim(t, "Slow Death").card
      t:set_life(1, 1)
      t:pass(2)
      t:ok(not g:player(1).alive)
      t:eq(g:card(sd).zone.pile, "discard")
    end, players = 3, rulesets = { "classic" } },
    { "Full Shield stops the curse", function(t) curses.shielded(t, "Slow Death") end },
  },
}
