-- 8th Thaumaturgy "Invisible": while the spell lasts its wizard is invisible: each time he is
-- attacked he rolls a d4 and evades the attack on 2, 3 or 4. A wizard who is attacked may cast
-- it as a counter (and so may evade that very attack).
-- 8th: Canceling, Reducing, and Evading Spells (rules/dodge.lua): an evaded attack is still
-- cast and still the turn's attack, but misses; one roll per attack.
-- reconstructed: as a counter, "attacked" is an attack aimed at him (an attack spell, a throw
-- or an item's attack, a punch: rules/attacks.lua); while it lasts, any attack's damage to him
-- (a bolt's too) is rolled for, harm that is no attack is not. Cast on one's own turn it needs no target (range caster, like Mist Body). Played as
-- a counter it may be boosted like any counter; its energy is its duration either way.
local attacks = require("rules.attacks")
local dodge = require("rules.dodge")
local function evades(face) return face >= 2 end

-- For the tests: did the last roll let him evade?
local function last_roll(t)
  local rolls = t:log("roll")
  return rolls[#rolls].result
end

return card {
  name = "Invisible", school = "thaumaturgy", kind = "neutral",
  range = "caster", duration = "temporary",
  text = "You turn invisible. While this spell lasts, roll a d4 whenever you are attacked: on 2 to 4 you evade the attack. When you are attacked you may cast this spell as a counter.",
  can_respond = function(ctx, entry) return attacks.aimed_at(ctx.game, entry, ctx.controller) end,
  resolve = function(ctx)
    if ctx.against then dodge.roll(ctx.game, ctx.card, ctx.against, 4, evades) end
  end,
  before_damage = function(ctx, ev)
    local zone = ctx.game:card(ctx.card).zone
    if zone.kind ~= "play" then return nil end
    return dodge.before_damage(ctx, ev, zone.player, 4, evades)
  end,
  tests = {
    { "cast on his turn it lasts; each attack on him misses unless the d4 shows 1", function(t, g)
      local inv, e = t:turn_of(0, "Invisible", "8th/elemental/energy_5")
      t:cast { card = inv, boost = e }
      t:eq(g:card(inv).zone.kind, "play")
      t:eq(g:card(inv).energy, 5)
      t:ok(not g:turn().vars.attacked, "not an attack")
      local misses = 0
      for _ = 1, 5 do
        t:active(1)
        t:set_life(0, g:config().life)
        t:place(1, g:player(0).at)
        local f = t:give(1, "Fireball")
        t:cast { card = f, at = t:wizard(0) }
        local r = last_roll(t)
        if r == 1 then
          t:eq(t:lost(0), 5, "a 1: it hits")
        else
          t:eq(t:lost(0), 0, "a " .. r .. ": evaded")
          misses = misses + 1
        end
        t:ok(g:turn().vars.attacked, "the attack is spent either way")
      end
      t:eq(#t:log("evaded"), misses)
      t:eq(#t:log("roll"), 5, "one roll per attack")
    end },
    { "a punch may be evaded too", function(t, g)
      local inv = t:put(0, "Invisible")
      g:set_card(inv, { controller = 0, energy = 3 })
      t:active(1)
      t:place(1, g:player(0).at)
      t:punch(t:wizard(0))
      t:eq(t:lost(0), last_roll(t) == 1 and 1 or 0)
    end },
    { "cast as a counter to a Fireball, it rolls for that very attack and then lasts", function(t, g)
      local f = t:turn_of(1, "Fireball")
      local inv = t:give(0, "Invisible")
      t:place(1, g:player(0).at)
      t:answer(0, { card = inv })
      t:cast { card = f, at = t:wizard(0) }
      t:eq(t:lost(0), last_roll(t) == 1 and 5 or 0)
      t:eq(g:play_area(0), { inv }, "it lasts, on its player's side")
      t:eq(g:card(inv).energy, 1)
    end },
    { "no roll for a spell that is no attack; not offered against it", function(t, g)
      t:active(1)
      t:give(0, "Invisible") -- in the hand: no response request comes for a neutral spell
      local inv = t:put(0, "Invisible")
      g:set_card(inv, { controller = 0, energy = 3 })
      t:put(0, "Large Rock")
      t:place(1, g:player(0).at)
      local d = t:give(1, "Drop Object")
      t:cast { card = d, at = t:wizard(0) }
      t:eq(#t:log("roll"), 0, "nothing to evade")
      t:eq(#g:play_area(0), 1, "the rock was dropped all the same")
    end },
    { "Negate Neutral cancels it cast on one's turn", function(t, g)
      local inv = t:turn_of(0, "Invisible")
      local n = t:give(1, "Negate Neutral")
      t:answer(1, { card = n })
      t:cast { card = inv }
      t:eq(g:card(inv).zone.kind, "pile")
      t:eq(#g:play_area(0), 0)
    end },
  },
}
