//! Steps and replays: a session is a setup plus the steps the user took. A game is rebuilt by
//! applying the steps one by one to a fresh engine; after each, the engine's snapshot is kept
//! (a *point*), so undo goes back without replaying, and a later rebuild (files reloaded,
//! another option) can tell the first step that now ends differently.

use super::inspect::{show_lua, show_lua_flat};
use super::show::{card_label, card_names, log_lines, state_diff};
use crate::cli::wizard_glyph;
use crate::decision::{Choice, QueueAgent};
use crate::engine::{Answered, Engine, GameSetup, LuaSession, Outcome, Snapshot};
use crate::state::GameState;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One thing the user did that changes the game (or the Lua session).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "lowercase")]
pub enum Step {
    /// An answer to a request (`kind == "action"`: an action taken).
    Answer { player: u32, kind: String, keys: Vec<String> },
    /// A Lua chunk run in the session's environment.
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
            Step::Lua { code } => {
                let first = code.lines().next().unwrap_or("");
                let more = if code.lines().count() > 1 { " ..." } else { "" };
                format!("lua `{first}`{more}")
            }
            Step::Setup { command, .. } => format!("`{command}`"),
        }
    }

    /// [`Step::describe`], with the cards its keys name by id (`card=24`: `CARD_FIELDS`) named
    /// as the game holds them: "Zap #24". An id alone tells a designer nothing.
    fn describe_in(&self, engine: &Engine) -> String {
        let Step::Answer { keys, .. } = self else { return self.describe() };
        engine.with_state(|st| {
            let mut ids: Vec<crate::state::CardId> = keys
                .iter()
                .flat_map(|k| k.split([' ', '(', ')']))
                .filter_map(|word| word.split_once('='))
                .filter(|(field, _)| crate::decision::CARD_FIELDS.contains(field))
                .filter_map(|(_, id)| id.parse().ok())
                .filter(|&id| st.cards.iter().any(|c| c.id == id))
                .collect();
            ids.dedup();
            if ids.is_empty() {
                return self.describe();
            }
            let names = card_names(engine.card_defs());
            let named: Vec<String> = ids.iter().map(|&id| card_label(st, &names, id)).collect();
            format!("{}: {}", self.describe(), named.join(", "))
        })
    }

    fn answer(a: Answered) -> Step {
        Step::Answer { player: a.player, kind: a.kind, keys: a.keys }
    }
}

/// Steps from answers (a saved game, the answers given while playing).
pub fn steps_of(answers: Vec<Answered>) -> Vec<Step> {
    answers.into_iter().map(Step::answer).collect()
}

/// Where the game was after a step (or at the start).
#[derive(Clone)]
pub struct Point {
    pub snap: Snapshot,
    pub outcome: Outcome,
    /// The step that led here may have changed the Lua session (assigned a global, or ran
    /// while globals existed): going back before it needs a replay to rebuild the session.
    pub touched_session: bool,
}

/// What applying one step did.
pub struct Applied {
    pub outcome: Outcome,
    /// What a Lua chunk returned, shown.
    pub shown: Vec<String>,
    /// Script errors the step met (the action they broke was undone).
    pub errors: Vec<String>,
    /// The step changed the game, or the session: it is a step to record.
    pub counts: bool,
    pub touched_session: bool,
}

/// Applies one step (the game waits with `outcome`), running the game on until the next
/// request, or the start of turn `max_turns` if given. An error leaves the engine to be put
/// back by the caller.
pub fn apply(
    engine: &Engine,
    lua: &LuaSession,
    outcome: &Outcome,
    s: &Step,
    max_turns: Option<u64>,
) -> Result<Applied, String> {
    match s {
        Step::Answer { player, kind, keys } => {
            let req = match outcome {
                Outcome::Suspended(req) => req,
                Outcome::Over(_) => return Err("the game is over: it waits for no answer".into()),
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
            if let Err(e) = req.resolve(keys) {
                // A key no longer offered (the usual divergence after an edit): what is offered
                // now, in the game's words, one a line, as many as a screen shows (the REPL's
                // `actions` lists them with their keys).
                let Some(gone) = keys.iter().find(|k| !req.options.iter().any(|c| &c.key == *k)) else { return Err(e) };
                let shown: Vec<String> = req
                    .options_shown(8, |c: &Choice| if c.label.is_empty() { c.key.clone() } else { c.label.clone() })
                    .iter()
                    .map(|o| format!("    {o}"))
                    .collect();
                return Err(format!(
                    "`{gone}` is not offered; offered now ({}):\n{}",
                    req.options.len(),
                    shown.join("\n")
                ));
            }
            engine.queue_replay([Answered { player: *player, kind: kind.clone(), keys: keys.clone() }]);
            let before = engine.log_len();
            let out = engine.run(max_turns);
            if let Outcome::AgentFailed(m) = &out {
                return Err(m.clone());
            }
            let errors = engine
                .log_since(before)
                .iter()
                .filter(|l| l.event == "error")
                .filter_map(|l| l.data.get("message").and_then(Value::as_str).map(str::to_string))
                .collect();
            Ok(Applied { outcome: out, shown: vec![], errors, counts: true, touched_session: false })
        }
        Step::Lua { code } | Step::Setup { code, .. } => {
            let had_globals = lua.has_globals();
            let done = engine.eval_in(lua, "repl", code)?;
            let game = engine.kernel().game.borrow().clone();
            let shown = done.values.iter().map(|v| show_lua(v, game.as_ref())).collect();
            // A chunk may have changed what the game waits for.
            let out = if done.changed { engine.run(max_turns) } else { outcome.clone() };
            if let Outcome::AgentFailed(m) = &out {
                return Err(m.clone());
            }
            // A statement may change a table a global holds without assigning any global; an
            // expression (`= ...`, kept as `return ...`) only looks.
            let statement = matches!(s, Step::Lua { code } if !code.starts_with("return "));
            let touched_session = done.wrote_globals || (had_globals && statement);
            let counts = done.changed || touched_session || matches!(s, Step::Setup { .. });
            Ok(Applied { outcome: out, shown, errors: vec![], counts, touched_session })
        }
    }
}

/// What to check a rebuild against.
#[derive(Default, Clone, Copy)]
pub struct Check<'a> {
    /// The points of the game before (and its engine, for its log): report the first step
    /// that ends differently.
    pub before: Option<(&'a [Point], &'a Engine)>,
    /// Leave the optional rules out of the comparison (they were switched on purpose).
    pub ignore_options: bool,
    /// The state a saved file recorded after its last step.
    pub saved: Option<&'a GameState>,
    /// Stops (with an error) when this flag is set: Ctrl-C.
    pub interrupt: Option<&'a Arc<AtomicBool>>,
}

/// A game rebuilt from a setup and steps.
pub struct Built {
    pub engine: Engine,
    pub lua: LuaSession,
    /// The steps that applied.
    pub steps: Vec<Step>,
    /// The steps from the first that no longer applies: kept, to retry.
    pub pending: Vec<Step>,
    /// The start, then the point after each applied step.
    pub trace: Vec<Point>,
    /// The first step that ends differently from before, or how the game differs from the
    /// state saved with it.
    pub differs: Option<String>,
    /// Why the first pending step no longer applies.
    pub stopped: Option<String>,
    /// The script errors the replay met (each undid the action it broke), as
    /// "at step N of M (step): message" (or "at the start").
    pub errors: Vec<String>,
}

pub const INTERRUPTED: &str = "interrupted (Ctrl-C): the game is as it was before the command";

fn interrupted(check: &Check) -> bool {
    check.interrupt.is_some_and(|f| f.load(Ordering::Relaxed))
}

/// Builds a game (files read afresh) and applies as many `steps` as still apply.
pub fn build(root: &Path, setup: &GameSetup, steps: &[Step], check: Check) -> Result<Built, String> {
    let engine = Engine::new(root, setup, Box::new(QueueAgent::default()))?;
    engine.set_interrupt_flag(check.interrupt.cloned());
    let lua = new_session(&engine)?;
    let mut built = Built {
        engine,
        lua,
        steps: vec![],
        pending: vec![],
        trace: vec![],
        differs: None,
        stopped: None,
        errors: vec![],
    };
    replay_steps(&mut built, steps, check)?;
    Ok(built)
}

/// Runs `built` (a fresh engine, or one put back to its start) through `steps`, recording the
/// points and the first divergence.
pub fn replay_steps(built: &mut Built, steps: &[Step], check: Check) -> Result<(), String> {
    // A game saved by `play` between two turns: stop there to compare, then go on.
    let boundary = check.saved.filter(|s| !s.turn.started && s.result.is_none()).map(|s| s.turn.number);
    let last_run = |i: usize| if i == steps.len() { boundary } else { None };
    let engine = &built.engine;
    let start = engine.run(last_run(0));
    built.errors = engine
        .log_since(0)
        .iter()
        .filter(|l| l.event == "error")
        .filter_map(|l| l.data.get("message").and_then(Value::as_str))
        .map(|m| format!("at the start: {m}"))
        .collect();
    built.trace = vec![Point { snap: engine.snapshot(), outcome: start, touched_session: false }];
    let mut differs = compare(&check, 0, &built.trace, engine, &|| "at the start (before any step)".into());
    for (i, s) in steps.iter().enumerate() {
        if interrupted(&check) {
            return Err(INTERRUPTED.into());
        }
        let outcome = built.trace.last().expect("a start").outcome.clone();
        match apply(engine, &built.lua, &outcome, s, last_run(i + 1)) {
            Ok(a) => {
                let at = || format!("at step {} of {} ({})", i + 1, steps.len(), s.describe_in(engine));
                if !a.errors.is_empty() {
                    let at = at();
                    built.errors.extend(a.errors.iter().map(|e| format!("{at}: {e}")));
                }
                built.steps.push(s.clone());
                built.trace.push(Point {
                    snap: engine.snapshot(),
                    outcome: a.outcome,
                    touched_session: a.touched_session,
                });
                if differs.is_none() {
                    differs = compare(&check, i + 1, &built.trace, engine, &at);
                }
            }
            Err(e) => {
                built.engine.go_back(&built.trace.last().expect("a start").snap);
                built.stopped = Some(format!(
                    "the replay diverges at step {} of {} ({}):\n  it no longer applies: {e}",
                    i + 1,
                    steps.len(),
                    s.describe_in(&built.engine)
                ));
                built.pending = steps[i..].to_vec();
                break;
            }
        }
    }
    if interrupted(&check) {
        return Err(INTERRUPTED.into());
    }
    if let Some(saved) = check.saved.filter(|_| built.pending.is_empty()) {
        let now = built.trace.last().expect("a start");
        // (a save from before seats had figures says where each stood: made figures of, as now)
        let mut saved = saved.clone();
        saved.adopt_old_places(&built.engine.ruleset().file.seat_figure);
        if saved != *now.snap.state() {
            let lines = state_diff(&saved, now.snap.state(), 8);
            differs.get_or_insert(format!(
                "the replayed game differs from the state saved with it:\n    {}",
                lines.join("\n    ")
            ));
        }
        if now.outcome == Outcome::TurnLimit {
            // Stopped at the saved turn boundary to compare: go on to the next request.
            let out = built.engine.run(None);
            let last = built.trace.last_mut().expect("a start");
            last.snap = built.engine.snapshot();
            last.outcome = out;
        }
    }
    let _ = built.engine.take_output();
    built.differs = differs;
    Ok(())
}

/// How point `i` of the new trace differs from the old one, if it does.
/// (`what` says where, made only for a difference: it names the step's cards.)
fn compare(check: &Check, i: usize, trace: &[Point], engine: &Engine, what: &dyn Fn() -> String) -> Option<String> {
    let (old_trace, old_engine) = check.before?;
    let (old, new) = (old_trace.get(i)?, &trace[i]);
    let same_options = |old: &GameState, new: &GameState| -> Option<GameState> {
        check.ignore_options.then(|| {
            let mut o = old.clone();
            o.options = new.options.clone();
            o
        })
    };
    let diff = |a: &GameState, b: &GameState| -> Vec<String> {
        match same_options(a, b) {
            Some(a) if a == *b => vec![],
            Some(a) => state_diff(&a, b, 8),
            None if a == b => vec![],
            None => state_diff(a, b, 8),
        }
    };
    let d = diff(old.snap.state(), new.snap.state());
    if !d.is_empty() {
        return Some(format!("the replay diverges {}; the state now differs:\n    {}", what(), d.join("\n    ")));
    }
    let d = diff(old.snap.view(), new.snap.view());
    if !d.is_empty() {
        return Some(format!(
            "the replay diverges {}; at the open question the game now differs:\n    {}",
            what(),
            d.join("\n    ")
        ));
    }
    if old.outcome != new.outcome {
        return Some(format!(
            "the replay diverges {}; the game now waits for {} (before: {})",
            what(),
            outcome_brief(&new.outcome),
            outcome_brief(&old.outcome)
        ));
    }
    // The log lines of the step, up to the open question.
    let lines = |e: &Engine, t: &[Point]| {
        let from = if i == 0 { 0 } else { t[i - 1].snap.log_len() };
        let mut l = e.log_range(from..t[i].snap.log_len());
        l.extend(t[i].snap.question_log().iter().cloned());
        l
    };
    let (a, b) = (lines(old_engine, old_trace), lines(engine, trace));
    if a != b {
        let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
        let show = |l: &[crate::engine::LogEntry]| log_lines(&l[first.min(l.len())..(first + 3).min(l.len())]);
        return Some(format!(
            "the replay diverges {}; the log now differs:\n    before: {}\n    now:    {}",
            what(),
            show(&a).join("\n            "),
            show(&b).join("\n            ")
        ));
    }
    None
}

fn outcome_brief(o: &Outcome) -> String {
    match o {
        Outcome::Suspended(r) => format!(
            "player {}'s `{}` ({} option(s): {})",
            wizard_glyph(r.player),
            r.kind,
            r.options.len(),
            r.options.iter().take(4).map(|c| c.key.as_str()).collect::<Vec<_>>().join(", ")
        ),
        Outcome::Over(r) => format!("nothing: game over ({})", r.reason),
        Outcome::TurnLimit => "nothing (turn limit)".into(),
        Outcome::AgentFailed(m) => format!("nothing: {m}"),
    }
}

/// `print` in a session: every argument shown readably (tables too), then the sandbox's print.
const PRINT_LUA: &str = r#"
local show, print, game = ...
return function(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = show(t[i], game) end
  return print(table.unpack(t, 1, t.n))
end
"#;

/// A Lua session for the REPL: globals persist; `print` shows tables readably.
pub fn new_session(engine: &Engine) -> Result<LuaSession, String> {
    let session = engine.lua_session()?;
    let lua = engine.kernel().host.lua();
    let err = |e: mlua::Error| e.to_string();
    let show = lua
        .create_function(|_, (v, game): (mlua::Value, Option<mlua::Table>)| Ok(show_lua_flat(&v, game.as_ref())))
        .map_err(err)?;
    let wrap = lua.load(PRINT_LUA).set_name("=[repl print]").into_function().map_err(err)?;
    let print: mlua::Value = session.env().get("print").map_err(err)?;
    let game = engine.kernel().game.borrow().clone();
    let f: mlua::Function = wrap.call((show, print, game)).map_err(err)?;
    engine.session_set(&session, "print", mlua::Value::Function(f))?;
    Ok(session)
}
