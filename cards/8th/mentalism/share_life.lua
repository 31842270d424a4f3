-- 8th Mentalism "Share Life": the caster's life and the target wizard's are added together
-- and split evenly; an odd point goes to the caster.
-- reconstructed: range taken as line of sight; the change of life is neither damage nor
-- healing (no reduction applies to it; the cap of 20 cannot be passed, as half of two lives
-- of at most 20 is at most 20: 8th, Life, Damage, and Dying). Not an attack.
local function split(game, a, b)
  local total = game:player(a).life + game:player(b).life
  local half = total // 2
  game:set_life(a, total - half)
  game:set_life(b, half)
  game:log("share_life", { caster = a, target = b, total = total })
end

return card {
  name = "Share Life", school = "mentalism", kind = "neutral",
  range = "los", duration = "instant", targets = { "wizard" },
  text = "Join your life force with another wizard's you can see: add your life to his and split it evenly between you, the odd point to you.",
  resolve = function(ctx)
    local q = ctx:target_player()
    if q == nil or not ctx.game:player(q).alive then return end
    split(ctx.game, ctx.caster, q)
  end,
  tests = {
    { "a wounded caster takes half of a healthy wizard's life; the odd point is his", function(t, g)
      t:set_life(0, 4)
      t:set_life(1, 13)
      require("test.duel").aim(t, "Share Life")
      t:eq(t:life(0), 9, "(4 + 13) = 17: 9 to the caster")
      t:eq(t:life(1), 8)
      t:eq(g:turn().vars.attacked, nil, "not an attack")
      t:eq(#t:log("damage"), 0, "no damage is dealt")
    end },
    { "it works both ways: a healthy caster gives life away", function(t)
      t:set_life(0, 14)
      t:set_life(1, 4)
      require("test.duel").aim(t, "Share Life")
      t:eq(t:life(0), 9, "(14 + 4) = 18: 9 each")
      t:eq(t:life(1), 9)
    end },
    { "a Full Shield cancels it", function(t)
      t:set_life(0, 2)
      require("test.duel").aim(t, "Share Life", { plays = { "Full Shield" } })
      t:eq(t:life(0), 2)
      t:eq(t:lost(1), 0)
    end },
    { "only another wizard in sight: not the caster himself", function(t, g)
      local c = t:turn_of(0, "Share Life")
      t:eq(t:count { kind = "cast", card = c, target = { kind = "wizard", player = 0 } }, 0)
      t:place(1, g:player(0).at)
      t:eq(t:count { kind = "cast", card = c, target = { kind = "wizard", player = 1 } }, 1)
    end },
  },
}
