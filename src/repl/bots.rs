//! `bots N [SEATS]`: hunter bots answering the questions for a few turns, each answer an
//! ordinary step of the session, and what they did shown as the log tells it.

use super::experiment::parse_player;
use super::replay::INTERRUPTED;
use super::show::{card_names, log_text};
use super::{Repl, Step, NEW_LINES_SHOWN};
use crate::engine::Outcome;
use std::sync::atomic::Ordering;

impl Repl {
    /// `bots N [SEATS]`: hunter bots (the `sim` default) answer every question for N turns, or
    /// only the questions of the seats named; each answer is an ordinary step (undo, save and
    /// replay keep working). Stops early at a question for a seat not named, at the end of the
    /// game, or on Ctrl-C (the answers given so far stay).
    pub(super) fn cmd_bots(&mut self, rest: &str) -> Result<String, String> {
        const USAGE: &str = "usage: bots N [SEATS] (e.g. `bots 3`, `bots 2 B`, `bots 5 B,C`)";
        let mut words = rest.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty());
        let n: u64 = words.next().and_then(|w| w.parse().ok()).ok_or(USAGE)?;
        let engine = self.engine_ref()?;
        let mut seats = Vec::new();
        for w in words {
            seats.push(parse_player(w, engine)?);
        }
        let g = self.game_ref()?;
        let seed = g.setup.seed.wrapping_mul(31).wrapping_add(g.run.steps.len() as u64);
        let mut bot = crate::decision::HunterAgent::new(seed);
        let start_turn = g.engine().with_view(|st| st.turn.number);
        let log_before = g.engine().view_log_len();
        let (mut answered, mut errors) = (0usize, Vec::new());
        let why = loop {
            let g = self.game_ref()?;
            let req = match g.outcome() {
                Outcome::Suspended(req) => req.clone(),
                _ => break String::new(),
            };
            let turn = g.engine().with_view(|st| st.turn.number);
            if turn >= start_turn + n {
                break String::new();
            }
            if !seats.is_empty() && !seats.contains(&req.player) {
                break String::new();
            }
            if self.interrupt.load(Ordering::Relaxed) {
                break format!("\n{INTERRUPTED}");
            }
            let viewer = crate::view::Viewer::Seat(req.player);
            let make = || g.engine().seat_view(viewer);
            let make_field = || g.engine().seat_field(viewer);
            let make_log = || g.engine().seat_log_since(0, viewer);
            let sight = crate::decision::Sight::new(&make, &make_field, &make_log);
            let keys = match crate::decision::Agent::decide_seeing(&mut bot, &req, &sight) {
                crate::decision::Decision::Answer(k) => k,
                other => break format!("\nthe bot gave no answer: {other:?}"),
            };
            let out = match self.step(Step::Answer { player: req.player, kind: req.kind.clone(), keys }) {
                Ok(out) => out,
                Err(e) => break format!("\nstopped: {e}"),
            };
            errors.extend(out.lines().filter(|l| l.starts_with("script error")).map(str::to_string));
            answered += 1;
        };
        let engine = self.engine_ref()?;
        let names = card_names(engine.card_defs());
        let lines: Vec<_> = engine
            .view_log_since(log_before.min(engine.view_log_len()))
            .into_iter()
            .filter(|l| l.event != "answer" && l.event != "error")
            .collect();
        let shown = engine.with_view(|st| log_text(&lines, st, &names));
        let mut out = vec![format!("the bots gave {answered} answer(s), each a step (`undo` takes one back){why}")];
        out.extend(errors);
        if shown.len() > NEW_LINES_SHOWN {
            out.push(format!("  ... {} earlier line(s): `log {}`", shown.len() - NEW_LINES_SHOWN, shown.len()));
        }
        out.extend(shown.iter().skip(shown.len().saturating_sub(NEW_LINES_SHOWN)).map(|l| format!("  {l}")));
        out.push(self.pending_text());
        Ok(out.join("\n"))
    }
}
