//! What one seat's page shows, as JSON: made from the engine's view of the game for that seat
//! (`Engine::seat_view`, `seat_log_since`), never from the referee's state. The server adds
//! nothing of its own: a spectator's page is the public view, a seat's page its own.

use super::game::Meta;
use crate::cards::CardDef;
use crate::cli::{carried, seat_colour, wizard_glyph, wizard_name};
use crate::decision::Request;
use crate::engine::{Engine, Outcome};
use crate::geometry::types::{Dir, Sq};
use crate::geometry::Place;
use crate::play::menu;
use crate::state::{CardId, GameState};
use crate::value::Value;
use crate::view::Viewer;
use serde_json::{json, Value as Json};
use std::collections::{BTreeMap, BTreeSet};

/// The most lines of the story a page carries (the last ones, repeats counted).
const STORY_LINES: usize = 300;
/// The most lines a story keeps before repeats are counted.
const STORY_KEPT: usize = 2000;

/// The story one viewer has been told so far: the game's log as that viewer may see it, in
/// the ruleset's words. The lines are kept as said, one an event, and counted on the page
/// ("A draws a card (x5)"), so the story of a game taken up again reads as it did.
#[derive(Default)]
pub struct Story {
    told: usize,
    lines: Vec<String>,
}

impl Story {
    /// The last lines, repeats counted.
    fn shown(&self) -> Vec<String> {
        let lines = crate::play::collapse(self.lines.clone());
        lines[lines.len().saturating_sub(STORY_LINES)..].to_vec()
    }
}

impl Story {
    /// Tells what happened since the last time, as `viewer` may see it.
    pub fn catch_up(&mut self, engine: &Engine, viewer: Viewer) {
        let len = engine.view_log_len();
        if self.told >= len {
            return;
        }
        let entries = engine.seat_log_since(self.told, viewer);
        self.told = len;
        self.lines.extend(engine.narrate(&entries, false));
        let old = self.lines.len().saturating_sub(STORY_KEPT);
        self.lines.drain(..old);
    }
}

/// What the lobby (`GET /api/games`) shows of game `id`, from its spectators' page: the
/// edition, the turn, who decides, whether it is over, the seats' names and whether a person
/// plays each, and the spectators' link. Nothing a seat alone may know: the public page has
/// nothing of the kind. Kept beside the game at each pause (`ID.lobby.json`), so a restarted
/// table lists its games without taking them up.
pub fn lobby_line(id: &str, public: &Json) -> Json {
    let seats: Vec<Json> = public["wizards"]
        .as_array()
        .map(|ws| ws.iter().map(|w| json!({ "name": w["name"], "person": w["person"], "alive": w["alive"] })).collect())
        .unwrap_or_default();
    json!({
        "id": id,
        "ruleset": public["ruleset"],
        "turn": public["turn"],
        "deciding": public["deciding"],
        "over": public["over"],
        "seats": seats,
        "watch": format!("/game/{id}"),
    })
}

/// The page of `viewer` (a seat, or `Public` for spectators) with the game stopped at
/// `outcome`: the question is on the page of the seat it asks only.
pub fn page(engine: &Engine, viewer: Viewer, story: &Story, outcome: &Outcome, meta: &Meta) -> Json {
    let view = engine.seat_view(viewer);
    let st = &view.state;
    let defs: BTreeMap<&str, &CardDef> = engine.card_defs().map(|d| (d.key.as_str(), d)).collect();
    let seat = match viewer {
        Viewer::Seat(p) => Some(p),
        _ => None,
    };
    let asked = match outcome {
        Outcome::Suspended(req) => Some(req),
        _ => None,
    };
    let over = match outcome {
        Outcome::Over(r) => Some(json!({
            "winner": r.winner.map(|w| wizard_name(st, w)),
            "reason": r.reason,
        })),
        Outcome::AgentFailed(m) => Some(json!({ "winner": null, "reason": format!("stopped: {m}") })),
        _ => None,
    };
    let card_name = |c: CardId| -> Option<String> {
        let inst = st.cards.iter().find(|x| x.id == c)?;
        defs.get(&*inst.def).map(|d| d.name.clone())
    };
    let wizards: Vec<Json> = st
        .players
        .iter()
        .map(|p| {
            json!({
                "seat": p.id,
                "letter": wizard_glyph(p.id).to_string(),
                "name": wizard_name(st, p.id),
                "colour": seat_colour(p.id),
                // (none for a seat playing with figures: its status says how they stand)
                "life": (!crate::cli::plays_with_figures(st, p.id)).then_some(p.life),
                "alive": p.alive,
                "hand": p.hand.len(),
                "in_play": p.play.len(),
                "score": engine.player_status(p.id),
                "at": st.seat_at(p.id).map(|s| format!("({},{})", s.x, s.y)),
                "person": meta.people.contains(&p.id),
            })
        })
        .collect();
    let mine = seat.and_then(|p| st.player(p));
    let cards = |ids: &[CardId]| -> Vec<Json> { ids.iter().filter_map(|&c| card_json(st, &defs, c)).collect() };
    let hand = mine.map(|p| cards(&p.hand)).unwrap_or_default();
    let mut in_play = mine.map(|p| cards(&p.play)).unwrap_or_default();
    if let Some(p) = seat {
        in_play.extend(carried(st, p).into_iter().map(|name| json!({ "name": name, "kind": "carried", "text": "" })));
    }
    let question = match (asked, seat) {
        (Some(req), Some(p)) if req.player == p => Some(question(engine, st, req, meta.version)),
        _ => None,
    };
    json!({
        "game": meta.id,
        "version": meta.version,
        "ruleset": meta.ruleset,
        "seat": seat,
        "you": seat.map(|p| wizard_name(st, p)),
        "turn": st.turn.number,
        "deciding": asked.map(|r| wizard_name(st, r.player)),
        "your_turn": question.is_some(),
        "over": over,
        "status": seat.and_then(|p| engine.turn_status(p)),
        "wizards": wizards,
        "hand": hand,
        "in_play": in_play,
        "board": crate::cli::state_svg_named(st, &card_name),
        "story": story.shown(),
        "question": question,
        "view": view,
    })
}

/// "NAME", its kind and energy, and its text, for a card the viewer sees.
fn card_json(st: &GameState, defs: &BTreeMap<&str, &CardDef>, c: CardId) -> Option<Json> {
    let d = defs.get(&*st.cards.iter().find(|x| x.id == c)?.def)?;
    Some(json!({
        "name": d.name,
        "kind": d.kind,
        "school": d.school,
        "energy": d.energy,
        "text": d.text.split_whitespace().collect::<Vec<_>>().join(" "),
    }))
}

/// The question on the asked seat's page: its options (each with the squares it names, so a
/// click on the board can answer it) and, for a long pick-one list, the same options in the
/// steps the terminal asks them in (what, which card, which target, which boost).
fn question(engine: &Engine, st: &GameState, req: &Request, version: u64) -> Json {
    let names = card_names(engine, st, req);
    let options: Vec<Json> = req
        .options
        .iter()
        .map(|c| {
            let label = if c.label.is_empty() { c.key.clone() } else { c.label.clone() };
            let squares: Vec<[i32; 2]> = squares_of(&c.value, st, req.player).into_iter().map(|s| [s.x, s.y]).collect();
            json!({ "key": c.key, "label": label, "squares": squares })
        })
        .collect();
    let steps = menu::in_steps(req).then(|| menu::Steps::new(req, names).tree());
    json!({
        "id": version,
        "prompt": req.prompt,
        "min": req.min,
        "max": req.max,
        "options": options,
        "steps": steps.map(|t| t.iter().map(node_json).collect::<Vec<_>>()),
    })
}

fn node_json(n: &menu::Node) -> Json {
    json!({
        "label": n.label,
        "key": n.key,
        "then": n.then.iter().map(node_json).collect::<Vec<_>>(),
    })
}

/// The names of the cards `req`'s options name (`card`, `boost`), as the player sees them.
fn card_names(engine: &Engine, st: &GameState, req: &Request) -> BTreeMap<i64, String> {
    let defs: BTreeMap<&str, &str> = engine.card_defs().map(|d| (d.key.as_str(), d.name.as_str())).collect();
    let ids: BTreeSet<i64> = req
        .options
        .iter()
        .flat_map(|c| ["card", "boost"].map(|f| c.value.get(f).and_then(Value::as_int)))
        .flatten()
        .collect();
    ids.into_iter()
        .filter_map(|id| {
            let inst = st.cards.iter().find(|c| i64::from(c.id) == id)?;
            Some((id, defs.get(&*inst.def)?.to_string()))
        })
        .collect()
}

/// The squares an option's record names, by the rulesets' conventions: a record with `x` and
/// `y` (a square, an edge's square, a step's `to`), a wizard (`kind = "wizard"`, `player`)
/// where he stands, an object where it lies; a bare `dir` is the step from where the asked
/// wizard stands.
pub fn squares_of(v: &Value, st: &GameState, player: u32) -> Vec<Sq> {
    let mut found = Vec::new();
    collect(v, st, &mut found);
    if found.is_empty() {
        let step = v.get("dir").and_then(Value::as_str).and_then(Dir::parse);
        if let (Some(d), Some(at)) = (step, st.seat_at(player)) {
            let (dx, dy) = d.delta();
            found.push(Sq::new(at.x + dx, at.y + dy));
        }
    }
    let mut seen = BTreeSet::new();
    found.retain(|s| seen.insert((s.x, s.y)));
    found
}

fn collect(v: &Value, st: &GameState, found: &mut Vec<Sq>) {
    match v {
        Value::Map(m) => {
            let int = |k: &str| m.get(k).and_then(Value::as_int);
            if let (Some(x), Some(y)) = (int("x"), int("y")) {
                found.push(Sq::new(x as i32, y as i32));
                return;
            }
            match m.get("kind").and_then(Value::as_str) {
                Some("wizard") => {
                    if let Some(at) = int("player").and_then(|p| st.seat_at(p as u32)) {
                        found.push(at);
                    }
                }
                Some("object") => {
                    let at = int("object").or(int("id")).and_then(|id| st.objects.values().find(|o| o.id as i64 == id));
                    if let Some(Some(Place::Square(s))) = at.map(|o| o.at) {
                        found.push(s);
                    }
                }
                _ => {}
            }
            for (k, x) in m.iter() {
                if k != "card" && k != "boost" {
                    collect(x, st, found);
                }
            }
        }
        Value::List(items) => items.iter().for_each(|x| collect(x, st, found)),
        _ => {}
    }
}
