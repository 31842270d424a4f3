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

pub mod experiment;
mod help;
pub mod inspect;
pub mod replay;
pub mod saved;
pub mod show;
pub mod terminal;

use crate::cli::{overlay, summary, wizard_glyph};
use crate::decision::Request;
use crate::engine::{Engine, GameSetup, Outcome};
use crate::geometry::render::render_ascii;
use crate::state::GameState;
use crate::testing::run_card_tests_with;
use crate::value::Value;
use experiment::{find_card, give_code, parse_player, put_code};
pub use help::COMMANDS;
use replay::{apply, new_session, replay_steps, INTERRUPTED};
pub use replay::{build, Built, Check, Point, Step};
pub use saved::{read_saved, replay_file, resume, steps_after_play, write_saved, Loaded, SavedSession};
use show::{
    card_list, card_names, card_text, log_text, objects_text, options_text, request_text, stack_text, who, SHORT_LIST,
};
use std::cell::RefCell;
use std::collections::BTreeMap;
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

    /// Runs `f` on the game as the player asked sees it (see [`Engine::with_view`]), as the
    /// session's viewer sees it (`as SEAT`; a banner says whose view it is, but the referee's).
    fn view(&self, f: impl FnOnce(&Engine, &GameState, &BTreeMap<String, String>) -> String) -> Result<String, String> {
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
    fn cmd_as(&mut self, rest: &str) -> Result<String, String> {
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
    fn cmd_view(&self, rest: &str) -> Result<String, String> {
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

    fn cmd_new(&mut self, rest: &str) -> Result<String, String> {
        let mut setup = self.defaults.clone();
        if let Some(g) = &self.game {
            setup.ruleset = g.setup.ruleset.clone();
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let (flag, inline) = match words[i].split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v)),
                _ => (words[i], None),
            };
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    *words.get(i).ok_or_else(|| format!("new: {flag} needs a value"))?
                }
            };
            match flag {
                "--ruleset" => setup.ruleset = value.to_string(),
                "--players" => {
                    setup.players = value.parse().map_err(|_| format!("new: --players `{value}` is not a number"))?
                }
                "--seed" => setup.seed = value.parse().map_err(|_| format!("new: --seed `{value}` is not a number"))?,
                "--option" => setup.options.push(parse_option(value)?),
                other => return Err(format!("new: unknown flag `{other}` (usage: {})", COMMANDS[0].1)),
            }
            i += 1;
        }
        let text = self.start(setup)?;
        let s = &self.game_ref()?.setup;
        Ok(format!(
            "new game: ruleset {}, {} players, seed {}{}\n{text}",
            s.ruleset,
            s.players,
            s.seed,
            options_text_of(s)
        ))
    }

    fn cmd_state(&self) -> Result<String, String> {
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

    fn cmd_actions(&self, filter: &str) -> Result<String, String> {
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

    /// `bots N [SEATS]`: hunter bots (the `sim` default) answer every question for N turns, or
    /// only the questions of the seats named; each answer is an ordinary step (undo, save and
    /// replay keep working). Stops early at a question for a seat not named, at the end of the
    /// game, or on Ctrl-C (the answers given so far stay).
    fn cmd_bots(&mut self, rest: &str) -> Result<String, String> {
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
            let make_log = || g.engine().seat_log_since(0, viewer);
            let sight = crate::decision::Sight::new(&make, &make_log);
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

    fn cmd_card(&self, rest: &str) -> Result<String, String> {
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

    fn cmd_test(&self, rest: &str) -> Result<String, String> {
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
        let mut out: Vec<String> = results
            .iter()
            .map(|r| {
                let mut s = format!("{} {} :: {}", if r.passed { "ok  " } else { "FAIL" }, r.file, r.test);
                if !r.passed {
                    s.push_str(&format!("\n       {}", r.message));
                }
                s
            })
            .collect();
        out.push(format!("{} passed, {failed} failed", results.len() - failed));
        Ok(out.join("\n"))
    }

    fn cmd_steps(&mut self, rest: &str) -> Result<String, String> {
        let g = self.game.as_mut().ok_or("no game yet: use `new` (or `load FILE`)")?;
        match rest {
            "" => {}
            "drop" => {
                let n = g.run.pending.len();
                g.run.pending.clear();
                g.run.stopped = None;
                return Ok(format!("forgot {n} pending step(s)"));
            }
            other => {
                return Err(format!("steps: `{other}`? (`steps` lists them, `steps drop` forgets the pending ones)"))
            }
        }
        let mut out = if g.run.steps.is_empty() {
            "no step taken".to_string()
        } else {
            format!("{} step(s) taken:", g.run.steps.len())
        };
        for (i, s) in g.run.steps.iter().enumerate() {
            out.push_str(&format!("\n  {:>3}. {}", i + 1, s.describe()));
        }
        if !g.run.pending.is_empty() {
            out.push_str(&format!(
                "\n{} step(s) pending, not applied (`reload` retries them, `save` keeps them, `steps drop` forgets them):",
                g.run.pending.len()
            ));
            for (i, s) in g.run.pending.iter().enumerate() {
                out.push_str(&format!("\n  {:>3}. {}", g.run.steps.len() + i + 1, s.describe()));
            }
            if let Some(why) = &g.run.stopped {
                out.push_str(&format!("\n  ({why})"));
            }
        }
        Ok(out)
    }

    fn cmd_undo(&mut self) -> Result<String, String> {
        let flag = self.interrupt.clone();
        let no_step = self.game.as_ref().is_some_and(|g| g.run.steps.is_empty());
        if no_step {
            if let Some((old, how)) = self.before.pop() {
                self.game = Some(old);
                self.refresh_words();
                return Ok(format!("undid: {how} (back to the game before it)\n{}", self.pending_text()));
            }
        }
        let g = self.game.as_mut().ok_or("no game yet: use `new` (or `load FILE`)")?;
        let Some(last) = g.run.steps.pop() else {
            return Err("nothing to undo".into());
        };
        let undone = g.run.trace.pop().expect("a point per step");
        let mut note = String::new();
        if undone.touched_session {
            // The Lua session's globals can't be put back from a snapshot: rebuild them by
            // replaying the steps before, in this engine (no file is read again). Not to be cut
            // halfway by Ctrl-C: these steps all applied before.
            let steps = std::mem::take(&mut g.run.steps);
            let (pending, stopped) = (std::mem::take(&mut g.run.pending), g.run.stopped.take());
            g.run.engine.go_back(&g.run.trace[0].snap);
            g.run.engine.set_interrupt_flag(None);
            let rebuilt = new_session(&g.run.engine).and_then(|lua| {
                g.run.lua = lua;
                replay_steps(&mut g.run, &steps, Check::default())
            });
            g.run.engine.set_interrupt_flag(Some(flag));
            rebuilt?;
            g.run.pending = pending;
            g.run.stopped = stopped;
            note = format!(" (replayed {} step(s) to rebuild the Lua session's globals)", steps.len());
        } else {
            g.run.engine.go_back(&g.run.trace.last().expect("the start").snap);
        }
        Ok(format!("undid: {}{note}\n{}", last.describe(), self.pending_text()))
    }

    fn cmd_option(&mut self, rest: &str) -> Result<String, String> {
        let g = self.game_ref()?;
        let setup = g.setup.clone();
        if rest.is_empty() {
            let specs = &g.engine().ruleset().file.options;
            if specs.is_empty() {
                return Ok(format!("ruleset {} has no optional rules", setup.ruleset));
            }
            let given = g.engine().ruleset().options(&setup.options)?;
            return Ok(specs
                .iter()
                .map(|o| {
                    let v = given.get(&o.name).cloned().unwrap_or(Value::Bool(o.default));
                    format!("  {:<24} = {:<6} {}", o.name, v.to_string(), o.doc)
                })
                .collect::<Vec<_>>()
                .join("\n"));
        }
        let (name, value) = parse_option(rest)?;
        let mut new = setup;
        new.options.retain(|(k, _)| *k != name);
        new.options.push((name.clone(), value.clone()));
        let msg = self.rebuild(new, Rebuild::Option)?;
        Ok(format!("option {name} = {value}: restarted with the same seed\n{msg}"))
    }

    fn cmd_ruleset(&mut self, rest: &str) -> Result<String, String> {
        let on_disk: Vec<String> = rulesets_on_disk(&self.root);
        if rest.is_empty() {
            let current = self.setup().map(|s| s.ruleset.as_str()).unwrap_or("none");
            return Ok(format!("ruleset {current} (on disk: {})", on_disk.join(", ")));
        }
        let setup = self.setup().cloned().ok_or("no game yet: use `new --ruleset R`")?;
        let ruleset = crate::ruleset::Ruleset::load(&self.root.join("rulesets"), rest)?;
        let mut new = setup;
        let dropped: Vec<String> = new
            .options
            .iter()
            .filter(|(k, _)| !ruleset.file.options.iter().any(|o| o.name == *k))
            .map(|(k, _)| k.clone())
            .collect();
        new.options.retain(|(k, _)| !dropped.contains(k));
        new.ruleset = rest.to_string();
        let msg = self.rebuild(new, Rebuild::Ruleset)?;
        let note = if dropped.is_empty() {
            String::new()
        } else {
            format!(" (dropped options it does not know: {})", dropped.join(", "))
        };
        Ok(format!("ruleset {rest}: restarted with the same seed{note}\n{msg}"))
    }

    fn cmd_load(&mut self, rest: &str) -> Result<String, String> {
        if rest.is_empty() {
            return Err("usage: load FILE".into());
        }
        let path = expand_home(rest);
        let loaded = read_saved(&path)?;
        let check = Check { saved: loaded.snapshot.as_ref(), ..self.check() };
        let built = build(&self.root, &loaded.setup, &loaded.steps, check)?;
        let total = loaded.steps.len();
        let mut out = format!("loaded {}: {} of {total} steps applied", path.display(), built.steps.len());
        for e in &built.errors {
            out.push_str(&format!("\nscript error {e} (the action was undone)"));
        }
        for note in built.differs.iter().chain(&built.stopped) {
            out.push_str(&format!("\n{note}"));
        }
        if !built.pending.is_empty() {
            out.push_str(&format!("\n{} step(s) kept as pending: `steps` lists them", built.pending.len()));
        }
        self.install(loaded.setup, built, loaded.steps.clone(), &format!("load {}", path.display()));
        out.push('\n');
        out.push_str(&self.pending_text());
        Ok(out)
    }

    /// Rebuilds the engine from `setup` (files read afresh) and re-applies every step, the
    /// pending ones too, comparing each point with the one before. The game is untouched if
    /// the build fails.
    fn rebuild(&mut self, setup: GameSetup, why: Rebuild) -> Result<String, String> {
        let g = self.game_ref()?;
        let steps = g.all_steps();
        let were_pending = g.run.pending.len();
        let check = Check {
            before: (why != Rebuild::Ruleset).then_some((&g.run.trace[..], g.engine())),
            ignore_options: why == Rebuild::Option,
            ..self.check()
        };
        let built = build(&self.root, &setup, &steps, check)?;
        let n = built.steps.len();
        let mut report = vec![];
        // The script errors the replay met: a card or rule broken by the edit says where.
        report.extend(built.errors.iter().map(|e| format!("script error {e} (the action was undone)")));
        report.extend(built.differs.iter().cloned());
        match &built.stopped {
            Some(s) => report.push(format!(
                "{s}\nreplayed {n} step(s); the {} from there on are kept as pending (`steps` lists them, \
                 `reload` retries them)",
                built.pending.len()
            )),
            None => {
                let mut line = format!("replayed {n} step(s)");
                if were_pending > 0 {
                    line.push_str(&format!(", the {were_pending} pending one(s) among them"));
                }
                if built.differs.is_none() && why != Rebuild::Ruleset {
                    line.push_str("; no divergence");
                }
                report.push(line);
            }
        }
        // The same game rebuilt: what was saved of it stays saved, and `undo` stays in it.
        let kept = self.game.take().map(|g| g.kept).unwrap_or_default();
        self.game = Some(Game { setup, run: built, kept });
        self.refresh_words();
        Ok(format!("{}\n{}", report.join("\n"), self.pending_text()))
    }

    /// Puts a new game in place (from `new` or `load`, named by `how`); the one it replaces is
    /// kept for `undo`.
    fn install(&mut self, setup: GameSetup, run: Built, kept: Vec<Step>, how: &str) {
        if let Some(old) = self.game.replace(Game { setup, run, kept }) {
            self.before.push((old, how.to_string()));
        }
        self.refresh_words();
    }

    /// Refuses to drop steps not saved yet (for `new`, `load` and `quit`; `cmd!` forces).
    pub fn refuse_unsaved(&self, cmd: &str) -> Result<(), String> {
        match self.game.as_ref().map_or(0, Game::unsaved) {
            0 => Ok(()),
            n => Err(format!(
                "{n} step(s) not saved would be lost: `save FILE` first, or `{cmd}!` to go on without them"
            )),
        }
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

/// Why a game is rebuilt.
#[derive(PartialEq, Clone, Copy)]
enum Rebuild {
    /// Files read again: every difference is news.
    Reload,
    /// An option switched: differences in the options themselves are not.
    Option,
    /// Another ruleset: everything differs; only whether the steps still apply is news.
    Ruleset,
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
