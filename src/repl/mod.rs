//! `wizwar repl`: an interactive session on one game.
//!
//! A session is a [`GameSetup`] plus the *steps* the user took, in order: answers to requests
//! (choosing an action is answering the `action` request), Lua chunks, and experiment set-ups
//! (`put`, `give`: Lua chunks with a name). Everything else only shows things. After each step
//! the engine's snapshot is kept (see [`replay`]): `undo` goes back to the one before without
//! replaying. `reload`, `option` and `ruleset` rebuild the game (fresh files, other options,
//! another ruleset) and re-apply every step, comparing each point with the one before, so the
//! first step that now ends differently is reported; steps that no longer apply are kept as
//! *pending*, shown, retried by the next rebuild and saved.
//!
//! The engine runs with a [`QueueAgent`](crate::decision::QueueAgent) that has no answers, so
//! it suspends at every request; an answer is queued and the engine runs again. At a question
//! asked in the middle of an action, the views show the game as it is at the question (the
//! engine's question view), not the state the action will re-run from.
//!
//! This file holds the session itself: its game, a command line read and dispatched, a step
//! taken and shown. `games.rs` changes which game it holds (`new`, `load`, rebuilds, `undo`),
//! `viewing.rs` has the commands that only look, `bots.rs` lets bots take steps.

mod bots;
pub mod experiment;
mod games;
mod help;
pub mod inspect;
pub mod replay;
pub mod saved;
pub mod show;
pub mod terminal;
mod viewing;

use crate::cli::{overlay, wizard_glyph};
use crate::decision::Request;
use crate::engine::{Engine, GameSetup, Outcome};
use crate::geometry::render::render_ascii;
use crate::value::Value;
use experiment::{give_code, parse_player, put_code};
use games::Rebuild;
pub use help::COMMANDS;
use replay::{apply, INTERRUPTED};
pub use replay::{build, Built, Check, Point, Step};
pub use saved::{read_saved, replay_file, resume, steps_after_play, write_saved, Loaded, SavedSession};
use show::{card_list, card_names, log_text, objects_text, request_text, stack_text, who, SHORT_LIST};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use terminal::{compiles, Words};
pub use terminal::{main, run_interactive, run_script};

/// At most this many new log lines are shown after a step (`log` shows more).
const NEW_LINES_SHOWN: usize = 30;

/// The game of a session.
struct Game {
    setup: GameSetup,
    run: Built,
    /// The steps as last written or read (`save`, `load`; none for `new`): what `new`, `load`
    /// and `quit` would drop is what came after.
    kept: Vec<Step>,
}

impl Game {
    fn engine(&self) -> &Engine {
        &self.run.engine
    }

    fn outcome(&self) -> &Outcome {
        &self.run.trace.last().expect("a trace has the start").outcome
    }

    /// The steps applied, then the pending ones: what a rebuild replays and a save keeps.
    fn all_steps(&self) -> Vec<Step> {
        self.run.steps.iter().chain(&self.run.pending).cloned().collect()
    }

    /// How many steps were taken since the game was last saved or loaded.
    fn unsaved(&self) -> usize {
        let all = self.all_steps();
        let same = all.iter().zip(&self.kept).take_while(|(a, b)| a == b).count();
        all.len() - same
    }
}

/// The interactive session.
pub struct Repl {
    root: PathBuf,
    game: Option<Game>,
    /// The games `new` and `load` replaced, with the command that did it: `undo` on a game
    /// with no step left goes back to the one before.
    before: Vec<(Game, String)>,
    /// What `new` starts from (the command line's flags).
    defaults: GameSetup,
    /// Set by Ctrl-C while a command runs: the engines and card tests stop, the command fails
    /// and the game stays as it was.
    interrupt: Arc<AtomicBool>,
    /// Words for completion, refreshed after every command.
    words: Rc<RefCell<Words>>,
    /// Whose view the commands show (`as SEAT`): the referee's (everything) unless told.
    viewer: crate::view::Viewer,
}

impl Repl {
    pub fn new(root: &Path) -> Repl {
        Repl {
            root: root.to_path_buf(),
            game: None,
            before: Vec::new(),
            viewer: crate::view::Viewer::Referee,
            // Until told otherwise (`set_defaults`): the default ruleset (rulesets/index.toml),
            // else the first one on disk that can be played.
            defaults: GameSetup {
                ruleset: crate::ruleset::default_ruleset(&root.join("rulesets"))
                    .ok()
                    .or_else(|| rulesets_on_disk(root).into_iter().next())
                    .unwrap_or_default(),
                players: 2,
                seed: 1,
                options: vec![],
                names: vec![],
            },
            interrupt: Arc::new(AtomicBool::new(false)),
            words: Rc::new(RefCell::new(Words::default())),
        }
    }

    /// What `new` without flags starts.
    pub fn set_defaults(&mut self, setup: GameSetup) {
        self.defaults = setup;
    }

    /// The flag Ctrl-C sets (see [`terminal`]).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    pub fn engine(&self) -> Option<&Engine> {
        self.game.as_ref().map(Game::engine)
    }

    /// The steps applied.
    pub fn steps(&self) -> &[Step] {
        self.game.as_ref().map_or(&[], |g| &g.run.steps)
    }

    /// The steps that stopped applying at the last rebuild, kept to retry.
    pub fn pending_steps(&self) -> &[Step] {
        self.game.as_ref().map_or(&[], |g| &g.run.pending)
    }

    pub fn setup(&self) -> Option<&GameSetup> {
        self.game.as_ref().map(|g| &g.setup)
    }

    /// Starts a game from a setup.
    pub fn start(&mut self, setup: GameSetup) -> Result<String, String> {
        let built = build(&self.root, &setup, &[], self.check())?;
        self.install(setup, built, Vec::new(), "new");
        Ok(self.pending_text())
    }

    /// Runs one command line; the text to show, or an error message. Whatever fails, the
    /// session and its game stay as they were.
    pub fn execute(&mut self, line: &str) -> Result<String, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(String::new());
        }
        self.interrupt.store(false, Ordering::Relaxed);
        let (cmd, rest) = if let Some(r) = line.strip_prefix('=') {
            ("=", r.trim())
        } else {
            match line.split_once(char::is_whitespace) {
                Some((c, r)) => (c, r.trim()),
                None => (line, ""),
            }
        };
        let result = self.dispatch(cmd, rest);
        // Lines a script printed, whatever happened.
        let printed: Vec<String> = self.engine().map(|e| e.take_output()).unwrap_or_default();
        self.refresh_words();
        if printed.is_empty() {
            return result;
        }
        let printed = printed.iter().map(|l| format!("[script] {l}")).collect::<Vec<_>>().join("\n");
        match result {
            Ok(text) if text.is_empty() => Ok(printed),
            Ok(text) => Ok(format!("{printed}\n{text}")),
            Err(e) => Err(format!("{printed}\n{e}")),
        }
    }

    fn dispatch(&mut self, cmd: &str, rest: &str) -> Result<String, String> {
        match cmd {
            "help" | "?" => Ok(help::help(rest)),
            "new" => {
                self.refuse_unsaved("new")?;
                self.cmd_new(rest)
            }
            "new!" => self.cmd_new(rest),
            "board" if rest.is_empty() => self.view(|_, st, _| render_ascii(&st.board, &overlay(st))),
            "board" => {
                let file = rest.strip_prefix("--svg").map(str::trim).filter(|f| !f.is_empty());
                let file = file.ok_or("usage: board [--svg FILE]")?;
                let path = expand_home(file);
                let svg = self.view(|_, st, _| crate::cli::state_svg(st))?;
                std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
                Ok(format!("wrote a picture of the game to {}", path.display()))
            }
            "state" => self.cmd_state(),
            "view" => self.cmd_view(rest),
            "as" => self.cmd_as(rest),
            "hand" | "play" => {
                let p = parse_player(rest, self.engine_ref()?)? as usize;
                self.view(|_, st, names| {
                    let (ids, what) =
                        if cmd == "hand" { (&st.players[p].hand, "hand") } else { (&st.players[p].play, "play area") };
                    if ids.is_empty() {
                        format!("the {what} of {} is empty", who(st, p as u32))
                    } else {
                        format!("the {what} of {}:\n{}", who(st, p as u32), card_list(st, names, ids))
                    }
                })
            }
            "objects" => self.view(|_, st, names| objects_text(st, names)),
            "stack" => self.view(|_, st, names| stack_text(st, names)),
            "log" => {
                let n = if rest.is_empty() {
                    20
                } else {
                    rest.parse::<usize>().map_err(|_| format!("log: `{rest}` is not a number"))?
                };
                let viewer = self.viewer;
                self.view(|e, st, names| {
                    let lines = e.seat_log_since(e.view_log_len().saturating_sub(n), viewer);
                    if lines.is_empty() {
                        "the log is empty".into()
                    } else {
                        log_text(&lines, st, names).iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
                    }
                })
            }
            "actions" => self.cmd_actions(rest),
            "act" => {
                if rest.is_empty() {
                    return Err("usage: act N-or-key (`actions` lists them)".into());
                }
                let req = self.pending_request()?;
                if req.kind != "action" {
                    return Err(format!(
                        "no action is pending; answer this first (`answer`):\n{}",
                        self.request_shown(&req, true)
                    ));
                }
                let key = req.match_option(rest)?;
                req.resolve(std::slice::from_ref(&key))?;
                // Named by a number or part of its text: say which action that was.
                let echo = (key != rest.trim()).then(|| {
                    let c = req.options.iter().find(|c| c.key == key).expect("a matched option");
                    if c.label.is_empty() || c.label == c.key {
                        format!("act `{key}`")
                    } else {
                        format!("act `{key}` ({})", c.label)
                    }
                });
                let out = self.step(Step::Answer { player: req.player, kind: req.kind.clone(), keys: vec![key] })?;
                Ok(match echo {
                    Some(e) => format!("{e}\n{out}"),
                    None => out,
                })
            }
            "bots" => self.cmd_bots(rest),
            "answer" => {
                let req = self.pending_request()?;
                let keys = req.answer_from_text(rest)?;
                self.step(Step::Answer { player: req.player, kind: req.kind.clone(), keys })
            }
            "lua" | "=" => {
                if rest.is_empty() {
                    return Err(format!("usage: {}", if cmd == "=" { "= EXPR" } else { "lua CODE" }));
                }
                let code = if cmd == "=" || compiles(&format!("return {rest}")) {
                    format!("return {rest}")
                } else {
                    rest.to_string()
                };
                self.step(Step::Lua { code })
            }
            "put" | "give" => {
                let engine = self.engine_ref()?;
                let code = if cmd == "put" { put_code(rest, engine)? } else { give_code(rest, engine)? };
                self.step(Step::Setup { command: format!("{cmd} {rest}"), code })
            }
            "option" => self.cmd_option(rest),
            "ruleset" => self.cmd_ruleset(rest),
            "card" => self.cmd_card(rest),
            "test" => self.cmd_test(rest),
            "steps" => self.cmd_steps(rest),
            "undo" => self.cmd_undo(),
            "reload" => {
                let setup = self.game_ref()?.setup.clone();
                let msg = self.rebuild(setup, Rebuild::Reload)?;
                Ok(format!("reloaded the rules and cards from disk\n{msg}"))
            }
            "save" => {
                if rest.is_empty() {
                    return Err("usage: save FILE".into());
                }
                let g = self.game_ref()?;
                let steps = g.all_steps();
                let mut out = write_saved(&expand_home(rest), g.engine(), &g.setup, &steps, None)?;
                if !g.run.pending.is_empty() {
                    out.push_str(&format!(" (with the {} pending step(s))", g.run.pending.len()));
                }
                if let Some(g) = self.game.as_mut() {
                    g.kept = steps;
                }
                Ok(out)
            }
            "load" => {
                self.refuse_unsaved("load")?;
                self.cmd_load(rest)
            }
            "load!" => self.cmd_load(rest),
            "quit" | "exit" => self.refuse_unsaved(cmd).map(|()| String::new()),
            "quit!" | "exit!" => Ok(String::new()),
            other => Err(help::unknown(other)),
        }
    }

    /// The interrupt check for builds.
    fn check(&self) -> Check<'_> {
        Check { interrupt: Some(&self.interrupt), ..Check::default() }
    }

    /// Applies a new step and records it; shows what it did.
    fn step(&mut self, s: Step) -> Result<String, String> {
        let flag = self.interrupt.clone();
        let g = self.game.as_mut().ok_or("no game yet: use `new` (or `load FILE`)")?;
        let last = g.run.trace.last().expect("a trace has the start");
        let engine = &g.run.engine;
        let log_before = engine.view_log_len();
        let result = apply(engine, &g.run.lua, &last.outcome, &s, None);
        if flag.load(Ordering::Relaxed) {
            engine.go_back(&last.snap);
            return Err(INTERRUPTED.into());
        }
        let applied = match result {
            Ok(a) => a,
            Err(e) => {
                engine.go_back(&last.snap);
                return Err(e);
            }
        };
        let mut out = vec![];
        let shown = applied.shown.join("\t");
        if !applied.counts {
            return Ok(shown);
        }
        if let Step::Setup { command, .. } = &s {
            out.push(if shown.is_empty() || shown == "nil" {
                format!("{command}: done")
            } else {
                format!("{command}: #{shown}")
            });
        } else if !shown.is_empty() {
            out.push(shown);
        }
        let new_request = applied.outcome != last.outcome;
        let engine = &g.run.engine;
        g.run.trace.push(Point {
            snap: engine.snapshot(),
            outcome: applied.outcome,
            touched_session: applied.touched_session,
        });
        g.run.steps.push(s.clone());
        for e in &applied.errors {
            out.push(format!("script error (the action was undone): {e}"));
        }
        if matches!(s, Step::Answer { .. }) || new_request {
            let names = card_names(engine.card_defs());
            let lines: Vec<_> = engine
                .view_log_since(log_before)
                .into_iter()
                .filter(|l| l.event != "answer" && l.event != "error")
                .collect();
            let shown = engine.with_view(|st| log_text(&lines, st, &names));
            if shown.len() > NEW_LINES_SHOWN {
                out.push(format!("  ... {} earlier line(s): `log {}`", shown.len() - NEW_LINES_SHOWN, shown.len()));
            }
            for l in shown.iter().skip(shown.len().saturating_sub(NEW_LINES_SHOWN)) {
                out.push(format!("  {l}"));
            }
            out.push(self.pending_text());
        }
        Ok(out.join("\n"))
    }

    fn game_ref(&self) -> Result<&Game, String> {
        self.game.as_ref().ok_or_else(|| "no game yet: use `new` (or `load FILE`)".to_string())
    }

    fn engine_ref(&self) -> Result<&Engine, String> {
        self.game_ref().map(Game::engine)
    }

    fn pending_request(&self) -> Result<Request, String> {
        match self.game_ref()?.outcome() {
            Outcome::Suspended(req) if self.asks_another(req) => Err(self.pending_text()),
            Outcome::Suspended(req) => Ok(req.clone()),
            _ => Err(format!("nothing to answer: {}", self.pending_text())),
        }
    }

    /// Is `req` another seat's question than the one the session speaks as (`as SEAT`)?
    fn asks_another(&self, req: &Request) -> bool {
        matches!(self.viewer, crate::view::Viewer::Seat(s) if s != req.player)
            || self.viewer == crate::view::Viewer::Public
    }

    /// A request as the REPL shows it: while the response stack is open, the stack too (a
    /// question asked then is about its entries).
    fn request_shown(&self, req: &Request, full: bool) -> String {
        let mut out = request_text(req, full);
        if let (Some(engine), false) = (self.engine(), req.kind == "action" && req.options.len() > SHORT_LIST) {
            let names = card_names(engine.card_defs());
            engine.with_view(|st| {
                if !st.stack.is_empty() {
                    out = format!("{}\n{out}", stack_text(st, &names));
                }
            });
        }
        out
    }

    /// What the game waits for now.
    pub fn pending_text(&self) -> String {
        let Some(g) = &self.game else { return "no game yet: use `new`".into() };
        match g.outcome() {
            Outcome::Suspended(req) if self.asks_another(req) => {
                let asked = g.engine().with_view(|st| who(st, req.player));
                format!("{asked} is deciding (`as {asked}` or `as referee` shows the question)")
            }
            Outcome::Suspended(req) => self.request_shown(req, false),
            Outcome::Over(r) => {
                let who = r.winner.map(|w| g.engine().with_state(|s| who(s, w)));
                format!("game over: {} ({})", who.unwrap_or_else(|| "nobody".into()), r.reason)
            }
            Outcome::TurnLimit => "stopped at the turn limit".into(),
            Outcome::AgentFailed(m) => format!("the game stopped: {m}"),
        }
    }

    fn refresh_words(&self) {
        let mut w = self.words.borrow_mut();
        *w = Words { rulesets: rulesets_on_disk(&self.root), ..Words::default() };
        if let Some(g) = &self.game {
            let e = g.engine();
            w.cards = e.card_defs().map(|d| d.name.clone()).collect();
            w.rule_options = e.ruleset().file.options.iter().map(|o| o.name.clone()).collect();
            e.with_view(|st| {
                w.players = st.players.iter().map(|p| wizard_glyph(p.id).to_string()).collect();
                w.objects = st.objects.keys().map(|id| format!("#{id}")).collect();
            });
            if let Outcome::Suspended(req) = g.outcome() {
                w.options = req.options.iter().map(|c| c.key.clone()).collect();
            }
        }
    }
}

/// `~/x` as a path in the home folder.
pub fn expand_home(p: &str) -> PathBuf {
    match (p.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(p),
    }
}

pub fn parse_option(o: &str) -> Result<(String, Value), String> {
    match o.trim().split_once('=') {
        None => Ok((o.trim().to_string(), Value::Bool(true))),
        Some((k, v)) => {
            let (k, v) = (k.trim(), v.trim());
            match v {
                "true" => Ok((k.to_string(), Value::Bool(true))),
                "false" => Ok((k.to_string(), Value::Bool(false))),
                _ => v
                    .parse::<i64>()
                    .map(|n| (k.to_string(), Value::Int(n)))
                    .map_err(|_| format!("option {k}: expected true, false or a number, got `{v}`")),
            }
        }
    }
}

fn options_text_of(s: &GameSetup) -> String {
    if s.options.is_empty() {
        return String::new();
    }
    format!(", options {}", s.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" "))
}

fn rulesets_on_disk(root: &Path) -> Vec<String> {
    crate::ruleset::playable_rulesets(&root.join("rulesets"))
}
