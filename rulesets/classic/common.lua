-- The classic edition's part of rules.common: physical objects and stones, the hand limit's
-- count, TRAP! when drawn, death and victory. The rest is the shared mechanics'
-- (rulesets/mechanics/common.lua), which this file extends: `base` is that module.
local M = base

-- classic, The Cards: physical objects (Dagger, Large Rock, Wizardblade, Master Key) and
-- magic stones are kept, not discarded after use.
function M.is_object(game, c)
  local k = game:card(c).kind
  return k == "object" or k == "stone"
end

function M.is_object_card(game, c) return M.is_object(game, c) end

-- classic, The Cards: physical objects stay in the hand until used.
function M.carries_in_hand(_game) return true end

-- The objects he carries: shown ones (play area), then those in his hand.
local in_play = M.carried_cards
function M.carried_cards(game, p)
  local out = in_play(game, p)
  for _, c in ipairs(game:hand(p)) do
    if M.is_object(game, c) then out[#out + 1] = c end
  end
  return out
end

-- classic, The Cards: of the physical objects, MAGIC STONES and the MASTER KEY are displayed
-- face up once used (their power works while shown); the others stay in the hand.
function M.is_shown_object(game, c)
  return game:card(c).kind == "stone" or M.has_trait(game, c, "opens_doors")
end

-- classic, The Cards: displayed stones and objects still count as part of the seven-card
-- hand; spells with a duration lying in front of their caster do not (they were cast).
function M.counts_toward_limit(game, _p, c) return M.is_object(game, c) end

-- classic, Getting New Cards: a displayed object may be discarded to get down to seven.
function M.discardable_in_play(game, p) return in_play(game, p) end

-- Draws one card. A TRAP! is sprung at once (its `resolve` runs with ctx.drawn = true), then
-- leaves the hand and another card is drawn in its place [RS: resolved when drawn].
-- At setup (`dealing`), a TRAP! is discarded and replaced (classic, Starting the Game).
function M.draw(game, p, dealing)
  for _ = 1, 10 do
    local c = M.take_top(game, p)
    if not c then return nil end
    if game:card(c).kind ~= "trap" then return c end
    if not dealing then
      game:log("use", { card = c, player = p, as = "sprung" })
      game:call_card(c, "resolve", { controller = p, caster = p, drawn = true })
    end
    if game:card(c).zone.kind == "hand" then M.discard(game, c, true) end -- (not his choice: no "discards")
    if not game:player(p).alive then return nil end
  end
  return nil
end

-- classic, Combat and Death. A wizard killed by an attack gives all his cards (hand and
-- carried objects) to the last attacker, who discards down to seven at once; killed
-- indirectly, his objects fall where he stood and his hand is discarded; eliminated by his
-- treasures, all his cards are discarded. His spells end; a carried treasure falls.
function M.kill(game, q, killer, by_attack, reason)
  local pl = game:player(q)
  if not pl.alive then return end
  local at = pl.at
  local takes = by_attack and killer ~= nil and killer ~= q and game:player(killer).alive
  for _, c in ipairs(game:play_area(q)) do
    if M.is_object(game, c) then
      if takes then
        game:call_card(c, "on_end", { controller = q })
        game:move_card(c, { kind = "hand", player = killer })
        game:set_card(c, { controller = nil })
      elseif reason == "treasures" or not at then
        game:call_card(c, "on_end", { controller = q })
        M.discard(game, c)
      else
        M.drop_object(game, q, c, at)
      end
    else
      M.end_spell(game, c)
    end
  end
  local t = M.carried_treasure(game, q)
  if t then game:set_object(t.id, { at = at }) end
  for _, c in ipairs(game:hand(q)) do
    if takes then game:move_card(c, { kind = "hand", player = killer }) else M.discard(game, c) end
  end
  game:set_token(q, "lost_turns", 0)
  game:set_alive(q, false)
  game:set_life(q, math.min(pl.life, 0))
  game:after("death", { player = q, killer = killer, by_attack = takes and true or false, reason = reason })
  if takes then M.discard_to_limit(game, killer) end
end

-- classic, Winning: treasures win, never kills (the victory points the mechanics count are
-- the treasures alone).
function M.kills_score(_game) return false end

-- classic, Winning: two enemy treasures on your home base, or every other wizard gone. The
-- moment both treasures you protect lie on other living players' home bases, you are out.
-- classic, Death: a dead player's base no longer counts for this, but his own treasures still
-- count for him; a wizard who dies in the action that would win is out first (deaths are
-- applied as they happen, so a dead wizard is never counted here).
-- (Nobody can be out while no living player's base holds a treasure of another: the bases
-- were just counted, so the check for robbed wizards is made only when one does.)
function M.check_victory(game)
  if game:vars().over then return true end
  local need = game:config().treasures_to_win
  local robbed = false
  for _, p in ipairs(M.turn_order(game)) do
    local enemy = M.treasures_home(game, p)
    if enemy >= need then return M.finish(game, p, need .. " enemy treasures brought home") end
    robbed = robbed or enemy > 0
  end
  if robbed then
    M.kill_robbed_wizards(game, true, function(g, q) M.kill(g, q, nil, false, "treasures") end)
  end
  return M.check_last_wizard(game, "last wizard left")
end

return M
