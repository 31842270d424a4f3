-- 8th Elemental "Fire Cloak": a cloak of flame the wizard wears.
-- reconstructed: played and carried like an item (it stays in the play area, counts toward
-- the hand limit and may be dropped; dropped, it does nothing). Its extra 2 on a punch is a
-- second, magical fire hit by the same attack; a wearer hurt by someone in his own or an
-- adjacent square burns that wizard for 2 (not an attack), but not in answer to another
-- cloak's flames (no endless back and forth); water damage to the wearer destroys the cloak
-- before it can burn anyone.
-- The wearer: the player whose play area holds the cloak (nil when it lies on the board).
local function wearer(ctx)
  local zone = ctx.game:card(ctx.card).zone
  if zone.kind == "play" then return zone.player end
  return nil
end

local function from_cloak(game, source)
  return source ~= nil and game:card(source).name == "Fire Cloak"
end

return card {
  name = "Fire Cloak", school = "elemental", kind = "item", energy = 2,
  traits = { "fire" },
  text = "Wear flames: your punches do 2 more magical fire damage, and whoever hurts you from your square or next to it is burned for 2 magical fire damage. Water damage to you puts the cloak out (it is destroyed).",
  on_damage = function(ctx, ev)
    local game, me = ctx.game, wearer(ctx)
    if me == nil then return end
    -- Not resolving on the stack (else ctx.stack would fall through to game:stack).
    ctx.stack = false
    local t = ev.target or {}
    -- A punch by the wearer: 2 magical fire on top.
    if ev.caster == me and ev.source == nil and ev.attack and (ev.tags or {}).physical
        and t.kind == "wizard" and t.player ~= me then
      ctx.caster, ctx.attack = me, true
      ctx:damage(t, 2, { magical = true, fire = true })
      return
    end
    if t.kind ~= "wizard" or t.player ~= me then return end
    if (ev.tags or {}).water then return ctx:discard_card() end
    local q = ev.caster
    if q == nil or q == me or from_cloak(game, ev.source) then return end
    local mine, theirs = game:player(me).at, game:player(q).at
    if not (mine and theirs) then return end
    if (mine.x == theirs.x and mine.y == theirs.y) or game:adjacent(mine, theirs) then
      ctx.caster, ctx.attack = me, false
      ctx:damage(q, 2, { magical = true, fire = true })
    end
  end,
  tests = {
    { "the wearer's punch deals 1 + 2", function(t)
      t:put(0, "Fire Cloak")
      require("test.duel").punch(t)
      t:eq(t:lost(1), 3)
      t:eq(t:lost(0), 0)
    end },
    { "played from the hand; a spell gets no bonus, only punches do", function(t, g)
      local c = t:give(0, "Fire Cloak")
      t:active(0)
      t:act { kind = "item", card = c }
      t:eq(g:play_area(0), { c })
      require("test.duel").aim(t, "Fireball")
      t:eq(t:lost(1), 5)
      t:eq(t:lost(0), 0)
    end },
    { "punching the wearer burns the puncher for 2", function(t)
      t:put(0, "Fire Cloak")
      require("test.duel").punch(t, { by = 1, at = 0 })
      t:eq(t:lost(0), 1)
      t:eq(t:lost(1), 2)
    end },
    { "a Zot! from two squares away is not answered with fire", function(t, g)
      t:active(1)
      t:put(0, "Fire Cloak")
      local z = t:give(1, "Zot!")
      local at = g:player(0).at
      local sq
      for _, d in ipairs({ "N", "E", "S", "W" }) do
        local r = g:run(at, d, 2)
        if not sq and #r.squares == 2 and g:los(at, r.squares[2]) and not g:adjacent(at, r.squares[2]) then
          sq = r.squares[2]
        end
      end
      t:ok(sq, "a square in sight two away")
      t:place(1, sq)
      t:answer(1, "damage")
      t:cast { card = z, at = t:wizard(0) }
      t:eq(t:lost(0), 1)
      t:eq(t:lost(1), 0)
    end },
    { "water damage puts the cloak out", function(t, g)
      local c = t:put(0, "Fire Cloak")
      g:set_card_data(c, "deck", "deck_1") -- (Custom Spellbook: the second group's deck)
      require("test.duel").aim(t, "Waterbolt", { by = 1, at = 0, answers = { "1" } })
      t:eq(t:lost(0), 1)
      t:eq(t:lost(1), 0, "no flames: the cloak is out")
      t:eq(g:card(c).zone, { kind = "pile", pile = "discard_1" }, "discarded beside its own deck")
      t:eq(#g:play_area(0), 0)
    end },
  },
}
