//! `wizwar repl`: an interactive session on one game.
//!
//! A session is a [`GameSetup`] plus the *steps* the user took, in order: answers to requests
//! (choosing an action is answering the `action` request) and raw Lua chunks run against the
//! game. Everything else only shows things. `undo` rebuilds the game from the setup and
//! re-applies all steps but the last; `reload` rebuilds it with freshly loaded rules and cards
//! and re-applies every step, reporting the first one that no longer applies.
//!
//! The engine runs with a [`QueueAgent`] that has no answers, so it suspends at every request;
//! an answer is queued with [`Engine::queue_replay`] and the engine runs again.

use crate::cli::{overlay, summary, wizard_glyph};
use crate::decision::{QueueAgent, Request};
use crate::engine::{Answered, Engine, GameSetup, Outcome};
use crate::geometry::render::render_ascii;
use crate::save::SavedGame;
use crate::testing::run_card_tests;
use crate::value::Value;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper, Highlighter};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// One thing the user did that changes the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum Step {
    /// An answer to a request (`kind == "action"`: an action taken).
    Answer { player: u32, kind: String, keys: Vec<String> },
    /// A Lua chunk run with `game` in scope.
    Lua { code: String },
}

impl Step {
    fn describe(&self) -> String {
        match self {
            Step::Answer { player, kind, keys } if kind == "action" => {
                format!("player {} acts `{}`", wizard_glyph(*player), keys.join(" "))
            }
            Step::Answer { player, kind, keys } => {
                format!("player {} answers {kind} `{}`", wizard_glyph(*player), keys.join(", "))
            }
            Step::Lua { code } => format!("lua `{}`", code.lines().next().unwrap_or("")),
        }
    }
}

/// The REPL's own save format, for sessions that include Lua steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSession {
    pub format: String,
    pub setup: GameSetup,
    pub steps: Vec<Step>,
}

pub const SESSION_FORMAT: &str = "wizwar-repl-1";

/// Commands: name, usage, one-line help.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("new", "new [--ruleset R] [--players N] [--seed S] [--option name[=v]]", "start a new game"),
    ("board", "board", "show the board with wizards, treasures and objects"),
    ("state", "state", "players' summary, turn and phase, what the game waits for"),
    ("hand", "hand P", "the cards in player P's hand (P = 0, 1... or A, B...)"),
    ("play", "play P", "the cards in player P's play area"),
    ("log", "log [N]", "the last N entries of the event log (default 20)"),
    ("stack", "stack", "the stack of spells and effects being resolved"),
    ("actions", "actions", "the numbered legal actions (or options of the pending request)"),
    ("act", "act N-or-key", "take a legal action, by number or key"),
    ("answer", "answer N-or-key...", "answer the pending request, by numbers or keys"),
    ("lua", "lua CODE", "run Lua with `game` in scope (an error leaves the game untouched)"),
    ("=", "= EXPR", "evaluate a Lua expression with `game` in scope and print it"),
    ("card", "card NAME", "a card's text, metadata and hooks"),
    ("test", "test [FILTER]", "run the card tests of the current ruleset"),
    ("undo", "undo", "take back the last step (answer, action or Lua)"),
    ("reload", "reload", "reload rules and cards from disk and replay every step"),
    ("save", "save FILE", "save the session (a saved game when it has no Lua steps)"),
    ("load", "load FILE", "load a saved game or a saved session"),
    ("help", "help [CMD]", "list the commands, or explain one"),
    ("quit", "quit", "leave (also Ctrl-D)"),
];

fn long_help(cmd: &str) -> Option<&'static str> {
    Some(match cmd {
        "new" => "Starts a game: defaults are the current ruleset (or 8th), 2 players, seed 1.\n\
                  --option name sets a boolean option, --option name=v sets a value (true, false, number).",
        "act" => "Takes an action: `act 2` takes the second listed action, `act end` the one keyed `end`.\n\
                  If the action asks further questions, they show as a pending request: use `answer`.",
        "answer" => "Answers the pending request: `answer 1 3` picks options 1 and 3; `answer KEY` an option by key.\n\
                     `answer` alone answers with no option (when the request allows none).",
        "lua" | "=" => "Runs Lua in a fresh sandboxed environment with `game` in scope (the object cards use).\n\
                        `= EXPR` prints the value of EXPR; `lua CODE` runs statements (an expression is printed too).\n\
                        Lines printed by the script are shown. A chunk that changes the game is a step: undo takes it back.\n\
                        At the terminal, an unfinished chunk asks for more lines.",
        "undo" => "Rebuilds the game from its setup and re-applies every step but the last.",
        "reload" => "Rebuilds the game with the rules and card files as they are now on disk and re-applies every step;\n\
                     reports the first step that no longer applies (where the replay diverges) and stops there.",
        "save" => "Writes a saved game (readable by `wizwar play --load` and `wizwar replay`), or, when the session\n\
                   has Lua steps, the REPL's own session format (setup + steps).",
        _ => return None,
    })
}

/// The interactive session.
pub struct Repl {
    root: PathBuf,
    setup: Option<GameSetup>,
    engine: Option<Engine>,
    steps: Vec<Step>,
    /// Why the engine last stopped.
    outcome: Option<Outcome>,
    /// Words for completion, refreshed after every command.
    words: Rc<RefCell<Words>>,
}

#[derive(Default, Clone)]
struct Words {
    cards: Vec<String>,
    options: Vec<String>,
}

impl Repl {
    pub fn new(root: &Path) -> Repl {
        Repl {
            root: root.to_path_buf(),
            setup: None,
            engine: None,
            steps: vec![],
            outcome: None,
            words: Rc::new(RefCell::new(Words::default())),
        }
    }

    pub fn engine(&self) -> Option<&Engine> {
        self.engine.as_ref()
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Starts a game from a setup.
    pub fn start(&mut self, setup: GameSetup) -> Result<String, String> {
        let (engine, outcome, steps, div) = self.build(&setup, &[])?;
        debug_assert!(div.is_none() && steps.is_empty());
        self.setup = Some(setup);
        self.install(engine, outcome, vec![]);
        Ok(self.pending_text())
    }

    /// Runs one command line; the text to show, or an error message.
    pub fn execute(&mut self, line: &str) -> Result<String, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(String::new());
        }
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
        let printed: Vec<String> = self.engine.as_ref().map(|e| e.take_output()).unwrap_or_default();
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
            "help" | "?" => Ok(help(rest)),
            "new" => self.cmd_new(rest),
            "board" => self.with_engine(|e| e.with_state(|st| render_ascii(&st.board, &overlay(st)))),
            "state" => {
                let pending = self.pending_text();
                self.with_engine(|e| {
                    e.with_state(|st| {
                        let active = &st.players[st.turn.active as usize];
                        format!(
                            "{}turn {} (round {}), {} ({}) to play, phase {}\n{}",
                            summary(st),
                            st.turn.number,
                            st.turn.round,
                            active.name,
                            wizard_glyph(active.id),
                            if st.turn.phase.is_empty() { "-" } else { &st.turn.phase },
                            pending
                        )
                    })
                })
            }
            "hand" | "play" => {
                let engine = self.engine_ref()?;
                let p = parse_player(rest, engine)?;
                let names: std::collections::BTreeMap<String, String> =
                    engine.card_defs().map(|d| (d.key.clone(), d.name.clone())).collect();
                Ok(engine.with_state(|st| {
                    let ids = if cmd == "hand" { &st.players[p].hand } else { &st.players[p].play };
                    if ids.is_empty() {
                        return format!(
                            "{} {} is empty",
                            st.players[p].name,
                            if cmd == "hand" { "hand" } else { "play area" }
                        );
                    }
                    ids.iter()
                        .map(|id| match st.cards.iter().find(|c| c.id == *id) {
                            Some(c) => {
                                let name = names.get(&c.def).cloned().unwrap_or_else(|| c.def.clone());
                                let mut s = format!("  #{id} {name} [{}]", c.def);
                                if c.energy != 0 {
                                    s.push_str(&format!(" energy {}", c.energy));
                                }
                                if let Some(t) = &c.target {
                                    s.push_str(&format!(" target {t}"));
                                }
                                s
                            }
                            None => format!("  #{id} ?"),
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                }))
            }
            "log" => {
                let n = if rest.is_empty() {
                    20
                } else {
                    rest.parse::<usize>().map_err(|_| format!("log: `{rest}` is not a number"))?
                };
                let engine = self.engine_ref()?;
                let log = engine.log();
                let from = log.len().saturating_sub(n);
                Ok(log[from..]
                    .iter()
                    .map(|l| {
                        format!(
                            "  [turn {}] {} {}",
                            l.turn,
                            l.event,
                            if l.data.is_nil() { String::new() } else { l.data.to_string() }
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            "stack" => self.with_engine(|e| {
                e.with_state(|st| {
                    if st.stack.is_empty() {
                        return "the stack is empty".to_string();
                    }
                    st.stack
                        .iter()
                        .rev()
                        .map(|s| {
                            format!(
                                "  {} {} by {} card {:?} target {} energy {}",
                                s.id,
                                s.kind,
                                wizard_glyph(s.controller),
                                s.card,
                                s.target.as_ref().map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
                                s.energy
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                })
            }),
            "actions" => {
                self.engine_ref()?;
                match &self.outcome {
                    Some(Outcome::Suspended(req)) if req.kind == "action" => Ok(request_text(req)),
                    Some(Outcome::Suspended(req)) => {
                        Ok(format!("no action is pending; the game waits for this answer:\n{}", request_text(req)))
                    }
                    _ => Ok(self.pending_text()),
                }
            }
            "act" => {
                if rest.is_empty() {
                    return Err("usage: act N-or-key".into());
                }
                let req = self.pending_request()?;
                if req.kind != "action" {
                    return Err(format!("no action is pending; answer this first (`answer`):\n{}", request_text(&req)));
                }
                let keys = resolve_words(&req, rest)?;
                self.step(Step::Answer { player: req.player, kind: req.kind.clone(), keys })
            }
            "answer" => {
                let req = self.pending_request()?;
                let keys = resolve_words(&req, rest)?;
                self.step(Step::Answer { player: req.player, kind: req.kind.clone(), keys })
            }
            "lua" | "=" => {
                if rest.is_empty() {
                    return Err(format!("usage: {cmd} CODE"));
                }
                let code = if cmd == "=" || compiles(&format!("return {rest}")) {
                    format!("return {rest}")
                } else {
                    rest.to_string()
                };
                self.step(Step::Lua { code })
            }
            "card" => self.cmd_card(rest),
            "test" => {
                let ruleset = self.setup.as_ref().map(|s| s.ruleset.clone()).unwrap_or_else(|| "8th".into());
                let filter = if rest.is_empty() { None } else { Some(rest) };
                let results = run_card_tests(&self.root, &ruleset, filter)?;
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
            "undo" => {
                self.engine_ref()?;
                let Some(last) = self.steps.last().cloned() else {
                    return Err("nothing to undo".into());
                };
                let mut steps = self.steps.clone();
                steps.pop();
                let msg = self.rebuild(&steps)?;
                Ok(format!("undid: {}\n{msg}", last.describe()))
            }
            "reload" => {
                self.engine_ref()?;
                let steps = self.steps.clone();
                self.rebuild(&steps)
            }
            "save" => self.cmd_save(rest),
            "load" => self.cmd_load(rest),
            "quit" | "exit" => Ok(String::new()),
            other => {
                let names: Vec<&str> = COMMANDS.iter().map(|c| c.0).collect();
                let near = names.iter().copied().filter(|n| strsim::levenshtein(n, other) <= 2).collect::<Vec<_>>();
                Err(if near.is_empty() {
                    format!("unknown command `{other}` (type `help` for the list)")
                } else {
                    format!("unknown command `{other}`; did you mean {}? (type `help` for the list)", near.join(" or "))
                })
            }
        }
    }

    fn cmd_new(&mut self, rest: &str) -> Result<String, String> {
        let mut setup = GameSetup {
            ruleset: self.setup.as_ref().map(|s| s.ruleset.clone()).unwrap_or_else(|| "8th".into()),
            players: 2,
            seed: 1,
            options: vec![],
            names: vec![],
        };
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
        let s = self.setup.as_ref().expect("just set");
        Ok(format!("new game: ruleset {}, {} players, seed {}\n{text}", s.ruleset, s.players, s.seed))
    }

    fn cmd_card(&self, rest: &str) -> Result<String, String> {
        let engine = self.engine_ref()?;
        if rest.is_empty() {
            return Ok(engine.card_defs().map(|d| format!("  {} ({})", d.name, d.key)).collect::<Vec<_>>().join("\n"));
        }
        let q = rest.to_lowercase();
        let defs: Vec<_> = engine.card_defs().collect();
        let exact: Vec<_> = defs.iter().filter(|d| d.name.to_lowercase() == q || d.key.to_lowercase() == q).collect();
        let found: Vec<_> = if exact.is_empty() {
            defs.iter().filter(|d| d.name.to_lowercase().contains(&q) || d.key.to_lowercase().contains(&q)).collect()
        } else {
            exact
        };
        match found.as_slice() {
            [] => Err(format!("no card matches `{rest}`")),
            [d] => {
                let mut out = format!("{} ({})  {}\n", d.name, d.key, d.file);
                out.push_str(&format!("  kind {}", d.kind));
                for (label, v) in [("school", &d.school), ("range", &d.range), ("duration", &d.duration)] {
                    if let Some(v) = v {
                        out.push_str(&format!(", {label} {v}"));
                    }
                }
                if let Some(e) = d.energy {
                    out.push_str(&format!(", energy {e}"));
                }
                out.push_str(&format!(", {} {}\n", d.copies, if d.copies == 1 { "copy" } else { "copies" }));
                if !d.traits.is_empty() {
                    out.push_str(&format!("  traits: {}\n", d.traits.join(", ")));
                }
                if !d.targets.is_empty() {
                    out.push_str(&format!("  targets: {}\n", d.targets.join(", ")));
                }
                out.push_str(&format!("  hooks: {}\n", d.hooks.join(", ")));
                if !d.actions.is_empty() {
                    out.push_str(&format!("  actions: {}\n", d.actions.join(", ")));
                }
                if !d.tests.is_empty() {
                    out.push_str(&format!("  tests: {}\n", d.tests.join(", ")));
                }
                if let Some(r) = &d.reconstructed {
                    out.push_str(&format!("  reconstructed: {r}\n"));
                }
                out.push_str(&format!("\n{}", d.text));
                Ok(out)
            }
            many => Err(format!(
                "`{rest}` matches several cards: {}",
                many.iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    fn cmd_save(&self, rest: &str) -> Result<String, String> {
        if rest.is_empty() {
            return Err("usage: save FILE".into());
        }
        let engine = self.engine_ref()?;
        let setup = self.setup.clone().expect("an engine has a setup");
        let path = Path::new(rest);
        if self.steps.iter().any(|s| matches!(s, Step::Lua { .. })) {
            let s = SavedSession { format: SESSION_FORMAT.into(), setup, steps: self.steps.clone() };
            let text = serde_json::to_string_pretty(&s).map_err(|e| e.to_string())?;
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(format!("saved the session ({} steps, with Lua) to {}", self.steps.len(), path.display()))
        } else {
            let mut saved = SavedGame::of(engine, &setup);
            saved.answers = self
                .steps
                .iter()
                .map(|s| match s {
                    Step::Answer { player, kind, keys } => {
                        Answered { player: *player, kind: kind.clone(), keys: keys.clone() }
                    }
                    Step::Lua { .. } => unreachable!("checked above"),
                })
                .collect();
            saved.write(path)?;
            Ok(format!("saved the game ({} answers) to {}", saved.answers.len(), path.display()))
        }
    }

    fn cmd_load(&mut self, rest: &str) -> Result<String, String> {
        if rest.is_empty() {
            return Err("usage: load FILE".into());
        }
        let path = Path::new(rest);
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (setup, steps) = if text.contains(&format!("\"{SESSION_FORMAT}\"")) {
            let s: SavedSession =
                serde_json::from_str(&text).map_err(|e| format!("{}: not a saved session: {e}", path.display()))?;
            (s.setup, s.steps)
        } else {
            let saved = SavedGame::read(path)?;
            let steps = saved
                .answers
                .into_iter()
                .map(|a| Step::Answer { player: a.player, kind: a.kind, keys: a.keys })
                .collect();
            (saved.setup, steps)
        };
        let (engine, outcome, applied, div) = self.build(&setup, &steps)?;
        self.setup = Some(setup);
        self.install(engine, outcome, applied);
        let mut out = format!("loaded {}: {} of {} steps applied", path.display(), self.steps.len(), steps.len());
        if let Some(d) = div {
            out.push_str(&format!("\n{d}"));
        }
        out.push('\n');
        out.push_str(&self.pending_text());
        Ok(out)
    }

    /// Rebuilds the engine from the setup (files read afresh) and re-applies `steps`.
    fn rebuild(&mut self, steps: &[Step]) -> Result<String, String> {
        let setup = self.setup.clone().ok_or("no game yet: use `new`")?;
        let (engine, outcome, applied, div) = self.build(&setup, steps)?;
        let n = applied.len();
        self.install(engine, outcome, applied);
        let head = match div {
            None => format!("replayed {n} step(s); no divergence"),
            Some(d) => format!("{d}\nkept the {n} step(s) before it"),
        };
        Ok(format!("{head}\n{}", self.pending_text()))
    }

    /// A fresh engine with as many of `steps` applied as still apply; the message of the
    /// first one that doesn't.
    #[allow(clippy::type_complexity)]
    fn build(&self, setup: &GameSetup, steps: &[Step]) -> Result<(Engine, Outcome, Vec<Step>, Option<String>), String> {
        let engine = Engine::new(&self.root, setup, Box::new(QueueAgent::default()))?;
        let mut outcome = engine.run(None);
        let mut applied = vec![];
        let mut div = None;
        for (i, s) in steps.iter().enumerate() {
            match apply(&engine, &outcome, s) {
                Ok((o, _)) => {
                    outcome = o;
                    applied.push(s.clone());
                }
                Err(e) => {
                    div = Some(format!(
                        "the replay diverges at step {} of {} ({}): {e}",
                        i + 1,
                        steps.len(),
                        s.describe()
                    ));
                    break;
                }
            }
        }
        let _ = engine.take_output();
        Ok((engine, outcome, applied, div))
    }

    fn install(&mut self, engine: Engine, outcome: Outcome, steps: Vec<Step>) {
        self.engine = Some(engine);
        self.outcome = Some(outcome);
        self.steps = steps;
        self.refresh_words();
    }

    /// Applies a new step and records it.
    fn step(&mut self, s: Step) -> Result<String, String> {
        let engine = self.engine.as_ref().ok_or("no game yet: use `new`")?;
        let outcome = self.outcome.clone().expect("an engine has an outcome");
        let before = (engine.state(), engine.log().len());
        let (o, shown) = apply(engine, &outcome, &s)?;
        // A Lua chunk that changed nothing (an expression looked at) is not a step.
        let changed = !matches!(s, Step::Lua { .. }) || before != (engine.state(), engine.log().len());
        self.outcome = Some(o);
        if changed {
            self.steps.push(s);
        }
        let pending = self.pending_text();
        Ok(match shown {
            Some(v) if !v.is_empty() => format!("{v}\n{pending}"),
            _ => pending,
        })
    }

    fn engine_ref(&self) -> Result<&Engine, String> {
        self.engine.as_ref().ok_or_else(|| "no game yet: use `new` (or `load FILE`)".to_string())
    }

    fn with_engine(&self, f: impl FnOnce(&Engine) -> String) -> Result<String, String> {
        Ok(f(self.engine_ref()?))
    }

    fn pending_request(&self) -> Result<Request, String> {
        self.engine_ref()?;
        match &self.outcome {
            Some(Outcome::Suspended(req)) => Ok(req.clone()),
            _ => Err(format!("nothing to answer: {}", self.pending_text())),
        }
    }

    /// What the game waits for now.
    pub fn pending_text(&self) -> String {
        match &self.outcome {
            None => "no game yet: use `new`".into(),
            Some(Outcome::Suspended(req)) => request_text(req),
            Some(Outcome::Over(r)) => {
                let who = r
                    .winner
                    .and_then(|w| self.engine.as_ref().map(|e| e.with_state(|s| s.players[w as usize].name.clone())));
                format!("game over: {} ({})", who.unwrap_or_else(|| "nobody".into()), r.reason)
            }
            Some(Outcome::TurnLimit) => "stopped at the turn limit".into(),
            Some(Outcome::AgentFailed(m)) => format!("the game stopped: {m}"),
        }
    }

    fn refresh_words(&self) {
        let mut w = self.words.borrow_mut();
        w.cards.clear();
        w.options.clear();
        if let Some(e) = &self.engine {
            for d in e.card_defs() {
                w.cards.push(d.name.clone());
                w.cards.push(d.key.clone());
            }
        }
        if let Some(Outcome::Suspended(req)) = &self.outcome {
            for (i, c) in req.options.iter().enumerate() {
                w.options.push((i + 1).to_string());
                w.options.push(c.key.clone());
            }
        }
    }
}

/// Applies one step: the new outcome and, for Lua, the values shown.
fn apply(engine: &Engine, outcome: &Outcome, s: &Step) -> Result<(Outcome, Option<String>), String> {
    match s {
        Step::Answer { player, kind, keys } => {
            let req = match outcome {
                Outcome::Suspended(req) => req,
                other => return Err(format!("the game waits for no answer ({other:?})")),
            };
            if req.player != *player || req.kind != *kind {
                return Err(format!(
                    "expected player {}'s `{kind}`, but player {} is asked `{}`",
                    wizard_glyph(*player),
                    wizard_glyph(req.player),
                    req.kind
                ));
            }
            req.resolve(keys)?;
            engine.queue_replay([Answered { player: *player, kind: kind.clone(), keys: keys.clone() }]);
            let before = engine.log().len();
            let out = engine.run(None);
            if let Outcome::AgentFailed(m) = &out {
                return Err(m.clone());
            }
            let errors: Vec<String> = engine.log()[before.min(engine.log().len())..]
                .iter()
                .filter(|l| l.event == "error")
                .filter_map(|l| {
                    l.data.get("message").and_then(Value::as_str).map(|m| format!("script error (undone): {m}"))
                })
                .collect();
            Ok((out, if errors.is_empty() { None } else { Some(errors.join("\n")) }))
        }
        Step::Lua { code } => {
            let shown = engine.eval_lua(code)?;
            // The chunk may have changed what the game waits for.
            let out = engine.run(None);
            if let Outcome::AgentFailed(m) = &out {
                return Err(m.clone());
            }
            Ok((out, Some(shown)))
        }
    }
}

fn request_text(req: &Request) -> String {
    let mut out = format!("Player {} ({}): {}", wizard_glyph(req.player), req.kind, req.prompt);
    for (i, c) in req.options.iter().enumerate() {
        if c.label == c.key {
            out.push_str(&format!("\n  {:>2}. {}", i + 1, c.label));
        } else {
            out.push_str(&format!("\n  {:>2}. {}  [{}]", i + 1, c.label, c.key));
        }
    }
    if req.max > 1 || req.min != 1 {
        out.push_str(&format!("\n(choose {}..{}: `answer N N...`)", req.min, req.max));
    }
    out
}

/// Option keys from the words typed: numbers, keys, or the whole text as one key.
fn resolve_words(req: &Request, rest: &str) -> Result<Vec<String>, String> {
    if rest.is_empty() {
        return Ok(vec![]);
    }
    if req.options.iter().any(|c| c.key == rest) {
        return Ok(vec![rest.to_string()]);
    }
    let keys: Vec<String> = rest
        .split_whitespace()
        .map(|w| match w.parse::<usize>() {
            Ok(n) if n >= 1 && n <= req.options.len() => Ok(req.options[n - 1].key.clone()),
            Ok(n) => Err(format!("{n} is not an option number (1..{})", req.options.len())),
            Err(_) => Ok(w.to_string()),
        })
        .collect::<Result<_, _>>()?;
    req.resolve(&keys)?;
    Ok(keys)
}

fn parse_player(rest: &str, engine: &Engine) -> Result<usize, String> {
    let n = engine.with_state(|s| s.players.len());
    let p = match rest.trim() {
        "" => engine.with_state(|s| s.turn.active as usize),
        w => match w.parse::<usize>() {
            Ok(p) => p,
            Err(_) if w.len() == 1 && w.chars().all(|c| c.is_ascii_alphabetic()) => {
                (w.to_ascii_uppercase().as_bytes()[0] - b'A') as usize
            }
            Err(_) => return Err(format!("`{w}` is not a player (0..{} or A..)", n.saturating_sub(1))),
        },
    };
    if p >= n {
        return Err(format!("no player {p} (the game has {n})"));
    }
    Ok(p)
}

fn parse_option(o: &str) -> Result<(String, Value), String> {
    match o.split_once('=') {
        None => Ok((o.to_string(), Value::Bool(true))),
        Some((k, "true")) => Ok((k.to_string(), Value::Bool(true))),
        Some((k, "false")) => Ok((k.to_string(), Value::Bool(false))),
        Some((k, v)) => v
            .parse::<i64>()
            .map(|n| (k.to_string(), Value::Int(n)))
            .map_err(|_| format!("option {k}: expected true, false or a number, got `{v}`")),
    }
}

fn help(rest: &str) -> String {
    if rest.is_empty() {
        let mut out = String::from("commands:\n");
        for (_, usage, doc) in COMMANDS {
            out.push_str(&format!("  {usage:<58} {doc}\n"));
        }
        out.push_str("type `help CMD` for more on one command");
        return out;
    }
    match COMMANDS.iter().find(|c| c.0 == rest) {
        Some((name, usage, doc)) => {
            let mut out = format!("{usage}\n  {doc}");
            if let Some(l) = long_help(name) {
                out.push_str(&format!("\n{l}"));
            }
            out
        }
        None => format!("no command `{rest}` (type `help` for the list)"),
    }
}

/// Does this Lua chunk compile?
fn compiles(code: &str) -> bool {
    mlua::Lua::new().load(code).into_function().is_ok()
}

/// Is this chunk unfinished (more lines would complete it)?
fn incomplete(code: &str) -> bool {
    match mlua::Lua::new().load(code).into_function() {
        Ok(_) => false,
        Err(e) => e.to_string().trim_end().ends_with("<eof>"),
    }
}

/// Is this command line a Lua chunk that more lines would complete?
fn needs_more(line: &str) -> bool {
    let line = line.trim_start();
    if let Some(r) = line.strip_prefix('=') {
        incomplete(&format!("return {r}"))
    } else if let Some(r) = line.strip_prefix("lua ") {
        incomplete(r) && !compiles(&format!("return {r}"))
    } else {
        false
    }
}

// ---------------------------------------------------------------------------------------------
// rustyline

#[derive(Helper, Highlighter)]
struct ReplHelper {
    words: Rc<RefCell<Words>>,
    files: FilenameCompleter,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        let pair = |s: &str| Pair { display: s.to_string(), replacement: s.to_string() };
        let Some((cmd, _)) = head.split_once(char::is_whitespace) else {
            let c = COMMANDS.iter().filter(|c| c.0.starts_with(head)).map(|c| pair(c.0)).collect();
            return Ok((0, c));
        };
        let arg_start = cmd.len() + (head[cmd.len()..].len() - head[cmd.len()..].trim_start().len());
        let arg = &head[arg_start..];
        let w = self.words.borrow();
        match cmd {
            "save" | "load" => self.files.complete(line, pos, ctx),
            "card" => Ok((
                arg_start,
                w.cards.iter().filter(|c| c.to_lowercase().starts_with(&arg.to_lowercase())).map(|c| pair(c)).collect(),
            )),
            "act" | "answer" => {
                // Complete the last word (answer takes several).
                let start = if cmd == "answer" {
                    head.rfind(char::is_whitespace).map(|i| i + 1).unwrap_or(0)
                } else {
                    arg_start
                };
                let word = &head[start..];
                Ok((start, w.options.iter().filter(|o| o.starts_with(word)).map(|o| pair(o)).collect()))
            }
            "help" => Ok((arg_start, COMMANDS.iter().filter(|c| c.0.starts_with(arg)).map(|c| pair(c.0)).collect())),
            _ => Ok((pos, vec![])),
        }
    }
}

impl Hinter for ReplHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.is_empty() {
            return None;
        }
        let cmd = line.split_whitespace().next()?;
        let (_, usage, _) = COMMANDS.iter().find(|c| c.0 == cmd)?;
        let args = usage.strip_prefix(cmd)?.trim_start();
        if args.is_empty() || line.trim_end() != cmd {
            return None;
        }
        Some(if line.ends_with(' ') { args.to_string() } else { format!(" {args}") })
    }
}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if needs_more(ctx.input()) { ValidationResult::Incomplete } else { ValidationResult::Valid(None) })
    }
}

fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("WIZWAR_HISTORY") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".wizwar_history"))
}

/// Reads commands at the terminal with line editing; returns false if a command failed.
pub fn run_interactive(repl: &mut Repl) -> Result<bool, String> {
    use rustyline::error::ReadlineError;
    let mut ed: rustyline::Editor<ReplHelper, rustyline::history::DefaultHistory> =
        rustyline::Editor::new().map_err(|e| e.to_string())?;
    ed.set_helper(Some(ReplHelper { words: repl.words.clone(), files: FilenameCompleter::new() }));
    let hist = history_path();
    if let Some(h) = &hist {
        let _ = ed.load_history(h);
    }
    println!("wizwar repl: type `help` for the commands, Ctrl-D to leave");
    let mut ok = true;
    loop {
        match ed.readline("wizwar> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = ed.add_history_entry(line.as_str());
                }
                let cmd = line.trim();
                if cmd == "quit" || cmd == "exit" {
                    break;
                }
                match repl.execute(&line) {
                    Ok(t) if t.is_empty() => {}
                    Ok(t) => println!("{t}"),
                    Err(e) => {
                        ok = false;
                        println!("error: {e}");
                    }
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.to_string()),
        }
    }
    if let Some(h) = &hist {
        let _ = ed.save_history(h);
    }
    Ok(ok)
}

/// Runs commands from a reader, one per line (a Lua chunk may go on over the next lines until
/// it compiles), echoing each command and its output. Returns false if a command failed.
pub fn run_script(repl: &mut Repl, input: impl BufRead, out: &mut impl Write) -> Result<bool, String> {
    let mut ok = true;
    let mut lines = input.lines();
    while let Some(line) = lines.next() {
        let mut line = line.map_err(|e| e.to_string())?;
        while needs_more(&line) {
            match lines.next() {
                Some(more) => {
                    line.push('\n');
                    line.push_str(&more.map_err(|e| e.to_string())?);
                }
                None => break,
            }
        }
        if line.trim().is_empty() {
            continue;
        }
        let _ = writeln!(out, "wizwar> {line}");
        let cmd = line.trim();
        if cmd == "quit" || cmd == "exit" {
            break;
        }
        match repl.execute(&line) {
            Ok(t) if t.is_empty() => {}
            Ok(t) => {
                let _ = writeln!(out, "{t}");
            }
            Err(e) => {
                ok = false;
                let _ = writeln!(out, "error: {e}");
            }
        }
    }
    Ok(ok)
}

/// `wizwar repl`: a script file, standard input when it is not a terminal, else the terminal.
pub fn main(root: &Path, setup: Option<GameSetup>, script: Option<&Path>) -> Result<bool, String> {
    let mut repl = Repl::new(root);
    let mut out = std::io::stdout();
    if let Some(s) = setup {
        match repl.start(s) {
            Ok(t) => println!("{t}"),
            Err(e) => println!("error: {e}"),
        }
    }
    match script {
        Some(p) => {
            let f = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            run_script(&mut repl, std::io::BufReader::new(f), &mut out)
        }
        None if !std::io::stdin().is_terminal() => run_script(&mut repl, std::io::stdin().lock(), &mut out),
        None => run_interactive(&mut repl),
    }
}
