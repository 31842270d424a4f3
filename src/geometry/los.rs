//! Line of sight: an exact segment test from the centre dot of one square to the centre dot of
//! another (8th: "Line of Sight and Adjacency").
//!
//! # The rules implemented
//!
//! * The line is a straight segment between square centres. It is blocked by anything it
//!   *touches*: a wall, a closed door, an edge obstacle that blocks LOS, or a column (8th: "If the
//!   imaginary line is interrupted by any part of a wall (including a column), then line of sight
//!   is blocked"). Columns stand at both ends of every wall and door, so a line that grazes the
//!   end of a wall, or passes exactly through a corner where a wall ends, is blocked. A line
//!   through a corner where no wall or door ends passes diagonally.
//! * Open doors let LOS through; closed doors block it (8th FAQ 1.1: the line stops at a closed
//!   door). Their columns still stand.
//! * Squares holding an obstacle flagged `blocks_los` ("fills the entire square", Thornbush,
//!   Dust Cloud...) block any line passing through them, including lines that start or end
//!   there; a square always sees itself, and an obstacle never hides itself.
//! * Wrap-around, portals and warps make the two linked squares adjacent for LOS too (8th: "the
//!   two connected squares are treated as directly adjacent"; classic AUTO WARP: "treat it as a
//!   straight line"). The line is traced in the *unfolded* board: when it crosses a linked rim
//!   edge it carries on from the linked square, turned as the link turns. Both rim edges of a
//!   link, and the columns at their ends, can block it.
//! * A line never passes the same square twice (it can't loop around the board and see its own
//!   back), and it is at most `max(width, height)` squares long in either axis.
//! * LOS to a wall or door is traced to the edge itself: to its midpoint, or to any point of it
//!   ([`EdgeTarget`], a ruleset parameter). "Any point" is tested at the seven points that divide
//!   the edge into eighths; the end points are columns and always block.
//!
//! The arithmetic is exact: coordinates are integers scaled by 16 and crossings are compared by
//! cross-multiplication, so grazing cases are decided the same way every time, on every machine.

use super::board::{Board, Derived, Place};
use super::types::{Corner, Dir, EdgeId, Rot, Sq};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// How LOS to a wall or door is traced (8th/classic: its midpoint; 9th: any point of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeTarget {
    #[default]
    Midpoint,
    AnyPoint,
}

/// Scale of the integer coordinates: a square is `UNIT` wide.
const UNIT: i64 = 16;
const HALF: i64 = UNIT / 2;

#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: Sq,
    /// Chart direction `d` is board direction `d.turn(rot)` here.
    rot: Rot,
}

/// Where a traced segment ended.
struct Reached {
    frame: Frame,
    /// Set when the end point lies on a side of the last square (an edge target): that side, in
    /// chart directions.
    on_side: Option<Dir>,
}

struct Tracer<'a> {
    d: &'a Derived,
    visited: Vec<u32>,
    stamp: u32,
    reach: i64,
}

impl<'a> Tracer<'a> {
    fn new(d: &'a Derived) -> Tracer<'a> {
        Tracer { d, visited: vec![0; (d.w * d.h) as usize], stamp: 0, reach: d.w.max(d.h) as i64 }
    }

    fn edge_blocks(&self, e: EdgeId) -> bool {
        self.d.edge_index(e).map(|i| self.d.edge_blocks_los[i]).unwrap_or(true)
    }

    fn edge_has_barrier(&self, e: EdgeId) -> bool {
        self.d.edge_index(e).map(|i| self.d.barrier[i] != super::board::Barrier::Open).unwrap_or(true)
    }

    /// The corner of `cell` between its sides `a` and `b` (perpendicular, in board directions).
    fn corner_of(cell: Sq, a: Dir, b: Dir) -> Corner {
        let has = |d: Dir| i32::from(a == d || b == d);
        Corner { x: cell.x + has(Dir::E), y: cell.y + has(Dir::S) }
    }

    fn column(&self, c: Corner) -> bool {
        self.d.corner_index(c).map(|i| self.d.column[i]).unwrap_or(true)
    }

    /// Crosses side `chart_dir` of the current square; None if blocked or off the board.
    fn cross(&self, f: Frame, chart_dir: Dir) -> Option<Frame> {
        let dir = chart_dir.turn(f.rot);
        let step = self.d.step(f.cell, dir)?;
        if self.edge_blocks(step.exit_edge) || (step.via_link && self.edge_blocks(step.entry_edge)) {
            return None;
        }
        Some(Frame { cell: step.to, rot: chart_dir.rot_to(step.heading) })
    }

    /// Passes exactly through the corner between chart sides `h` and `v` of the current square.
    fn cross_corner(&self, f: Frame, h: Dir, v: Dir) -> Option<Frame> {
        // Both ways round the corner must be free of walls and doors, meet in the same square,
        // and no column may stand at the corner as seen from any of the four squares.
        let mut ends = Vec::with_capacity(2);
        for (first, second) in [(h, v), (v, h)] {
            let mut cur = f;
            // The corner's sides as seen from the square we are in, in chart directions.
            let (mut ch, mut cv) = (h, v);
            for chart_dir in [first, second] {
                if self.column(Self::corner_of(cur.cell, ch.turn(cur.rot), cv.turn(cur.rot))) {
                    return None;
                }
                let step = self.d.step(cur.cell, chart_dir.turn(cur.rot))?;
                if self.edge_has_barrier(step.exit_edge) || (step.via_link && self.edge_has_barrier(step.entry_edge)) {
                    return None;
                }
                cur = Frame { cell: step.to, rot: chart_dir.rot_to(step.heading) };
                if chart_dir == h {
                    ch = ch.opposite();
                } else {
                    cv = cv.opposite();
                }
            }
            if self.column(Self::corner_of(cur.cell, ch.turn(cur.rot), cv.turn(cur.rot))) {
                return None;
            }
            ends.push(cur);
        }
        (ends[0].cell == ends[1].cell && ends[0].rot == ends[1].rot).then_some(ends[0])
    }

    fn enter(&mut self, f: Frame) -> bool {
        let c = self.d.cell(f.cell);
        if self.visited[c] == self.stamp {
            return false; // the line came round to a square it already crossed
        }
        self.visited[c] = self.stamp;
        true
    }

    /// Traces from the centre of `from` (chart origin) to the chart point `(tx, ty)`, in units
    /// of 1/16 square. Obstacles are checked in every square but the last.
    fn trace(&mut self, from: Sq, tx: i64, ty: i64) -> Option<Reached> {
        self.stamp += 1;
        let mut f = Frame { cell: from, rot: Rot(0) };
        self.enter(f);
        let (dx, dy) = (tx - HALF, ty - HALF);
        let (adx, ady) = (dx.abs(), dy.abs());
        let hdir = if dx > 0 { Dir::E } else { Dir::W };
        let vdir = if dy > 0 { Dir::S } else { Dir::N };
        let (mut ci, mut cj) = (0i64, 0i64);
        loop {
            // Distance from the origin to the next vertical / horizontal grid line ahead
            // (`ci`, `cj` count the lines already crossed).
            let nx = HALF + UNIT * ci;
            let ny = HALF + UNIT * cj;
            let x_in = adx > 0 && nx <= adx;
            let y_in = ady > 0 && ny <= ady;
            if !x_in && !y_in {
                return Some(Reached { frame: f, on_side: None });
            }
            // Compare nx/adx with ny/ady (the fractions of the way along the segment).
            let order = if !y_in {
                std::cmp::Ordering::Less
            } else if !x_in {
                std::cmp::Ordering::Greater
            } else {
                (nx * ady).cmp(&(ny * adx))
            };
            let at_end = match order {
                std::cmp::Ordering::Less => nx == adx,
                std::cmp::Ordering::Greater => ny == ady,
                std::cmp::Ordering::Equal => nx == adx && ny == ady,
            };
            if at_end {
                // The end point lies on this side: the target is the edge itself.
                let side = if order == std::cmp::Ordering::Greater { vdir } else { hdir };
                return Some(Reached { frame: f, on_side: Some(side) });
            }
            if self.d.cell_blocks_los[self.d.cell(f.cell)] {
                return None;
            }
            f = match order {
                std::cmp::Ordering::Less => {
                    ci += 1;
                    self.cross(f, hdir)?
                }
                std::cmp::Ordering::Greater => {
                    cj += 1;
                    self.cross(f, vdir)?
                }
                std::cmp::Ordering::Equal => {
                    ci += 1;
                    cj += 1;
                    self.cross_corner(f, hdir, vdir)?
                }
            };
            if !self.enter(f) {
                return None;
            }
        }
    }

    /// Every square visible from `from`.
    fn field(&mut self, from: Sq) -> Vec<bool> {
        let mut seen = vec![false; (self.d.w * self.d.h) as usize];
        seen[self.d.cell(from)] = true;
        if self.d.cell_blocks_los[self.d.cell(from)] {
            return seen;
        }
        let r = self.reach;
        for cj in -r..=r {
            for ci in -r..=r {
                if ci == 0 && cj == 0 {
                    continue;
                }
                if let Some(end) = self.trace(from, ci * UNIT + HALF, cj * UNIT + HALF) {
                    let c = self.d.cell(end.frame.cell);
                    if !self.d.cell_blocks_los[c] {
                        seen[c] = true;
                    }
                }
            }
        }
        seen
    }
}

impl Board {
    fn field(&self, from: Sq) -> Rc<Vec<bool>> {
        let d = self.derived();
        if let Some(f) = d.los_fields.borrow().get(&d.cell(from)) {
            return f.clone();
        }
        let f = Rc::new(Tracer::new(&d).field(from));
        d.los_fields.borrow_mut().insert(d.cell(from), f.clone());
        f
    }

    /// Can a wizard in `a` see square `b`? Symmetric; every square sees itself.
    pub fn los(&self, a: Sq, b: Sq) -> bool {
        if !self.contains(a) || !self.contains(b) {
            return false;
        }
        let d = self.derived();
        self.field(a)[d.cell(b)]
    }

    /// Every square visible from `a`, row by row.
    pub fn visible_from(&self, a: Sq) -> Vec<Sq> {
        if !self.contains(a) {
            return Vec::new();
        }
        let f = self.field(a);
        self.squares().into_iter().filter(|&s| f[self.derived().cell(s)]).collect()
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
                let others_block = self
                    .obstacles_at(Place::Square(s))
                    .iter()
                    .any(|(other, ob)| *other != id && ob.blocks_los);
                if a == s {
                    return !others_block || !o.blocks_los;
                }
                if others_block {
                    return false;
                }
                let d = self.derived();
                if d.cell_blocks_los[d.cell(a)] {
                    return false;
                }
                // Trace ignoring the target square's own obstacles.
                let mut t = Tracer::new(&d);
                let r = t.reach;
                for cj in -r..=r {
                    for ci in -r..=r {
                        if let Some(end) = t.trace(a, ci * UNIT + HALF, cj * UNIT + HALF) {
                            if end.frame.cell == s {
                                return true;
                            }
                        }
                    }
                }
                false
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
        // The same line seen from the far side of a link.
        let mut names = vec![e];
        let (s1, s2) = e.sides();
        for s in [s1, s2] {
            if let (true, Some(side)) = (d.contains(s), e.side_of(s)) {
                if let Some(step) = d.step(s, side) {
                    if step.via_link {
                        names.push(step.entry_edge);
                    }
                }
            }
        }
        let offsets: Vec<i64> = match mode {
            EdgeTarget::Midpoint => vec![HALF],
            EdgeTarget::AnyPoint => (1..8).map(|k| k * UNIT / 8).collect(),
        };
        let mut t = Tracer::new(&d);
        let r = t.reach;
        for cj in -r..=r {
            for ci in -r..=r {
                let (x0, y0) = (ci * UNIT, cj * UNIT);
                for side in Dir::ALL {
                    for &k in &offsets {
                        let (tx, ty) = match side {
                            Dir::N => (x0 + k, y0),
                            Dir::S => (x0 + k, y0 + UNIT),
                            Dir::W => (x0, y0 + k),
                            Dir::E => (x0 + UNIT, y0 + k),
                        };
                        if let Some(end) = t.trace(a, tx, ty) {
                            if let Some(chart_side) = end.on_side {
                                let edge = end.frame.cell.edge(chart_side.turn(end.frame.rot));
                                if names.contains(&edge) {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        }
        false
    }

    /// LOS that may turn one corner (8th Around the Corner: the spell bends once, by 90 or 180
    /// degrees): a straight line to some bend square, then a straight line on to the target.
    /// Returns the bend square used, or None. A straight line also counts (no bend needed).
    pub fn los_bent(&self, a: Sq, b: Sq) -> Option<Sq> {
        if self.los(a, b) {
            return Some(a);
        }
        let fa = self.field(a);
        let d = self.derived();
        self.squares().into_iter().find(|&m| m != a && m != b && fa[d.cell(m)] && self.field(m)[d.cell(b)])
    }

    /// Adjacent for spells: the same square, or an orthogonal neighbour (through a link too),
    /// and in LOS (8th: "For a target to be adjacent, the caster must not only have clear line
    /// of sight to it, but he must also be in the same square or in a square next to the target").
    pub fn adjacent(&self, a: Sq, b: Sq) -> bool {
        (a == b || self.neighbours(a).contains(&b)) && self.los(a, b)
    }

    /// The orthogonal neighbours of a square, through links, whatever the terrain.
    pub fn neighbours(&self, a: Sq) -> Vec<Sq> {
        Dir::ALL.iter().filter_map(|&d| self.step(a, d).map(|s| s.to)).collect()
    }
}
