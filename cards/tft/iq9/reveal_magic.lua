-- Wizard (1978) Reveal Magic (seed L588): a special spell, 1 ST: the caster sees the secret
-- protections his foes have in play, and whom each is on; creations stay secret.
-- reconstructed: the casting's record names its caster's seat, so who cast a protection shows
-- with it (the seed would hide that); Slippery Floor is named in case its card lacks the
-- secret-protection trait.
local function secret_protection(card)
  if card.name == "Slippery Floor" then return true end
  for _, tr in ipairs(card.traits or {}) do
    if tr == "secret_protection" then return true end
  end
  return false
end

return card {
  name = "Reveal Magic", school = "iq9", kind = "special", energy = 1,
  duration = "instant", targets = { "none" },
  text = "Shows you every secret protection your foes have put on figures (Spell Shield, Stone Flesh...), and every slippery floor; never whether a being is real. 1 ST.",
  resolve = function(ctx)
    local seat = assert(ctx.seat)
    for _, pl in ipairs(ctx.game:players()) do
      if pl.id ~= seat then
        for _, c in ipairs(ctx.game:play_area(pl.id)) do
          if secret_protection(ctx.game:card(c)) and not ctx.game:sees(seat, c) then ctx.game:reveal(c, seat) end
        end
      end
    end
  end,
  tests = {
    { "the foe's secret Shock Shield is shown, his image is not", function(t, g)
      local arena = require("test.arena")
      local shield, image = t:put(1, "Shock Shield"), t:put(1, "Image")
      local me, foe = arena.duel(t)
      g:set_card(shield, { face = "down" })
      g:set_card_data(shield, "on", foe)
      g:set_card(image, { face = "down" })
      t:ok(not g:sees(0, shield))
      arena.cast(t, "Reveal Magic", { none = true }, { 3, 3, 3 })
      t:ok(g:sees(0, shield), "shown")
      t:ok(not g:sees(0, image), "a creation stays hidden")
      t:eq(arena.lost(t, me), 1)
    end },
    { "a miss shows nothing", function(t, g)
      local arena = require("test.arena")
      local me = arena.duel(t)
      local shield = t:put(1, "Shock Shield")
      g:set_card(shield, { face = "down" })
      arena.cast(t, "Reveal Magic", { none = true }, { 6, 5, 5 })
      t:ok(not g:sees(0, shield))
      t:eq(arena.lost(t, me), 1)
    end },
  },
}
