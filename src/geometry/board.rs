//! The board: sectors placed by a layout, the terrain on every edge, obstacles, and the links
//! that join rim edges (wrap-around, portals, warps).
//!
//! The board is plain serde data (layout, faces, placements, edge alterations, obstacles);
//! everything else (which square belongs to which sector, the link table, blocking flags,
//! columns, line-of-sight fields) is derived into a cache that every mutation throws away. The
//! lines of sight are kept apart, by what they read (`SightKey`), for the last few states: a
//! board often comes back to a state it had (a door opened and closed again).
//!
//! This file keeps the type, its data and its plain questions (sectors, squares, steps, links,
//! obstacles); `edges.rs` the lines and what stands on them, `sectors.rs` the changes to the
//! map (turning, swapping and moving sectors), `derived.rs` the tables worked out from the data.

mod derived;
mod edges;
mod sectors;

use derived::Sight;
pub(crate) use derived::{Derived, EdgeField, LineField};
pub use edges::{Alteration, DoorRuntime, DoorView, EdgeState, EdgeView};
pub use sectors::{Remap, SeamFate};

use super::layout::Layout;
use super::map_board::MapCells;
use super::sector::{rotate_local, SectorFace, CENTRE, SECTOR_SIZE};
use super::types::{Dir, EdgeId, Rot, Sq};
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
}
