//! Who knows what: the visibility a ruleset declares, and the game as one seat sees it.
//!
//! The referee's state ([`GameState`]) holds everything. A seat sees a [`SeatView`]: the same
//! shape, with what that seat may not know taken out, derived on demand and never saved. What
//! is hidden is the ruleset's to declare (`[visibility]` in `ruleset.toml`, [`Visibility`]):
//! the kernel hides nothing on its own, and shows everything a ruleset leaves undeclared.
//!
//! In a view, a card the seat cannot see is an unknown card: its definition is
//! [`UNKNOWN_CARD`] and it holds no data. Card ids are given in the order cards were made,
//! which the ruleset's setup fixes card by card, so an id would tell which card it is: the
//! unknown cards are numbered again, among themselves, in the order of the places they lie in
//! (piles by name then from the bottom, each seat's hand and play area, the stack, objects),
//! so an unknown card's id tells only where it is, which the seat knows. A pile whose order is
//! hidden lists its unknown cards in that order too. The RNG and the seed are not in a view.
//!
//! The log is seen the same way ([`log_view`]): an entry logged for some seats only (an
//! answer, a private roll, what a spell showed one player) is left out for the others, and a
//! card an entry names is named only to a seat that could see it when it was logged.

use crate::engine::LogEntry;
use crate::rng::GameRng;
use crate::state::{CardId, CardInstance, CopyOnWrite, Face, GameState, PlayerId, Zone};
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The definition an unknown card shows in a view.
pub const UNKNOWN_CARD: &str = "";

/// Who may see a fact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// Every seat, and spectators.
    #[default]
    All,
    /// Its owner: a hand's player, a play area's, a card's controller, a var's player, an
    /// object's owner.
    Owner,
    /// Nobody but the referee.
    None,
}

/// What a pile shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PileShows {
    /// Every card, in order (a discard pile face up).
    #[default]
    All,
    /// How many cards it holds: not which, nor their order (a deck face down).
    Count,
}

/// What a ruleset hides (`[visibility]` in `ruleset.toml`; merged key by key along `extends`
/// like any table). Everything not declared is seen by all.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Visibility {
    /// Cards in a hand.
    #[serde(default)]
    pub hand: Who,
    /// Cards face up in a play area (face down ones: their holder only).
    #[serde(default)]
    pub play: Who,
    /// Cards on the response stack.
    #[serde(default)]
    pub stack: Who,
    /// Cards on the board, as objects.
    #[serde(default)]
    pub board: Who,
    /// Cards out of the game.
    #[serde(default)]
    pub removed: Who,
    /// Piles by name; a name ending in `*` stands for every pile whose name begins so (the
    /// longest such prefix wins; `*` alone: every pile not named otherwise).
    #[serde(default)]
    pub piles: BTreeMap<String, PileShows>,
    /// Keys of the players' vars (`game:set_player_var`) not every seat sees.
    #[serde(default)]
    pub player_vars: BTreeMap<String, Who>,
    /// Keys of cards' data (`ctx.data`) not every seat sees (a hidden card shows none).
    #[serde(default)]
    pub card_data: BTreeMap<String, Who>,
    /// Keys of objects' data not every seat sees.
    #[serde(default)]
    pub object_data: BTreeMap<String, Who>,
    /// Keys of the game's vars not every seat sees (`none`: the referee's alone).
    #[serde(default)]
    pub game_vars: BTreeMap<String, Who>,
    /// Tokens on wizards not every seat sees.
    #[serde(default)]
    pub tokens: BTreeMap<String, Who>,
}

/// Whose view: a seat's, a spectator's (what every seat sees) or the referee's (everything).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Viewer {
    Seat(PlayerId),
    Public,
    Referee,
}

impl Viewer {
    /// May this viewer see what `who` allows, for something owned by `owner`?
    fn may(self, who: Who, owner: Option<PlayerId>) -> bool {
        match (self, who) {
            (Viewer::Referee, _) | (_, Who::All) => true,
            (Viewer::Seat(s), Who::Owner) => owner == Some(s),
            _ => false,
        }
    }
}

impl std::fmt::Display for Viewer {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Viewer::Seat(s) => write!(f, "{}", crate::cli::wizard_glyph(*s)),
            Viewer::Public => write!(f, "the public"),
            Viewer::Referee => write!(f, "the referee"),
        }
    }
}

/// Who may see a card where it lies, apart from a face it shows (`Face`) or seats it was
/// shown to: the rule of its zone and the card's owner there.
#[derive(Clone, Debug, PartialEq)]
pub struct CardSight {
    rule: Who,
    owner: Option<PlayerId>,
    face: Face,
    shown_to: Vec<PlayerId>,
}

impl CardSight {
    pub fn seen_by(&self, viewer: Viewer) -> bool {
        sight_allows(viewer, self.rule, self.owner, self.face, &self.shown_to)
    }
}

/// May `viewer` see a card under `rule` with this owner, face and seats it was shown to?
fn sight_allows(viewer: Viewer, rule: Who, owner: Option<PlayerId>, face: Face, shown_to: &[PlayerId]) -> bool {
    match (viewer, face) {
        (Viewer::Referee, _) | (_, Face::Up) => true,
        (Viewer::Seat(s), _) if shown_to.contains(&s) => true,
        (viewer, Face::Down) => viewer.may(Who::Owner, owner),
        (viewer, Face::Default) => viewer.may(rule, owner),
    }
}

impl Visibility {
    /// What pile `name` shows.
    pub fn pile(&self, name: &str) -> PileShows {
        if let Some(&shows) = self.piles.get(name) {
            return shows;
        }
        self.piles
            .iter()
            .filter_map(|(pattern, &shows)| {
                let prefix = pattern.strip_suffix('*')?;
                name.starts_with(prefix).then_some((prefix.len(), shows))
            })
            .max_by_key(|&(len, _)| len)
            .map_or(PileShows::All, |(_, shows)| shows)
    }

    /// Who may see card `c` of `st` where it is now.
    pub fn card_sight(&self, st: &GameState, c: &CardInstance) -> CardSight {
        let (rule, owner) = self.zone_rule(st, c, |name| self.pile(name));
        CardSight { rule, owner, face: c.face, shown_to: c.shown_to.clone() }
    }

    /// The rule of the zone card `c` lies in, and its owner there; `pile` says what a pile
    /// shows (found once a pile when a whole view is made).
    fn zone_rule(
        &self,
        st: &GameState,
        c: &CardInstance,
        pile: impl FnOnce(&str) -> PileShows,
    ) -> (Who, Option<PlayerId>) {
        match &c.zone {
            Zone::Hand(p) => (self.hand, Some(*p)),
            Zone::Play(p) => (self.play, Some(*p)),
            Zone::Pile(name) => match pile(name) {
                PileShows::All => (Who::All, c.controller),
                PileShows::Count => (Who::None, c.controller),
            },
            Zone::Stack => (self.stack, c.controller),
            Zone::Board(o) => (self.board, st.objects.get(o).and_then(|o| o.owner).or(c.controller)),
            Zone::Removed => (self.removed, c.controller),
        }
    }

    /// Which of `st`'s cards `viewer` cannot see, by id (what [`CardSight::seen_by`] says of
    /// each, with each pile's rule found once).
    fn hidden_cards(&self, st: &GameState, viewer: Viewer) -> Vec<bool> {
        let piles: Vec<(&str, PileShows)> = st.piles.keys().map(|name| (name.as_str(), self.pile(name))).collect();
        let pile = |name: &str| piles.iter().find(|(n, _)| *n == name).map_or_else(|| self.pile(name), |&(_, s)| s);
        st.cards
            .iter()
            .map(|c| {
                let (rule, owner) = self.zone_rule(st, c, pile);
                !sight_allows(viewer, rule, owner, c.face, &c.shown_to)
            })
            .collect()
    }

    /// Does `viewer` see card `c`?
    pub fn sees_card(&self, st: &GameState, c: CardId, viewer: Viewer) -> bool {
        viewer == Viewer::Referee || st.card(c).is_none_or(|card| self.card_sight(st, card).seen_by(viewer))
    }
}

/// The game as one viewer sees it: the referee's state with what the viewer may not know
/// taken out (see the module doc). Made on demand, never saved.
#[derive(Clone)]
pub struct SeatView {
    pub viewer: Viewer,
    pub state: GameState,
    /// The definitions of the cards this viewer cannot see, in the order their cards lie:
    /// private, since that order would tell where each is; read sorted (`unknown`).
    hidden_defs: Vec<Arc<str>>,
}

impl SeatView {
    /// The definitions of the cards this viewer cannot see, sorted (one entry a card): the
    /// game's cards are public, where each lies is not. What determinization deals from.
    /// (Sorted when asked for, not with every view: most views are never sampled.)
    pub fn unknown(&self) -> Vec<Arc<str>> {
        let mut defs = self.hidden_defs.clone();
        defs.sort_unstable();
        defs
    }
}

/// Equal when the same viewer sees the same state and the same cards are unknown to him.
impl PartialEq for SeatView {
    fn eq(&self, other: &Self) -> bool {
        self.viewer == other.viewer && self.state == other.state && self.unknown() == other.unknown()
    }
}

impl std::fmt::Debug for SeatView {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("SeatView")
            .field("viewer", &self.viewer)
            .field("state", &self.state)
            .field("unknown", &self.unknown())
            .finish()
    }
}

/// As JSON: the viewer and the state, without its seed and dice (a view has none: they are
/// blank in `state`) and without the unknown cards' definitions (what determinization needs,
/// not what a reader should see).
impl Serialize for SeatView {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeStruct};
        let mut state = serde_json::to_value(&self.state).map_err(S::Error::custom)?;
        if let Some(fields) = state.as_object_mut() {
            if self.viewer != Viewer::Referee {
                fields.remove("rng");
                fields.remove("seed");
            }
        }
        let mut out = to.serialize_struct("SeatView", 2)?;
        out.serialize_field("viewer", &self.viewer)?;
        out.serialize_field("state", &state)?;
        out.end()
    }
}

/// `st` as `viewer` sees it.
pub fn view_of(st: &GameState, vis: &Visibility, viewer: Viewer) -> SeatView {
    let mut view = st.clone();
    if viewer == Viewer::Referee {
        return SeatView { viewer, state: view, hidden_defs: Vec::new() };
    }
    view.seed = 0;
    view.rng = GameRng::new(0);
    let hidden = vis.hidden_cards(st, viewer);
    let renumber = renumbering(st, &hidden);
    let mut hidden_defs: Vec<Arc<str>> = Vec::new();
    if !renumber.is_empty() {
        let mut cards: Vec<CopyOnWrite<CardInstance>> = st.cards.to_vec();
        let blank = unknown_def();
        for &(real, shown) in &renumber {
            let c = &st.cards[real as usize];
            hidden_defs.push(c.def.clone());
            cards[shown as usize] = CopyOnWrite::new(unknown_card(shown, c, &blank));
        }
        view.cards = cards.into();
        // new id by old id (the ids are the cards' places in `st.cards`)
        let mut shown_as: Vec<CardId> = (0..st.cards.len() as CardId).collect();
        for &(real, shown) in &renumber {
            shown_as[real as usize] = shown;
        }
        let to_view = |c: &mut CardId| {
            if let Some(&shown) = shown_as.get(*c as usize) {
                *c = shown;
            }
        };
        for p in view.players.iter_mut() {
            p.hand.iter_mut().for_each(to_view);
            p.play.iter_mut().for_each(to_view);
        }
        for pile in view.piles.values_mut() {
            pile.iter_mut().for_each(to_view);
        }
        for e in view.stack.iter_mut() {
            e.card.iter_mut().for_each(to_view);
        }
        for o in view.objects.values_mut() {
            if let Some(c) = o.card {
                if hidden.get(c as usize) == Some(&true) {
                    // (a card face down on the board: what it is, the object's kind would say)
                    o.kind = UNKNOWN_CARD.to_string();
                    o.data = Value::Nil;
                }
            }
            o.card.iter_mut().for_each(to_view);
        }
    }
    hide_keys(&mut view, st, vis, viewer, &hidden);
    hide_figures(&mut view, viewer);
    SeatView { viewer, state: view, hidden_defs }
}

/// The new ids of the cards hidden from a viewer (the module doc): each hidden card, taken in
/// the order of the places cards lie in, gets the next of their ids in increasing order.
fn renumbering(st: &GameState, hidden: &[bool]) -> Vec<(CardId, CardId)> {
    // (in increasing order)
    let free: Vec<CardId> = (0..hidden.len() as CardId).filter(|&c| hidden[c as usize]).collect();
    if free.is_empty() {
        return Vec::new();
    }
    let mut order: Vec<CardId> = Vec::with_capacity(free.len());
    let mut taken = vec![false; hidden.len()];
    let mut take = |c: CardId| {
        if hidden.get(c as usize) == Some(&true) && !std::mem::replace(&mut taken[c as usize], true) {
            order.push(c);
        }
    };
    st.piles.values().flatten().copied().for_each(&mut take);
    for p in st.players.iter() {
        p.hand.iter().chain(p.play.iter()).copied().for_each(&mut take);
    }
    st.stack.iter().filter_map(|e| e.card).for_each(&mut take);
    st.objects.values().filter_map(|o| o.card).for_each(&mut take);
    // (cards in no list, out of the game: in the order they were made)
    free.iter().copied().for_each(take);
    order.into_iter().zip(free).collect()
}

/// [`UNKNOWN_CARD`] as a card's definition: one for the thread, shared by every unknown card
/// of its views (not an allocation each).
fn unknown_def() -> Arc<str> {
    thread_local! { static BLANK: Arc<str> = Arc::from(UNKNOWN_CARD); }
    BLANK.with(Arc::clone)
}

/// A card the viewer cannot see: where it is, and nothing of what it is.
fn unknown_card(id: CardId, c: &CardInstance, blank: &Arc<str>) -> CardInstance {
    CardInstance {
        id,
        def: blank.clone(),
        zone: c.zone.clone(),
        controller: c.controller,
        target: None,
        energy: 0,
        data: Value::Nil,
        entered: 0,
        face: c.face,
        shown_to: Vec::new(),
    }
}

/// Takes out the figures `viewer` may not see, and what he may not know of the others: an
/// unseen figure is seen by its owner and controller alone, one `shown_as` another kind shows
/// others that kind and nothing of its attributes, tokens or vars.
fn hide_figures(view: &mut GameState, viewer: Viewer) {
    if let Some(figures) = figures_seen(&view.figures, viewer) {
        view.figures = figures;
    }
}

/// The figures as `viewer` sees them (see `hide_figures`), or None when he sees them as they
/// are (no figure is unseen or shown as another kind).
fn figures_seen(
    figures: &CopyOnWrite<BTreeMap<u64, crate::state::Figure>>,
    viewer: Viewer,
) -> Option<CopyOnWrite<BTreeMap<u64, crate::state::Figure>>> {
    if figures.values().all(|f| f.shown_as.is_none() && !f.unseen) {
        return None;
    }
    let knows = |f: &crate::state::Figure| match viewer {
        Viewer::Seat(p) => f.owner == Some(p) || f.controller == Some(p),
        Viewer::Public => false,
        Viewer::Referee => true,
    };
    let mut seen = (**figures).clone();
    seen.retain(|_, f| knows(f) || !f.unseen);
    for f in seen.values_mut().filter(|f| !knows(f)) {
        if let Some(kind) = f.shown_as.clone() {
            f.kind = kind;
            f.attrs.clear();
            f.tokens.clear();
            f.vars = Value::map();
        }
    }
    Some(seen.into())
}

/// The board and where the seats' own figures stand, as one viewer sees them: the part of his
/// view (`view_of`) a bot that walks reads, made without looking at a card (the whole view
/// numbers every hidden card again: most of a walking bot's time at a question).
#[derive(Clone, PartialEq)]
pub struct FieldView {
    pub board: CopyOnWrite<crate::geometry::Board>,
    /// Every seat in seat order: whether he lives and where his own figure stands (None: off
    /// the board, or unseen by this viewer).
    pub seats: Vec<SeatPlace>,
}

/// A seat in a [`FieldView`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatPlace {
    pub player: PlayerId,
    pub alive: bool,
    pub at: Option<crate::geometry::Sq>,
}

/// The seats' places (the board's picture is `geometry::render`'s).
impl std::fmt::Debug for FieldView {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("FieldView").field("seats", &self.seats).finish_non_exhaustive()
    }
}

impl FieldView {
    /// Seat `p`'s place, if there is such a seat.
    pub fn seat(&self, p: PlayerId) -> Option<&SeatPlace> {
        self.seats.iter().find(|s| s.player == p)
    }
}

/// The seats' places of `st` as `viewer` sees them: what his whole view (`view_of`) says of the
/// board and the seats, and nothing else (`tests/views.rs` compares the two at every question).
pub fn field_view(st: &GameState, viewer: Viewer) -> FieldView {
    let hidden = figures_seen(&st.figures, viewer);
    let figures = hidden.as_ref().unwrap_or(&st.figures);
    let seats = st
        .players
        .iter()
        .map(|p| SeatPlace {
            player: p.id,
            alive: p.alive,
            at: p.figure.and_then(|id| figures.get(&id)).and_then(|f| f.at),
        })
        .collect();
    FieldView { board: st.board.clone(), seats }
}

impl SeatView {
    /// The part of this view a [`FieldView`] holds.
    pub fn field(&self) -> FieldView {
        field_view(&self.state, Viewer::Referee)
    }
}

/// Takes out the vars, data and tokens the ruleset hides from `viewer`.
fn hide_keys(view: &mut GameState, st: &GameState, vis: &Visibility, viewer: Viewer, hidden: &[bool]) {
    fn unseen(rules: &BTreeMap<String, Who>, viewer: Viewer, owner: Option<PlayerId>) -> Vec<&String> {
        rules.iter().filter(|(_, &who)| !viewer.may(who, owner)).map(|(k, _)| k).collect()
    }
    let strip = |v: &mut Value, keys: &[&String]| {
        if let Value::Map(m) = v {
            if keys.iter().any(|k| m.get(k).is_some()) {
                for k in keys {
                    v.set(k, Value::Nil);
                }
            }
        }
    };
    if !vis.player_vars.is_empty() || !vis.tokens.is_empty() {
        for p in view.players.iter_mut() {
            strip(&mut p.vars, &unseen(&vis.player_vars, viewer, Some(p.id)));
            for k in unseen(&vis.tokens, viewer, Some(p.id)) {
                p.tokens.remove(k);
            }
        }
    }
    if !vis.card_data.is_empty() {
        let seen: Vec<CardId> = (0..hidden.len() as CardId).filter(|&c| !hidden[c as usize]).collect();
        for c in seen {
            let card = &st.cards[c as usize];
            let owner = match card.zone {
                Zone::Hand(p) | Zone::Play(p) => Some(p),
                _ => card.controller,
            };
            let keys = unseen(&vis.card_data, viewer, owner);
            if keys.iter().any(|k| card.data.get(k).is_some()) {
                strip(&mut view.cards[c as usize].data, &keys);
            }
        }
    }
    if !vis.object_data.is_empty() {
        for o in view.objects.values_mut() {
            strip(&mut o.data, &unseen(&vis.object_data, viewer, o.owner));
        }
    }
    if !vis.game_vars.is_empty() {
        strip(&mut view.vars, &unseen(&vis.game_vars, viewer, None));
    }
}

/// Who may read an entry whose `figure` names a figure no other seat sees now (`unseen`): its
/// owner and controller alone, among `audience` (None: everyone). An entry about a hidden
/// figure tells where it goes; the kernel keeps it from the seats that cannot see it, whatever
/// the ruleset logs.
pub fn figure_audience(st: &GameState, data: &Value, audience: Option<Vec<PlayerId>>) -> Option<Vec<PlayerId>> {
    let Some(f) = data.get("figure").and_then(Value::as_int).and_then(|id| st.figures.get(&(id as u64))) else {
        return audience;
    };
    if !f.unseen {
        return audience;
    }
    let knows = |p: &PlayerId| f.owner == Some(*p) || f.controller == Some(*p);
    Some(match audience {
        Some(seats) => seats.into_iter().filter(knows).collect(),
        None => st.players.iter().map(|p| p.id).filter(knows).collect(),
    })
}

/// The sight, when an entry was logged, of each card its data names (its `card` field and its
/// `cards` list) that not everyone could see: kept with the entry, so a seat reading it later
/// is shown only the cards he could see then.
pub fn sights_of(st: &GameState, vis: &Visibility, data: &Value) -> Vec<(CardId, CardSight)> {
    let mut sights = Vec::new();
    let mut note = |c: i64| {
        if let Some(card) = u32::try_from(c).ok().and_then(|c| st.card(c)) {
            let sight = vis.card_sight(st, card);
            // (a card the public sees, every seat sees: nothing to keep)
            if !sight.seen_by(Viewer::Public) {
                sights.push((card.id, sight));
            }
        }
    };
    if let Some(c) = data.get("card").and_then(Value::as_int) {
        note(c);
    }
    if let Some(Value::List(list)) = data.get("cards") {
        list.iter().filter_map(Value::as_int).for_each(&mut note);
    }
    sights
}

/// Is an entry logged for `audience` (None: everyone) one `viewer` was shown?
pub fn shown_to(audience: &Option<Vec<PlayerId>>, viewer: Viewer) -> bool {
    match (viewer, audience) {
        (Viewer::Referee, _) | (_, None) => true,
        (Viewer::Seat(s), Some(seats)) => seats.contains(&s),
        (Viewer::Public, Some(_)) => false,
    }
}

/// The entries of `log` `viewer` was shown, each as he saw it: a card it names that he could
/// not see when it was logged is left out (nil in a list).
pub fn log_view(log: &[LogEntry], viewer: Viewer) -> Vec<LogEntry> {
    log.iter().filter(|e| shown_to(&e.audience, viewer)).map(|e| entry_view(e, viewer)).collect()
}

/// One entry as `viewer` saw it (see [`log_view`]).
pub fn entry_view(e: &LogEntry, viewer: Viewer) -> LogEntry {
    let unseen: Vec<CardId> = e.sights.iter().filter(|(_, sight)| !sight.seen_by(viewer)).map(|&(c, _)| c).collect();
    if unseen.is_empty() {
        return e.clone();
    }
    let mut shown = e.clone();
    let is_unseen = |v: &Value| v.as_int().is_some_and(|c| unseen.iter().any(|&u| i64::from(u) == c));
    if shown.data.get("card").is_some_and(is_unseen) {
        shown.data.set("card", Value::Nil);
    }
    if let Some(Value::List(list)) = shown.data.get("cards") {
        let list = list.iter().map(|v| if is_unseen(v) { Value::Nil } else { v.clone() }).collect();
        shown.data.set("cards", Value::List(list));
    }
    shown
}

/// A whole state that `view` could be the view of (determinization, for search): the cards the
/// viewer cannot see dealt at random, by dice seeded with `seed`, from the definitions he
/// cannot account for (`SeatView::unknown`); all he sees as it is; dice of their own. The
/// same view and seed give the same state. A hidden var or datum the ruleset keeps is not
/// guessed here: `Engine::sample` lets the ruleset fill it (`rules.determinize`).
pub fn sample(view: &SeatView, seed: u64) -> GameState {
    let mut st = view.state.clone();
    let mut dice = GameRng::new(seed);
    let mut pool = view.unknown();
    dice.shuffle(&mut pool);
    let slots: Vec<usize> = st.cards.iter().filter(|c| *c.def == *UNKNOWN_CARD).map(|c| c.id as usize).collect();
    debug_assert_eq!(slots.len(), pool.len(), "every unknown card has a definition to deal");
    for (slot, def) in slots.into_iter().zip(pool) {
        st.cards[slot].def = def;
    }
    st.seed = seed;
    st.rng = GameRng::new(dice.below(u32::MAX) as u64 ^ seed.rotate_left(32));
    st
}

#[cfg(test)]
mod tests;
