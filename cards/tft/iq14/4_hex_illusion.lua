-- Wizard (1978) 4-Hex Illusion (seed L661): a creation, the illusion of a being of up to four
-- hexes (a giant, a small dragon, or any one-hex being): it fights as the real one until
-- disbelieved.
-- reconstructed: the seed lets an illusion be of "anything"; we offer the beings of the game
-- ([config.beings]) that cover four hexes or fewer and fit where it is cast, standing as the
-- caster faces (illusions of walls, fire or of a wizard are left out).
-- (the same test as Summon Giant's and 4-Hex Image's: a helper to be, ctx:fits)
local function fits(ctx, being, cell)
  local w = assert(ctx:figure(ctx.caster))
  local offsets = {}
  for _, c in ipairs(ctx.game:config().beings[being].cells or { { 0, 0 } }) do offsets[#offsets + 1] = { q = c[1], r = c[2] } end
  local cells = ctx.game:footprint(cell, w.facing, offsets)
  if not cells then return false end
  for _, c in ipairs(cells) do
    if not ctx:empty(c) then return false end
    for _, m in ipairs(ctx.game:marks_at(c)) do
      if m == "shaded" and ctx.game:option("tunnel") then return false end
    end
  end
  return true
end

return card {
  name = "4-Hex Illusion",
  school = "iq14",
  kind = "creation",
  energy = 3,
  duration = "lasting",
  traits = { "illusion" },
  targets = { "empty_hex" },
  text = "An illusion of a being up to four hexes big (a giant, a small dragon...): it fights as the real one until someone disbelieves it. 3 ST.",
  resolve = function(ctx)
    local cell = assert(ctx:target_cell())
    local beings = assert(ctx.game:config().beings)
    local names = {}
    for name, def in pairs(beings) do
      if #(def.cells or { 1 }) <= 4 and fits(ctx, name, cell) then names[#names + 1] = name end
    end
    table.sort(names)
    if #names == 0 then
      ctx:end_casting()
      return
    end
    local options = {}
    for _, name in ipairs(names) do options[#options + 1] = { key = name, label = "an illusion of a " .. name:gsub("_", " ") } end
    local being = ctx:choose(assert(ctx.seat), "being", "What does the illusion show?", options)
    ctx:make_being(being, cell, "illusion")
  end,
  tests = {
    { "an illusion of a giant, shown to the foe as a giant", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "4-Hex Illusion", { cell = arena.east(1) }, { 3, 4, 4 }, { "giant" })
      local g = arena.figures_of(t, "giant")
      t:eq(#g, 1)
      t:eq(#g[1].cells, 3)
      t:eq(g[1].attrs.st, 30, "the real thing's numbers")
      t:eq(g[1].vars.unreal, "illusion")
      t:eq(g[1].shown_as, "giant")
      t:eq(arena.lost(t, me), 3)
    end },
    { "it strikes as hard as the real thing", function(t)
      local arena = require("test.arena")
      local _, foe = arena.duel(t, 2)
      arena.cast(t, "4-Hex Illusion", { cell = arena.east(1) }, { 3, 4, 4 }, { "bear" })
      t:pass(1)
      local bear = arena.figures_of(t, "bear")[1].id
      arena.ready(t, bear)
      t:dice { 3, 3, 3, 1, 1 }
      t:act { kind = "attack", target = foe }
      t:eq(arena.lost(t, foe), 4, "1 + 1 + 2")
      t:eq(#arena.figures_of(t, "bear"), 1, "not gone, unlike an image")
    end },
    { "it vanishes when its maker falls unconscious", function(t)
      local arena = require("test.arena")
      local me = arena.duel(t, 4)
      arena.cast(t, "4-Hex Illusion", { cell = arena.east(1) }, { 3, 4, 4 }, { "giant" })
      local F = require("rules.figures")
      F.spend(t.game, me, arena.st(t, me) - 1)
      t:eq(#arena.figures_of(t, "giant"), 0)
    end },
  },
}
