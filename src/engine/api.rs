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
    install_queries(lua, &t, &w).map_err(|e| e.to_string())?;
    install_board(lua, &t, &w).map_err(|e| e.to_string())?;
    install_changes(lua, &t, &w).map_err(|e| e.to_string())?;
    install_flow(lua, &t, &w).map_err(|e| e.to_string())?;
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

fn install_queries(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    query(lua, t, "players", w, |k, ()| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().players.iter().map(cv::player).collect()))
    })?;
    reg(lua, t, "player_count", w, |k, ()| -> F<i64> { Ok(k.st.borrow().players.len() as i64) })?;
    // Seat order from the active player, as the turn machine passes turns (turns.rs, `next_turn`).
    query(lua, t, "turn_order", w, |k, ()| -> F<Value> {
        let st = k.st.borrow();
        let n = st.players.len();
        let first = st.turn.active as usize;
        Ok(Value::List(
            (0..n).map(|i| (first + i) % n).filter(|&q| st.players[q].alive).map(|q| Value::Int(q as i64)).collect(),
        ))
    })?;
    query(lua, t, "player", w, |k, p: i64| -> F<Answer> {
        let p = pid(p, k)?;
        Ok(cv::player(&k.st.borrow().players[p as usize]))
    })?;
    reg(lua, t, "wizard_name", w, |k, p: i64| -> F<String> {
        let p = pid(p, k)?;
        Ok(crate::cli::wizard_name(&k.st.borrow(), p))
    })?;
    query(lua, t, "turn", w, |k, ()| -> F<Answer> { Ok(cv::turn(&k.st.borrow().turn)) })?;
    query(lua, t, "result", w, |k, ()| -> F<Value> {
        Ok(k.st.borrow().result.as_ref().map_or(Value::Nil, |r| {
            map(vec![("winner", cv::opt(r.winner, |p| Value::Int(p as i64))), ("reason", r.reason.as_str().into())])
        }))
    })?;
    query(lua, t, "card", w, |k, c: i64| -> F<Answer> {
        let c = cid(c, k)?;
        let st = k.st.borrow();
        let inst = &st.cards[c as usize];
        Ok(cv::card(inst, k.cards.get(&*inst.def).map(|l| &l.statics)))
    })?;
    query(lua, t, "card_def", w, |k, key: String| -> F<Answer> {
        let found = k.cards.get(&key).or_else(|| k.cards.values().find(|c| c.def.name.eq_ignore_ascii_case(&key)));
        Ok(found
            .map(|l| {
                cv::card(
                    &CardInstance {
                        id: u32::MAX,
                        def: l.def.key.as_str().into(),
                        zone: Zone::Removed,
                        controller: None,
                        target: None,
                        energy: 0,
                        data: Value::Nil,
                        entered: 0,
                        face: Face::Default,
                        shown_to: Vec::new(),
                    },
                    Some(&l.statics),
                )
            })
            .unwrap_or(Answer::Nil))
    })?;
    query(lua, t, "card_keys", w, |k, ()| -> F<Value> {
        Ok(Value::List(k.cards.keys().map(|s| s.as_str().into()).collect()))
    })?;
    query(lua, t, "hand", w, |k, p: i64| -> F<Value> {
        let p = pid(p, k)?;
        Ok(Value::List(k.st.borrow().players[p as usize].hand.iter().map(|&c| Value::Int(c as i64)).collect()))
    })?;
    query(lua, t, "play_area", w, |k, p: i64| -> F<Value> {
        let p = pid(p, k)?;
        Ok(Value::List(k.st.borrow().players[p as usize].play.iter().map(|&c| Value::Int(c as i64)).collect()))
    })?;
    query(lua, t, "pile", w, |k, name: String| -> F<Value> {
        let st = k.st.borrow();
        Ok(Value::List(
            st.piles.get(&name).map(|p| p.iter().map(|&c| Value::Int(c as i64)).collect()).unwrap_or_default(),
        ))
    })?;
    query(lua, t, "objects", w, |k, ()| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().objects.values().map(cv::object).collect()))
    })?;
    query(lua, t, "object", w, |k, id: i64| -> F<Answer> {
        Ok(k.st.borrow().objects.get(&(id as ObjectId)).map_or(Answer::Nil, cv::object))
    })?;
    query(lua, t, "objects_at", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        Ok(Answer::List(st.objects_at(s).iter().map(|id| cv::object(&st.objects[id])).collect()))
    })?;
    query(lua, t, "wizards_at", w, |k, s: PlaceArg| -> F<Value> {
        let s = cv::sq_arg(&s)?;
        Ok(Value::List(k.st.borrow().wizards_at(s).into_iter().map(|p| Value::Int(p as i64)).collect()))
    })?;
    query(lua, t, "config", w, |k, ()| -> F<Value> { Ok(k.ruleset.config.clone()) })?;
    query(lua, t, "option", w, |k, name: String| -> F<Value> {
        let st = k.st.borrow();
        st.options.get(&name).cloned().ok_or_else(|| Fail::Msg(format!("no option `{name}`")))
    })?;
    query(lua, t, "stack", w, |k, ()| -> F<Value> {
        Ok(Value::List(k.st.borrow().stack.iter().map(cv::stack_entry).collect()))
    })?;
    query(lua, t, "vars", w, |k, ()| -> F<Value> { Ok((*k.st.borrow().vars).clone()) })?;
    query(lua, t, "card_data", w, |k, (c, key): (i64, String)| -> F<Value> {
        let c = cid(c, k)?;
        Ok(k.st.borrow().cards[c as usize].data.get(&key).cloned().unwrap_or_default())
    })?;
    // The cards in play areas whose data holds `key` (standing effects, say), in one answer:
    // seat by seat, each area in the order its cards entered it.
    query(lua, t, "play_area_data", w, |k, key: String| -> F<Value> {
        let st = k.st.borrow();
        let mut out = Vec::new();
        for pl in &st.players {
            for &c in &pl.play {
                match st.cards[c as usize].data.get(&key) {
                    None | Some(Value::Nil) => {}
                    Some(v) => out.push(map(vec![
                        ("player", Value::Int(pl.id as i64)),
                        ("card", Value::Int(c as i64)),
                        ("value", v.clone()),
                    ])),
                }
            }
        }
        Ok(Value::List(out))
    })?;
    reg(lua, t, "has_hook", w, |k, (c, hook): (i64, String)| -> F<bool> {
        let c = cid(c, k)?;
        Ok(k.card_hook(c, &hook).is_some())
    })?;
    Ok(())
}

fn install_board(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "board_size", w, |k, ()| -> F<(i64, i64)> {
        let (a, b) = k.st.borrow().board.size();
        Ok((a as i64, b as i64))
    })?;
    query(lua, t, "squares", w, |k, ()| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().board.squares().into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "sector_of", w, |k, s: PlaceArg| -> F<Value> {
        let s = cv::sq_arg(&s)?;
        Ok(cv::opt(k.st.borrow().board.sector_of(s), |i| Value::Int(i as i64)))
    })?;
    reg(lua, t, "sector_count", w, |k, ()| -> F<i64> { Ok(k.st.borrow().board.sector_count() as i64) })?;
    reg(lua, t, "empty_places", w, |k, ()| -> F<Value> {
        let places = k.st.borrow().board.empty_slots();
        let place = |(x, y): (i32, i32)| map(vec![("x", Value::Int(x as i64)), ("y", Value::Int(y as i64))]);
        Ok(Value::List(places.into_iter().map(place).collect()))
    })?;
    query(lua, t, "sector_squares", w, |k, i: i64| -> F<Answer> {
        let i = sector(i, k)?;
        let st = k.st.borrow();
        Ok(Answer::List(st.board.sector_squares(i).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "home", w, |k, i: i64| -> F<Answer> {
        let i = sector(i, k)?;
        let st = k.st.borrow();
        Ok(Answer::square(st.board.home(i)))
    })?;
    query(lua, t, "treasure_starts", w, |k, i: i64| -> F<Answer> {
        let i = sector(i, k)?;
        let st = k.st.borrow();
        Ok(Answer::List(st.board.treasure_starts(i).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "home_sector_at", w, |k, s: PlaceArg| -> F<Value> {
        let s = cv::sq_arg(&s)?;
        Ok(cv::opt(k.st.borrow().board.home_sector_at(s), |i| Value::Int(i as i64)))
    })?;
    reg(lua, t, "los", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<bool> {
        Ok(k.st.borrow().board.los(cv::sq_arg(&a)?, cv::sq_arg(&b)?))
    })?;
    query(lua, t, "los_bent", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.los_bent(cv::sq_arg(&a)?, cv::sq_arg(&b)?), cv::sq))
    })?;
    query(lua, t, "line_squares", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        let line = k.st.borrow().board.line_squares(cv::sq_arg(&a)?, cv::sq_arg(&b)?);
        Ok(cv::opt(line, |v| Value::List(v.into_iter().map(cv::sq).collect())))
    })?;
    reg(lua, t, "los_edge", w, |k, (a, e, any): (PlaceArg, PlaceArg, Option<bool>)| -> F<bool> {
        let mode = if any == Some(true) {
            crate::geometry::EdgeTarget::AnyPoint
        } else {
            crate::geometry::EdgeTarget::Midpoint
        };
        Ok(k.st.borrow().board.los_to_edge(cv::sq_arg(&a)?, cv::edge_arg(&e)?, mode))
    })?;
    reg(lua, t, "los_object", w, |k, (a, id): (PlaceArg, i64)| -> F<bool> {
        Ok(k.st.borrow().board.los_to_obstacle(cv::sq_arg(&a)?, id as ObjectId) || {
            // Objects that block nothing are not obstacles: LOS to their square.
            let st = k.st.borrow();
            match st.objects.get(&(id as ObjectId)).and_then(|o| o.at) {
                Some(Place::Square(s)) if !st.board.obstacles().contains_key(&(id as ObjectId)) => {
                    st.board.los(cv::sq_arg(&a)?, s)
                }
                _ => false,
            }
        })
    })?;
    reg(lua, t, "adjacent", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<bool> {
        Ok(k.st.borrow().board.adjacent(cv::sq_arg(&a)?, cv::sq_arg(&b)?))
    })?;
    query(lua, t, "sight_limit", w, |k, ()| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.sight_limit(), |n| Value::Int(n as i64)))
    })?;
    query(lua, t, "visible_from", w, |k, a: PlaceArg| -> F<Answer> {
        Ok(Answer::List(k.st.borrow().board.visible_from(cv::sq_arg(&a)?).into_iter().map(Answer::square).collect()))
    })?;
    query(lua, t, "neighbours", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        let mut out = Vec::new();
        for d in crate::geometry::Dir::ALL {
            if let Some(step) = st.board.step(s, d) {
                out.push(Answer::record(vec![
                    ("dir", Answer::dir(d)),
                    ("edge", Answer::edge(step.exit_edge)),
                    ("heading", Answer::dir(step.heading)),
                    ("link", step.via_link.into()),
                    ("to", Answer::square(step.to)),
                ]));
            }
        }
        Ok(Answer::List(out))
    })?;
    query(lua, t, "edge", w, |k, e: Value| -> F<Answer> {
        let v = k.st.borrow().board.edge(cv::to_edge(&e)?)?;
        Ok(edge_info(&v))
    })?;
    query(lua, t, "edges", w, |k, filter: Option<Value>| -> F<Answer> {
        let f = LineFilter::read(filter.as_ref())?;
        let st = k.st.borrow();
        let mut out = Vec::new();
        for e in f.lines(&st.board)? {
            out.push(edge_info(&st.board.edge(e)?));
        }
        Ok(Answer::List(out))
    })?;
    // The edges alone of the lines `edges` gives (no record of each): what a listing needs of
    // the walls or doors a spell may aim at.
    query(lua, t, "lines", w, |k, filter: Option<Value>| -> F<Answer> {
        let f = LineFilter::read(filter.as_ref())?;
        let st = k.st.borrow();
        Ok(Answer::List(f.lines(&st.board)?.into_iter().map(Answer::edge).collect()))
    })?;
    query(lua, t, "edges_around", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        let mut out = std::collections::BTreeMap::new();
        for d in Dir::ALL {
            if let Ok(v) = st.board.edge(s.edge(d)) {
                out.insert(edge_key(v.id), edge_info(&v));
            }
        }
        Ok(Answer::Keyed(out.into_iter().collect()))
    })?;
    // The few lines of a square that hold a barrier, in key order: what a listing asks of the
    // wizard's square (its doors, its walls) without records of its open sides.
    query(lua, t, "lines_around", w, |k, s: PlaceArg| -> F<Answer> {
        let s = cv::sq_arg(&s)?;
        let st = k.st.borrow();
        // (By key, as edges_around: each line once, in key order.)
        let mut found = std::collections::BTreeMap::new();
        for d in Dir::ALL {
            let e = s.edge(d);
            if st.board.barrier(e).is_some_and(|b| b != Barrier::Open) {
                found.insert(edge_key(e), e);
            }
        }
        let mut out = Vec::with_capacity(found.len());
        for e in found.into_values() {
            out.push(edge_info(&st.board.edge(e)?));
        }
        Ok(Answer::List(out))
    })?;
    query(lua, t, "edges_in_sight", w, |k, (a, any): (PlaceArg, Option<bool>)| -> F<Value> {
        let a = cv::sq_arg(&a)?;
        let mode = if any == Some(true) {
            crate::geometry::EdgeTarget::AnyPoint
        } else {
            crate::geometry::EdgeTarget::Midpoint
        };
        let st = k.st.borrow();
        let mut out = crate::value::Map::new();
        for (e, b) in st.board.lines_seen(Some((a, mode))) {
            if b != Barrier::Open {
                out.insert(edge_key(e), Value::Bool(true));
            }
        }
        Ok(Value::Map(out))
    })?;
    query(lua, t, "steps", w, |k, (p, flags): (i64, Option<Value>)| -> F<Answer> {
        let p = pid(p, k)?;
        let m = mover_from(&flags.unwrap_or_default());
        let st = k.st.borrow();
        let Some(at) = st.players[p as usize].at else { return Ok(Answer::List(vec![])) };
        Ok(Answer::List(
            st.board
                .moves(at, &m)
                .into_iter()
                .map(|s| {
                    let d = crate::geometry::Dir::ALL.into_iter().find(|&d| s.exit_edge == at.edge(d)).unwrap();
                    Answer::record(vec![
                        ("dir", Answer::dir(d)),
                        ("link", s.via_link.into()),
                        ("to", Answer::square(s.to)),
                    ])
                })
                .collect(),
        ))
    })?;
    reg(lua, t, "path", w, |k, (a, b, flags): (Value, Value, Option<Value>)| -> F<Value> {
        let flags = flags.unwrap_or_default();
        let m = mover_from(&flags);
        let st = k.st.borrow();
        Ok(cv::opt(st.board.path(cv::to_sq(&a)?, cv::to_sq(&b)?, &m), |p| {
            Value::List(p.into_iter().map(|s| cv::sq(s.to)).collect())
        }))
    })?;
    reg(lua, t, "reachable", w, |k, (a, points, flags): (Value, i64, Option<Value>)| -> F<Value> {
        let flags = flags.unwrap_or_default();
        let m = mover_from(&flags);
        let st = k.st.borrow();
        let r = st.board.reachable(cv::to_sq(&a)?, points.max(0) as u32, &m);
        Ok(Value::List(
            r.into_iter().map(|(s, c)| map(vec![("square", cv::sq(s)), ("cost", Value::Int(c as i64))])).collect(),
        ))
    })?;
    query(lua, t, "distance", w, |k, (a, b): (PlaceArg, PlaceArg)| -> F<Value> {
        Ok(cv::opt(k.st.borrow().board.distance(cv::sq_arg(&a)?, cv::sq_arg(&b)?), |d| Value::Int(d as i64)))
    })?;
    reg(lua, t, "run", w, |k, (a, d, max, flags): (Value, Value, i64, Option<Value>)| -> F<Value> {
        let flags = flags.unwrap_or_default();
        let m = mover_from(&flags);
        let st = k.st.borrow();
        let r = st.board.run(cv::to_sq(&a)?, cv::to_dir(&d)?, max.max(0) as u32, &m);
        let stop = match r.stop {
            RunStop::Length => map(vec![("kind", "length".into())]),
            RunStop::Edge(e) => map(vec![("kind", "edge".into()), ("edge", cv::edge(e))]),
            RunStop::Square(s) => map(vec![("kind", "square".into()), ("square", cv::sq(s))]),
            RunStop::Rim => map(vec![("kind", "rim".into())]),
            RunStop::Loop => map(vec![("kind", "loop".into())]),
        };
        Ok(map(vec![
            ("squares", Value::List(r.steps.iter().map(|s| cv::sq(s.to)).collect())),
            ("headings", Value::List(r.steps.iter().map(|s| cv::dir(s.heading)).collect())),
            ("stop", stop),
        ]))
    })?;
    reg(lua, t, "random_direction", w, |_, (roll, base): (i64, Value)| -> F<Value> {
        Ok(cv::dir(random_direction(roll.clamp(1, 4) as u32, cv::to_dir(&base)?)))
    })?;
    Ok(())
}

fn install_changes(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "set_life", w, |k, (p, n): (i64, i64)| -> F<()> {
        let p = pid(p, k)?;
        k.st.borrow_mut_player(p, Touch::NONE).players[p as usize].life = n;
        Ok(())
    })?;
    reg(lua, t, "set_alive", w, |k, (p, alive): (i64, bool)| -> F<()> {
        let p = pid(p, k)?;
        let mut st = k.st.borrow_mut_player(p, Touch::ORDER);
        st.players[p as usize].alive = alive;
        if !alive {
            st.players[p as usize].at = None;
        }
        Ok(())
    })?;
    reg(lua, t, "set_token", w, |k, (p, name, n): (i64, String, i64)| -> F<()> {
        let p = pid(p, k)?;
        if k.st.borrow().players[p as usize].tokens.get(&name).copied().unwrap_or(0) == n {
            return Ok(());
        }
        let mut st = k.st.borrow_mut_player(p, Touch::NONE);
        if n == 0 {
            st.players[p as usize].tokens.remove(&name);
        } else {
            st.players[p as usize].tokens.insert(name, n);
        }
        Ok(())
    })?;
    reg(lua, t, "set_player_var", w, |k, (p, key, v): (i64, String, Value)| -> F<()> {
        let p = pid(p, k)?;
        if sets_nothing(&k.st.borrow().players[p as usize].vars, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().players[p as usize].vars.get(&key))?;
        k.st.borrow_mut_player(p, Touch::NONE).players[p as usize].vars.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "set_turn_var", w, |k, (key, v): (String, Value)| -> F<()> {
        if sets_nothing(&k.st.borrow().turn.vars, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().turn.vars.get(&key))?;
        k.st.borrow_mut_touching(Touch::TURN).turn.vars.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "set_var", w, |k, (key, v): (String, Value)| -> F<()> {
        if sets_nothing(&k.st.borrow().vars, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().vars.get(&key))?;
        k.st.borrow_mut_touching(Touch::REST).vars.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "set_card_data", w, |k, (c, key, v): (i64, String, Value)| -> F<()> {
        let c = cid(c, k)?;
        if sets_nothing(&k.st.borrow().cards[c as usize].data, &key, &v) {
            return Ok(());
        }
        hold(k, &v, k.st.borrow().cards[c as usize].data.get(&key))?;
        k.st.borrow_mut_card(c, Touch::NONE).cards[c as usize].data.set(&key, v);
        Ok(())
    })?;
    reg(lua, t, "new_card", w, |k, (key, zone): (String, Value)| -> F<i64> {
        Ok(new_card(k, &key, cv::to_zone(&zone)?)? as i64)
    })?;
    // A deck at set-up: a hundred cards in one call instead of a hundred.
    reg_whole(lua, t, "new_cards", w, |k, (keys, zone): (Vec<String>, Value)| -> F<Vec<i64>> {
        let zone = cv::to_zone(&zone)?;
        keys.iter().map(|key| Ok(new_card(k, key, zone.clone())? as i64)).collect()
    })?;
    reg(lua, t, "move_card", w, |k, (c, zone, opts): (i64, Value, Option<Value>)| -> F<()> {
        let c = cid(c, k)?;
        let bottom = matches!(opts.and_then(|o| o.get("bottom").cloned()), Some(Value::Bool(true)));
        move_card(k, c, cv::to_zone(&zone)?, bottom)
    })?;
    reg(lua, t, "set_card", w, |k, (c, fields): (i64, Value)| -> F<()> {
        let c = cid(c, k)?;
        let controller = fields.get("controller").map(|v| v.as_int().map(|p| pid(p, k)).transpose()).transpose()?;
        let energy = fields.get("energy").map(|v| cv::int(v, "energy")).transpose()?;
        let face = match fields.get("face") {
            None => None,
            Some(Value::Str(f)) if f == "down" => Some(Face::Down),
            Some(Value::Str(f)) if f == "up" => Some(Face::Up),
            Some(Value::Str(f)) if f == "default" => Some(Face::Default),
            Some(other) => return Err(format!("a card's face is \"down\", \"up\" or \"default\", not {other}").into()),
        };
        let mut st = k.st.borrow_mut_card(c, Touch::NONE);
        let card = &mut st.cards[c as usize];
        if let Some(controller) = controller {
            card.controller = controller;
        }
        if let Some(v) = fields.get("target") {
            card.target = if v.is_nil() { None } else { Some(v.clone()) };
        }
        if let Some(energy) = energy {
            card.energy = energy;
        }
        if let Some(face) = face {
            card.face = face;
        }
        Ok(())
    })?;
    reg(lua, t, "shuffle_pile", w, |k, name: String| -> F<()> {
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let mut pile = st.piles.remove(&name).unwrap_or_default();
        st.rng.shuffle(&mut pile);
        st.piles.insert(name, pile);
        Ok(())
    })?;
    reg(lua, t, "place_wizard", w, |k, (p, s): (i64, Value)| -> F<()> {
        let p = pid(p, k)?;
        let s = cv::to_sq(&s)?;
        let mut st = k.st.borrow_mut_player(p, Touch::NONE);
        if !st.board.contains(s) {
            return Err(format!("square {s} is not on the board").into());
        }
        st.players[p as usize].at = Some(s);
        Ok(())
    })?;
    reg_whole(lua, t, "create_object", w, |k, spec: Value| -> F<i64> {
        let flag = |n: &str| matches!(spec.get(n), Some(Value::Bool(true)));
        let at = spec.get("at").map(cv::to_place).transpose()?;
        let card = opt_id(&spec, "card", |c| cid(c, k))?;
        let carried_by = opt_id(&spec, "carried_by", |p| pid(p, k))?;
        let owner = opt_id(&spec, "owner", |p| pid(p, k))?;
        lies_or_is_carried(k, at, carried_by)?;
        hold(k, &spec, None)?;
        // (its card and its obstacle follow: move_card, sync_obstacle)
        let mut st = k.st.borrow_mut_touching(Touch::OBJECTS);
        let id = st.fresh_id();
        let o = Object {
            id,
            kind: spec.get("kind").and_then(Value::as_str).unwrap_or("object").to_string(),
            at,
            carried_by,
            card,
            owner,
            blocks_move: flag("blocks_move"),
            blocks_los: flag("blocks_los"),
            fills_square: flag("fills_square"),
            mobile: flag("mobile"),
            damage: 0,
            toughness: spec.get("toughness").and_then(Value::as_int).map(|t| t.max(0) as u32),
            data: spec.get("data").cloned().unwrap_or_default(),
        };
        st.objects.insert(id, o);
        drop(st);
        if let Some(c) = card {
            move_card(k, c, Zone::Board(id), false)?;
        }
        sync_obstacle(k, id)?;
        Ok(id as i64)
    })?;
    reg_whole(lua, t, "set_object", w, |k, (id, fields): (i64, Value)| -> F<()> {
        let id = oid(id, k)?;
        let owner = fields.get("owner").map(|v| v.as_int().map(|p| pid(p, k)).transpose()).transpose()?;
        let carried_by = opt_id(&fields, "carried_by", |p| pid(p, k))?;
        hold(k, &fields, None)?;
        {
            // (its obstacle follows: sync_obstacle)
            let mut st = k.st.borrow_mut_touching(Touch::OBJECTS);
            let o = st.objects.get_mut(&id).unwrap();
            let flag = |n: &str, cur: bool| match fields.get(n) {
                Some(Value::Bool(b)) => *b,
                _ => cur,
            };
            o.blocks_move = flag("blocks_move", o.blocks_move);
            o.blocks_los = flag("blocks_los", o.blocks_los);
            o.fills_square = flag("fills_square", o.fills_square);
            o.mobile = flag("mobile", o.mobile);
            if let Some(v) = fields.get("damage") {
                o.damage = cv::int(v, "damage")?.max(0) as u32;
            }
            if let Some(v) = fields.get("data") {
                o.data = v.clone();
            }
            if let Some(owner) = owner {
                o.owner = owner;
            }
            if fields.get("carried_by").is_some() || fields.get("at").is_some() {
                o.carried_by = carried_by;
                o.at = fields.get("at").map(cv::to_place).transpose()?;
            }
            let (at, carried_by) = (o.at, o.carried_by);
            drop(st);
            lies_or_is_carried(k, at, carried_by)?;
        }
        sync_obstacle(k, id)?;
        Ok(())
    })?;
    reg(lua, t, "remove_object", w, |k, id: i64| -> F<()> {
        let id = oid(id, k)?;
        let mut st = k.st.borrow_mut_touching(Touch::OBJECTS.and(Touch::BOARD).and(Touch::CARDS));
        let o = st.objects.remove(&id).unwrap();
        st.board.remove_obstacle(id);
        if let Some(c) = o.card {
            if st.cards[c as usize].zone == Zone::Board(id) {
                // The card goes nowhere until the caller moves it; park it out of play.
                st.cards[c as usize].zone = Zone::Removed;
            }
        }
        Ok(())
    })?;
    reg(lua, t, "create_barrier", w, |k, (e, door, by): (Value, bool, Option<i64>)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.create_barrier(cv::to_edge(&e)?, door, by.map(|b| b as u64))?;
        Ok(())
    })?;
    reg(lua, t, "destroy_barrier", w, |k, e: Value| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.destroy_barrier(cv::to_edge(&e)?)?;
        Ok(())
    })?;
    reg(lua, t, "unmake_barrier", w, |k, (e, by): (Value, Option<i64>)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.unmake_barrier(cv::to_edge(&e)?, by.map(|b| b as u64))?;
        Ok(())
    })?;
    reg(lua, t, "restore_edge", w, |k, e: Value| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.restore_edge(cv::to_edge(&e)?)?;
        Ok(())
    })?;
    reg(lua, t, "set_sight_limit", w, |k, n: Option<i64>| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.set_sight_limit(n.map(|n| n.max(0) as u32));
        Ok(())
    })?;
    reg(lua, t, "set_edge_damage", w, |k, (e, n): (Value, i64)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.set_damage(cv::to_edge(&e)?, n.max(0) as u32)?;
        Ok(())
    })?;
    reg(lua, t, "set_door_open", w, |k, (e, open): (Value, bool)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.set_door_open(cv::to_edge(&e)?, open)?;
        Ok(())
    })?;
    reg(lua, t, "set_door_tag", w, |k, (e, key, v): (Value, String, Option<Value>)| -> F<()> {
        k.st.borrow_mut_touching(Touch::BOARD).board.set_door_tag(cv::to_edge(&e)?, &key, v)?;
        Ok(())
    })?;
    reg_whole(lua, t, "turn_sector", w, |k, (sector, quarters, fate): (i64, i64, Option<Value>)| -> F<Value> {
        let fate = parse_fate(&fate.unwrap_or_default())?;
        change_map(k, fate, |board, seam| board.turn_sector(sector.max(0) as usize, Rot::new(quarters as i32), seam))
    })?;
    reg_whole(lua, t, "swap_sectors", w, |k, (a, b, fate): (i64, i64, Option<Value>)| -> F<Value> {
        let fate = parse_fate(&fate.unwrap_or_default())?;
        change_map(k, fate, |board, seam| board.swap_sectors(a.max(0) as usize, b.max(0) as usize, seam))
    })?;
    reg_whole(lua, t, "move_sector", w, |k, (sector, place, fate): (i64, Value, Option<Value>)| -> F<Value> {
        let fate = parse_fate(&fate.unwrap_or_default())?;
        let coord = |key: &str| {
            place.get(key).and_then(Value::as_int).ok_or_else(|| format!("move_sector: place.{key} (an integer)"))
        };
        let to = (cv::coordinate(coord("x")?)?, cv::coordinate(coord("y")?)?);
        change_map(k, fate, |board, seam| board.move_sector(sector.max(0) as usize, to, seam))
    })?;
    reg(lua, t, "remove_warps", w, |k, name: String| -> F<i64> {
        let n = k.st.borrow_mut_touching(Touch::BOARD).board.remove_warps(&name);
        Ok(n as i64)
    })?;
    reg_whole(lua, t, "arrange_board", w, |k, spec: Value| -> F<()> {
        arrange_board(k, &spec)?;
        Ok(())
    })?;
    Ok(())
}

fn install_flow(lua: &Lua, t: &Table, w: &Weak<Kernel>) -> mlua::Result<()> {
    reg(lua, t, "roll", w, |k, (sides, to): (i64, Option<Value>)| -> F<i64> {
        if !(1..=1000).contains(&sides) {
            return Err(format!("a die has 1..1000 sides, not {sides}").into());
        }
        let audience = audience(k, to)?;
        let r = k.st.borrow_mut_touching(Touch::NONE).rng.roll(sides as u32) as i64;
        k.log_for("roll", map(vec![("sides", Value::Int(sides)), ("result", Value::Int(r))]), audience);
        Ok(r)
    })?;
    reg(lua, t, "shuffle", w, |k, list: Value| -> F<Value> {
        let Value::List(mut v) = list else { return Err("shuffle takes a list".into()) };
        k.st.borrow_mut_touching(Touch::NONE).rng.shuffle(&mut v);
        Ok(Value::List(v))
    })?;
    reg(
        lua,
        t,
        "choose",
        w,
        // One pick: the chosen key and the option's position (1-based), so a script can find its
        // record without knowing how keys are made. Several: the list of keys.
        |k, (p, kind, prompt, options, opts): (i64, String, String, Value, Option<Value>)| -> F<(Value, Value)> {
            let p = pid(p, k)?;
            let Value::List(items) = options else { return Err("choose: options must be a list".into()) };
            let choices = items.into_iter().map(choice_from_value).collect::<R<Vec<_>>>()?;
            let opts = opts.unwrap_or_default();
            let int = |n: &str, d: usize| opts.get(n).and_then(Value::as_int).map(|x| x.max(0) as usize).unwrap_or(d);
            let mut req = Request::one(p, &kind, &prompt, choices);
            req.min = int("min", 1);
            req.max = int("max", 1);
            req.pass = opts.get("pass").and_then(Value::as_str).map(str::to_string);
            if req.options.is_empty() && req.min == 0 {
                return Ok((Value::List(vec![]), Value::Nil));
            }
            let keys = k.ask(&req).map_err(|i| Fail::Host(interrupt(k, i)))?;
            if req.max > 1 || req.min != 1 {
                Ok((Value::List(keys.into_iter().map(Value::Str).collect()), Value::Nil))
            } else {
                let key = keys.into_iter().next().unwrap();
                let at = req.options.iter().position(|c| c.key == key).map_or(Value::Nil, |i| Value::Int(i as i64 + 1));
                Ok((Value::Str(key), at))
            }
        },
    )?;
    reg(lua, t, "before", w, |k, (name, payload): (String, Value)| -> F<Value> {
        check_event(&name, true)?;
        Ok(k.dispatch_before(&name, payload)?.unwrap_or(Value::Nil))
    })?;
    reg(lua, t, "after", w, |k, (name, payload): (String, Value)| -> F<()> {
        check_event(&name, false)?;
        hold(k, &payload, None)?;
        k.dispatch_after(&name, payload)?;
        Ok(())
    })?;
    reg(lua, t, "log", w, |k, (event, data, to): (String, Option<Value>, Option<Value>)| -> F<()> {
        check_log_name(&event)?;
        let audience = audience(k, to)?;
        let data = data.unwrap_or_default();
        hold(k, &data, None)?;
        k.log_for(&event, data, audience);
        Ok(())
    })?;
    // game:sees(p, c): may seat p see card c now (its zone's rule, its face, who was shown it)?
    reg(lua, t, "sees", w, |k, (p, c): (i64, i64)| -> F<bool> {
        let (p, c) = (pid(p, k)?, cid(c, k)?);
        Ok(k.ruleset.file.visibility.sees_card(&k.st.borrow(), c, crate::view::Viewer::Seat(p)))
    })?;
    // game:reveal(c, to): card c shown to seats `to` (a seat or a list of them), or face up to
    // everyone without `to`, until it moves.
    reg(lua, t, "reveal", w, |k, (c, to): (i64, Option<Value>)| -> F<()> {
        let c = cid(c, k)?;
        let to = audience(k, to)?;
        let mut st = k.st.borrow_mut_card(c, Touch::NONE);
        let card = &mut st.cards[c as usize];
        match to {
            None => card.face = Face::Up,
            Some(seats) => {
                for p in seats {
                    if !card.shown_to.contains(&p) {
                        card.shown_to.push(p);
                    }
                }
            }
        }
        Ok(())
    })?;
    // game:call_card(c, hook, extra, arg) as api.lua calls it: with the hook's ctx made there.
    reg(lua, t, "call_card", w, |k, (c, hook, ctx, arg): (i64, String, mlua::Value, Option<Value>)| -> F<Value> {
        let c = cid(c, k)?;
        let Some(f) = k.card_hook(c, &hook) else { return Ok(Value::Nil) };
        if is_predicate(&hook) {
            return Ok(k.call_predicate(c, &hook, &f, ctx, arg.unwrap_or_default())?);
        }
        let r: Value = k.host.call(&f, (ctx, arg.unwrap_or_default()))?;
        Ok(r)
    })?;
    reg(
        lua,
        t,
        "card_action",
        w,
        |k, (c, action, extra, arg): (i64, String, Option<Value>, Option<Value>)| -> F<Value> {
            let c = cid(c, k)?;
            let def = k.st.borrow().cards[c as usize].def.clone();
            let loaded = k.cards.get(&*def).ok_or("card definition missing")?;
            let spec: Table = loaded
                .table
                .raw_get::<Table>("actions")
                .and_then(|a| a.raw_get::<Table>(action.as_str()))
                .map_err(|_| Fail::Msg(format!("card {def} has no action `{action}`")))?;
            let run: mlua::Function = spec.raw_get("run").map_err(|e| Fail::Msg(e.to_string()))?;
            let ctx = k.ctx(c, extra.unwrap_or_default())?;
            let r: Value = k.host.call(&run, (ctx, arg.unwrap_or_default()))?;
            Ok(r)
        },
    )?;
    reg_whole(lua, t, "push_stack", w, |k, e: Value| -> F<i64> {
        let card = opt_id(&e, "card", |c| cid(c, k))?;
        let controller = opt_id(&e, "controller", |p| pid(p, k))?.unwrap_or(0);
        hold(k, &e, None)?;
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let id = st.fresh_id();
        st.stack.push(StackEntry {
            id,
            card,
            controller,
            kind: e.get("kind").and_then(Value::as_str).unwrap_or("spell").to_string(),
            target: e.get("target").cloned().filter(|v| !v.is_nil()),
            energy: e.get("energy").and_then(Value::as_int).unwrap_or(0),
            marks: e.get("marks").cloned().unwrap_or_else(Value::map),
        });
        drop(st);
        if let Some(c) = card {
            move_card(k, c, Zone::Stack, false)?;
        }
        Ok(id as i64)
    })?;
    reg(lua, t, "pop_stack", w, |k, id: i64| -> F<Value> {
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let i =
            st.stack.iter().position(|e| e.id == id as u64).ok_or_else(|| Fail::Msg(format!("no stack entry {id}")))?;
        let e = st.stack.remove(i);
        Ok(cv::stack_entry(&e))
    })?;
    reg(lua, t, "mark_stack", w, |k, (id, key, v): (i64, String, Value)| -> F<()> {
        hold(k, &v, None)?;
        let mut st = k.st.borrow_mut_touching(Touch::REST);
        let e =
            st.stack.iter_mut().find(|e| e.id == id as u64).ok_or_else(|| Fail::Msg(format!("no stack entry {id}")))?;
        e.marks.set(&key, v);
        Ok(())
    })?;
    query(lua, t, "stack_entry", w, |k, id: i64| -> F<Value> {
        Ok(k.st.borrow().stack.iter().find(|e| e.id == id as u64).map(cv::stack_entry).unwrap_or_default())
    })?;
    reg(lua, t, "set_result", w, |k, (winner, reason): (Option<i64>, String)| -> F<()> {
        let winner = winner.map(|p| pid(p, k)).transpose()?;
        k.st.borrow_mut_touching(Touch::REST).result = Some(GameResult { winner, reason: reason.clone() });
        k.log_event(
            "game_over",
            map(vec![("winner", cv::opt(winner, |p| Value::Int(p as i64))), ("reason", reason.into())]),
        );
        Ok(())
    })?;
    reg(lua, t, "set_first_player", w, |k, p: i64| -> F<()> {
        let p = pid(p, k)?;
        let mut st = k.st.borrow_mut_touching(Touch::TURN.and(Touch::ORDER));
        st.turn.first = p;
        st.turn.active = p;
        Ok(())
    })?;
    reg(lua, t, "give_extra_turn", w, |k, p: i64| -> F<()> {
        let p = pid(p, k)?;
        k.st.borrow_mut_touching(Touch::TURN).turn.extra_turns.push(p);
        Ok(())
    })?;
    reg(lua, t, "end_phase", w, |k, ()| -> F<()> {
        k.st.borrow_mut_touching(Touch::TURN).turn.phase_over = true;
        Ok(())
    })?;
    reg(lua, t, "end_turn", w, |k, ()| -> F<()> {
        let n = k.ruleset.file.phases.len();
        let mut st = k.st.borrow_mut_touching(Touch::TURN);
        st.turn.phase_index = n;
        st.turn.phase_over = true;
        Ok(())
    })?;
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
    for p in st.players.iter_mut() {
        if let Some(at) = p.at {
            if let Some(&to) = moved.get(&at) {
                p.at = Some(to);
            }
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
    for p in st.players.iter_mut() {
        p.at = Some(board.home(p.home_sector));
    }
    st.board = board.into();
    Ok(())
}

/// A new copy of the card `key` (its key, or its name) in `zone`.
fn new_card(k: &Kernel, key: &str, zone: Zone) -> Result<CardId, Fail> {
    let def = k
        .cards
        .get(key)
        .or_else(|| k.cards.values().find(|c| c.def.name.eq_ignore_ascii_case(key)))
        .ok_or_else(|| Fail::Msg(format!("no card `{key}` in this ruleset's card folders")))?;
    let mut st = k.st.borrow_mut_touching(Touch::CARDS);
    let id = st.cards.len() as CardId;
    st.cards.push(
        CardInstance {
            id,
            def: def.def.key.as_str().into(),
            zone: Zone::Removed,
            controller: None,
            target: None,
            energy: 0,
            data: Value::Nil,
            entered: 0,
            face: Face::Default,
            shown_to: Vec::new(),
        }
        .into(),
    );
    drop(st);
    move_card(k, id, zone, false)?;
    Ok(id)
}
