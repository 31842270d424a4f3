//! The game state as the kernel holds it: a cell that knows when the state changes.
//!
//! * **Checkpoints copy on the first change.** A checkpoint taken before a step or a card's
//!   handler costs nothing until the state is about to change; then the state is copied once for
//!   every checkpoint still waiting. Most handlers only look (a condition that does not hold), so
//!   most checkpoints never copy anything.
//! * **Every change is counted** in a Lua table scripts can read without calling into Rust
//!   (`stamp[1]`): the memo of the game's queries (`api.lua`) is good while the count stays.
//!   Changes are counted by the part of the state they may touch too ([`Touch`]: the board, the
//!   players, the cards, the objects, the hands and play areas, the rest (the game's vars, the
//!   stack...), the turn, each player, the seats, the order of play, the figures, the piles, the
//!   board or the objects, the walls' and doors' marks, the board or those marks, the board's
//!   layout, and the hands or any card, in `stamp[2]` to `stamp[18]`), so a question about one
//!   part alone (sight and edges, a player, a card, the objects, a hand, the turn, the
//!   figures, a pile, the sectors, the cards in play) is kept until that part changes; a
//!   change to one card or one player alone is shown in `card_stamp` or `player_stamp`
//!   instead, and spares the answers about the others. Every change counts as touching every
//!   part unless its code says which it touches ([`StateCell::borrow_mut_touching`]): a
//!   forgotten case costs time, never a stale answer.

use crate::state::GameState;
use std::cell::{Cell, Ref, RefCell, RefMut};
use std::rc::{Rc, Weak};

/// The parts of the state a change may touch, as a set of bits; each has its count of changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Touch(u32);

impl Touch {
    /// Nothing any question reads (the dice, the counter of fresh ids).
    pub const NONE: Touch = Touch(0);
    /// `GameState::board` (its obstacles follow the objects).
    pub const BOARD: Touch = Touch(1);
    /// `GameState::players` but their hands and play areas: any of them (the list's clock, bit
    /// 2) and each of them (bit 128; a change to one player alone moves `player_stamp[p]`
    /// instead: [`StateCell::borrow_mut_player`]).
    pub const PLAYERS: Touch = Touch(2 | 128);
    /// One player alone of `PLAYERS`: the list's clock only.
    const ONE_PLAYER: Touch = Touch(2);
    /// `GameState::cards`.
    pub const CARDS: Touch = Touch(4);
    /// `GameState::objects`.
    pub const OBJECTS: Touch = Touch(8);
    /// The players' hands and play areas (a card drawn, played, discarded).
    pub const HANDS: Touch = Touch(16);
    /// The rest: the game's vars, the stack, the result.
    pub const REST: Touch = Touch(32);
    /// The turn (its vars too): a movement point spent keeps the game's vars and the stack.
    pub const TURN: Touch = Touch(64);
    /// How many seats there are: only a change that may touch anything (a new state) moves it.
    const SEATS: Touch = Touch(256);
    /// Who plays in what order: the turn's active player and who is alive (`turn_order`, asked
    /// after every action, is kept while a step or a movement point spent changes neither).
    pub const ORDER: Touch = Touch(512);
    /// `GameState::figures`: the pieces on the board (a seat's own moving is also a change to
    /// that player: [`StateCell::borrow_mut_player`]).
    pub const FIGURES: Touch = Touch(1024);
    /// The piles (decks, discards): a card drawn or discarded keeps the game's vars and the
    /// stack.
    pub const PILES: Touch = Touch(2048);
    /// Moved by every change that may touch the board or the objects (never named by a
    /// change): the clock of a question about both (sight to an object).
    const BOARD_OR_OBJECTS: Touch = Touch(4096);
    /// The damage of walls and doors and the doors' tags: what nothing worked out from the
    /// board reads (sight, steps, distances), only the records of the edges.
    pub const MARKS: Touch = Touch(8192);
    /// Moved by every change that may touch the board or those marks (never named by a
    /// change): the clock of the edges' records.
    const BOARD_OR_MARKS: Touch = Touch(16384);
    /// The board's layout: its sectors with their squares and homes, and the links between
    /// rim sides (what turning or swapping sectors and taking warps away change; no wall,
    /// door or obstacle does).
    pub const LAYOUT: Touch = Touch(32768);
    /// Moved by every change that may touch the hands and play areas or any card, one card's
    /// own change too (never named by a change): the clock of a question about the cards in
    /// play and their data (`play_area_data`).
    const HANDS_OR_CARDS: Touch = Touch(65536);
    pub const ALL: Touch = Touch(
        Self::BOARD.0
            | Self::PLAYERS.0
            | Self::CARDS.0
            | Self::OBJECTS.0
            | Self::HANDS.0
            | Self::REST.0
            | Self::TURN.0
            | Self::SEATS.0
            | Self::ORDER.0
            | Self::FIGURES.0
            | Self::PILES.0
            | Self::BOARD_OR_OBJECTS.0
            | Self::MARKS.0
            | Self::BOARD_OR_MARKS.0
            | Self::LAYOUT.0
            | Self::HANDS_OR_CARDS.0,
    );
    const PARTS: usize = 17;
    /// The clocks no change names, each moved with any of its parts (`before_change`).
    const UNIONS: [(Touch, Touch); 3] = [
        (Touch(Self::BOARD.0 | Self::OBJECTS.0), Self::BOARD_OR_OBJECTS),
        (Touch(Self::BOARD.0 | Self::MARKS.0), Self::BOARD_OR_MARKS),
        (Touch(Self::HANDS.0 | Self::CARDS.0), Self::HANDS_OR_CARDS),
    ];

    pub const fn and(self, other: Touch) -> Touch {
        Touch(self.0 | other.0)
    }
}

/// The state as it was when a checkpoint was taken, filled in when it first changes.
type Slot = RefCell<Option<Rc<GameState>>>;

pub(crate) struct StateCell {
    cell: RefCell<GameState>,
    changes: Cell<u64>,
    /// Changes that may have touched each part ([`Touch`]'s bits, in order).
    part_changes: [Cell<u64>; Touch::PARTS],
    /// Checkpoints taken since the last change, waiting for a copy.
    waiting: RefCell<Vec<Weak<Slot>>>,
    /// Where the counts of changes are shown to Lua: the kernel's clocks (memo.rs,
    /// `new_clocks`), a userdata of `1 + Touch::PARTS` integers written here in place (the
    /// handle keeps it alive while this cell may write to it).
    stamp: RefCell<Option<(mlua::Value, *mut i64)>>,
    /// Where each card's own changes are shown to Lua: `card_stamp[c]`, the count of changes
    /// at card c's last one.
    card_stamp: RefCell<Option<mlua::Table>>,
    /// The same for each player: `player_stamp[p]`.
    player_stamp: RefCell<Option<mlua::Table>>,
}

/// The state at a checkpoint: nothing until the state changed after it.
pub(crate) struct SavedState(Rc<Slot>);

impl StateCell {
    pub fn new(state: GameState) -> StateCell {
        StateCell {
            cell: RefCell::new(state),
            changes: Cell::new(0),
            part_changes: Default::default(),
            waiting: RefCell::default(),
            stamp: RefCell::default(),
            card_stamp: RefCell::default(),
            player_stamp: RefCell::default(),
        }
    }

    /// How many changes the state has had (every change counts, whatever it touches).
    pub fn changes(&self) -> u64 {
        self.changes.get()
    }

    pub fn borrow(&self) -> Ref<'_, GameState> {
        self.cell.borrow()
    }

    /// The state, to change: waiting checkpoints get their copy first, and the change is counted,
    /// as one that may touch every part.
    pub fn borrow_mut(&self) -> RefMut<'_, GameState> {
        self.borrow_mut_touching(Touch::ALL)
    }

    /// The state, to change only the parts in `parts` (and what no part's questions read): the
    /// caller promises to leave the others alone, so the answers about them stay good.
    pub fn borrow_mut_touching(&self, parts: Touch) -> RefMut<'_, GameState> {
        self.before_change(parts);
        self.cell.borrow_mut()
    }

    /// The state, to change card `card` alone of the cards (and the parts in `parts`): the
    /// answers about the other cards stay good. The change is shown in `card_stamp[card]`;
    /// should that fail, it counts as touching every card.
    pub fn borrow_mut_card(&self, card: crate::state::CardId, parts: Touch) -> RefMut<'_, GameState> {
        let shown = self.show_own_change(&self.card_stamp, card);
        self.before_change(if shown { parts.and(Touch::HANDS_OR_CARDS) } else { parts.and(Touch::CARDS) });
        self.cell.borrow_mut()
    }

    /// The state, to change player `p` alone of the players (and the parts in `parts`): the
    /// answers about the other players stay good, not those about all of them (`players`,
    /// who stands where). Shown in `player_stamp[p]`; should that fail, it counts as touching
    /// every player.
    pub fn borrow_mut_player(&self, p: crate::state::PlayerId, parts: Touch) -> RefMut<'_, GameState> {
        let shown = self.show_own_change(&self.player_stamp, p);
        self.before_change(parts.and(if shown { Touch::ONE_PLAYER } else { Touch::PLAYERS }));
        self.cell.borrow_mut()
    }

    /// Writes the count the coming change will have into `stamps[id]` (`card_stamp`,
    /// `player_stamp`); false if it could not be shown. A protected set (it may allocate): one
    /// card's or player's change is rare next to the questions about the others it spares.
    fn show_own_change(&self, stamps: &RefCell<Option<mlua::Table>>, id: u32) -> bool {
        let count = self.changes.get() + 1;
        stamps.borrow().as_ref().is_some_and(|t| t.raw_set(id, count).is_ok())
    }

    /// Replaces the whole state (a new game on the same engine, a view put back).
    pub fn replace(&self, state: GameState) -> GameState {
        std::mem::replace(&mut *self.borrow_mut(), state)
    }

    /// Shows the count of changes to Lua in `stamp[1]`, of those that may touch each part in
    /// `stamp[2]` (the board), `stamp[3]` (players), `stamp[4]` (cards), `stamp[5]` (objects),
    /// `stamp[6]` (hands and play areas), `stamp[7]` (the rest), `stamp[8]` (the turn),
    /// `stamp[9]` (each player, but for one player's own changes: `player_stamp`), `stamp[10]`
    /// (the seats: only a change that may touch anything moves it), `stamp[11]` (the order of
    /// play: the active player, who is alive), `stamp[12]` (the figures), `stamp[13]` (the
    /// piles), `stamp[14]` (the board or the objects), `stamp[15]` (the walls' and doors'
    /// marks), `stamp[16]` (the board or those marks), `stamp[17]` (the board's layout),
    /// `stamp[18]` (the hands and play areas or any card, one card's own change too).
    /// They are the kernel's clocks (memo.rs, `new_clocks`): the memo's wrappers read them in
    /// place, Lua code as `stamp[i]`.
    pub fn show_changes_in(&self, lua: &mlua::Lua) -> mlua::Result<mlua::Value> {
        let mut counts: *mut i64 = std::ptr::null_mut();
        // SAFETY: new_clocks is a Lua C function, called here as Lua would, with its count.
        let clocks: mlua::Value = unsafe {
            lua.exec_raw((1 + Touch::PARTS) as i64, |state| {
                mlua::ffi::lua_pushcfunction(state, super::memo::new_clocks);
                mlua::ffi::lua_insert(state, 1);
                mlua::ffi::lua_call(state, 1, 1);
                counts = mlua::ffi::lua_touserdata(state, -1) as *mut i64;
            })?
        };
        if counts.is_null() {
            return Err(mlua::Error::runtime("the kernel's clocks were not made"));
        }
        *self.stamp.borrow_mut() = Some((clocks.clone(), counts));
        self.write_stamp();
        Ok(clocks)
    }

    /// Shows each card's and each player's own changes to Lua (see
    /// [`StateCell::borrow_mut_card`], [`StateCell::borrow_mut_player`]) in the two tables made
    /// here: `(card_stamp, player_stamp)`.
    pub fn show_own_changes_in(&self, lua: &mlua::Lua) -> mlua::Result<(mlua::Table, mlua::Table)> {
        let (cards, players) = (lua.create_table()?, lua.create_table()?);
        *self.card_stamp.borrow_mut() = Some(cards.clone());
        *self.player_stamp.borrow_mut() = Some(players.clone());
        Ok((cards, players))
    }

    /// Writes the counts into the kernel's clocks, in place (no Lua call: a change is counted
    /// many times a turn).
    fn write_stamp(&self) {
        let stamp = self.stamp.borrow();
        let Some((_, counts)) = stamp.as_ref() else { return };
        // SAFETY: `counts` points at the userdata's 1 + PARTS integers, which the handle beside
        // it keeps alive; Lua only reads them, on this thread, never while this runs.
        unsafe {
            counts.write(self.changes.get() as i64);
            for (i, part) in self.part_changes.iter().enumerate() {
                counts.add(i + 1).write(part.get() as i64);
            }
        }
    }

    fn before_change(&self, mut parts: Touch) {
        for (any_of, union) in Touch::UNIONS {
            if parts.0 & any_of.0 != 0 {
                parts = parts.and(union);
            }
        }
        self.changes.set(self.changes.get() + 1);
        for (i, part) in self.part_changes.iter().enumerate() {
            if parts.0 & (1 << i) != 0 {
                part.set(part.get() + 1);
            }
        }
        self.write_stamp();
        let waiting = std::mem::take(&mut *self.waiting.borrow_mut());
        let mut copy: Option<Rc<GameState>> = None;
        for slot in waiting.iter().filter_map(Weak::upgrade) {
            let mut slot = slot.borrow_mut();
            if slot.is_none() {
                let c = copy.get_or_insert_with(|| Rc::new(self.cell.borrow().clone()));
                *slot = Some(c.clone());
            }
        }
    }

    /// A checkpoint of the state (see the module's note: it copies on the first change).
    pub fn save(&self) -> SavedState {
        let slot = Rc::new(RefCell::new(None));
        self.waiting.borrow_mut().push(Rc::downgrade(&slot));
        SavedState(slot)
    }

    /// Puts the state back as it was at `saved` (nothing to do if it has not changed since).
    pub fn restore(&self, saved: SavedState) {
        let Some(old) = saved.0.borrow_mut().take() else { return };
        let old = Rc::try_unwrap(old).unwrap_or_else(|shared| (*shared).clone());
        self.replace(old);
    }

    /// Does the state differ from what it was at `saved`?
    pub fn differs_from(&self, saved: &SavedState) -> bool {
        saved.0.borrow().as_ref().is_some_and(|old| **old != *self.cell.borrow())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> GameState {
        let setup =
            crate::engine::GameSetup { ruleset: "8th".into(), players: 2, seed: 1, options: vec![], names: vec![] };
        let bots = crate::decision::Seats {
            agents: (0..2).map(|i| Box::new(crate::decision::RandomAgent::new(i)) as Box<_>).collect(),
        };
        let mut st = crate::engine::Engine::new(std::path::Path::new("."), &setup, Box::new(bots)).unwrap().state();
        st.next_id = 0;
        st
    }

    #[test]
    fn a_checkpoint_brings_back_the_state_of_its_time() {
        let cell = StateCell::new(state());
        let outer = cell.save();
        cell.borrow_mut().next_id = 5;
        let inner = cell.save();
        cell.borrow_mut().next_id = 9;
        assert!(cell.differs_from(&inner));
        cell.restore(inner);
        assert_eq!(cell.borrow().next_id, 5);
        cell.restore(outer);
        assert_eq!(cell.borrow().next_id, 0);
    }

    #[test]
    fn a_checkpoint_with_no_change_after_it_copies_nothing_and_restores_nothing() {
        let cell = StateCell::new(state());
        let cp = cell.save();
        assert!(cp.0.borrow().is_none());
        assert!(!cell.differs_from(&cp));
        cell.restore(cp);
        assert_eq!(cell.borrow().next_id, 0);
        cell.borrow_mut().next_id = 3;
        assert_eq!(cell.changes.get(), 1);
    }

    #[test]
    fn a_change_that_ends_equal_is_no_difference() {
        let cell = StateCell::new(state());
        let cp = cell.save();
        cell.borrow_mut().next_id = 0;
        assert!(cp.0.borrow().is_some());
        assert!(!cell.differs_from(&cp));
    }

    #[test]
    fn checkpoints_waiting_together_share_one_copy() {
        let cell = StateCell::new(state());
        let a = cell.save();
        let b = cell.save();
        cell.borrow_mut().next_id = 1;
        let (a_copy, b_copy) = (a.0.borrow().clone().unwrap(), b.0.borrow().clone().unwrap());
        assert!(Rc::ptr_eq(&a_copy, &b_copy));
        drop((a_copy, b_copy));
        cell.restore(b);
        cell.borrow_mut().next_id = 2;
        cell.restore(a);
        assert_eq!(cell.borrow().next_id, 0);
    }
}
