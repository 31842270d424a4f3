//! The primitives scripts reach through `game:...`: queries, changes, decisions, dice and
//! events. Each borrows the state only for as long as it needs, so handlers may re-enter.
//! Squares are `{x =, y =}`, edges `{x =, y =, side = "N"}`, zones `{kind = "hand", player = p}`.
//!
//! This file installs them (`install`, the `game` object built by `api.lua`) and holds what
//! they all use: `Fail`, options read from scripts, the names a log entry or event may have.

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

// The primitives by kind, each file one `install_*` (they take the helpers and imports here
// through `use super::*`).
mod board;
mod cells;
mod changes;
mod figures;
mod flow;
mod queries;

// What the primitive files share, each its own file: how a primitive is registered, how its
// arguments are read, the state changes several make alike, and what scripts see of edges.
mod args;
mod edits;
mod lines;
mod register;

use args::{audience, cid, lies_or_is_carried, mover_from, oid, opt_id, parse_fate, pid, sector};
use edits::{arrange_board, card_def, change_map, move_card, new_card, sets_nothing, sync_obstacle};
use lines::{edge_info, edge_key, LineFilter};
use register::{query, reg, reg_whole};

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
/// Gives cards the ruleset's helpers (`rules.ctx`) and the names of the fields a card's ctx
/// may lack (`rules.ctx_fields`, a set): any other name a ctx lacks is an error.
pub(super) fn set_rules_ctx(k: &Rc<Kernel>, ctx: Table, fields: Option<Table>) -> Result<(), String> {
    let set = k.set_ctx.borrow().clone().ok_or("api not installed")?;
    set.call::<()>((ctx, fields)).map_err(|e| e.to_string())
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
    // (the host is found from the call's state: a host captured here would keep its own Lua
    // state alive, and the engine's memory with it, after the engine is dropped)
    let read_only = lua
        .create_function(|lua, t: Table| {
            let host = crate::lua::sandbox::LuaHost::from_lua(lua).ok_or_else(|| mlua::Error::runtime("no host"))?;
            host.read_only(&t).map_err(|e| mlua::Error::runtime(e.to_string()))
        })
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
/// The kernel is to keep `v` for a script, in place of `old` (`Kernel::hold`: counted against
/// the memory cap).
fn hold(k: &Kernel, v: &Value, old: Option<&Value>) -> F<()> {
    k.hold(v.held_bytes(), old.map_or(0, Value::held_bytes)).map_err(Fail::Host)
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
