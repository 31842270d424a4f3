-- 8th Mentalism "Brain Burn": the target's crowded mind burns. He may first discard any of
-- his cards, maintained spells included; then he takes magical damage equal to the cards
-- left in his hand plus the spells he still maintains (carried items do not count).
-- reconstructed: range taken as line of sight; the discards come after the response window
-- (a counter he plays is no longer in his hand), one card at a time, ending a maintained
-- spell as its caster may (8th: Maintaining Spells: it is discarded, its creations go);
-- spells kept in play without being maintained (Permanent Creations) do not count.
local common = require("rules.common")
local creations = require("rules.creations")
local targets = require("rules.targets")
local at_wizard = require("lib.at_wizard")
local duel = require("test.duel")

-- The spells wizard p maintains (8th: Maintaining Spells): his play area but items.
local function maintained(game, p)
  local out = {}
  for _, c in ipairs(game:play_area(p)) do
    if game:card(c).kind ~= "item" and not creations.is_permanent_creation(game, c) then out[#out + 1] = c end
  end
  return out
end

-- The target lightens his mind, one card at a time, until he says done.
---@param ctx Ctx
local function unload(ctx, q)
  local game = ctx.game
  while true do
    local opts = {} ---@type Option[]
    for _, c in ipairs(game:hand(q)) do
      opts[#opts + 1] = { label = "discard " .. game:card(c).name, card = c }
    end
    for _, c in ipairs(maintained(game, q)) do
      -- (two alike told apart by what they are on)
      opts[#opts + 1] = { label = "end spell " .. targets.spell_words(game, c), card = c, spell = true }
    end
    if #opts == 0 then return end
    opts[#opts + 1] = { key = "done" }
    local _, i = ctx:choose(q, "discard", "Brain Burn: discard a card or end a spell, or done", opts, { pass = "done" })
    local o = opts[i]
    if not o.card then return end
    if o.spell then ctx:end_spell(o.card) else common.discard(game, o.card) end
  end
end

-- He unloads what he likes; then the burn, as many points as are left in his mind.
---@param ctx Ctx
---@param q integer
local function burn(ctx, q)
  local game = ctx.game
  unload(ctx, q)
  local n = #game:hand(q) + #maintained(game, q)
  if n > 0 then ctx:damage(q, n, { magical = true }) end
end

return card(at_wizard.card({
  name = "Brain Burn", school = "mentalism", kind = "attack", copies = 2,
  text = "Set a wizard's thoughts on fire. He may first discard any cards, maintained spells included; then he takes magical damage equal to the cards in his hand plus the spells he maintains. Carried items don't count.",
  tests = {
    { "hand plus maintained spells, not items", function(t, g)
      t:put(1, "Flood")
      t:put(1, "Fire Cloak")
      t:answer(1, "done")
      duel.aim(t, "Brain Burn", { held = { "Zot!", "Zot!", "Fireball" } })
      t:eq(t:lost(1), 4, "3 cards in hand + 1 maintained spell")
      t:ok(g:turn().vars.attacked, "the turn's attack")
    end },
    { "discarding first lowers the damage", function(t, g)
      local z1 = t:give(1, "Zot!")
      t:give(1, "Zot!")
      local f = t:put(1, "Flood")
      t:answer(1, { card = z1 })
      t:answer(1, { card = f })
      t:answer(1, "done")
      duel.aim(t, "Brain Burn")
      t:eq(t:lost(1), 1, "one card left")
      t:eq(g:card(f).zone.kind, "pile", "the spell he ended")
      t:eq(g:card(z1).zone.kind, "pile")
    end },
    { "an empty mind takes nothing", function(t)
      t:put(1, "Fire Cloak")
      duel.aim(t, "Brain Burn")
      t:eq(t:lost(1), 0)
      t:eq(#t:log("damage"), 0)
    end },
    { "a Full Shield cancels it: nothing discarded, no damage", function(t, g)
      local z = duel.aim(t, "Brain Burn", { plays = { "Full Shield" }, held = { "Zot!" } }).held[1]
      t:eq(t:lost(1), 0)
      t:eq(g:card(z).zone.kind, "hand")
      t:eq(t:lost(0), 0, "the caster's own hand does not count")
    end },
  },
}, burn))
