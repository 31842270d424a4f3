-- Test-only: a spell that carries its caster one square with the rules' movement and forgets
-- to ask whether he may leave his square, to show the rules ask for it (8th: A Stunned Wizard).
return card {
  name = "Test Glide", school = "cantrip", kind = "neutral",
  range = "caster", duration = "instant",
  text = "Glide one square in any open direction.",
  resolve = function(ctx)
    local game, p = ctx.game, ctx.caster
    local at = assert(game:player(p).at, "Test Glide: the caster is on the board")
    for _, dir in ipairs({ "N", "E", "S", "W" }) do
      local r = game:run(at, dir, 1)
      if #r.squares == 1 and #game:seats_at(r.squares[1]) == 0 then
        ctx:move_along(p, dir, r, "flight")
        return
      end
    end
  end,
}
