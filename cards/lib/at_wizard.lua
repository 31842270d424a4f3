-- An instant spell aimed at a wizard in sight that does its work on him if he still lives when
-- it resolves (require("lib.at_wizard")): the 8th's BRAIN BURN, classic CARD ERASURE, DROP
-- OBJECT, STONE DEAD and TELEPORT OPPONENT. Range line of sight (8th: Range; [AF]'s spells need
-- sight unless they say otherwise), the target a wizard (8th: Target Types; classic, The
-- Cards); a wizard dead before it resolves (killed by a counter's backlash, say) takes nothing.
-- Each card gives its own work, and its kind (attack or neutral) and text. The module is
-- read-only and keeps no game state.
local at_wizard = {}

---What the spell does to the living wizard `p` it is aimed at.
---@alias at_wizard.Work fun(ctx: Ctx, p: integer)

-- The resolve hook of a spell doing `work` on the wizard aimed at, if he lives.
---@param work at_wizard.Work
---@return fun(ctx: Ctx)
function at_wizard.resolve(work)
  return function(ctx)
    local p = ctx:target_player()
    if p == nil or not ctx.game:player(p).alive then return end
    work(ctx, p)
  end
end

-- The card `def` with the fields such a spell shares filled in (range, duration, targets) and
-- its resolve doing `work`.
---@param def CardDef
---@param work at_wizard.Work
---@return CardDef
function at_wizard.card(def, work)
  def.range = "los"
  def.duration = "instant"
  def.targets = { "wizard" }
  def.resolve = at_wizard.resolve(work)
  return def
end

return at_wizard
