//! Running a ruleset function or a chunk of Lua against the game (tests, tools, the REPL).

use super::*;

impl Engine {
    /// Calls a function of the ruleset (`rules[name](game, ...)`), guarded like an action.
    pub fn call_rules(&self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        let Some(f) = self.k.rules_fn(name) else {
            return Err(format!("the ruleset has no function `{name}`"));
        };
        let game = self.k.game.borrow().clone();
        let mut out = Value::Nil;
        let done = self
            .guarded(name, || {
                let mut a = mlua::MultiValue::new();
                a.push_back(mlua::Value::Table(game.clone().expect("game")));
                for v in args {
                    a.push_back(
                        mlua::IntoLua::into_lua(v, self.k.host.lua()).map_err(|e| HostError::Runtime(e.to_string()))?,
                    );
                }
                out = self.k.host.call(&f, a)?;
                Ok(())
            })
            .map_err(|o| format!("{o:?}"))?;
        if done {
            Ok(out)
        } else {
            Err(self.last_error().unwrap_or_else(|| format!("rules.{name} failed")))
        }
    }

    /// Runs a Lua chunk with `game` in scope (a fresh sandboxed environment, as cards get) and
    /// returns its results rendered readably. An error (or a request for a decision, which a
    /// chunk cannot wait for) restores the game as it was. For the REPL.
    pub fn eval_lua(&self, code: &str) -> Result<String, String> {
        let shown: Vec<String> = self
            .eval_lua_values(code)?
            .into_iter()
            .map(|v| match v {
                Ok(Value::Str(s)) => format!("{s:?}"),
                Ok(v) => v.to_string(),
                Err(name) => format!("<{name}>"),
            })
            .collect();
        Ok(shown.join("\t"))
    }

    /// [`Engine::eval_lua`]'s results as data; a value that is not data (a function...) gives
    /// its type name.
    pub fn eval_lua_values(&self, code: &str) -> Result<Vec<Result<Value, String>>, String> {
        let cp = self.checkpoint();
        let run = || -> Result<mlua::MultiValue, HostError> {
            let env = self.k.host.new_env()?;
            env.raw_set("game", self.k.game.borrow().clone()).map_err(|e| HostError::Runtime(e.to_string()))?;
            self.k.host.load_chunk_with_budget("repl", code, &env, super::pause::SESSION_BUDGET)
        };
        let result = run();
        let interrupt = self.k.interrupt.borrow_mut().take();
        match (result, interrupt) {
            (Ok(values), None) => {
                let lua = self.k.host.lua();
                Ok(values
                    .into_iter()
                    .map(|v| {
                        let name = v.type_name();
                        <Value as mlua::FromLua>::from_lua(v, lua).map_err(|_| name.to_string())
                    })
                    .collect())
            }
            (_, Some(Interrupt::Suspend(req))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(format!(
                    "the chunk asked {} for a decision (`{}`); a Lua chunk cannot wait for one",
                    crate::cli::wizard_glyph(req.player),
                    req.kind
                ))
            }
            (_, Some(Interrupt::Fail(m))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(m)
            }
            (Err(e), None) => {
                self.restore(cp, AfterRestore::Drop);
                Err(self.explain(e))
            }
        }
    }
}
