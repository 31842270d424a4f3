//! What a person reads of a game, in the ruleset's words: the line for each log entry
//! (`rules.narrate(game, entry, verbose)`) and a player's score (`rules.status(game, p)`), both
//! optional and read only. The log stays the record: narration is a view of its entries. With
//! no such function, or no line from it, the kernel says only what it logs itself (the turn,
//! a script error) and nothing of events it does not know.

use super::*;
use crate::cli::wizard_name;

impl Engine {
    /// The lines a person reads for `entries` (log entries of this game, in order), the
    /// ruleset's words first, else the kernel's own ([`kernel_line`]). `verbose`: minor events
    /// too (each step of a walk...), as the ruleset decides.
    pub fn narrate(&self, entries: &[LogEntry], verbose: bool) -> Vec<String> {
        let has = self.ruleset_has("narrate");
        entries
            .iter()
            .filter_map(|e| {
                let said = if has {
                    self.read_only_call("narrate", |lua| {
                        let entry = lua.create_table()?;
                        entry.raw_set("turn", e.turn as i64)?;
                        entry.raw_set("event", e.event.as_str())?;
                        entry.raw_set("data", mlua::IntoLua::into_lua(e.data.clone(), lua)?)?;
                        Ok(mlua::MultiValue::from_iter([mlua::Value::Table(entry), mlua::Value::Boolean(verbose)]))
                    })
                } else {
                    None
                };
                match said {
                    Some(Value::Str(s)) if !s.is_empty() => Some(s),
                    _ => self.with_view(|st| kernel_line(st, e)),
                }
            })
            .collect()
    }

    /// A player's score in the ruleset's words ("1 of 2 victory points"), if it says one.
    pub fn player_status(&self, p: u32) -> Option<String> {
        self.words_of_player("status", p)
    }

    /// What the player deciding is told of his movement and hand ("3 moves left, hand 5 of 7"), if the ruleset says it (`rules.turn_status`).
    pub fn turn_status(&self, p: u32) -> Option<String> {
        self.words_of_player("turn_status", p)
    }

    /// `rules[hook](game, p)`, read only, when it gives words.
    fn words_of_player(&self, hook: &str, p: u32) -> Option<String> {
        if !self.ruleset_has(hook) {
            return None;
        }
        match self.read_only_call(hook, |_| Ok(mlua::MultiValue::from_iter([mlua::Value::Integer(p as i64)]))) {
            Some(Value::Str(s)) if !s.is_empty() => Some(s),
            _ => None,
        }
    }

    /// Calls `rules[name](game, args...)` on the game as the player asked sees it, allowed to
    /// look but not to change anything: a call that fails, asks a question or changes the game
    /// is undone and answers nothing.
    fn read_only_call(
        &self,
        name: &str,
        args: impl FnOnce(&mlua::Lua) -> mlua::Result<mlua::MultiValue>,
    ) -> Option<Value> {
        let f = self.k.rules_fn(name)?;
        let game = self.k.game.borrow().clone()?;
        let lua = self.k.host.lua();
        let mut a = args(lua).ok()?;
        a.push_front(mlua::Value::Table(game));
        let real = self.mid_step().then(|| {
            let view = self.with_view(GameState::clone);
            std::mem::replace(&mut *self.k.st.borrow_mut(), view)
        });
        let cp = self.checkpoint();
        let result: Result<mlua::Value, HostError> = self.k.host.call(&f, a);
        let interrupted = self.k.interrupt.borrow_mut().take().is_some();
        let changed = self.k.st.differs_from(&cp.state) || self.log_len() != cp.log;
        let out = match result {
            Ok(v) if !interrupted && !changed => <Value as mlua::FromLua>::from_lua(v, lua).ok(),
            _ => None,
        };
        if interrupted || changed || out.is_none() {
            self.restore(cp, AfterRestore::Drop);
        }
        if let Some(real) = real {
            *self.k.st.borrow_mut() = real;
        }
        out
    }
}

/// The kernel's own line for an entry it logs itself: the start of a turn, a script error.
/// Nothing for any other event (its words are the ruleset's).
pub fn kernel_line(st: &GameState, e: &LogEntry) -> Option<String> {
    match e.event.as_str() {
        "turn" => {
            let p = e.data.get("player").and_then(Value::as_int)?;
            Some(format!("--- turn {}: {} ---", e.turn, wizard_name(st, p as u32)))
        }
        "error" => e.data.get("message").and_then(Value::as_str).map(|m| format!("script error (undone): {m}")),
        _ => None,
    }
}
