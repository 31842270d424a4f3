//! The primitives scripts reach through `game:...`: queries, changes, decisions, dice and
//! events. Each borrows the state only for as long as it needs, so handlers may re-enter.
//! Squares are `{x =, y =}`, edges `{x =, y =, side = "N"}`, zones `{kind = "hand", player = p}`.

use super::convert::{self as cv, map};
use super::state_cell::Touch;
use super::{Interrupt, Kernel};
use crate::answer::Answer;
use crate::decision::{Choice, Request};
use crate::geometry::moves::{random_direction, Mover, RunStop};
use crate::geometry::{Barrier, Dir, EdgeView, Obstacle, Place, Rot, SeamFate};
use crate::lua::sandbox::HostError;
use crate::state::{CardId, CardInstance, Face, GameResult, Object, ObjectId, PlayerId, StackEntry, Zone};
use crate::value::{PlaceArg, Value};
use mlua::{FromLuaMulti, IntoLuaMulti, Lua, Table};
use std::rc::{Rc, Weak};

// The primitives by kind, each file one `install_*` (they share this file's helpers).
mod board;
mod cells;
mod changes;
mod figures;
mod flow;
mod queries;

type R<T> = Result<T, String>;

const API_LUA: &str = include_str!("api.lua");

/// Turns an action or option table from a script into a decision option: its key is its own
/// `key` if it gives one, else its record's id ([`crate::decision::record_id`]); its label is
/// its `label`, else its key.
pub fn choice_from_value(v: Value) -> R<Choice> {
    if !matches!(v, Value::Map(_)) {
        return Err(format!("an option is a table (a record, or one with a `key`), not {v}"));
    }
    let key = match v.get("key") {
        Some(Value::Str(k)) => k.clone(),
        Some(other) => return Err(format!("an option's `key` is a string, not {other}")),
        None => crate::decision::record_id(&v),
    };
    let label = v.get("label").and_then(Value::as_str).unwrap_or(&key).to_string();
    Ok(Choice { key, label, value: v })
}

/// A primitive: it checks its arguments before it changes anything, so one that fails has
/// changed nothing (see `primitive`).
fn reg<A, O, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    O: IntoLuaMulti,
    F: Fn(&Kernel, A) -> Result<O, Fail> + 'static,
{
    primitive(lua, t, name, k, false, f)
}

/// A primitive made of several changes, any of which may fail (an object and its card and its
/// obstacle, sectors and what stands on them): one that fails is undone (see `primitive`).
fn reg_whole<A, O, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    O: IntoLuaMulti,
    F: Fn(&Kernel, A) -> Result<O, Fail> + 'static,
{
    primitive(lua, t, name, k, true, f)
}

/// Registers primitive `name`. Its arguments are checked by `f`, whose failure is an error at
/// the script's line naming the primitive. A primitive that fails changes nothing (a script
/// that catches the error finds the game as before the call): it checks before it changes,
/// or it is undone (`undone`: a checkpoint taken before it, which copies what the primitive
/// then changes: too dear for the common ones). A panic in the kernel is caught here too and
/// stops the whole run, as a failed nested script does: the step is undone and the error
/// names the primitive.
fn primitive<A, O, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, undone: bool, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    O: IntoLuaMulti,
    F: Fn(&Kernel, A) -> Result<O, Fail> + 'static,
{
    let id = k.upgrade().map(|kernel| kernel.host.primitive_id(name)).unwrap_or_default();
    let k = k.clone();
    let name_owned = name.to_string();
    let func = lua.create_function(move |lua, StackArgs(n): StackArgs| {
        let kernel = k.upgrade().ok_or_else(|| mlua::Error::runtime("the game is gone"))?;
        // (When profiling: the call's time by primitive, all it ran included.)
        let started = kernel.host.primitive_started();
        // The arguments are read, and the results pushed, where they lie on the stack of the
        // call: no handle made for a table, no list of values (counted as conversion).
        // SAFETY: the `n` arguments are the top of the running call's stack (see `StackArgs`).
        let args = kernel
            .host
            .in_conversion(|| unsafe { lua.exec_raw_lua(|raw| A::from_stack_args(n, 1, None, raw)) })
            .map_err(|e| bad_argument(lua, &name_owned, e))?;
        let before = undone.then(|| kernel.checkpoint());
        let run = std::panic::AssertUnwindSafe(|| f(&kernel, args));
        let result = kernel.host.in_primitive(|| std::panic::catch_unwind(run)).unwrap_or_else(|panic| {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(Fail::Host(HostError::Runtime(format!("game:{name_owned}: kernel error: {why}"))))
        });
        if let (Err(Fail::Msg(_)), Some(before)) = (&result, before) {
            kernel.restore(before, super::AfterRestore::Drop);
        }
        let out = result.map_err(|e| match e {
            Fail::Msg(m) => mlua::Error::runtime(format!("game:{name_owned}: {m}")),
            Fail::Host(h) => {
                // A nested script failed or was stopped: stop the whole run with its own message.
                kernel.host.abort(h.clone());
                mlua::Error::runtime(h.message().to_string())
            }
        })?;
        // SAFETY: pushes onto the running call's stack, which Lua then takes its results from.
        let pushed = kernel.host.in_conversion(|| unsafe { lua.exec_raw_lua(|raw| out.push_into_stack_multi(raw)) })?;
        if let Some(started) = started {
            kernel.host.primitive_done(id, started);
        }
        Ok(Pushed(pushed))
    })?;
    t.raw_set(name, func)
}

/// An argument a primitive could not read, in a card designer's words: which primitive, which
/// argument by its name and type (as `api_doc.rs` documents it), and what came instead
/// ("game:player: argument 1, p: integer, was given a string"), not the host's conversion;
/// and, when a ruleset's helper made the call, the designer's line that called the helper.
fn bad_argument(lua: &Lua, name: &str, e: mlua::Error) -> mlua::Error {
    let text = e.to_string();
    let Some(n) = text
        .split("bad argument #")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|d| d.parse::<usize>().ok())
    else {
        return e;
    };
    let got = text.split("error converting Lua ").nth(1).and_then(|r| r.split(' ').next()).unwrap_or("something else");
    let article = if got.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    let got = if got == "nil" { "nothing (nil)".to_string() } else { format!("{article} {got}") };
    let param = super::api_doc::API_DOCS
        .iter()
        .find(|d| d.name == name)
        .and_then(|d| top_level_parts(d.params).into_iter().nth(n.saturating_sub(1)))
        .map(|p| format!(", {p},"))
        .unwrap_or_default();
    mlua::Error::runtime(format!("game:{name}: argument {n}{param} was given {got}{}", designer_line(lua)))
}

/// " (called by hand_count, from cards/8th/x/y.lua:12)": when a ruleset's helper made the
/// call, the helper and the nearest line on the stack in a card, test or REPL chunk (the
/// error's own place names the helper's file).
fn designer_line(lua: &Lua) -> String {
    let frame = |level: usize| {
        lua.inspect_stack(level, |d| {
            let name = d.names().name.map(|n| n.to_string());
            Some((d.source().short_src?.to_string(), d.current_line()?, name))
        })
        .flatten()
    };
    let ours = |src: &str| src.starts_with("cards/") || src.starts_with("tests/") || src.starts_with("repl");
    // (level 0 is this primitive; the memo's C wrapper may stand between it and its caller)
    let frames: Vec<(String, usize, Option<String>)> =
        (1..64).map_while(|level| lua.inspect_stack(level, |_| ()).map(|()| frame(level))).flatten().collect();
    match frames.iter().position(|(src, _, _)| ours(src)) {
        None | Some(0) => String::new(),
        Some(i) => {
            let helper = frames[i - 1].2.as_deref().map(|n| format!("called by {n}, ")).unwrap_or_default();
            format!(" ({helper}from {}:{})", frames[i].0, frames[i].1)
        }
    }
}

/// "a: integer, b?: table<string, any>" split at its top-level commas.
fn top_level_parts(params: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0i32;
    for c in params.chars() {
        match c {
            '<' | '(' | '{' | '[' => depth += 1,
            '>' | ')' | '}' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("one part at least").push(c);
    }
    parts.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
}

/// A primitive's arguments, left on the stack of its call: how many there are.
struct StackArgs(std::os::raw::c_int);

impl FromLuaMulti for StackArgs {
    fn from_lua_multi(values: mlua::MultiValue, _: &Lua) -> mlua::Result<Self> {
        Ok(StackArgs(values.len() as std::os::raw::c_int))
    }

    unsafe fn from_stack_args(
        nargs: std::os::raw::c_int,
        _: usize,
        _: Option<&str>,
        _: &mlua::state::RawLua,
    ) -> mlua::Result<Self> {
        Ok(StackArgs(nargs))
    }
}

/// A primitive's results, already pushed onto the stack of its call: how many.
struct Pushed(std::os::raw::c_int);

impl IntoLuaMulti for Pushed {
    fn into_lua_multi(self, _: &Lua) -> mlua::Result<mlua::MultiValue> {
        Err(mlua::Error::runtime("a primitive's results are pushed where they lie"))
    }

    unsafe fn push_into_stack_multi(self, _: &mlua::state::RawLua) -> mlua::Result<std::os::raw::c_int> {
        Ok(self.0)
    }
}

/// A query: a primitive whose answer is given frozen (`crate::value::Frozen`), so the memo of
/// queries (api.lua) may share it between scripts.
fn query<A, T, F>(lua: &Lua, t: &Table, name: &str, k: &Weak<Kernel>, f: F) -> mlua::Result<()>
where
    A: FromLuaMulti,
    T: Into<Answer>,
    F: Fn(&Kernel, A) -> Result<T, Fail> + 'static,
{
    primitive(lua, t, name, k, false, move |k, a| f(k, a).map(Into::into))
}

/// Errors of primitives: a plain message, or a nested script failure to pass up whole.
pub enum Fail {
    Msg(String),
    Host(HostError),
}

impl From<String> for Fail {
    fn from(m: String) -> Fail {
        Fail::Msg(m)
    }
}
impl From<&str> for Fail {
    fn from(m: &str) -> Fail {
        Fail::Msg(m.to_string())
    }
}
impl From<HostError> for Fail {
    fn from(h: HostError) -> Fail {
        Fail::Host(h)
    }
}
impl From<crate::geometry::BoardError> for Fail {
    fn from(e: crate::geometry::BoardError) -> Fail {
        Fail::Msg(e.to_string())
    }
}

type F<T> = Result<T, Fail>;

/// Checks an index a script passed: `v` in `0..n`.
fn index(v: i64, n: usize, what: &str) -> R<usize> {
    if (0..n as i64).contains(&v) {
        Ok(v as usize)
    } else {
        Err(format!("no {what} {v} ({what}s are 0..{})", n as i64 - 1))
    }
}

fn pid(v: i64, k: &Kernel) -> R<PlayerId> {
    index(v, k.st.borrow().players.len(), "player").map(|i| i as PlayerId)
}

fn cid(v: i64, k: &Kernel) -> R<CardId> {
    index(v, k.st.borrow().cards.len(), "card").map(|i| i as CardId)
}

fn sector(v: i64, k: &Kernel) -> R<usize> {
    index(v, k.st.borrow().board.sector_count(), "sector")
}

/// An id a record may give in field `key` (`check` says whether it names something that
/// exists): None when the field is absent or nil; an error when it is not an integer.
fn opt_id<T>(record: &Value, key: &str, check: impl FnOnce(i64) -> R<T>) -> R<Option<T>> {
    match record.get(key) {
        None | Some(Value::Nil) => Ok(None),
        Some(Value::Int(n)) => check(*n).map(Some),
        Some(other) => Err(format!("`{key}` is an id (an integer), not {other}")),
    }
}

fn oid(v: i64, k: &Kernel) -> R<ObjectId> {
    if k.st.borrow().objects.contains_key(&(v as ObjectId)) {
        Ok(v as ObjectId)
    } else {
        Err(format!("no object {v}"))
    }
}

/// The mover a script's flags describe: `through_doors`, `through_walls`,
/// `through_outer_walls`, `through_obstacles`, `door_passes` (the closed doors it may pass:
/// which doors open for whom is the ruleset's to say).
fn mover_from(v: &Value) -> Mover {
    let flag = |name: &str| matches!(v.get(name), Some(Value::Bool(true)));
    let mut m = Mover::thing();
    m.through_doors = flag("through_doors");
    m.through_walls = flag("through_walls");
    m.through_outer_walls = flag("through_outer_walls");
    m.through_obstacles = flag("through_obstacles");
    if let Some(Value::List(passes)) = v.get("door_passes") {
        m.door_passes = passes.iter().filter_map(|e| cv::to_edge(e).ok()).collect();
    }
    m
}

/// Keeps the board's obstacle for an object in step with the object. The board is changed
/// only if the obstacle changes: a change of the board throws away every line of sight and
/// distance worked out on it, and most objects block nothing (or stay as they were).
fn sync_obstacle(k: &Kernel, id: ObjectId) -> R<()> {
    let (want, have) = {
        let st = k.st.borrow();
        let want = st.objects.get(&id).and_then(|o| {
            let at = o.at?;
            (o.blocks_move || o.blocks_los || o.fills_square).then_some(Obstacle {
                at,
                blocks_move: o.blocks_move,
                blocks_los: o.blocks_los,
                fills_square: o.fills_square,
            })
        });
        (want, st.board.obstacles().get(&id).cloned())
    };
    if want == have {
        return Ok(());
    }
    let mut st = k.st.borrow_mut_touching(Touch::BOARD);
    st.board.remove_obstacle(id);
    if let Some(o) = want {
        st.board.add_obstacle(id, o).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn remove_from_zone(st: &mut crate::state::GameState, c: CardId) {
    let zone = st.cards[c as usize].zone.clone();
    match zone {
        Zone::Pile(name) => {
            if let Some(p) = st.piles.get_mut(&*name) {
                p.retain(|&x| x != c)
            }
        }
        Zone::Hand(p) => st.players[p as usize].hand.retain(|&x| x != c),
        Zone::Play(p) => st.players[p as usize].play.retain(|&x| x != c),
        Zone::Board(o) => {
            if let Some(obj) = st.objects.get_mut(&o) {
                if obj.card == Some(c) {
                    obj.card = None;
                }
            }
        }
        // Its stack entry stays (it may be marked or answered still), without the card.
        Zone::Stack => {
            for e in st.stack.iter_mut().filter(|e| e.card == Some(c)) {
                e.card = None;
            }
        }
        Zone::Removed => {}
    }
}

fn barrier_name(b: Barrier) -> &'static str {
    match b {
        Barrier::Open => "open",
        Barrier::Wall => "wall",
        Barrier::Door => "door",
    }
}

/// An edge's key in maps keyed by edges: "x,y,S" of its canonical name (`cv::edge`).
fn edge_key(e: crate::geometry::EdgeId) -> String {
    // (As `cv::edge` names it: its square and side.)
    format!("{},{},{}", e.x, e.y, e.named_side().name())
}

/// Which lines `game:edges` and `game:lines` give: a barrier name, or { barrier = ...,
/// created_by = card, seen_from = square, seen_at = "any_point" | "centre", rim = false }.
struct LineFilter {
    barrier: Option<String>,
    maker: Option<i64>,
    seen_from: Option<(crate::geometry::Sq, crate::geometry::EdgeTarget)>,
    /// false: not the board's outer lines.
    rim: bool,
}

impl LineFilter {
    fn read(filter: Option<&Value>) -> Result<LineFilter, Fail> {
        let (barrier, maker) = match filter {
            Some(Value::Str(b)) => (Some(b.clone()), None),
            Some(f @ Value::Map(_)) => (
                f.get("barrier").and_then(Value::as_str).map(str::to_string),
                f.get("created_by").and_then(Value::as_int),
            ),
            None | Some(Value::Nil) => (None, None),
            Some(other) => return Err(format!("edges: expected a barrier name or a filter table, got {other}").into()),
        };
        let mode = match filter.and_then(|f| f.get("seen_at")).and_then(Value::as_str) {
            Some("any_point") => crate::geometry::EdgeTarget::AnyPoint,
            _ => crate::geometry::EdgeTarget::Midpoint,
        };
        let seen_from = match filter.and_then(|f| f.get("seen_from")) {
            Some(s) => Some((cv::to_sq(s)?, mode)),
            None => None,
        };
        let rim = !matches!(filter.and_then(|f| f.get("rim")), Some(Value::Bool(false)));
        Ok(LineFilter { barrier, maker, seen_from, rim })
    }

    /// The lines it lets through, square by square, their sides N, E, S, W: each line once,
    /// in board order. (A line's whole record is looked at only when a card made it is asked.)
    fn lines(&self, board: &crate::geometry::Board) -> Result<Vec<crate::geometry::EdgeId>, Fail> {
        let mut out = Vec::new();
        for (e, b) in board.lines_seen(self.seen_from) {
            if self.barrier.as_deref().is_some_and(|want| barrier_name(b) != want) {
                continue;
            }
            if !self.rim {
                let (a, b) = e.sides();
                if !(board.contains(a) && board.contains(b)) {
                    continue;
                }
            }
            if let Some(c) = self.maker {
                if board.edge(e)?.created_by != Some(c as u64) {
                    continue;
                }
            }
            out.push(e);
        }
        Ok(out)
    }
}

/// What scripts see of an edge (`game:edge`, `game:edges`, `game:lines_around`).
fn edge_info(v: &EdgeView) -> Answer {
    let door = v.door.as_ref().map(|d| {
        Answer::record(vec![
            ("colour", Answer::opt(d.colour.clone(), Answer::Text)),
            ("open", d.open.into()),
            ("sector", Answer::opt(d.sector, |s| Answer::Int(s as i64))),
            ("tags", Value::Map(d.tags.clone()).into()),
        ])
    });
    Answer::record(vec![
        ("barrier", Answer::Name(barrier_name(v.barrier))),
        ("boundary", v.boundary.into()),
        ("created_by", Answer::opt(v.created_by, |c| Answer::Int(c as i64))),
        ("damage", Answer::Int(v.damage as i64)),
        ("destroyed", v.destroyed.into()),
        ("door", door.unwrap_or(Answer::Nil)),
        ("edge", Answer::edge(v.id)),
        ("obstacles", Answer::List(v.obstacles.iter().map(|&o| Answer::Int(o as i64)).collect())),
        ("printed", Answer::Name(barrier_name(v.printed))),
    ])
}

/// Gives cards the ruleset's helpers (`rules.ctx`) and the names of the fields a card's ctx
/// may lack (`rules.ctx_fields`, a set): any other name a ctx lacks is an error.
pub(super) fn set_rules_ctx(k: &Rc<Kernel>, ctx: Table, fields: Option<Table>) -> Result<(), String> {
    let set = k.set_ctx.borrow().clone().ok_or("api not installed")?;
    set.call::<()>((ctx, fields)).map_err(|e| e.to_string())
}

fn parse_fate(v: &Value) -> R<String> {
    let s = v.as_str().unwrap_or("reset");
    match s {
        "reset" | "board" | "sector" | "random" => Ok(s.to_string()),
        other => Err(format!("seam policy `{other}`: expected reset, board, sector or random")),
    }
}

/// Installs the primitives and builds the `game` object; with `verify_memo`, the memo of
/// queries checks every answer it keeps against a fresh one (slow: for tests).
pub(super) fn install(k: &Rc<Kernel>, verify_memo: bool) -> Result<(), String> {
    let lua = k.host.lua();
    let t = lua.create_table().map_err(|e| e.to_string())?;
    let w = Rc::downgrade(k);
    queries::install_queries(lua, &t, &w).map_err(|e| e.to_string())?;
    board::install_board(lua, &t, &w).map_err(|e| e.to_string())?;
    cells::install_cells(lua, &t, &w).map_err(|e| e.to_string())?;
    figures::install_figures(lua, &t, &w).map_err(|e| e.to_string())?;
    changes::install_changes(lua, &t, &w).map_err(|e| e.to_string())?;
    flow::install_flow(lua, &t, &w).map_err(|e| e.to_string())?;
    let env = k.host.new_env().map_err(|e| e.to_string())?;
    env.raw_set("K", t).map_err(|e| e.to_string())?;
    // The plain pcall for the kernel's own wrapper of primitives: it re-raises every error at
    // once, so it needs none of the sandbox's guards against swallowed stops (and is faster).
    let raw_pcall: mlua::Function = lua.globals().raw_get("pcall").map_err(|e| e.to_string())?;
    env.raw_set("raw_pcall", raw_pcall).map_err(|e| e.to_string())?;
    let raw_setmetatable: mlua::Function = lua.globals().raw_get("setmetatable").map_err(|e| e.to_string())?;
    env.raw_set("raw_setmetatable", raw_setmetatable).map_err(|e| e.to_string())?;
    // What scripts get of `game` is read-only: no card may replace a primitive for others.
    let host = k.host.clone();
    let read_only = lua
        .create_function(move |_, t: Table| host.read_only(&t).map_err(|e| mlua::Error::runtime(e.to_string())))
        .map_err(|e| e.to_string())?;
    env.raw_set("read_only", read_only).map_err(|e| e.to_string())?;
    // The memo of queries (api.lua): frozen answers, good while the count of changes stays.
    let stamp = k.st.show_changes_in(lua).map_err(|e| e.to_string())?;
    env.raw_set("stamp", stamp).map_err(|e| e.to_string())?;
    let (card_stamp, player_stamp) = k.st.show_own_changes_in(lua).map_err(|e| e.to_string())?;
    env.raw_set("card_stamp", card_stamp).map_err(|e| e.to_string())?;
    env.raw_set("player_stamp", player_stamp).map_err(|e| e.to_string())?;
    env.raw_set("verify_memo", verify_memo).map_err(|e| e.to_string())?;
    // SAFETY: a Lua C function that builds the memo's wrappers (memo.rs), called with the
    // arguments api.lua gives it.
    let memo_wrapper = unsafe { lua.create_c_function(super::memo::memo_wrapper) }.map_err(|e| e.to_string())?;
    env.raw_set("memo_wrapper", memo_wrapper).map_err(|e| e.to_string())?;
    // SAFETY: as memo_wrapper: the plain wrapper of a primitive.
    let plain_wrapper = unsafe { lua.create_c_function(super::memo::plain_wrapper) }.map_err(|e| e.to_string())?;
    env.raw_set("plain_wrapper", plain_wrapper).map_err(|e| e.to_string())?;
    // The kernel's squares and edges by table, with their codes (value.rs, `push`): the memo's
    // keys of places.
    let kit: Table =
        lua.named_registry_value(crate::value::FROZEN_KIT.to_str().expect("ASCII")).map_err(|e| e.to_string())?;
    let place_codes: Table = kit.raw_get(crate::value::KIT_PLACE_CODES).map_err(|e| e.to_string())?;
    let hex = k.st.borrow().board.shape() == crate::geometry::Shape::Hex;
    kit.raw_set(crate::value::KIT_HEX, hex).map_err(|e| e.to_string())?;
    env.raw_set("place_codes", place_codes).map_err(|e| e.to_string())?;
    let out = k.host.load_chunk("[kernel api]", API_LUA, &env).map_err(|e| e.to_string())?;
    let mut it = out.into_iter();
    let game = match it.next() {
        Some(mlua::Value::Table(g)) => g,
        _ => return Err("the kernel api chunk returned no game object".into()),
    };
    let make_ctx = match it.next() {
        Some(mlua::Value::Function(f)) => f,
        _ => return Err("the kernel api chunk returned no make_ctx".into()),
    };
    // Kept by the kernel, not on `game`: no script may swap the helpers every card uses.
    if let Some(mlua::Value::Function(set)) = it.next() {
        *k.set_ctx.borrow_mut() = Some(set);
    }
    if let Some(mlua::Value::Function(forget)) = it.next() {
        *k.forget.borrow_mut() = Some(forget);
    }
    *k.game.borrow_mut() = Some(game);
    *k.make_ctx.borrow_mut() = Some(make_ctx);
    Ok(())
}

/// Would `vars.set(key, v)` leave `vars` as it is (the same value there, or nil where there is
/// none)? Then it is no change at all: none is counted, no checkpoint copies the state, the
/// memo keeps its answers (a rule sets "moved" at every step, a spell its data each turn).
fn sets_nothing(vars: &Value, key: &str, v: &Value) -> bool {
    match vars {
        Value::Map(m) => match m.get(key) {
            Some(old) => !old.is_nil() && old == v,
            None => v.is_nil(),
        },
        _ => false,
    }
}

/// An object lies on the board or is carried, one or the other.
fn lies_or_is_carried(k: &Kernel, at: Option<Place>, carried_by: Option<PlayerId>) -> F<()> {
    match (at, carried_by) {
        (Some(_), Some(p)) => {
            Err(format!("an object lies on the board (`at`) or is carried (by player {p}), not both").into())
        }
        (None, None) => Err("an object lies on the board (`at`) or is carried (`carried_by`)".into()),
        (Some(Place::Square(s)), None) if !k.st.borrow().board.contains(s) => {
            Err(format!("square {s} is not on the board").into())
        }
        _ => Ok(()),
    }
}

/// The kernel is to keep `v` for a script, in place of `old` (`Kernel::hold`: counted against
/// the memory cap).
fn hold(k: &Kernel, v: &Value, old: Option<&Value>) -> F<()> {
    k.hold(v.held_bytes(), old.map_or(0, Value::held_bytes)).map_err(Fail::Host)
}

/// The seats an entry or a roll is for: nil, everyone; a seat, or a list of seats.
fn audience(k: &Kernel, to: Option<Value>) -> F<Option<Vec<PlayerId>>> {
    match to {
        None | Some(Value::Nil) => Ok(None),
        Some(Value::Int(p)) => Ok(Some(vec![pid(p, k)?])),
        Some(Value::List(seats)) => {
            let seats = seats.iter().map(|p| p.as_int().ok_or("a seat is an integer").map_err(String::from));
            let mut seats = seats.map(|p| pid(p?, k)).collect::<R<Vec<_>>>()?;
            seats.sort_unstable();
            seats.dedup();
            Ok(Some(seats))
        }
        Some(other) => Err(format!("the audience is a seat or a list of seats, not {other}").into()),
    }
}

/// A card's own predicate: a hook that answers whether the card can do something (`can_cast`,
/// `can_target`, `can_respond`...), named `can_<what>`.
fn is_predicate(hook: &str) -> bool {
    hook.starts_with("can_")
}

/// The entries the kernel itself logs: a script may not write one (a forged `error` or
/// `game_over` would mislead every reader of the log).
pub const KERNEL_ENTRIES: [&str; 5] = ["answer", "error", "game_over", "roll", "turn"];

/// A script's own log entry is named by it, but not as the kernel's entries or the events
/// (those go through `game:after`, so that their handlers hear them).
fn check_log_name(name: &str) -> R<()> {
    if KERNEL_ENTRIES.contains(&name) {
        return Err(format!("`{name}` is reserved: the kernel logs its own `{name}` entries"));
    }
    if crate::events::event(name).is_some() {
        return Err(format!(
            "`{name}` is reserved: an event is logged by game:after(\"{name}\", ...), which its handlers hear"
        ));
    }
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err(format!("a log entry's name is a plain word, not {name:?}"));
    }
    Ok(())
}

fn check_event(name: &str, before: bool) -> R<()> {
    match crate::events::event(name) {
        Some(e) if before && !e.changeable => Err(format!("event `{name}` has no before stage")),
        Some(_) => Ok(()),
        None => {
            let names = crate::events::EVENTS.iter().map(|e| e.name);
            let hint =
                crate::events::did_you_mean(name, names).map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default();
            Err(format!("unknown event `{name}`{hint}"))
        }
    }
}

fn interrupt(k: &Kernel, i: Interrupt) -> HostError {
    k.interrupt_host(i)
}

fn move_card(k: &Kernel, c: CardId, zone: Zone, bottom: bool) -> F<()> {
    // The card's zone, and the hand or play area, the object, or the pile or stack (the
    // rest) it leaves and enters: never the board.
    let part_of = |z: &Zone| match z {
        Zone::Hand(_) | Zone::Play(_) => Touch::HANDS,
        Zone::Board(_) => Touch::OBJECTS,
        Zone::Pile(_) | Zone::Stack => Touch::REST,
        Zone::Removed => Touch::NONE,
    };
    {
        // (where it goes, checked before it leaves where it is)
        let st = k.st.borrow();
        match &zone {
            Zone::Hand(p) | Zone::Play(p) if *p as usize >= st.players.len() => {
                return Err(format!("no player {p} (players are 0..{})", st.players.len() as i64 - 1).into())
            }
            Zone::Board(o) if !st.objects.contains_key(o) => return Err(format!("no object {o}").into()),
            _ => {}
        }
    }
    let from = part_of(&k.st.borrow().cards[c as usize].zone);
    let mut st = k.st.borrow_mut_card(c, from.and(part_of(&zone)));
    remove_from_zone(&mut st, c);
    match &zone {
        Zone::Pile(name) => {
            let pile = st.piles.entry(name.to_string()).or_default();
            if bottom {
                pile.insert(0, c)
            } else {
                pile.push(c)
            }
        }
        Zone::Hand(p) => st.players.get_mut(*p as usize).ok_or("no such player")?.hand.push(c),
        Zone::Play(p) => {
            let stamp = st.fresh_id();
            st.cards[c as usize].entered = stamp;
            st.players.get_mut(*p as usize).ok_or("no such player")?.play.push(c);
        }
        Zone::Board(o) => {
            let obj = st.objects.get_mut(o).ok_or("no such object")?;
            obj.card = Some(c);
        }
        Zone::Stack | Zone::Removed => {}
    }
    let card = &mut st.cards[c as usize];
    card.zone = zone;
    // (its face and who was shown it belong to where it was)
    card.face = Face::Default;
    card.shown_to.clear();
    Ok(())
}

fn change_map(
    k: &Kernel,
    fate: String,
    f: impl FnOnce(
        &mut crate::geometry::Board,
        &mut dyn FnMut(crate::geometry::EdgeId) -> SeamFate,
    ) -> Result<crate::geometry::Remap, crate::geometry::BoardError>,
) -> F<Value> {
    let mut st = k.st.borrow_mut();
    let st = &mut *st;
    let rng = &mut st.rng;
    let mut seam = |_: crate::geometry::EdgeId| match fate.as_str() {
        "board" => SeamFate::StayWithBoard,
        "sector" => SeamFate::MoveWithSector,
        "random" => {
            if rng.roll(2) == 1 {
                SeamFate::StayWithBoard
            } else {
                SeamFate::MoveWithSector
            }
        }
        _ => SeamFate::Reset,
    };
    let remap = f(&mut st.board, &mut seam)?;
    let moved: std::collections::BTreeMap<_, _> = remap.squares.iter().copied().collect();
    // (every figure anchored in a moved square goes with it; its facing stays as it was)
    for f in st.figures.values_mut() {
        if let Some(&to) = f.at.and_then(|at| moved.get(&at)) {
            f.at = Some(to);
        }
    }
    let edges: std::collections::BTreeMap<_, _> = remap.edges.iter().copied().collect();
    for o in st.objects.values_mut() {
        match o.at {
            Some(Place::Square(s)) => {
                if let Some(&to) = moved.get(&s) {
                    o.at = Some(Place::Square(to));
                }
            }
            Some(Place::Edge(e)) => {
                if remap.removed_obstacles.contains(&o.id) {
                    o.at = None;
                } else if let Some(&to) = edges.get(&e) {
                    o.at = Some(Place::Edge(to));
                }
            }
            None => {}
        }
    }
    Ok(map(vec![
        ("reset_edges", Value::List(remap.reset_edges.iter().map(|&e| cv::edge(e)).collect())),
        ("removed_objects", Value::List(remap.removed_obstacles.iter().map(|&o| Value::Int(o as i64)).collect())),
    ]))
}

/// Rebuilds the board from the board set at setup: `{side = "a", order = {..}, rotations = {..}}`
/// (order and rotations per slot, 0-based face indices and quarter turns).
fn arrange_board(k: &Kernel, spec: &Value) -> R<()> {
    let set = &k.boards;
    if set.map.is_some() {
        return Err("this ruleset's board is a map: it has no sectors to arrange".into());
    }
    let players = k.st.borrow().players.len();
    let side = match spec.get("side").and_then(Value::as_str) {
        Some(s) => s.to_string(),
        None => set.sides.keys().next().cloned().ok_or("no sides")?,
    };
    let list = |key: &str| -> Vec<i64> {
        match spec.get(key) {
            Some(Value::List(v)) => v.iter().filter_map(Value::as_int).collect(),
            _ => Vec::new(),
        }
    };
    let slots = set.layouts.get(&players).map(|l| l.slots.len()).ok_or("no layout for this many players")?;
    let mut order: Vec<usize> = list("order").into_iter().map(|i| i.max(0) as usize).collect();
    if order.is_empty() {
        order = (0..slots).collect();
    }
    let mut rots: Vec<Rot> = list("rotations").into_iter().map(|r| Rot::new(r as i32)).collect();
    if rots.is_empty() {
        rots = vec![Rot(0); slots];
    }
    let board = set.build(&side, players, &order, &rots).map_err(|e| e.to_string())?;
    let mut st = k.st.borrow_mut();
    for p in 0..players as u32 {
        let home = board.home(st.players[p as usize].home_sector);
        if st.players[p as usize].figure.is_some() {
            st.set_seat_at(p, Some(home))?;
        }
    }
    st.board = board.into();
    Ok(())
}

/// A new copy of the card `key` (its key, or its name) in `zone`.
/// A card definition by its key, or by its name in any case.
fn card_def<'a>(k: &'a Kernel, key: &str) -> Option<&'a super::LoadedCard> {
    k.cards.get(key).or_else(|| k.cards.values().find(|c| c.def.name.eq_ignore_ascii_case(key)))
}

fn new_card(k: &Kernel, key: &str, zone: Zone) -> Result<CardId, Fail> {
    let def = card_def(k, key).ok_or_else(|| Fail::Msg(format!("no card `{key}` in this ruleset's card folders")))?;
    let mut st = k.st.borrow_mut_touching(Touch::CARDS);
    let id = st.cards.len() as CardId;
    st.cards.push(CardInstance::fresh(id, &def.def.key).into());
    drop(st);
    move_card(k, id, zone, false)?;
    Ok(id)
}
