//! The one decision channel: every choice a player makes is a [`Request`] listing its legal
//! answers, answered by an [`Agent`] (a bot, a scripted test, a human, a replay).
//!
//! An option is a record (a table a script made: `{kind = "cast", card = 12, target = ...}`)
//! with a stable *key*, its id, and a *label* for people. The key is the record's own `key`
//! where it gives one (a short stable word: `pass`, `done`, `damage`), else made from the
//! record itself by [`record_id`], in this one place; no key is ever parsed. Answers are given,
//! logged and saved by key, not by position or label, so rewording a label breaks nothing, and
//! a saved game replayed against changed cards can tell exactly where it stops making sense.
//! People and tests may name an option by its label, part of one, or a record it matches.

use crate::engine::LogEntry;
use crate::rng::GameRng;
use crate::state::GameState;
use crate::value::Value;
use crate::view::{FieldView, SeatView};
use serde::{Deserialize, Serialize};
use std::cell::OnceCell;
use std::collections::VecDeque;

mod bots;
pub use bots::{AggressiveAgent, HunterAgent, RandomAgent};

/// Fields of an option that are hints for bots and people, not part of what the option is:
/// `hostile` (it harms a foe), `risky` (it harms the one who takes it: a piece spending what
/// keeps it standing), `to` (the square a move leads to), `pass` (doing nothing more).
pub(crate) const HINTS: [&str; 6] = ["key", "label", "hostile", "risky", "to", "pass"];

/// The fields by which an option names one card by its id (`cards` names several): what the
/// kernel checks a seat may see (engine/answers.rs) and names in a replay's messages.
pub(crate) const CARD_FIELDS: [&str; 2] = ["card", "boost"];

/// The labels of the first `n` of `options`, " | " between them, and how many more.
fn labels<'a>(options: impl ExactSizeIterator<Item = &'a Choice>, n: usize) -> String {
    let more = options.len().saturating_sub(n);
    let shown: Vec<&str> = options.take(n).map(|c| c.label.as_str()).collect();
    let more = if more > 0 { format!(" and {more} more") } else { String::new() };
    format!("{}{more}", shown.join(" | "))
}

/// Is the option marked `risky = true`?
fn risky(c: &Choice) -> bool {
    matches!(c.value.get("risky"), Some(Value::Bool(true)))
}

/// A string as a key writes it: bare if it is a plain word, else quoted.
pub(crate) fn write_scalar(out: &mut String, s: &str) {
    use std::fmt::Write;
    const MARKS: &str = "_-.#,!'";
    // (an ASCII word, the common case, told byte by byte)
    let plain = if s.is_ascii() {
        s.bytes().all(|b| b.is_ascii_alphanumeric() || MARKS.as_bytes().contains(&b))
    } else {
        s.chars().all(|c| c.is_alphanumeric() || MARKS.contains(c))
    };
    if !s.is_empty() && plain {
        out.push_str(s);
    } else {
        let _ = write!(out, "{s:?}");
    }
}

/// The canonical id of an option's record: its fields but the hints ([`HINTS`]; `label`
/// nested too), `kind` first, the others sorted: `cast card=12 target=(kind=wizard player=1)`.
pub fn record_id(v: &Value) -> String {
    // Written into one string as it goes: a key is made for every option of every listing
    // (and engine/listing.rs writes the same straight from Lua tables).
    fn show(out: &mut String, v: &Value, top: bool) {
        use std::fmt::Write;
        match v {
            Value::Map(m) => {
                let skip = |k: &str| if top { HINTS.contains(&k) } else { k == "label" };
                if !top {
                    out.push('(');
                }
                let mut first = true;
                if let Some(kind) = m.get("kind") {
                    if !top {
                        out.push_str("kind=");
                    }
                    show(out, kind, false);
                    first = false;
                }
                for (k, x) in m.iter().filter(|(k, _)| *k != "kind" && !skip(k)) {
                    if !first {
                        out.push(' ');
                    }
                    first = false;
                    out.push_str(k);
                    out.push('=');
                    show(out, x, false);
                }
                if !top {
                    out.push(')');
                }
            }
            Value::List(l) => {
                out.push('[');
                for (i, x) in l.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    show(out, x, false);
                }
                out.push(']');
            }
            Value::Str(s) => write_scalar(out, s),
            other => {
                let _ = write!(out, "{other}");
            }
        }
    }
    let mut out = String::with_capacity(64);
    show(&mut out, v, true);
    out
}

/// Does `record` have every field `spec` names, with the same value (tables compared the same
/// way, field by field)? A spec that is a string matches a record's key or label.
pub fn record_matches(spec: &Value, record: &Value) -> bool {
    match (spec, record) {
        (Value::Map(want), Value::Map(have)) => {
            want.iter().all(|(k, w)| have.get(k).is_some_and(|h| record_matches(w, h)))
        }
        (a, b) => a == b,
    }
}

/// The number of fields of a record but its hints (the fewer, the plainer the option).
fn field_count(v: &Value) -> usize {
    match v {
        Value::Map(m) => m.keys().filter(|k| !HINTS.contains(k)).count(),
        _ => 0,
    }
}

impl Choice {
    /// Does this option answer to `spec`: its key (a spec naming one, as records from a listing
    /// do), else a record with all the spec's fields ([`record_matches`])?
    pub fn answers_to(&self, spec: &Value) -> bool {
        match spec.get("key") {
            Some(Value::Str(k)) => &self.key == k,
            _ => record_matches(spec, &self.value),
        }
    }
}

/// One legal answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// Stable, unique within the request: what scripts, logs and replays use.
    pub key: String,
    /// What a person reads.
    pub label: String,
    /// Data for whoever asked (a target, a card id...).
    #[serde(default)]
    pub value: Value,
}

/// A question put to one player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub player: u32,
    /// What sort of decision: "action", "target", "boost", "respond", "discard", "direction"...
    pub kind: String,
    pub prompt: String,
    pub options: Vec<Choice>,
    /// How many options to pick.
    pub min: usize,
    pub max: usize,
    /// Key of the option meaning "do nothing" (pass, skip, end), if there is one.
    pub pass: Option<String>,
}

impl Request {
    /// A pick-one request. Duplicate keys are made unique by a `#n` suffix.
    pub fn one(player: u32, kind: &str, prompt: &str, options: Vec<Choice>) -> Request {
        let mut r = Request { player, kind: kind.into(), prompt: prompt.into(), options, min: 1, max: 1, pass: None };
        r.dedupe_keys();
        r
    }

    pub fn dedupe_keys(&mut self) {
        // (Nearly always there is nothing to do: found without copying a key.)
        let mut keys: Vec<&str> = self.options.iter().map(|c| c.key.as_str()).collect();
        keys.sort_unstable();
        if keys.windows(2).all(|w| w[0] != w[1]) {
            return;
        }
        let mut seen = std::collections::BTreeMap::<String, usize>::new();
        for c in &mut self.options {
            let n = seen.entry(c.key.clone()).or_insert(0);
            *n += 1;
            if *n > 1 {
                c.key = format!("{}#{}", c.key, n);
            }
        }
    }

    /// The key of the option a record `spec` names: the options whose records have all its
    /// fields, and of those the plainest (fewest other fields: a cast without a boost before
    /// the same cast with one). An error lists them when several are as plain, or says why
    /// none matches ([`Request::no_match`]).
    pub fn match_record(&self, spec: &Value) -> Result<String, String> {
        let hits: Vec<&Choice> = self.options.iter().filter(|c| c.answers_to(spec)).collect();
        let Some(least) = hits.iter().map(|c| field_count(&c.value)).min() else {
            return Err(self.no_match(spec));
        };
        let plainest: Vec<&&Choice> = hits.iter().filter(|c| field_count(&c.value) == least).collect();
        match plainest.as_slice() {
            [one] => Ok(one.key.clone()),
            many => {
                let labels: Vec<&str> = many.iter().map(|c| c.label.as_str()).collect();
                Err(format!("{spec} matches several options: {}", labels.join(" | ")))
            }
        }
    }

    /// Nothing to decide: exactly one answer is possible.
    pub fn is_forced(&self) -> bool {
        self.options.len() == 1 && self.min == 1 && self.max == 1
    }

    /// The option meant by what a person typed: its number, its key or its label (any case),
    /// or the only label (else key) that begins with, else contains, the text. Else an error
    /// listing the nearest labels.
    pub fn match_option(&self, text: &str) -> Result<String, String> {
        let text = text.trim();
        if let Some(c) = self.options.iter().find(|c| c.key == text) {
            return Ok(c.key.clone());
        }
        if let Ok(n) = text.parse::<usize>() {
            return match self.options.get(n.wrapping_sub(1)) {
                Some(c) => Ok(c.key.clone()),
                None => Err(format!("{n} is not an option number (1..{})", self.options.len())),
            };
        }
        let low = text.to_lowercase();
        let found = |pick: &dyn Fn(&Choice) -> bool| self.options.iter().filter(|c| pick(c)).collect::<Vec<_>>();
        let label = |c: &Choice| c.label.to_lowercase();
        let key = |c: &Choice| c.key.to_lowercase();
        for matches in [
            found(&|c| label(c) == low || key(c) == low),
            found(&|c| label(c).starts_with(&low)),
            found(&|c| label(c).contains(&low)),
            found(&|c| key(c).contains(&low)),
        ] {
            match matches.as_slice() {
                [] => continue,
                [one] => return Ok(one.key.clone()),
                many => {
                    return Err(format!(
                        "`{text}` matches {} options: {}",
                        many.len(),
                        labels(many.iter().copied(), 8)
                    ));
                }
            }
        }
        let mut near: Vec<(f64, &str)> = self
            .options
            .iter()
            .map(|c| (strsim::normalized_levenshtein(&c.label.to_lowercase(), &low), c.label.as_str()))
            .collect();
        near.sort_by(|a, b| b.0.total_cmp(&a.0));
        let near: Vec<&str> = near.iter().take(5).map(|x| x.1).collect();
        Err(format!("`{text}` is not a legal {} here; the nearest: {}", self.kind, near.join(" | ")))
    }

    /// The answer keys meant by what a person typed: one option (see
    /// [`Request::match_option`]), or, when the request takes several, words naming one each;
    /// nothing at all for none.
    pub fn answer_from_text(&self, text: &str) -> Result<Vec<String>, String> {
        let text = text.trim();
        if text.is_empty() {
            self.resolve(&[])?;
            return Ok(vec![]);
        }
        let keys = match self.match_option(text) {
            Ok(k) => vec![k],
            Err(e) if self.max <= 1 => return Err(e),
            Err(_) => text.split_whitespace().map(|w| self.match_option(w)).collect::<Result<_, _>>()?,
        };
        self.resolve(&keys)?;
        Ok(keys)
    }

    /// Checks an answer (by keys) and turns it into option positions.
    pub fn resolve(&self, keys: &[String]) -> Result<Vec<usize>, String> {
        if keys.len() < self.min || keys.len() > self.max {
            return Err(format!(
                "request `{}` wants {}..={} answers, got {}",
                self.kind,
                self.min,
                self.max,
                keys.len()
            ));
        }
        let mut picked = Vec::new();
        for k in keys {
            let i = self.options.iter().position(|c| &c.key == k).ok_or_else(|| {
                format!("`{k}` is not a legal answer to `{}` (legal: {})", self.kind, self.legal_list())
            })?;
            if picked.contains(&i) {
                return Err(format!("`{k}` given twice"));
            }
            picked.push(i);
        }
        Ok(picked)
    }

    /// Why no option answers to record `spec`: the fields of it that no option has (a card
    /// that cannot be played now), else the options with the most of its fields and the
    /// fields they lack (a target out of reach); then the options.
    fn no_match(&self, spec: &Value) -> String {
        if self.options.is_empty() {
            return format!("no {} matches {spec}: there is no option", self.kind);
        }
        let options = format!("the options: {}", labels(self.options.iter(), 12));
        let Value::Map(want) = spec else { return format!("no {} matches {spec}; {options}", self.kind) };
        let holds = |c: &Choice, k: &str, w: &Value| c.value.get(k).is_some_and(|h| record_matches(w, h));
        let fields: Vec<(&str, &Value)> = want.iter().collect();
        let unheld: Vec<(&str, &Value)> =
            fields.iter().copied().filter(|&(k, w)| !self.options.iter().any(|c| holds(c, k, w))).collect();
        if !unheld.is_empty() {
            let unheld: Vec<String> = unheld.iter().map(|(k, w)| format!("{k} = {w}")).collect();
            return format!("no {} matches {spec}: none has {}; {options}", self.kind, unheld.join(", "));
        }
        let held = |c: &Choice| fields.iter().filter(|&&(k, w)| holds(c, k, w)).count();
        let best = self.options.iter().map(held).max().unwrap_or(0);
        let nearest: Vec<&Choice> = self.options.iter().filter(|c| held(c) == best).collect();
        let lacked: Vec<(&str, &Value)> =
            fields.iter().copied().filter(|&(k, w)| nearest.iter().any(|c| !holds(c, k, w))).collect();
        format!(
            "no {} matches {spec}; the nearest ({}) differ in: {}; {options}",
            self.kind,
            labels(nearest.iter().copied(), 6),
            lacked.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
        )
    }

    /// The options for an error message: each by what a person reads, with its key beside it
    /// when the two differ (a key may hold ids: `end_spell card=52`), the first few only.
    fn legal_list(&self) -> String {
        let shown = |c: &Choice| if c.label == c.key { c.key.clone() } else { format!("{} `{}`", c.label, c.key) };
        self.options_shown(12, shown).join(", ")
    }

    /// The first `n` options as `name` names them, and how many more there are.
    pub fn options_shown(&self, n: usize, name: impl Fn(&Choice) -> String) -> Vec<String> {
        let mut shown: Vec<String> = self.options.iter().take(n).map(name).collect();
        if self.options.len() > n {
            shown.push(format!("and {} more", self.options.len() - n));
        }
        shown
    }
}

/// What an agent says.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// The keys of the chosen options.
    Answer(Vec<String>),
    /// No answer yet (a REPL waiting for its user, a replay that ran out): the kernel rolls the
    /// game back to the last checkpoint and comes back later.
    Suspend,
    /// The agent refuses the request: a strict test agent met an unexpected request.
    Fail(String),
}

/// What an agent is shown at a question: the game as its seat sees it (`view.rs`), made the
/// first time the agent looks (a bot that picks among keys never does). An agent is given
/// nothing else of the game: no seat's agent can reach the referee's state.
pub struct Sight<'a> {
    make: &'a dyn Fn() -> SeatView,
    made: OnceCell<SeatView>,
    make_field: &'a dyn Fn() -> FieldView,
    field: OnceCell<FieldView>,
    make_log: &'a dyn Fn() -> Vec<LogEntry>,
    log: OnceCell<Vec<LogEntry>>,
}

impl<'a> Sight<'a> {
    /// What `make`, `make_field` and `make_log` give, each made the first time it is looked at.
    pub fn new(
        make: &'a dyn Fn() -> SeatView,
        make_field: &'a dyn Fn() -> FieldView,
        make_log: &'a dyn Fn() -> Vec<LogEntry>,
    ) -> Sight<'a> {
        Sight { make, made: OnceCell::new(), make_field, field: OnceCell::new(), make_log, log: OnceCell::new() }
    }

    /// The seat's view of the game.
    pub fn view(&self) -> &SeatView {
        self.made.get_or_init(self.make)
    }

    /// The board and the seats' places as the seat sees them (`view::field_view`): a part of
    /// `view`, made far faster, for a bot that only walks.
    pub fn field(&self) -> &FieldView {
        self.field.get_or_init(self.make_field)
    }

    /// The game's log as the seat was shown it (`view::log_view`).
    pub fn log(&self) -> &[LogEntry] {
        self.log.get_or_init(self.make_log)
    }
}

pub trait Agent {
    fn decide(&mut self, req: &Request) -> Decision;

    /// Does this agent read the options of player `player`'s action requests (their labels
    /// and records), or only pick among their keys by position? One that does not is handed
    /// the options' keys alone, their records left unread (a listing is read faster).
    fn reads_options(&self, _player: u32) -> bool {
        true
    }

    /// Does this agent read the labels of the options it reads (a person, a test, a script
    /// answering by label), or only their records (a bot that weighs them)? One that does not
    /// is handed the options without the words a ruleset makes only on demand
    /// (`rules.label_actions`): their labels are then their keys.
    fn reads_labels(&self, _player: u32) -> bool {
        true
    }

    /// The same, with the game as the asked seat sees it in sight (bots that look at the
    /// board; the kernel always asks this way). By default the request alone decides.
    fn decide_seeing(&mut self, req: &Request, _sight: &Sight) -> Decision {
        self.decide(req)
    }

    /// Does this agent see everything at seat `player`? Only tools named as such (a test's
    /// checker, a referee's), never a player: the kernel then asks [`Agent::decide_omniscient`]
    /// with the referee's state beside the seat's view.
    fn omniscient(&self, _player: u32) -> bool {
        false
    }

    /// The question, for an omniscient agent (see [`Agent::omniscient`]).
    fn decide_omniscient(&mut self, req: &Request, sight: &Sight, _referee: &GameState) -> Decision {
        self.decide_seeing(req, sight)
    }

    /// The agent's own random generators, always in the same order (none for a person): a
    /// saved game keeps where they are, so that bots resumed from it answer as the
    /// uninterrupted ones would have.
    fn generators(&mut self) -> Vec<&mut GameRng> {
        Vec::new()
    }
}

/// One expected answer of a scripted agent: keys (or labels), or records each naming one
/// option ([`Request::match_record`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scripted {
    pub player: u32,
    pub keys: Vec<String>,
    #[serde(default)]
    pub records: Vec<Value>,
}

impl Scripted {
    /// The keys this answer gives to `req`: each key as it is, or the option with that label
    /// where no key is so; each record, the option it names.
    pub fn keys_for(&self, req: &Request) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for k in &self.keys {
            let by_label = req.options.iter().find(|c| &c.label == k && !req.options.iter().any(|d| &d.key == k));
            out.push(by_label.map_or_else(|| k.clone(), |c| c.key.clone()));
        }
        for r in &self.records {
            out.push(req.match_record(r)?);
        }
        Ok(out)
    }
}

/// A strict scripted agent for tests: answers from its queue in order; a request from another
/// player than expected, an answer that is not legal, or a request with an empty queue fails.
#[derive(Default)]
pub struct ScriptedAgent {
    pub queue: VecDeque<Scripted>,
}

impl ScriptedAgent {
    pub fn push(&mut self, player: u32, keys: &[&str]) {
        self.queue.push_back(Scripted { player, keys: keys.iter().map(|k| k.to_string()).collect(), records: vec![] });
    }
}

impl Agent for ScriptedAgent {
    fn decide(&mut self, req: &Request) -> Decision {
        let Some(next) = self.queue.front() else {
            return Decision::Fail(format!(
                "unanswered request to player {}: {} ({}); legal: {}",
                req.player,
                req.kind,
                req.prompt,
                req.options.iter().map(|c| c.key.as_str()).collect::<Vec<_>>().join(", ")
            ));
        };
        if next.player != req.player {
            return Decision::Fail(format!(
                "unexpected request to player {} ({}: {}) while the script expects an answer from player {}",
                req.player, req.kind, req.prompt, next.player
            ));
        }
        let keys = match next.keys_for(req).and_then(|k| req.resolve(&k).map(|_| k)) {
            Ok(k) => k,
            Err(e) => return Decision::Fail(e),
        };
        self.queue.pop_front();
        Decision::Answer(keys)
    }
}

/// Answers from a list (a saved game, a REPL's log); when the list runs out it suspends.
#[derive(Default, Clone, Debug)]
pub struct QueueAgent {
    pub answers: Vec<Vec<String>>,
    pub cursor: usize,
}

impl Agent for QueueAgent {
    fn decide(&mut self, _req: &Request) -> Decision {
        match self.answers.get(self.cursor) {
            Some(a) => {
                self.cursor += 1;
                Decision::Answer(a.clone())
            }
            None => Decision::Suspend,
        }
    }
}

/// One agent per seat.
pub struct Seats {
    pub agents: Vec<Box<dyn Agent>>,
}

impl Agent for Seats {
    fn generators(&mut self) -> Vec<&mut GameRng> {
        self.agents.iter_mut().flat_map(|a| a.generators()).collect()
    }

    fn reads_options(&self, player: u32) -> bool {
        self.agents.get(player as usize).is_none_or(|a| a.reads_options(player))
    }

    fn reads_labels(&self, player: u32) -> bool {
        self.agents.get(player as usize).is_none_or(|a| a.reads_labels(player))
    }

    fn decide(&mut self, req: &Request) -> Decision {
        match self.agents.get_mut(req.player as usize) {
            Some(a) => a.decide(req),
            None => Decision::Fail(format!("no agent sits at seat {}", req.player)),
        }
    }

    fn decide_seeing(&mut self, req: &Request, sight: &Sight) -> Decision {
        match self.agents.get_mut(req.player as usize) {
            Some(a) => a.decide_seeing(req, sight),
            None => Decision::Fail(format!("no agent sits at seat {}", req.player)),
        }
    }

    fn omniscient(&self, player: u32) -> bool {
        self.agents.get(player as usize).is_some_and(|a| a.omniscient(player))
    }

    fn decide_omniscient(&mut self, req: &Request, sight: &Sight, referee: &GameState) -> Decision {
        match self.agents.get_mut(req.player as usize) {
            Some(a) => a.decide_omniscient(req, sight, referee),
            None => Decision::Fail(format!("no agent sits at seat {}", req.player)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req() -> Request {
        let opt = |k: &str| Choice { key: k.into(), label: k.into(), value: Value::Nil };
        Request::one(1, "action", "what now?", vec![opt("move N"), opt("end"), opt("end")])
    }

    #[test]
    fn a_records_key_is_its_fields_but_the_hints_kind_first() {
        let v = |s: &str| Value::Str(s.into());
        let map =
            |fields: Vec<(&str, Value)>| Value::Map(fields.into_iter().map(|(k, x)| (k.to_string(), x)).collect());
        let edge = map(vec![("x", Value::Int(3)), ("y", Value::Int(-4)), ("side", v("N"))]);
        let target = map(vec![("kind", v("wall")), ("edge", edge), ("label", v("wall 3,-4,N"))]);
        let cast = map(vec![
            ("kind", v("cast")),
            ("card", Value::Int(12)),
            ("target", target),
            ("boost", Value::Int(33)),
            ("label", v("cast Zap #12 at wall 3,-4,N")),
            ("hostile", Value::Bool(false)),
            ("to", v("x")),
        ]);
        assert_eq!(record_id(&cast), "cast boost=33 card=12 target=(kind=wall edge=(side=N x=3 y=-4))");
        // No kind; a list; strings that need quotes; an empty table; a nested label is dropped
        // too, a nested hint word is not.
        let odd = map(vec![
            ("names", Value::List(vec![v("a b"), v(""), Value::Bool(true)])),
            ("empty", Value::map()),
            ("inner", map(vec![("label", v("gone")), ("hostile", Value::Bool(true))])),
        ]);
        assert_eq!(record_id(&odd), "empty=() inner=(hostile=true) names=[\"a b\" \"\" true]");
        assert_eq!(record_id(&v("pass")), "pass");
    }

    #[test]
    fn duplicate_keys_are_made_unique() {
        let r = req();
        assert_eq!(r.options[2].key, "end#2");
        assert!(r.resolve(&["end#2".into()]).is_ok());
        assert!(r.resolve(&["fly".into()]).unwrap_err().contains("legal: move N, end, end `end#2`"));
    }

    #[test]
    fn a_record_no_option_answers_to_says_why() {
        let cast = |card: i64, player: i64, label: &str| {
            let target = Value::Map([("player".to_string(), Value::Int(player))].into_iter().collect());
            let value = [("kind", Value::Str("cast".into())), ("card", Value::Int(card)), ("target", target)];
            Choice {
                key: format!("cast card={card} player={player}"),
                label: label.into(),
                value: Value::Map(value.into_iter().map(|(k, v)| (k.to_string(), v)).collect()),
            }
        };
        let r = Request::one(0, "action", "?", vec![cast(5, 0, "cast Zap at A"), cast(6, 1, "cast Bolt at B")]);
        let spec = |card: i64, player: i64| {
            let target = Value::Map([("player".to_string(), Value::Int(player))].into_iter().collect());
            Value::Map([("card".to_string(), Value::Int(card)), ("target".to_string(), target)].into_iter().collect())
        };
        let said = r.match_record(&spec(9, 0)).unwrap_err();
        assert!(said.contains(": none has card = 9; the options: cast Zap at A | cast Bolt at B"), "{said}");
        let said = r.match_record(&spec(5, 2)).unwrap_err();
        assert!(said.contains(": none has target = {player = 2};"), "{said}");
        // Each field is some option's, but no option has them all.
        let said = r.match_record(&spec(5, 1)).unwrap_err();
        assert!(said.contains("; the nearest (cast Zap at A | cast Bolt at B) differ in: card, target;"), "{said}");
        assert_eq!(r.match_record(&spec(6, 1)).unwrap(), "cast card=6 player=1");
        let none = Request::one(0, "action", "?", vec![]);
        assert!(none.match_record(&spec(6, 1)).unwrap_err().ends_with(": there is no option"));
    }

    #[test]
    fn an_answer_refused_lists_the_options_by_their_labels() {
        let opt = |k: &str, l: &str| Choice { key: k.into(), label: l.into(), value: Value::Nil };
        let mut options = vec![opt("end_spell card=52", "End spell X"), opt("end", "end")];
        let r = Request::one(1, "action", "what now?", options.clone());
        let said = r.resolve(&["end_spell card=9".into()]).unwrap_err();
        assert!(said.contains("legal: End spell X `end_spell card=52`, end)"), "{said}");
        options.extend((0..20).map(|i| opt(&format!("move {i}"), &format!("Move {i}"))));
        let said = Request::one(1, "action", "what now?", options).resolve(&["fly".into()]).unwrap_err();
        assert!(said.contains("Move 9 `move 9`, and 10 more)") && !said.contains("Move 10"), "{said}");
    }

    #[test]
    fn the_scripted_agent_is_strict() {
        let mut a = ScriptedAgent::default();
        assert!(matches!(a.decide(&req()), Decision::Fail(m) if m.contains("unanswered")));
        a.push(0, &["end"]);
        assert!(matches!(a.decide(&req()), Decision::Fail(m) if m.contains("expects an answer from player 0")));
        a.queue.clear();
        a.push(1, &["jump"]);
        assert!(matches!(a.decide(&req()), Decision::Fail(m) if m.contains("not a legal answer")));
        a.queue.clear();
        a.push(1, &["move N"]);
        assert_eq!(a.decide(&req()), Decision::Answer(vec!["move N".into()]));
    }

    #[test]
    fn the_random_agent_is_seeded() {
        let picks = |seed| {
            let mut a = RandomAgent::new(seed);
            (0..20).map(|_| a.decide(&req())).collect::<Vec<_>>()
        };
        assert_eq!(picks(3), picks(3));
        assert_ne!(picks(3), picks(4));
    }

    #[test]
    fn the_queue_agent_suspends_when_empty() {
        let mut a = QueueAgent { answers: vec![vec!["end".into()]], cursor: 0 };
        assert_eq!(a.decide(&req()), Decision::Answer(vec!["end".into()]));
        assert_eq!(a.decide(&req()), Decision::Suspend);
    }
}
