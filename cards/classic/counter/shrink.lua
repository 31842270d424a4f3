-- classic SHRINK (1 in the deck): ATTACK-NEUTRAL [TJ]: a wizard becomes tiny, hard to hit;
-- neutral on yourself, an attack on another wizard that he may counteract (classic, The Cards,
-- which names SHRINK as such a spell, and lets a wizard "shrink yourself" in his turn). AF makes
-- it a counteraction against an attack aimed at you.
-- reconstructed: while it lasts (the NUMBER of its caster's turns, classic, The Turn; 1 when
-- played as a counteraction, which takes no NUMBER) the point damage of every attack that hits
-- the tiny wizard is halved, and so is the point damage of his own attacks (a tiny fist, a
-- tiny fireball), rounding up (classic, The Cards). Played against an attack aimed at you, you
-- shrink at once and that attack is already halved.
local function shrunk(ctx)
  local game = ctx.game
  local card = game:card(ctx.card)
  local t = card.target
  if card.zone.kind ~= "play" or type(t) ~= "table" or t.kind ~= "wizard" then return nil end
  return t.player
end

local duel = require("test.duel")

return card {
  name = "Shrink", kind = "counter", copies = 1,
  range = "los", duration = "duration", targets = { "wizard" },
  traits = { "attack_neutral" },
  text = "Attack-neutral. A wizard you can see shrinks for a NUMBER of your turns: attacks that hit him, and his own attacks, do half their points (rounding up). Counteraction: shrink yourself as an attack is aimed at you.",
  can_cast = function(_ctx) return true end,
  can_respond = function(ctx, entry)
    return entry.kind ~= "damage" and entry.kind ~= "counter" and entry.marks.defender == ctx.controller
  end,
  resolve = function(ctx)
    if ctx.against then
      -- it goes before its caster, aimed at himself, when it settles (rules/play.lua)
      ctx.game:set_card(ctx.card, { target = { kind = "wizard", player = ctx.controller } })
    end
  end,
  before_damage = function(ctx, ev)
    local p = shrunk(ctx)
    if p == nil or not ev.attack then return end
    local t = ev.target
    local on_him = type(t) == "table" and t.kind == "wizard" and t.player == p
    if on_him or ev.caster == p then ev.amount = (ev.amount + 1) // 2 end
  end,
  tests = {
    { "as a counteraction: the Fireball does 3 instead of 5", function(t, g)
      local s = duel.aim(t, "Fireball", { plays = { "Shrink" } }).plays[1]
      t:eq(t:life(1), 12)
      t:eq(g:card(s).zone.kind, "play", "he stays small for a turn")
    end },
    { "on an opponent: the turn's attack, and his Lightning Blast of 4 does 2", function(t, g)
      duel.aim(t, "Shrink", { boost = "NUMBER 2" })
      t:ok(g:turn().vars.attacked)
      duel.aim(t, "Lightning Blast", { by = 1, at = 0, boost = "NUMBER 4" })
      t:eq(t:life(0), 13)
    end },
    { "on yourself it is neutral; once it ends, full damage again", function(t, g)
      local s = t:turn_of(0, "Shrink")
      t:cast { card = s, at = t:wizard(0) }
      t:eq(g:turn().vars.attacked, nil)
      duel.aim(t, "Fireball", { by = 1, at = 0 })
      t:eq(t:life(0), 12)
      require("rules.common").end_spell(g, s)
      local f2 = t:turn_of(1, "Fireball")
      t:cast { card = f2, at = t:wizard(0) }
      t:eq(t:life(0), 7)
    end },
    { "Full Shield stops it cast on an opponent", function(t, g)
      local s = duel.aim(t, "Shrink", { plays = { "Full Shield" } }).card
      t:eq(g:card(s).zone.pile, "discard")
    end },
  },
}
