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
local add = require("lib.add")
local first = require("test.first")

local function takes_number(game, c) return play.takes_number(game, c) end

return card(add.card {
  name = "Add", copies = 1,
  traits = { "modifier" },
  text = "Play two NUMBER cards with this one: their sum is a single NUMBER, for your movement this turn or for the next spell you cast this turn.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local total = add.take_two(ctx, "NUMBER card",
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
    { "a 4 and a 3 make a Lightning Blast of 7", function(t, g)
      local a, held = first.cast(t, "Add", { "NUMBER 4", "NUMBER 3", "Lightning Blast" }, { answers = { { value = 4 }, "spell" } })
      t:eq(g:card(held[1]).zone.pile, "discard")
      t:eq(g:card(held[2]).zone.pile, "discard")
      t:eq(g:card(a).zone.kind, "play", "waiting for the spell")
      first.at_one(t, held[3])
      t:eq(t:life(1), 8)
      t:eq(g:card(a).zone.pile, "discard", "used up")
    end },
    { "or the sum goes to movement: 3 + 2 + 3 squares, and no other NUMBER for movement", function(t, g)
      -- (no spell that takes a NUMBER in hand: movement it is)
      first.cast(t, "Add", { "NUMBER 3", "NUMBER 2", "NUMBER 5" }, { answers = { { value = 3 }, { value = 2 } } })
      t:eq(g:turn().vars.boost, 5)
      t:eq(t:count { kind = "boost" }, 0, "the turn's movement NUMBER is spent")
    end },
    { "needs two NUMBER cards", function(t) first.uncastable(t, "Add", { "NUMBER 4", "Lightning Blast" }) end },
    { "unused, it is gone at the end of the turn; Full Shield still stops the spell", function(t, g)
      local a = first.cast(t, "Add", { "NUMBER 4", "NUMBER 3", "Lightning Blast" }, { answers = { { value = 4 }, "spell" } })
      t:pass(1)
      t:eq(g:card(a).zone.pile, "discard", "discarded unused")
      local a2, held = first.cast(t, "Add", { "NUMBER 6", "NUMBER 2", "Lightning Blast" }, { answers = { { value = 6 }, { value = 2 }, "spell" } })
      local s = t:give(1, "Full Shield")
      first.at_one(t, held[3], { answers = { { 1, { card = s } } } })
      t:eq(t:life(1), 15)
      t:eq(g:card(a2).zone.pile, "discard")
    end },
  },
})
