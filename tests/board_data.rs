//! The board data under `rulesets/`: every board set loads, every layout builds with every
//! side, every square can be reached; and every kind of broken data file gives a message that
//! says where the problem is.

mod common;

use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use wizwar::geometry::load::{
    find_board_sets, load_board_set, load_face, load_layout, BoardSet, BuildError, DataError,
};
use wizwar::geometry::moves::Mover;
use wizwar::geometry::{Board, Dir, Rot, SectorFace, Sq, SECTOR_SIZE};

fn rulesets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets")
}

fn show(errors: &[DataError]) -> String {
    errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
}

fn load(ruleset: &str) -> BoardSet {
    let path = rulesets().join(ruleset).join("boards").join("boards.toml");
    load_board_set(&path).unwrap_or_else(|e| panic!("{}:\n{}", path.display(), show(&e)))
}

fn all_sets() -> Vec<(PathBuf, BoardSet)> {
    find_board_sets(&rulesets())
        .into_iter()
        .map(|p| {
            let set = load_board_set(&p).unwrap_or_else(|e| panic!("{}", show(&e)));
            (p, set)
        })
        .collect()
}

/// Every square of the board can be reached from every home base when walls block and doors
/// are passable.
fn assert_all_reachable(board: &Board, what: &str) {
    let mover = Mover { through_doors: true, ..Mover::default() };
    let all = board.squares();
    for sector in 0..board.sector_count() {
        let reached = board.reachable(board.home(sector), u32::MAX, &mover);
        let missing: Vec<Sq> = all.iter().copied().filter(|s| !reached.contains_key(s)).collect();
        assert!(missing.is_empty(), "{what}: from the home base of sector {sector}, unreachable: {missing:?}");
    }
}

#[test]
fn every_board_set_loads() {
    let sets = all_sets();
    let names: BTreeSet<String> = sets
        .iter()
        .map(|(p, _)| p.parent().unwrap().parent().unwrap().file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for r in ["8th", "classic", "9th"] {
        assert!(names.contains(r), "no board set for {r} (found {names:?})");
    }
    let eighth = load("8th");
    assert_eq!(eighth.sides.keys().collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(eighth.player_counts(), [2, 3, 4]);
    assert_eq!(load("classic").player_counts(), [2, 3, 4]);
    let ninth = load("9th");
    assert_eq!(ninth.player_counts(), [2, 3, 4, 5, 6]);
    assert_eq!(ninth.sides["a"].len(), 6);
}

#[test]
fn every_face_has_its_home_in_the_centre_and_two_treasures() {
    for (path, set) in all_sets() {
        for (side, faces) in &set.sides {
            for f in faces {
                assert_eq!(f.home, Sq::new(2, 2), "{}: side {side}: {}", path.display(), f.id);
                assert_eq!(f.treasures.len(), 2, "{}: side {side}: {}", path.display(), f.id);
                assert_ne!(f.treasures[0], f.treasures[1]);
                assert!(!f.treasures.contains(&f.home));
            }
        }
    }
}

#[test]
fn every_layout_builds_with_every_side() {
    for (path, set) in all_sets() {
        for (side, faces) in &set.sides {
            for (&players, layout) in &set.layouts {
                let slots = layout.slots.len();
                let what = format!("{}: side {side}, {players} players", path.display());
                let board = set.build(side, players, &[], &[]).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(board.sector_count(), slots, "{what}");
                assert_eq!(board.squares().len(), slots * 25, "{what}");
                // Other faces in other orders, every rotation.
                for r in 0..4u8 {
                    let order: Vec<usize> = (0..slots).map(|i| (i + r as usize) % faces.len()).rev().collect();
                    let rots: Vec<Rot> = (0..slots).map(|i| Rot::new(r as i32 + i as i32)).collect();
                    let b = set.build(side, players, &order, &rots).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_all_reachable(&b, &format!("{what}, order {order:?}, rotations {rots:?}"));
                }
                assert_all_reachable(&board, &what);
            }
        }
    }
}

/// Reachability inside one face, without leaving it: no face has a sealed-off pocket.
#[test]
fn no_face_has_a_sealed_pocket() {
    for (path, set) in all_sets() {
        for faces in set.sides.values() {
            for f in faces {
                let mut seen = BTreeSet::from([f.home]);
                let mut queue = VecDeque::from([f.home]);
                while let Some(s) = queue.pop_front() {
                    for d in Dir::ALL {
                        let n = s.step(d);
                        let inside = (0..SECTOR_SIZE).contains(&n.x) && (0..SECTOR_SIZE).contains(&n.y);
                        if inside && !f.walls.contains(&s.edge(d)) && seen.insert(n) {
                            queue.push_back(n);
                        }
                    }
                }
                assert_eq!(seen.len(), 25, "{}: {}: only {} squares reachable", path.display(), f.id, seen.len());
            }
        }
    }
}

#[test]
fn the_classic_boards_are_the_8th_edition_b_sides() {
    let classic = load("classic");
    let eighth = load("8th");
    assert_eq!(classic.sides["classic"], eighth.sides["b"]);
}

#[test]
fn unverified_data_says_so() {
    for (path, set) in all_sets() {
        for faces in set.sides.values() {
            for f in faces {
                assert!(f.reconstructed.is_some(), "{}: {} should say it is unverified", path.display(), f.id);
            }
        }
    }
    for set in [load("8th"), load("9th")] {
        for l in set.layouts.values() {
            assert!(l.reconstructed.is_some(), "{} should be marked reconstructed", l.id);
        }
    }
    assert!(load("classic").layouts[&3].reconstructed.is_some());
}

#[test]
fn door_details_are_attached_to_the_doors() {
    let set = load("8th");
    let blue = set.sides["a"].iter().find(|f| f.id == "blue-a").unwrap();
    let door = &blue.doors[&Sq::new(3, 3).edge(Dir::E)];
    assert_eq!(door.colour.as_deref(), Some("blue"));
    assert!(door.note.is_some());
    for face in set.sides.values().flatten() {
        for (e, d) in &face.doors {
            assert!(d.colour.is_some() && d.note.is_some(), "{}: door at {e} has no colour or note", face.id);
        }
    }
}

#[test]
fn layouts_link_what_they_say() {
    // 8th, two players: the north exit of sector 0 leads to the south exit of sector 1.
    let b = load("8th").build("a", 2, &[], &[]).unwrap();
    let st = b.step(Sq::new(2, 0), Dir::N).unwrap();
    assert_eq!(st.to, Sq::new(7, 4));
    // classic, three players: the AUTO WARP glues the edges around the empty quarter's corner.
    let b = load("classic").build("classic", 3, &[], &[]).unwrap();
    assert_eq!(b.step(Sq::new(5, 4), Dir::S).unwrap().to, Sq::new(4, 5));
    assert_eq!(b.step(Sq::new(7, 4), Dir::S).unwrap().to, Sq::new(4, 7));
    // classic, four players: a torus.
    let b = load("classic").build("classic", 4, &[], &[]).unwrap();
    assert_eq!(b.step(Sq::new(3, 0), Dir::N).unwrap().to, Sq::new(3, 9));
    assert_eq!(b.step(Sq::new(0, 7), Dir::W).unwrap().to, Sq::new(9, 7));
}

// ---------------------------------------------------------------------------------------------
// Broken data

/// A fresh scratch folder for one test, removed when the test ends.
fn scratch(name: &str) -> common::TempDir {
    common::temp_dir(&format!("board-data-{name}"))
}

fn write(path: &Path, text: &str) -> PathBuf {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    path.to_path_buf()
}

/// A valid face file, with one row replaced (`row` is 0..5) when asked.
fn face_text(id: &str, change: Option<(usize, &str)>) -> String {
    let mut rows = [
        r#"["NW", "N", "", "N", "NE"],"#,
        r#"["W", "T", "", "", "E"],"#,
        r#"["", "", "H", "", ""],"#,
        r#"["W", "", "", "T", "E"],"#,
        r#"["SW", "S", "", "S", "SE"],"#,
    ];
    if let Some((r, text)) = change {
        rows[r] = text;
    }
    format!("# a test face\nid = \"{id}\"\nname = \"Test\"\nsource = \"test\"\nrows = [\n  {}\n]\n", rows.join("\n  "))
}

/// The one error of a failed load, as text.
fn one_error<T: std::fmt::Debug>(r: Result<T, Vec<DataError>>) -> (DataError, String) {
    let errors = r.expect_err("the load should fail");
    assert_eq!(errors.len(), 1, "{}", show(&errors));
    let msg = errors[0].to_string();
    (errors[0].clone(), msg)
}

#[test]
fn edges_that_disagree_are_named_by_file_line_sector_and_square() {
    let dir = scratch("edges");
    // Row 1 (file line 7): square (1,1) draws a wall on its east side that (1,2) doesn't.
    let f = write(&dir.join("bad-edges.toml"), &face_text("bad-edges", Some((1, r#"["W", "T E", "", "", "E"],"#))));
    let errors = load_face(&f).unwrap_err();
    let msg = errors[0].to_string();
    assert!(msg.starts_with(&format!("{}:7: ", f.display())), "{msg}");
    assert!(msg.contains("sector bad-edges"), "{msg}");
    assert!(msg.contains("square (row 1, col 1)"), "{msg}");
    assert!(msg.contains("edges disagree"), "{msg}");
    assert_eq!(errors[0].square, Some(Sq::new(1, 1)));
    // Both squares of the disagreeing edge are named.
    assert!(errors.iter().any(|e| e.square == Some(Sq::new(2, 1))), "{}", show(&errors));
}

#[test]
fn a_missing_rim_opening_is_named() {
    let dir = scratch("rim");
    let f = write(&dir.join("no-gap.toml"), &face_text("no-gap", Some((0, r#"["NW", "N", "N", "N", "NE"],"#))));
    let (e, msg) = one_error(load_face(&f));
    assert_eq!(e.line, Some(6), "{msg}");
    assert!(msg.contains("no-gap.toml:6: sector no-gap: square (row 0, col 2): rim opening missing"), "{msg}");
}

#[test]
fn a_face_without_home_base_is_named() {
    let dir = scratch("home");
    let f = write(&dir.join("homeless.toml"), &face_text("homeless", Some((2, r#"["", "", "", "", ""],"#))));
    let (e, msg) = one_error(load_face(&f));
    assert!(msg.contains("homeless.toml:8: sector homeless: square (row 2, col 2): no home base"), "{msg}");
    assert_eq!(e.sector.as_deref(), Some("homeless"));
}

#[test]
fn every_problem_of_a_face_is_reported() {
    let dir = scratch("many");
    let text = face_text("many", Some((2, r#"["", "", "", "", "T"],"#)))
        .replace(r#"["NW", "N", "", "N", "NE"]"#, r#"["NW", "", "", "N", "NE"]"#);
    let f = write(&dir.join("many.toml"), &text);
    let errors = load_face(&f).unwrap_err();
    let all = show(&errors);
    assert!(all.contains("outer wall missing"), "{all}");
    assert!(all.contains("no home base"), "{all}");
    assert!(all.contains("3 treasure start squares"), "{all}");
}

#[test]
fn door_details_without_a_door_are_named_at_the_door_table() {
    let dir = scratch("door");
    let text = face_text("doorless", None) + "\n[[door]]\nrow = 1\ncol = 1\nside = \"E\"\ncolour = \"red\"\n";
    let f = write(&dir.join("doorless.toml"), &text);
    let (e, msg) = one_error(load_face(&f));
    assert_eq!(e.line, Some(13), "{msg}");
    assert!(msg.contains("square (row 1, col 1): door details given for side E"), "{msg}");
    // Details may name the door from either side.
    let text = face_text("door", Some((1, r#"["W", "T dE", "", "", "E"],"#)))
        + "\n[[door]]\nrow = 1\ncol = 2\nside = \"W\"\ncolour = \"red\"\n";
    let face = load_face(&write(&dir.join("door.toml"), &text)).unwrap();
    assert_eq!(face.doors[&Sq::new(1, 1).edge(Dir::E)].colour.as_deref(), Some("red"));
}

#[test]
fn a_toml_syntax_error_names_the_line() {
    let dir = scratch("syntax");
    let text = face_text("broken", None).replace("name = \"Test\"", "name = \"Test");
    let f = write(&dir.join("broken.toml"), &text);
    let (e, msg) = one_error(load_face(&f));
    assert_eq!(e.line, Some(3), "{msg}");
    assert!(msg.starts_with(&format!("{}:3: ", f.display())), "{msg}");
}

#[test]
fn unknown_and_missing_fields_name_the_line() {
    let dir = scratch("fields");
    let text = face_text("typo", None).replace("source = ", "sauce = ");
    let (e, msg) = one_error(load_face(&write(&dir.join("typo.toml"), &text)));
    assert_eq!(e.line, Some(4), "{msg}");
    assert!(msg.contains("unknown field `sauce`"), "{msg}");
    let text = face_text("nameless", None).replace("name = \"Test\"\n", "");
    let (e, msg) = one_error(load_face(&write(&dir.join("nameless.toml"), &text)));
    assert!(e.line.is_some(), "{msg}");
    assert!(msg.contains("missing field `name`"), "{msg}");
    let layout = "id = \"x\"\nname = \"x\"\nplayers = 2\nslots = [[0, 0], [1, 0]]\n\n[[portals]]\ncolour = \"red\"\nslot = 0\nsid = \"N\"\n";
    let (e, msg) = one_error(load_layout(&write(&dir.join("layout.toml"), layout)));
    assert_eq!(e.line, Some(9), "{msg}");
    assert!(msg.contains("unknown field `sid`"), "{msg}");
}

const LAYOUT_HEAD: &str = "id = \"test\"\nname = \"Test\"\nplayers = 2\n";

#[test]
fn a_portal_without_its_pair_is_named() {
    let dir = scratch("portal");
    let text =
        format!("{LAYOUT_HEAD}slots = [[0, 0], [1, 0]]\n\n[[portals]]\ncolour = \"red\"\nslot = 0\nside = \"N\"\n");
    let f = write(&dir.join("lonely.toml"), &text);
    let (_, msg) = one_error(load_layout(&f));
    assert!(msg.starts_with(&f.display().to_string()), "{msg}");
    assert!(msg.contains("layout test: portal `red` has 1 marker(s)"), "{msg}");
    assert!(msg.contains("slot 0 side N"), "{msg}");
}

#[test]
fn overlapping_sectors_are_named() {
    let dir = scratch("overlap");
    let f = write(&dir.join("overlap.toml"), &format!("{LAYOUT_HEAD}slots = [[0, 0], [1, 0], [1, 0]]\n"));
    let (_, msg) = one_error(load_layout(&f));
    assert!(msg.contains("overlap.toml: layout test: sectors overlap: slots 1 and 2"), "{msg}");
}

#[test]
fn a_rim_opening_left_without_a_partner_is_named() {
    let dir = scratch("unpaired");
    // One portal pair takes slot 1's south exit, where slot 1's north exit would have wrapped.
    let text = format!(
        "{LAYOUT_HEAD}slots = [[0, 0], [1, 0]]\n\n[[portals]]\ncolour = \"red\"\nslot = 0\nside = \"N\"\n\n[[portals]]\ncolour = \"red\"\nslot = 1\nside = \"S\"\n"
    );
    let errors = load_layout(&write(&dir.join("unpaired.toml"), &text)).unwrap_err();
    let msg = show(&errors);
    assert_eq!(errors.len(), 2, "{msg}");
    assert!(
        msg.contains(
            "unpaired.toml: layout test: the exit on side N of slot 1 would wrap to side S of slot 1, which portal red already uses"
        ),
        "{msg}"
    );
    assert!(msg.contains("the exit on side S of slot 0 would wrap to side N of slot 0"), "{msg}");
    let text = format!(
        "{LAYOUT_HEAD}slots = [[0, 0], [1, 0]]\n\n[[portals]]\ncolour = \"red\"\nslot = 0\nside = \"up-ish\"\n"
    );
    let (e, msg) = one_error(load_layout(&write(&dir.join("side.toml"), &text)));
    assert_eq!(e.line, Some(9), "{msg}");
}

/// A board set in a scratch `rulesets/` folder.
fn scratch_set(name: &str, sides: &str) -> (common::TempDir, PathBuf) {
    let dir = scratch(name);
    let boards = dir.join("rulesets").join("test").join("boards");
    for id in ["one", "two"] {
        write(&boards.join("sectors").join(format!("{id}.toml")), &face_text(id, None));
    }
    write(&boards.join("layouts").join("2p.toml"), &format!("{LAYOUT_HEAD}slots = [[0, 0], [1, 0]]\n"));
    let toml = format!("[sides]\n{sides}\n\n[layouts]\n2 = \"layouts/2p.toml\"\n");
    let f = write(&boards.join("boards.toml"), &toml);
    (dir, f)
}

#[test]
fn a_path_leaving_the_rulesets_folder_is_refused() {
    let (dir, _) = scratch_set("escape", "");
    write(&dir.join("outside.toml"), &face_text("outside", None));
    let boards = dir.join("rulesets").join("test").join("boards").join("boards.toml");
    let f = write(
        &boards,
        "[sides]\na = [\n  \"sectors/one.toml\",\n  \"../../../outside.toml\",\n]\n\n[layouts]\n2 = \"layouts/2p.toml\"\n",
    );
    let (e, msg) = one_error(load_board_set(&f));
    assert_eq!(e.line, Some(4), "{msg}");
    assert!(msg.starts_with(&format!("{}:4: ", f.display())), "{msg}");
    assert!(msg.contains("`../../../outside.toml` leaves the rulesets directory"), "{msg}");
    // An absolute path is refused too.
    let abs = dir.join("outside.toml").display().to_string();
    let f = write(
        &boards,
        &format!("[sides]\na = [\"sectors/one.toml\", {abs:?}]\n\n[layouts]\n2 = \"layouts/2p.toml\"\n"),
    );
    let (_, msg) = one_error(load_board_set(&f));
    assert!(msg.contains("must be relative"), "{msg}");
}

#[test]
fn a_scratch_set_loads_and_paths_may_go_next_door() {
    let (dir, f) = scratch_set("neighbour", "a = [\"sectors/one.toml\", \"sectors/two.toml\"]");
    let set = load_board_set(&f).unwrap_or_else(|e| panic!("{}", show(&e)));
    assert_eq!(set.sides["a"].len(), 2);
    // Another ruleset may borrow the files.
    let other = dir.join("rulesets").join("other").join("boards").join("boards.toml");
    let text = "[sides]\nb = [\"../../test/boards/sectors/two.toml\", \"../../test/boards/sectors/one.toml\"]\n\n[layouts]\n2 = \"../../test/boards/layouts/2p.toml\"\n";
    let set = load_board_set(&write(&other, text)).unwrap_or_else(|e| panic!("{}", show(&e)));
    assert_eq!(set.sides["b"][0].id, "two");
}

#[test]
fn a_face_error_inside_a_set_names_the_face_file() {
    let (dir, f) = scratch_set("inner", "a = [\"sectors/one.toml\", \"sectors/bad.toml\"]");
    let bad = write(
        &dir.join("rulesets/test/boards/sectors/bad.toml"),
        &face_text("bad", Some((4, r#"["SW", "S", "S", "S", "SE"],"#))),
    );
    let (e, msg) = one_error(load_board_set(&f));
    assert_eq!(e.file, bad);
    assert!(msg.contains("bad.toml:10: sector bad: square (row 4, col 2): rim opening missing"), "{msg}");
}

#[test]
fn a_layout_needs_as_many_faces_as_slots() {
    let (_dir, f) = scratch_set("few", "a = [\"sectors/one.toml\"]");
    let (_, msg) = one_error(load_board_set(&f));
    assert!(msg.contains("layout `test` needs 2 sector faces but side `a` has 1"), "{msg}");

    let (_dir, f) = scratch_set("build", "a = [\"sectors/one.toml\", \"sectors/two.toml\"]");
    let mut set = load_board_set(&f).unwrap();
    let err = set.build("a", 2, &[0, 0], &[]).unwrap_err();
    assert!(matches!(err, BuildError::FaceTwice { .. }), "{err}");
    let err = set.build("a", 2, &[0, 5], &[]).unwrap_err();
    assert!(err.to_string().contains("face 5 does not exist"), "{err}");
    let err = set.build("a", 3, &[], &[]).unwrap_err();
    assert_eq!(err.to_string(), "no layout for 3 players (layouts for: 2)");
    let err = set.build("z", 2, &[], &[]).unwrap_err();
    assert!(err.to_string().contains("no side `z`"), "{err}");
    let err = set.build("a", 2, &[], &[Rot(1)]).unwrap_err();
    assert!(matches!(err, BuildError::RotationCount { .. }), "{err}");
    set.build("a", 2, &[1, 0], &[Rot(1), Rot(3)]).unwrap();
    set.sides.get_mut("a").unwrap().pop();
    let err = set.build("a", 2, &[], &[]).unwrap_err();
    assert_eq!(err.to_string(), "layout `test` has 2 slots but side `a` has only 1 sector faces");
}

#[test]
fn a_face_loaded_alone_keeps_its_reconstruction_note() {
    let dir = scratch("note");
    let text = face_text("noted", None).replace("source = \"test\"", "source = \"test\"\nreconstructed = \"made up\"");
    let face: SectorFace = load_face(&write(&dir.join("noted.toml"), &text)).unwrap();
    assert_eq!(face.reconstructed.as_deref(), Some("made up"));
}

/// The hex arena (issue 46, `rulesets/tft/boards/arena.toml`, reconstructed): 12 hexes by 16
/// rows, its megahexes seven-hex flowers (a hex and its six neighbours) wherever the edge does
/// not cut them, two entrances at each end, and the unshaded tunnel joining all four.
#[test]
fn the_hex_arena_is_megahexes_with_a_tunnel_between_its_entrances() {
    use wizwar::geometry::map::load_map;
    use wizwar::geometry::{Coord, Shape};
    let map = load_map(&rulesets().join("tft/boards/arena.toml")).unwrap_or_else(|e| panic!("{}", show(&e)));
    let t = &map.topology;
    assert_eq!((t.shape(), t.len()), (Shape::Hex, 12 * 16));
    let mut flowers = 0;
    for region in 0..map.region_names.len() as u32 {
        let cells: Vec<_> = t.cells().filter(|&c| t.region_of(c) == region).collect();
        assert!(cells.len() <= 7, "megahex {} has {} hexes", map.region_names[region as usize], cells.len());
        if cells.len() == 7 {
            // one of them is the centre: the other six are its neighbours
            let centre = cells.iter().find(|&&c| t.neighbours(c).filter(|(_, n)| cells.contains(n)).count() == 6);
            assert!(centre.is_some(), "megahex {} is not a flower", map.region_names[region as usize]);
            flowers += 1;
        }
    }
    assert!(flowers >= 15, "only {flowers} whole megahexes");
    let entrances = map.marked("entrance");
    let rows: Vec<i32> = entrances.iter().map(|&c| t.coord(c).b).collect();
    assert_eq!(rows, vec![0, 0, 15, 15]);
    // the tunnel: the unshaded hexes, all joined, every entrance among them
    let open: Vec<_> = t.cells().filter(|c| !map.marks[c.0 as usize].iter().any(|m| m == "shaded")).collect();
    let mut reached = vec![entrances[0]];
    let mut next = 0;
    while next < reached.len() {
        let here = reached[next];
        next += 1;
        for (_, n) in t.neighbours(here) {
            if open.contains(&n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
    }
    assert_eq!(reached.len(), open.len(), "the tunnel is in pieces");
    assert!(entrances.iter().all(|e| reached.contains(e)));
    // missile range counts megahexes: from one end's entrance to the other's, several borders
    let (north, south) = (t.region_of(entrances[0]), t.region_of(entrances[2]));
    assert!(t.region_distance(north, south).is_some_and(|d| d >= 4));
    assert!(t.cell_at(Coord::new(0, 0)).is_some());
    // the picture fits a terminal: 16 lines of hexes
    assert!(map.text().lines().all(|l| l.chars().count() <= 80));
    assert!(map.text().lines().count() <= 24);
}

/// The spell list of the Wizard ruleset (`rulesets/tft/spells.toml`, its IQ levels
/// reconstructed): 62 spells in the seed's nine groups, IQ 8 to 16, Giant Rope at 15 as the
/// rule says, each of the four kinds, every name once.
#[test]
fn the_hex_games_spells_are_62_by_iq() {
    #[derive(serde::Deserialize)]
    struct Spell {
        name: String,
        iq: u32,
        kind: String,
        line: u32,
    }
    #[derive(serde::Deserialize)]
    struct List {
        spell: Vec<Spell>,
    }
    let text = std::fs::read_to_string(rulesets().join("tft/spells.toml")).unwrap();
    let list: List = toml::from_str(&text).unwrap();
    let per_iq: Vec<usize> = (8..=16).map(|iq| list.spell.iter().filter(|s| s.iq == iq).count()).collect();
    assert_eq!(per_iq, [6, 7, 6, 8, 8, 8, 6, 7, 6]);
    assert_eq!(list.spell.iter().find(|s| s.name == "Giant Rope").map(|s| s.iq), Some(15));
    let names: BTreeSet<&str> = list.spell.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), 62);
    let kinds: BTreeSet<&str> = list.spell.iter().map(|s| s.kind.as_str()).collect();
    assert_eq!(kinds, BTreeSet::from(["creation", "missile", "special", "thrown"]));
    // the three missile spells the rules name (L279), and the list in the seed's order
    let missiles: Vec<&str> = list.spell.iter().filter(|s| s.kind == "missile").map(|s| s.name.as_str()).collect();
    assert_eq!(missiles, ["Magic Fist", "Fireball", "Lightning"]);
    assert!(list.spell.windows(2).all(|w| w[0].line < w[1].line && w[0].iq <= w[1].iq));
}
