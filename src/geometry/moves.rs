//! Movement: single steps and their cost, reachability, shortest paths, straight runs (bolts,
//! knock-back) and random directions.
//!
//! Movement is orthogonal only (8th: Moving: no diagonal steps); a step through a wrap or a
//! portal costs one movement point like any other (8th: Leaving the Board).

use super::board::{Barrier, Board, EdgeView, Place, Step};
use super::types::{Dir, EdgeId, Sq};
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;

/// What a moving thing may pass: closed doors and walls stop it unless its flags say
/// otherwise; which doors open for whom is the rulesets' to say (through `door_passes`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mover {
    /// Passes every door (a key).
    pub through_doors: bool,
    /// Passes walls (not outer walls: see `through_outer_walls`).
    pub through_walls: bool,
    pub through_outer_walls: bool,
    /// Passes obstacles that block movement (in squares and on edges).
    pub through_obstacles: bool,
    /// Closed doors this mover may pass (given by the rules: a door of his own, a picked lock).
    pub door_passes: Vec<EdgeId>,
}

impl Mover {
    /// Something without passes (a bolt, a thrown rock, a pushed wizard).
    pub fn thing() -> Mover {
        Mover::default()
    }

    /// May this mover cross the edge?
    pub fn may_cross(&self, board: &Board, e: &EdgeView) -> bool {
        let open = e.barrier == Barrier::Door && e.door.as_ref().expect("a door edge has a door view").open;
        self.crosses(e.barrier, e.boundary, open, e.id, || {
            e.obstacles.iter().any(|id| board.obstacles().get(id).is_some_and(|o| o.blocks_move))
        })
    }

    /// The rule of crossing an edge, whatever it is read from (an edge's view, the board's
    /// derived tables in `check_step`): what stands on it (`boundary`: an outer wall; `open`: a
    /// door standing open), and whether an obstacle on it blocks moves (asked only if it counts).
    fn crosses(&self, barrier: Barrier, boundary: bool, open: bool, e: EdgeId, blocked: impl FnOnce() -> bool) -> bool {
        let barrier_ok = match barrier {
            Barrier::Open => true,
            Barrier::Wall if boundary => self.through_outer_walls,
            Barrier::Wall => self.through_walls,
            Barrier::Door => open || self.through_doors || self.door_passes.contains(&e),
        };
        barrier_ok && (self.through_obstacles || !blocked())
    }

    /// May this mover enter (or stay in) the square?
    pub fn may_enter(&self, board: &Board, s: Sq) -> bool {
        self.through_obstacles || !board.obstacles_at(Place::Square(s)).iter().any(|(_, o)| o.blocks_move)
    }

    /// What it may pass as one number, for a mover without door passes (what the board's kept
    /// fields of moves are known by, `Board::walk_field`); None for one with passes.
    fn flags(&self) -> Option<u8> {
        self.door_passes.is_empty().then_some(
            self.through_doors as u8
                | (self.through_walls as u8) << 1
                | (self.through_outer_walls as u8) << 2
                | (self.through_obstacles as u8) << 3,
        )
    }
}

/// The fewest moves to each square of a board of sectors, by the square's index (None: not
/// reached), as a board state keeps them.
pub(crate) type Costs = Rc<Vec<Option<u32>>>;

/// The fewest moves from one square to every square of a board of sectors, for one mover
/// (`Board::walk_field`).
#[derive(Clone, Debug)]
pub struct WalkField {
    w: i32,
    h: i32,
    costs: Costs,
}

impl WalkField {
    /// The fewest moves to `s`; None if it cannot be reached or is no square of the board.
    pub fn to(&self, s: Sq) -> Option<u32> {
        if s.x < 0 || s.y < 0 || s.x >= self.w || s.y >= self.h {
            return None;
        }
        self.costs[(s.y * self.w + s.x) as usize]
    }
}

/// Why a straight run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunStop {
    /// It went as far as it was allowed to.
    Length,
    /// A wall, door or edge obstacle on this edge.
    Edge(EdgeId),
    /// An obstacle filling this square (not entered).
    Square(Sq),
    /// The board ends here without a link.
    Rim,
    /// It would enter a square it already passed.
    Loop,
}

/// A straight-line run: the steps taken and what stopped it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub steps: Vec<Step>,
    pub stop: RunStop,
}

impl Board {
    /// A single move, if the mover may make it.
    pub fn try_step(&self, from: Sq, d: Dir, mover: &Mover) -> Option<Step> {
        self.check_step(from, d, mover).ok()
    }

    /// A single move, or what stops it: `Mover::crosses` for each edge and `Mover::may_enter`
    /// for the square, read from the board's derived tables without making the edges' views (a
    /// bot's search of the board takes thousands of steps).
    fn check_step(&self, from: Sq, d: Dir, mover: &Mover) -> Result<Step, RunStop> {
        let step = self.step(from, d).ok_or(RunStop::Rim)?;
        let der = self.derived();
        for e in [step.exit_edge, step.entry_edge] {
            let (a, b) = e.sides();
            let (a_in, b_in) = (der.contains(a), der.contains(b));
            let i = der.edge_index(e).filter(|_| a_in || b_in).ok_or(RunStop::Rim)?;
            let blocked = || self.obstacles().values().any(|o| o.at == Place::Edge(e) && o.blocks_move);
            if !mover.crosses(der.barrier[i], !(a_in && b_in), der.door_open[i], e, blocked) {
                return Err(RunStop::Edge(e));
            }
        }
        let filled = || match der.contains(step.to) {
            true => der.cell_blocks_move[der.cell(step.to)],
            false => !mover.may_enter(self, step.to),
        };
        if !mover.through_obstacles && filled() {
            return Err(RunStop::Square(step.to));
        }
        Ok(step)
    }

    /// Every legal single move from a square, in N, E, S, W order.
    pub fn moves(&self, from: Sq, mover: &Mover) -> Vec<Step> {
        Dir::ALL.iter().filter_map(|&d| self.try_step(from, d, mover)).collect()
    }

    /// Squares reachable with at most `points` moves, with the fewest moves needed.
    pub fn reachable(&self, from: Sq, points: u32, mover: &Mover) -> BTreeMap<Sq, u32> {
        if let Some(m) = &self.derived().map {
            return m.reachable(from, points, mover.through_obstacles);
        }
        let mut cost = BTreeMap::new();
        cost.insert(from, 0);
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            let c = cost[&s];
            if c == points {
                continue;
            }
            for step in self.moves(s, mover) {
                if let std::collections::btree_map::Entry::Vacant(slot) = cost.entry(step.to) {
                    slot.insert(c + 1);
                    queue.push_back(step.to);
                }
            }
        }
        cost
    }

    /// A shortest path (fewest moves; ties broken N, E, S, W) from `from` to `to`.
    pub fn path(&self, from: Sq, to: Sq, mover: &Mover) -> Option<Vec<Step>> {
        let mut prev: BTreeMap<Sq, Step> = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        let mut seen = std::collections::BTreeSet::from([from]);
        while let Some(s) = queue.pop_front() {
            if s == to {
                let mut path = Vec::new();
                let mut cur = to;
                while cur != from {
                    let st = prev[&cur];
                    path.push(st);
                    cur = st.from;
                }
                path.reverse();
                return Some(path);
            }
            for step in self.moves(s, mover) {
                if seen.insert(step.to) {
                    prev.insert(step.to, step);
                    queue.push_back(step.to);
                }
            }
        }
        None
    }

    /// Moves needed between two squares ignoring all terrain (links count as one step). One
    /// search from `a` finds its distance to every square (a card may ask for each square of
    /// the board); it is kept until the board changes (`walk_field`).
    pub fn distance(&self, a: Sq, b: Sq) -> Option<u32> {
        let free = Mover {
            through_doors: true,
            through_walls: true,
            through_outer_walls: true,
            through_obstacles: true,
            ..Mover::default()
        };
        let d = self.derived();
        if let Some(m) = &d.map {
            return m.distance(a, b);
        }
        if !d.contains(a) || !d.contains(b) {
            return self.path(a, b, &free).map(|p| p.len() as u32);
        }
        self.walk_field(a, &free).and_then(|f| f.to(b))
    }

    /// The moves `mover` needs from `from` to every square (`reachable` without a limit): one
    /// search, kept with the board state until the board changes, so a bot closing in on an
    /// enemy who stands still asks it once, not at every step. None on a map board, from off
    /// the board, or for a mover with door passes (ask `reachable`).
    pub fn walk_field(&self, from: Sq, mover: &Mover) -> Option<WalkField> {
        let flags = mover.flags()?;
        let d = self.derived();
        if d.map.is_some() || !d.contains(from) {
            return None;
        }
        let key = (d.cell(from), flags);
        let cached = d.walk_fields.borrow().get(&key).cloned();
        let costs = cached.unwrap_or_else(|| {
            // (`reachable`'s search, kept in the field itself: a step lands on a square of the board)
            let mut costs = vec![None; (d.w * d.h) as usize];
            costs[d.cell(from)] = Some(0);
            let mut queue = VecDeque::from([(from, 0)]);
            while let Some((s, c)) = queue.pop_front() {
                for dir in Dir::ALL {
                    let Ok(step) = self.check_step(s, dir, mover) else { continue };
                    debug_assert!(d.contains(step.to), "a step off the board's squares: {step:?}");
                    let slot = &mut costs[d.cell(step.to)];
                    if slot.is_none() {
                        *slot = Some(c + 1);
                        queue.push_back((step.to, c + 1));
                    }
                }
            }
            let costs = Rc::new(costs);
            d.walk_fields.borrow_mut().insert(key, costs.clone());
            costs
        });
        Some(WalkField { w: d.w, h: d.h, costs })
    }

    /// A straight run from `from` heading `d`, at most `max` squares: for bolts, knock-back,
    /// thrown objects. Through a link the heading turns with the link.
    pub fn run(&self, from: Sq, d: Dir, max: u32, mover: &Mover) -> Run {
        let mut steps: Vec<Step> = Vec::new();
        let (mut at, mut heading) = (from, d);
        let mut seen = std::collections::BTreeSet::from([from]);
        while (steps.len() as u32) < max {
            match self.check_step(at, heading, mover) {
                Ok(step) => {
                    if !seen.insert(step.to) {
                        return Run { steps, stop: RunStop::Loop };
                    }
                    at = step.to;
                    heading = step.heading;
                    steps.push(step);
                }
                Err(stop) => return Run { steps, stop },
            }
        }
        Run { steps, stop: RunStop::Length }
    }
}

/// A random direction from a d4 roll, counting clockwise from `base`: a 1 keeps `base`, each
/// point more turns a quarter clockwise. The editions differ only in where `base` comes from
/// (a facing the player picks, an overlay laid on the board, the die's own faces), so the
/// ruleset picks it.
pub fn random_direction(roll: u32, base: Dir) -> Dir {
    base.turn(super::types::Rot::new(roll as i32 - 1))
}
