//! Modules scripts `require`: registered by name as one file or several layered parent first
//! (a ruleset's module over the same module of the rulesets it extends), each file run once in
//! an environment of its own under its own budget, the environment then frozen.

use super::*;

#[derive(Clone)]
pub(super) struct ModuleSource {
    chunk_name: String,
    source: String,
}

impl LuaHost {
    /// Register Lua source that sandboxed chunks can `require(name)` (e.g. name "lib.walls").
    ///
    /// The module runs once, on first `require`, in its own fresh environment and under its own
    /// budget; then its environment is frozen, and its result is cached and frozen all the way
    /// down (prelude: `freeze_module`), so no card can stash game state in a shared module.
    /// Registering a name again replaces the source and forgets the cached result.
    pub fn add_module(&self, name: &str, chunk_name: &str, source: &str) {
        self.add_module_layers(name, &[(chunk_name.to_owned(), source.to_owned())]);
    }

    /// Register a module made of several files (chunk name, source), parent first: a ruleset's
    /// module and the same module of the rulesets it extends. The first runs as a plain module;
    /// each next one runs with the result so far as its global `base` (writable while the chain
    /// loads) and returns the module's result (`base` if it returns nothing). The final result
    /// is cached and read-only like any module's.
    pub fn add_module_layers(&self, name: &str, layers: &[(String, String)]) {
        let sources = layers
            .iter()
            .map(|(chunk_name, source)| ModuleSource { chunk_name: chunk_name.clone(), source: source.clone() })
            .collect();
        self.shared.modules.borrow_mut().insert(name.to_owned(), sources);
        let _ = self.shared.prelude().loaded.raw_remove(name);
    }
}

impl Shared {
    /// Run a registered module for `require`. `Ok(Err(msg))` is an ordinary error the card sees;
    /// `Err` means the host is stopping the script (budget, abort, memory).
    pub(super) fn load_module(
        self: &Rc<Self>,
        lua: &Lua,
        name: &str,
        new_env: &Function,
    ) -> mlua::Result<Result<(Value, Vec<Table>), String>> {
        let module = self.modules.borrow().get(name).cloned();
        let Some(module) = module else {
            let known: Vec<String> = self.modules.borrow().keys().cloned().collect();
            let known = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
            return Ok(Err(format!("module '{name}' not found (known modules: {known})")));
        };
        if !self.loading.borrow_mut().insert(name.to_owned()) {
            return Ok(Err(format!("module '{name}' requires itself (directly or through other modules)")));
        }
        let result = self.run_module(lua, &module, new_env);
        self.loading.borrow_mut().remove(name);
        match result {
            Ok(value) => Ok(Ok(value)),
            Err(_) if self.is_stopping() => Err(self.interrupt(lua)),
            Err(err) => Ok(Err(format!("error loading module '{name}': {err}"))),
        }
    }

    /// Each file of a module runs in its own environment, as a nested entry with its own
    /// budget; a file after the first sees the result so far as `base`. The result, and the
    /// environments (to be frozen with it: `require`).
    fn run_module(
        self: &Rc<Self>,
        lua: &Lua,
        layers: &[ModuleSource],
        new_env: &Function,
    ) -> Result<(Value, Vec<Table>), HostError> {
        let mut value = Value::Nil;
        let mut envs = Vec::new();
        for (i, module) in layers.iter().enumerate() {
            let env: Table = new_env.call(()).map_err(|e| self.map_error(e))?;
            if i > 0 {
                env.raw_set("base", value.clone()).map_err(|e| self.map_error(e))?;
            }
            let chunk = compile(lua, self, &module.chunk_name, &module.source, &env)?;
            let results: MultiValue = run_entry(lua, self, self.limits.instructions, &chunk, || chunk.call(()))?;
            // Its globals are fixed from now on, as a card's or a rules file's are.
            self.prelude().freeze_env.call::<()>(env.clone()).map_err(|e| self.map_error(e))?;
            envs.push(env);
            match results.into_iter().next().unwrap_or(Value::Nil) {
                Value::Nil if i > 0 => {}
                v => value = v,
            }
        }
        Ok((value, envs))
    }
}
