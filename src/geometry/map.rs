//! Map files: a whole board of any shape drawn as rows of cells, for games whose map is one
//! printed sheet rather than sectors laid out (a hex arena split into megahexes). The kernel
//! reads regions and marks and knows no meaning for either: the ruleset names what a mark is
//! (an entrance, a shaded hex) in the file's own `marks` table.
//!
//! ```toml
//! id = "arena"
//! name = "The arena"
//! shape = "hex"                 # or "square"
//! reconstructed = "why"         # where the map is rebuilt rather than read off a source
//! marks = { "*" = "entrance", "~" = "shaded" }
//! rows = [
//!   "a  a  b*",                 # one string a row, north first, cells apart by spaces
//!   "  a  b~  b",               # each cell: its region's letter, then its marks; "-" no cell
//! ]
//! ```
//!
//! Hex rows follow [`Topology::rectangle`]: row r starts at q = -(r div 2), so odd rows stand
//! out half a hex east. Every problem is reported with the file, its line and the cell.

use super::load::{DataError, Source};
use super::shape::{Coord, Shape};
use super::topology::{Cell, Topology};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// A board read from a map file.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub id: String,
    pub name: String,
    pub reconstructed: Option<String>,
    /// The cells, with the regions as the topology's regions (numbered in order of first
    /// appearance, `region_names` giving each one's letter).
    pub topology: Topology,
    pub region_names: Vec<char>,
    /// Each cell's marks (the `marks` table's names), in the order the file gives them.
    pub marks: Vec<Vec<String>>,
    /// The character the file writes each mark with.
    pub mark_chars: BTreeMap<String, char>,
}

impl Map {
    /// The cells carrying `mark`, in cell order.
    pub fn marked(&self, mark: &str) -> Vec<Cell> {
        self.topology.cells().filter(|c| self.marks[c.0 as usize].iter().any(|m| m == mark)).collect()
    }

    /// A cell as the file writes it: its region's letter and its first mark.
    pub fn label(&self, cell: Cell) -> String {
        let region = self.region_names[self.topology.region_of(cell) as usize];
        let mark = self.marks[cell.0 as usize].first().and_then(|m| self.mark_chars.get(m));
        format!("{region}{}", mark.map(|c| c.to_string()).unwrap_or_default())
    }

    /// The map as text (a hex row a line), then what its marks mean.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n\n", self.name);
        out.push_str(&super::picture::text(&self.topology, |c| Some(self.label(c))));
        let key: Vec<String> = self.mark_chars.iter().map(|(name, c)| format!("{c} {name}")).collect();
        if !key.is_empty() {
            out.push_str(&format!("\nletters: regions; marks: {}\n", key.join(", ")));
        }
        out
    }

    /// The map as SVG, the regions in alternating shades.
    pub fn svg(&self) -> String {
        const SHADES: [&str; 4] = ["#f4efe1", "#e1ead4", "#dde6ef", "#efdfe4"];
        super::picture::svg(
            &self.topology,
            |c| Some(self.label(c)),
            |c| Some(SHADES[self.topology.region_of(c) as usize % SHADES.len()].to_string()),
        )
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    id: String,
    name: String,
    shape: Spanned<String>,
    #[serde(default)]
    #[allow(dead_code)] // (read by people: where the map comes from)
    source: Option<String>,
    #[serde(default)]
    reconstructed: Option<String>,
    #[serde(default)]
    marks: BTreeMap<String, String>,
    rows: Spanned<Vec<Spanned<String>>>,
}

/// Reads a map file, reporting every problem found.
pub fn load_map(path: &Path) -> Result<Map, Vec<DataError>> {
    let src = Source::read(path)?;
    let raw: RawMap = src.parse()?;
    let mut errors = vec![];
    let shape =
        Shape::parse(raw.shape.get_ref()).unwrap_or_else(|| {
            errors.push(src.error(
                Some(raw.shape.span()),
                format!("shape {:?}: expected \"square\" or \"hex\"", raw.shape.get_ref()),
            ));
            Shape::Square
        });
    let mut mark_names: BTreeMap<char, String> = BTreeMap::new();
    for (key, name) in &raw.marks {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_alphanumeric() && c != '-' => {
                mark_names.insert(c, name.clone());
            }
            _ => errors
                .push(src.error(None, format!("marks: {key:?}: expected one character, not a letter, digit or '-'"))),
        }
    }
    if raw.rows.get_ref().is_empty() {
        errors.push(src.error(Some(raw.rows.span()), "rows: expected at least one row of cells"));
    }
    let (mut coords, mut regions, mut marks, mut names) = (vec![], vec![], vec![], Vec::<char>::new());
    for (r, row) in raw.rows.get_ref().iter().enumerate() {
        let start = match shape {
            Shape::Square => 0,
            Shape::Hex => -(r as i32).div_euclid(2),
        };
        for (i, token) in row.get_ref().split_whitespace().enumerate() {
            let at = Coord::new(start + i as i32, r as i32);
            if token == "-" {
                continue;
            }
            let mut chars = token.chars();
            let region = chars.next().expect("a token has a character");
            if !region.is_alphanumeric() {
                errors.push(
                    src.error(Some(row.span()), format!("cell {at} ({token:?}): expected its region's letter first")),
                );
                continue;
            }
            let mut cell_marks = vec![];
            for m in chars {
                match mark_names.get(&m) {
                    Some(name) => cell_marks.push(name.clone()),
                    None => errors.push(src.error(
                        Some(row.span()),
                        format!(
                            "cell {at} ({token:?}): mark {m:?} is not in the marks table (it has {:?})",
                            mark_names.keys().collect::<String>()
                        ),
                    )),
                }
            }
            let index = names.iter().position(|&n| n == region).unwrap_or_else(|| {
                names.push(region);
                names.len() - 1
            });
            coords.push(at);
            regions.push(index as u32);
            marks.push(cell_marks);
        }
    }
    let topology = Topology::new(shape, coords).and_then(|t| t.with_regions(regions));
    let topology = match topology {
        Ok(t) => t,
        Err(e) => {
            errors.push(src.error(Some(raw.rows.span()), e));
            return Err(errors);
        }
    };
    for (i, &name) in names.iter().enumerate() {
        if let Some((a, b)) = split_region(&topology, i as u32) {
            errors.push(src.error(
                Some(raw.rows.span()),
                format!(
                    "region {name:?} is in pieces: {} and {} are not joined through it",
                    topology.coord(a),
                    topology.coord(b)
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mark_chars = mark_names.into_iter().map(|(c, name)| (name, c)).collect();
    Ok(Map {
        id: raw.id,
        name: raw.name,
        reconstructed: raw.reconstructed,
        topology,
        region_names: names,
        marks,
        mark_chars,
    })
}

/// Two cells of `region` that no path inside it joins, if it is in pieces.
fn split_region(t: &Topology, region: u32) -> Option<(Cell, Cell)> {
    let cells: Vec<Cell> = t.cells().filter(|&c| t.region_of(c) == region).collect();
    let first = *cells.first()?;
    let mut reached = vec![first];
    let mut next = 0;
    while next < reached.len() {
        let here = reached[next];
        next += 1;
        for (_, n) in t.neighbours(here) {
            if t.region_of(n) == region && !reached.contains(&n) {
                reached.push(n);
            }
        }
    }
    cells.into_iter().find(|c| !reached.contains(c)).map(|c| (first, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map file of a test's own, its folder removed when it is dropped.
    struct MapFile(std::path::PathBuf);

    impl std::ops::Deref for MapFile {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for MapFile {
        fn drop(&mut self) {
            if let Some(dir) = self.0.parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }

    fn write(name: &str, text: &str) -> MapFile {
        let dir = std::env::temp_dir().join(format!("wizwar-map-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        MapFile(path)
    }

    #[test]
    fn a_hex_map_has_its_cells_regions_and_marks() {
        let path = write(
            "ok.toml",
            "id = \"t\"\nname = \"T\"\nshape = \"hex\"\nmarks = { \"*\" = \"entrance\" }\nrows = [\n  \"a a* b\",\n  \"a b -\",\n]\n",
        );
        let map = load_map(&path).unwrap();
        assert_eq!(map.topology.len(), 5);
        assert_eq!(map.region_names, vec!['a', 'b']);
        let entrances: Vec<Coord> = map.marked("entrance").iter().map(|&c| map.topology.coord(c)).collect();
        assert_eq!(entrances, vec![Coord::new(1, 0)]);
        // row 1 starts at q = 0 (1 div 2 = 0); a row 2 would start at q = -1
        assert!(map.topology.cell_at(Coord::new(1, 1)).is_some());
        assert_eq!(map.topology.region_of(map.topology.cell_at(Coord::new(2, 0)).unwrap()), 1);
        assert_eq!(map.text(), "T\n\n  1   2   3\n1 a   a*  b\n2   a   b\n\nletters: regions; marks: * entrance\n");
    }

    #[test]
    fn every_problem_names_the_file_line_and_cell() {
        let path = write(
            "bad.toml",
            "id = \"t\"\nname = \"T\"\nshape = \"hex\"\nmarks = { \"*\" = \"entrance\" }\nrows = [\n  \"a a% b\",\n  \"b - a\",\n]\n",
        );
        let errors: Vec<String> = load_map(&path).unwrap_err().iter().map(|e| e.to_string()).collect();
        let all = errors.join("\n");
        assert!(all.contains("bad.toml:6: cell (1,0) (\"a%\"): mark '%' is not in the marks table"), "{all}");
        assert!(all.contains("region 'a' is in pieces"), "{all}");
        let path = write("shape.toml", "id = \"t\"\nname = \"T\"\nshape = \"round\"\nrows = [\"a\"]\n");
        let all = load_map(&path).unwrap_err()[0].to_string();
        assert!(all.contains("shape.toml:3: shape \"round\": expected \"square\" or \"hex\""), "{all}");
    }
}
