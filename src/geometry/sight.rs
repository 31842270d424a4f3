//! What a square sees: the board's line-of-sight queries (`los`, `visible_from`, lines to
//! walls and doors, bent sight, adjacency for spells), answered from the board state's LOS
//! table and its walks (`los.rs`, which says the rules they follow), and cached per square
//! until the board changes.

use super::board::{Board, Derived, EdgeField, LineField, Place};
use super::los::{
    centres_reached, directions, edge_blocks, edges_hit, los_graph, trace_edge_points, EdgeTarget, Tracer, HALF, UNIT,
};
use super::types::{Dir, EdgeId, Sq};
use rustc_hash::FxHashSet;
use std::rc::Rc;

impl Board {
    /// The squares whose centres a line from the centre of `from` (a cell) reaches, filled or
    /// not; cached per square until the board changes, as fields are.
    fn reached_in(&self, d: &Derived, from: usize) -> Rc<Vec<bool>> {
        if let Some(r) = d.sight.los_reached.borrow().get(&from) {
            return r.clone();
        }
        let g = los_graph(d);
        let mut reached = vec![false; g.filled.len()];
        centres_reached(g, from, |c| reached[c] = true);
        let r = Rc::new(reached);
        d.sight.los_reached.borrow_mut().insert(from, r.clone());
        r
    }

    fn field_in(&self, d: &Derived, from: Sq) -> Rc<Vec<bool>> {
        let c = d.cell(from);
        if let Some(f) = d.sight.los_fields.borrow().get(&c) {
            return f.clone();
        }
        // Every square visible from `from`: itself, and the squares its lines reach that
        // nothing fills (from a filled square, none).
        let filled = &los_graph(d).filled;
        let mut f = vec![false; filled.len()];
        f[c] = true;
        if !filled[c] {
            for (cell, reached) in self.reached_in(d, c).iter().enumerate() {
                f[cell] |= *reached && !filled[cell];
            }
        }
        if let Some(limit) = self.sight_limit() {
            let near = near_cells(d, from, limit);
            for (cell, seen) in f.iter_mut().enumerate() {
                *seen = *seen && near[cell];
            }
        }
        let f = Rc::new(f);
        d.sight.los_fields.borrow_mut().insert(c, f.clone());
        f
    }

    /// Can a wizard in `a` see square `b`? Symmetric; every square sees itself.
    pub fn los(&self, a: Sq, b: Sq) -> bool {
        let d = self.derived();
        if let Some(m) = &d.map {
            return m.los(a, b, self.sight_limit());
        }
        if !d.contains(a) || !d.contains(b) {
            return false;
        }
        self.field_in(&d, a)[d.cell(b)]
    }

    /// Every square visible from `a`, row by row.
    pub fn visible_from(&self, a: Sq) -> Vec<Sq> {
        let d = self.derived();
        if let Some(m) = &d.map {
            return m.visible_from(a, self.sight_limit());
        }
        if !d.contains(a) {
            return Vec::new();
        }
        let f = self.field_in(&d, a);
        self.squares().into_iter().filter(|&s| f[d.cell(s)]).collect()
    }

    /// LOS from square `a` to obstacle `id`: the obstacle never hides itself, but any other
    /// LOS-blocking obstacle in its square does.
    pub fn los_to_obstacle(&self, a: Sq, id: u64) -> bool {
        let Some(o) = self.obstacles().get(&id) else { return false };
        match o.at {
            Place::Edge(e) => self.los_to_edge(a, e, EdgeTarget::Midpoint),
            Place::Square(s) => {
                if !self.contains(a) || !self.contains(s) {
                    return false;
                }
                let others_block =
                    self.obstacles_at(Place::Square(s)).iter().any(|(other, ob)| *other != id && ob.blocks_los);
                if a == s {
                    return !others_block || !o.blocks_los;
                }
                if others_block {
                    return false;
                }
                let d = self.derived();
                if let Some(limit) = self.sight_limit() {
                    if !near_cells(&d, a, limit)[d.cell(s)] {
                        return false;
                    }
                }
                if d.cell_blocks_los[d.cell(a)] {
                    return false;
                }
                // Lines to the target's centre: its own obstacle is at the end of them.
                self.reached_in(&d, d.cell(a))[d.cell(s)]
            }
        }
    }

    /// LOS from square `a` to the wall, door or border line `e` itself.
    pub fn los_to_edge(&self, a: Sq, e: EdgeId, mode: EdgeTarget) -> bool {
        if !self.contains(a) || !self.has_edge(e) {
            return false;
        }
        let d = self.derived();
        if d.cell_blocks_los[d.cell(a)] {
            return false;
        }
        let near = self.sight_limit().map(|limit| near_cells(&d, a, limit.saturating_sub(1)));
        let seen = self.edge_field(&d, a, mode);
        self.line_seen(&d, &seen, near.as_deref(), e)
    }

    /// Whether `a` sees each line of the board (by `edge_index`), as `los_to_edge` tells it
    /// line by line: worked out once for all lines, per square and board state.
    pub(crate) fn line_field(&self, d: &Derived, a: Sq, mode: EdgeTarget) -> LineField {
        if !d.contains(a) {
            return Rc::new(vec![false; d.barrier.len()]);
        }
        let from = d.cell(a);
        if let Some(f) = d.sight.los_line_fields.borrow().get(&(from, mode)) {
            return f.clone();
        }
        let mut field = vec![false; d.barrier.len()];
        if !d.cell_blocks_los[from] {
            let seen = self.edge_field(d, a, mode);
            let near = self.sight_limit().map(|limit| near_cells(d, a, limit.saturating_sub(1)));
            for &(e, i) in d.lines(self) {
                field[i] = self.line_seen(d, &seen, near.as_deref(), e);
            }
        }
        let field = Rc::new(field);
        d.sight.los_line_fields.borrow_mut().insert((from, mode), field.clone());
        field
    }

    /// Is line `e` seen, given the edges a square's lines reach (`seen`) and, under a sight
    /// limit, the squares near it (`near`)?
    fn line_seen(&self, d: &Derived, seen: &FxHashSet<EdgeId>, near: Option<&[bool]>, e: EdgeId) -> bool {
        let (s1, s2) = e.sides();
        // The step across the line from each of its squares on the board: through a link, its
        // far side names the same line. (No list made: this runs for every line of a field.)
        let across = |s: Sq| if d.contains(s) { e.side_of(s).and_then(|side| d.step(s, side)) } else { None };
        let steps = [across(s1), across(s2)];
        // Under a sight limit of n, a line is seen only from within n - 1 steps of one of its
        // squares (its midpoint lies half a square beyond them).
        if let Some(near) = near {
            let is_near = |s: Sq| d.contains(s) && near[d.cell(s)];
            if !(is_near(s1) || is_near(s2) || steps.iter().flatten().any(|step| is_near(step.to))) {
                return false;
            }
        }
        seen.contains(&e) || steps.iter().flatten().any(|step| step.via_link && seen.contains(&step.entry_edge))
    }

    /// Every edge a line from the centre of `a` reaches (at its midpoint, or at one of the
    /// seven points of `mode`), under the names the chart gives them; cached per square until
    /// the board changes, as square fields are.
    fn edge_field(&self, d: &Derived, a: Sq, mode: EdgeTarget) -> EdgeField {
        let from = d.cell(a);
        if let Some(f) = d.sight.los_edge_fields.borrow().get(&(from, mode)) {
            return f.clone();
        }
        let seen = Rc::new(edges_hit(los_graph(d), from, mode));
        d.sight.los_edge_fields.borrow_mut().insert((from, mode), seen.clone());
        seen
    }

    /// `edge_field` as a sorted list (its lines walked together, as a tree), or with `shared`
    /// false the same walked to every point of every chart edge alone (the property tests
    /// compare the two).
    #[doc(hidden)]
    pub fn edges_reached(&self, a: Sq, mode: EdgeTarget, shared: bool) -> Vec<EdgeId> {
        let d = self.derived();
        if !d.contains(a) {
            return Vec::new();
        }
        let mut all: Vec<EdgeId> = if shared {
            self.edge_field(&d, a, mode).iter().copied().collect()
        } else {
            trace_edge_points(los_graph(&d), d.cell(a), mode).into_iter().collect()
        };
        all.sort();
        all
    }

    /// The squares whose centres a line from the centre of `a` reaches (filled or not), the
    /// lines walked as one tree, or with `shared` false each alone (the property tests compare
    /// the two).
    #[doc(hidden)]
    pub fn centres_reached(&self, a: Sq, shared: bool) -> Vec<Sq> {
        let d = self.derived();
        if !d.contains(a) {
            return Vec::new();
        }
        let g = los_graph(&d);
        let mut reached = vec![false; g.filled.len()];
        if shared {
            centres_reached(g, d.cell(a), |c| reached[c] = true);
        } else {
            Tracer::new(g).rays(d.cell(a), |c| {
                reached[c] = true;
                true
            });
        }
        self.squares().into_iter().filter(|&s| reached[d.cell(s)]).collect()
    }

    /// The squares a line of sight from the centre of `a` to the centre of `b` passes through,
    /// after `a` and ending with `b` (through links as they lead); None if no line gets there.
    /// `b` may be a square filled by an obstacle (the line ends on entering it). Where
    /// wrap-around gives several lines, the shortest (the first in a fixed order on a tie).
    /// What a thrown object flies over: it lands in the square before a barrier in its way.
    pub fn line_squares(&self, a: Sq, b: Sq) -> Option<Vec<Sq>> {
        let d = self.derived();
        if let Some(m) = &d.map {
            return m.line_cells(a, b, self.sight_limit());
        }
        if !d.contains(a) || !d.contains(b) {
            return None;
        }
        if a == b {
            return Some(vec![b]);
        }
        if let Some(limit) = self.sight_limit() {
            if !near_cells(&d, a, limit)[d.cell(b)] {
                return None;
            }
        }
        let g = los_graph(&d);
        let (from, target) = (d.cell(a), d.cell(b));
        let mut t = Tracer::new(g);
        let mut best: Option<Vec<usize>> = None;
        for (p, q, k) in directions(g.reach) {
            let (ap, aq) = (p.abs(), q.abs());
            let mut path = Vec::new();
            t.walk(from, k * p * UNIT + HALF, k * q * UNIT + HALF, |cell, i, j| {
                path.push(cell);
                let found = i * aq == j * ap && cell == target;
                if found && best.as_ref().is_none_or(|b| path.len() < b.len()) {
                    best = Some(path.clone());
                }
                !found
            });
        }
        let sq = |c: usize| Sq::new(c as i32 % d.w, c as i32 / d.w);
        best.map(|cells| cells.into_iter().map(sq).collect())
    }

    /// LOS that may turn one corner (a spell whose sight bends once, by 90 or 180
    /// degrees): a straight line to some bend square, then a straight line on to the target.
    /// Returns the bend square used, or None. A straight line also counts (no bend needed).
    pub fn los_bent(&self, a: Sq, b: Sq) -> Option<Sq> {
        if self.los(a, b) {
            return Some(a);
        }
        let d = self.derived();
        if !d.contains(a) || !d.contains(b) {
            return None;
        }
        // LOS is symmetric: the bend square sees `b` exactly when `b` sees it.
        let (fa, fb) = (self.field_in(&d, a), self.field_in(&d, b));
        self.squares().into_iter().find(|&m| m != a && m != b && fa[d.cell(m)] && fb[d.cell(m)])
    }

    /// Adjacent for spells: the same square, or the next one across a border open to sight:
    /// a shared side in LOS, or a link whose two ends are open (8th: Line of Sight and
    /// Adjacency; Leaving the Board: an outer wall is never crossed, a wrap behind one joins
    /// nothing).
    pub fn adjacent(&self, a: Sq, b: Sq) -> bool {
        if a == b {
            return self.los(a, b);
        }
        let d = self.derived();
        if let Some(m) = &d.map {
            return m.neighbours(a).contains(&b) && self.los(a, b);
        }
        Dir::ALL.iter().any(|&dir| match self.step(a, dir) {
            Some(step) if step.to == b && !step.via_link => self.los(a, b),
            Some(step) if step.to == b => {
                !edge_blocks(&d, step.exit_edge)
                    && !edge_blocks(&d, step.entry_edge)
                    && !d.cell_blocks_los[d.cell(a)]
                    && !d.cell_blocks_los[d.cell(b)]
            }
            _ => false,
        })
    }

    /// The orthogonal neighbours of a square, through links, whatever the terrain.
    pub fn neighbours(&self, a: Sq) -> Vec<Sq> {
        if let Some(m) = &self.derived().map {
            return m.neighbours(a);
        }
        Dir::ALL.iter().filter_map(|&d| self.step(a, d).map(|s| s.to)).collect()
    }
}

/// Cells within `limit` steps of `from`, terrain ignored, through links (a sight limit).
fn near_cells(d: &Derived, from: Sq, limit: u32) -> Vec<bool> {
    let mut near = vec![false; (d.w * d.h) as usize];
    near[d.cell(from)] = true;
    let mut frontier = vec![from];
    for _ in 0..limit {
        let mut next = Vec::new();
        for s in frontier {
            for dir in Dir::ALL {
                if let Some(step) = d.step(s, dir) {
                    let c = d.cell(step.to);
                    if !near[c] {
                        near[c] = true;
                        next.push(step.to);
                    }
                }
            }
        }
        frontier = next;
    }
    near
}
