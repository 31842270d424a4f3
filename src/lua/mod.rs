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

    /// Settling (vendor/lua-src/PATCH.md): what was alive stays usable through any number of
    /// collections, however it is reached (a coroutine, a userdata and a weak table held only
    /// by settled tables and closures), as does what is written into a settled table or
    /// upvalue afterwards; garbage made afterwards is still collected; the weak table still
    /// forgets; generational mode is refused.
    #[test]
    fn settled_objects_keep_what_they_hold() {
        let lua = mlua::Lua::new();
        lua.load(
            r#"
            local co = coroutine.wrap(function() local n = 0 while true do n = n + 1 coroutine.yield(n) end end)
            local weak = setmetatable({}, { __mode = "k" })
            local kept_key = { "key" }
            weak[kept_key] = "kept"
            local counter = 0
            local function bump() counter = counter + 1 return counter end
            held = { co = co, weak = weak, kept_key = kept_key, bump = bump, text = ("settled "):rep(3),
                     list = { 1, 2, { deep = "yes" } } }
            "#,
        )
        .exec()
        .unwrap();
        lua.set_named_registry_value("ud", lua.create_any_userdata(41u32).unwrap()).unwrap();
        // SAFETY: settling only collects garbage and relinks the collector's lists.
        unsafe { lua.exec_raw::<()>((), |state| crate::lua::sandbox::lua_wizwar_settle(state)) }.unwrap();
        let before = lua.used_memory();
        let out: String = lua
            .load(
                r#"
                -- new objects only a settled table or upvalue holds
                held.fresh = { "fresh " .. tostring(os.time() > 0) }
                held.list[4] = { more = ("x"):rep(50) }
                held.weak[{}] = "gone"
                for _ = 1, 30 do
                  local junk = {}
                  for i = 1, 2000 do junk[i] = { i, tostring(i) .. "!" } end
                  collectgarbage("step", 0)
                end
                collectgarbage("collect")
                collectgarbage("collect")
                local n = 0
                for _ in pairs(held.weak) do n = n + 1 end
                local mode = collectgarbage("generational")
                local now = collectgarbage("incremental")
                return table.concat({ held.co(), held.co(), held.bump(), held.bump(), held.text, held.list[3].deep,
                  held.fresh[1], #held.list[4].more, held.weak[held.kept_key], n, mode, now }, "|")
                "#,
            )
            .eval()
            .unwrap();
        assert_eq!(out, "1|2|1|2|settled settled settled |yes|fresh true|50|kept|1|incremental|incremental");
        let ud = lua.named_registry_value::<mlua::AnyUserData>("ud").unwrap();
        assert_eq!(*ud.borrow::<u32>().unwrap(), 41);
        // The garbage made after settling was collected (a few KB may stay: the new tables).
        assert!(lua.used_memory() < before + 64 * 1024, "{} bytes after, {} before", lua.used_memory(), before);
    }
}
