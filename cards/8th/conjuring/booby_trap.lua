-- 8th Conjuring "Booby Trap": a creation of four face-down tokens laid on four empty squares;
-- only the caster knows which is the trap. An enemy who enters a token's square turns it up:
-- the trap deals him 4 magical damage (no attack: rules/hazards.lua) and then the whole spell
-- ends, every token with it; a blank is discarded and the others stay. Each token must be
-- dispelled on its own (rules/creations.lua, dispel_piece).
-- reconstructed: one trap and three blanks (the trap going off ends the spell, so a second
-- trap could never spring, while a blank takes only itself away). The spell's one target is
-- the first token's square; the caster then picks the other three one by one, then which of
-- the four is the trap. All four are empty squares in sight, none a home base (8th: Creating
-- Objects and Playing Items, like Stone Block); with fewer in sight, as many tokens as there
-- is room for. The tokens look alike on the board (which one is the trap is kept in the
-- card's data); they do not fill their square (no sight or step is stopped), take no cracks
-- and cannot be picked up. "Enemy": any wizard but the caster, who may cross his own tokens;
-- a wizard pushed or carried onto one turns it up too (rules/hazards.lua). A Dispel aimed at
-- the spell takes away one token, the one its caster picks; the spell ends with its last.
local hazards = require("rules.hazards")
local creations = require("rules.creations")
local targets = require("rules.targets")

local function token(ctx, at)
  return { kind = "booby_trap", at = at, data = { spell = ctx.card }, mobile = false,
    blocks_move = false, blocks_los = false, fills_square = false }
end

-- The squares where the next token may go: empty, in sight of the caster, no home base.
local function free_squares(ctx)
  local out = {}
  for _, t in ipairs(ctx:targets_of({ "empty_square" }, "los")) do
    if ctx.game:home_sector_at(t.at) == nil then
      out[#out + 1] = { label = "a token at " .. targets.sq_words(t.at), at = t.at }
    end
  end
  return out
end

-- For the tests: the caster stands in a square with a free square beside it (the first
-- token's); three more empty squares in his sight. Returns the square, that neighbour
-- ({ dir, to }) and the three others.
local function lay_out(t)
  local g = t.game
  local spots = require("test.spots")
  local at = spots.roomy_square(g)
  assert(at, "a roomy square")
  t:place(0, at)
  local n = spots.free_square(g, at)
  assert(n, "a free square beside it")
  local more = {}
  for _, s in ipairs(g:visible_from(at)) do
    local plain = { x = s.x, y = s.y }
    if #more < 3 and not (s.x == at.x and s.y == at.y) and not (s.x == n.to.x and s.y == n.to.y)
        and g:home_sector_at(s) == nil and #g:objects_at(s) == 0 and #g:seats_at(s) == 0 then
      more[#more + 1] = plain
    end
  end
  t:ok(#more == 3, "four empty squares in sight")
  return at, n, more
end

-- For the tests: player 0 casts it, the first token beside him, the trap where `trap` says.
local function cast_it(t, n, more, trap)
  local c = t:give(0, "Booby Trap")
  for _, s in ipairs(more) do t:answer(0, { at = s }) end
  t:answer(0, { at = trap })
  t:cast { card = c, at = t:square(n.to) }
  return c
end

return card {
  name = "Booby Trap", school = "conjuring", kind = "neutral",
  range = "los", duration = "permanent", targets = { "empty_square" },
  traits = { "creation" },
  text = "Lay four tokens face down on four empty squares you can see: one trap, three blanks, and only you know which is which. An enemy entering a token's square turns it up. The trap deals him 4 magical damage (not an attack) and the spell ends, all tokens with it; a blank is simply removed. A dispel takes away one token at a time.",
  resolve = function(ctx)
    local game = ctx.game
    -- 8th: Creating Objects and Playing Items: the first token on the target square.
    if not creations.make(ctx, token(ctx, ctx.target.at)) then return end
    ctx.data.dispel_each = true
    for _ = 2, 4 do
      local opts = free_squares(ctx)
      if #opts == 0 then break end
      local _, i = ctx:choose(ctx.caster, "booby_trap_square", "Booby Trap: where does the next token go?", opts)
      ctx:create_object(token(ctx, opts[i or 1].at))
    end
    local opts = {}
    for _, id in ipairs(game:card_data(ctx.card, "objects") or {}) do
      local o = game:object(id)
      if o and o.at then opts[#opts + 1] = { label = "the token at " .. targets.sq_words(o.at), at = o.at, object = id } end
    end
    local _, i = ctx:choose(ctx.caster, "booby_trap_trap", "Booby Trap: which token is the trap?", opts)
    ctx.data.trap = opts[i or 1].object
  end,
  on_move = function(ctx, ev)
    local game = ctx.game
    local o = hazards.entered(ctx, ev)
    if not o or ev.wizard == game:card(ctx.card).controller then return end
    if o.id ~= ctx.data.trap then
      game:log("booby_trap_blank", { card = ctx.card, object = o.id, player = ev.wizard })
      hazards.destroy(game, o.id, ctx.card)
      return
    end
    game:log("booby_trap_sprung", { card = ctx.card, object = o.id, player = ev.wizard })
    -- 8th: Life, Damage, and Dying: damage that is no attack (rules/hazards.lua).
    hazards.hurt(ctx, ev.wizard, 4, { magical = true })
    if game:card(ctx.card).zone.kind == "play" then ctx:end_spell(ctx.card) end
  end,
  tests = {
    { "an enemy walking onto the trap takes 4, not an attack; every token goes, the spell ends", function(t, g)
      t:active(0)
      local at, n, more = lay_out(t)
      local c = cast_it(t, n, more, n.to)
      t:eq(#(g:card_data(c, "objects") or {}), 4, "four tokens")
      for _, s in ipairs(more) do
        local o = g:objects_at(s)[1]
        t:eq(o and o.kind, "booby_trap")
      end
      t:place(1, at)
      t:active(1)
      t:move(n.dir)
      t:eq(t:lost(1), 4)
      t:ok(not g:turn().vars.attacked, "not an attack")
      for _, s in ipairs(more) do t:eq(#g:objects_at(s), 0, "all tokens removed") end
      t:eq(#g:objects_at(n.to), 0)
      t:eq(g:card(c).zone.kind, "pile", "the spell is over")
    end },
    { "a blank is discarded, the others stay; the caster crosses his own tokens", function(t, g)
      t:active(0)
      local at, n, more = lay_out(t)
      local c = cast_it(t, n, more, more[3])
      t:move(n.dir)
      t:eq(#g:objects_at(n.to), 1, "his own token does not turn up for him")
      t:eq(t:lost(0), 0)
      t:place(0, at)
      t:place(1, at)
      t:active(1)
      t:move(n.dir)
      t:eq(t:lost(1), 0, "a blank")
      t:eq(#g:objects_at(n.to), 0, "discarded")
      t:eq(#(g:card_data(c, "objects") or {}), 3, "three tokens left")
      t:eq(g:card(c).zone.kind, "play", "the spell goes on")
    end },
    { "Dispel takes away one token only; the trap still springs", function(t, g)
      t:active(0)
      local at, n, more = lay_out(t)
      local c = cast_it(t, n, more, n.to)
      local d = t:turn_of(1, "Dispel")
      t:answer(1, { at = more[1] })
      t:cast { card = d, at = t:spell(c) }
      t:eq(#g:objects_at(more[1]), 0, "that token is gone")
      t:eq(#(g:card_data(c, "objects") or {}), 3)
      t:eq(g:card(c).zone.kind, "play", "the rest stay")
      t:place(1, at)
      t:move(n.dir)
      t:eq(t:lost(1), 4)
      t:eq(g:card(c).zone.kind, "pile")
    end },
    { "the last token dispelled ends the spell; no token on a home base", function(t, g)
      t:active(0)
      local _, n, more = lay_out(t)
      local c = cast_it(t, n, more, more[2])
      local other = t:give(0, "Booby Trap")
      t:ok(not t:has { kind = "cast", card = other, target = t:square(t:at(1)) }, "a home base is no target")
      t:active(1)
      for i = 1, 4 do
        local d = t:give(1, "Dispel")
        if i < 4 then t:answer(1, { at = (i == 1 and n.to) or more[i - 1] }) end
        t:cast { card = d, at = t:spell(c) }
        t:eq(g:card(c).zone.kind, i < 4 and "play" or "pile", "after " .. i .. " dispels")
      end
      t:eq(#t:log("spell_end"), 1, "one ending")
    end },
  },
}
