//! Sector faces: the printed 5x5 maps, as data.
//!
//! A face is written cell by cell in the compact code of `shared/data/sector_faces_8th.py`: each
//! cell is a string of wall letters among N, E, S, W, plus `H` (home base), `T` (treasure start)
//! and `d<Dir>` for a door on that side. Interior edges are described from both sides and must
//! agree; doors may be given from one side only.

use super::types::{Dir, EdgeId, Rot, Sq};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Squares on a side of a sector.
pub const SECTOR_SIZE: i32 = 5;
/// Index of the centre row/column: home base and rim openings.
pub const CENTRE: i32 = SECTOR_SIZE / 2;

/// A door printed on a face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DoorSpec {
    /// Colour as printed (doors are coloured by the sector that prints them).
    pub colour: Option<String>,
    /// Why the transcription is doubtful, if it is.
    pub note: Option<String>,
}

/// One printed face of a sector board, in sector-local coordinates (0..5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectorFace {
    pub id: String,
    pub name: String,
    /// Local edges carrying a printed stone wall (rim walls included).
    pub walls: BTreeSet<EdgeId>,
    /// Local edges carrying a printed door.
    #[serde(with = "super::types::map_as_pairs")]
    pub doors: BTreeMap<EdgeId, DoorSpec>,
    pub home: Sq,
    pub treasures: Vec<Sq>,
    /// Set when the map is not from a verified source: says why.
    pub reconstructed: Option<String>,
}

/// A problem found in a face, naming the square (local row/column) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceProblem {
    pub square: Option<Sq>,
    pub problem: String,
}

impl std::fmt::Display for FaceProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.square {
            // Data files are written row by row, so name squares as (row, column) like the data.
            Some(s) => write!(f, "square (row {}, col {}): {}", s.y, s.x, self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

fn in_sector(s: Sq) -> bool {
    (0..SECTOR_SIZE).contains(&s.x) && (0..SECTOR_SIZE).contains(&s.y)
}

/// Is side `d` of local square `s` one of the four rim openings (centre of each side)?
pub fn is_rim_opening(s: Sq, d: Dir) -> bool {
    let last = SECTOR_SIZE - 1;
    match d {
        Dir::N => s.y == 0 && s.x == CENTRE,
        Dir::S => s.y == last && s.x == CENTRE,
        Dir::W => s.x == 0 && s.y == CENTRE,
        Dir::E => s.x == last && s.y == CENTRE,
    }
}

struct Cell {
    walls: BTreeSet<Dir>,
    doors: BTreeSet<Dir>,
    home: bool,
    treasure: bool,
}

fn parse_cell(code: &str, at: Sq) -> Result<Cell, FaceProblem> {
    let mut cell = Cell { walls: BTreeSet::new(), doors: BTreeSet::new(), home: false, treasure: false };
    for tok in code.split_whitespace() {
        match tok {
            "H" => cell.home = true,
            "T" => cell.treasure = true,
            t if t.starts_with('d') && t.len() == 2 => {
                let d = Dir::from_letter(t.chars().nth(1).unwrap()).ok_or_else(|| FaceProblem {
                    square: Some(at),
                    problem: format!("door token `{t}`: expected d followed by N, E, S or W"),
                })?;
                cell.doors.insert(d);
            }
            t => {
                for c in t.chars() {
                    let d = Dir::from_letter(c).filter(|_| c.is_ascii_uppercase()).ok_or_else(|| FaceProblem {
                        square: Some(at),
                        problem: format!(
                            "unknown token `{t}` in cell `{code}`: expected wall letters N/E/S/W, H, T or d<Dir>"
                        ),
                    })?;
                    cell.walls.insert(d);
                }
            }
        }
    }
    Ok(cell)
}

impl SectorFace {
    /// Builds a face from its rows of cell codes, checking it against the rules every sector
    /// follows: interior edges agree from both sides, the rim is walled except for an opening at
    /// the centre of each side, the home base is the centre square, two treasure start squares.
    /// Every problem found is returned, not just the first.
    pub fn from_rows(
        id: &str,
        name: &str,
        rows: &[Vec<String>],
        door_specs: &BTreeMap<(Sq, Dir), DoorSpec>,
    ) -> Result<SectorFace, Vec<FaceProblem>> {
        let mut problems = Vec::new();
        if rows.len() != SECTOR_SIZE as usize || rows.iter().any(|r| r.len() != SECTOR_SIZE as usize) {
            return Err(vec![FaceProblem {
                square: None,
                problem: format!(
                    "expected {SECTOR_SIZE} rows of {SECTOR_SIZE} cells, found {} rows ({})",
                    rows.len(),
                    rows.iter().map(|r| r.len().to_string()).collect::<Vec<_>>().join(", ")
                ),
            }]);
        }
        let mut cells = BTreeMap::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, code) in row.iter().enumerate() {
                let at = Sq::new(x as i32, y as i32);
                match parse_cell(code, at) {
                    Ok(c) => {
                        cells.insert(at, c);
                    }
                    Err(p) => problems.push(p),
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }

        let mut walls = BTreeSet::new();
        let mut doors = BTreeMap::new();
        let mut homes = Vec::new();
        let mut treasures = Vec::new();
        for (&at, cell) in &cells {
            if cell.home {
                homes.push(at);
            }
            if cell.treasure {
                treasures.push(at);
            }
            for d in Dir::ALL {
                let edge = at.edge(d);
                let wall = cell.walls.contains(&d);
                let door = cell.doors.contains(&d);
                if wall && door {
                    problems.push(FaceProblem {
                        square: Some(at),
                        problem: format!("side {d} has both a wall and a door"),
                    });
                }
                let next = at.step(d);
                if in_sector(next) {
                    let other = &cells[&next];
                    let back = d.opposite();
                    if wall != other.walls.contains(&back) {
                        problems.push(FaceProblem {
                            square: Some(at),
                            problem: format!(
                                "edges disagree: side {d} is {} here but side {back} of (row {}, col {}) is {}",
                                if wall { "walled" } else { "open" },
                                next.y,
                                next.x,
                                if other.walls.contains(&back) { "walled" } else { "open" },
                            ),
                        });
                    }
                    if door && other.walls.contains(&back) {
                        problems.push(FaceProblem {
                            square: Some(at),
                            problem: format!("door on side {d} but the neighbour draws a wall there"),
                        });
                    }
                } else if is_rim_opening(at, d) {
                    if wall {
                        problems.push(FaceProblem {
                            square: Some(at),
                            problem: format!("rim opening missing: side {d} is the centre of the rim and must be open"),
                        });
                    }
                } else if !wall {
                    problems.push(FaceProblem { square: Some(at), problem: format!("outer wall missing on side {d}") });
                }
                if wall {
                    walls.insert(edge);
                }
                if door {
                    // Details may name the door from either side of its edge.
                    let spec = door_specs
                        .get(&(at, d))
                        .or_else(|| door_specs.get(&(next, d.opposite())))
                        .cloned()
                        .unwrap_or_default();
                    doors.insert(edge, spec);
                }
            }
        }
        for &(at, d) in door_specs.keys() {
            if !in_sector(at) || !doors.contains_key(&at.edge(d)) {
                problems.push(FaceProblem {
                    square: Some(at),
                    problem: format!("door details given for side {d}, but the map has no door there"),
                });
            }
        }
        let centre = Sq::new(CENTRE, CENTRE);
        match homes.as_slice() {
            [] => problems.push(FaceProblem {
                square: Some(centre),
                problem: "no home base (H) in the sector: the centre square must be the home base".into(),
            }),
            [h] if *h != centre => problems
                .push(FaceProblem { square: Some(*h), problem: "the home base must be the centre square".into() }),
            [_] => {}
            many => problems.push(FaceProblem {
                square: Some(many[1]),
                problem: format!("{} home bases; a sector has exactly one", many.len()),
            }),
        }
        if treasures.len() != 2 {
            problems.push(FaceProblem {
                square: treasures.get(2).copied(),
                problem: format!("{} treasure start squares (T); a sector has exactly two", treasures.len()),
            });
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(SectorFace {
            id: id.to_string(),
            name: name.to_string(),
            walls,
            doors,
            home: centre,
            treasures,
            reconstructed: None,
        })
    }
}

/// The cell code of a plain sector: the rim with its four openings, the home base and two
/// treasure squares, nothing inside. For tests, benchmarks and checking layouts on their own.
pub const PLAIN_ROWS: [[&str; 5]; 5] = [
    ["NW", "N", "", "N", "NE"],
    ["W", "T", "", "", "E"],
    ["", "", "H", "", ""],
    ["W", "", "", "T", "E"],
    ["SW", "S", "", "S", "SE"],
];

impl SectorFace {
    /// A plain sector (see [`PLAIN_ROWS`]) named `id`.
    pub fn plain(id: &str) -> SectorFace {
        let rows: Vec<Vec<String>> = PLAIN_ROWS.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect();
        SectorFace::from_rows(id, id, &rows, &BTreeMap::new()).expect("the plain face is valid")
    }
}

/// Maps a local square of a sector placed with rotation `rot` to its rotated local square.
pub fn rotate_local(s: Sq, rot: Rot) -> Sq {
    let (x, y) = rot.apply((s.x - CENTRE, s.y - CENTRE));
    Sq::new(x + CENTRE, y + CENTRE)
}

/// Maps a local edge through a rotation of the sector.
pub fn rotate_local_edge(e: EdgeId, rot: Rot) -> EdgeId {
    // Name the edge from a square inside the sector, rotate both.
    let (a, b) = e.sides();
    let (inside, d) = if in_sector(b) {
        (b, if e.horizontal { Dir::N } else { Dir::W })
    } else {
        (a, if e.horizontal { Dir::S } else { Dir::E })
    };
    rotate_local(inside, rot).edge(d.turn(rot))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Vec<Vec<String>> {
        PLAIN_ROWS.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect()
    }

    #[test]
    fn a_plain_face_loads() {
        let f = SectorFace::from_rows("p", "plain", &plain(), &BTreeMap::new()).unwrap();
        assert_eq!(f.home, Sq::new(2, 2));
        assert_eq!(f.treasures.len(), 2);
        assert_eq!(f.walls.len(), 16);
    }

    #[test]
    fn disagreeing_edges_are_reported_with_the_square() {
        let mut r = plain();
        r[1][1] = "T E".into();
        let err = SectorFace::from_rows("p", "plain", &r, &BTreeMap::new()).unwrap_err();
        assert!(err[0].to_string().contains("row 1, col 1"), "{}", err[0]);
        assert!(err[0].to_string().contains("edges disagree"));
    }

    #[test]
    fn rotation_maps_north_to_east() {
        assert_eq!(rotate_local(Sq::new(2, 0), Rot(1)), Sq::new(4, 2));
        let e = Sq::new(2, 0).edge(Dir::N);
        assert_eq!(rotate_local_edge(e, Rot(1)), Sq::new(4, 2).edge(Dir::E));
        assert_eq!(rotate_local_edge(e, Rot(2)), Sq::new(2, 4).edge(Dir::S));
    }
}
