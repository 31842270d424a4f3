//! Event dispatch: who hears an event and in what order (see the engine's module doc), each
//! card's handler undone alone when it fails, and the `ctx` a card's hook gets; a card's hooks
//! and the ruleset's functions, looked up once.

use super::*;

impl Kernel {
    /// Cards whose handlers hear events, in dispatch order (see the module doc).
    pub(super) fn listeners(&self, subject: Option<CardId>) -> Vec<CardId> {
        let st = self.st.borrow();
        let mut out = Vec::new();
        if let Some(c) = subject {
            if !matches!(st.card(c).map(|c| &c.zone), Some(Zone::Play(_)) | Some(Zone::Board(_))) {
                out.push(c);
            }
        }
        let n = st.players.len() as u32;
        for i in 0..n {
            let p = (st.turn.active + i) % n;
            out.extend(st.players[p as usize].play.iter().copied());
        }
        for o in st.objects.values() {
            if let Some(c) = o.card {
                if st.card(c).map(|c| &c.zone) == Some(&Zone::Board(o.id)) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    pub(super) fn card_hook(&self, card: CardId, hook: &str) -> Option<mlua::Function> {
        let by_def = self.hooks_by_name.get(hook)?;
        let st = self.st.borrow();
        by_def.get(&*st.card(card)?.def).cloned()
    }

    /// The ruleset's function `rules[name]`, if it has one (looked up once: the rules table
    /// is read-only once loaded).
    pub(super) fn rules_fn(&self, name: &str) -> Option<mlua::Function> {
        if let Some(f) = self.rules_fns.borrow().get(name) {
            return f.clone();
        }
        let f = match self.rules.borrow().as_ref().map(|r| r.raw_get::<mlua::Value>(name)) {
            Some(Ok(mlua::Value::Function(f))) => Some(f),
            _ => None,
        };
        self.rules_fns.borrow_mut().insert(name.to_string(), f.clone());
        f
    }

    /// Builds the `ctx` for a card's hook.
    pub fn ctx(&self, card: CardId, extra: Value) -> Result<mlua::Value, HostError> {
        let st = self.st.borrow();
        let c = st.card(card).ok_or_else(|| HostError::Runtime(format!("no card {card}")))?;
        // The card's controller, target and energy, where `extra` does not give them (make_ctx
        // in api.lua): passed as they are, no table built for them.
        let (controller, target, energy) = (c.controller.map(i64::from), c.target.clone(), c.energy);
        drop(st);
        let extra = (!extra.is_nil()).then_some(extra);
        let make = self.make_ctx.borrow().clone().expect("api installed");
        make.call((card, extra, controller, target, energy)).map_err(|e| HostError::Runtime(e.to_string()))
    }

    /// Runs `before_<event>` handlers; returns the payload, or None if one cancelled it.
    pub fn dispatch_before(&self, event: &str, payload: Value) -> Result<Option<Value>, HostError> {
        match crate::events::event(event) {
            Some(spec) => self.dispatch(spec.before, payload, true),
            None => self.dispatch(&format!("before_{event}"), payload, true),
        }
    }

    /// Runs `on_<event>` handlers and logs the event.
    pub fn dispatch_after(&self, event: &str, payload: Value) -> Result<(), HostError> {
        let made;
        let hook = match crate::events::event(event) {
            Some(spec) => spec.on,
            None => {
                made = format!("on_{event}");
                made.as_str()
            }
        };
        // Most events have no handler anywhere: the log takes the payload as it is.
        if self.rules_fn(hook).is_none() && !self.hooks_by_name.contains_key(hook) {
            self.log_event(event, payload);
            return Ok(());
        }
        self.log_event(event, payload.clone());
        self.dispatch(hook, payload, false).map(|_| ())
    }

    pub(super) fn dispatch(&self, hook: &str, payload: Value, can_cancel: bool) -> Result<Option<Value>, HostError> {
        if self.depth.get() > 64 {
            return Err(HostError::Runtime(format!(
                "events nested more than 64 deep at `{hook}`: a loop of handlers?"
            )));
        }
        self.depth.set(self.depth.get() + 1);
        let result = self.dispatch_inner(hook, payload, can_cancel);
        self.depth.set(self.depth.get() - 1);
        result
    }

    /// Runs one card's event handler. A card whose handler fails is undone alone (the game,
    /// the log and the payload as they were before it) and the error logged naming it: one
    /// broken card does not take the event, the action or the phase down with it. A stop the
    /// kernel asked for (an agent suspending or failing) still stops everything. A payload the
    /// handler may change is read back after it, and the next one hears a fresh copy: one left
    /// unreadable (a function in it, tables too deep) fails this handler, and nothing it hung
    /// on the table (a metatable) reaches the next.
    pub(super) fn card_handler(
        &self,
        card: CardId,
        hook: &str,
        f: &mlua::Function,
        table: &mlua::Table,
        frozen: bool,
    ) -> Result<Handled, HostError> {
        let lua = self.host.lua();
        let cp = self.checkpoint();
        // A frozen payload cannot change: nothing to keep to undo the handler's part of it.
        let payload: Option<Value> = if frozen {
            None
        } else {
            Some(
                mlua::FromLua::from_lua(mlua::Value::Table(table.clone()), lua)
                    .map_err(|e| HostError::Runtime(e.to_string()))?,
            )
        };
        let ctx = self.ctx(card, Value::Nil)?;
        let heard = self.host.call_contained(f, (ctx, table.clone())).and_then(|r| {
            if frozen {
                return Ok(Handled::Heard(r, None));
            }
            let unreadable = |e: mlua::Error| {
                let file =
                    self.st.borrow().card(card).and_then(|c| self.cards.get(&*c.def)).map(|c| c.def.file.clone());
                let file = file.unwrap_or_default();
                let e = e.to_string();
                let e = e.strip_prefix("runtime error: ").unwrap_or(&e);
                HostError::Runtime(format!(
                    "{file}: `{hook}` left its payload unreadable: {e} (a payload holds plain data)"
                ))
            };
            let now: Value = mlua::FromLua::from_lua(mlua::Value::Table(table.clone()), lua).map_err(unreadable)?;
            Ok(Handled::Heard(r, Some(into_table(lua, now)?)))
        });
        match heard {
            Ok(heard) => Ok(heard),
            Err(e) if self.interrupt.borrow().is_some() => Err(e),
            Err(e) => {
                self.restore(cp, AfterRestore::Keep);
                self.log_card_error(card, hook, &e);
                let Some(payload) = payload else { return Ok(Handled::Failed(table.clone())) };
                match mlua::IntoLua::into_lua(payload, lua) {
                    Ok(mlua::Value::Table(t)) => Ok(Handled::Failed(t)),
                    _ => Ok(Handled::Failed(lua.create_table().map_err(|e| HostError::Runtime(e.to_string()))?)),
                }
            }
        }
    }

    /// Asks card `card`'s predicate `hook` (a `can_` hook). One that fails is undone alone, its
    /// error logged naming the card, and it answers false: the card cannot, this time, and for
    /// the rest of the turn it answers false without running again (the error is logged once,
    /// not at every listing). A broken predicate costs its card, not the listing it was asked
    /// for (the player's other actions), nor the phase.
    pub(super) fn call_predicate(
        &self,
        card: CardId,
        hook: &str,
        f: &mlua::Function,
        ctx: mlua::Value,
        arg: Value,
    ) -> Result<Value, HostError> {
        let failed = |st: &GameState| st.turn.failed_hooks.iter().any(|(c, h)| *c == card && h == hook);
        if failed(&self.st.borrow()) {
            return Ok(Value::Bool(false));
        }
        let cp = self.checkpoint();
        match self.host.call_contained(f, (ctx, arg)) {
            Ok(r) => Ok(r),
            Err(e) if self.interrupt.borrow().is_some() => Err(e),
            Err(e) => {
                self.restore(cp, AfterRestore::Keep);
                self.log_card_error(card, hook, &e);
                // (no query answers with it: nothing the memo keeps is touched)
                self.st
                    .borrow_mut_touching(super::state_cell::Touch::NONE)
                    .turn
                    .failed_hooks
                    .push((card, hook.to_string()));
                Ok(Value::Bool(false))
            }
        }
    }

    /// Logs the error of card `card`'s hook, naming the card.
    fn log_card_error(&self, card: CardId, hook: &str, e: &HostError) {
        let def = self.st.borrow().card(card).map(|c| c.def.clone()).unwrap_or_default();
        self.log_event(
            "error",
            convert::map(vec![
                ("during", hook.into()),
                ("card", Value::Int(card as i64)),
                ("def", (*def).into()),
                ("message", e.message().into()),
            ]),
        );
    }

    pub(super) fn dispatch_inner(
        &self,
        hook: &str,
        payload: Value,
        can_cancel: bool,
    ) -> Result<Option<Value>, HostError> {
        let lua = self.host.lua();
        let rules_hook = self.rules_fn(hook);
        let subject = payload.get("card").and_then(Value::as_int).map(|c| c as CardId);
        // The cards in play that have a handler for it. They are read after the ruleset's
        // handler, which may change who is in play.
        let hooked = || -> Vec<(CardId, mlua::Function)> {
            // (no card has this hook: nobody to look for)
            if !self.hooks_by_name.contains_key(hook) {
                return Vec::new();
            }
            self.listeners(subject).into_iter().filter_map(|c| self.card_hook(c, hook).map(|f| (c, f))).collect()
        };
        let early = if rules_hook.is_none() { Some(hooked()) } else { None };
        // Most events have nobody listening: then the payload never goes to Lua at all.
        if early.as_ref().is_some_and(Vec::is_empty) {
            // (as the handlers would have left it: a payload before the fact is a table)
            return Ok(Some(if can_cancel && payload.is_nil() { Value::map() } else { payload }));
        }
        // After an event, handlers hear it and cannot change it: the payload is frozen, so no
        // handler needs a copy of it to be undone, and none can alter what the next one hears.
        let heard_only = !can_cancel;
        let data = if payload.is_nil() { Value::map() } else { payload.clone() };
        let table = if heard_only { into_table(lua, crate::value::Frozen(data))? } else { into_table(lua, data)? };
        if let Some(f) = rules_hook {
            let game = self.game.borrow().clone();
            let r: mlua::Value = self.host.call(&f, (game, table.clone()))?;
            if can_cancel && r == mlua::Value::Boolean(false) {
                return Ok(None);
            }
        }
        let mut table = table;
        for (card, f) in early.unwrap_or_else(hooked) {
            match self.card_handler(card, hook, &f, &table, heard_only)? {
                Handled::Heard(r, fresh) => {
                    if can_cancel && r == mlua::Value::Boolean(false) {
                        return Ok(None);
                    }
                    if let Some(fresh) = fresh {
                        table = fresh;
                    }
                }
                Handled::Failed(payload) => table = payload,
            }
        }
        if heard_only {
            return Ok(Some(payload));
        }
        let out: Value =
            mlua::FromLua::from_lua(mlua::Value::Table(table), lua).map_err(|e| HostError::Runtime(e.to_string()))?;
        Ok(Some(out))
    }
}

/// A value given to Lua that must be a table (an event's payload).
fn into_table(lua: &mlua::Lua, v: impl mlua::IntoLua) -> Result<mlua::Table, HostError> {
    match v.into_lua(lua).map_err(|e| HostError::Runtime(e.to_string()))? {
        mlua::Value::Table(t) => Ok(t),
        other => Err(HostError::Runtime(format!("an event payload must be a table, got {}", other.type_name()))),
    }
}
