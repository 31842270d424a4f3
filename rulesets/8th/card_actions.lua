-- Actions offered by cards in play (require("rules.card_actions")): a maintained spell or a
-- carried item with named `actions` (card field) gives its controller more things to do in
-- the Move and Cast phase.
--
-- The protocol: each action's `run(ctx, option)` is first called with `ctx.list = true` and
-- returns the options it offers now, each `{ label = "...", target = <target>, attack = true? }`
-- (nil or {} for none). The chosen option is then run with ctx.target set (and, for an
-- attack, ctx.stack / ctx.attack). An option with `attack = true` is the turn's attack
-- (8th: Attacking): only offered when the wizard may attack, never at a wizard who cannot be
-- attacked, declared like a thrown weapon (before/after `attack`, a stack entry of kind
-- "throw" others may answer), and run unless it is cancelled or evaded.
local effects = require("rules.effects")
local M = {}

local function name_of(game, c) return game:card(c).name end

function M.add(game, p, list, may_attack)
  for _, c in ipairs(game:play_area(p)) do
    local card = game:card(c)
    for _, name in ipairs(card.actions or {}) do
      local opts = game:card_action(c, name, { controller = p, caster = p, list = true }) or {}
      for _, o in ipairs(opts) do
        local t = o.target
        local barred = o.attack and (not may_attack
          or (type(t) == "table" and t.kind == "wizard" and effects.has(game, t.player, "unattackable")))
        if not barred then
          list[#list + 1] = {
            -- ("use Master Key: unlock at the door west of (2,2)", "use Extra Arms: gather everything here")
            label = "use " .. name_of(game, c) .. ": " .. (name:gsub("_", " "))
              .. ((o.label and o.label ~= "") and ((o.target and " at " or " ") .. o.label) or ""),
            kind = "card_action", card = c, action = name, option = o,
            hostile = o.attack == true and type(t) == "table" and t.kind == "wizard" and t.player ~= p,
          }
        end
      end
    end
  end
end

-- Runs a chosen option; an attack is played like one (rules/play.lua), as a stack entry of
-- kind "throw" that names its card as `source`.
function M.perform(game, p, a)
  local c, o = a.card, a.option
  game:log("use", { card = c, player = p, as = a.action })
  if not o.attack then
    return game:card_action(c, a.action, { controller = p, caster = p, target = o.target }, o)
  end
  require("rules.play").play(game, {
    player = p, kind = "throw", target = o.target, attack = true, marks = { source = c },
    events = { { "attack", { attacker = p, target = o.target, card = c, action = a.action } } },
    resolve = function(entry)
      game:card_action(c, a.action, { controller = p, caster = p, target = o.target, attack = true, stack = entry.id }, o)
    end,
  })
end

return M
