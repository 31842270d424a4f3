//! Checkpoints and the decision channel: going back to a checkpoint, asking agents (replayed
//! answers first), recording answers.

use super::*;

impl Kernel {
    pub(super) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            state: self.st.save(),
            log: self.log.borrow().len(),
            answers: self.answers.borrow().len(),
            held: self.held.get(),
        }
    }

    /// What a step leaves behind (`Footprint`).
    pub(super) fn footprint(&self) -> super::Footprint {
        super::Footprint {
            changes: self.st.changes(),
            log: self.log.borrow().len(),
            answers: self.answers.borrow().len(),
            held: self.held.get(),
        }
    }

    /// Undoes everything since `c`. What becomes of the answers given since depends on why.
    pub(super) fn restore(&self, c: Checkpoint, answers: AfterRestore) {
        self.st.restore(c.state);
        self.held.set(c.held);
        let undone: Vec<LogEntry> = self.log.borrow_mut().drain(c.log..).collect();
        match answers {
            AfterRestore::Replay => {
                let later: Vec<Answered> = self.answers.borrow_mut().drain(c.answers..).collect();
                let mut replay = self.replay.borrow_mut();
                for a in later.into_iter().rev() {
                    replay.push_front(a);
                }
            }
            AfterRestore::Keep => {
                // The answers stay in the record (a replay meets the same failure at the same
                // point), and so do their log lines.
                self.log.borrow_mut().extend(undone.into_iter().filter(|l| l.event == "answer"));
            }
            AfterRestore::Drop => {
                self.answers.borrow_mut().truncate(c.answers);
            }
        }
    }

    /// The kernel is to keep `bytes` more of a script's data (a log entry, a var): counted
    /// with the Lua state's memory against the memory cap, so a script cannot hold more through
    /// the kernel than it could itself. Past the cap the running script stops with a memory
    /// error at its line (the step is undone, this count with it). A value that replaces
    /// another frees what the other held (`freed`).
    pub(super) fn hold(&self, bytes: usize, freed: usize) -> Result<(), HostError> {
        let held = self.held.get().saturating_sub(freed).saturating_add(bytes);
        let cap = self.host.limits().memory_bytes;
        if self.host.lua().used_memory().saturating_add(held) > cap {
            return Err(self.host.out_of_memory(&format!(
                " (the kernel holds {held} bytes of this game's script data: log entries, vars, card data)"
            )));
        }
        self.held.set(held);
        Ok(())
    }

    /// The options of a request (`kind`) to seat `player` may show him no card he cannot see:
    /// an option naming one (its `card`, `cards` or `boost`) would tell him where it lies and,
    /// by its id, what it is. A card a spell lets him look at is shown to him first
    /// (`game:reveal`).
    pub(super) fn check_options(
        &self,
        player: u32,
        kind: &str,
        options: &[crate::decision::Choice],
    ) -> Result<(), Interrupt> {
        let viewer = crate::view::Viewer::Seat(player);
        let vis = &self.ruleset.file.visibility;
        let st = self.st.borrow();
        let unseen =
            |v: &Value| v.as_int().and_then(|c| u32::try_from(c).ok()).filter(|&c| !vis.sees_card(&st, c, viewer));
        for option in options {
            let named =
                crate::decision::CARD_FIELDS.into_iter().filter_map(|f| option.value.get(f)).filter_map(unseen).next();
            let listed = match option.value.get("cards") {
                Some(Value::List(cards)) => cards.iter().find_map(unseen),
                _ => None,
            };
            if let Some(c) = named.or(listed) {
                return Err(Interrupt::Fail(format!(
                    "request `{}` to {} offers `{}`, naming card #{c}, which {} cannot see (a card shown to \
                     him is revealed first: game:reveal)",
                    kind,
                    crate::cli::wizard_glyph(player),
                    option.key,
                    crate::cli::wizard_glyph(player)
                )));
            }
        }
        Ok(())
    }

    /// Asks for a decision: from the replay queue first, else from the agent.
    pub(super) fn ask(&self, req: &Request) -> Result<Vec<String>, Interrupt> {
        if req.options.is_empty() {
            return Err(Interrupt::Fail(format!("request `{}` has no legal answer", req.kind)));
        }
        self.check_options(req.player, &req.kind, &req.options)?;
        if req.is_forced() {
            return Ok(vec![req.options[0].key.clone()]);
        }
        let from_replay = self.replay.borrow_mut().pop_front();
        let keys = match from_replay {
            Some(a) => {
                if a.player != req.player {
                    return Err(Interrupt::Fail(format!(
                        "replay diverged: the saved answer is {}'s `{}`, but {} is asked `{}`",
                        crate::cli::wizard_glyph(a.player),
                        a.kind,
                        crate::cli::wizard_glyph(req.player),
                        req.kind
                    )));
                }
                if let Err(e) = req.resolve(&a.keys) {
                    return Err(Interrupt::Fail(format!("replay diverged: {e}")));
                }
                a.keys
            }
            None => {
                // A person may think as long as he likes: the script waiting for him is not slow.
                // The agent sees the game as its seat does: the view is made if it looks.
                let vis = &self.ruleset.file.visibility;
                let viewer = crate::view::Viewer::Seat(req.player);
                let make = || crate::view::view_of(&self.st.borrow(), vis, viewer);
                let make_field = || crate::view::field_view(&self.st.borrow(), viewer);
                let make_log = || crate::view::log_view(&self.log.borrow(), viewer);
                let sight = crate::decision::Sight::new(&make, &make_field, &make_log);
                let d = self.host.off_the_clock(|| {
                    let mut agent = self.agent.borrow_mut();
                    if agent.omniscient(req.player) {
                        agent.decide_omniscient(req, &sight, &self.st.borrow())
                    } else {
                        agent.decide_seeing(req, &sight)
                    }
                });
                match d {
                    Decision::Answer(keys) => {
                        req.resolve(&keys).map_err(Interrupt::Fail)?;
                        keys
                    }
                    Decision::Suspend => return Err(Interrupt::Suspend(req.clone())),
                    Decision::Fail(m) => return Err(Interrupt::Fail(m)),
                }
            }
        };
        self.record_answer(req, keys.clone());
        Ok(keys)
    }

    /// Adds an answer to the record and the log.
    pub(super) fn record_answer(&self, req: &Request, keys: Vec<String>) {
        self.answers.borrow_mut().push(Answered { player: req.player, kind: req.kind.clone(), keys: keys.clone() });
        // (an answer is its player's: what it says to others, the events that follow say)
        self.log_for(
            "answer",
            convert::map(vec![
                ("player", Value::Int(req.player as i64)),
                ("kind", req.kind.as_str().into()),
                ("keys", Value::List(keys.iter().map(|k| k.as_str().into()).collect())),
            ]),
            Some(vec![req.player]),
        );
    }

    /// Stops the running script because of an interrupt; returns the error to raise.
    pub(super) fn interrupt_host(&self, i: Interrupt) -> HostError {
        let reason = match &i {
            Interrupt::Suspend(r) => {
                format!("waiting for {} to answer `{}`", crate::cli::wizard_glyph(r.player), r.kind)
            }
            Interrupt::Fail(m) => m.clone(),
        };
        *self.interrupt.borrow_mut() = Some(i);
        let e = HostError::Aborted(reason);
        self.host.abort(e.clone());
        e
    }
}
