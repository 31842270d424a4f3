//! Loading board data: sector faces, layouts and board sets from the TOML files under
//! `rulesets/<ruleset>/boards/`.
//!
//! The kernel reads whatever the files say; no face, layout or edition is known here. Every
//! problem found is reported, each naming the file and, where it can, the line, the sector and
//! the square, so a person holding the physical board can find the mistake:
//!
//! ```text
//! rulesets/8th/boards/sectors/blue-a.toml:12: sector blue-a: square (row 1, col 1): edges disagree: ...
//! ```
//!
//! Three kinds of file:
//!
//! * a **sector face**: `id`, `name`, `source`, optional `reconstructed`, `rows` (five rows of
//!   five cell codes, see [`SectorFace::from_rows`]) and optional `[[door]]` tables giving the
//!   colour of a door and a note on why it is doubtful;
//! * a **layout**: the [`Layout`] fields (`id`, `name`, `players`, `slots`, `[[portals]]`,
//!   `[[warps]]`, `reconstructed`), plus optional `source` and `note` texts;
//! * a **board set** (`boards.toml`): `[sides]` maps a side name to its list of sector files,
//!   `[layouts]` maps a player count to a layout file. Paths are relative to `boards.toml` and
//!   may point into another ruleset's folder, but never out of the `rulesets/` directory.

use super::board::{Board, BoardError};
use super::layout::{Layout, PortalMarker, SideRef, Warp};
use super::sector::{DoorSpec, SectorFace, SECTOR_SIZE};
use super::types::{Dir, Rot, Sq};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};
use toml::Spanned;

/// A problem in a board data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: PathBuf,
    /// 1-based line in `file`.
    pub line: Option<usize>,
    /// The sector id, when the problem is in a sector face.
    pub sector: Option<String>,
    /// Sector-local square: `x` = column, `y` = row, as the data files write them.
    pub square: Option<Sq>,
    pub problem: String,
}

impl DataError {
    fn new(file: &Path, problem: impl Into<String>) -> DataError {
        DataError { file: file.to_path_buf(), line: None, sector: None, square: None, problem: problem.into() }
    }

    fn at_line(mut self, line: Option<usize>) -> DataError {
        self.line = line;
        self
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        if let Some(s) = &self.sector {
            write!(f, ": sector {s}")?;
        }
        if let Some(sq) = self.square {
            write!(f, ": square (row {}, col {})", sq.y, sq.x)?;
        }
        write!(f, ": {}", self.problem)
    }
}

impl std::error::Error for DataError {}

/// A file's text, for turning byte offsets into line numbers.
pub(super) struct Source<'a> {
    path: &'a Path,
    text: String,
}

impl<'a> Source<'a> {
    pub(super) fn read(path: &'a Path) -> Result<Source<'a>, Vec<DataError>> {
        std::fs::read_to_string(path)
            .map(|text| Source { path, text })
            .map_err(|e| vec![DataError::new(path, format!("cannot read the file: {e}"))])
    }

    fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
    }

    fn line(&self, span: Range<usize>) -> Option<usize> {
        Some(self.line_of(span.start))
    }

    pub(super) fn parse<T: for<'de> Deserialize<'de>>(&self) -> Result<T, Vec<DataError>> {
        toml::from_str(&self.text).map_err(|e| {
            let line = e.span().map(|s| self.line_of(s.start));
            vec![DataError::new(self.path, e.message().trim_end()).at_line(line)]
        })
    }

    pub(super) fn error(&self, span: Option<Range<usize>>, problem: impl Into<String>) -> DataError {
        DataError::new(self.path, problem).at_line(span.and_then(|s| self.line(s)))
    }
}

// ---------------------------------------------------------------------------------------------
// Sector faces

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFace {
    id: Spanned<String>,
    name: String,
    /// Where the map came from; kept in the file for people, not in the face.
    #[allow(dead_code)]
    source: String,
    reconstructed: Option<String>,
    rows: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
    #[serde(default)]
    door: Vec<Spanned<RawDoor>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDoor {
    row: i64,
    col: i64,
    side: String,
    colour: Option<String>,
    note: Option<String>,
}

/// Loads one sector face and checks it against the rules every sector follows.
pub fn load_face(path: &Path) -> Result<SectorFace, Vec<DataError>> {
    let src = Source::read(path)?;
    let raw: RawFace = src.parse()?;
    let id = raw.id.get_ref().trim().to_string();
    let sector_err = |span: Option<Range<usize>>, square: Option<Sq>, problem: String| DataError {
        sector: Some(id.clone()),
        square,
        ..src.error(span, problem)
    };
    let mut errors = Vec::new();
    if id.is_empty() {
        errors.push(src.error(Some(raw.id.span()), "the sector id is empty"));
    }

    // Door details, keyed by the square and side they name.
    let mut specs = BTreeMap::new();
    let mut door_lines: BTreeMap<(Sq, Dir), Range<usize>> = BTreeMap::new();
    let mut door_edges = BTreeMap::new();
    for d in &raw.door {
        let span = d.span();
        let d = d.get_ref();
        let range = 0..SECTOR_SIZE as i64;
        let sq = (range.contains(&d.row) && range.contains(&d.col)).then(|| Sq::new(d.col as i32, d.row as i32));
        let side = Dir::parse(&d.side);
        let (Some(sq), Some(side)) = (sq, side) else {
            let mut why = Vec::new();
            if sq.is_none() {
                why.push(format!("row {} col {} is outside the 5x5 sector (rows and columns are 0..4)", d.row, d.col));
            }
            if side.is_none() {
                why.push(format!("side `{}` is not one of N, E, S, W", d.side));
            }
            errors.push(sector_err(Some(span), None, format!("door details: {}", why.join("; "))));
            continue;
        };
        if let Some(prev) = door_edges.insert(sq.edge(side), span.clone()) {
            errors.push(sector_err(
                Some(span),
                Some(sq),
                format!("door details for side {side} given twice (first at line {})", src.line_of(prev.start)),
            ));
            continue;
        }
        specs.insert((sq, side), DoorSpec { colour: d.colour.clone(), note: d.note.clone() });
        door_lines.insert((sq, side), span);
    }

    let rows: Vec<Vec<String>> =
        raw.rows.get_ref().iter().map(|r| r.get_ref().iter().map(|c| c.get_ref().clone()).collect()).collect();
    // The line of a cell, or of its row, or of `rows` itself.
    let cell_span = |sq: Sq| -> Range<usize> {
        let row = raw.rows.get_ref().get(sq.y as usize);
        match row.and_then(|r| r.get_ref().get(sq.x as usize)) {
            Some(c) => c.span(),
            None => row.map(|r| r.span()).unwrap_or_else(|| raw.rows.span()),
        }
    };
    match SectorFace::from_rows(&id, &raw.name, &rows, &specs) {
        Ok(mut face) if errors.is_empty() => {
            face.reconstructed = raw.reconstructed.filter(|r| !r.trim().is_empty());
            return Ok(face);
        }
        Ok(_) => {}
        Err(problems) => {
            for p in problems {
                let span = match p.square {
                    None => raw.rows.span(),
                    Some(sq) if p.problem.starts_with("door details") => {
                        door_lines.iter().find(|((s, _), _)| *s == sq).map(|(_, l)| l.clone()).unwrap_or(cell_span(sq))
                    }
                    Some(sq) => cell_span(sq),
                };
                errors.push(sector_err(Some(span), p.square, p.problem));
            }
        }
    }
    Err(errors)
}

// ---------------------------------------------------------------------------------------------
// Layouts

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayout {
    id: String,
    name: String,
    players: usize,
    slots: Vec<(i32, i32)>,
    #[serde(default)]
    portals: Vec<RawPortal>,
    #[serde(default)]
    warps: Vec<RawWarp>,
    reconstructed: Option<String>,
    /// Texts for people: where the layout came from, remarks.
    #[allow(dead_code)]
    source: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPortal {
    colour: String,
    slot: usize,
    side: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWarp {
    a: RawSide,
    b: RawSide,
    name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSide {
    slot: usize,
    side: Spanned<String>,
}

/// A plain face (rim and openings only) for checking a layout's links on its own.
fn plain_face(i: usize) -> SectorFace {
    SectorFace::plain(&format!("plain{i}"))
}

/// Loads a layout and checks it: [`Layout::validate`], and that every rim opening leads
/// somewhere (a board of plain sectors is built from it).
pub fn load_layout(path: &Path) -> Result<Layout, Vec<DataError>> {
    let src = Source::read(path)?;
    let raw: RawLayout = src.parse()?;
    let mut errors = Vec::new();
    let mut side = |s: &Spanned<String>| {
        Dir::parse(s.get_ref()).unwrap_or_else(|| {
            errors.push(src.error(Some(s.span()), format!("side `{}` is not one of N, E, S, W", s.get_ref())));
            Dir::N
        })
    };
    let portals: Vec<PortalMarker> = raw
        .portals
        .iter()
        .map(|p| PortalMarker { colour: p.colour.clone(), slot: p.slot, side: side(&p.side) })
        .collect();
    let warps: Vec<Warp> = raw
        .warps
        .iter()
        .map(|w| Warp {
            a: SideRef { slot: w.a.slot, side: side(&w.a.side) },
            b: SideRef { slot: w.b.slot, side: side(&w.b.side) },
            name: w.name.clone(),
        })
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let layout = Layout {
        id: raw.id,
        name: raw.name,
        players: raw.players,
        slots: raw.slots,
        portals,
        warps,
        reconstructed: raw.reconstructed.filter(|r| !r.trim().is_empty()),
    };
    let prefix = format!("layout {}", layout.id);
    if layout.players == 0 {
        errors.push(DataError::new(path, format!("{prefix}: `players` must be at least 1")));
    }
    let links = match layout.validate() {
        Ok(links) => links,
        Err(problems) => {
            errors.extend(problems.into_iter().map(|p| DataError::new(path, format!("{prefix}: {p}"))));
            return Err(errors);
        }
    };
    // An exit with no link wraps to the far end of its row or column of sectors; if a portal
    // or warp already uses that side, the exit leads nowhere.
    let linked: BTreeMap<SideRef, &str> =
        links.iter().flat_map(|l| [(l.a, l.label.as_str()), (l.b, l.label.as_str())]).collect();
    for (slot, _) in layout.slots.iter().enumerate() {
        for side in Dir::ALL {
            let here = SideRef { slot, side };
            if !layout.is_rim_side(here) || linked.contains_key(&here) {
                continue;
            }
            let (dx, dy) = side.opposite().delta();
            let mut far = layout.slots[slot];
            while layout.slots.contains(&(far.0 + dx, far.1 + dy)) {
                far = (far.0 + dx, far.1 + dy);
            }
            let far_slot = layout.slots.iter().position(|&s| s == far).expect("a slot of the layout");
            let there = SideRef { slot: far_slot, side: side.opposite() };
            if let Some(label) = linked.get(&there) {
                errors.push(DataError::new(
                    path,
                    format!(
                        "{prefix}: the exit on side {side} of slot {slot} would wrap to side {} of slot {far_slot}, \
                         which {label} already uses: give it a portal or warp too",
                        there.side
                    ),
                ));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let n = layout.slots.len();
    let faces = (0..n).map(plain_face).collect();
    match Board::new(layout.clone(), faces, vec![Rot(0); n]) {
        Ok(_) => {}
        Err(BoardError::Layout(_, p)) => errors.push(DataError::new(path, format!("{prefix}: {p}"))),
        Err(e) => errors.push(DataError::new(path, format!("{prefix}: {e}"))),
    }
    if errors.is_empty() {
        Ok(layout)
    } else {
        Err(errors)
    }
}

// ---------------------------------------------------------------------------------------------
// Board sets

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoards {
    sides: BTreeMap<String, Vec<Spanned<String>>>,
    layouts: BTreeMap<String, Spanned<String>>,
}

/// The boards of a ruleset: its sides (each a list of sector faces) and its layouts.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSet {
    /// The folder holding `boards.toml`.
    pub dir: PathBuf,
    /// Side name -> its faces, in the order `boards.toml` lists them.
    pub sides: BTreeMap<String, Vec<SectorFace>>,
    /// Player count -> layout.
    pub layouts: BTreeMap<usize, Layout>,
    /// The map, where the ruleset's `boards` names a map file (then no sides nor layouts):
    /// one board for any number of players.
    pub map: Option<super::map::Map>,
}

/// Why a board could not be built from a board set.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    #[error("no side `{side}` in this board set (sides: {known})")]
    NoSide { side: String, known: String },
    #[error("no layout for {players} players (layouts for: {known})")]
    NoLayout { players: usize, known: String },
    #[error("layout `{layout}` has {slots} slots but side `{side}` has only {faces} sector faces")]
    TooFewFaces { layout: String, side: String, slots: usize, faces: usize },
    #[error("the order places {given} faces but layout `{layout}` has {slots} slots")]
    OrderLength { layout: String, given: usize, slots: usize },
    #[error("slot {slot}: face {index} does not exist (side `{side}` has faces 0..{faces})")]
    NoFace { slot: usize, index: usize, side: String, faces: usize },
    #[error("face {index} of side `{side}` is placed twice (slots {first} and {second})")]
    FaceTwice { index: usize, side: String, first: usize, second: usize },
    #[error("{given} rotations given but layout `{layout}` has {slots} slots")]
    RotationCount { layout: String, given: usize, slots: usize },
    #[error(transparent)]
    Board(#[from] BoardError),
}

impl BoardSet {
    /// Player counts that have a layout.
    pub fn player_counts(&self) -> Vec<usize> {
        self.layouts.keys().copied().collect()
    }

    /// Builds the board for `players` from side `side`: slot `i` gets face `order[i]` of the
    /// side, turned by `rotations[i]`. An empty `order` places the faces in list order; empty
    /// `rotations` turns nothing.
    pub fn build(&self, side: &str, players: usize, order: &[usize], rotations: &[Rot]) -> Result<Board, BuildError> {
        let faces = self.sides.get(side).ok_or_else(|| BuildError::NoSide {
            side: side.to_string(),
            known: self.sides.keys().cloned().collect::<Vec<_>>().join(", "),
        })?;
        let layout = self.layouts.get(&players).ok_or_else(|| BuildError::NoLayout {
            players,
            known: self.layouts.keys().map(|k| k.to_string()).collect::<Vec<_>>().join(", "),
        })?;
        let slots = layout.slots.len();
        if faces.len() < slots {
            return Err(BuildError::TooFewFaces {
                layout: layout.id.clone(),
                side: side.to_string(),
                slots,
                faces: faces.len(),
            });
        }
        let order: Vec<usize> = if order.is_empty() { (0..slots).collect() } else { order.to_vec() };
        if order.len() != slots {
            return Err(BuildError::OrderLength { layout: layout.id.clone(), given: order.len(), slots });
        }
        let mut placed: BTreeMap<usize, usize> = BTreeMap::new();
        for (slot, &index) in order.iter().enumerate() {
            if index >= faces.len() {
                return Err(BuildError::NoFace { slot, index, side: side.to_string(), faces: faces.len() });
            }
            if let Some(first) = placed.insert(index, slot) {
                return Err(BuildError::FaceTwice { index, side: side.to_string(), first, second: slot });
            }
        }
        let rotations: Vec<Rot> = if rotations.is_empty() { vec![Rot(0); slots] } else { rotations.to_vec() };
        if rotations.len() != slots {
            return Err(BuildError::RotationCount { layout: layout.id.clone(), given: rotations.len(), slots });
        }
        let chosen = order.iter().map(|&i| faces[i].clone()).collect();
        Ok(Board::new(layout.clone(), chosen, rotations)?)
    }
}

/// Removes `.` and resolves `..` without touching the file system.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            c => out.push(c),
        }
    }
    out
}

fn absolute(p: &Path) -> PathBuf {
    if p.is_absolute() {
        normalize(p)
    } else {
        let cwd = std::env::current_dir().unwrap_or_default();
        normalize(&cwd.join(p))
    }
}

/// The `rulesets/` directory a board set lives in: the nearest enclosing folder of that name,
/// or else the folder holding the ruleset (`<root>/<ruleset>/boards/boards.toml`).
fn rulesets_root(boards_toml: &Path) -> PathBuf {
    let abs = absolute(boards_toml);
    abs.ancestors()
        .skip(1)
        .find(|a| a.file_name().is_some_and(|n| n == "rulesets"))
        .map(Path::to_path_buf)
        .unwrap_or_else(|| abs.ancestors().nth(3).unwrap_or(Path::new("/")).to_path_buf())
}

/// Resolves a path written in `boards.toml`, refusing one that leaves the rulesets directory.
fn resolve(dir: &Path, written: &str, root: &Path) -> Result<PathBuf, String> {
    let rel = Path::new(written);
    if rel.is_absolute() || rel.has_root() {
        return Err(format!("path `{written}` must be relative to boards.toml"));
    }
    let joined = normalize(&dir.join(rel));
    let escapes = |p: &Path, root: &Path| !p.starts_with(root);
    if escapes(&absolute(&joined), root) {
        return Err(format!("path `{written}` leaves the rulesets directory {}", root.display()));
    }
    // Symbolic links may lead elsewhere: check the real places too, when they exist.
    if let (Ok(real), Ok(real_root)) = (joined.canonicalize(), root.canonicalize()) {
        if escapes(&real, &real_root) {
            return Err(format!("path `{written}` leads out of the rulesets directory {}", root.display()));
        }
    }
    Ok(joined)
}

/// A map file draws its cells in `rows`; a board set lists `sides` and `layouts`.
fn is_map_file(src: &Source) -> bool {
    src.text.parse::<toml::Table>().is_ok_and(|t| t.contains_key("rows"))
}

/// Loads `rulesets/<ruleset>/boards/boards.toml` with every face and layout it names, or the
/// map file a ruleset names instead (see `map.rs`).
pub fn load_board_set(path: &Path) -> Result<BoardSet, Vec<DataError>> {
    let src = Source::read(path)?;
    if is_map_file(&src) {
        let map = super::map::load_map(path)?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        return Ok(BoardSet { dir, sides: BTreeMap::new(), layouts: BTreeMap::new(), map: Some(map) });
    }
    let raw: RawBoards = src.parse()?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let root = rulesets_root(path);
    let mut errors = Vec::new();

    if raw.sides.is_empty() {
        errors.push(src.error(None, "[sides] lists no side"));
    }
    let mut sides = BTreeMap::new();
    // Sides whose every face loaded: only those are checked against the layouts.
    let mut complete = Vec::new();
    for (name, files) in &raw.sides {
        if files.is_empty() {
            errors.push(src.error(None, format!("side `{name}` lists no sector file")));
        }
        let mut faces: Vec<SectorFace> = Vec::new();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for f in files {
            let file = match resolve(&dir, f.get_ref(), &root) {
                Ok(file) => file,
                Err(e) => {
                    errors.push(src.error(Some(f.span()), format!("side `{name}`: {e}")));
                    continue;
                }
            };
            match load_face(&file) {
                Ok(face) => {
                    let line = src.line_of(f.span().start);
                    if let Some(prev) = seen.insert(face.id.clone(), line) {
                        errors.push(src.error(
                            Some(f.span()),
                            format!("side `{name}`: sector `{}` is listed twice (also at line {prev})", face.id),
                        ));
                    }
                    faces.push(face);
                }
                Err(e) => errors.extend(e),
            }
        }
        if !files.is_empty() && faces.len() == files.len() {
            complete.push(name.clone());
        }
        sides.insert(name.clone(), faces);
    }

    let mut layouts = BTreeMap::new();
    for (key, f) in &raw.layouts {
        let Ok(players) = key.trim().parse::<usize>() else {
            errors.push(src.error(Some(f.span()), format!("[layouts] key `{key}` is not a player count")));
            continue;
        };
        let file = match resolve(&dir, f.get_ref(), &root) {
            Ok(file) => file,
            Err(e) => {
                errors.push(src.error(Some(f.span()), format!("layout for {players} players: {e}")));
                continue;
            }
        };
        match load_layout(&file) {
            Ok(layout) => {
                if layout.players != players {
                    errors.push(src.error(
                        Some(f.span()),
                        format!(
                            "the layout for {players} players, `{}`, says it is for {} players",
                            layout.id, layout.players
                        ),
                    ));
                }
                for side in &complete {
                    let faces = &sides[side];
                    if faces.len() < layout.slots.len() {
                        errors.push(src.error(
                            Some(f.span()),
                            format!(
                                "layout `{}` needs {} sector faces but side `{side}` has {}",
                                layout.id,
                                layout.slots.len(),
                                faces.len()
                            ),
                        ));
                    }
                }
                layouts.insert(players, layout);
            }
            Err(e) => errors.extend(e),
        }
    }
    if raw.layouts.is_empty() {
        errors.push(src.error(None, "[layouts] lists no layout"));
    }
    if errors.is_empty() {
        Ok(BoardSet { dir, sides, layouts, map: None })
    } else {
        Err(errors)
    }
}

/// Every `boards.toml` under a rulesets directory (`<dir>/<ruleset>/boards/boards.toml`), sorted.
pub fn find_board_sets(rulesets: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(rulesets)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("boards").join("boards.toml"))
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}
