//! A board laid from a map file (`map.rs`): cells of either shape, regions and marks, and no
//! sectors, border lines, links or columns. What blocks stands on cells (obstacles), steps go
//! to the neighbours of the board's [`Topology`], and sight is the exact line of `trace.rs`.
//!
//! The board answers the same questions whatever it was laid from (`contains`, `squares`,
//! `los`, `distance`, `neighbours`, ...): the methods below are the map board's answers, and
//! the shape-free ones (`cell_steps`, `region_of`, `ring`, `in_wedges`, ...) answer on sector
//! boards too, from the squares' own topology (without portals and warps: geometry only).

use super::board::Board;
use super::map::Map;
use super::shape::{Bearing, Coord, Direction, Shape};
use super::topology::{Cell, Topology};
use super::trace::LineStep;
use super::types::Sq;
use serde::{Deserialize, Serialize};
use std::cell::OnceCell;
use std::rc::Rc;

/// What a save keeps of a map board: its cells, regions and marks, as the file gave them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MapCells {
    pub shape: Shape,
    /// The cells in the file's order: row by row, north first.
    pub cells: Vec<Coord>,
    /// Each cell's region (numbered in order of first appearance).
    pub region: Vec<u32>,
    /// Each cell's marks (names the map file gives them).
    pub marks: Vec<Vec<String>>,
    #[serde(skip)]
    topology: OnceCell<Rc<Topology>>,
}

impl PartialEq for MapCells {
    fn eq(&self, o: &MapCells) -> bool {
        self.shape == o.shape && self.cells == o.cells && self.region == o.region && self.marks == o.marks
    }
}

impl MapCells {
    pub fn of(map: &Map) -> MapCells {
        let t = &map.topology;
        MapCells {
            shape: t.shape(),
            cells: t.cells().map(|c| t.coord(c)).collect(),
            region: t.cells().map(|c| t.region_of(c)).collect(),
            marks: map.marks.clone(),
            topology: OnceCell::new(),
        }
    }

    /// The cells' topology, built once (a save brings the cells only).
    pub fn topology(&self) -> Result<Rc<Topology>, String> {
        if let Some(t) = self.topology.get() {
            return Ok(t.clone());
        }
        if self.region.len() != self.cells.len() || self.marks.len() != self.cells.len() {
            return Err(format!(
                "the map lists {} cells, {} regions and {} mark lists",
                self.cells.len(),
                self.region.len(),
                self.marks.len()
            ));
        }
        let t = Rc::new(Topology::new(self.shape, self.cells.iter().copied())?.with_regions(self.region.clone())?);
        Ok(self.topology.get_or_init(|| t).clone())
    }
}

/// A map board's derived tables: its topology and what blocks each cell.
#[derive(Debug)]
pub(crate) struct MapDerived {
    pub topology: Rc<Topology>,
    pub blocks_los: Vec<bool>,
    pub blocks_move: Vec<bool>,
}

pub fn coord(s: Sq) -> Coord {
    Coord::new(s.x, s.y)
}

pub fn sq(c: Coord) -> Sq {
    Sq::new(c.a, c.b)
}

impl MapDerived {
    pub fn cell(&self, s: Sq) -> Option<Cell> {
        self.topology.cell_at(coord(s))
    }
    pub fn sq(&self, c: Cell) -> Sq {
        sq(self.topology.coord(c))
    }
    /// Lines of sight between cell centres: filled cells block; a line running exactly
    /// between two cells is blocked only when both are filled, and grazing a corner never
    /// blocks (the lenient reading; a ruleset wanting the strict one reads `Board::line`).
    pub fn sees(&self, a: Cell, b: Cell, limit: Option<u32>) -> bool {
        limit.is_none_or(|l| self.topology.distance(a, b) <= l)
            && self.topology.sees(a, b, |c| self.blocks_los[c.0 as usize], false)
    }

    /// `Board::los` on a map.
    pub fn los(&self, a: Sq, b: Sq, limit: Option<u32>) -> bool {
        match (self.cell(a), self.cell(b)) {
            (Some(a), Some(b)) => self.sees(a, b, limit),
            _ => false,
        }
    }

    /// `Board::visible_from` on a map.
    pub fn visible_from(&self, a: Sq, limit: Option<u32>) -> Vec<Sq> {
        let Some(a) = self.cell(a) else { return Vec::new() };
        self.topology.cells().filter(|&c| self.sees(a, c, limit)).map(|c| self.sq(c)).collect()
    }

    /// `Board::neighbours` on a map.
    pub fn neighbours(&self, a: Sq) -> Vec<Sq> {
        let Some(a) = self.cell(a) else { return Vec::new() };
        self.topology.neighbours(a).map(|(_, n)| self.sq(n)).collect()
    }

    /// Steps needed between two cells ignoring what stands on them: across the map's cells, so
    /// around a gap in its outline (as the crow flies on a map without one).
    pub fn distance(&self, a: Sq, b: Sq) -> Option<u32> {
        let (from, to) = (self.cell(a)?, self.cell(b)?);
        let (cost, _) = self.moves(from, u32::MAX, true, Some(to));
        Some(cost[to.0 as usize]).filter(|&c| c != u32::MAX)
    }

    /// `Board::line_squares` on a map: the cells a line from `a` passes on its way to `b`,
    /// after `a` and ending with `b`, both of a pair it runs exactly between. None if either
    /// end is off the board, or out of sight range.
    pub fn line_cells(&self, a: Sq, b: Sq, limit: Option<u32>) -> Option<Vec<Sq>> {
        let (from, to) = (self.cell(a)?, self.cell(b)?);
        if limit.is_some_and(|l| self.topology.distance(from, to) > l) {
            return None;
        }
        if from == to {
            return Some(vec![b]);
        }
        let steps = self.topology.line(from, to).ok()?;
        let cells = steps.into_iter().flat_map(|s| match s {
            LineStep::One(c) => vec![c],
            LineStep::Between(x, y) => vec![x, y],
            LineStep::Grazes(_) => vec![],
        });
        Some(cells.filter(|&c| c != from).map(|c| self.sq(c)).collect())
    }

    /// `Board::reachable` on a map: the fewest moves to every cell within `points`.
    pub fn reachable(&self, from: Sq, points: u32, through: bool) -> std::collections::BTreeMap<Sq, u32> {
        let Some(from) = self.cell(from) else { return Default::default() };
        let (cost, _) = self.moves(from, points, through, None);
        self.topology
            .cells()
            .filter(|c| cost[c.0 as usize] != u32::MAX)
            .map(|c| (self.sq(c), cost[c.0 as usize]))
            .collect()
    }

    /// A map's moves: to a neighbour not filled by something that blocks movement (unless the
    /// mover passes obstacles), each costing one point. The fewest moves to every cell within
    /// `points` (searched no further than `stop`), and the way back to `from` (each cell's
    /// previous cell, ties broken clockwise).
    fn moves(&self, from: Cell, points: u32, through: bool, stop: Option<Cell>) -> (Vec<u32>, Vec<u32>) {
        let n = self.topology.len();
        let (mut cost, mut prev) = (vec![u32::MAX; n], vec![u32::MAX; n]);
        cost[from.0 as usize] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            let here = cost[c.0 as usize];
            if here == points || Some(c) == stop {
                continue;
            }
            for (_, next) in self.topology.neighbours(c) {
                let i = next.0 as usize;
                if cost[i] == u32::MAX && (through || !self.blocks_move[i]) {
                    (cost[i], prev[i]) = (here + 1, c.0);
                    queue.push_back(next);
                }
            }
        }
        (cost, prev)
    }
}

impl Board {
    /// A board laid from a map file: its cells, regions and marks, nothing standing on it.
    pub fn from_map(map: &Map) -> Result<Board, String> {
        let layout = super::Layout {
            id: map.id.clone(),
            name: map.name.clone(),
            players: 0,
            slots: Vec::new(),
            portals: Vec::new(),
            warps: Vec::new(),
            reconstructed: map.reconstructed.clone(),
        };
        let board = Board::laid_from_cells(layout, MapCells::of(map));
        board.map_derived_check()?;
        Ok(board)
    }

    /// The map's cells, if the board was laid from a map file.
    pub fn map_cells(&self) -> Option<&MapCells> {
        self.map.as_deref()
    }

    /// Which cells the board has.
    pub fn shape(&self) -> Shape {
        self.map.as_ref().map_or(Shape::Square, |m| m.shape)
    }

    /// The board's cells and how they touch: a map's, or the squares' (regions: sectors).
    pub fn topology(&self) -> Rc<Topology> {
        let d = self.derived();
        if let Some(m) = &d.map {
            return m.topology.clone();
        }
        d.square_topology
            .get_or_init(|| {
                let squares = self.squares();
                let region = squares.iter().map(|&s| self.sector_of(s).unwrap_or(0) as u32).collect();
                let t = Topology::new(Shape::Square, squares.into_iter().map(coord)).expect("each square once");
                Rc::new(t.with_regions(region).expect("a region a square"))
            })
            .clone()
    }

    /// The cells of the board beyond each side of `s`, by direction name ("N", "NE", ...),
    /// clockwise; through portals and warps on a sector board, as `step` goes.
    pub fn cell_steps(&self, s: Sq) -> Vec<(&'static str, Sq)> {
        if self.map.is_none() {
            return super::Dir::ALL
                .into_iter()
                .filter_map(|d| self.step(s, d).map(|step| (d.name(), step.to)))
                .collect();
        }
        let shape = self.shape();
        let t = self.topology();
        match t.cell_at(coord(s)) {
            Some(c) => t.neighbours(c).map(|(d, n)| (shape.name(d), sq(t.coord(n)))).collect(),
            None => Vec::new(),
        }
    }

    /// The region of `s`: its sector on a sector board, its region (a megahex) on a map.
    pub fn region_of(&self, s: Sq) -> Option<u32> {
        let t = self.topology();
        t.cell_at(coord(s)).map(|c| t.region_of(c))
    }

    /// A cell as people name it: on a map, its column and row as the text picture numbers
    /// them, two digits each ("0406": column 4, row 6), the way hex maps are numbered; on a
    /// sector board, `(x,y)`.
    pub fn cell_name(&self, s: Sq) -> String {
        if self.map.is_none() {
            return s.to_string();
        }
        let t = self.topology();
        match t.cell_at(coord(s)) {
            Some(c) => {
                let (col, row) = super::picture::cell_number(&t, c);
                format!("{col:02}{row:02}")
            }
            None => s.to_string(),
        }
    }

    /// How many region borders lie between the regions of two cells at the fewest.
    pub fn region_distance(&self, a: Sq, b: Sq) -> Option<u32> {
        self.topology().region_distance(self.region_of(a)?, self.region_of(b)?)
    }

    /// The cells a map marks with `mark`, in the map's order (none on a sector board).
    pub fn marked(&self, mark: &str) -> Vec<Sq> {
        let Some(m) = &self.map else { return Vec::new() };
        m.cells.iter().zip(&m.marks).filter(|(_, ms)| ms.iter().any(|x| x == mark)).map(|(&c, _)| sq(c)).collect()
    }

    /// The marks a map gives the cell `s`.
    pub fn marks_at(&self, s: Sq) -> Vec<String> {
        let Some(m) = &self.map else { return Vec::new() };
        m.cells.iter().position(|&c| c == coord(s)).map(|i| m.marks[i].clone()).unwrap_or_default()
    }

    /// The cells exactly `radius` steps from `centre` (as the crow flies), in coordinate order.
    pub fn ring(&self, centre: Sq, radius: u32) -> Vec<Sq> {
        self.cells_by(centre, |t, c| t.ring(c, radius))
    }

    /// The cells at most `radius` steps from `centre` (as the crow flies), in coordinate order.
    pub fn disc(&self, centre: Sq, radius: u32) -> Vec<Sq> {
        self.cells_by(centre, |t, c| t.disc(c, radius))
    }

    /// The cells within `radius` of a figure on `from` facing `facing` whose centres lie in the
    /// given wedges (see [`Topology::in_wedges`]).
    pub fn in_wedges(&self, from: Sq, facing: Direction, wedges: &[u8], radius: u32, between: bool) -> Vec<Sq> {
        self.cells_by(from, |t, c| t.in_wedges(c, facing, wedges, radius, between))
    }

    /// Where `to` lies around a figure on `from` facing `facing`.
    pub fn bearing(&self, from: Sq, facing: Direction, to: Sq) -> Option<Bearing> {
        let t = self.topology();
        t.bearing(t.cell_at(coord(from))?, facing, t.cell_at(coord(to))?)
    }

    /// The cells a figure covers (its `offsets` as when facing the first direction), or None if
    /// any is off the board.
    pub fn footprint(&self, anchor: Sq, facing: Direction, offsets: &[Coord]) -> Option<Vec<Sq>> {
        let t = self.topology();
        let cells = t.footprint(t.cell_at(coord(anchor))?, facing, offsets)?;
        Some(cells.into_iter().map(|c| sq(t.coord(c))).collect())
    }

    /// The cells a figure anchored on `at` covers: its `footprint` (see `footprint`), or the
    /// anchor alone when it has none. None if any is off the board.
    pub fn figure_cells(&self, at: Sq, facing: Direction, footprint: &[Coord]) -> Option<Vec<Sq>> {
        if footprint.is_empty() {
            return self.contains(at).then(|| vec![at]);
        }
        self.footprint(at, facing, footprint)
    }

    /// The straight line between two cell centres, step by step (see `trace.rs`); None if an
    /// end is off the board or the line leaves it.
    pub fn line(&self, from: Sq, to: Sq) -> Option<Vec<LineStep<Sq>>> {
        let t = self.topology();
        let steps = t.line(t.cell_at(coord(from))?, t.cell_at(coord(to))?).ok()?;
        Some(steps.into_iter().map(|s| s.map(|c| sq(t.coord(c)))).collect())
    }

    fn cells_by(&self, at: Sq, f: impl Fn(&Topology, Cell) -> Vec<Cell>) -> Vec<Sq> {
        let t = self.topology();
        match t.cell_at(coord(at)) {
            Some(c) => f(&t, c).into_iter().map(|c| sq(t.coord(c))).collect(),
            None => Vec::new(),
        }
    }

    /// A map board's tables (None for a sector board), or why its data makes no board.
    pub(crate) fn derive_map(&self, m: &MapCells) -> Result<MapDerived, String> {
        let topology = m.topology()?;
        let mut d =
            MapDerived { blocks_los: vec![false; topology.len()], blocks_move: vec![false; topology.len()], topology };
        for o in self.obstacles().values() {
            let s = match o.at {
                super::Place::Square(s) => s,
                super::Place::Edge(e) => return Err(format!("an obstacle stands on edge {e}: a map board has none")),
            };
            let c = d.cell(s).ok_or_else(|| format!("an obstacle stands on {s}, off the board"))?;
            d.blocks_los[c.0 as usize] |= o.blocks_los;
            d.blocks_move[c.0 as usize] |= o.blocks_move;
        }
        Ok(d)
    }

    fn map_derived_check(&self) -> Result<(), String> {
        match &self.map {
            Some(m) => self.derive_map(m).map(|_| ()),
            None => Ok(()),
        }
    }
}

/// A map board's label for each cell: the glyphs of the marks on it, else `#` where something
/// fills it, else nothing.
fn map_labels(board: &Board, overlay: &super::render::Overlay) -> impl Fn(Cell) -> Option<String> {
    let t = board.topology();
    let marks: std::collections::BTreeMap<Sq, Vec<char>> =
        overlay.by_square().into_iter().map(|(s, ms)| (s, ms.iter().map(|m| m.glyph).collect())).collect();
    let filled: Vec<Sq> = board
        .obstacles()
        .values()
        .filter_map(|o| match o.at {
            super::Place::Square(s) if o.blocks_move => Some(s),
            _ => None,
        })
        .collect();
    move |c| {
        let at = sq(t.coord(c));
        match marks.get(&at) {
            Some(glyphs) => Some(glyphs.iter().collect()),
            None => filled.contains(&at).then(|| "#".to_string()),
        }
    }
}

/// A map board as text: its cells (a hex row a line, numbered), then the marks' key, each
/// cell by its name (`Board::cell_name`).
pub fn map_text(board: &Board, overlay: &super::render::Overlay) -> String {
    let mut out = format!("{}\n\n", board.layout().name);
    out.push_str(&super::picture::text(&board.topology(), map_labels(board, overlay)));
    for m in &overlay.marks {
        out.push_str(&format!("{} {} at {}\n", m.glyph, m.label, board.cell_name(m.at)));
    }
    out
}

/// A map board as SVG: the cells shaded by region, the marks' glyphs on them.
pub fn map_svg(board: &Board, overlay: &super::render::Overlay) -> String {
    const SHADES: [&str; 4] = ["#f4efe1", "#e1ead4", "#dde6ef", "#efdfe4"];
    let t = board.topology();
    let shade = |c: Cell| Some(SHADES[t.region_of(c) as usize % SHADES.len()].to_string());
    super::picture::svg(&t, map_labels(board, overlay), shade)
}

impl Board {
    /// A straight run on a map from `from` heading `d`, at most `max` cells (push-back, a
    /// missile's path): the cells entered, and why it stopped (a filled cell unless the mover
    /// passes obstacles, the map's rim, or its length). None on a sector board (`run` there).
    pub fn map_run(&self, from: Sq, d: Direction, max: u32, through: bool) -> Option<(Vec<Sq>, super::moves::RunStop)> {
        use super::moves::RunStop;
        let der = self.derived();
        let m = der.map.as_ref()?;
        let mut at = m.cell(from)?;
        let mut cells = Vec::new();
        while (cells.len() as u32) < max {
            let Some(next) = m.topology.step(at, d) else { return Some((cells, RunStop::Rim)) };
            if !through && m.blocks_move[next.0 as usize] {
                return Some((cells, RunStop::Square(m.sq(next))));
            }
            cells.push(m.sq(next));
            at = next;
        }
        Some((cells, RunStop::Length))
    }

    /// The single moves a `mover` on `at` may make, clockwise: by direction name, to where,
    /// and whether through a link (walls and doors as it passes them on a sector board, filled
    /// cells on a map).
    pub fn cell_moves(&self, at: Sq, mover: &super::moves::Mover) -> Vec<(&'static str, Sq, bool)> {
        let d = self.derived();
        let Some(m) = &d.map else {
            let name = |step: &super::Step| {
                super::Dir::ALL.into_iter().find(|&d| step.exit_edge == at.edge(d)).expect("a side of at").name()
            };
            return self.moves(at, mover).into_iter().map(|s| (name(&s), s.to, s.via_link)).collect();
        };
        let Some(c) = m.cell(at) else { return Vec::new() };
        let shape = m.topology.shape();
        m.topology
            .neighbours(c)
            .filter(|(_, n)| mover.through_obstacles || !m.blocks_move[n.0 as usize])
            .map(|(d, n)| (shape.name(d), m.sq(n), false))
            .collect()
    }

    /// A shortest path of single moves from `from` to `to` (the cells after `from`), walls and
    /// doors as `mover` passes them on a sector board, filled cells on a map.
    pub fn cell_path(&self, from: Sq, to: Sq, mover: &super::moves::Mover) -> Option<Vec<Sq>> {
        let d = self.derived();
        let Some(m) = &d.map else {
            return self.path(from, to, mover).map(|p| p.into_iter().map(|s| s.to).collect());
        };
        let (a, b) = (m.cell(from)?, m.cell(to)?);
        let (cost, prev) = m.moves(a, u32::MAX, mover.through_obstacles, Some(b));
        if cost[b.0 as usize] == u32::MAX {
            return None;
        }
        let mut path = vec![b];
        while let Some(&c) = path.last().filter(|&&c| c != a) {
            path.push(Cell(prev[c.0 as usize]));
        }
        path.pop();
        path.reverse();
        Some(path.into_iter().map(|c| m.sq(c)).collect())
    }
}
