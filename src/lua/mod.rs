//! The Lua host: sandboxed card and ruleset scripts.
mod patterns;
pub mod sandbox;

#[cfg(test)]
mod tests {
    /// The vendored Lua writes integers itself (vendor/lua-src/PATCH.md): the same text as
    /// Rust's (and C's "%lld"), the extremes and zero included.
    #[test]
    fn integers_become_the_same_strings() {
        let lua = mlua::Lua::new();
        let cases = [0i64, 7, -7, 10, -10, 1234567890, i64::MAX, i64::MIN, -1, 99999999999];
        for n in cases {
            let s: String = lua.load("local n = ... return tostring(n) .. '|' .. n").call(n).unwrap();
            assert_eq!(s, format!("{n}|{n}"));
        }
        let s: String = lua.load("return ('%d'):format(-42) .. tostring(2^53) .. tostring(-0.0)").eval().unwrap();
        assert_eq!(s, "-429.007199254741e+15-0.0");
    }

    /// The VM takes a step of `ipairs` over a plain table itself (vendor/lua-src/PATCH.md):
    /// the same steps as Lua's own iterator (written out here in Lua), with one, two or three
    /// loop variables, holes, `__index` past the raw entries, and under a count hook.
    #[test]
    fn ipairs_steps_as_its_iterator_does() {
        let lua = mlua::Lua::new();
        let check = r#"
            local function walk(t)
              local a, b, c = {}, {}, {}
              for i in ipairs(t) do a[#a + 1] = tostring(i) end
              for i, v in ipairs(t) do b[#b + 1] = i .. "=" .. tostring(v) end
              for i, v, x in ipairs(t) do c[#c + 1] = i .. "=" .. tostring(v) .. tostring(x) end
              return table.concat(a, ",") .. "|" .. table.concat(b, ",") .. "|" .. table.concat(c, ",")
            end
            local function by_hand(t)
              local a, b, c = {}, {}, {}
              local i = 1
              while t[i] ~= nil do
                a[#a + 1] = tostring(i); b[#b + 1] = i .. "=" .. tostring(t[i]); c[#c + 1] = i .. "=" .. tostring(t[i]) .. "nil"
                i = i + 1
              end
              return table.concat(a, ",") .. "|" .. table.concat(b, ",") .. "|" .. table.concat(c, ",")
            end
            local past_end = setmetatable({ "x" }, { __index = function(_, k) if k <= 3 then return k * 10 end end })
            local cases = { {}, { 1, 2, 3 }, { "a", nil, "c" }, { false, true }, { n = 1, 5 }, past_end,
                            setmetatable({ 7, 8 }, {}), setmetatable({}, { __index = { "p", "q" } }) }
            local out = {}
            for k, t in ipairs(cases) do
              local got, want = walk(t), by_hand(t)
              assert(got == want, "case " .. k .. ": " .. got .. " against " .. want)
              out[#out + 1] = got
            end
            return out[6] .. " " .. out[8]
        "#;
        let plain: String = lua.load(check).eval().unwrap();
        assert_eq!(plain, "1,2,3|1=x,2=20,3=30|1=xnil,2=20nil,3=30nil 1,2|1=p,2=q|1=pnil,2=qnil");
        lua.set_hook(mlua::HookTriggers::new().every_nth_instruction(1000), |_, _| Ok(mlua::VmState::Continue))
            .unwrap();
        let hooked: String = lua.load(check).eval().unwrap();
        assert_eq!(hooked, plain);
    }
}
