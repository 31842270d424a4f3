-- The 9th edition's part of rules.common: what it carries, how many cards it draws, death and
-- victory. The rest is classic's (`base`).
local M = base

-- 9th: Magic Objects: magic stones, the Master Key and the Wizardblade lie face up in front of
-- their holder and count toward his seven cards.
local shown = M.is_shown_object
function M.is_shown_object(game, c) return shown(game, c) or M.has_trait(game, c, "weapon") end

-- 9th: The Turn, optional rule `two_card_draw`: at most two cards a turn.
local cards_to_draw = M.cards_to_draw
function M.cards_to_draw(game, p, room)
  if game:option("two_card_draw") then room = math.min(room, game:config().limited_draw) end
  return cards_to_draw(game, p, room)
end

-- A normal item p carries in his hand (picked up: card data `carried`) is laid in front of
-- him, to be dropped where he stands; true if it was. A card drawn and never played is not
-- carried (9th: Discarding Objects).
local function bring_out_carried(game, p, c)
  if not (M.is_object(game, c) and game:card_data(c, "carried") and game:player(p).at) then return false end
  game:set_card_data(c, "carried", nil)
  game:move_card(c, { kind = "play", player = p })
  return true
end

-- 9th: Discarding Objects: a carried item discarded at the end of his turn falls where he
-- stands; anything else is simply discarded.
function M.discard_at_turn_end(game, p, c)
  if bring_out_carried(game, p, c) then return M.drop_object(game, p, c, game:player(p).at) end
  M.discard(game, c)
end

-- 9th: Death: a wizard at 0 is out. What he carries falls in his square (his items in the hand
-- too); whoever took his last point, directly or not, gets every other card (his hand and the
-- spells in front of him: README, Q17), scores a kill and discards down to seven. With no
-- such killer his spells end and are discarded (M.kill_and_drop). Deaths of one action are
-- kept (game var `died_this_action`) for M.check_victory.
function M.kill(game, q, killer, _by_attack, _reason)
  local pl = game:player(q)
  if not pl.alive then return end
  local died = M.copy(game:vars().died_this_action)
  died[#died + 1] = q
  game:set_var("died_this_action", died)
  for _, c in ipairs(game:hand(q)) do
    if M.is_object(game, c) and not bring_out_carried(game, q, c) then M.discard(game, c) end
  end
  if killer ~= nil and killer ~= q and game:player(killer).alive then
    for _, c in ipairs(game:play_area(q)) do
      if not (M.is_object_card(game, c) or M.stays_after_death(game, c)) then
        -- 9th: Death: a spell set in front of him is one of "all his cards" (9th: Keeping
        -- Track of Spell Duration: it has left his hand): it ends, and the killer takes it.
        M.end_spell(game, c, { kind = "hand", player = killer })
      end
    end
  end
  game:set_token(q, "lost_turns", 0)
  M.kill_and_drop(game, q, killer, true)
end

-- 9th: How to Win: a kill is a victory point (classic's treasures alone win: set back here).
function M.kills_score(_game) return true end

-- 9th: How to Win: two victory points (enemy treasures on one's Lair, kills), or the last
-- wizard standing. Nobody is out for lost treasures. A wizard whose action kills him and
-- others dies first: if nobody is left and exactly one other died with him, that one wins
-- (9th: Death).
function M.check_victory(game)
  if game:vars().over then return true end
  local died = game:vars().died_this_action or {}
  game:set_var("died_this_action", nil)
  local order = M.turn_order(game)
  if M.check_points(game, M.victory_target(game), order) then return true end
  if #order == 0 then
    local actor, actor_died, others = game:turn().active, false, {}
    for _, q in ipairs(died) do
      if q == actor then actor_died = true else others[#others + 1] = q end
    end
    if actor_died and #others == 1 then
      return M.finish(game, others[1], "outlived the wizard whose action killed them both")
    end
  end
  return M.check_last_wizard(game, "last wizard left", order)
end

return M
