//! LuaLS definitions for card and ruleset authors, generated from the kernel's own lists.
//!
//! `wizwar defs -o cards/types/wizwar.d.lua` writes them; `.luarc.json` at the project root
//! points the Lua language server at that folder and switches off the libraries the sandbox
//! removes. The text comes from `engine::API_DOCS` (the `game:` primitives), `events::EVENTS`
//! and `CARD_HOOKS` (hook names), the card fields and the test harness's `HARNESS_DOCS`;
//! `tests/luadefs.rs` checks the committed file is current and the API list complete.

use crate::engine::API_DOCS;
use crate::events::{CARD_HOOKS, EVENTS};
use crate::testing::HARNESS_DOCS;
use std::fmt::Write;
use std::path::Path;

mod declared;

use declared::modules;
pub use declared::{ctx_helpers, Helper};

/// The data shapes scripts see (`src/engine/convert.rs`), written once by hand.
const SHAPES: &str = r#"---@alias Dir "N"|"E"|"S"|"W"

---A cell of either shape, as the board's shape names it: a square {x, y}, or on a board of
---hexes a hex {q, r} (axial). What the primitives take where a cell of any board will do.
---@class Cell
---@field x? integer
---@field y? integer
---@field q? integer
---@field r? integer

---@class Square: Cell
---@field x integer
---@field y integer

---@class Edge: Square
---@field side Dir

---@class Zone
---@field kind "pile"|"hand"|"play"|"stack"|"board"|"removed"
---@field player? integer
---@field pile? string
---@field object? integer

---@class Player
---@field id integer
---@field name string
---@field alive boolean
---@field life integer
---@field home_sector integer
---@field at? Square where the seat's own figure stands
---@field figure? integer the seat's own figure (see game:figure)
---@field tokens table<string, integer>
---@field vars table

---@class Object
---@field id integer
---@field kind string
---@field at? Square|Edge
---@field carried_by? integer
---@field card? integer
---@field owner? integer
---@field blocks_move boolean
---@field blocks_los boolean
---@field fills_square boolean
---@field mobile boolean
---@field damage integer
---@field toughness? integer
---@field data any

---@class ObjectSpec
---@field kind? string
---@field at? Square|Edge
---@field carried_by? integer
---@field card? integer
---@field owner? integer
---@field blocks_move? boolean
---@field blocks_los? boolean
---@field fills_square? boolean
---@field mobile? boolean
---@field damage? integer
---@field toughness? integer
---@field data? any

---@class Figure
---@field id integer
---@field kind string
---@field owner? integer
---@field controller? integer
---@field at? Cell
---@field facing string
---@field cells Cell[]
---@field attrs table<string, integer>
---@field tokens table<string, integer>
---@field vars any
---@field shown_as? string
---@field unseen boolean

---@class FigureSpec
---@field kind? string
---@field owner? integer
---@field controller? integer
---@field at? Cell|false
---@field facing? string
---@field footprint? Cell[]
---@field attrs? table<string, integer>
---@field tokens? table<string, integer>
---@field vars? any
---@field shown_as? string|false
---@field unseen? boolean

---@class StackEntry
---@field id integer
---@field card? integer
---@field controller integer
---@field kind string
---@field target any
---@field energy integer
---@field marks table

---@class Turn
---@field number integer
---@field round integer
---@field active integer
---@field first integer
---@field phase string
---@field phase_over boolean
---@field vars table
---@field extra_turns integer[]

---@class Result
---@field winner? integer
---@field reason string

---@class Card
---@field id integer
---@field def string
---@field zone Zone
---@field controller? integer
---@field target any
---@field energy integer
---@field data any
---@field name string
---@field kind string
---@field school? string
---@field range? string
---@field duration? string
---@field energy_value? integer
---@field copies integer
---@field traits string[]
---@field targets string[]
---@field actions string[]
---@field text string

---@class EdgeInfo
---@field edge Edge
---@field barrier "open"|"wall"|"door"
---@field printed "open"|"wall"|"door"
---@field boundary boolean
---@field created_by? integer
---@field destroyed boolean
---@field damage integer
---@field door? {open: boolean, tags: table<string, any>, sector?: integer, colour?: string}
---@field obstacles integer[]

---@class Neighbour
---@field dir Dir
---@field to Square
---@field heading Dir
---@field link boolean
---@field edge Edge

---@class Step
---@field dir Dir
---@field to Square
---@field link boolean

---@class Run
---@field squares Square[]
---@field headings Dir[]
---@field stop {kind: "length"|"edge"|"square"|"rim"|"loop", edge?: Edge, square?: Square}

---@class MoveFlags
---@field player? integer
---@field [string] any

---A card's target, as the ruleset's target types make it. A card's hooks get the target of one
---of the types the card lists, so each field is given as present: it is, for the types that have
---it (`kind` tells which).
---@class Target
---@field kind string the target type (wizard, square, wall, door, border, object, treasure, creature, spell, sector, board...)
---@field player integer the wizard's player (wizard)
---@field at Square where it is (wizard, square, object...)
---@field edge Edge the line (wall, door, border)
---@field id integer the object (object, treasure, creature)
---@field card integer the card (spell)
---@field sector integer the sector slot (sector)
---@field label string what a person reads
---@field [string] any

---@alias SeamFate "reset"|"board"|"sector"|"random"

---An option offered to a player: a record; its key is its own `key`, else made from its fields.
---@class Option
---@field key? string
---@field label? string
---@field [string] any
"#;

/// The LuaLS type of a helper's or module function's parameter: its annotation, else the
/// game and a card's ctx by their usual names, else anything (optional).
fn param_line(p: &str, annotations: &[String], s: &mut String) {
    if p == "..." {
        let _ = writeln!(s, "---@param ... any");
        return;
    }
    // `_p` (a parameter this version ignores) is annotated as `_p` and shown as `p`
    fn name_of(a: &str) -> Option<&str> {
        a.strip_prefix("---@param ").and_then(|r| r.split_whitespace().next())
    }
    let given =
        annotations.iter().find(|a| name_of(a).is_some_and(|n| n.trim_end_matches('?').trim_start_matches('_') == p));
    match (given, p) {
        (Some(a), _) => {
            let written = name_of(a).unwrap_or_default();
            let shown = written.trim_start_matches('_');
            let _ = writeln!(s, "---@param {shown}{}", &a["---@param ".len() + written.len()..]);
        }
        (None, "game") => s.push_str("---@param game Game\n"),
        (None, "ctx") => s.push_str("---@param ctx Ctx\n"),
        (None, _) => {
            let _ = writeln!(s, "---@param {p}? any");
        }
    }
}

/// The `---@return` lines of a declaration: its own; else any number of anything, but for a
/// card helper whose parameters are typed (`typed_whole`): it returns nothing.
fn return_lines(annotations: &[String], typed_whole: bool, s: &mut String) {
    let given: Vec<&String> = annotations.iter().filter(|a| a.starts_with("---@return")).collect();
    let typed = typed_whole && annotations.iter().any(|a| a.starts_with("---@param"));
    if given.is_empty() && !typed {
        s.push_str("---@return any ...\n");
    }
    for a in given {
        let _ = writeln!(s, "{a}");
    }
}

/// The stub files for the ruleset modules (`rules/<x>.lua` beside the definition file, which
/// `.luarc.json` makes `require("rules.x")`): each lists what any ruleset's `x.lua` offers.
pub fn module_stubs(rulesets: &Path) -> Vec<(String, String)> {
    module_stubs_of(rulesets, None)
}

/// The module stubs a ruleset's cards see: what the rulesets of `chain` (it and those it
/// extends) declare; all rulesets' for None.
fn module_stubs_of(rulesets: &Path, chain: Option<&[String]>) -> Vec<(String, String)> {
    let ours = |r: &String| chain.is_none_or(|c| c.contains(r));
    let mut out = Vec::new();
    for mut m in modules(rulesets) {
        if let Some(c) = chain {
            m.files.retain(|f| c.iter().any(|r| f.starts_with(&format!("rulesets/{r}/"))));
            m.decls.retain_mut(|(_, by)| {
                by.retain(&ours);
                !by.is_empty()
            });
            if m.files.is_empty() {
                continue;
            }
        }
        let mut s = String::from("---@meta\n");
        let _ = writeln!(
            s,
            "-- require(\"{}\"): what it offers in any ruleset. Generated by `wizwar defs`: do not edit.",
            m.name
        );
        let _ = writeln!(
            s,
            "-- A game uses its ruleset's file, layered over the same file of the rulesets it extends: {}.",
            m.files.join(", ")
        );
        let _ = writeln!(s, "---@class {}\nlocal M = {{}}", m.name);
        let mut tables: Vec<String> = Vec::new();
        for (d, by) in &m.decls {
            let mut parts: Vec<&str> = d.name.split('.').collect();
            parts.pop();
            for i in 1..=parts.len() {
                let t = parts[..i].join(".");
                if !tables.contains(&t) && !m.decls.iter().any(|(x, _)| x.name == t) {
                    let _ = writeln!(s, "\n---@type table<string, any>\nM.{t} = {{}}");
                    tables.push(t);
                }
            }
            let doc = if d.doc.is_empty() { String::new() } else { format!("{} ", d.doc) };
            let _ = writeln!(s, "\n---{doc}(rulesets: {})", by.join(", "));
            match &d.params {
                Some(params) => {
                    for p in params {
                        param_line(p, &d.annotations, &mut s);
                    }
                    return_lines(&d.annotations, false, &mut s);
                    let _ = writeln!(s, "function M.{}({}) end", d.name, params.join(", "));
                }
                None => {
                    let ty = d.annotations.iter().find_map(|a| a.strip_prefix("---@type ")).unwrap_or("any");
                    let _ = writeln!(s, "---@type {ty}\nM.{} = nil", d.name);
                }
            }
        }
        s.push_str("\nreturn M\n");
        out.push((format!("rules/{}.lua", m.name.trim_start_matches("rules.").replace('.', "/")), s));
    }
    out
}

/// The whole definition file (`rulesets`: where the rulesets whose card helpers it lists are).
pub fn definitions(rulesets: &Path) -> String {
    definitions_of(rulesets, None)
}

/// The definitions one ruleset's cards see (`chain`: the ruleset and those it extends): its
/// helpers only, so a helper of another edition is an unknown field to the analyzer.
pub fn definitions_for(rulesets: &Path, chain: &[String]) -> String {
    definitions_of(rulesets, Some(chain))
}

/// Writes the definitions to `file` and the ruleset modules' stubs beside it (`rules/`,
/// what `require("rules.x")` finds), removing stale stubs; for `chain`'s cards only, or all.
pub fn write_definitions(rulesets: &Path, file: &Path, chain: Option<&[String]>) -> Result<(), String> {
    let err = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    let dir = file.parent().unwrap_or(Path::new(".")).join("rules");
    std::fs::create_dir_all(&dir).map_err(|e| err(&dir, e))?;
    std::fs::write(file, definitions_of(rulesets, chain)).map_err(|e| err(file, e))?;
    for old in crate::engine::files_under(&dir, &["lua"]) {
        std::fs::remove_file(&old).map_err(|e| err(&old, e))?;
    }
    for (rel, stub) in module_stubs_of(rulesets, chain) {
        let path = dir.join(rel.trim_start_matches("rules/"));
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| err(parent, e))?;
        }
        std::fs::write(&path, stub).map_err(|e| err(&path, e))?;
    }
    Ok(())
}

fn definitions_of(rulesets: &Path, chain: Option<&[String]>) -> String {
    let mut s = String::new();
    s.push_str("---@meta\n");
    s.push_str("-- LuaLS definitions for wizwar cards and rulesets. Generated by `wizwar defs`: do not edit.\n");
    s.push_str("-- The sandbox has no io, os, debug, package, load, dofile or math.random.\n\n");
    s.push_str(SHAPES);

    s.push_str("\n---The game, as every ruleset and card script sees it: `game:name(...)`.\n---@class Game\n");
    s.push_str("local Game = {}\n");
    for a in API_DOCS {
        let _ = writeln!(s, "\n---{}", a.doc);
        for p in split_params(a.params) {
            let (name, ty) = p.split_once(':').map(|(n, t)| (n.trim(), t.trim())).unwrap_or((p.trim(), "any"));
            let _ = writeln!(s, "---@param {name} {ty}");
        }
        if !a.returns.is_empty() {
            let _ = writeln!(s, "---@return {}", a.returns);
        }
        if let Some((_, o)) = API_OVERLOADS.iter().find(|(n, _)| *n == a.name) {
            let _ = writeln!(s, "---@overload {o}");
        }
        let names: Vec<&str> = split_params(a.params).iter().map(|p| param_name(p)).collect();
        let _ = writeln!(s, "function Game:{}({}) end", a.name, names.join(", "));
    }

    s.push_str(
        "\n---What a card's hooks receive: its own fields, the ruleset's card helpers (below, with the\n\
         ---rulesets that offer each), and the game as ctx.game. A field the hook was not given is nil;\n\
         ---any other name is an error.\n\
         ---@class Ctx\n\
         ---@field game Game\n\
         ---@field card integer the card's own id\n\
         ---@field data table the card's own data, kept by the kernel (assign whole values)\n\
         ---@field controller integer who plays the card (every card in play or cast has one)\n\
         ---@field caster integer who cast it (given to the hooks of a card being cast)\n\
         ---@field target Target its target (nil for a card that lists no target types)\n\
         ---@field energy integer its energy tokens (a hook's caller may give another power)\n\
         ---@field stack? integer|false its own stack entry while it resolves\n\
         ---@field against? integer the stack entry a counter answers\n\
         ---@field attack? boolean it is the turn's attack\n\
         ---@field thrown? boolean it was thrown\n\
         ---@field list? boolean a card action asked for its options\n\
         ---@field drawn? boolean a card sprung as it is drawn (rulesets that have such cards)\n\
         ---@field number? integer the number card played with it (rulesets that have them)\n\
         ---@field seat? integer the caster's seat, where the caster is a figure (rulesets of figures)\n\
         ---@field charge? integer what a caster puts into a spell whose cost he chooses (rulesets that have them)\n\
         ---@field effect? integer how many times over it works: 1, 2 or 3 (rulesets that have them)\n\
         local Ctx = {}\n",
    );
    for h in ctx_helpers(rulesets) {
        let by: Vec<&str> = h.rulesets.iter().map(|(r, _)| r.as_str()).collect();
        if chain.is_some_and(|c| !by.iter().any(|r| c.iter().any(|x| x == r))) {
            continue; // another edition's helper
        }
        let _ = writeln!(s, "\n---{} (rulesets: {})", h.shown_doc(), by.join(", "));
        for p in &h.params {
            param_line(p, &h.annotations, &mut s);
        }
        return_lines(&h.annotations, true, &mut s);
        let _ = writeln!(s, "function Ctx:{}({}) end", h.name, h.params.join(", "));
    }

    s.push_str(
        "\n---The ctx of a card's questions before it is played (can_cast, can_target, can_respond, cost): no\n\
         ---target is chosen yet (can_target and cost get the one they weigh as their second argument).\n\
         ---@class AskingCtx: Ctx\n\
         ---@field target nil not chosen yet\n",
    );
    s.push_str("\n---A card file: `return card { ... }`.\n---@class CardDef\n");
    for (field, ty, doc) in CARD_FIELDS {
        let _ = writeln!(s, "---@field {field} {ty} {doc}");
    }
    for (hook, doc) in CARD_HOOKS {
        let signature =
            HOOK_SIGNATURES.iter().find(|(h, _)| h == hook).map_or("fun(ctx: Ctx, arg?: any): any, any", |(_, t)| t);
        let _ = writeln!(s, "---@field {hook}? {signature} {doc}");
    }
    for e in EVENTS {
        if e.changeable {
            let _ = writeln!(s, "---@field before_{}? fun(ctx: Ctx, payload: table): boolean? {}", e.name, e.doc);
        }
        let _ = writeln!(s, "---@field on_{}? fun(ctx: Ctx, payload: table) {}", e.name, e.doc);
    }
    s.push_str(
        "\n---In a ruleset's file that a file of the same name in a parent ruleset precedes: what\n\
         ---that file returned (the module so far, to extend and return).\n---@type any\nbase = nil\n",
    );
    s.push_str("\n---Declares a card; loading checks every field and hook name.\n");
    s.push_str("---@param def CardDef\n---@return CardDef\nfunction card(def) end\n");

    s.push_str("\n---The helper a card's tests receive.\n---@class T\n---@field game Game\nlocal T = {}\n");
    for (name, params, ret, doc) in HARNESS_DOCS {
        let _ = writeln!(s, "\n---{doc}");
        for p in split_params(params) {
            let (n, ty) = p.split_once(':').map(|(n, t)| (n.trim(), t.trim())).unwrap_or((p.trim(), "any"));
            let _ = writeln!(s, "---@param {n} {ty}");
        }
        if !ret.is_empty() {
            let _ = writeln!(s, "---@return {ret}");
        }
        let names: Vec<&str> = split_params(params).iter().map(|p| param_name(p)).collect();
        let _ = writeln!(s, "function T:{name}({}) end", names.join(", "));
    }
    s
}

/// What each card hook is given and answers (the rulesets call them so: `game:call_card`).
const HOOK_SIGNATURES: &[(&str, &str)] = &[
    ("resolve", "fun(ctx: Ctx)"),
    ("on_play", "fun(ctx: Ctx)"),
    ("on_end", "fun(ctx: Ctx)"),
    ("can_cast", "fun(ctx: AskingCtx): boolean, string?"),
    ("can_target", "fun(ctx: AskingCtx, target: Target): boolean, string?"),
    ("can_respond", "fun(ctx: AskingCtx, entry: StackEntry): boolean"),
    ("cost", "fun(ctx: AskingCtx, target: Target): integer"),
];

/// Other forms of a primitive whose result depends on its arguments (`API_DOCS` gives the usual one).
const API_OVERLOADS: &[(&str, &str)] = &[(
    "choose",
    "fun(self: Game, p: integer, kind: string, prompt: string, options: Option[], opts: {min: integer, max?: integer, pass?: string}|{min?: integer, max: integer, pass?: string}): string[]",
)];

/// Card fields: name, LuaLS type, meaning (`src/cards.rs` checks them).
const CARD_FIELDS: &[(&str, &str, &str)] = &[
    ("name", "string", "the printed name"),
    ("school", "string?", "a school from the ruleset's vocabulary"),
    ("kind", "string", "attack, counter, neutral, item, energy... (the ruleset's vocabulary)"),
    ("range", "string?", "caster, adjacent, los, anywhere..."),
    ("duration", "string?", "instant, temporary, permanent..."),
    ("energy", "integer?", "the printed energy value"),
    ("traits", "string[]?", "words from the ruleset's vocabulary"),
    ("targets", "string[]?", "legal target types"),
    ("text", "string", "the rules text, in our own words"),
    ("copies", "integer?", "copies in the deck (default 1)"),
    (
        "actions",
        "table<string, {label?: string, run: fun(ctx: Ctx, arg?: any): any}>?",
        "named actions the card offers in play",
    ),
    (
        "tests",
        "{[1]: string, [2]: fun(t: T, g: Game), players?: integer, rulesets?: string[]}[]?",
        "the card's own tests, each in a fresh game (of `players` seats, default 2; only under the `rulesets` named, if any)",
    ),
];

/// Splits `"a: integer, b: {x: integer, y: integer}"` at the top-level commas.
fn split_params(params: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in params.char_indices() {
        match c {
            '{' | '(' | '<' => depth += 1,
            '}' | ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(params[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = params[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// `"flags?: MoveFlags"` -> `flags`; `"...: string"` -> `...`.
fn param_name(p: &str) -> &str {
    p.split(':').next().unwrap_or(p).trim().trim_end_matches('?')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_split_at_top_level_commas_only() {
        assert_eq!(
            split_params("a: integer, b: {x: integer, y: integer}, c?: T"),
            vec!["a: integer", "b: {x: integer, y: integer}", "c?: T"]
        );
        assert!(split_params("").is_empty());
        assert_eq!(param_name("flags?: MoveFlags"), "flags");
        assert_eq!(param_name("...: string"), "...");
    }

    #[test]
    fn every_primitive_and_hook_is_declared() {
        let d = definitions(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets").as_path());
        for a in API_DOCS {
            assert!(d.contains(&format!("function Game:{}(", a.name)), "{}", a.name);
        }
        assert!(d.contains("---@field on_attack? fun(ctx: Ctx, payload: table)"));
        assert!(d.contains("---@field before_attack? fun(ctx: Ctx, payload: table): boolean?"));
        assert!(!d.contains("before_death"), "death has no before stage");
        assert!(d.contains("function T:answer(p, ...) end"));
    }
}
