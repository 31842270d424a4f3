//! The board: sectors placed by a layout, the terrain on every edge, obstacles, and the links
//! that join rim edges (wrap-around, portals, warps).
//!
//! The board is plain serde data (layout, faces, placements, edge alterations, obstacles);
//! everything else (which square belongs to which sector, the link table, blocking flags,
//! columns, line-of-sight fields) is derived into a cache that every mutation throws away. The
//! lines of sight are kept apart, by what they read (`SightKey`), for the last few states: a
//! board often comes back to a state it had (a door opened and closed again).

use super::layout::{Layout, LinkSpec};
use super::map_board::{MapCells, MapDerived};
use super::sector::{rotate_local, SectorFace, CENTRE, SECTOR_SIZE};
use super::types::{Corner, Dir, EdgeId, Rot, Sq};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// What stands on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Barrier {
    Open,
    Wall,
    Door,
}

/// A change to the printed terrain of an edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Alteration {
    /// A wall or door created by a spell; `by` is the kernel id of what created it (a card
    /// instance), if anything. `over_destroyed`: it stands where a printed wall or door had
    /// been destroyed (taking it away leaves the ruin, not the printed wall).
    Created {
        door: bool,
        by: Option<u64>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        over_destroyed: bool,
    },
    /// The printed wall or door was destroyed (the "destroyed wall" marker).
    Destroyed,
}

/// The state of a door that is not printed on the face: whether it stands open, and the tags
/// a ruleset keeps on it (who holds it, who owns it, whether a lock was jammed...). The kernel
/// reads no tag: what a tag means is the ruleset's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DoorRuntime {
    pub open: bool,
    #[serde(default, skip_serializing_if = "crate::value::Map::is_empty")]
    pub tags: crate::value::Map,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EdgeState {
    pub alteration: Option<Alteration>,
    /// Damage taken, in the units of the ruleset's damage model (cracks or hit points).
    pub damage: u32,
    pub door: DoorRuntime,
}

/// Where an obstacle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    Square(Sq),
    Edge(EdgeId),
}

/// Anything on the board that may get in the way, with neutral flags; the kernel's objects
/// are mirrored here by id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Obstacle {
    pub at: Place,
    pub blocks_move: bool,
    pub blocks_los: bool,
    /// Takes up its whole square: rules may let it be reached from beside it, or stop what is
    /// thrown in front of it.
    pub fills_square: bool,
}

/// Where sector `i` currently lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Slot position, in sector units.
    pub slot: (i32, i32),
    pub rot: Rot,
}

/// A door as the rules see it.
#[derive(Clone, Debug, PartialEq)]
pub struct DoorView {
    /// Open right now.
    pub open: bool,
    /// The ruleset's tags on it (see [`DoorRuntime`]).
    pub tags: crate::value::Map,
    /// The sector whose face prints this door (a board fact; what it means for passing is
    /// the ruleset's).
    pub sector: Option<usize>,
    pub colour: Option<String>,
}

/// An edge as the rules see it.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeView {
    pub id: EdgeId,
    pub barrier: Barrier,
    /// What the faces print there.
    pub printed: Barrier,
    /// An outer edge: crossing it leaves the board.
    pub boundary: bool,
    pub created_by: Option<u64>,
    pub destroyed: bool,
    pub damage: u32,
    pub door: Option<DoorView>,
    /// Obstacles standing on this edge (ids).
    pub obstacles: Vec<u64>,
}

/// One orthogonal move, possibly through a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub from: Sq,
    pub to: Sq,
    /// Direction of travel after arriving (a portal may turn it).
    pub heading: Dir,
    pub via_link: bool,
    /// The edge left by, and (through a link) the edge entered by.
    pub exit_edge: EdgeId,
    pub entry_edge: EdgeId,
}

/// A sector moving from one slot position to another (sector units).
type SlotMove = ((i32, i32), (i32, i32));

/// What happens to an alteration on a sector's rim when the sector moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeamFate {
    /// Created walls vanish, destroyed walls are repaired, damage is removed.
    Reset,
    /// The alteration stays where it is on the table.
    StayWithBoard,
    /// The alteration travels with the moved sector.
    MoveWithSector,
}

/// What a rotation or swap did, for the kernel to move wizards, treasures and objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Remap {
    pub squares: Vec<(Sq, Sq)>,
    pub edges: Vec<(EdgeId, EdgeId)>,
    /// Rim edges whose alteration was reset by the seam policy.
    pub reset_edges: Vec<EdgeId>,
    /// Edge obstacles removed by the seam policy.
    pub removed_obstacles: Vec<u64>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("layout `{layout}` has {slots} slots but {faces} sector faces were given")]
    FaceCount { layout: String, slots: usize, faces: usize },
    #[error("layout `{0}`: {1}")]
    Layout(String, String),
    #[error("{0} is not on the board")]
    OffBoard(String),
    #[error("edge {edge}: {problem}")]
    Edge { edge: EdgeId, problem: String },
    #[error("sector {0} does not exist")]
    NoSector(usize),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Board {
    layout: Layout,
    faces: Vec<SectorFace>,
    placements: Vec<Placement>,
    #[serde(with = "super::types::map_as_pairs")]
    edges: BTreeMap<EdgeId, EdgeState>,
    obstacles: BTreeMap<u64, Obstacle>,
    /// How far (in steps ignoring terrain) any line of sight reaches; None: no limit. A spell
    /// that shortens everyone's sight sets it (a fog).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sight_limit: Option<u32>,
    /// The cells of a board laid from a map file (None: laid from sectors, as `layout` says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) map: Option<Rc<MapCells>>,
    #[serde(skip)]
    cache: RefCell<Option<Rc<Derived>>>,
    /// The sight worked out for the last few states of the board (shared by its copies): a
    /// door opened and closed again, or a wall made and unmade, finds its lines of sight
    /// still there instead of tracing them anew.
    #[serde(skip)]
    sights: Rc<RefCell<Vec<Rc<Sight>>>>,
}

/// How many past board states keep their sight (the newest first).
const SIGHTS_KEPT: usize = 8;

impl PartialEq for Board {
    fn eq(&self, o: &Board) -> bool {
        self.layout == o.layout
            && self.faces == o.faces
            && self.placements == o.placements
            && self.edges == o.edges
            && self.obstacles == o.obstacles
            && self.sight_limit == o.sight_limit
            && self.map == o.map
    }
}

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
    /// Moves from each square to every square, ignoring terrain (built on first use by `distance`).
    pub distance_fields: RefCell<FxHashMap<usize, Rc<Vec<Option<u32>>>>>,
    /// Lines of sight on this state (set by `Board::derived`, shared with every past state
    /// whose `SightKey` is the same).
    pub sight: Rc<Sight>,
    /// Every line of the board once, with its index (built on first use by `lines`).
    pub lines: std::cell::OnceCell<Vec<(EdgeId, usize)>>,
    /// A map board's tables (its square tables above are empty: no square is on it).
    pub map: Option<MapDerived>,
    /// The squares' topology of a sector board (built on first use by `Board::topology`).
    pub square_topology: std::cell::OnceCell<Rc<super::topology::Topology>>,
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
    pub los_edge_fields: RefCell<FxHashMap<(usize, super::los::EdgeTarget), EdgeField>>,
    /// Where a line of sight goes from every square.
    pub los_graph: std::cell::OnceCell<super::los::LosGraph>,
    /// The lines each square sees (by `edge_index`), by how edges are targeted: `los_to_edge`
    /// for every line at once, for the queries that ask about all of them.
    pub los_line_fields: RefCell<FxHashMap<(usize, super::los::EdgeTarget), LineField>>,
}

impl Sight {
    fn new(key: SightKey) -> Sight {
        Sight {
            key,
            los_fields: RefCell::new(FxHashMap::default()),
            los_edge_fields: RefCell::new(FxHashMap::default()),
            los_graph: std::cell::OnceCell::new(),
            los_line_fields: RefCell::new(FxHashMap::default()),
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
    /// Builds a board: sector `i` gets `faces[i]` at layout slot `i`, turned by `rotations[i]`.
    pub fn new(layout: Layout, faces: Vec<SectorFace>, rotations: Vec<Rot>) -> Result<Board, BoardError> {
        layout.validate().map_err(|p| BoardError::Layout(layout.id.clone(), p.join("; ")))?;
        if faces.len() != layout.slots.len() || rotations.len() != faces.len() {
            return Err(BoardError::FaceCount {
                layout: layout.id.clone(),
                slots: layout.slots.len(),
                faces: faces.len().min(rotations.len()),
            });
        }
        let placements = layout.slots.iter().zip(&rotations).map(|(&slot, &rot)| Placement { slot, rot }).collect();
        let board = Board {
            layout,
            faces,
            placements,
            edges: BTreeMap::new(),
            obstacles: BTreeMap::new(),
            sight_limit: None,
            map: None,
            cache: RefCell::new(None),
            sights: Rc::default(),
        };
        board.try_derive().map_err(|p| BoardError::Layout(board.layout.id.clone(), p))?;
        Ok(board)
    }

    /// A board of a map's cells (see `map_board.rs`), nothing standing on it.
    pub(super) fn laid_from_cells(layout: Layout, cells: MapCells) -> Board {
        Board {
            layout,
            faces: Vec::new(),
            placements: Vec::new(),
            edges: BTreeMap::new(),
            obstacles: BTreeMap::new(),
            sight_limit: None,
            map: Some(Rc::new(cells)),
            cache: RefCell::new(None),
            sights: Rc::default(),
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub fn faces(&self) -> &[SectorFace] {
        &self.faces
    }
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }
    pub fn sector_count(&self) -> usize {
        self.faces.len()
    }
    pub fn obstacles(&self) -> &BTreeMap<u64, Obstacle> {
        &self.obstacles
    }
    pub fn edge_states(&self) -> &BTreeMap<EdgeId, EdgeState> {
        &self.edges
    }

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

    fn changed(&mut self) {
        *self.cache.get_mut() = None;
    }

    /// How far lines of sight reach (None: as far as the terrain allows).
    pub fn sight_limit(&self) -> Option<u32> {
        self.sight_limit
    }

    /// Limits every line of sight to `limit` steps from its source (None lifts the limit).
    pub fn set_sight_limit(&mut self, limit: Option<u32>) {
        self.sight_limit = limit;
        self.changed();
    }

    /// Width and height in squares (a map's: its widest row and its rows).
    pub fn size(&self) -> (i32, i32) {
        if let Some(m) = &self.map {
            let rows = |c: &super::Coord| c.b;
            let (top, bottom) = (m.cells.iter().map(rows).min(), m.cells.iter().map(rows).max());
            let widest = (top.unwrap_or(0)..=bottom.unwrap_or(-1))
                .map(|r| m.cells.iter().filter(|c| c.b == r).count() as i32)
                .max();
            return (widest.unwrap_or(0), bottom.map_or(0, |b| b - top.unwrap_or(0) + 1));
        }
        let (w, h) = self.layout.extent();
        (w * SECTOR_SIZE, h * SECTOR_SIZE)
    }

    pub fn contains(&self, s: Sq) -> bool {
        let d = self.derived();
        match &d.map {
            Some(m) => m.cell(s).is_some(),
            None => d.contains(s),
        }
    }

    /// All squares, row by row (a map's cells in the file's order: row by row too).
    pub fn squares(&self) -> Vec<Sq> {
        if let Some(m) = &self.map {
            return m.cells.iter().map(|&c| super::map_board::sq(c)).collect();
        }
        let d = self.derived();
        let mut v = Vec::new();
        for y in 0..d.h {
            for x in 0..d.w {
                let s = Sq::new(x, y);
                if d.contains(s) {
                    v.push(s);
                }
            }
        }
        v
    }

    /// The sector a square belongs to.
    pub fn sector_of(&self, s: Sq) -> Option<usize> {
        let d = self.derived();
        d.contains(s).then(|| d.sector_of[d.cell(s)] as usize)
    }

    fn origin(&self, sector: usize) -> (i32, i32) {
        let (sx, sy) = self.placements[sector].slot;
        (sx * SECTOR_SIZE, sy * SECTOR_SIZE)
    }

    /// Board square of a sector-local square (as printed on the face).
    pub fn to_board(&self, sector: usize, local: Sq) -> Sq {
        let p = self.placements[sector];
        let r = rotate_local(local, p.rot);
        let (ox, oy) = self.origin(sector);
        Sq::new(ox + r.x, oy + r.y)
    }

    /// The squares of a sector, row by row on the board.
    pub fn sector_squares(&self, sector: usize) -> Vec<Sq> {
        let (ox, oy) = self.origin(sector);
        (0..SECTOR_SIZE).flat_map(|y| (0..SECTOR_SIZE).map(move |x| Sq::new(ox + x, oy + y))).collect()
    }

    /// The home base square of a sector (its centre).
    pub fn home(&self, sector: usize) -> Sq {
        self.to_board(sector, Sq::new(CENTRE, CENTRE))
    }

    /// The treasure start squares of a sector.
    pub fn treasure_starts(&self, sector: usize) -> Vec<Sq> {
        self.faces[sector].treasures.iter().map(|&t| self.to_board(sector, t)).collect()
    }

    /// Which sector has its home base on `s`.
    pub fn home_sector_at(&self, s: Sq) -> Option<usize> {
        (0..self.faces.len()).find(|&i| self.home(i) == s)
    }

    /// The square beyond side `d` of `s`, through a link if `s` is on the rim. Ignores terrain.
    pub fn step(&self, s: Sq, d: Dir) -> Option<Step> {
        let der = self.derived();
        if !der.contains(s) {
            return None;
        }
        der.step(s, d)
    }

    /// Rim sides and where they lead, with the link's name ("portal purple", "wrap", "warp 1").
    pub fn links(&self) -> Vec<(Sq, Dir, Sq, Dir, String)> {
        let d = self.derived();
        let mut v = Vec::new();
        for s in self.squares().into_iter().filter(|&s| d.contains(s)) {
            for dir in Dir::ALL {
                let i = d.cell(s) * 4 + dir.index();
                if let (Some((t, side)), Some(label)) = (d.links[i], &d.link_label[i]) {
                    v.push((s, dir, t, side, label.to_string()));
                }
            }
        }
        v
    }

    /// Is `e` a line of the board (at least one side is a square)?
    pub fn has_edge(&self, e: EdgeId) -> bool {
        let (a, b) = e.sides();
        self.contains(a) || self.contains(b)
    }

    /// What stands on edge `e` now (None off the board): the cheap part of [`Board::edge`].
    pub fn barrier(&self, e: EdgeId) -> Option<Barrier> {
        let d = self.derived();
        d.edge_index(e).filter(|_| self.has_edge(e)).map(|i| d.barrier[i])
    }

    /// Every line of the board once, in board order: square by square, their sides N, E, S, W
    /// (the order scripts see in `game:edges`).
    pub fn lines(&self) -> Vec<EdgeId> {
        self.derived().lines(self).iter().map(|&(e, _)| e).collect()
    }

    /// The lines of the board in board order (as [`Board::lines`]) with what stands on each;
    /// with `seen_from`, only those seen from there as [`Board::los_to_edge`] sees them
    /// (worked out once for all lines, per square and board state).
    pub fn lines_seen(&self, seen_from: Option<(Sq, super::los::EdgeTarget)>) -> Vec<(EdgeId, Barrier)> {
        let d = self.derived();
        let field = seen_from.map(|(a, mode)| self.line_field(&d, a, mode));
        d.lines(self)
            .iter()
            .filter(|&&(_, i)| field.as_ref().is_none_or(|f| f[i]))
            .map(|&(e, i)| (e, d.barrier[i]))
            .collect()
    }

    pub fn edge(&self, e: EdgeId) -> Result<EdgeView, BoardError> {
        let d = self.derived();
        let i =
            d.edge_index(e).filter(|_| self.has_edge(e)).ok_or_else(|| BoardError::OffBoard(format!("edge {e}")))?;
        let (a, b) = e.sides();
        let unchanged = EdgeState::default();
        let st = self.edges.get(&e).unwrap_or(&unchanged);
        let barrier = d.barrier[i];
        let door = (barrier == Barrier::Door).then(|| {
            let (sector, colour) = match (&st.alteration, &d.printed_door_owner[i]) {
                (None, Some((s, c))) => (Some(*s), c.clone()),
                _ => (None, None),
            };
            DoorView { open: d.door_open[i], tags: st.door.tags.clone(), sector, colour }
        });
        Ok(EdgeView {
            id: e,
            barrier,
            printed: d.printed[i],
            boundary: !(d.contains(a) && d.contains(b)),
            created_by: match st.alteration {
                Some(Alteration::Created { by, .. }) => by,
                _ => None,
            },
            destroyed: st.alteration == Some(Alteration::Destroyed),
            damage: st.damage,
            door,
            obstacles: self.obstacles.iter().filter(|(_, o)| o.at == Place::Edge(e)).map(|(&id, _)| id).collect(),
        })
    }

    /// Checks what must hold of the board's changeable data whatever happened to it: every
    /// altered edge and every obstacle is on the board; a wall is created only on an open line
    /// and a door only on an open line or a wall; only a printed wall or door is destroyed;
    /// only a door is held open. Returns the first problem.
    pub fn check_consistency(&self) -> Result<(), String> {
        let d = self.derived();
        for (&e, st) in &self.edges {
            let i = d.edge_index(e).filter(|_| self.has_edge(e)).ok_or_else(|| format!("edge {e} is off the board"))?;
            match (&st.alteration, d.printed[i]) {
                (
                    Some(Alteration::Created { door: false, over_destroyed: false, .. }),
                    Barrier::Wall | Barrier::Door,
                ) => return Err(format!("a wall was created on edge {e} over a standing printed barrier")),
                (Some(Alteration::Created { door: true, over_destroyed: false, .. }), Barrier::Door) => {
                    return Err(format!("a door was created on edge {e} over a standing printed door"))
                }
                (Some(Alteration::Destroyed), Barrier::Open) => {
                    return Err(format!("edge {e} is marked destroyed but had nothing printed on it"))
                }
                _ => {}
            }
            if (st.door.open || !st.door.tags.is_empty()) && d.barrier[i] != Barrier::Door {
                return Err(format!("edge {e} keeps a door's state but holds no door"));
            }
        }
        for (id, o) in &self.obstacles {
            if let Place::Edge(e) = o.at {
                if !self.has_edge(e) {
                    return Err(format!("obstacle #{id} stands on edge {e}, off the board"));
                }
            }
        }
        Ok(())
    }

    /// Every edge that carries a wall or door right now, or ever did (destroyed ones too).
    pub fn barrier_edges(&self) -> Vec<EdgeView> {
        let d = self.derived();
        let mut out = Vec::new();
        let (w, h) = (d.w, d.h);
        for horizontal in [true, false] {
            let (xs, ys) = if horizontal { (w, h + 1) } else { (w + 1, h) };
            for y in 0..ys {
                for x in 0..xs {
                    let e = EdgeId { x, y, horizontal };
                    if !self.has_edge(e) {
                        continue;
                    }
                    let v = self.edge(e).expect("edge on board");
                    if v.barrier != Barrier::Open || v.printed != Barrier::Open || v.destroyed {
                        out.push(v);
                    }
                }
            }
        }
        out
    }

    /// Does a column stand at this grid point (an end of any wall or door)?
    pub fn column_at(&self, c: Corner) -> bool {
        let d = self.derived();
        d.corner_index(c).map(|i| d.column[i]).unwrap_or(false)
    }

    fn edge_state_mut(&mut self, e: EdgeId) -> Result<&mut EdgeState, BoardError> {
        if !self.has_edge(e) {
            return Err(BoardError::OffBoard(format!("edge {e}")));
        }
        self.changed();
        Ok(self.edges.entry(e).or_default())
    }

    /// The state of edge `e`, to change only what nothing derived reads (damage, a door's
    /// tags): the sight and distances worked out on the board stay good.
    fn edge_marks_mut(&mut self, e: EdgeId) -> Result<&mut EdgeState, BoardError> {
        if !self.has_edge(e) {
            return Err(BoardError::OffBoard(format!("edge {e}")));
        }
        Ok(self.edges.entry(e).or_default())
    }

    fn tidy(&mut self, e: EdgeId) {
        if self.edges.get(&e) == Some(&EdgeState::default()) {
            self.edges.remove(&e);
        }
    }

    /// Creates a wall (or a door) on an edge. Fails on an edge that already holds a wall or
    /// door, unless `door` is set and a wall stands there (a door may be made in a stone wall
    /// as well as on an empty line).
    pub fn create_barrier(&mut self, e: EdgeId, door: bool, by: Option<u64>) -> Result<(), BoardError> {
        let v = self.edge(e)?;
        match (v.barrier, door) {
            (Barrier::Open, _) | (Barrier::Wall, true) => {}
            (b, _) => {
                return Err(BoardError::Edge { edge: e, problem: format!("already holds a {b:?}").to_lowercase() })
            }
        }
        let st = self.edge_state_mut(e)?;
        let over_destroyed = st.alteration == Some(Alteration::Destroyed);
        st.alteration = Some(Alteration::Created { door, by, over_destroyed });
        st.damage = 0;
        st.door = DoorRuntime::default();
        Ok(())
    }

    /// Takes away a wall or door that was created on an edge: the edge is again what it was
    /// before (open, the printed wall a created door had replaced, or the ruin of a destroyed
    /// printed one). With `by`, only one that `by` created. Fails if there is no such wall or
    /// door (it was destroyed, or something else has built there since).
    pub fn unmake_barrier(&mut self, e: EdgeId, by: Option<u64>) -> Result<(), BoardError> {
        let over_destroyed = match self.edges.get(&e).and_then(|st| st.alteration.as_ref()) {
            Some(Alteration::Created { over_destroyed, by: maker, .. }) if by.is_none() || by == *maker => {
                *over_destroyed
            }
            _ => return Err(BoardError::Edge { edge: e, problem: "holds no such created wall or door".into() }),
        };
        let st = self.edge_state_mut(e)?;
        *st = EdgeState::default();
        if over_destroyed {
            st.alteration = Some(Alteration::Destroyed);
        }
        self.tidy(e);
        Ok(())
    }

    /// Removes the wall or door on an edge. A printed one leaves a destroyed marker; a created
    /// one simply goes. Orphaned columns fall by themselves: a column exists only while a wall
    /// or door ends at it (8th: Damaging and Destroying Objects).
    pub fn destroy_barrier(&mut self, e: EdgeId) -> Result<(), BoardError> {
        let v = self.edge(e)?;
        if v.barrier == Barrier::Open {
            return Err(BoardError::Edge { edge: e, problem: "holds no wall or door to destroy".into() });
        }
        let printed = v.printed != Barrier::Open;
        let st = self.edge_state_mut(e)?;
        *st = EdgeState::default();
        if printed {
            st.alteration = Some(Alteration::Destroyed);
        }
        self.tidy(e);
        Ok(())
    }

    /// Puts back the printed terrain of an edge (undoes created and destroyed walls).
    pub fn restore_edge(&mut self, e: EdgeId) -> Result<(), BoardError> {
        self.edge_state_mut(e)?;
        self.edges.remove(&e);
        Ok(())
    }

    /// Sets the damage counter of the wall or door on an edge.
    pub fn set_damage(&mut self, e: EdgeId, damage: u32) -> Result<(), BoardError> {
        self.edge_marks_mut(e)?.damage = damage;
        self.tidy(e);
        Ok(())
    }

    fn door_mut(&mut self, e: EdgeId) -> Result<&mut DoorRuntime, BoardError> {
        if self.edge(e)?.barrier != Barrier::Door {
            return Err(BoardError::Edge { edge: e, problem: "holds no door".into() });
        }
        Ok(&mut self.edge_state_mut(e)?.door)
    }

    /// Opens or closes a door (what may open it is the ruleset's to say).
    pub fn set_door_open(&mut self, e: EdgeId, open: bool) -> Result<(), BoardError> {
        self.door_mut(e)?.open = open;
        self.tidy(e);
        Ok(())
    }

    /// Sets (or, with `None`, removes) one of the ruleset's tags on a door.
    pub fn set_door_tag(&mut self, e: EdgeId, key: &str, value: Option<crate::value::Value>) -> Result<(), BoardError> {
        if self.edge(e)?.barrier != Barrier::Door {
            return Err(BoardError::Edge { edge: e, problem: "holds no door".into() });
        }
        let d = &mut self.edge_marks_mut(e)?.door;
        match value {
            Some(v) if !v.is_nil() => {
                d.tags.insert(key, v);
            }
            _ => {
                d.tags.remove(key);
            }
        }
        self.tidy(e);
        Ok(())
    }

    pub fn add_obstacle(&mut self, id: u64, o: Obstacle) -> Result<(), BoardError> {
        match o.at {
            Place::Square(s) if !self.contains(s) => return Err(BoardError::OffBoard(format!("square {s}"))),
            Place::Edge(e) if !self.has_edge(e) => return Err(BoardError::OffBoard(format!("edge {e}"))),
            _ => {}
        }
        self.changed();
        self.obstacles.insert(id, o);
        Ok(())
    }

    pub fn remove_obstacle(&mut self, id: u64) -> Option<Obstacle> {
        let removed = self.obstacles.remove(&id);
        if removed.is_some() {
            self.changed();
        }
        removed
    }

    pub fn move_obstacle(&mut self, id: u64, to: Place) -> Result<(), BoardError> {
        let mut o = self.obstacles.get(&id).cloned().ok_or_else(|| BoardError::OffBoard(format!("obstacle {id}")))?;
        o.at = to;
        self.add_obstacle(id, o)
    }

    pub fn obstacles_at(&self, p: Place) -> Vec<(u64, &Obstacle)> {
        self.obstacles.iter().filter(|(_, o)| o.at == p).map(|(&i, o)| (i, o)).collect()
    }

    /// Rotates a sector in place by quarter turns clockwise. Portals and warps stay put (they
    /// belong to the slots). Alterations on the sector's rim follow `seam` (8th: Changing the
    /// Map; other editions roll a die for which side keeps it).
    pub fn turn_sector(
        &mut self,
        sector: usize,
        rot: Rot,
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Result<Remap, BoardError> {
        if sector >= self.faces.len() {
            return Err(BoardError::NoSector(sector));
        }
        let (ox, oy) = self.origin(sector);
        let map_sq = |s: Sq| {
            let l = rotate_local(Sq::new(s.x - ox, s.y - oy), rot);
            Sq::new(ox + l.x, oy + l.y)
        };
        let slot = self.placements[sector].slot;
        self.placements[sector].rot = self.placements[sector].rot.then(rot);
        let map = |s: Sq, d: Dir| (map_sq(s), d.turn(rot));
        Ok(self.move_contents(&[(slot, slot)], &map, seam))
    }

    /// Removes the layout's warps named `name` (whole sides glued together); the rim sides
    /// they joined wrap around as usual from then on. Returns how many there were.
    pub fn remove_warps(&mut self, name: &str) -> usize {
        let before = self.layout.warps.len();
        self.layout.warps.retain(|w| w.name.as_deref() != Some(name));
        let removed = before - self.layout.warps.len();
        if removed > 0 {
            self.changed();
        }
        removed
    }

    /// Exchanges the places of two sectors without turning them.
    pub fn swap_sectors(
        &mut self,
        a: usize,
        b: usize,
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Result<Remap, BoardError> {
        if a >= self.faces.len() || b >= self.faces.len() {
            return Err(BoardError::NoSector(a.max(b)));
        }
        let (sa, sb) = (self.placements[a].slot, self.placements[b].slot);
        self.placements[a].slot = sb;
        self.placements[b].slot = sa;
        let shift = move |s: Sq, d: Dir| {
            let slot = (s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE));
            let (from, to) = if slot == sa { (sa, sb) } else { (sb, sa) };
            (Sq::new(s.x + (to.0 - from.0) * SECTOR_SIZE, s.y + (to.1 - from.1) * SECTOR_SIZE), d)
        };
        Ok(self.move_contents(&[(sa, sb), (sb, sa)], &shift, seam))
    }

    /// Slot positions of the layout's extent that no sector occupies (the empty quarter of a
    /// three-sector board), row by row.
    pub fn empty_slots(&self) -> Vec<(i32, i32)> {
        let (w, h) = self.layout.extent();
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|p| !self.placements.iter().any(|pl| pl.slot == *p))
            .collect()
    }

    /// Moves a sector, unturned, into an empty slot position (see [`Board::empty_slots`]); the
    /// place it leaves becomes empty. Its rim alterations follow `seam`.
    pub fn move_sector(
        &mut self,
        a: usize,
        to: (i32, i32),
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Result<Remap, BoardError> {
        if a >= self.faces.len() {
            return Err(BoardError::NoSector(a));
        }
        if !self.empty_slots().contains(&to) {
            return Err(BoardError::OffBoard(format!(
                "slot position {},{} (not an empty place of the board)",
                to.0, to.1
            )));
        }
        let from = self.placements[a].slot;
        self.placements[a].slot = to;
        let shift =
            move |s: Sq, d: Dir| (Sq::new(s.x + (to.0 - from.0) * SECTOR_SIZE, s.y + (to.1 - from.1) * SECTOR_SIZE), d);
        // A rim alteration may stay only where the board still is: one left with no board
        // square on either side (the outer rim of the place the sector leaves) goes with it.
        let occupied: Vec<(i32, i32)> = self.placements.iter().map(|p| p.slot).collect();
        let on_board = |s: Sq| occupied.contains(&(s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE)));
        let mut seam_here = |e: EdgeId| {
            let (p, q) = e.sides();
            if on_board(p) || on_board(q) {
                seam(e)
            } else {
                SeamFate::MoveWithSector
            }
        };
        Ok(self.move_contents(&[(from, to)], &shift, &mut seam_here))
    }

    /// Moves everything inside the given slots with `map`; rim alterations follow `seam`.
    fn move_contents(
        &mut self,
        moves: &[SlotMove],
        map: &dyn Fn(Sq, Dir) -> (Sq, Dir),
        seam: &mut dyn FnMut(EdgeId) -> SeamFate,
    ) -> Remap {
        self.changed();
        let in_slots = |s: Sq| {
            let slot = (s.x.div_euclid(SECTOR_SIZE), s.y.div_euclid(SECTOR_SIZE));
            moves.iter().any(|m| m.0 == slot)
        };
        let mut remap = Remap::default();
        for (from, _) in moves {
            for y in 0..SECTOR_SIZE {
                for x in 0..SECTOR_SIZE {
                    let s = Sq::new(from.0 * SECTOR_SIZE + x, from.1 * SECTOR_SIZE + y);
                    remap.squares.push((s, map(s, Dir::N).0));
                }
            }
        }
        // An edge moves with a sector when a square of the moved slots lies on its side; it is
        // interior when both sides are in one moved slot.
        let edge_home = |e: EdgeId| -> Option<(Sq, Dir, bool)> {
            let (a, b) = e.sides();
            let side = |s: Sq| e.side_of(s).unwrap();
            let same_slot = a.x.div_euclid(SECTOR_SIZE) == b.x.div_euclid(SECTOR_SIZE)
                && a.y.div_euclid(SECTOR_SIZE) == b.y.div_euclid(SECTOR_SIZE);
            match (in_slots(a), in_slots(b)) {
                (true, true) if same_slot => Some((a, side(a), true)),
                (true, _) => Some((a, side(a), false)),
                (_, true) => Some((b, side(b), false)),
                _ => None,
            }
        };
        let old_edges = std::mem::take(&mut self.edges);
        let mut moved = Vec::new();
        for (e, st) in old_edges {
            match edge_home(e) {
                None => {
                    self.edges.insert(e, st);
                }
                Some((s, d, interior)) => {
                    let fate = if interior { SeamFate::MoveWithSector } else { seam(e) };
                    match fate {
                        SeamFate::Reset => remap.reset_edges.push(e),
                        SeamFate::StayWithBoard => {
                            self.edges.insert(e, st);
                        }
                        SeamFate::MoveWithSector => {
                            let (t, td) = map(s, d);
                            remap.edges.push((e, t.edge(td)));
                            moved.push((t.edge(td), st));
                        }
                    }
                }
            }
        }
        for (e, st) in moved {
            self.edges.insert(e, st);
        }
        let ids: Vec<u64> = self.obstacles.keys().copied().collect();
        for id in ids {
            let at = self.obstacles[&id].at;
            match at {
                Place::Square(s) if in_slots(s) => {
                    self.obstacles.get_mut(&id).unwrap().at = Place::Square(map(s, Dir::N).0);
                }
                Place::Edge(e) => {
                    if let Some((s, d, interior)) = edge_home(e) {
                        let fate = if interior { SeamFate::MoveWithSector } else { seam(e) };
                        match fate {
                            SeamFate::Reset => {
                                self.obstacles.remove(&id);
                                remap.removed_obstacles.push(id);
                            }
                            SeamFate::StayWithBoard => {}
                            SeamFate::MoveWithSector => {
                                let (t, td) = map(s, d);
                                self.obstacles.get_mut(&id).unwrap().at = Place::Edge(t.edge(td));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        remap
    }

    /// Computes the derived tables, or explains why the data can't make a board.
    fn try_derive(&self) -> Result<Derived, String> {
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
            distance_fields: RefCell::new(FxHashMap::default()),
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
                let r = super::sector::rotate_local_edge(e, p.rot);
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
                        if super::sector::is_rim_opening(local, dir) {
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
