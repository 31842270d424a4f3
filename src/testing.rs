//! Running the tests every card carries beside its code.
//!
//! A card's `tests` list holds `{ "name", function(t, g) ... end }` entries. Each test runs in a
//! fresh game of the ruleset (its `setup`, then `rules.test_setup(game)` if the ruleset has
//! one) with a strict scripted agent, and gets a `t` object and the game `g` (`t.game`):
//!
//! | call | does |
//! |---|---|
//! | `t.game` | the game, as every script sees it |
//! | `t:give(p, card)` / `t:put(p, card)` | a new copy of a card (key or name) in p's hand / play area; returns its id |
//! | `t:place(p, {x=,y=})`, `t:life(p)`, `t:at(p)`, `t:set_life(p, n)` | set up the position, read it |
//! | `t:active(p [, phase])` | make it p's turn, at the start of `phase` (default: the first loop phase) |
//! | `t:turn_of(p, card...)` | `t:active(p)`, then a new copy of each card in p's hand; returns their ids |
//! | `t:list([spec])` | the actions the active player may take now, as records (`key`, `label` and the action's fields), those matching `spec` |
//! | `t:has(spec)`, `t:count(spec)` | is an action matching `spec` offered; how many are |
//! | `t:act(spec)` | take the action the record `spec` names (the plainest of those with all its fields), or whose key or label is the text given |
//! | `t:cast{card =, at =, boost =}`, `t:move(dir)`, `t:punch(target)`, `t:throw{card =, at =}` | the same, for the usual actions |
//! | `t:wizard(p)`, `t:square(s)`, `t:wall(e)`, `t:door(e)`, `t:border(e)`, `t:object(id)`, `t:treasure(id)`, `t:creature(id)`, `t:spell(c)`, `t:sector(i)`, `t:board()` | targets to name in specs |
//! | `t:answer(p, x, ...)` | queue p's answer to the next request: keys, labels or records of options (strict: an unexpected request fails the test) |
//! | `t:actions()` | the labels of the actions offered now (for messages) |
//! | `t:pass(n)` | let turns go by, everyone doing nothing, until `n` more turns have begun |
//! | `t:log(event, seat?)` | payloads of that event logged since the test began (as `seat` was shown them) |
//! | `t:eq(a, b [, msg])`, `t:ok(cond [, msg])` | assertions; a failure names the test's line |

use crate::decision::{Agent, Decision, Request, ScriptedAgent};
use crate::engine::{Engine, GameSetup, Outcome};
use crate::value::Value;
use std::cell::{Cell, RefCell};
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The result of one card test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestOutcome {
    pub card: String,
    pub file: String,
    pub test: String,
    pub passed: bool,
    pub message: String,
}

/// Queued answers first; while letting turns pass, the "do nothing" answer; else strict.
struct TestAgent {
    script: Rc<RefCell<ScriptedAgent>>,
    idle: Rc<Cell<bool>>,
}

impl Agent for TestAgent {
    fn decide(&mut self, req: &Request) -> Decision {
        if self.script.borrow().queue.is_empty() && self.idle.get() {
            if let Some(p) = &req.pass {
                return Decision::Answer(vec![p.clone()]);
            }
        }
        self.script.borrow_mut().decide(req)
    }
}

/// The `t` methods for the LuaLS definitions (`wizwar defs`): name, parameters, result, what it does.
/// A unit test below checks this list against `HARNESS_LUA`.
pub const HARNESS_DOCS: &[(&str, &str, &str, &str)] = &[
    (
        "eq",
        "actual: any, expected: any, msg?: string",
        "",
        "Fail the test unless the two are equal (tables compared deeply).",
    ),
    ("ok", "cond: any, msg?: string", "", "Fail the test unless cond is true."),
    ("give", "p: integer, card: string", "integer", "A new copy of a card (key or name) in p's hand; returns its id."),
    ("put", "p: integer, card: string", "integer", "A new copy of a card in p's play area; returns its id."),
    ("place", "p: integer, s: Square?", "", "Put p's wizard on a square (nil fails the test: no square was found)."),
    ("life", "p: integer", "integer", "p's life."),
    ("at", "p: integer", "Square", "Where p's wizard stands (the test fails if he stands nowhere)."),
    ("set_life", "p: integer, n: integer", "", "Set p's life."),
    (
        "lost",
        "p: integer",
        "integer",
        "The life p has lost since the test began (or since t:set_life set it): what a test checks so that it holds whatever life the ruleset starts with (a house rule's too).",
    ),
    (
        "active",
        "p: integer, phase?: string",
        "",
        "Make it p's turn, at the start of a phase (default: the first loop phase).",
    ),
    (
        "turn_of",
        "p: integer, ...: string",
        "integer ...",
        "Make it p's turn (t:active(p)) and give him new copies of the cards named, in order; returns their ids: `local a, b = t:turn_of(0, first, second)`.",
    ),
    ("actions", "", "string[]", "The labels of the actions the active player may take now (for messages)."),
    (
        "list",
        "spec?: table",
        "table[]",
        "The actions offered now, as records (key, label and fields), those matching spec.",
    ),
    ("has", "spec: table", "boolean", "Is an action matching spec offered now?"),
    ("count", "spec: table", "integer", "How many actions matching spec are offered now."),
    (
        "act",
        "spec: table|string",
        "string",
        "Take the action the record spec names (the plainest match), or whose key or label is the text.",
    ),
    ("cast", "spec: table", "string", "Cast { card =, at = target, boost = card }."),
    ("move", "dir: string", "string", "Take a step in direction dir."),
    ("punch", "target: table", "string", "Punch a target (t:wizard(p), ...)."),
    ("throw", "spec: table", "string", "Throw { card =, at = target }."),
    ("wizard", "p: integer", "{kind: \"wizard\", player: integer}", "The target spec of p's wizard."),
    ("square", "s: Square", "table", "The target spec of a square."),
    ("wall", "e: Edge?", "table", "The target spec of the wall on an edge (nil fails the test: no edge was found)."),
    ("door", "e: Edge?", "table", "The target spec of the door on an edge (nil fails the test: no edge was found)."),
    ("border", "e: Edge?", "table", "The target spec of an open border (nil fails the test: no edge was found)."),
    ("object", "id: integer", "table", "The target spec of an object."),
    ("treasure", "id: integer", "table", "The target spec of a treasure."),
    ("creature", "id: integer", "table", "The target spec of a creature."),
    ("spell", "c: integer", "table", "The target spec of a spell in play."),
    ("sector", "i: integer", "table", "The target spec of a sector."),
    ("board", "", "table", "The target spec of the whole board."),
    (
        "answer",
        "p: integer, ...: string|table",
        "",
        "Queue p's answer (keys, labels or records of options) to the next request.",
    ),
    ("pass", "n?: integer", "", "Let turns go by, everyone doing nothing, until n more turns have begun."),
    (
        "run",
        "",
        "",
        "Let the game go on until it waits for an action (in a turn all seats share, the rules name the next actor first), asking its questions of the queued answers; an ended game stops it too.",
    ),
    (
        "log",
        "event: string, seat?: integer",
        "table[]",
        "Payloads of that event logged since the test began: all of them, or those seat `seat` was shown (as it saw them).",
    ),
    (
        "dice",
        "results: integer[]",
        "",
        "Load the dice: the game's next rolls give these results, in order, then the seeded dice go on (a test fails if any is left unrolled).",
    ),
];

const HARNESS_LUA: &str = r#"
local R, game = ...
local t = { game = game }

local function show(v)
  if type(v) ~= "table" then return tostring(v) end
  local parts = {}
  for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. "=" .. show(x) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, x in pairs(a) do if not same(x, b[k]) then return false end end
  for k, _ in pairs(b) do if a[k] == nil then return false end end
  return true
end

function t:eq(actual, expected, msg)
  if not same(actual, expected) then
    error(("expected %s, got %s%s"):format(show(expected), show(actual), msg and (": " .. msg) or ""), 2)
  end
end

function t:ok(cond, msg)
  if not cond then error("check failed" .. (msg and (": " .. msg) or ""), 2) end
end

function t:give(p, card) return game:new_card(card, { kind = "hand", player = p }) end
function t:put(p, card) return game:new_card(card, { kind = "play", player = p }) end
function t:place(p, sq) game:place_seat_figure(p, sq) end
function t:life(p) return game:player(p).life end
function t:at(p)
  local at = game:player(p).at
  if not at then error("player " .. p .. " stands nowhere", 2) end
  return at
end
-- (each wizard's life when the test began, or when it last set it: what t:lost counts from)
local life_before = {}
for p = 0, game:player_count() - 1 do life_before[p] = game:player(p).life end
function t:set_life(p, n)
  game:set_life(p, n)
  life_before[p] = n
end
function t:lost(p) return life_before[p] - game:player(p).life end
-- Drops a kernel chunk's "[name]:12: " from the front of a message (without a pattern over
-- the whole message: it may be longer than the sandbox lets patterns read).
local function without_chunk(s)
  local close = s:sub(1, 1) == "[" and s:find("]:", 1, true)
  if not close then return s end
  local line = s:sub(close + 2, close + 14):match("^%d+: ")
  if not line then return s end
  return s:sub(close + 2 + #line)
end
-- Kernel calls raise their errors at the test's own line.
local function call(f, ...)
  local ok, r = pcall(f, ...)
  if not ok then error(without_chunk(tostring(r)), 3) end
  return r
end
function t:active(p, phase) call(R.active, p, phase) end
function t:turn_of(p, ...)
  t:active(p)
  local ids = {}
  for i, c in ipairs({ ... }) do ids[i] = t:give(p, c) end
  return table.unpack(ids)
end
function t:actions() return call(R.actions) end
function t:list(spec) return call(R.list, spec) end
function t:has(spec) return #call(R.list, spec) > 0 end
function t:count(spec) return #call(R.list, spec) end
function t:act(spec) return call(R.act, spec) end
function t:cast(spec) return call(R.act, { kind = "cast", card = spec.card, target = spec.at, boost = spec.boost }) end
function t:move(dir) return call(R.act, { kind = "move", dir = dir }) end
function t:punch(target) return call(R.act, { kind = "punch", target = target }) end
function t:throw(spec) return call(R.act, { kind = "throw", card = spec.card, target = spec.at }) end
local function edge_of(e) return call(function() return game:edge(e).edge end) end
function t:wizard(p) return { kind = "wizard", player = p } end
function t:square(s) return { kind = "square", x = s.x, y = s.y } end
function t:wall(e) return { kind = "wall", edge = edge_of(e) } end
function t:door(e) return { kind = "door", edge = edge_of(e) } end
function t:border(e) return { kind = "border", edge = edge_of(e) } end
function t:object(id) return { kind = "object", id = id } end
function t:treasure(id) return { kind = "treasure", id = id } end
function t:creature(id) return { kind = "creature", id = id } end
function t:spell(c) return { kind = "spell", card = c } end
function t:sector(i) return { kind = "sector", sector = i } end
function t:board() return { kind = "board" } end
function t:answer(p, ...) call(R.answer, p, { ... }) end
function t:pass(n) call(R.pass, n or 1) end
function t:run() call(R.run) end
function t:log(event, seat) return call(R.log, event, seat) end
function t:dice(results) call(R.dice, results) end

return t
"#;

fn err(m: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::runtime(m.to_string())
}

fn outcome_message(o: Outcome) -> String {
    match o {
        Outcome::AgentFailed(m) => m,
        Outcome::Over(r) => format!("the game ended ({})", r.reason),
        Outcome::Suspended(r) => format!("waiting for player {} ({})", r.player, r.kind),
        Outcome::TurnLimit => "turn limit".into(),
    }
}

/// Builds the `t` object for one test game.
fn harness(
    engine: &Rc<Engine>,
    script: &Rc<RefCell<ScriptedAgent>>,
    idle: &Rc<Cell<bool>>,
) -> mlua::Result<mlua::Table> {
    let k = engine.kernel().clone();
    let lua = k.host.lua();
    let r = lua.create_table()?;
    let first_loop = engine.ruleset().file.phases.iter().find(|p| p.action_loop).map(|p| p.name.clone());
    let log_start = engine.log().len();

    let e = Rc::downgrade(engine);
    r.raw_set(
        "active",
        lua.create_function(move |_, (p, phase): (u32, Option<String>)| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let phase = phase.or(first_loop.clone()).ok_or_else(|| err("the ruleset has no loop phase"))?;
            engine.force_turn(p, &phase).map_err(err)
        })?,
    )?;
    let e = Rc::downgrade(engine);
    r.raw_set(
        "actions",
        lua.create_function(move |_, ()| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let list = engine.pending_actions().map_err(err)?;
            Ok(Value::List(list.into_iter().map(|c| Value::Str(c.label)).collect()))
        })?,
    )?;
    let e = Rc::downgrade(engine);
    r.raw_set(
        "list",
        lua.create_function(move |_, spec: Option<Value>| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let spec = spec.unwrap_or_default();
            Ok(Value::List(
                engine
                    .pending_actions()
                    .map_err(err)?
                    .into_iter()
                    .filter(|c| spec.is_nil() || c.answers_to(&spec))
                    .map(|c| {
                        let mut v = c.value.clone();
                        v.set("key", c.key.as_str().into());
                        v.set("label", c.label.as_str().into());
                        v
                    })
                    .collect(),
            ))
        })?,
    )?;
    let e = Rc::downgrade(engine);
    r.raw_set(
        "act",
        lua.create_function(move |_, what: Value| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let options = engine.pending_actions().map_err(err)?;
            let labels = || options.iter().map(|c| c.label.as_str()).collect::<Vec<_>>().join(" | ");
            let key = match &what {
                Value::Str(text) => {
                    if let Some(c) = options.iter().find(|c| &c.key == text || &c.label == text) {
                        c.key.clone()
                    } else {
                        let hits: Vec<&crate::decision::Choice> =
                            options.iter().filter(|c| c.label.contains(text.as_str())).collect();
                        match hits.as_slice() {
                            [one] => one.key.clone(),
                            [] => return Err(err(format!("no action matches `{text}`; actions: {}", labels()))),
                            many => {
                                let list: Vec<&str> = many.iter().map(|c| c.label.as_str()).collect();
                                return Err(err(format!("`{text}` matches several actions: {}", list.join(" | "))));
                            }
                        }
                    }
                }
                spec => {
                    let req = crate::decision::Request::one(0, "action", "", options.clone());
                    req.match_record(spec).map_err(err)?
                }
            };
            match engine.take_action(&key) {
                Ok(true) => Ok(options.iter().find(|c| c.key == key).map_or(key.clone(), |c| c.label.clone())),
                Ok(false) => Err(err(format!("action `{key}` failed: {}", engine.last_error().unwrap_or_default()))),
                Err(o) => Err(err(format!("action `{key}`: {}", outcome_message(o)))),
            }
        })?,
    )?;
    let s = script.clone();
    r.raw_set(
        "answer",
        lua.create_function(move |_, (p, given): (u32, Vec<Value>)| {
            let mut keys = Vec::new();
            let mut records = Vec::new();
            for g in given {
                match g {
                    Value::Str(k) => keys.push(k),
                    Value::Int(n) => keys.push(n.to_string()),
                    other => records.push(other),
                }
            }
            s.borrow_mut().queue.push_back(crate::decision::Scripted { player: p, keys, records });
            Ok(())
        })?,
    )?;
    let e = Rc::downgrade(engine);
    let idle_flag = idle.clone();
    r.raw_set(
        "pass",
        lua.create_function(move |_, n: u64| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let target = engine.with_state(|s| s.turn.number) + n;
            idle_flag.set(true);
            let result = (|| loop {
                if let Some(o) = engine.run_until_action(None) {
                    return Err(err(outcome_message(o)));
                }
                if engine.with_state(|s| s.turn.number) >= target {
                    return Ok(());
                }
                let pass = engine
                    .pending_actions()
                    .map_err(err)?
                    .into_iter()
                    .find(|c| matches!(c.value.get("pass"), Some(Value::Bool(true))))
                    .ok_or_else(|| err("t:pass: the ruleset offers no action marked `pass = true`"))?;
                match engine.take_action(&pass.key) {
                    Ok(true) => {}
                    Ok(false) => return Err(err(engine.last_error().unwrap_or_default())),
                    Err(o) => return Err(err(outcome_message(o))),
                }
            })();
            idle_flag.set(false);
            result
        })?,
    )?;
    let e = Rc::downgrade(engine);
    r.raw_set(
        "log",
        lua.create_function(move |_, (event, seat): (String, Option<u32>)| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let mut log = engine.log();
            log = log.split_off(log_start.min(log.len()));
            if let Some(p) = seat {
                log = crate::view::log_view(&log, crate::view::Viewer::Seat(p));
            }
            Ok(Value::List(log.into_iter().filter(|l| l.event == event).map(|l| l.data).collect()))
        })?,
    )?;
    let e = Rc::downgrade(engine);
    r.raw_set(
        "run",
        lua.create_function(move |_, ()| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            match engine.run_until_action(None) {
                None | Some(Outcome::Over(_)) => Ok(()),
                Some(o) => Err(err(outcome_message(o))),
            }
        })?,
    )?;
    let e = Rc::downgrade(engine);
    r.raw_set(
        "dice",
        lua.create_function(move |_, results: Vec<i64>| {
            let engine = e.upgrade().ok_or_else(|| err("game gone"))?;
            let dice = results
                .iter()
                .map(|&v| {
                    u32::try_from(v)
                        .ok()
                        .filter(|&v| v >= 1)
                        .ok_or_else(|| err(format!("t:dice: {v} is no die's result")))
                })
                .collect::<mlua::Result<Vec<u32>>>()?;
            engine.load_dice(&dice);
            Ok(())
        })?,
    )?;
    let env = k.host.new_env().map_err(err)?;
    let f = lua.load(HARNESS_LUA).set_name("=[test harness]").set_environment(env).into_function()?;
    let game = k.game.borrow().clone();
    f.call((r, game))
}

/// One test a card carries, found without running it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardTestCase {
    pub ruleset: String,
    /// The card's key ("<edition>/<school>/<card>").
    pub card: String,
    pub file: String,
    pub test: String,
    /// Its place in the card's `tests` (0-based).
    pub index: usize,
    pub players: usize,
}

impl CardTestCase {
    /// The name a test runner shows and filters on: `<ruleset>::<card key>::<test name>`.
    pub fn name(&self) -> String {
        format!("{}::{}::{}", self.ruleset, self.card, self.test)
    }
}

/// `ruleset` and the rulesets it extends, nearest first.
fn chain_names(root: &Path, ruleset: &str) -> Vec<String> {
    match crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset) {
        Ok(r) => r.chain.iter().map(|l| l.name.clone()).collect(),
        Err(_) => vec![ruleset.to_string()],
    }
}

/// Every test the cards of `ruleset` carry (only cards whose key or name contains `filter`).
/// A variant that plays its parent's cards (a house rule) runs the tests they carry for the
/// parent, under its own rules.
pub fn list_card_tests(root: &Path, ruleset: &str, filter: Option<&str>) -> Result<Vec<CardTestCase>, String> {
    let setup = GameSetup { ruleset: ruleset.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    let probe = Engine::for_tests(root, &setup, Box::new(ScriptedAgent::default()), &[])?;
    let own_cards = crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset).is_ok_and(|r| r.has_own_cards());
    let meant_for = if own_cards { vec![ruleset.to_string()] } else { chain_names(root, ruleset) };
    let mut out = Vec::new();
    for d in probe.card_defs() {
        if !filter.is_none_or(|f| d.key.contains(f) || d.name.to_lowercase().contains(&f.to_lowercase())) {
            continue;
        }
        for (index, test) in d.tests.iter().enumerate() {
            if !test.rulesets.is_empty() && !test.rulesets.iter().any(|r| meant_for.contains(r)) {
                continue;
            }
            out.push(CardTestCase {
                ruleset: ruleset.to_string(),
                card: d.key.clone(),
                file: d.file.clone(),
                test: test.name.clone(),
                index,
                players: test.players,
            });
        }
    }
    Ok(out)
}

/// A fresh game for one test: its ruleset's `setup` (the questions it asks answered by
/// `setup_answers`, player and key), then `rules.test_setup`, a strict scripted agent; `find`
/// picks the test function in the game's Lua, which runs with the `t` helper. `interrupt`
/// (Ctrl-C in the REPL) stops it.
fn run_test_game(
    root: &Path,
    setup: &GameSetup,
    extra_cards: &[std::path::PathBuf],
    setup_answers: &[(u32, String)],
    interrupt: Option<&Arc<AtomicBool>>,
    find: impl FnOnce(&Engine) -> Result<mlua::Function, String>,
) -> Result<(), String> {
    let script = Rc::new(RefCell::new(ScriptedAgent::default()));
    for (player, key) in setup_answers {
        script.borrow_mut().push(*player, &[key.as_str()]);
    }
    let idle = Rc::new(Cell::new(false));
    let agent = TestAgent { script: script.clone(), idle: idle.clone() };
    let engine = Rc::new(Engine::for_tests(root, setup, Box::new(agent), extra_cards)?);
    engine.set_interrupt_flag(interrupt.cloned());
    if engine.ruleset_has("test_setup") {
        engine.call_rules("test_setup", vec![])?;
    }
    let f = find(&engine)?;
    let k = engine.kernel().clone();
    let t = harness(&engine, &script, &idle).map_err(|e| e.to_string())?;
    // The test gets the game as its second argument: `function(t, g)`.
    let game: mlua::Value = t.raw_get("game").map_err(|e| e.to_string())?;
    k.host
        .call_with_budget::<_, ()>(&f, (t, game), crate::engine::SESSION_BUDGET)
        .map_err(|e| e.message().to_string())?;
    if let Some(left) = script.borrow().queue.front() {
        return Err(format!(
            "answer for player {} never asked for: {:?} {:?} (a question with one possible answer is \
             answered without asking: queue answers only where there is a choice)",
            left.player, left.keys, left.records
        ));
    }
    engine.with_state(|s| s.check_card_places())?;
    let left = engine.with_state(|s| s.rng.loaded_left());
    if left > 0 {
        return Err(format!("{left} loaded dice never rolled (t:dice loads only the rolls the test makes)"));
    }
    Ok(())
}

/// The `[2]` (the function) of entry `index` of a `tests` list.
fn test_function(tests: &mlua::Table, index: usize) -> Result<mlua::Function, String> {
    tests.raw_get::<mlua::Table>(index + 1).and_then(|t| t.raw_get(2)).map_err(|e| e.to_string())
}

/// Runs one card test in a fresh game of its ruleset.
pub fn run_card_test(root: &Path, case: &CardTestCase, interrupt: Option<&Arc<AtomicBool>>) -> Result<(), String> {
    let setup =
        GameSetup { ruleset: case.ruleset.clone(), players: case.players, seed: 1, options: vec![], names: vec![] };
    run_test_game(root, &setup, &[], &[], interrupt, |engine| {
        let k = engine.kernel();
        let table = &k.cards.get(&case.card).ok_or("card vanished")?.table;
        test_function(&table.raw_get::<mlua::Table>("tests").map_err(|e| e.to_string())?, case.index)
    })
}

/// One scenario of a rulebook scenario file: `tests/scenarios/<ruleset>/<file>.lua` returns
/// `scenarios { name = "...", options = { "an_option", ... }, tests = { { "name", function(t)
/// ... end, players = 3 }, ... } }`. Each runs like a card test, in a game of the ruleset with
/// the file's optional rules on and the test-only cards of `tests/scenarios/<ruleset>/cards/`
/// loaded besides the ruleset's (no ruleset file is patched). Questions the setup asks (a
/// draft) take the file's `setup_answers = { { player, key }, ... }`.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioCase {
    pub ruleset: String,
    /// The file, relative to the root.
    pub file: String,
    pub test: String,
    pub index: usize,
    pub players: usize,
    pub options: Vec<String>,
    /// Answers to the questions the ruleset's setup asks (the file's `setup_answers = { { 0,
    /// "alchemy" }, ... }`: player and key, in order).
    pub setup_answers: Vec<(u32, String)>,
}

impl ScenarioCase {
    /// `<ruleset>::scenarios::<file stem>::<test name>`.
    pub fn name(&self) -> String {
        let stem = Path::new(&self.file).file_stem().unwrap_or_default().to_string_lossy().to_string();
        format!("{}::scenarios::{}::{}", self.ruleset, stem, self.test)
    }
}

fn scenario_dir(ruleset: &str) -> std::path::PathBuf {
    Path::new("tests").join("scenarios").join(ruleset)
}

/// The test-only card folders a ruleset's scenarios play with: its own and those of the
/// rulesets it extends (a parent's test card serves its children's scenarios as well).
fn test_card_dirs(root: &Path, ruleset: &str) -> Vec<std::path::PathBuf> {
    let chain: Vec<String> = match crate::ruleset::Ruleset::load(&root.join("rulesets"), ruleset) {
        Ok(r) => r.chain.iter().map(|l| l.name.clone()).collect(),
        Err(_) => vec![ruleset.to_string()],
    };
    chain.iter().map(|name| scenario_dir(name).join("cards")).filter(|d| root.join(d).is_dir()).collect()
}

/// Loads a scenario file into an engine's Lua and returns its table.
fn load_scenarios(engine: &Engine, root: &Path, file: &str) -> Result<mlua::Table, String> {
    let k = engine.kernel();
    let source = std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?;
    let env = k.host.new_env().map_err(|e| e.to_string())?;
    let lua = k.host.lua();
    let wrap = lua.create_function(|_, t: mlua::Table| Ok(t)).map_err(|e| e.to_string())?;
    env.raw_set("scenarios", wrap).map_err(|e| e.to_string())?;
    env.raw_set("game", k.game.borrow().clone()).map_err(|e| e.to_string())?;
    let values = k.host.load_chunk(file, &source, &env).map_err(|e| e.message().to_string())?;
    match values.into_iter().next() {
        Some(mlua::Value::Table(t)) => Ok(t),
        _ => Err(format!("{file}: must `return scenarios {{ name = ..., tests = {{ ... }} }}`")),
    }
}

/// Every scenario of the scenario files of `ruleset` (none when it has no folder).
pub fn list_scenarios(root: &Path, ruleset: &str) -> Result<Vec<ScenarioCase>, String> {
    let dir = root.join(scenario_dir(ruleset));
    let mut files: Vec<std::path::PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "lua")).collect(),
        Err(_) => return Ok(vec![]),
    };
    files.sort();
    let setup = GameSetup { ruleset: ruleset.to_string(), players: 2, seed: 1, options: vec![], names: vec![] };
    let probe = Engine::for_tests(root, &setup, Box::new(ScriptedAgent::default()), &test_card_dirs(root, ruleset))?;
    let mut out = Vec::new();
    for f in files {
        let file = f.strip_prefix(root).unwrap_or(&f).to_string_lossy().replace('\\', "/");
        let table = load_scenarios(&probe, root, &file)?;
        let options: Vec<String> = table
            .raw_get::<Option<Vec<String>>>("options")
            .map_err(|e| format!("{file}: options: {e}"))?
            .unwrap_or_default();
        let setup_answers: Vec<(u32, String)> = table
            .raw_get::<Option<Vec<mlua::Table>>>("setup_answers")
            .and_then(|list| {
                list.unwrap_or_default().iter().map(|a| Ok((a.raw_get::<u32>(1)?, a.raw_get::<String>(2)?))).collect()
            })
            .map_err(|e| format!("{file}: setup_answers (a list of {{ player, key }}): {e}"))?;
        let tests: mlua::Table = table.raw_get("tests").map_err(|e| format!("{file}: tests: {e}"))?;
        for (index, entry) in tests.sequence_values::<mlua::Table>().enumerate() {
            let entry = entry.map_err(|e| format!("{file}: tests[{}]: {e}", index + 1))?;
            let test: String =
                entry.raw_get(1).map_err(|e| format!("{file}: tests[{}]: a name first: {e}", index + 1))?;
            let players: Option<usize> = entry.raw_get("players").map_err(|e| e.to_string())?;
            out.push(ScenarioCase {
                ruleset: ruleset.to_string(),
                file: file.clone(),
                test,
                index,
                players: players.unwrap_or(2),
                options: options.clone(),
                setup_answers: setup_answers.clone(),
            });
        }
    }
    Ok(out)
}

/// The scenarios of `ruleset`'s chain (its own, then its parents'), each to be played under
/// `ruleset`'s rules: what a house rule runs to see what it changes.
pub fn list_scenarios_under(root: &Path, ruleset: &str) -> Result<Vec<ScenarioCase>, String> {
    let mut out = Vec::new();
    for name in chain_names(root, ruleset) {
        for mut case in list_scenarios(root, &name)? {
            case.ruleset = ruleset.to_string();
            out.push(case);
        }
    }
    Ok(out)
}

/// Runs one scenario in a fresh game (see [`ScenarioCase`]).
pub fn run_scenario(root: &Path, case: &ScenarioCase) -> Result<(), String> {
    let setup = GameSetup {
        ruleset: case.ruleset.clone(),
        players: case.players,
        seed: 1,
        options: case.options.iter().map(|o| (o.clone(), Value::Bool(true))).collect(),
        names: vec![],
    };
    let cards = test_card_dirs(root, &case.ruleset);
    run_test_game(root, &setup, &cards, &case.setup_answers, None, |engine| {
        let table = load_scenarios(engine, root, &case.file)?;
        test_function(&table.raw_get::<mlua::Table>("tests").map_err(|e| e.to_string())?, case.index)
    })
}

/// Runs the tests of every card of `ruleset` (or only cards whose key or name contains
/// `filter`), each in a fresh game.
pub fn run_card_tests(root: &Path, ruleset: &str, filter: Option<&str>) -> Result<Vec<TestOutcome>, String> {
    run_card_tests_with(root, ruleset, filter, None)
}

/// [`run_card_tests`], stopping early once `interrupt` is set (Ctrl-C in the REPL): the test
/// running then fails with "interrupted" and no further test starts.
pub fn run_card_tests_with(
    root: &Path,
    ruleset: &str,
    filter: Option<&str>,
    interrupt: Option<&Arc<AtomicBool>>,
) -> Result<Vec<TestOutcome>, String> {
    let stop = || interrupt.is_some_and(|f| f.load(Ordering::Relaxed));
    let mut out = Vec::new();
    for case in list_card_tests(root, ruleset, filter)? {
        if stop() {
            break;
        }
        let result = run_card_test(root, &case, interrupt);
        out.push(TestOutcome {
            card: case.card,
            file: case.file,
            test: case.test,
            passed: result.is_ok(),
            message: result.err().unwrap_or_default(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_harness_method_is_documented_for_luals() {
        let defined: Vec<&str> = HARNESS_LUA
            .lines()
            .filter_map(|l| l.strip_prefix("function t:"))
            .map(|rest| rest.split('(').next().unwrap())
            .collect();
        let documented: Vec<&str> = HARNESS_DOCS.iter().map(|d| d.0).collect();
        assert_eq!(defined, documented);
    }
}
