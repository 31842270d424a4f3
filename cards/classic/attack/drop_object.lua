-- classic DROP OBJECT (2 in the deck): an attack making a wizard in sight drop something he
-- carries, where he stands [AF] (classic, Objects: the one card besides killing him that takes
-- an object from a wizard). A treasure can be dropped this way too.
-- reconstructed: the caster chooses which thing is dropped. An object kept in the hand he
-- cannot see: he may choose "an object from his hand", and the victim picks which (none if
-- his hand holds no object).
local at_wizard = require("lib.at_wizard")
local duel = require("test.duel")
local query = require("test.query")

-- (tests) Player `owner`'s first treasure, now carried by player `to`.
---@param g Game
---@param owner integer
---@param to integer
---@return Object
local function give_treasure(g, owner, to)
  local tr = query.treasures_of(g, owner)[1] ---@type Object?
  assert(tr, "a treasure of player " .. owner)
  g:set_object(tr.id, { carried_by = to })
  return tr
end

-- The caster picks what p drops.
---@param ctx Ctx
---@param p integer
local function drop(ctx, p)
  local opts = ctx:carried(p)
  if #opts == 0 then return end
  local _, i = ctx.game:choose(ctx.caster, "drop", "Which thing does he drop?", opts)
  ctx:drop(p, opts[i])
end

return card(at_wizard.card({
  name = "Drop Object", kind = "attack", copies = 2,
  text = "Attack: a wizard you can see drops one thing he carries (a treasure, an object or a magic stone, your choice) in his square.",
  tests = {
    { "the caster makes him drop his treasure; it lies in his square", function(t, g)
      local tr = give_treasure(g, 0, 1)
      local k = t:put(1, "Master Key")
      t:answer(0, { treasure = tr.id })
      duel.aim(t, "Drop Object")
      t:eq(assert(g:object(tr.id)).carried_by, nil)
      t:eq(assert(g:object(tr.id)).at, g:player(1).at)
      t:eq(g:card(k).zone.kind, "play", "the rest is kept")
      t:ok(g:turn().vars.attacked)
    end },
    { "a magic stone from his hand is dropped and anyone may pick it up", function(t, g)
      -- the only thing he carries: no question asked
      local s = duel.aim(t, "Drop Object", { held = { "Powerstone" } }).held[1]
      t:eq(#g:hand(1), 0)
      local lying = g:objects_at(t:at(1))
      local id
      for _, o in ipairs(lying) do if o.card == s then id = o.id end end
      t:ok(id, "the stone lies there")
      t:act { kind = "pick_object", object = id }
      t:eq(g:card(s).zone.player, 0)
    end },
    { "the caster cannot see the hand: he names it, the victim picks the object", function(t, g)
      local tr = give_treasure(g, 0, 1)
      local s, k = t:give(1, "Speedstone"), t:give(1, "Powerstone")
      -- his treasure or "an object from his hand": the stones themselves are not offered
      t:answer(0, { from_hand = true })
      t:answer(1, { card = k })
      duel.aim(t, "Drop Object")
      t:eq(g:card(s).zone.kind, "hand", "the other stays")
      t:eq(g:card(k).zone.kind, "board", "his pick lies in his square")
      t:eq(assert(g:object(tr.id)).carried_by, 1, "the treasure is kept")
    end },
    { "a hand without objects drops nothing, and says nothing of its cards", function(t, g)
      -- he keeps his shield for later
      local f = duel.aim(t, "Drop Object", { plays = { { pass = 1 } }, held = { "Full Shield" } }).held[1]
      t:eq(g:card(f).zone.kind, "hand")
      t:eq(#g:objects_at(t:at(1)), 0)
      local said = t:log("no_object")
      t:eq(#said, 1, "the table hears that he had no object")
      t:eq(said[1].card, nil, "and not which cards he holds")
    end },
    { "Full Shield stops it", function(t, g)
      local s = duel.aim(t, "Drop Object", { plays = { "Full Shield" }, held = { "Speedstone" } }).held[1]
      t:eq(g:card(s).zone.kind, "hand")
    end },
  },
}, drop))
