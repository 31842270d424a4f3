-- classic ADD (1 in the deck): two NUMBER cards added together for one action, both played
-- with Add [JB] (classic, The Cards: otherwise only one NUMBER card per action).
-- reconstructed: Add is cast on its own; its caster picks the two NUMBERs (each worth its
-- value, +1 per Powerstone shown, as any NUMBER he plays) and discards them, then says what
-- the sum is for: his movement this turn (classic, Movement: his one NUMBER for movement), or
-- his next spell that takes a NUMBER (it waits before him until he casts it, to the end of
-- his turn: rules/modifiers.lua); a NUMBER played with that spell too is not added (the larger
-- counts).
local play = require("rules.play")
local modifiers = require("rules.modifiers")

local function takes_number(game, c) return play.takes_number(game, c) end

return card {
  name = "Add",
  kind = "neutral",
  duration = "instant",
  traits = { "modifier" },
  copies = 1,
  text = "Play two NUMBER cards with this one: their sum is a single NUMBER, for your movement this turn or for the next spell you cast this turn.",
  can_cast = function(ctx)
    return #play.boost_cards(ctx.game, ctx.caster, ctx.card) >= 2
  end,
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local total = play.spend_boosts(game, p, ctx.card, 2, "NUMBER card",
      function(b) game:log("use", { card = b, player = p, as = "add" }) end)
    local uses = {}
    if not game:turn().vars.boosted then uses[#uses + 1] = { key = "movement", label = "add " .. total .. " to movement" } end
    if modifiers.holds_fitting(game, p, ctx.card, takes_number) then
      uses[#uses + 1] = { key = "spell", label = "NUMBER " .. total .. " for the next spell" }
    end
    if #uses == 0 then return end
    local use = ctx:choose(p, "add_use", "Add: what is the " .. total .. " for?", uses)
    if use == "movement" then
      game:set_turn_var("boosted", true)
      game:set_turn_var("boost", total)
    else
      modifiers.wait(ctx, total)
    end
  end,
  before_cast = function(ctx, ev)
    local total = ctx.game:card_data(ctx.card, "modifier")
    if type(total) ~= "number" then return end
    modifiers.before(ctx, ev, takes_number, function(e)
      if (e.energy or 0) < total then e.energy = total end
    end)
  end,
  on_turn_end = function(ctx) modifiers.expire(ctx) end,
  tests = {
    { "a 4 and a 3 make a Lightning Blast of 7", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      local n4 = t:give(0, "NUMBER 4")
      local n3 = t:give(0, "NUMBER 3")
      local b = t:give(0, "Lightning Blast")
      t:answer(0, { card = n4 })
      t:answer(0, "spell")
      t:cast { card = a }
      t:eq(g:card(n4).zone.pile, "discard")
      t:eq(g:card(n3).zone.pile, "discard")
      t:eq(g:card(a).zone.kind, "play", "waiting for the spell")
      t:place(1, g:player(0).at)
      t:cast { card = b, at = t:wizard(1) }
      t:eq(t:life(1), 8)
      t:eq(g:card(a).zone.pile, "discard", "used up")
    end },
    { "or the sum goes to movement: 3 + 2 + 3 squares, and no other NUMBER for movement", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      t:give(0, "NUMBER 3")
      t:give(0, "NUMBER 2")
      t:give(0, "NUMBER 5")
      t:answer(0, { value = 3 })
      t:answer(0, { value = 2 }) -- (no spell that takes a NUMBER in hand: movement it is)
      t:cast { card = a }
      t:eq(g:turn().vars.boost, 5)
      t:eq(t:count { kind = "boost" }, 0, "the turn's movement NUMBER is spent")
    end },
    { "needs two NUMBER cards", function(t)
      t:active(0)
      local a = t:give(0, "Add")
      t:give(0, "NUMBER 4")
      t:give(0, "Lightning Blast")
      t:eq(t:count { kind = "cast", card = a }, 0)
    end },
    { "unused, it is gone at the end of the turn; Full Shield still stops the spell", function(t)
      local g = t.game
      t:active(0)
      local a = t:give(0, "Add")
      t:give(0, "NUMBER 4")
      t:give(0, "NUMBER 3")
      t:give(0, "Lightning Blast")
      t:answer(0, { value = 4 })
      t:answer(0, "spell")
      t:cast { card = a }
      t:pass(1)
      t:eq(g:card(a).zone.pile, "discard", "discarded unused")
      t:active(0)
      local a2 = t:give(0, "Add")
      local n6 = t:give(0, "NUMBER 6")
      local n2 = t:give(0, "NUMBER 2")
      local b = t:give(0, "Lightning Blast")
      local s = t:give(1, "Full Shield")
      t:answer(0, { card = n6 })
      t:answer(0, { card = n2 })
      t:answer(0, "spell")
      t:cast { card = a2 }
      t:place(1, g:player(0).at)
      t:answer(1, { card = s })
      t:cast { card = b, at = t:wizard(1) }
      t:eq(t:life(1), 15)
      t:eq(g:card(a2).zone.pile, "discard")
    end },
  },
}
