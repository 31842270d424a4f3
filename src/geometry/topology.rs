//! A board's cells and how they touch, whatever their shape: dense cell ids inside, coordinates
//! only where files, Lua and pictures meet the board. Built from a list of coordinates (a hex
//! map has any outline), with regions (the square editions' sectors, a hex map's megahexes) as a
//! partition of the cells. Nothing here asks which shape it has: `shape.rs` and `trace.rs` do
//! the arithmetic of each.

use super::shape::{Bearing, Coord, Direction, Shape};
use super::trace::LineStep;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A cell of a board: an index into its topology's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u32);

/// One side of a cell, shared with the neighbour across it (or on the board's rim).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge(pub u32);

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq)]
pub struct Topology {
    shape: Shape,
    coords: Vec<Coord>,
    index: FxHashMap<Coord, Cell>,
    /// `cell * degree + direction`: the neighbour across that side, or `NONE`.
    neighbour: Vec<u32>,
    /// `cell * degree + direction`: the side's edge id.
    edge: Vec<u32>,
    /// The two sides of each edge: (cell, direction), and the cell across if on the board.
    edge_sides: Vec<(Cell, Direction, Option<Cell>)>,
    region: Vec<u32>,
    /// For each region, the regions whose cells touch its cells.
    region_links: Vec<Vec<u32>>,
}

impl Topology {
    /// A board of the given cells, all in region 0. Refuses a cell listed twice.
    pub fn new(shape: Shape, cells: impl IntoIterator<Item = Coord>) -> Result<Topology, String> {
        let coords: Vec<Coord> = cells.into_iter().collect();
        let mut index = FxHashMap::default();
        for (i, &c) in coords.iter().enumerate() {
            if index.insert(c, Cell(i as u32)).is_some() {
                return Err(format!("the cell {c} is listed twice"));
            }
        }
        let degree = shape.degree();
        let mut t = Topology {
            shape,
            neighbour: vec![NONE; coords.len() * degree],
            edge: vec![NONE; coords.len() * degree],
            edge_sides: Vec::new(),
            region: vec![0; coords.len()],
            region_links: vec![Vec::new()],
            coords,
            index,
        };
        for i in 0..t.coords.len() {
            for d in shape.directions() {
                let slot = i * degree + d.0 as usize;
                let across = t.index.get(&shape.step(t.coords[i], d)).copied();
                t.neighbour[slot] = across.map_or(NONE, |c| c.0);
                // The edge is named once: by the first of its two cells to be visited.
                let back = across.map(|c| c.0 as usize * degree + shape.opposite(d).0 as usize);
                match back.map(|b| t.edge[b]).filter(|&e| e != NONE) {
                    Some(e) => t.edge[slot] = e,
                    None => {
                        t.edge[slot] = t.edge_sides.len() as u32;
                        t.edge_sides.push((Cell(i as u32), d, across));
                    }
                }
            }
        }
        Ok(t)
    }

    /// A `width` by `height` board of rows: each hex row shifted back half a hex every second
    /// row, so the outline stays a rectangle (odd rows stand out half a hex east).
    pub fn rectangle(shape: Shape, width: i32, height: i32) -> Topology {
        let cells = (0..height).flat_map(|b| {
            let shift = match shape {
                Shape::Square => 0,
                Shape::Hex => b.div_euclid(2),
            };
            (0..width).map(move |a| Coord::new(a - shift, b))
        });
        Topology::new(shape, cells).expect("a rectangle lists each cell once")
    }

    /// The hexes within `radius` of (0,0).
    pub fn hexagon(radius: i32) -> Topology {
        let cells = (-radius..=radius)
            .flat_map(|q| (-radius..=radius).map(move |r| Coord::new(q, r)))
            .filter(|&c| Shape::Hex.distance(Coord::new(0, 0), c) <= radius as u32);
        Topology::new(Shape::Hex, cells).expect("a hexagon lists each cell once")
    }

    /// The same board with the cells split into regions: `region[cell]` for each cell.
    pub fn with_regions(mut self, region: Vec<u32>) -> Result<Topology, String> {
        if region.len() != self.len() {
            return Err(format!("{} cells but {} regions given", self.len(), region.len()));
        }
        let count = region.iter().max().map_or(0, |m| *m as usize + 1);
        let mut links = vec![Vec::new(); count];
        for cell in self.cells() {
            for (_, other) in self.neighbours(cell) {
                let (a, b) = (region[cell.0 as usize], region[other.0 as usize]);
                if a != b && !links[a as usize].contains(&b) {
                    links[a as usize].push(b);
                }
            }
        }
        for l in &mut links {
            l.sort_unstable();
        }
        self.region = region;
        self.region_links = links;
        Ok(self)
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn len(&self) -> usize {
        self.coords.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.coords.len() as u32).map(Cell)
    }

    pub fn coord(&self, cell: Cell) -> Coord {
        self.coords[cell.0 as usize]
    }

    pub fn cell_at(&self, c: Coord) -> Option<Cell> {
        self.index.get(&c).copied()
    }

    /// The neighbour across the side of `cell` facing `d`, if it is on the board.
    pub fn step(&self, cell: Cell, d: Direction) -> Option<Cell> {
        let n = self.neighbour[cell.0 as usize * self.shape.degree() + d.0 as usize];
        (n != NONE).then_some(Cell(n))
    }

    /// The neighbours on the board, clockwise from north, with the direction of each.
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = (Direction, Cell)> + '_ {
        self.shape.directions().filter_map(move |d| self.step(cell, d).map(|n| (d, n)))
    }

    /// The edge on the side of `cell` facing `d` (also the edge of the neighbour's other side).
    pub fn edge(&self, cell: Cell, d: Direction) -> Edge {
        Edge(self.edge[cell.0 as usize * self.shape.degree() + d.0 as usize])
    }

    pub fn edge_count(&self) -> usize {
        self.edge_sides.len()
    }

    /// The cell an edge was named from, its side, and the cell across (None on the rim).
    pub fn edge_sides(&self, e: Edge) -> (Cell, Direction, Option<Cell>) {
        self.edge_sides[e.0 as usize]
    }

    /// Steps from one cell to another across sides, on an open plane of cells (walls and the
    /// board's outline are the moves' business).
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        self.shape.distance(self.coord(a), self.coord(b))
    }

    /// The cells of the board exactly `radius` steps from `centre`, in coordinate order.
    pub fn ring(&self, centre: Cell, radius: u32) -> Vec<Cell> {
        self.within(centre, radius, |d| d == radius)
    }

    /// The cells of the board at most `radius` steps from `centre`, in coordinate order.
    pub fn disc(&self, centre: Cell, radius: u32) -> Vec<Cell> {
        self.within(centre, radius, |_| true)
    }

    fn within(&self, centre: Cell, radius: u32, keep: impl Fn(u32) -> bool) -> Vec<Cell> {
        let (o, r) = (self.coord(centre), radius as i32);
        let mut out: Vec<Cell> = (-r..=r)
            .flat_map(|da| (-r..=r).map(move |db| o.plus(Coord::new(da, db))))
            .filter(|&c| {
                let d = self.shape.distance(o, c);
                d <= radius && keep(d)
            })
            .filter_map(|c| self.cell_at(c))
            .collect();
        out.sort_by_key(|&c| self.coord(c));
        out
    }

    /// `cell` turned `turns` sides clockwise about `about`, if it lands on the board.
    pub fn rotate(&self, cell: Cell, about: Cell, turns: i32) -> Option<Cell> {
        let o = self.coord(about);
        self.cell_at(o.plus(self.shape.rotate(self.coord(cell).minus(o), turns)))
    }

    /// The cells a figure covers: its shape's `offsets` (as when it faces north, the anchor at
    /// (0,0)) turned to `facing` and laid from `anchor`. None if any of them is off the board.
    pub fn footprint(&self, anchor: Cell, facing: Direction, offsets: &[Coord]) -> Option<Vec<Cell>> {
        let o = self.coord(anchor);
        offsets.iter().map(|&off| self.cell_at(o.plus(self.shape.rotate(off, facing.0 as i32)))).collect()
    }

    /// Where `to` lies around a figure in `from` facing `facing` (see [`Shape::bearing`]).
    pub fn bearing(&self, from: Cell, facing: Direction, to: Cell) -> Option<Bearing> {
        self.shape.bearing(self.coord(from), facing, self.coord(to))
    }

    /// The cells within `radius` of a figure in `from` facing `facing` whose centres lie in
    /// the given wedges (0 straight ahead, then clockwise: a hex's front is wedges 5, 0 and 1
    /// or more, as the ruleset reads "in front"); a centre on the line between two wedges
    /// counts when either is given and `between` says so. In coordinate order.
    pub fn in_wedges(&self, from: Cell, facing: Direction, wedges: &[u8], radius: u32, between: bool) -> Vec<Cell> {
        self.disc(from, radius)
            .into_iter()
            .filter(|&c| match self.bearing(from, facing, c) {
                Some(Bearing::Inside(w)) => wedges.contains(&w),
                Some(Bearing::Between(a, b)) => between && (wedges.contains(&a) || wedges.contains(&b)),
                None => false,
            })
            .collect()
    }

    /// The straight line between two cell centres (see `trace.rs`), or the first coordinates
    /// off the board it passes (a line over a gap in the board's outline).
    pub fn line(&self, from: Cell, to: Cell) -> Result<Vec<LineStep<Cell>>, Coord> {
        let steps = self.shape.line(self.coord(from), self.coord(to));
        let mut out = Vec::with_capacity(steps.len());
        for step in steps {
            if let Some(off) = step.cells().find(|&c| self.cell_at(c).is_none()) {
                return Err(off);
            }
            out.push(step.map(|c| self.cell_at(c).expect("checked on the board")));
        }
        Ok(out)
    }

    /// Can a figure in `from` see `to` past the cells `filled` (by cells that fill a hex, such
    /// as a created wall)? The two ends never block. `strict` is the ruleset's reading of a
    /// line along a border: strict, a filled cell on either side of a pair the line runs
    /// between, or a filled cell whose corner it grazes, blocks; otherwise only both of a pair
    /// do. Off the board counts as filled.
    pub fn sees(&self, from: Cell, to: Cell, filled: impl Fn(Cell) -> bool, strict: bool) -> bool {
        let ends = [self.coord(from), self.coord(to)];
        let blocks = |c: Coord| self.cell_at(c).is_none_or(&filled);
        !self.shape.walk(ends[0], ends[1]).any(|step| match step {
            LineStep::One(c) => !ends.contains(&c) && blocks(c),
            LineStep::Between(a, b) if strict => blocks(a) || blocks(b),
            LineStep::Between(a, b) => blocks(a) && blocks(b),
            LineStep::Grazes(c) => strict && blocks(c),
        })
    }

    pub fn region_of(&self, cell: Cell) -> u32 {
        self.region[cell.0 as usize]
    }

    /// How many region borders lie between two regions at the fewest (0 for the same region);
    /// None if no chain of touching regions joins them.
    pub fn region_distance(&self, a: u32, b: u32) -> Option<u32> {
        let mut dist = vec![u32::MAX; self.region_links.len()];
        let mut queue = VecDeque::from([a]);
        *dist.get_mut(a as usize)? = 0;
        while let Some(r) = queue.pop_front() {
            if r == b {
                return Some(dist[r as usize]);
            }
            for &n in &self.region_links[r as usize] {
                if dist[n as usize] == u32::MAX {
                    dist[n as usize] = dist[r as usize] + 1;
                    queue.push_back(n);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hex_rectangle_has_its_cells_and_its_edges_shared() {
        let t = Topology::rectangle(Shape::Hex, 4, 3);
        assert_eq!(t.len(), 12);
        // each inner side named once: 12 hexes * 6 sides = shared sides counted twice + rim
        let shared = t.cells().map(|c| t.neighbours(c).count()).sum::<usize>() / 2;
        assert_eq!(t.edge_count(), 12 * 6 - shared);
        let c = t.cell_at(Coord::new(1, 0)).unwrap();
        let n = t.step(c, Direction(3)).unwrap();
        assert_eq!(t.edge(c, Direction(3)), t.edge(n, Direction(0)));
    }

    #[test]
    fn a_line_between_two_hexes_is_blocked_as_the_ruleset_reads_it() {
        let t = Topology::hexagon(3);
        let at = |q, r| t.cell_at(Coord::new(q, r)).unwrap();
        let (from, to) = (at(0, 0), at(2, -1));
        // the line runs between (1,-1) and (1,0): one filled, the other open
        let wall = at(1, -1);
        assert!(t.sees(from, to, |c| c == wall, false));
        assert!(!t.sees(from, to, |c| c == wall, true));
        assert!(!t.sees(from, to, |c| c == wall || c == at(1, 0), false));
        // the ends never block; a hex in the middle of a row does
        assert!(t.sees(from, to, |c| c == from || c == to, true));
        assert!(t.sees(from, from, |_| true, true));
        assert!(!t.sees(at(0, 0), at(2, 0), |c| c == at(1, 0), false));
    }

    #[test]
    fn the_hexes_in_front_of_a_figure() {
        let t = Topology::hexagon(3);
        let o = t.cell_at(Coord::new(0, 0)).unwrap();
        let coords = |cells: Vec<Cell>| cells.into_iter().map(|c| t.coord(c)).collect::<Vec<_>>();
        // facing east: the three front hexes of its ring are NE, E and SE
        let front = coords(t.in_wedges(o, Direction(1), &[0, 1, 5], 1, false));
        assert_eq!(front, vec![Coord::new(0, 1), Coord::new(1, -1), Coord::new(1, 0)]);
        // the rear hex alone: wedge 3
        assert_eq!(coords(t.in_wedges(o, Direction(1), &[3], 1, false)), vec![Coord::new(-1, 0)]);
        // two out, the hex on the line between the front and the front-right wedges
        let ahead = t.in_wedges(o, Direction(1), &[0], 2, false).len();
        let with_lines = t.in_wedges(o, Direction(1), &[0], 2, true).len();
        assert_eq!((ahead, with_lines), (2, 4));
    }

    #[test]
    fn regions_count_borders_between_them() {
        // three columns of squares, each its own region
        let t = Topology::rectangle(Shape::Square, 3, 2);
        let regions = t.cells().map(|c| t.coord(c).a as u32).collect();
        let t = t.with_regions(regions).unwrap();
        assert_eq!(t.region_distance(0, 2), Some(2));
        assert_eq!(t.region_distance(1, 1), Some(0));
        assert_eq!(t.region_distance(0, 7), None);
    }

    #[test]
    fn a_footprint_turns_with_its_figure_and_stays_on_the_board() {
        let t = Topology::hexagon(2);
        let o = t.cell_at(Coord::new(0, 0)).unwrap();
        // a three-hex giant facing north-east: its anchor and the two hexes ahead of it
        let giant = [Coord::new(0, 0), Coord::new(1, -1), Coord::new(0, -1)];
        let south_west = t.footprint(o, Direction(3), &giant).unwrap();
        let coords: Vec<Coord> = south_west.iter().map(|&c| t.coord(c)).collect();
        assert_eq!(coords, vec![Coord::new(0, 0), Coord::new(-1, 1), Coord::new(0, 1)]);
        let rim = t.cell_at(Coord::new(2, -2)).unwrap();
        assert_eq!(t.footprint(rim, Direction(0), &giant), None);
    }
}
