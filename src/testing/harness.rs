//! The `t` object a card test gets: the harness's Lua half (`HARNESS_LUA`), the kernel
//! calls behind it, and the agent that answers the game's questions from its queue.

use crate::decision::{Agent, Decision, Request, ScriptedAgent};
use crate::engine::{Engine, Outcome};
use crate::value::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Queued answers first; while letting turns pass, the "do nothing" answer; else strict.
pub(super) struct TestAgent {
    pub(super) script: Rc<RefCell<ScriptedAgent>>,
    pub(super) idle: Rc<Cell<bool>>,
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
pub(super) fn harness(
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
