//! The game state: everything a game is, as plain serde data.
//!
//! Nothing about a game lives anywhere else: not in Lua (scripts keep their data here through
//! the API), not in the engine. So a state can be saved, cloned for a checkpoint or a bot,
//! diffed and compared byte for byte.

use crate::geometry::{Board, EdgeId, Place, Sq};
use crate::rng::GameRng;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

pub type PlayerId = u32;
pub type CardId = u32;
pub type ObjectId = u64;

/// Where a card is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Zone {
    /// A shared, ordered pile ("deck", "discard"); the top is the last entry.
    Pile(Arc<str>),
    Hand(PlayerId),
    /// A player's play area: maintained spells and carried items.
    Play(PlayerId),
    /// Being cast or played: on the response stack.
    Stack,
    /// On the board as an object (a dropped item, a created object).
    Board(ObjectId),
    /// Out of the game.
    Removed,
}

/// One physical card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardInstance {
    pub id: CardId,
    /// The card file's key: its path under `cards/` without `.lua` ("<edition>/<school>/<card>").
    /// Shared, not copied: a checkpoint of a game of a hundred cards copies no strings.
    pub def: Arc<str>,
    pub zone: Zone,
    /// Who played it, while it is in play or on the stack.
    pub controller: Option<PlayerId>,
    /// What it was played at, while in play.
    pub target: Option<Value>,
    /// A number the ruleset keeps with the card: its power while it resolves, then what is
    /// left of its duration (tokens, turns), as the ruleset counts it.
    pub energy: i64,
    /// The card's own data, kept for it by the kernel (`ctx.data` in Lua).
    pub data: Value,
    /// When it entered play: orders handlers of cards in play.
    pub entered: u64,
    /// The face it shows, where its zone's rule is not to be followed (a card played face
    /// down, a card revealed): back to the zone's rule when it moves (`view.rs`).
    #[serde(default, skip_serializing_if = "Face::is_default")]
    pub face: Face,
    /// Seats it was shown to, besides those its zone lets see it (a hand looked into): until
    /// it moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown_to: Vec<PlayerId>,
}

impl CardInstance {
    /// A card of definition `def` as it is made: out of the game (`Zone::Removed`) until
    /// moved, with nothing on it.
    pub fn fresh(id: CardId, def: &str) -> CardInstance {
        CardInstance {
            id,
            def: def.into(),
            zone: Zone::Removed,
            controller: None,
            target: None,
            energy: 0,
            data: Value::Nil,
            entered: 0,
            face: Face::Default,
            shown_to: Vec::new(),
        }
    }
}

/// A card's face, as to who sees it (the ruleset declares who sees the cards of each zone:
/// `view::Visibility`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// As its zone's rule says.
    #[default]
    Default,
    /// Face down: its holder alone sees it.
    Down,
    /// Face up: everyone sees it (revealed).
    Up,
}

impl Face {
    pub fn is_default(&self) -> bool {
        *self == Face::Default
    }
}

/// A seat: the player behind it, its cards and its counters. Where it stands is its own
/// figure's place ([`GameState::seat_at`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    pub alive: bool,
    pub life: i64,
    pub home_sector: usize,
    /// The seat's own figure, which the kernel makes on a board of sectors (one piece a seat,
    /// standing on its home square); None on a map, where the ruleset makes the figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<u64>,
    /// Where the seat stood, as saves written before seats had figures say it; read only, to
    /// bring such a save's state up to date ([`GameState::adopt_old_places`]).
    #[serde(default, rename = "at", skip_serializing)]
    pub old_at: Option<Sq>,
    pub hand: Vec<CardId>,
    /// Play area, in the order cards entered it.
    pub play: Vec<CardId>,
    /// Counters on the wizard (stun tokens, lost turns...), by name.
    pub tokens: BTreeMap<String, i64>,
    /// The ruleset's own data about the player (victory points, kills, movement...).
    pub vars: Value,
}

/// Something on the board that is not a wizard: a treasure, a dropped item, a created object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Object {
    pub id: ObjectId,
    /// What it is: "treasure", a card key, or a ruleset's name.
    pub kind: String,
    /// Where it lies; None while carried.
    pub at: Option<Place>,
    pub carried_by: Option<PlayerId>,
    /// The card it represents or that created it.
    pub card: Option<CardId>,
    /// Whose it is (a treasure's owner, an object's creator).
    pub owner: Option<PlayerId>,
    pub blocks_move: bool,
    pub blocks_los: bool,
    pub fills_square: bool,
    /// Can be picked up and carried.
    pub mobile: bool,
    /// Damage taken, in the ruleset's units; `toughness` None = indestructible.
    pub damage: u32,
    pub toughness: Option<u32>,
    pub data: Value,
}

/// A piece on the board (issue 46): a seat's own, one of a seat's many figures, a summoned being,
/// a likeness of one. Its kind, attributes and tokens are the ruleset's words (the kernel
/// knows none). What other seats see of it is the figure's to say (`shown_as`, `unseen`:
/// `view.rs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    pub id: u64,
    pub kind: String,
    /// Whose it is, and who moves it now (a charmed beast: another seat).
    pub owner: Option<PlayerId>,
    pub controller: Option<PlayerId>,
    /// Its anchor cell; None while off the board.
    pub at: Option<Sq>,
    /// The direction it faces: the board's directions counted clockwise from the first.
    pub facing: u8,
    /// The cells it covers, as offsets from the anchor when facing the first direction (the
    /// anchor included); empty: the anchor alone.
    pub footprint: Vec<crate::geometry::Coord>,
    pub attrs: BTreeMap<String, i64>,
    pub tokens: BTreeMap<String, i64>,
    pub vars: Value,
    /// What the seats that neither own nor control it see as its kind (a creation announced
    /// without saying what it is); they see none of its attributes, tokens or vars either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown_as: Option<String>,
    /// Seen by its owner and controller alone (a figure the others cannot see at all).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unseen: bool,
}

impl Figure {
    /// A figure of one cell facing the first direction, with no attributes, tokens or vars.
    pub fn new(id: u64, kind: &str, owner: Option<PlayerId>, at: Option<Sq>) -> Figure {
        Figure {
            id,
            kind: kind.to_string(),
            owner,
            controller: owner,
            at,
            facing: 0,
            footprint: Vec::new(),
            attrs: BTreeMap::new(),
            tokens: BTreeMap::new(),
            vars: Value::map(),
            shown_as: None,
            unseen: false,
        }
    }
}

/// An entry of the response stack: something played that others may answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StackEntry {
    pub id: u64,
    pub card: Option<CardId>,
    pub controller: PlayerId,
    /// What sort of thing it is: "attack", "neutral", "counter", "punch"...
    pub kind: String,
    pub target: Option<Value>,
    pub energy: i64,
    /// Marks responses leave: cancelled, evaded_by, reductions... (data the rules read).
    pub marks: Value,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnState {
    /// Turns started so far (1 on the first turn).
    pub number: u64,
    /// Rounds completed: a round ends when play comes back to the first player.
    pub round: u64,
    pub active: PlayerId,
    /// Who took the first turn: a round ends when play comes back to them.
    pub first: PlayerId,
    pub phase: String,
    /// Position in the ruleset's list of phases.
    pub phase_index: usize,
    /// The turn has begun (turn_start ran).
    pub started: bool,
    /// The current loop phase was ended (by an action or `game:end_phase()`).
    pub phase_over: bool,
    /// Keys of actions that failed this turn (a broken card): not offered again.
    pub failed: Vec<String>,
    /// The ruleset's data for this turn (attacks made, movement points...), cleared each turn.
    pub vars: Value,
    /// Players granted extra turns, in order: they take the next turns out of seat order
    /// (a round does not advance for them); then play resumes after the player whose turn it was.
    #[serde(default)]
    pub extra_turns: Vec<PlayerId>,
    /// While extra turns run: the player whose turn came before them.
    #[serde(default)]
    pub resume_after: Option<PlayerId>,
    /// Actions taken in the current loop phase: a phase is cut short at
    /// [`MAX_PHASE_ACTIONS`] (a ruleset whose phase never ends would run forever).
    #[serde(default)]
    pub actions: u32,
    /// A card's own predicates (`can_cast`...) that failed this turn: each answers no without
    /// running again until the turn ends (its error is logged once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed_hooks: Vec<(CardId, String)>,
    /// In a phase whose actor the rules name: `active` is the seat they named for the next
    /// action (asked again after each action).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub actor_named: bool,
}

/// The most actions one loop phase may take: past it the phase ends, with an error in the log
/// (no rule of any edition comes near it; a ruleset whose phase never ends does).
pub const MAX_PHASE_ACTIONS: u32 = 1000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    pub winner: Option<PlayerId>,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub ruleset: String,
    pub options: CopyOnWrite<BTreeMap<String, Value>>,
    pub seed: u64,
    /// Shared with checkpoints until it changes: most steps leave the board alone.
    pub board: CopyOnWrite<Board>,
    // The other parts are shared with checkpoints too, each until it changes: a copy of the
    // state copies only what a step changes.
    pub players: CopyOnWrite<Vec<Player>>,
    /// Each card shared with checkpoints until it changes: a step changes a card or two.
    pub cards: CopyOnWrite<Vec<CopyOnWrite<CardInstance>>>,
    pub piles: CopyOnWrite<BTreeMap<String, Vec<CardId>>>,
    pub objects: CopyOnWrite<BTreeMap<ObjectId, Object>>,
    /// The pieces on the board: the seats' own and any the ruleset makes.
    #[serde(default, skip_serializing_if = "no_figures")]
    pub figures: CopyOnWrite<BTreeMap<u64, Figure>>,
    /// Counter for figure ids (apart from `next_id`: a seat's own figure takes no object's id).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_figure_id: u64,
    pub turn: CopyOnWrite<TurnState>,
    pub stack: CopyOnWrite<Vec<StackEntry>>,
    /// The ruleset's game-wide data.
    pub vars: CopyOnWrite<Value>,
    pub rng: GameRng,
    /// Counter for object ids, stack ids and play-order stamps.
    pub next_id: u64,
    pub result: Option<GameResult>,
    /// The ruleset's setup has run to its end (false while a question it asked is open, such
    /// as a draft of schools).
    #[serde(default = "already_set_up")]
    pub set_up: bool,
}

fn no_figures(f: &CopyOnWrite<BTreeMap<u64, Figure>>) -> bool {
    f.is_empty()
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A part of the state that copies share until one of them changes it: a clone costs one
/// count, and the first change through `DerefMut` copies the part (`Rc::make_mut`). Reading
/// never copies. Saved as the part itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CopyOnWrite<T: Clone>(std::rc::Rc<T>);

impl<T: Clone> CopyOnWrite<T> {
    pub fn new(value: T) -> CopyOnWrite<T> {
        CopyOnWrite(std::rc::Rc::new(value))
    }
}

impl<T: Clone + Default> Default for CopyOnWrite<T> {
    fn default() -> CopyOnWrite<T> {
        CopyOnWrite::new(T::default())
    }
}

impl<T: Clone> From<T> for CopyOnWrite<T> {
    fn from(value: T) -> CopyOnWrite<T> {
        CopyOnWrite::new(value)
    }
}

impl<T: Clone> std::ops::Deref for CopyOnWrite<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> std::ops::DerefMut for CopyOnWrite<T> {
    fn deref_mut(&mut self) -> &mut T {
        std::rc::Rc::make_mut(&mut self.0)
    }
}

impl<'a, T: Clone> IntoIterator for &'a CopyOnWrite<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&*self.0).into_iter()
    }
}

impl<A, T: Clone + FromIterator<A>> FromIterator<A> for CopyOnWrite<T> {
    fn from_iter<I: IntoIterator<Item = A>>(iter: I) -> CopyOnWrite<T> {
        CopyOnWrite::new(iter.into_iter().collect())
    }
}

/// States saved before the field existed were set up.
fn already_set_up() -> bool {
    true
}

impl GameState {
    pub fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn fresh_figure_id(&mut self) -> u64 {
        self.next_figure_id += 1;
        self.next_figure_id
    }

    /// Where seat p's own figure stands (None off the board, or with no figure of its own: see
    /// [`Player::figure`]).
    pub fn seat_at(&self, p: PlayerId) -> Option<Sq> {
        self.figures.get(&self.player(p)?.figure?)?.at
    }

    /// Moves seat p's own figure to `at` (None: off the board). An error if it has none.
    pub fn set_seat_at(&mut self, p: PlayerId, at: Option<Sq>) -> Result<(), String> {
        let id = self.player(p).and_then(|pl| pl.figure).ok_or_else(|| format!("seat {p} has no figure of its own"))?;
        let f = self.figures.get_mut(&id).ok_or_else(|| format!("seat {p}'s figure {id} is gone"))?;
        f.at = at;
        Ok(())
    }

    /// Whether figure `id` is some seat's own.
    pub fn is_seat_figure(&self, id: u64) -> bool {
        self.players.iter().any(|p| p.figure == Some(id))
    }

    /// A seat's own figure, made by the kernel: kind `kind` (the ruleset's word), at `at`.
    pub fn add_seat_figure(&mut self, p: PlayerId, kind: &str, at: Option<Sq>) {
        let id = self.fresh_figure_id();
        self.figures.insert(id, Figure::new(id, kind, Some(p), at));
        if let Some(pl) = self.players.get_mut(p as usize) {
            pl.figure = Some(id);
        }
    }

    /// Brings a state saved before seats had figures up to date: each seat gets its own figure
    /// where the save said it stood, as a new game would have made it. Nothing to do for a
    /// state that has them, or on a map.
    pub fn adopt_old_places(&mut self, kind: &str) {
        if self.players.iter().any(|p| p.figure.is_some()) || self.board.sector_count() == 0 {
            return;
        }
        for p in 0..self.players.len() as PlayerId {
            let at = self.players[p as usize].old_at;
            self.add_seat_figure(p, kind, at);
            self.players[p as usize].old_at = None;
        }
    }

    pub fn player(&self, p: PlayerId) -> Option<&Player> {
        self.players.get(p as usize)
    }

    pub fn card(&self, c: CardId) -> Option<&CardInstance> {
        self.cards.get(c as usize).map(|c| &**c)
    }

    /// The living seats whose own figures stand on a square.
    pub fn seats_at(&self, s: Sq) -> Vec<PlayerId> {
        self.players.iter().filter(|p| p.alive && self.seat_at(p.id) == Some(s)).map(|p| p.id).collect()
    }

    /// The cells a figure covers now (its anchor turned and laid out; none off the board).
    pub fn figure_cells(&self, f: &Figure) -> Vec<Sq> {
        let facing = crate::geometry::Direction(f.facing);
        f.at.and_then(|at| self.board.figure_cells(at, facing, &f.footprint)).unwrap_or_default()
    }

    /// The figures covering cell `s`, in id order.
    pub fn figures_at(&self, s: Sq) -> Vec<u64> {
        self.figures.values().filter(|f| self.figure_cells(f).contains(&s)).map(|f| f.id).collect()
    }

    /// Objects lying on a square (not carried).
    pub fn objects_at(&self, s: Sq) -> Vec<ObjectId> {
        self.objects.values().filter(|o| o.at == Some(Place::Square(s))).map(|o| o.id).collect()
    }

    pub fn objects_on_edge(&self, e: EdgeId) -> Vec<ObjectId> {
        self.objects.values().filter(|o| o.at == Some(Place::Edge(e))).map(|o| o.id).collect()
    }

    /// The kernel's own data agrees with itself: the seats' own figures of living seats stand on
    /// the board and those of dead ones are off it; an object lies somewhere or is carried by a player, never both; the
    /// board is consistent ([`Board::check_consistency`]). Returns the first problem.
    pub fn check_consistency(&self) -> Result<(), String> {
        for p in self.players.iter().filter(|p| p.figure.is_some()) {
            match (p.alive, self.seat_at(p.id)) {
                (true, Some(s)) if !self.board.contains(s) => {
                    return Err(format!("player {} stands on {s}, off the board", p.id))
                }
                (true, None) => return Err(format!("player {} is alive but not on the board", p.id)),
                (false, Some(s)) => return Err(format!("player {} is dead but still stands on {s}", p.id)),
                _ => {}
            }
        }
        for o in self.objects.values() {
            match (o.at, o.carried_by) {
                (Some(_), Some(p)) => {
                    return Err(format!("object #{} ({}) lies on the board and is carried by player {p}", o.id, o.kind))
                }
                (None, None) => return Err(format!("object #{} ({}) is nowhere", o.id, o.kind)),
                (None, Some(p)) if self.player(p).is_none() => {
                    return Err(format!("object #{} ({}) is carried by player {p}, who does not exist", o.id, o.kind))
                }
                (Some(Place::Square(s)), _) if !self.board.contains(s) => {
                    return Err(format!("object #{} ({}) lies on {s}, off the board", o.id, o.kind))
                }
                _ => {}
            }
        }
        self.board.check_consistency()
    }

    /// Every card is in exactly one place: the zone it says, listed once there. Returns the
    /// first inconsistency found.
    pub fn check_card_places(&self) -> Result<(), String> {
        let mut count = vec![0u32; self.cards.len()];
        let mut tally = |ids: &[CardId], zone: &Zone| -> Result<(), String> {
            for &c in ids {
                let card = self.cards.get(c as usize).ok_or_else(|| format!("card {c} does not exist"))?;
                if &card.zone != zone {
                    return Err(format!(
                        "card {c} ({}) is listed in {zone:?} but says it is in {:?}",
                        card.def, card.zone
                    ));
                }
                count[c as usize] += 1;
            }
            Ok(())
        };
        for (name, pile) in &self.piles {
            tally(pile, &Zone::Pile(name.as_str().into()))?;
        }
        for p in &self.players {
            tally(&p.hand, &Zone::Hand(p.id))?;
            tally(&p.play, &Zone::Play(p.id))?;
        }
        let on_stack: Vec<CardId> = self.stack.iter().filter_map(|s| s.card).collect();
        tally(&on_stack, &Zone::Stack)?;
        for o in self.objects.values() {
            if let Some(c) = o.card {
                if self.cards.get(c as usize).map(|k| &k.zone) == Some(&Zone::Board(o.id)) {
                    count[c as usize] += 1;
                }
            }
        }
        for (i, card) in self.cards.iter().enumerate() {
            let expected = u32::from(card.zone != Zone::Removed);
            if count[i] != expected {
                return Err(format!("card {i} ({}) is in {:?} but found {} time(s)", card.def, card.zone, count[i]));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::CopyOnWrite;

    #[test]
    fn copies_share_a_part_until_one_changes_it() {
        let a = CopyOnWrite::new(vec![1, 2, 3]);
        let mut b = a.clone();
        assert!(std::ptr::eq(&*a, &*b), "a clone shares the part");
        b.push(4);
        assert!(!std::ptr::eq(&*a, &*b), "a change copies it first");
        assert_eq!((&*a, &*b), (&vec![1, 2, 3], &vec![1, 2, 3, 4]));
    }

    #[test]
    fn a_shared_part_is_saved_as_the_part_itself() {
        let a = CopyOnWrite::new(vec![1, 2]);
        assert_eq!(serde_json::to_string(&a).unwrap(), "[1,2]");
        let back: CopyOnWrite<Vec<i32>> = serde_json::from_str("[1,2]").unwrap();
        assert_eq!(back, a);
    }
}
