//! The turn machine: turns and phases, loop phases asking for actions, guarded steps that go
//! back to their checkpoint when a script fails or an agent has no answer yet.

use super::state_cell::Touch;
use super::*;
use crate::ruleset::Actor;

impl Engine {
    /// Runs one guarded step. Ok(true) = done, Ok(false) = it failed and was undone.
    pub(super) fn guarded(&self, what: &str, body: impl FnOnce() -> Result<(), HostError>) -> Result<bool, Outcome> {
        let cp = self.checkpoint();
        let result = body();
        let interrupt = self.k.interrupt.borrow_mut().take();
        match (result, interrupt) {
            (Ok(()), None) => Ok(true),
            (_, Some(Interrupt::Suspend(req))) => {
                self.keep_question_view(&cp);
                self.restore(cp, AfterRestore::Replay);
                Err(Outcome::Suspended(req))
            }
            (_, Some(Interrupt::Fail(msg))) => {
                self.restore(cp, AfterRestore::Drop);
                Err(Outcome::AgentFailed(msg))
            }
            (Err(e), None) => {
                self.restore(cp, AfterRestore::Keep);
                let msg = self.explain(e);
                self.k.log_event("error", convert::map(vec![("during", what.into()), ("message", msg.into())]));
                Ok(false)
            }
        }
    }

    /// Runs the game until it is over, an agent suspends, or `max_turns` turns have started.
    pub fn run(&self, max_turns: Option<u64>) -> Outcome {
        *self.k.view.borrow_mut() = None;
        loop {
            if let Some(r) = self.k.st.borrow().result.clone() {
                return Outcome::Over(r);
            }
            if let Err(outcome) = self.step(max_turns, false) {
                return outcome;
            }
        }
    }

    /// One step of the turn machine.
    pub(super) fn step(&self, max_turns: Option<u64>, stop_at_action: bool) -> Result<StepResult, Outcome> {
        if !self.k.st.borrow().set_up {
            // The setup waited for an answer (load.rs, run_setup): it runs again first.
            return match self.run_setup() {
                Ok(None) => Ok(StepResult::Continue),
                Ok(Some(req)) => Err(Outcome::Suspended(req)),
                Err(m) => Err(Outcome::AgentFailed(m)),
            };
        }
        let phases = self.k.ruleset.file.phases.clone();
        let (started, index, number) = {
            let st = self.k.st.borrow();
            (st.turn.started, st.turn.phase_index, st.turn.number)
        };
        if !started {
            if max_turns.is_some_and(|m| number >= m) {
                return Err(Outcome::TurnLimit);
            }
            // The turn begins inside the guarded step: a question asked by a turn_start handler
            // re-runs the whole beginning once answered.
            let begun = self.guarded("turn_start", || {
                self.begin_turn();
                self.k.dispatch_after("turn_start", Value::Nil)
            })?;
            if !begun {
                self.begin_turn(); // the failed handler is undone; the turn starts without it
            }
            return Ok(StepResult::Continue);
        }
        if index >= phases.len() {
            self.guarded("turn_end", || self.k.dispatch_after("turn_end", Value::Nil))?;
            self.next_turn();
            return Ok(StepResult::Continue);
        }
        let phase = &phases[index];
        if self.k.st.borrow().turn.phase != phase.name {
            let enter = || {
                self.enter_phase(&phase.name);
                self.k.dispatch_after("phase_start", phase_payload(&phase.name))
            };
            if !self.guarded("phase_start", enter)? {
                self.enter_phase(&phase.name);
            }
            return Ok(StepResult::Continue);
        }
        let rules = self.rules();
        let game = self.k.game.borrow().clone().expect("game object installed");
        if !phase.action_loop {
            let f = match rules.raw_get::<mlua::Value>("phases") {
                Ok(mlua::Value::Table(t)) => t.raw_get::<Option<mlua::Function>>(phase.name.as_str()).ok().flatten(),
                _ => None,
            };
            if let Some(f) = f {
                self.guarded(&phase.name, || self.k.host.call::<_, ()>(&f, game.clone()))?;
            }
            return self.leave_phase(&phase.name);
        }
        if self.k.st.borrow().turn.phase_over || self.k.st.borrow().result.is_some() {
            return self.leave_phase(&phase.name);
        }
        if self.k.st.borrow().turn.actions >= crate::state::MAX_PHASE_ACTIONS {
            // A phase that never ends: cut it short, and say so.
            let message = format!(
                "phase `{}` took {} actions without ending: ended (does the ruleset's loop ever end it?)",
                phase.name,
                crate::state::MAX_PHASE_ACTIONS
            );
            self.k.log_event(
                "error",
                convert::map(vec![("during", phase.name.as_str().into()), ("message", message.into())]),
            );
            self.k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
            return Ok(StepResult::Continue);
        }
        if phase.actor == Actor::Rules && !self.k.st.borrow().turn.actor_named {
            // Who acts next is a step of its own (the rules may roll for it), before anyone
            // is asked, so a front end waiting for an action knows whose it is.
            if !self.guarded("next_actor", || self.name_actor(&phase.name))? {
                self.k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
            }
            return Ok(StepResult::Continue);
        }
        if stop_at_action {
            return Ok(StepResult::AwaitingAction);
        }
        self.action_step(&phase.name, None)?;
        Ok(StepResult::Continue)
    }

    /// `rules.next_actor(game, phase)`: the seat it names acts next; nil ends the phase.
    fn name_actor(&self, phase: &str) -> Result<(), HostError> {
        let game = self.k.game.borrow().clone().expect("game object installed");
        let next = self.k.rules_fn("next_actor").expect("checked at load");
        let named: Option<i64> = self.k.host.call(&next, (game, phase))?;
        let seats = self.k.st.borrow().players.len() as i64;
        let mut st = self.k.st.borrow_mut_touching(Touch::TURN);
        match named {
            None => st.turn.phase_over = true,
            Some(p) if (0..seats).contains(&p) => {
                st.turn.active = p as PlayerId;
                st.turn.actor_named = true;
            }
            Some(p) => {
                return Err(HostError::Runtime(format!(
                    "rules.next_actor named seat {p} in phase `{phase}`: the seats are 0 to {}",
                    seats - 1
                )))
            }
        }
        Ok(())
    }

    /// The ruleset's list of the active player's actions, as Lua gave it.
    fn listing(&self) -> Result<mlua::Value, HostError> {
        let game = self.k.game.borrow().clone().expect("game object installed");
        let actions = self.k.rules_fn("actions").expect("checked at load");
        let player = self.k.st.borrow().turn.active;
        self.k.host.call(&actions, (game, player))
    }

    /// How an action that failed is remembered for the rest of the turn: by its key, and in a
    /// turn every seat shares by the seat that tried it too (another seat's action of the same
    /// key is still offered).
    fn failed_key(&self, key: &str) -> String {
        if self.k.ruleset.file.turn.shared {
            format!("{}:{key}", self.k.st.borrow().turn.active)
        } else {
            key.to_string()
        }
    }

    /// The options of a listing, less the actions that failed this turn; with `words`, the
    /// labels the ruleset makes on demand too (`labels_of`), else such an option's label is
    /// its key.
    fn choices(&self, list: mlua::Value, words: bool) -> Result<Vec<crate::decision::Choice>, HostError> {
        let labels = if words { self.labels_of(&list)? } else { Vec::new() };
        let list: Value =
            mlua::FromLua::from_lua(list, self.k.host.lua()).map_err(|e| HostError::Runtime(e.to_string()))?;
        let failed = self.k.st.borrow().turn.failed.clone();
        match list {
            Value::List(items) => Ok(items
                .into_iter()
                .map(api::choice_from_value)
                .collect::<Result<Vec<_>, String>>()
                .map_err(HostError::Runtime)?
                .into_iter()
                .zip(labels.into_iter().chain(std::iter::repeat(None)))
                .map(|(mut c, words)| {
                    if let (Some(words), None) = (words, c.value.get("label")) {
                        c.label = words;
                    }
                    c
                })
                .filter(|c| !failed.contains(&self.failed_key(&c.key)))
                .collect()),
            // (an empty Lua table is no more a list than a map: nothing to do)
            Value::Nil => Ok(Vec::new()),
            Value::Map(m) if m.is_empty() => Ok(Vec::new()),
            other => Err(HostError::Runtime(format!("rules.actions must return a list, got {other}"))),
        }
    }

    /// The words of a listing's options, for an agent that reads labels: the ruleset's
    /// optional `rules.label_actions(game, player, list)` answers, for each action in turn, a
    /// label (a string) for one listed without, or false. A listing may leave labels to it,
    /// so that a bot (records unread, or weighed without their words) costs no words. It may
    /// only read: a call that changed the game is undone and refused.
    fn labels_of(&self, list: &mlua::Value) -> Result<Vec<Option<String>>, HostError> {
        let Some(label) = self.k.rules_fn("label_actions") else { return Ok(Vec::new()) };
        let game = self.k.game.borrow().clone().expect("game object installed");
        let player = self.k.st.borrow().turn.active;
        let cp = self.checkpoint();
        let before = self.k.footprint();
        let r = self.k.host.call::<_, Vec<mlua::Value>>(&label, (game, player, list.clone()));
        if self.k.footprint() != before {
            self.restore(cp, AfterRestore::Drop);
            return Err(HostError::Runtime("rules.label_actions changed the game: it may only read".into()));
        }
        r?.into_iter()
            .map(|v| match v {
                mlua::Value::String(s) => {
                    Ok(Some(s.to_str().map_err(|e| HostError::Runtime(e.to_string()))?.to_string()))
                }
                mlua::Value::Boolean(false) | mlua::Value::Nil => Ok(None),
                other => Err(HostError::Runtime(format!(
                    "rules.label_actions: a label is a string (or false for none), not a {}",
                    other.type_name()
                ))),
            })
            .collect()
    }

    /// The options of a listing with their keys alone (engine/listing.rs), for an agent that
    /// picks by position: each with its place in the Lua list and whether it passes. None if
    /// the listing is anything unusual (`choices` then says what is wrong).
    fn keyed_choices(&self, list: &mlua::Value) -> Option<KeyedOptions> {
        let mlua::Value::Table(t) = list else { return None };
        let keys = self.k.option_keys_of(t)?;
        let failed = self.k.st.borrow().turn.failed.clone();
        let mut out = KeyedOptions { options: Vec::new(), at: Vec::new(), pass: Vec::new() };
        for (i, o) in keys.into_iter().enumerate() {
            if !failed.contains(&self.failed_key(&o.key)) {
                out.options.push(crate::decision::Choice { key: o.key, label: String::new(), value: Value::Nil });
                out.at.push(i + 1);
                out.pass.push(o.pass);
            }
        }
        Some(out)
    }

    /// One action of a loop phase: chosen by the agent, or `given` (the REPL, a test).
    pub(super) fn action_step(&self, phase: &str, given: Option<&str>) -> Result<bool, Outcome> {
        let game = self.k.game.borrow().clone().expect("game object installed");
        let perform = self.k.rules_fn("perform").expect("checked at load");
        let player = self.k.st.borrow().turn.active;
        let mut chosen_key = String::new();
        let mut refused = None;
        let done = self.guarded(phase, || {
            let (list, kept_keys) = match self.k.pending.borrow_mut().take().filter(|p| p.at == self.k.footprint()) {
                Some(kept) => (kept.list, kept.keyed),
                None => (self.listing()?, None),
            };
            // A given key, or an agent that picks by position, needs the keys alone (the
            // records stay unread but the chosen one).
            let keyed = if given.is_some() || !self.k.agent.borrow().reads_options(player) {
                kept_keys.or_else(|| self.keyed_choices(&list))
            } else {
                None
            };
            if keyed.is_some() && cfg!(debug_assertions) {
                // (The options' records, unread for an agent that picks by position, are read in
                // debug builds to check what they name: a ruleset that offers a card its seat
                // cannot see fails its tests with any agent, not only with one that reads.)
                let whole = self.choices(list.clone(), true)?;
                self.k.check_options(player, "action", &whole).map_err(|i| self.k.interrupt_host(i))?;
            }
            let (options, keyed) = match keyed {
                Some(k) => (k.options, Some((k.at, k.pass))),
                None => {
                    // (the words only for an agent that reads them, or to show where a replay
                    // diverges)
                    let words = self.k.agent.borrow().reads_labels(player) || !self.k.replay.borrow().is_empty();
                    (self.choices(list.clone(), words)?, None)
                }
            };
            if options.is_empty() {
                self.k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
                return Ok(());
            }
            let mut req = Request::one(player, "action", "What do you do?", options);
            // An action flagged `pass = true` is the "do nothing more" answer (end the phase).
            let pass = match &keyed {
                Some((_, pass)) => pass.iter().position(|&p| p),
                None => req.options.iter().position(|c| matches!(c.value.get("pass"), Some(Value::Bool(true)))),
            };
            req.pass = pass.map(|i| req.options[i].key.clone());
            let keys = match given {
                None => self.k.ask(&req).map_err(|i| self.k.interrupt_host(i))?,
                Some(key) => {
                    if let Err(e) = req.resolve(&[key.to_string()]) {
                        refused = Some(e);
                        return Ok(());
                    }
                    self.k.record_answer(&req, vec![key.to_string()]);
                    vec![key.to_string()]
                }
            };
            chosen_key = keys[0].clone();
            // (no query answers with it: nothing the memo keeps is touched)
            self.k.st.borrow_mut_touching(Touch::NONE).turn.actions += 1;
            let at = req.options.iter().position(|c| c.key == chosen_key).expect("resolved");
            let mut action = match (&keyed, &list) {
                // (only the chosen record is read)
                (Some((places, _)), mlua::Value::Table(t)) => {
                    t.raw_get::<Value>(places[at]).map_err(|e| HostError::Runtime(e.to_string()))?
                }
                _ => req.options.swap_remove(at).value,
            };
            action.set("key", chosen_key.as_str().into());
            let ended: Option<bool> = self.k.host.call(&perform, (game.clone(), player, action))?;
            if ended == Some(true) {
                self.k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
            }
            Ok(())
        })?;
        if let Some(e) = refused {
            return Err(Outcome::AgentFailed(e));
        }
        if self.k.st.borrow().turn.actor_named {
            // (the rules name the actor again for the next action)
            self.k.st.borrow_mut_touching(Touch::TURN).turn.actor_named = false;
        }
        if !done && !chosen_key.is_empty() {
            // The action broke: the game is as before it; don't offer it again this turn.
            let failed = self.failed_key(&chosen_key);
            self.k.st.borrow_mut_touching(Touch::TURN).turn.failed.push(failed);
        } else if !done {
            // The ruleset itself failed to list actions: end the phase rather than loop.
            self.k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
        }
        Ok(done)
    }

    /// Runs the turn machine until the active player must choose an action (returns None), or
    /// the game stops for another reason.
    pub fn run_until_action(&self, max_turns: Option<u64>) -> Option<Outcome> {
        *self.k.view.borrow_mut() = None;
        loop {
            if let Some(r) = self.k.st.borrow().result.clone() {
                return Some(Outcome::Over(r));
            }
            match self.step(max_turns, true) {
                Ok(StepResult::AwaitingAction) => return None,
                Ok(StepResult::Continue) => {}
                Err(o) => return Some(o),
            }
        }
    }

    /// Puts the game at the start of `phase` (a phase name) of `player`'s turn, turn-start
    /// events skipped: for tests and experiments that set up a position by hand.
    pub fn force_turn(&self, player: u32, phase: &str) -> Result<(), String> {
        let index = self
            .k
            .ruleset
            .file
            .phases
            .iter()
            .position(|p| p.name == phase)
            .ok_or_else(|| format!("ruleset {} has no phase `{phase}`", self.k.ruleset.file.name))?;
        let mut st = self.k.st.borrow_mut_touching(Touch::TURN.and(Touch::ORDER));
        if player as usize >= st.players.len() {
            return Err(format!("no player {player}"));
        }
        st.turn.active = player;
        st.turn.number += 1;
        st.turn.started = true;
        st.turn.phase_index = index;
        st.turn.phase = phase.to_string();
        st.turn.phase_over = false;
        st.turn.failed.clear();
        st.turn.failed_hooks.clear();
        st.turn.actions = 0;
        st.turn.vars = Value::map();
        Ok(())
    }

    /// The actions the active player may take now, if the game waits for one.
    pub fn pending_actions(&self) -> Result<Vec<crate::decision::Choice>, String> {
        let list = self.pending_listing()?;
        self.choices(list, true).map_err(|e| self.explain(e))
    }

    /// The keys of the actions the active player may take now (`pending_actions` without the
    /// records read: what a search needs to choose one).
    pub fn pending_keys(&self) -> Result<Vec<String>, String> {
        let list = self.pending_listing()?;
        let Some(keyed) = self.keyed_choices(&list) else {
            return Ok(self.choices(list, false).map_err(|e| self.explain(e))?.into_iter().map(|c| c.key).collect());
        };
        let keys = keyed.options.iter().map(|c| c.key.clone()).collect();
        if let Some(kept) = self.k.pending.borrow_mut().as_mut() {
            kept.keyed = Some(keyed);
        }
        Ok(keys)
    }

    /// The ruleset's listing of the actions now, kept for the action step that may follow
    /// (`Kernel::pending`) when making it changed nothing.
    fn pending_listing(&self) -> Result<mlua::Value, String> {
        let cp = self.checkpoint();
        let before = self.k.footprint();
        // Listing must not change the game; undo anything a careless script did.
        let r = self.listing().map_err(|e| self.explain(e));
        let quiet = self.k.footprint() == before;
        self.restore(cp, AfterRestore::Drop);
        let list = r?;
        // (a listing that did anything, even undone, is made again with the action)
        *self.k.pending.borrow_mut() = quiet.then(|| Pending { at: before, list: list.clone(), keyed: None });
        Ok(list)
    }

    /// Takes one of the pending actions, as if the active player had chosen it. Ok(false) when
    /// it failed (a script error: the game is as before, and the error is in the log).
    pub fn take_action(&self, key: &str) -> Result<bool, Outcome> {
        *self.k.view.borrow_mut() = None;
        let phase = self.k.st.borrow().turn.phase.clone();
        self.action_step(&phase, Some(key))
    }

    pub(super) fn begin_turn(&self) {
        let mut st = self.k.st.borrow_mut_touching(Touch::TURN);
        st.turn.number += 1;
        st.turn.started = true;
        st.turn.phase_index = 0;
        st.turn.phase_over = false;
        st.turn.failed.clear();
        st.turn.failed_hooks.clear();
        st.turn.actions = 0;
        st.turn.vars = Value::map();
        let (n, a) = (st.turn.number, st.turn.active);
        drop(st);
        let mut about = vec![("number", Value::Int(n as i64))];
        if !self.k.ruleset.file.turn.shared {
            about.push(("player", Value::Int(a as i64))); // (a shared turn is no one seat's)
        }
        self.k.log_event("turn", convert::map(about));
    }

    pub(super) fn enter_phase(&self, name: &str) {
        let mut st = self.k.st.borrow_mut_touching(Touch::TURN);
        st.turn.phase = name.to_string();
        st.turn.phase_over = false;
        st.turn.actions = 0;
        st.turn.actor_named = false;
    }

    /// The phase is over: `phase_end` handlers hear it, then the next phase comes.
    pub(super) fn leave_phase(&self, name: &str) -> Result<StepResult, Outcome> {
        let left = self.guarded("phase_end", || {
            self.advance_phase();
            self.k.dispatch_after("phase_end", phase_payload(name))
        })?;
        if !left {
            self.advance_phase();
        }
        Ok(StepResult::Continue)
    }

    pub(super) fn advance_phase(&self) {
        let mut st = self.k.st.borrow_mut_touching(Touch::TURN);
        st.turn.phase_index += 1;
        st.turn.phase_over = false;
    }

    pub(super) fn next_turn(&self) {
        let mut st = self.k.st.borrow_mut_touching(Touch::TURN.and(Touch::ORDER));
        if self.k.ruleset.file.turn.shared {
            // A turn of all seats: no seat to pass to; each turn is a round.
            st.turn.round += 1;
            st.turn.started = false;
            st.turn.phase.clear();
            return;
        }
        // An extra turn comes first; seat order then resumes from the player it was given after.
        while !st.turn.extra_turns.is_empty() {
            let p = st.turn.extra_turns.remove(0);
            if st.players.get(p as usize).is_some_and(|pl| pl.alive) {
                if st.turn.resume_after.is_none() {
                    st.turn.resume_after = Some(st.turn.active);
                }
                st.turn.active = p;
                st.turn.started = false;
                st.turn.phase.clear();
                return;
            }
        }
        if let Some(r) = st.turn.resume_after.take() {
            st.turn.active = r;
        }
        let n = st.players.len() as u32;
        let mut next = st.turn.active;
        for _ in 0..n {
            next = (next + 1) % n;
            if next == st.turn.first {
                st.turn.round += 1;
            }
            if st.players[next as usize].alive {
                break;
            }
        }
        st.turn.active = next;
        st.turn.started = false;
        st.turn.phase.clear();
    }
}

/// A listing of the actions kept for the action step that follows it (`Kernel::pending`): the
/// game's footprint when it was made, the Lua list, and its keys once worked out.
pub(super) struct Pending {
    at: super::Footprint,
    list: mlua::Value,
    keyed: Option<KeyedOptions>,
}

/// A listing's options keyed for an agent that picks by position (`keyed_choices`): each one's
/// place in the Lua list and whether it passes, beside it.
struct KeyedOptions {
    options: Vec<crate::decision::Choice>,
    at: Vec<usize>,
    pass: Vec<bool>,
}
