//! The tables worked out from the board's data (which square is in which sector, the link of
//! every rim side, what blocks sight and moves on each edge and square, columns), built on
//! first use and thrown away on every change; and the lines of sight of a board state
//! (`Sight`), kept by what they read (`SightKey`) for the last few states.

use super::{Board, Place, Step};
use crate::geometry::layout::LinkSpec;
use crate::geometry::map_board::MapDerived;
use crate::geometry::sector::{CENTRE, SECTOR_SIZE};
use crate::geometry::types::{Corner, Dir, EdgeId, Sq};
use crate::geometry::{Alteration, Barrier};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// How many past board states keep their sight (the newest first).
const SIGHTS_KEPT: usize = 8;

/// Everything computed from the board data, thrown away on every change.
#[derive(Debug)]
pub(crate) struct Derived {
    pub w: i32,
    pub h: i32,
    /// Sector index of each square, -1 where there is no square.
    pub sector_of: Vec<i32>,
    /// Link of each rim side: index `cell * 4 + dir` -> (square, side entered through).
    pub links: Vec<Option<(Sq, Dir)>>,
    pub link_label: Vec<Option<Rc<str>>>,
    pub barrier: Vec<Barrier>,
    pub printed: Vec<Barrier>,
    pub printed_door_owner: Vec<Option<(usize, Option<String>)>>,
    pub door_open: Vec<bool>,
    pub edge_blocks_los: Vec<bool>,
    pub edge_blocks_move: Vec<bool>,
    pub column: Vec<bool>,
    pub cell_blocks_los: Vec<bool>,
    pub cell_blocks_move: Vec<bool>,
    /// Moves from a square to every square, by the square and what the mover may pass (built on
    /// first use by `walk_field`: a bot's walking costs, `distance` ignoring terrain).
    pub walk_fields: RefCell<FxHashMap<(usize, u8), crate::geometry::moves::Costs>>,
    /// Lines of sight on this state (set by `Board::derived`, shared with every past state
    /// whose `SightKey` is the same).
    pub sight: Rc<Sight>,
    /// Every line of the board once, with its index (built on first use by `lines`).
    pub lines: std::cell::OnceCell<Vec<(EdgeId, usize)>>,
    /// A map board's tables (its square tables above are empty: no square is on it).
    pub map: Option<MapDerived>,
    /// The squares' topology of a sector board (built on first use by `Board::topology`).
    pub square_topology: std::cell::OnceCell<Rc<crate::geometry::topology::Topology>>,
}

/// All that lines of sight read from a board state: two states with equal keys see alike.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct SightKey {
    w: i32,
    h: i32,
    sector_of: Vec<i32>,
    links: Vec<Option<(Sq, Dir)>>,
    barrier: Vec<Barrier>,
    edge_blocks_los: Vec<bool>,
    cell_blocks_los: Vec<bool>,
    column: Vec<bool>,
    sight_limit: Option<u32>,
}

/// The edges one square sees.
pub(crate) type EdgeField = Rc<rustc_hash::FxHashSet<EdgeId>>;
/// Whether one square sees each line (by `edge_index`).
pub(crate) type LineField = Rc<Vec<bool>>;

/// The lines of sight of one board state, each built on first use.
#[derive(Debug)]
pub(crate) struct Sight {
    key: SightKey,
    /// The squares each square sees.
    pub los_fields: RefCell<FxHashMap<usize, Rc<Vec<bool>>>>,
    /// The edges each square sees, by how edges are targeted.
    pub los_edge_fields: RefCell<FxHashMap<(usize, crate::geometry::los::EdgeTarget), EdgeField>>,
    /// Where a line of sight goes from every square.
    pub los_graph: std::cell::OnceCell<crate::geometry::los::LosGraph>,
    /// The lines each square sees (by `edge_index`), by how edges are targeted: `los_to_edge`
    /// for every line at once, for the queries that ask about all of them.
    pub los_line_fields: RefCell<FxHashMap<(usize, crate::geometry::los::EdgeTarget), LineField>>,
    /// The squares whose centres a line from each square reaches, filled or not (an object
    /// filling its square is seen, though nothing beyond it is): `los_to_obstacle`.
    pub los_reached: RefCell<FxHashMap<usize, Rc<Vec<bool>>>>,
}

impl Sight {
    fn new(key: SightKey) -> Sight {
        Sight {
            key,
            los_fields: RefCell::new(FxHashMap::default()),
            los_edge_fields: RefCell::new(FxHashMap::default()),
            los_graph: std::cell::OnceCell::new(),
            los_line_fields: RefCell::new(FxHashMap::default()),
            los_reached: RefCell::new(FxHashMap::default()),
        }
    }
}

impl Derived {
    /// Every line of the board once, in board order, with its `edge_index` (see
    /// [`Board::lines`]), kept while the board stays as it is.
    pub fn lines(&self, board: &Board) -> &Vec<(EdgeId, usize)> {
        self.lines.get_or_init(|| {
            let mut seen = vec![false; self.barrier.len()];
            let mut out = Vec::new();
            for s in board.squares() {
                for dir in Dir::ALL {
                    let e = s.edge(dir);
                    if let Some(i) = self.edge_index(e) {
                        if !std::mem::replace(&mut seen[i], true) {
                            out.push((e, i));
                        }
                    }
                }
            }
            out
        })
    }
    pub fn contains(&self, s: Sq) -> bool {
        s.x >= 0 && s.y >= 0 && s.x < self.w && s.y < self.h && self.sector_of[(s.y * self.w + s.x) as usize] >= 0
    }
    pub fn cell(&self, s: Sq) -> usize {
        (s.y * self.w + s.x) as usize
    }
    pub fn edge_index(&self, e: EdgeId) -> Option<usize> {
        let (w, h) = (self.w, self.h);
        if e.horizontal {
            (e.x >= 0 && e.x < w && e.y >= 0 && e.y <= h).then(|| (e.y * w + e.x) as usize)
        } else {
            (e.x >= 0 && e.x <= w && e.y >= 0 && e.y < h).then(|| ((h + 1) * w + e.y * (w + 1) + e.x) as usize)
        }
    }
    pub fn corner_index(&self, c: Corner) -> Option<usize> {
        (c.x >= 0 && c.y >= 0 && c.x <= self.w && c.y <= self.h).then(|| (c.y * (self.w + 1) + c.x) as usize)
    }
    /// The square beyond side `d` of `s`: the neighbour, or the far end of a link.
    pub fn step(&self, s: Sq, d: Dir) -> Option<Step> {
        let n = s.step(d);
        if self.contains(n) {
            return Some(Step {
                from: s,
                to: n,
                heading: d,
                via_link: false,
                exit_edge: s.edge(d),
                entry_edge: s.edge(d),
            });
        }
        let (to, side) = self.links[self.cell(s) * 4 + d.index()]?;
        Some(Step {
            from: s,
            to,
            heading: side.opposite(),
            via_link: true,
            exit_edge: s.edge(d),
            entry_edge: to.edge(side),
        })
    }
}

fn side_squares(slot: (i32, i32), side: Dir) -> [Sq; 5] {
    // Squares along a side in clockwise order around the slot.
    let (ox, oy) = (slot.0 * SECTOR_SIZE, slot.1 * SECTOR_SIZE);
    let last = SECTOR_SIZE - 1;
    std::array::from_fn(|k| {
        let k = k as i32;
        match side {
            Dir::N => Sq::new(ox + k, oy),
            Dir::E => Sq::new(ox + last, oy + k),
            Dir::S => Sq::new(ox + last - k, oy + last),
            Dir::W => Sq::new(ox, oy + last - k),
        }
    })
}

impl Board {
    pub(crate) fn derived(&self) -> Rc<Derived> {
        if let Some(d) = self.cache.borrow().as_ref() {
            return d.clone();
        }
        let d = Rc::new(self.try_derive().expect("board data was validated when built"));
        *self.cache.borrow_mut() = Some(d.clone());
        d
    }

    /// The sight of a state with these tables: a past state's if it had the same, else new.
    fn sight_for(&self, key: SightKey) -> Rc<Sight> {
        let mut sights = self.sights.borrow_mut();
        if let Some(i) = sights.iter().position(|s| s.key == key) {
            let s = sights.remove(i);
            sights.insert(0, s.clone());
            return s;
        }
        let s = Rc::new(Sight::new(key));
        sights.insert(0, s.clone());
        sights.truncate(SIGHTS_KEPT);
        s
    }

    /// Computes the derived tables, or explains why the data can't make a board.
    pub(super) fn try_derive(&self) -> Result<Derived, String> {
        let map = self.map.as_ref().map(|m| self.derive_map(m)).transpose()?;
        let (w, h) = if map.is_some() { (0, 0) } else { self.size() };
        let mut sector_of = vec![-1; (w * h) as usize];
        for (i, p) in self.placements.iter().enumerate() {
            for y in 0..SECTOR_SIZE {
                for x in 0..SECTOR_SIZE {
                    let s = Sq::new(p.slot.0 * SECTOR_SIZE + x, p.slot.1 * SECTOR_SIZE + y);
                    sector_of[(s.y * w + s.x) as usize] = i as i32;
                }
            }
        }
        let n_edges = ((h + 1) * w + h * (w + 1)) as usize;
        let n_corners = ((w + 1) * (h + 1)) as usize;
        let mut d = Derived {
            w,
            h,
            sector_of,
            links: vec![None; (w * h * 4) as usize],
            link_label: vec![None; (w * h * 4) as usize],
            barrier: vec![Barrier::Open; n_edges],
            printed: vec![Barrier::Open; n_edges],
            printed_door_owner: vec![None; n_edges],
            door_open: vec![false; n_edges],
            edge_blocks_los: vec![false; n_edges],
            edge_blocks_move: vec![false; n_edges],
            column: vec![false; n_corners],
            cell_blocks_los: vec![false; (w * h) as usize],
            cell_blocks_move: vec![false; (w * h) as usize],
            walk_fields: RefCell::new(FxHashMap::default()),
            // Set at the end, once the tables it is keyed by are done.
            sight: Rc::new(Sight::new(SightKey::default())),
            lines: std::cell::OnceCell::new(),
            map,
            square_topology: std::cell::OnceCell::new(),
        };
        if d.map.is_some() {
            return Ok(d);
        }
        // Printed terrain: a double wall on a seam is one wall (8th: Changing the Map).
        for (i, face) in self.faces.iter().enumerate() {
            let p = self.placements[i];
            let (ox, oy) = (p.slot.0 * SECTOR_SIZE, p.slot.1 * SECTOR_SIZE);
            let place = |e: EdgeId| {
                let r = crate::geometry::sector::rotate_local_edge(e, p.rot);
                EdgeId { x: r.x + ox, y: r.y + oy, horizontal: r.horizontal }
            };
            for &e in &face.walls {
                let k = d.edge_index(place(e)).unwrap();
                if d.printed[k] == Barrier::Open {
                    d.printed[k] = Barrier::Wall;
                }
            }
            for (&e, spec) in &face.doors {
                let k = d.edge_index(place(e)).unwrap();
                if d.printed[k] != Barrier::Door {
                    d.printed[k] = Barrier::Door;
                    d.printed_door_owner[k] = Some((i, spec.colour.clone()));
                }
            }
        }
        d.barrier = d.printed.clone();
        for (e, st) in &self.edges {
            let k = d.edge_index(*e).ok_or_else(|| format!("edge {e} is off the board"))?;
            match st.alteration {
                Some(Alteration::Destroyed) => d.barrier[k] = Barrier::Open,
                Some(Alteration::Created { door, .. }) => {
                    d.barrier[k] = if door { Barrier::Door } else { Barrier::Wall }
                }
                None => {}
            }
            if d.barrier[k] == Barrier::Door {
                d.door_open[k] = st.door.open;
            }
        }
        for k in 0..n_edges {
            d.edge_blocks_los[k] = match d.barrier[k] {
                Barrier::Wall => true,
                Barrier::Door => !d.door_open[k],
                Barrier::Open => false,
            };
            d.edge_blocks_move[k] = d.edge_blocks_los[k];
        }
        // Columns: the end points of every wall and door (open doors hang between columns too).
        for horizontal in [true, false] {
            let (xs, ys) = if horizontal { (w, h + 1) } else { (w + 1, h) };
            for y in 0..ys {
                for x in 0..xs {
                    let e = EdgeId { x, y, horizontal };
                    if d.barrier[d.edge_index(e).unwrap()] != Barrier::Open {
                        let (a, b) = e.ends();
                        for c in [a, b] {
                            let ci = d.corner_index(c).unwrap();
                            d.column[ci] = true;
                        }
                    }
                }
            }
        }
        for o in self.obstacles.values() {
            match o.at {
                Place::Square(s) => {
                    if !d.contains(s) {
                        return Err(format!("an obstacle stands on {s}, off the board"));
                    }
                    let c = d.cell(s);
                    d.cell_blocks_los[c] |= o.blocks_los;
                    d.cell_blocks_move[c] |= o.blocks_move;
                }
                Place::Edge(e) => {
                    let k = d.edge_index(e).ok_or_else(|| format!("an obstacle stands on edge {e}, off the board"))?;
                    d.edge_blocks_los[k] |= o.blocks_los;
                    d.edge_blocks_move[k] |= o.blocks_move;
                }
            }
        }
        self.derive_links(&mut d)?;
        d.sight = self.sight_for(SightKey {
            w: d.w,
            h: d.h,
            sector_of: d.sector_of.clone(),
            links: d.links.clone(),
            barrier: d.barrier.clone(),
            edge_blocks_los: d.edge_blocks_los.clone(),
            cell_blocks_los: d.cell_blocks_los.clone(),
            column: d.column.clone(),
            sight_limit: self.sight_limit,
        });
        Ok(d)
    }

    fn derive_links(&self, d: &mut Derived) -> Result<(), String> {
        let specs: Vec<LinkSpec> = self.layout.validate().map_err(|p| p.join("; "))?;
        let set = |d: &mut Derived, from: Sq, fd: Dir, to: Sq, td: Dir, label: &Rc<str>| {
            let i = d.cell(from) * 4 + fd.index();
            d.links[i] = Some((to, td));
            d.link_label[i] = Some(label.clone());
        };
        // Layout links are by slot; slots are where the layout put them, whatever sat there.
        for l in &specs {
            let label: Rc<str> = l.label.as_str().into();
            let sa = side_squares(self.layout.slots[l.a.slot], l.a.side);
            let sb = side_squares(self.layout.slots[l.b.slot], l.b.side);
            let ks: Vec<usize> = if l.opening_only { vec![CENTRE as usize] } else { (0..5).collect() };
            for k in ks {
                // Walking clockwise along one side is walking anticlockwise along the other:
                // two glued sides meet like the shared edge of two neighbouring squares.
                let (a, b) = (sa[k], sb[4 - k]);
                set(d, a, l.a.side, b, l.b.side, &label);
                set(d, b, l.b.side, a, l.a.side, &label);
            }
        }
        // Every other rim side wraps to the far end of its row or column.
        let wrap: Rc<str> = "wrap".into();
        for y in 0..d.h {
            for x in 0..d.w {
                let s = Sq::new(x, y);
                if !d.contains(s) {
                    continue;
                }
                for dir in Dir::ALL {
                    if d.contains(s.step(dir)) || d.links[d.cell(s) * 4 + dir.index()].is_some() {
                        continue;
                    }
                    let back = dir.opposite();
                    let mut far = s;
                    while d.contains(far.step(back)) {
                        far = far.step(back);
                    }
                    let existing = d.links[d.cell(far) * 4 + back.index()];
                    if existing.is_some() && existing != Some((s, dir)) {
                        let local = Sq::new(s.x.rem_euclid(SECTOR_SIZE), s.y.rem_euclid(SECTOR_SIZE));
                        if crate::geometry::sector::is_rim_opening(local, dir) {
                            return Err(format!(
                                "the rim opening at {s} side {dir} would wrap to {far} side {back}, which a portal or warp already uses: link it explicitly"
                            ));
                        }
                        continue;
                    }
                    set(d, s, dir, far, back, &wrap);
                }
            }
        }
        Ok(())
    }
}
