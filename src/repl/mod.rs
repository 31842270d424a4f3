//! `wizwar repl`: an interactive session on one game.
//!
//! A session is a [`GameSetup`] plus the *steps* the user took, in order: answers to requests
//! (choosing an action is answering the `action` request), raw Lua chunks, and experiment set-ups
//! (`put`, `give`: Lua chunks with a name). Everything else only shows things. `undo` rebuilds
//! the game from the setup and re-applies all steps but the last; `reload`, `option` and
//! `ruleset` rebuild it (fresh files, other options, another ruleset) and re-apply every step,
//! comparing the state after each with the one recorded before, so the first step that now ends
//! differently, or no longer applies, is reported.
//!
//! The engine runs with a [`QueueAgent`] that has no answers, so it suspends at every request;
//! an answer is queued with [`Engine::queue_replay`] and the engine runs again.

pub mod experiment;
mod help;
pub mod show;
pub mod terminal;

use crate::cli::{overlay, summary, wizard_glyph};
use crate::decision::{QueueAgent, Request};
use crate::engine::{Answered, Engine, GameSetup, Outcome};
use crate::geometry::render::render_ascii;
use crate::save::SavedGame;
use crate::state::GameState;
use crate::testing::run_card_tests;
use crate::value::Value;
use experiment::{find_card, give_code, parse_player, put_code};
pub use help::COMMANDS;
use serde::{Deserialize, Serialize};
use show::{card_list, card_names, card_text, objects_text, pretty, request_text, stack_text, state_diff};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use terminal::{compiles, Words};
pub use terminal::{main, run_interactive, run_script};

/// One thing the user did that changes the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum Step {
    /// An answer to a request (`kind == "action"`: an action taken).
    Answer { player: u32, kind: String, keys: Vec<String> },
    /// A Lua chunk run with `game` in scope.
    Lua { code: String },
    /// An experiment set-up (`put ...`, `give ...`) and the Lua chunk it stands for.
    Setup { command: String, code: String },
}

impl Step {
    pub fn describe(&self) -> String {
        match self {
            Step::Answer { player, kind, keys } if kind == "action" => {
                format!("player {} acts `{}`", wizard_glyph(*player), keys.join(" "))
            }
            Step::Answer { player, kind, keys } => {
                format!("player {} answers {kind} `{}`", wizard_glyph(*player), keys.join(", "))
            }
            Step::Lua { code } => format!("lua `{}`", code.lines().next().unwrap_or("")),
            Step::Setup { command, .. } => format!("`{command}`"),
        }
    }
}

/// The REPL's own save format, for sessions with Lua or set-up steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSession {
    pub format: String,
    pub setup: GameSetup,
    pub steps: Vec<Step>,
}

pub const SESSION_FORMAT: &str = "wizwar-repl-1";

/// A saved game or session read from a file: its setup and steps, and the state it was saved
/// with when the file records one (a saved game's snapshot).
pub struct Loaded {
    pub setup: GameSetup,
    pub steps: Vec<Step>,
    pub snapshot: Option<GameState>,
}

/// Reads either format.
pub fn read_saved(path: &Path) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if text.contains(&format!("\"{SESSION_FORMAT}\"")) {
        let s: SavedSession =
            serde_json::from_str(&text).map_err(|e| format!("{}: not a saved session: {e}", path.display()))?;
        return Ok(Loaded { setup: s.setup, steps: s.steps, snapshot: None });
    }
    let saved = SavedGame::read(path)?;
    let steps =
        saved.answers.into_iter().map(|a| Step::Answer { player: a.player, kind: a.kind, keys: a.keys }).collect();
    Ok(Loaded { setup: saved.setup, steps, snapshot: saved.snapshot })
}

/// Writes a session: a plain saved game when every step is an answer, else the session format.
/// Returns a description of what was written.
pub fn write_saved(path: &Path, engine: &Engine, setup: &GameSetup, steps: &[Step]) -> Result<String, String> {
    let answers: Option<Vec<Answered>> = steps
        .iter()
        .map(|s| match s {
            Step::Answer { player, kind, keys } => {
                Some(Answered { player: *player, kind: kind.clone(), keys: keys.clone() })
            }
            _ => None,
        })
        .collect();
    match answers {
        Some(answers) => {
            let mut saved = SavedGame::of(engine, setup);
            saved.answers = answers;
            saved.write(path)?;
            Ok(format!("saved the game ({} answers) to {}", saved.answers.len(), path.display()))
        }
        None => {
            let s = SavedSession { format: SESSION_FORMAT.into(), setup: setup.clone(), steps: steps.to_vec() };
            let text = serde_json::to_string_pretty(&s).map_err(|e| e.to_string())?;
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(format!("saved the session ({} steps, with Lua or set-up steps) to {}", steps.len(), path.display()))
        }
    }
}

/// `play --load`: a saved game or session rebuilt (every step must still apply), then handed
/// to `agent` to go on.
pub fn resume(root: &Path, loaded: &Loaded, agent: Box<dyn crate::decision::Agent>) -> Result<Engine, String> {
    let built = build(root, &loaded.setup, &loaded.steps, None)?;
    if let Some(s) = built.stopped {
        return Err(s);
    }
    built.engine.set_agent(agent);
    Ok(built.engine)
}

/// `play --save`: the steps a game was loaded with plus the answers given since.
pub fn steps_after_play(engine: &Engine, loaded: &[Step]) -> Vec<Step> {
    let replayed = loaded.iter().filter(|s| matches!(s, Step::Answer { .. })).count();
    let mut steps = loaded.to_vec();
    steps.extend(engine.answers().into_iter().skip(replayed).map(|a| Step::Answer {
        player: a.player,
        kind: a.kind,
        keys: a.keys,
    }));
    steps
}

/// A game rebuilt from a setup and steps.
pub struct Built {
    pub engine: Engine,
    pub outcome: Outcome,
    /// The steps that applied.
    pub steps: Vec<Step>,
    /// The state at the start, then after each applied step.
    pub trace: Vec<GameState>,
    /// The first step that ends differently from before (when a trace to compare was given).
    pub differs: Option<String>,
    /// The step that no longer applies: the replay stopped there.
    pub stopped: Option<String>,
}

/// Builds a game with `agent`-less suspension and re-applies as many `steps` as still apply;
/// with `before` (the trace of an earlier run), reports the first step whose state differs.
pub fn build(root: &Path, setup: &GameSetup, steps: &[Step], before: Option<&[GameState]>) -> Result<Built, String> {
    let engine = Engine::new(root, setup, Box::new(QueueAgent::default()))?;
    let mut outcome = engine.run(None);
    let mut trace = vec![engine.state()];
    let mut differs = None;
    let mut compare = |i: usize, now: &GameState, what: &str| {
        if differs.is_some() {
            return;
        }
        if let Some(old) = before.and_then(|b| b.get(i)) {
            if old != now {
                let lines = state_diff(old, now, 8);
                differs =
                    Some(format!("the replay diverges {what}; the state now differs:\n    {}", lines.join("\n    ")));
            }
        }
    };
    compare(0, &trace[0], "at the start (before any step)");
    let mut applied = vec![];
    let mut stopped = None;
    for (i, s) in steps.iter().enumerate() {
        match apply(&engine, &outcome, s) {
            Ok((o, _)) => {
                outcome = o;
                applied.push(s.clone());
                let now = engine.state();
                compare(i + 1, &now, &format!("at step {} of {} ({})", i + 1, steps.len(), s.describe()));
                trace.push(now);
            }
            Err(e) => {
                stopped = Some(format!(
                    "the replay diverges at step {} of {} ({}): it no longer applies: {e}",
                    i + 1,
                    steps.len(),
                    s.describe()
                ));
                break;
            }
        }
    }
    let _ = engine.take_output();
    Ok(Built { engine, outcome, steps: applied, trace, differs, stopped })
}

/// The interactive session.
pub struct Repl {
    root: PathBuf,
    setup: Option<GameSetup>,
    engine: Option<Engine>,
    steps: Vec<Step>,
    /// The state at the start, then after each step (to tell where a replay diverges).
    trace: Vec<GameState>,
    /// Why the engine last stopped.
    outcome: Option<Outcome>,
    /// Words for completion, refreshed after every command.
    words: Rc<RefCell<Words>>,
}

impl Repl {
    pub fn new(root: &Path) -> Repl {
        Repl {
            root: root.to_path_buf(),
            setup: None,
            engine: None,
            steps: vec![],
            trace: vec![],
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

    pub fn setup(&self) -> Option<&GameSetup> {
        self.setup.as_ref()
    }

    /// Starts a game from a setup.
    pub fn start(&mut self, setup: GameSetup) -> Result<String, String> {
        let built = build(&self.root, &setup, &[], None)?;
        self.setup = Some(setup);
        self.install(built);
        Ok(self.pending_text())
    }

    /// Runs one command line; the text to show, or an error message. Whatever fails, the
    /// session and its game stay as they were.
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
            "help" | "?" => Ok(help::help(rest)),
            "new" => self.cmd_new(rest),
            "board" => self.with_engine(|e| e.with_state(|st| render_ascii(&st.board, &overlay(st)))),
            "state" => self.cmd_state(),
            "hand" | "play" => {
                let engine = self.engine_ref()?;
                let p = parse_player(rest, engine)? as usize;
                let names = card_names(engine.card_defs());
                Ok(engine.with_state(|st| {
                    let (ids, what) =
                        if cmd == "hand" { (&st.players[p].hand, "hand") } else { (&st.players[p].play, "play area") };
                    if ids.is_empty() {
                        format!("{}'s {what} is empty", st.players[p].name)
                    } else {
                        card_list(st, &names, ids)
                    }
                }))
            }
            "objects" => {
                let engine = self.engine_ref()?;
                let names = card_names(engine.card_defs());
                Ok(engine.with_state(|st| objects_text(st, &names)))
            }
            "log" => {
                let n = if rest.is_empty() {
                    20
                } else {
                    rest.parse::<usize>().map_err(|_| format!("log: `{rest}` is not a number"))?
                };
                let log = self.engine_ref()?.log();
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
            "stack" => {
                let engine = self.engine_ref()?;
                let names = card_names(engine.card_defs());
                Ok(engine.with_state(|st| stack_text(st, &names)))
            }
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
            "put" | "give" => {
                let engine = self.engine_ref()?;
                let code = if cmd == "put" { put_code(rest, engine)? } else { give_code(rest, engine)? };
                self.step(Step::Setup { command: format!("{cmd} {rest}"), code })
            }
            "option" => self.cmd_option(rest),
            "ruleset" => self.cmd_ruleset(rest),
            "card" => self.cmd_card(rest),
            "test" => {
                let ruleset = self.setup.as_ref().map(|s| s.ruleset.clone()).unwrap_or_else(|| "8th".into());
                let filter = if rest.is_empty() { None } else { Some(rest) };
                let results = run_card_tests(&self.root, &ruleset, filter)?;
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
            "undo" => {
                self.engine_ref()?;
                let Some(last) = self.steps.last().cloned() else {
                    return Err("nothing to undo".into());
                };
                let mut steps = self.steps.clone();
                steps.pop();
                let setup = self.setup.clone().expect("an engine has a setup");
                let msg = self.rebuild(setup, &steps)?;
                Ok(format!("undid: {}\n{msg}", last.describe()))
            }
            "reload" => {
                self.engine_ref()?;
                let setup = self.setup.clone().expect("an engine has a setup");
                let steps = self.steps.clone();
                let msg = self.rebuild(setup, &steps)?;
                Ok(format!("reloaded the rules and cards from disk\n{msg}"))
            }
            "save" => {
                if rest.is_empty() {
                    return Err("usage: save FILE".into());
                }
                let engine = self.engine_ref()?;
                let setup = self.setup.as_ref().expect("an engine has a setup");
                write_saved(Path::new(rest), engine, setup, &self.steps)
            }
            "load" => self.cmd_load(rest),
            "quit" | "exit" => Ok(String::new()),
            other => Err(help::unknown(other)),
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

    fn cmd_state(&self) -> Result<String, String> {
        let engine = self.engine_ref()?;
        let setup = self.setup.as_ref().expect("an engine has a setup");
        let pending = self.pending_text();
        Ok(engine.with_state(|st| {
            let active = &st.players[st.turn.active as usize];
            let mut out = format!(
                "ruleset {}, seed {}{}, {} step(s) taken\n{}turn {} (round {}), {} ({}) to play, phase {}\n",
                setup.ruleset,
                setup.seed,
                options_text(&setup.options),
                self.steps.len(),
                summary(st),
                st.turn.number,
                st.turn.round,
                active.name,
                wizard_glyph(active.id),
                if st.turn.phase.is_empty() { "-" } else { &st.turn.phase },
            );
            if !st.stack.is_empty() {
                out.push_str(&format!("the stack holds {} entr(ies): see `stack`\n", st.stack.len()));
            }
            out.push_str(&pending);
            out
        }))
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

    fn cmd_option(&mut self, rest: &str) -> Result<String, String> {
        let engine = self.engine_ref()?;
        let setup = self.setup.clone().expect("an engine has a setup");
        if rest.is_empty() {
            let specs = &engine.ruleset().file.options;
            if specs.is_empty() {
                return Ok(format!("ruleset {} has no optional rules", setup.ruleset));
            }
            let given = engine.ruleset().options(&setup.options)?;
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
        let steps = self.steps.clone();
        let msg = self.rebuild(new, &steps)?;
        Ok(format!("option {name} = {value}: restarted with the same seed\n{msg}"))
    }

    fn cmd_ruleset(&mut self, rest: &str) -> Result<String, String> {
        let on_disk: Vec<String> = rulesets_on_disk(&self.root);
        if rest.is_empty() {
            let current = self.setup.as_ref().map(|s| s.ruleset.as_str()).unwrap_or("none");
            return Ok(format!("ruleset {current} (on disk: {})", on_disk.join(", ")));
        }
        let setup = self.setup.clone().ok_or("no game yet: use `new --ruleset R`")?;
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
        let steps = self.steps.clone();
        let msg = self.rebuild(new, &steps)?;
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
        let path = Path::new(rest);
        let loaded = read_saved(path)?;
        let built = build(&self.root, &loaded.setup, &loaded.steps, None)?;
        let total = loaded.steps.len();
        let stopped = built.stopped.clone();
        self.setup = Some(loaded.setup);
        self.install(built);
        let mut out = format!("loaded {}: {} of {total} steps applied", path.display(), self.steps.len());
        if let Some(d) = stopped {
            out.push_str(&format!("\n{d}"));
        } else if let Some(snap) = &loaded.snapshot {
            let now = self.trace.last().expect("a trace has the start");
            if snap != now {
                let lines = state_diff(snap, now, 8);
                out.push_str(&format!(
                    "\nthe replayed game differs from the state saved with it:\n    {}",
                    lines.join("\n    ")
                ));
            }
        }
        out.push('\n');
        out.push_str(&self.pending_text());
        Ok(out)
    }

    /// Rebuilds the engine from `setup` (files read afresh) and re-applies `steps`, comparing
    /// each state with the one recorded before. The game is untouched if the build fails.
    fn rebuild(&mut self, setup: GameSetup, steps: &[Step]) -> Result<String, String> {
        let before = self.trace.clone();
        let built = build(&self.root, &setup, steps, Some(&before))?;
        let n = built.steps.len();
        let mut report = vec![];
        match (&built.differs, &built.stopped) {
            (None, None) => report.push(format!("replayed {n} step(s); no divergence")),
            (d, s) => {
                report.extend(d.iter().cloned());
                if let Some(s) = s {
                    report.push(format!("{s}\nkept the {n} step(s) before it"));
                } else {
                    report.push(format!("replayed all {n} step(s)"));
                }
            }
        }
        self.setup = Some(setup);
        self.install(built);
        Ok(format!("{}\n{}", report.join("\n"), self.pending_text()))
    }

    fn install(&mut self, built: Built) {
        self.engine = Some(built.engine);
        self.outcome = Some(built.outcome);
        self.steps = built.steps;
        self.trace = built.trace;
        self.refresh_words();
    }

    /// Applies a new step and records it.
    fn step(&mut self, s: Step) -> Result<String, String> {
        let engine = self.engine.as_ref().ok_or("no game yet: use `new`")?;
        let outcome = self.outcome.clone().expect("an engine has an outcome");
        let before = (engine.state(), engine.log().len());
        let (o, shown) = apply(engine, &outcome, &s)?;
        let after = engine.state();
        // A Lua chunk that changed nothing (an expression looked at) is not a step.
        let changed = matches!(s, Step::Answer { .. }) || before != (after.clone(), engine.log().len());
        let new_request = Some(&o) != self.outcome.as_ref();
        self.outcome = Some(o);
        let shown = shown.unwrap_or_default();
        if !changed {
            return Ok(shown);
        }
        let mut out = vec![];
        if let Step::Setup { command, .. } = &s {
            out.push(if shown.is_empty() { format!("{command}: done") } else { format!("{command}: #{shown}") });
        } else if !shown.is_empty() {
            out.push(shown);
        }
        self.steps.push(s);
        self.trace.push(after);
        if matches!(self.steps.last(), Some(Step::Answer { .. })) || new_request {
            out.push(self.pending_text());
        }
        Ok(out.join("\n"))
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
        *w = Words { rulesets: rulesets_on_disk(&self.root), ..Words::default() };
        if let Some(e) = &self.engine {
            w.cards = e.card_defs().map(|d| d.name.clone()).collect();
            w.rule_options = e.ruleset().file.options.iter().map(|o| o.name.clone()).collect();
            e.with_state(|st| {
                w.players = st.players.iter().map(|p| wizard_glyph(p.id).to_string()).collect();
                w.objects = st.objects.keys().map(|id| format!("#{id}")).collect();
            });
        }
        if let Some(Outcome::Suspended(req)) = &self.outcome {
            w.options = req.options.iter().map(|c| c.key.clone()).collect();
        }
    }
}

/// Applies one step: the new outcome and the values shown (Lua) or script errors (answers).
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
        Step::Lua { code } | Step::Setup { code, .. } => {
            let values = engine.eval_lua_values(code)?;
            let shown: Vec<String> = values
                .iter()
                .map(|v| match v {
                    Ok(v) => pretty(v),
                    Err(name) => format!("<{name}>"),
                })
                .collect();
            // The chunk may have changed what the game waits for.
            let out = engine.run(None);
            if let Outcome::AgentFailed(m) = &out {
                return Err(m.clone());
            }
            Ok((out, Some(shown.join("\t"))))
        }
    }
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

fn parse_option(o: &str) -> Result<(String, Value), String> {
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

fn options_text(options: &[(String, Value)]) -> String {
    if options.is_empty() {
        return String::new();
    }
    format!(", options {}", options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" "))
}

fn rulesets_on_disk(root: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root.join("rulesets"))
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.path().join("ruleset.toml").is_file())
                .filter_map(|e| e.file_name().to_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}
