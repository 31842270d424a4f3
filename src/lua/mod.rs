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
}
