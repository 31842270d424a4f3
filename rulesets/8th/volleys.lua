-- A volley: one spell that lets fly several missiles, each its own source of damage
-- (require("rules.volleys")): 8th Conjuring "Fire Darts" (also in the Thaumaturgy deck).
-- 8th: Canceling, Reducing, and Evading Spells: a reduction takes damage off one source; each
-- missile being a source of its own, a reduction played against the volley (Shield) is spent
-- on the first missile that hits the wizard it protects, and the next missiles hit in full
-- (two Shields: two missiles). A cancel answers the spell as it is cast: the kernel's stack
-- holds one entry for the card, so a Full Shield stops the whole volley (reconstructed).
local targets = require("rules.targets")
local M = {}

-- Where the caster may send one more missile: wizards (not himself, nor one who cannot be
-- attacked: the 8th's targets.excluded), objects and creatures in sight.
function M.aims(ctx, types)
  local game, p = ctx.game, ctx.caster
  local card = game:card(ctx.card)
  local out = {}
  for _, t in ipairs(ctx:targets_of(types, "los")) do
    local alive = t.kind ~= "wizard" or game:player(t.player).alive
    if alive and not targets.excluded(game, p, ctx.card, card, t, {}) then out[#out + 1] = t end
  end
  return out
end

-- The caster aims `count` missiles: the first at the spell's target, each other one where he
-- chooses among M.aims (the spell's target offered first). Returns the list of aims.
function M.aim(ctx, count, types)
  local list = { ctx.target }
  for i = 2, count do
    local opts, first = {}, nil ---@type Option[], Option?
    local aimed = targets.aim_key(ctx.target)
    for _, t in ipairs(M.aims(ctx, types)) do
      local o = { key = targets.aim_key(t), label = t.label, target = t }
      if o.key == aimed then first = o else opts[#opts + 1] = o end
    end
    if first then table.insert(opts, 1, first) end
    if #opts == 0 then break end
    local _, k = ctx:choose(ctx.caster, "missile", "Missile " .. i .. " of " .. count .. ": at what?", opts)
    list[#list + 1] = opts[k].target
  end
  return list
end

-- Each missile deals `amount` (tags) to its aim; a reduction is spent on the first missile
-- that meets the wizard it protects. Returns the total dealt.
function M.fire(ctx, aims, amount, tags)
  local game = ctx.game
  local total = 0
  for _, t in ipairs(aims) do
    local alive = t.kind ~= "wizard" or game:player(t.player).alive
    if alive then
      total = total + ctx:damage(t, amount, tags)
      if t.kind == "wizard" and ctx.stack then
        local marks = game:stack_entry(ctx.stack).marks or {}
        local key = "reduce_p" .. t.player
        if (marks[key] or 0) > 0 then game:mark_stack(ctx.stack, key, 0) end
        if (marks.reduce or 0) > 0 then game:mark_stack(ctx.stack, "reduce", 0) end
      end
    end
  end
  return total
end

return M
