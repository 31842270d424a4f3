-- classic DROP OBJECT (2 in the deck): an attack making a wizard in sight drop something he
-- carries, where he stands [AF] (classic, Objects: the one card besides killing him that takes
-- an object from a wizard). A treasure can be dropped this way too.
-- reconstructed: the caster chooses which thing is dropped. An object kept in the hand he
-- cannot see: he may choose "an object from his hand", and the victim picks which (none if
-- his hand holds no object).
-- (tests) Player `owner`'s first treasure, now carried by player `to`.
local function give_treasure(g, owner, to)
  local tr ---@type Object?
  for _, o in ipairs(g:objects()) do if not tr and o.kind == "treasure" and o.owner == owner then tr = o end end
  assert(tr, "a treasure of player " .. owner)
  g:set_object(tr.id, { carried_by = to })
  return tr
end

return card {
  name = "Drop Object",
  kind = "attack",
  range = "los",
  duration = "instant",
  targets = { "wizard" },
  copies = 2,
  text = "Attack: a wizard you can see drops one thing he carries (a treasure, an object or a magic stone, your choice) in his square.",
  resolve = function(ctx)
    local p = ctx:target_player()
    if not p or not ctx.game:player(p).alive then return end
    local opts = ctx:carried(p)
    if #opts == 0 then return end
    local _, i = ctx.game:choose(ctx.caster, "drop", "Which thing does he drop?", opts)
    ctx:drop(p, opts[i])
  end,
  tests = {
    { "the caster makes him drop his treasure; it lies in his square", function(t)
      local g = t.game
      t:active(0)
      local tr = give_treasure(g, 0, 1)
      local k = t:put(1, "Master Key")
      t:place(1, g:player(0).at)
      local c = t:give(0, "Drop Object")
      t:answer(0, { treasure = tr.id })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:object(tr.id).carried_by, nil)
      t:eq(g:object(tr.id).at, g:player(1).at)
      t:eq(g:card(k).zone.kind, "play", "the rest is kept")
      t:ok(g:turn().vars.attacked)
    end },
    { "a magic stone from his hand is dropped and anyone may pick it up", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(1, "Powerstone")
      t:place(1, g:player(0).at)
      local c = t:give(0, "Drop Object")
      -- the only thing he carries: no question asked
      t:cast { card = c, at = t:wizard(1) }
      t:eq(#g:hand(1), 0)
      local lying = g:objects_at(g:player(1).at)
      local id
      for _, o in ipairs(lying) do if o.card == s then id = o.id end end
      t:ok(id, "the stone lies there")
      t:act { kind = "pick_object", object = id }
      t:eq(g:card(s).zone.player, 0)
    end },
    { "the caster cannot see the hand: he names it, the victim picks the object", function(t)
      local g = t.game
      t:active(0)
      local tr = give_treasure(g, 0, 1)
      local s = t:give(1, "Speedstone")
      local k = t:give(1, "Powerstone")
      t:place(1, g:player(0).at)
      local c = t:give(0, "Drop Object")
      -- his treasure or "an object from his hand": the stones themselves are not offered
      t:answer(0, { from_hand = true })
      t:answer(1, { card = k })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:card(s).zone.kind, "hand", "the other stays")
      t:eq(g:card(k).zone.kind, "board", "his pick lies in his square")
      t:eq(g:object(tr.id).carried_by, 1, "the treasure is kept")
    end },
    { "a hand without objects drops nothing, and says nothing of its cards", function(t)
      local g = t.game
      t:active(0)
      local f = t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      local c = t:give(0, "Drop Object")
      t:answer(1, "pass") -- he keeps his shield for later
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:card(f).zone.kind, "hand")
      t:eq(#g:objects_at(g:player(1).at), 0)
      local said = t:log("no_object")
      t:eq(#said, 1, "the table hears that he had no object")
      t:eq(said[1].card, nil, "and not which cards he holds")
    end },
    { "Full Shield stops it", function(t)
      local g = t.game
      t:active(0)
      local s = t:give(1, "Speedstone")
      local f = t:give(1, "Full Shield")
      t:place(1, g:player(0).at)
      local c = t:give(0, "Drop Object")
      t:answer(1, { card = f })
      t:cast { card = c, at = t:wizard(1) }
      t:eq(g:card(s).zone.kind, "hand")
    end },
  },
}
