//! The commands that only look at the game: whose view the session shows (`as`, and the
//! banner and prompt that say so), a seat's view (`view`), the state (`state`), the actions on
//! offer (`actions`), a card's text or file (`card`) and the card tests (`test`). None of them
//! takes a step.

use super::experiment::{find_card, parse_player};
use super::show::{card_list, card_names, card_text, options_text, request_text, who};
use super::{options_text_of, Repl};
use crate::cli::summary;
use crate::engine::{Engine, Outcome};
use crate::state::GameState;
use crate::testing::run_card_tests_with;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

impl Repl {
    /// Runs `f` on the game as the player asked sees it (see [`Engine::with_view`]), as the
    /// session's viewer sees it (`as SEAT`; a banner says whose view it is, but the referee's).
    pub(super) fn view(
        &self,
        f: impl FnOnce(&Engine, &GameState, &BTreeMap<String, String>) -> String,
    ) -> Result<String, String> {
        let engine = self.engine_ref()?;
        let names = card_names(engine.card_defs());
        if self.viewer == crate::view::Viewer::Referee {
            return Ok(engine.with_view(|st| f(engine, st, &names)));
        }
        let seen = engine.seat_view(self.viewer);
        Ok(format!("{}\n{}", self.banner(), f(engine, &seen.state, &names)))
    }

    /// Whose view the session shows (`as SEAT`), as a line above what it shows.
    fn banner(&self) -> String {
        format!("[as {}: the game as {} sees it; `as referee` shows everything]", self.viewer, self.viewer)
    }

    /// The prompt: whose view the session shows, where it is not the referee's.
    pub fn prompt(&self) -> String {
        match self.viewer {
            crate::view::Viewer::Referee => "wizwar> ".into(),
            viewer => format!("wizwar as {viewer}> "),
        }
    }

    /// `as SEAT` or `as referee`: whose view the commands show, and for whom `act` and
    /// `answer` answer.
    pub(super) fn cmd_as(&mut self, rest: &str) -> Result<String, String> {
        self.viewer = match rest {
            "" => return Ok(format!("the session shows the game as {} sees it", self.viewer)),
            "referee" => crate::view::Viewer::Referee,
            "public" | "spectator" => crate::view::Viewer::Public,
            seat => crate::view::Viewer::Seat(parse_player(seat, self.engine_ref()?)?),
        };
        Ok(match self.viewer {
            crate::view::Viewer::Referee => "as the referee: everything is shown".into(),
            _ => format!("{}\n{}", self.banner(), self.pending_text()),
        })
    }

    /// `view SEAT [--json]`: the game as seat SEAT (or `public`, `referee`) sees it: the state
    /// with what he may not know taken out, in words or as JSON.
    pub(super) fn cmd_view(&self, rest: &str) -> Result<String, String> {
        let (who_, json) = match rest.strip_suffix("--json") {
            Some(r) => (r.trim(), true),
            None => (rest, false),
        };
        let engine = self.engine_ref()?;
        let viewer = match who_ {
            "" => return Err("usage: view SEAT [--json] (SEAT: A, B... or public, referee)".into()),
            "referee" => crate::view::Viewer::Referee,
            "public" | "spectator" => crate::view::Viewer::Public,
            seat => crate::view::Viewer::Seat(parse_player(seat, engine)?),
        };
        let seen = engine.seat_view(viewer);
        if json {
            return serde_json::to_string_pretty(&seen).map_err(|e| e.to_string());
        }
        let names = card_names(engine.card_defs());
        let st = &seen.state;
        let mut out = format!("the game as {viewer} sees it:\n{}", summary(st));
        for p in st.players.iter() {
            let cards = if p.hand.is_empty() { "(none)".to_string() } else { card_list(st, &names, &p.hand) };
            out.push_str(&format!("hand of {}:\n{cards}\n", who(st, p.id)));
        }
        for (pile, cards) in st.piles.iter() {
            out.push_str(&format!("pile {pile}: {} card(s)\n", cards.len()));
        }
        Ok(out.trim_end().to_string())
    }

    pub(super) fn cmd_state(&self) -> Result<String, String> {
        let g = self.game_ref()?;
        let pending = self.pending_text();
        let mut out = g.engine().with_view(|st| {
            let active = &st.players[st.turn.active as usize];
            let mut out = format!(
                "ruleset {}, seed {}{}, {} step(s) taken\n{}turn {} (round {}), {} to play, phase {}\n",
                g.setup.ruleset,
                g.setup.seed,
                options_text_of(&g.setup),
                g.run.steps.len(),
                summary(st),
                st.turn.number,
                st.turn.round,
                who(st, active.id),
                if st.turn.phase.is_empty() { "-" } else { &st.turn.phase },
            );
            if !st.stack.is_empty() {
                out.push_str(&format!("the stack holds {} entr(ies): see `stack`\n", st.stack.len()));
            }
            out
        });
        if !g.run.pending.is_empty() {
            out.push_str(&format!(
                "{} step(s) pending, not applied (see `steps`; `reload` retries them)\n",
                g.run.pending.len()
            ));
        }
        out.push_str(&pending);
        Ok(out)
    }

    pub(super) fn cmd_actions(&self, filter: &str) -> Result<String, String> {
        let g = self.game_ref()?;
        let req = match g.outcome() {
            Outcome::Suspended(req) if !self.asks_another(req) => req,
            _ => return Ok(self.pending_text()),
        };
        if req.kind != "action" {
            return Ok(format!(
                "no action is pending; the game waits for this answer:\n{}",
                self.request_shown(req, true)
            ));
        }
        if filter.is_empty() {
            return Ok(request_text(req, true));
        }
        let f = filter.to_lowercase();
        let list = options_text(req, |c| c.key.to_lowercase().contains(&f) || c.label.to_lowercase().contains(&f));
        if list.is_empty() {
            return Err(format!("no action matches `{filter}` ({} actions: `actions` lists them)", req.options.len()));
        }
        Ok(format!("actions matching `{filter}`:{list}"))
    }

    pub(super) fn cmd_card(&self, rest: &str) -> Result<String, String> {
        let engine = self.engine_ref()?;
        if rest.is_empty() {
            return Ok(engine.card_defs().map(|d| format!("  {} ({})", d.name, d.key)).collect::<Vec<_>>().join("\n"));
        }
        let defs: Vec<_> = engine.card_defs().collect();
        // `card NAME source`: the file itself.
        if let Some(name) = rest.strip_suffix(" source").filter(|n| find_card(&defs, n).is_ok()) {
            let d = find_card(&defs, name)?;
            let path = self.root.join(&d.file);
            return std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()));
        }
        Ok(card_text(find_card(&defs, rest)?))
    }

    pub(super) fn cmd_test(&self, rest: &str) -> Result<String, String> {
        let ruleset = self.setup().map_or_else(|| self.defaults.ruleset.clone(), |s| s.ruleset.clone());
        let filter = if rest.is_empty() { None } else { Some(rest) };
        let results = run_card_tests_with(&self.root, &ruleset, filter, Some(&self.interrupt))?;
        if self.interrupt.load(Ordering::Relaxed) {
            return Err("interrupted (Ctrl-C): the card tests stopped".into());
        }
        if results.is_empty() {
            return Err(format!("no card test matches `{rest}` in ruleset {ruleset}"));
        }
        let failed = results.iter().filter(|r| !r.passed).count();
        let mut out: Vec<String> = results.iter().flat_map(crate::testing::TestOutcome::lines).collect();
        out.push(format!("{} passed, {failed} failed", results.len() - failed));
        Ok(out.join("\n"))
    }
}
