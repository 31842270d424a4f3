//! Line of sight: an exact segment test from the centre dot of one square to the centre dot of
//! another (8th: Line of Sight and Adjacency). Here is how lines are traced; the board's
//! questions about what a square sees are answered from it in `sight.rs`.
//!
//! # The rules implemented
//!
//! * The line is a straight segment between square centres. It is blocked by anything it
//!   *touches*: a wall, a closed door, an edge obstacle that blocks LOS, or a column (8th: Line
//!   of Sight and Adjacency: any part of a wall in the way, its columns included, blocks the
//!   line). Columns stand at both ends of every wall and door, so a line that grazes the
//!   end of a wall, or passes exactly through a corner where a wall ends, is blocked. So is one
//!   through an end of an edge obstacle that blocks LOS (a raised earthwork). A line through a corner
//!   where nothing of the kind ends passes diagonally.
//! * Open doors let LOS through; closed doors block it (8th FAQ 1.1: the line stops at a closed
//!   door). Their columns still stand.
//! * Squares holding an obstacle flagged `blocks_los` ("fills the entire square": a bush, a
//!   cloud...) block any line passing through them, including lines that start or end
//!   there, and lines to a wall that end on one of their sides (the line crosses the square to
//!   get there); a square always sees itself, and an obstacle never hides itself.
//! * Wrap-around, portals and warps make the two linked squares adjacent for LOS too (8th:
//!   Leaving the Board; the rulebooks agree that a line through a link goes straight on). The
//!   line is traced in the *unfolded* board: when it crosses a linked rim
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
//!
//! # How it is computed
//!
//! What happens when a line leaves a square through one of its sides, or exactly through one of
//! its corners, depends only on the board, not on the line: each board state gets a table
//! (`LosGraph`) saying, for every square, side and corner, which square the line enters and how
//! the link turned it, or that it is blocked. A line is then walked through the table, square by
//! square. A square's whole field of view is the set of squares whose centre some line from its
//! centre reaches: the line to the centre of a chart square `k * (p, q)` is the line to `(p, q)`
//! carried on, so each direction `(p, q)` with coprime components is walked once, as far as the
//! reach allows, and every chart centre it passes is recorded. The lines to walls and doors go
//! to points on the edges of the chart (their midpoints, or seven points each). A line's
//! crossings depend on where it goes in the chart alone, so each kind of lines is walked
//! together as one tree of crossings (`RayTree`, made once per reach): a blocked crossing stops
//! every line that shares it, and in a labyrinth most stop within a square or two. Fields are
//! cached per square until the board changes.

use super::board::{Barrier, Derived};
use super::types::{Corner, Dir, EdgeId, Rot, Sq};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

/// How LOS to a wall or door is traced: to its midpoint, or to any point of it (the ruleset
/// says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeTarget {
    #[default]
    Midpoint,
    AnyPoint,
}

/// Scale of the integer coordinates: a square is `UNIT` wide.
pub(super) const UNIT: i64 = 16;
pub(super) const HALF: i64 = UNIT / 2;

/// A table entry for a line that can't go on.
const BLOCKED: u32 = u32::MAX;

/// Index of the corner of a square between its sides `a` and `b` (perpendicular, board
/// directions, in either order): bit 0 = east, bit 1 = south.
fn corner_slot(a: Dir, b: Dir) -> usize {
    let (ew, ns) = if a.is_vertical() { (b, a) } else { (a, b) };
    usize::from(ew == Dir::E) | (usize::from(ns == Dir::S) << 1)
}

/// Where a line goes from every square: the LOS view of one board state (see the module doc).
#[derive(Debug)]
pub(crate) struct LosGraph {
    w: i32,
    /// Longest line, in squares along either axis.
    pub(super) reach: i64,
    /// `cell * 4 + side` (board direction): the square entered, packed as `cell << 2 | quarter
    /// turns the link adds`, or [`BLOCKED`].
    side: Vec<u32>,
    /// `cell * 4 + corner_slot`: the same for a line passing exactly through that corner.
    corner: Vec<u32>,
    /// Squares holding an obstacle that blocks LOS.
    pub(super) filled: Vec<bool>,
}

impl LosGraph {
    fn build(d: &Derived) -> LosGraph {
        let n = (d.w * d.h) as usize;
        let mut g = LosGraph {
            w: d.w,
            reach: d.w.max(d.h) as i64,
            side: vec![BLOCKED; n * 4],
            corner: vec![BLOCKED; n * 4],
            filled: d.cell_blocks_los.clone(),
        };
        let pack = |(to, rot): (Sq, Rot)| ((d.cell(to) as u32) << 2) | rot.0 as u32;
        for y in 0..d.h {
            for x in 0..d.w {
                let s = Sq::new(x, y);
                if !d.contains(s) {
                    continue;
                }
                let c = d.cell(s);
                for dir in Dir::ALL {
                    if let Some(t) = cross(d, s, dir) {
                        g.side[c * 4 + dir.index()] = pack(t);
                    }
                }
                for h in [Dir::E, Dir::W] {
                    for v in [Dir::N, Dir::S] {
                        if let Some(t) = cross_corner(d, s, h, v) {
                            g.corner[c * 4 + corner_slot(h, v)] = pack(t);
                        }
                    }
                }
            }
        }
        g
    }

    fn sq(&self, cell: usize) -> Sq {
        Sq::new(cell as i32 % self.w, cell as i32 / self.w)
    }
}

pub(super) fn edge_blocks(d: &Derived, e: EdgeId) -> bool {
    d.edge_index(e).map(|i| d.edge_blocks_los[i]).unwrap_or(true)
}

/// Does a line passing through an end point of `e` touch something there? Any wall or door ends
/// in a column; an edge obstacle that blocks LOS reaches its ends too.
fn edge_touches(d: &Derived, e: EdgeId) -> bool {
    d.edge_index(e).map(|i| d.barrier[i] != Barrier::Open || d.edge_blocks_los[i]).unwrap_or(true)
}

fn column(d: &Derived, c: Corner) -> bool {
    d.corner_index(c).map(|i| d.column[i]).unwrap_or(true)
}

/// The corner of `cell` between its sides `a` and `b` (perpendicular, in board directions).
fn corner_of(cell: Sq, a: Dir, b: Dir) -> Corner {
    let has = |d: Dir| i32::from(a == d || b == d);
    Corner { x: cell.x + has(Dir::E), y: cell.y + has(Dir::S) }
}

/// A line crossing side `dir` of `s` (through a link if `s` is on the rim): the square entered
/// and the quarter turns the link adds, or None if blocked or off the board.
fn cross(d: &Derived, s: Sq, dir: Dir) -> Option<(Sq, Rot)> {
    let step = d.step(s, dir)?;
    if edge_blocks(d, step.exit_edge) || (step.via_link && edge_blocks(d, step.entry_edge)) {
        return None;
    }
    Some((step.to, dir.rot_to(step.heading)))
}

/// A line passing exactly through the corner of `s` between its sides `h` and `v`.
fn cross_corner(d: &Derived, s: Sq, h: Dir, v: Dir) -> Option<(Sq, Rot)> {
    // Both ways round the corner must be free of walls, doors and LOS-blocking edge obstacles,
    // meet in the same square turned the same way, and no column may stand at the corner as
    // seen from any of the four squares. Directions are relative to the start square (`rot`
    // turns them into board directions where a link has turned the way).
    let mut ends = [None; 2];
    for (way, (first, second)) in [(h, v), (v, h)].into_iter().enumerate() {
        let (mut cell, mut rot) = (s, Rot(0));
        // The corner's sides as seen from the square we are in.
        let (mut ch, mut cv) = (h, v);
        for dir in [first, second] {
            if column(d, corner_of(cell, ch.turn(rot), cv.turn(rot))) {
                return None;
            }
            let step = d.step(cell, dir.turn(rot))?;
            if edge_touches(d, step.exit_edge) || (step.via_link && edge_touches(d, step.entry_edge)) {
                return None;
            }
            cell = step.to;
            rot = dir.rot_to(step.heading);
            if dir == h {
                ch = ch.opposite();
            } else {
                cv = cv.opposite();
            }
        }
        if column(d, corner_of(cell, ch.turn(rot), cv.turn(rot))) {
            return None;
        }
        ends[way] = Some((cell, rot));
    }
    if ends[0] == ends[1] {
        ends[0]
    } else {
        None
    }
}

/// The next grid line a segment from the centre of the chart's square (0,0) crosses, the
/// segment `(adx, ady)` long along each axis (going east or west, south or north), after it
/// crossed `ci` vertical and `cj` horizontal ones: a vertical one (`Less`), a horizontal one
/// (`Greater`) or both at a corner (`Equal`), with the distances to the next vertical and
/// horizontal lines; None past the segment's end.
#[inline]
fn next_grid_line(adx: i64, ady: i64, ci: i64, cj: i64) -> Option<(std::cmp::Ordering, i64, i64)> {
    use std::cmp::Ordering::{Greater, Less};
    let (nx, ny) = (HALF + UNIT * ci, HALF + UNIT * cj);
    let (x_in, y_in) = (adx > 0 && nx <= adx, ady > 0 && ny <= ady);
    let order = match (x_in, y_in) {
        (false, false) => return None,
        (true, false) => Less,
        (false, true) => Greater,
        // The fractions of the way along the segment, nx/adx against ny/ady.
        (true, true) => (nx * ady).cmp(&(ny * adx)),
    };
    Some((order, nx, ny))
}

/// Where a traced segment ended.
pub(super) struct Reached {
    cell: usize,
    /// Chart direction `d` is board direction `d.turn(rot)` in the last square.
    rot: Rot,
    /// Set when the end point lies on a side of the last square (an edge target): that side, in
    /// chart directions.
    on_side: Option<Dir>,
}

pub(super) struct Tracer<'a> {
    g: &'a LosGraph,
    visited: Vec<u32>,
    stamp: u32,
}

impl<'a> Tracer<'a> {
    pub(super) fn new(g: &'a LosGraph) -> Tracer<'a> {
        Tracer { g, visited: vec![0; g.filled.len()], stamp: 0 }
    }

    /// Walks the segment from the centre of square `from` (chart origin, chart square (0,0)
    /// covering `[0, UNIT]^2`) to the chart point `(tx, ty)`. `entered(cell, i, j)` is called on
    /// entering each square, with the number of vertical and horizontal grid lines crossed so
    /// far; returning false abandons the walk. Squares that block LOS stop the line when it
    /// leaves them or ends on one of their sides, not when it ends inside them.
    #[inline]
    pub(super) fn walk(
        &mut self,
        from: usize,
        tx: i64,
        ty: i64,
        mut entered: impl FnMut(usize, i64, i64) -> bool,
    ) -> Option<Reached> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.visited.fill(0);
            self.stamp = 1;
        }
        let g = self.g;
        let (mut cell, mut rot) = (from, 0u32);
        self.visited[cell] = self.stamp;
        let (dx, dy) = (tx - HALF, ty - HALF);
        let (adx, ady) = (dx.abs(), dy.abs());
        let hdir = if dx > 0 { Dir::E } else { Dir::W };
        let vdir = if dy > 0 { Dir::S } else { Dir::N };
        let (mut ci, mut cj) = (0i64, 0i64);
        loop {
            let Some((order, nx, ny)) = next_grid_line(adx, ady, ci, cj) else {
                return Some(Reached { cell, rot: Rot(rot as u8), on_side: None });
            };
            if g.filled[cell] {
                return None;
            }
            let at_end = match order {
                Less => nx == adx,
                Greater => ny == ady,
                Equal => nx == adx && ny == ady,
            };
            if at_end {
                // The end point lies on this side: the target is the edge itself.
                let side = if order == Greater { vdir } else { hdir };
                return Some(Reached { cell, rot: Rot(rot as u8), on_side: Some(side) });
            }
            let turn = |d: Dir| (d.index() + rot as usize) & 3;
            let next = match order {
                Less => {
                    ci += 1;
                    g.side[cell * 4 + turn(hdir)]
                }
                Greater => {
                    cj += 1;
                    g.side[cell * 4 + turn(vdir)]
                }
                Equal => {
                    ci += 1;
                    cj += 1;
                    g.corner[cell * 4 + corner_slot(Dir::from_index(turn(hdir)), Dir::from_index(turn(vdir)))]
                }
            };
            if next == BLOCKED {
                return None;
            }
            cell = (next >> 2) as usize;
            rot = (rot + (next & 3)) & 3;
            if self.visited[cell] == self.stamp {
                return None; // the line came round to a square it already crossed
            }
            self.visited[cell] = self.stamp;
            if !entered(cell, ci, cj) {
                return None;
            }
        }
    }

    /// Walks every line from the centre of `from` to the centres of the chart squares within
    /// reach, one walk per direction; `reached(cell)` is called for every centre reached (the
    /// square may be filled) and returns false to stop everything. Returns false if stopped.
    /// (The reference the property tests check [`centres_reached`] against, which walks the
    /// same lines as one tree.)
    pub(super) fn rays(&mut self, from: usize, mut reached: impl FnMut(usize) -> bool) -> bool {
        let g = self.g;
        let mut go_on = true;
        for (p, q, k) in directions(g.reach) {
            let (ap, aq) = (p.abs(), q.abs());
            self.walk(from, k * p * UNIT + HALF, k * q * UNIT + HALF, |cell, i, j| {
                // The line passes the centres of its chart squares `m * (p, q)`.
                if i * aq == j * ap && !reached(cell) {
                    go_on = false;
                }
                go_on
            });
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// A crossing of a line out of a square, in chart directions: through a side, or exactly
/// through the corner between two sides.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Crossing {
    Side(Dir),
    Corner(Dir, Dir),
}

/// Which lines a [`RayTree`] holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Lines {
    /// [`Tracer::rays`]: to every chart centre within reach.
    Centres,
    /// [`trace_edge_points`]: to the points of `mode` on every edge of the chart within reach.
    EdgePoints(EdgeTarget),
}

/// The walks of many lines from a square's centre as one tree: the crossings each line makes,
/// in order, shared by the lines that begin alike. A line's crossings depend on where it goes
/// in the chart alone, not on the board, so one tree serves every square and board of a reach;
/// and walking the tree stops at once every line that shares a blocked crossing (in a
/// labyrinth most lines stop within a square or two, so a field costs far fewer steps than
/// walking each line from its start).
pub(super) struct RayTree {
    /// The squares entered, in depth-first order: a node's subtree follows it, up to its
    /// `end`. Node 0 is the start square.
    nodes: Vec<RayNode>,
}

struct RayNode {
    /// Where in the LOS table the crossing into this square is, for each turn (0 to 3 quarters)
    /// a link may have given the chart: the index among a square's four sides, or its four
    /// corners.
    slot: [u8; 4],
    corner: bool,
    /// Whether some line's chart centre is this square's (the lines meet the centres of
    /// `k * (p, q)` only).
    centre: bool,
    /// The sides of this square (chart directions, a bit each by `Dir::index`) on which some
    /// line ends.
    ends: u8,
    /// One past the last node of this one's subtree.
    end: u32,
}

/// The tree as it is built: each node's children by crossing.
struct Branch {
    crossing: Crossing,
    centre: bool,
    ends: u8,
    children: Vec<Branch>,
}

impl Branch {
    /// Adds the line from the chart's start centre to the point `(tx, ty)`, its crossings as
    /// `Tracer::walk` makes them; with `centre`, the direction `(p, q)` whose chart centres it
    /// marks.
    fn add(&mut self, tx: i64, ty: i64, centre: Option<(i64, i64)>) {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let (dx, dy) = (tx - HALF, ty - HALF);
        let (adx, ady) = (dx.abs(), dy.abs());
        let hdir = if dx > 0 { Dir::E } else { Dir::W };
        let vdir = if dy > 0 { Dir::S } else { Dir::N };
        let (mut ci, mut cj, mut at) = (0i64, 0i64, self);
        while let Some((order, nx, ny)) = next_grid_line(adx, ady, ci, cj) {
            let at_end = match order {
                Less => nx == adx,
                Greater => ny == ady,
                Equal => nx == adx && ny == ady,
            };
            if at_end {
                at.ends |= 1 << (if order == Greater { vdir } else { hdir }).index();
                return;
            }
            let crossing = match order {
                Less => {
                    ci += 1;
                    Crossing::Side(hdir)
                }
                Greater => {
                    cj += 1;
                    Crossing::Side(vdir)
                }
                Equal => {
                    ci += 1;
                    cj += 1;
                    Crossing::Corner(hdir, vdir)
                }
            };
            let i = match at.children.iter().position(|c| c.crossing == crossing) {
                Some(i) => i,
                None => {
                    at.children.push(Branch { crossing, centre: false, ends: 0, children: Vec::new() });
                    at.children.len() - 1
                }
            };
            at = &mut at.children[i];
            at.centre |= centre.is_some_and(|(p, q)| ci * q.abs() == cj * p.abs());
        }
    }
}

impl RayTree {
    /// The tree of `lines` at `reach`, made once per thread.
    fn of(reach: i64, lines: Lines) -> std::rc::Rc<RayTree> {
        type Trees = rustc_hash::FxHashMap<(i64, Lines), std::rc::Rc<RayTree>>;
        thread_local! {
            static TREES: std::cell::RefCell<Trees> = Default::default();
        }
        TREES.with(|t| {
            t.borrow_mut()
                .entry((reach, lines))
                .or_insert_with(|| std::rc::Rc::new(RayTree::build(reach, lines)))
                .clone()
        })
    }

    fn build(reach: i64, lines: Lines) -> RayTree {
        let mut root = Branch { crossing: Crossing::Side(Dir::N), centre: false, ends: 0, children: Vec::new() };
        match lines {
            Lines::Centres => {
                for (p, q, k) in directions(reach) {
                    root.add(k * p * UNIT + HALF, k * q * UNIT + HALF, Some((p, q)));
                }
            }
            Lines::EdgePoints(mode) => {
                for (tx, ty) in edge_points(reach, mode) {
                    root.add(tx, ty, None);
                }
            }
        }
        let mut tree = RayTree { nodes: Vec::new() };
        tree.flatten(&root);
        tree
    }

    /// Appends `branch` and its subtree in depth-first order.
    fn flatten(&mut self, branch: &Branch) {
        let turned = |d: Dir, rot: usize| Dir::from_index((d.index() + rot) & 3);
        let (slot, corner) = match branch.crossing {
            Crossing::Side(d) => (std::array::from_fn(|rot| turned(d, rot).index() as u8), false),
            Crossing::Corner(h, v) => {
                (std::array::from_fn(|rot| corner_slot(turned(h, rot), turned(v, rot)) as u8), true)
            }
        };
        let at = self.nodes.len();
        self.nodes.push(RayNode { slot, corner, centre: branch.centre, ends: branch.ends, end: 0 });
        for child in &branch.children {
            self.flatten(child);
        }
        self.nodes[at].end = self.nodes.len() as u32;
    }
}

/// The directions `(p, q)` (coprime, within `reach`) of the lines from a square's centre, each
/// with how many times it fits in the reach. (Multiples of a shorter direction are walked with
/// it.)
pub(super) fn directions(reach: i64) -> impl Iterator<Item = (i64, i64, i64)> {
    (-reach..=reach).flat_map(move |q| {
        (-reach..=reach).filter(move |&p| gcd(p.abs(), q.abs()) == 1).map(move |p| (p, q, reach / p.abs().max(q.abs())))
    })
}

/// Every board square whose centre a line from the centre of `from` reaches, as
/// [`Tracer::rays`] finds them, `reached(cell)` called for each (some more than once): the
/// lines walked together, as a tree.
pub(super) fn centres_reached(g: &LosGraph, from: usize, mut reached: impl FnMut(usize)) {
    let tree = RayTree::of(g.reach, Lines::Centres);
    walk_tree(g, &tree, from, |cell, side| {
        if side.is_none() {
            reached(cell);
        }
    });
}

/// The edges a line from the centre of `from` to a point of `mode` on them reaches, as
/// [`trace_edge_points`] finds them: the lines walked together, as a tree.
pub(super) fn edges_hit(g: &LosGraph, from: usize, mode: EdgeTarget) -> FxHashSet<EdgeId> {
    let tree = RayTree::of(g.reach, Lines::EdgePoints(mode));
    let mut seen = FxHashSet::default();
    walk_tree(g, &tree, from, |cell, side| {
        if let Some(side) = side {
            seen.insert(g.sq(cell).edge(side));
        }
    });
    seen
}

/// Walks `tree` from the centre of `from`: `found(cell, None)` for a centre reached,
/// `found(cell, Some(side))` for a line ending on that side (a board direction) of `cell`.
fn walk_tree(g: &LosGraph, tree: &RayTree, from: usize, mut found: impl FnMut(usize, Option<Dir>)) {
    let mut on_path = vec![false; g.filled.len()];
    on_path[from] = true;
    descend(g, &tree.nodes, 0, from, 0, &mut on_path, &mut found);
}

/// The lines of `node`'s subtree, from `cell` (in which chart direction `d` is board direction
/// `d` turned `rot` quarters): as `Tracer::walk` goes, a line stops on leaving a filled
/// square (or ending on one of its sides), at a blocked crossing, or on coming back to a square
/// it crossed.
fn descend(
    g: &LosGraph,
    nodes: &[RayNode],
    node: usize,
    cell: usize,
    rot: u32,
    on_path: &mut [bool],
    found: &mut impl FnMut(usize, Option<Dir>),
) {
    if g.filled[cell] {
        return;
    }
    let ends = nodes[node].ends;
    if ends != 0 {
        for d in Dir::ALL {
            if ends & (1 << d.index()) != 0 {
                found(cell, Some(d.turn(Rot(rot as u8))));
            }
        }
    }
    let mut child = node + 1;
    while child < nodes[node].end as usize {
        let c = &nodes[child];
        let at = cell * 4 + c.slot[rot as usize] as usize;
        let next = if c.corner { g.corner[at] } else { g.side[at] };
        if next != BLOCKED {
            let to = (next >> 2) as usize;
            if !on_path[to] {
                if c.centre {
                    found(to, None);
                }
                on_path[to] = true;
                descend(g, nodes, child, to, (rot + (next & 3)) & 3, on_path, found);
                on_path[to] = false;
            }
        }
        child = c.end as usize;
    }
}

/// The points of `mode` on every edge of the chart within `reach`, each edge once: the north
/// and west sides of every chart square, and the south and east sides along the far rows.
fn edge_points(reach: i64, mode: EdgeTarget) -> impl Iterator<Item = (i64, i64)> {
    let offsets: &'static [i64] = match mode {
        EdgeTarget::Midpoint => &[HALF],
        EdgeTarget::AnyPoint => {
            &[UNIT / 8, 2 * UNIT / 8, 3 * UNIT / 8, 4 * UNIT / 8, 5 * UNIT / 8, 6 * UNIT / 8, 7 * UNIT / 8]
        }
    };
    let r = reach;
    (-r..=r).flat_map(move |cj| {
        (-r..=r).flat_map(move |ci| {
            let (x0, y0) = (ci * UNIT, cj * UNIT);
            let sides = [Some(Dir::N), Some(Dir::W), (cj == r).then_some(Dir::S), (ci == r).then_some(Dir::E)];
            sides.into_iter().flatten().flat_map(move |side| {
                offsets.iter().map(move |&k| match side {
                    Dir::N => (x0 + k, y0),
                    Dir::S => (x0 + k, y0 + UNIT),
                    Dir::W => (x0, y0 + k),
                    Dir::E => (x0 + UNIT, y0 + k),
                })
            })
        })
    })
}

/// Walks the line from the centre of `from` to each point of `mode` on every edge of the
/// chart within reach, each alone, and returns the edges reached, under the names the chart
/// gives them. (The reference the property tests check [`edges_hit`] against, which
/// walks the same lines as one tree.)
pub(super) fn trace_edge_points(g: &LosGraph, from: usize, mode: EdgeTarget) -> FxHashSet<EdgeId> {
    let mut t = Tracer::new(g);
    let mut seen = FxHashSet::default();
    for (tx, ty) in edge_points(g.reach, mode) {
        if let Some(Reached { cell, rot, on_side: Some(chart_side) }) = t.walk(from, tx, ty, |_, _, _| true) {
            seen.insert(g.sq(cell).edge(chart_side.turn(rot)));
        }
    }
    seen
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The LOS table of a board state, built on first use.
pub(super) fn los_graph(d: &Derived) -> &LosGraph {
    d.sight.los_graph.get_or_init(|| LosGraph::build(d))
}
