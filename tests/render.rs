//! Tests of the board renderers: the ASCII map a player reads and the SVG picture.

use std::collections::BTreeMap;
use wizwar::geometry::render::{render_ascii, Mark, MarkKind, Overlay};
use wizwar::geometry::svg::render_svg;
use wizwar::geometry::*;

fn face(id: &str, rows: [[&str; 5]; 5]) -> SectorFace {
    let rows: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect();
    SectorFace::from_rows(id, id, &rows, &BTreeMap::new()).unwrap()
}

fn plain(id: &str) -> SectorFace {
    SectorFace::plain(id)
}

/// A sector with a few inner walls and a printed door east of (1,1).
fn walled(id: &str) -> SectorFace {
    face(
        id,
        [
            ["NW", "N", "", "N", "NE"],
            ["W", "T S dE", "", "E", "EW"],
            ["", "N", "E H", "W", ""],
            ["W", "", "", "T", "E"],
            ["SW", "S", "", "S", "SE"],
        ],
    )
}

fn layout(slots: Vec<(i32, i32)>, portals: Vec<PortalMarker>, warps: Vec<Warp>) -> Layout {
    Layout {
        id: "test".into(),
        name: "Test layout".into(),
        players: slots.len(),
        slots,
        portals,
        warps,
        reconstructed: None,
    }
}

fn two() -> Board {
    Board::new(layout(vec![(0, 0), (1, 0)], vec![], vec![]), vec![walled("a"), plain("b")], vec![Rot(0), Rot(0)])
        .unwrap()
}

fn portal(colour: &str, slot: usize, side: Dir) -> PortalMarker {
    PortalMarker { colour: colour.into(), slot, side }
}

/// Four sectors in a square; the north openings lead to the far south ones by portals.
fn four_with_portals() -> Board {
    let portals = vec![
        portal("purple", 0, Dir::N),
        portal("purple", 3, Dir::S),
        portal("cyan", 1, Dir::N),
        portal("cyan", 2, Dir::S),
    ];
    Board::new(
        layout(vec![(0, 0), (1, 0), (0, 1), (1, 1)], portals, vec![]),
        vec![walled("blue"), plain("red"), plain("yellow"), walled("green")],
        vec![Rot(0), Rot(1), Rot(2), Rot(3)],
    )
    .unwrap()
}

/// Three sectors in an L; the missing corner's sides are glued by warps.
fn three_with_warps() -> Board {
    let side = |slot, side| SideRef { slot, side };
    let warps = vec![
        Warp { a: side(1, Dir::S), b: side(2, Dir::E), name: None },
        Warp { a: side(1, Dir::N), b: side(2, Dir::W), name: None },
    ];
    Board::new(
        layout(vec![(0, 0), (1, 0), (0, 1)], vec![], warps),
        vec![plain("a"), plain("b"), walled("c")],
        vec![Rot(0), Rot(0), Rot(0)],
    )
    .unwrap()
}

// Where things are in the ASCII map (two-digit row labels: the grid starts at column 4, line 2).
const X0: usize = 4;
const Y0: usize = 2;

fn lines(s: &str) -> Vec<Vec<char>> {
    s.lines().map(|l| l.chars().collect()).collect()
}

fn at(map: &[Vec<char>], col: usize, line: usize) -> char {
    map.get(line).and_then(|l| l.get(col)).copied().unwrap_or(' ')
}

/// The three characters of a horizontal edge, or the one of a vertical edge.
fn edge_text(map: &[Vec<char>], e: EdgeId) -> String {
    let (cx, cy) = (X0 + 4 * e.x as usize, Y0 + 2 * e.y as usize);
    if e.horizontal {
        (1..=3).map(|i| at(map, cx + i, cy)).collect()
    } else {
        at(map, cx, cy + 1).to_string()
    }
}

/// The three characters inside a square.
fn square_text(map: &[Vec<char>], s: Sq) -> String {
    let (cx, cy) = (X0 + 4 * s.x as usize, Y0 + 2 * s.y as usize);
    (1..=3).map(|i| at(map, cx + i, cy + 1)).collect()
}

#[test]
fn the_ascii_map_has_coordinates_and_the_right_size() {
    let b = two();
    let text = render_ascii(&b, &Overlay::default());
    let all: Vec<&str> = text.lines().collect();
    // Column numbers, north markers, 2*5+1 grid lines, south markers, column numbers.
    let map_lines = all.iter().position(|l| l.is_empty()).expect("a blank line before the key");
    assert_eq!(map_lines, 2 * 5 + 5, "{text}");
    assert!(all[0].trim_start().starts_with("0   1   2"), "{}", all[0]);
    assert!(all[0].trim_end().ends_with('9'));
    assert_eq!(all[0], all[map_lines - 1]);
    for y in 0..5 {
        let l = all[Y0 + 2 * y + 1];
        assert_eq!(l[..2].trim(), y.to_string(), "row label in {l:?}");
        assert!(l.ends_with(&format!(" {y}")), "right row label in {l:?}");
    }
    assert!(all.iter().all(|l| l.len() <= 100 && !l.ends_with(' ')));
}

#[test]
fn walls_columns_and_squares_are_where_the_board_has_them() {
    let b = two();
    let map = lines(&render_ascii(&b, &Overlay::default()));
    let mut walls = 0;
    for v in b.barrier_edges() {
        if v.barrier == Barrier::Wall {
            walls += 1;
            let want = if v.id.horizontal { "---" } else { "|" };
            assert_eq!(edge_text(&map, v.id), want, "wall at {}", v.id);
        }
    }
    assert!(walls > 30);
    // Openings and open interior lines are blank.
    assert_eq!(edge_text(&map, Sq::new(2, 0).edge(Dir::N)), "   ");
    assert_eq!(edge_text(&map, Sq::new(2, 2).edge(Dir::W)), " ");
    assert_eq!(edge_text(&map, Sq::new(7, 2).edge(Dir::E)), " ");
    // The printed door.
    assert_eq!(edge_text(&map, Sq::new(1, 1).edge(Dir::E)), "D");
    // Columns exactly where the board has them.
    let (w, h) = b.size();
    for y in 0..=h {
        for x in 0..=w {
            let c = at(&map, X0 + 4 * x as usize, Y0 + 2 * y as usize);
            let want = if b.column_at(Corner { x, y }) { '+' } else { ' ' };
            assert_eq!(c, want, "corner ({x},{y})");
        }
    }
    assert_eq!(at(&map, X0 + 4 * 7, Y0 + 2 * 2), ' ', "no column in the open middle");
    // Home bases and treasure starts.
    assert_eq!(square_text(&map, b.home(0)), "H0 ");
    assert_eq!(square_text(&map, b.home(1)), "H1 ");
    for t in b.treasure_starts(0).into_iter().chain(b.treasure_starts(1)) {
        assert_eq!(square_text(&map, t), " t ", "treasure start {t}");
    }
    // Wrapping openings are marked outside the rim.
    assert_eq!(at(&map, X0 + 4 * 2 + 2, Y0 - 1), '^');
    assert_eq!(at(&map, X0 + 4 * 7 + 2, Y0 + 2 * 5 + 1), 'v');
    assert_eq!(at(&map, X0 - 1, Y0 + 2 * 2 + 1), '<');
    assert_eq!(at(&map, X0 + 4 * 10 + 1, Y0 + 2 * 2 + 1), '>');
    assert_eq!(at(&map, X0 + 4 + 2, Y0 - 1), ' ', "walled rim squares are not marked");
}

#[test]
fn doors_show_their_state() {
    let mut b = two();
    let printed = Sq::new(1, 1).edge(Dir::E);
    let created = Sq::new(6, 1).edge(Dir::S);
    b.create_barrier(created, true, None).unwrap();
    let show = |b: &Board, e| edge_text(&lines(&render_ascii(b, &Overlay::default())), e);
    assert_eq!(show(&b, printed), "D");
    assert_eq!(show(&b, created), " d ");
    b.set_door_open(printed, true).unwrap();
    b.set_door_open(created, true).unwrap();
    assert_eq!(show(&b, printed), "/");
    assert_eq!(show(&b, created), " / ");
    // The rules ask for a held, jammed or sealed look with the door's `look` tag.
    let look = |b: &mut Board, l: &str| b.set_door_tag(printed, "look", Some(l.into())).unwrap();
    look(&mut b, "held");
    assert_eq!(show(&b, printed), "h");
    look(&mut b, "jammed");
    assert_eq!(show(&b, printed), "j");
    b.set_door_open(printed, false).unwrap();
    look(&mut b, "sealed");
    assert_eq!(show(&b, printed), "=");
    b.set_door_open(created, false).unwrap();
    let text = render_ascii(&b, &Overlay::default());
    assert!(text.contains("= sealed door"), "{text}");
    assert!(text.contains("d created door"));
}

#[test]
fn destroyed_and_created_walls_are_told_apart() {
    let mut b = two();
    let inner = Sq::new(1, 1).edge(Dir::S);
    let seam = Sq::new(4, 1).edge(Dir::E);
    b.destroy_barrier(inner).unwrap();
    b.destroy_barrier(seam).unwrap();
    let made_h = Sq::new(7, 2).edge(Dir::S);
    let made_v = Sq::new(7, 2).edge(Dir::E);
    b.create_barrier(made_h, false, Some(9)).unwrap();
    b.create_barrier(made_v, false, None).unwrap();
    let text = render_ascii(&b, &Overlay::default());
    let map = lines(&text);
    assert_eq!(edge_text(&map, inner), "...");
    assert_eq!(edge_text(&map, seam), ":");
    assert_eq!(edge_text(&map, made_h), "===");
    assert_eq!(edge_text(&map, made_v), "#");
    assert!(text.contains("... : destroyed wall") && text.contains("=== # created wall"), "{text}");
    // A created wall destroyed simply goes.
    b.destroy_barrier(made_h).unwrap();
    assert_eq!(edge_text(&lines(&render_ascii(&b, &Overlay::default())), made_h), "   ");
}

#[test]
fn overlay_marks_and_obstacles_fill_their_squares() {
    let mut b = two();
    b.add_obstacle(
        1,
        Obstacle { at: Place::Square(Sq::new(8, 1)), blocks_move: true, blocks_los: true, fills_square: true },
    )
    .unwrap();
    b.add_obstacle(
        2,
        Obstacle { at: Place::Square(Sq::new(8, 3)), blocks_move: false, blocks_los: true, fills_square: false },
    )
    .unwrap();
    b.add_obstacle(
        3,
        Obstacle { at: Place::Square(Sq::new(6, 3)), blocks_move: true, blocks_los: false, fills_square: true },
    )
    .unwrap();
    let overlay = Overlay::new()
        .with(Mark::wizard(Sq::new(3, 3), '1', "Alice"))
        .with(Mark::wizard(b.home(1), '2', "Bob"))
        .with(Mark::treasure(Sq::new(3, 3), 'T', "Alice's gem"))
        .with(Mark::object(Sq::new(0, 0), 'b', "boomstone"))
        .with(Mark::highlight(Sq::new(0, 0), '*', ""))
        .with(Mark::object(Sq::new(0, 0), 'x', "box"))
        .with(Mark::object(Sq::new(6, 3), 'r', "rock"))
        .with(Mark::object(Sq::new(9, 4), 'a', ""))
        .with(Mark::object(Sq::new(9, 4), 'b', ""))
        .with(Mark::object(Sq::new(9, 4), 'c', ""))
        .with(Mark::highlight(Sq::new(9, 4), '*', ""));
    assert_eq!(
        overlay.at(Sq::new(0, 0)).iter().map(|m| m.kind).collect::<Vec<_>>(),
        [MarkKind::Object, MarkKind::Object, MarkKind::Highlight]
    );
    let text = render_ascii(&b, &overlay);
    let map = lines(&text);
    assert_eq!(square_text(&map, Sq::new(3, 3)), "1 T", "wizard before treasure, treasure start hidden");
    assert_eq!(square_text(&map, b.home(1)), " 2 ", "a mark hides the home base");
    assert_eq!(square_text(&map, Sq::new(0, 0)), "bx*");
    assert_eq!(square_text(&map, Sq::new(9, 4)), "ab+", "more than three: two and a plus");
    assert_eq!(square_text(&map, Sq::new(8, 1)), "###");
    assert_eq!(square_text(&map, Sq::new(8, 3)), "%%%");
    assert_eq!(square_text(&map, Sq::new(6, 3)), " r ", "a mark hides its obstacle");
    assert!(text.contains("1 Alice (wizard) at (3,3)"), "{text}");
    assert!(text.contains("T Alice's gem (treasure) at (3,3)"));
    assert!(text.contains("### blocks movement") && text.contains("%%% blocks sight only"));
}

#[test]
fn the_key_lists_portal_pairs() {
    let b = four_with_portals();
    let text = render_ascii(&b, &Overlay::default());
    assert!(text.contains("p purple portal: (2,0)N <-> (7,9)S"), "{text}");
    assert!(text.contains("c cyan portal: (7,0)N <-> (2,9)S"), "{text}");
    let map = lines(&text);
    // The portal letters stand outside their openings.
    assert_eq!(at(&map, X0 + 4 * 2 + 2, Y0 - 1), 'p');
    assert_eq!(at(&map, X0 + 4 * 7 + 2, Y0 + 2 * 10 + 1), 'p');
    assert_eq!(at(&map, X0 + 4 * 7 + 2, Y0 - 1), 'c');
    assert_eq!(at(&map, X0 + 4 * 2 + 2, Y0 + 2 * 10 + 1), 'c');
    // West and east openings still wrap.
    assert_eq!(at(&map, X0 - 1, Y0 + 2 * 2 + 1), '<');
    assert!(map.iter().all(|l| l.len() <= 100));
    // Rotated sectors: the printed door of sector 3 (turned 270) is where the rotation puts it.
    let door = b.to_board(3, Sq::new(1, 1));
    let e = b.barrier_edges().into_iter().find(|v| v.door.is_some() && v.id.side_of(door).is_some()).unwrap().id;
    let want = if e.horizontal { " D " } else { "D" };
    assert_eq!(edge_text(&map, e), want);
}

#[test]
fn warps_are_marked_on_every_square_of_their_sides() {
    let b = three_with_warps();
    let text = render_ascii(&b, &Overlay::default());
    // Gluing two sides around the missing corner: the squares next to the corner meet.
    assert!(text.contains("w warp 1: (5,4)S..(9,4)S <-> (4,5)E..(4,9)E"), "{text}");
    assert!(text.contains("x warp 2: (5,0)N..(9,0)N <-> (0,5)W..(0,9)W"), "{text}");
    let map = lines(&text);
    for x in 5..10 {
        assert_eq!(at(&map, X0 + 4 * x + 2, Y0 + 2 * 5 + 1), 'w', "south of ({x},4)");
    }
    for y in 5..10 {
        assert_eq!(at(&map, X0 + 4 * 5 + 1, Y0 + 2 * y + 1), 'w', "east of (4,{y})");
    }
    // The missing sector stays blank.
    assert_eq!(square_text(&map, Sq::new(7, 7)), "   ");
}

#[test]
fn a_small_board_matches_its_snapshot() {
    let mut b = two();
    b.set_door_open(Sq::new(1, 1).edge(Dir::E), true).unwrap();
    b.create_barrier(Sq::new(6, 3).edge(Dir::E), false, None).unwrap();
    b.destroy_barrier(Sq::new(4, 1).edge(Dir::E)).unwrap();
    b.add_obstacle(
        7,
        Obstacle { at: Place::Square(Sq::new(8, 1)), blocks_move: true, blocks_los: true, fills_square: true },
    )
    .unwrap();
    let overlay =
        Overlay::new().with(Mark::wizard(Sq::new(2, 3), '1', "Alice")).with(Mark::treasure(Sq::new(6, 2), 'T', "gem"));
    let text = render_ascii(&b, &overlay);
    assert_eq!(text, &SNAPSHOT[1..], "\n{text}");
}

/// `a_small_board_matches_its_snapshot`: a door opened, a seam wall destroyed, a wall created,
/// an obstacle, a wizard and a treasure.
const SNAPSHOT: &str = r#"
      0   1   2   3   4   5   6   7   8   9
              ^                   ^
    +---+---+   +---+---+---+---+   +---+---+
 0  |                   |                   |  0
    +       +       +   +                   +
 1  |     t /       |   :     t      ###    |  1
    +   +---+   +   +                       +
 2 <         H0 |             T  H1          > 2
    +           +       +       +           +
 3  |         1   t     |       #     t     |  3
    +                   +       +           +
 4  |                   |                   |  4
    +---+---+   +---+---+---+---+   +---+---+
              v                   v
      0   1   2   3   4   5   6   7   8   9

Key:   + column  --- | wall  === # created wall  ... : destroyed wall
       / open door  Hn home base of sector n  t treasure start
       ### blocks movement  ^ > v < opening wraps to the far side
Marks: 1 Alice (wizard) at (2,3)  T gem (treasure) at (6,2)
Sectors: 0 a (home (2,2))  1 b (home (7,2))
"#;

// ---------------------------------------------------------------------------------------------
// SVG

/// A small well-formedness check: tags balance, attributes are quoted, text and attribute values
/// hold no raw `<` and no `&` outside an entity. Returns the element names in document order.
fn check_xml(doc: &str) -> Result<Vec<String>, String> {
    fn check_text(t: &str, at: usize) -> Result<(), String> {
        let mut rest = t;
        while let Some(i) = rest.find('&') {
            let tail = &rest[i + 1..];
            let end = tail.find(';').ok_or(format!("bare & near byte {at}"))?;
            let ent = &tail[..end];
            let ok = matches!(ent, "amp" | "lt" | "gt" | "quot" | "apos")
                || (ent.starts_with('#') && ent[1..].chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(format!("unknown entity &{ent}; near byte {at}"));
            }
            rest = &tail[end + 1..];
        }
        Ok(())
    }
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut i = 0;
    let b = doc.as_bytes();
    let mut roots = 0;
    while i < doc.len() {
        if b[i] != b'<' {
            let j = doc[i..].find('<').map(|k| i + k).unwrap_or(doc.len());
            let text = &doc[i..j];
            if stack.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root: {text:?}"));
            }
            check_text(text, i)?;
            i = j;
            continue;
        }
        if doc[i..].starts_with("<?") {
            if i != 0 {
                return Err("XML declaration not at the start".into());
            }
            i += doc[i..].find("?>").ok_or("unclosed <?")? + 2;
            continue;
        }
        if doc[i..].starts_with("<!--") {
            i += doc[i..].find("-->").ok_or("unclosed comment")? + 3;
            continue;
        }
        // Find the end of the tag, skipping quoted values.
        let mut j = i + 1;
        let mut quote = None;
        while j < doc.len() {
            let c = b[j];
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) if c == b'<' => return Err(format!("raw < in an attribute near byte {j}")),
                Some(_) => {}
                None if c == b'"' || c == b'\'' => quote = Some(c),
                None if c == b'>' => break,
                None if c == b'<' => return Err(format!("< inside a tag near byte {j}")),
                None => {}
            }
            j += 1;
        }
        if j >= doc.len() {
            return Err(format!("unclosed tag at byte {i}"));
        }
        let tag = &doc[i + 1..j];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().ok_or(format!("</{name}> with nothing open"))?;
            if open != name.trim() {
                return Err(format!("</{name}> closes <{open}>"));
            }
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
                return Err(format!("bad element name in <{tag}>"));
            }
            // Attributes: name="value" pairs only.
            let mut rest = body[name.len()..].trim();
            while !rest.is_empty() {
                let eq = rest.find('=').ok_or(format!("attribute without value in <{name}>: {rest}"))?;
                let q = rest.as_bytes().get(eq + 1).copied();
                if q != Some(b'"') && q != Some(b'\'') {
                    return Err(format!("unquoted attribute in <{name}>"));
                }
                let close = rest[eq + 2..].find(q.unwrap() as char).ok_or("unterminated attribute")? + eq + 2;
                check_text(&rest[eq + 2..close], i)?;
                rest = rest[close + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.clone());
            if !self_closing {
                stack.push(name);
            }
        }
        i = j + 1;
    }
    if !stack.is_empty() {
        return Err(format!("unclosed elements: {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(names)
}

fn count(doc: &str, needle: &str) -> usize {
    doc.matches(needle).count()
}

#[test]
fn the_xml_check_catches_broken_documents() {
    assert!(check_xml("<svg><g></g><line x=\"1\"/></svg>").is_ok());
    assert!(check_xml("<svg><g></svg>").is_err());
    assert!(check_xml("<svg><text>a & b</text></svg>").is_err());
    assert!(check_xml("<svg><text>a &amp; b</text></svg>").is_ok());
    assert!(check_xml("<svg x=1></svg>").is_err());
    assert!(check_xml("<svg></svg><svg></svg>").is_err());
}

#[test]
fn the_svg_is_well_formed_and_draws_every_wall_door_and_column() {
    let mut b = two();
    b.create_barrier(Sq::new(6, 1).edge(Dir::S), true, None).unwrap();
    b.set_door_open(Sq::new(1, 1).edge(Dir::E), true).unwrap();
    b.create_barrier(Sq::new(7, 3).edge(Dir::E), false, Some(4)).unwrap();
    b.destroy_barrier(Sq::new(4, 1).edge(Dir::E)).unwrap();
    b.add_obstacle(
        1,
        Obstacle { at: Place::Square(Sq::new(8, 1)), blocks_move: true, blocks_los: true, fills_square: true },
    )
    .unwrap();
    let overlay = Overlay::new()
        .with(Mark::wizard(Sq::new(2, 3), '1', "Alice").with_colour("#2b6cb0"))
        .with(Mark::wizard(Sq::new(7, 1), '2', "Bob <the Bold> & co"))
        .with(Mark::treasure(Sq::new(7, 1), 'T', "gem"));
    let svg = render_svg(&b, &overlay);
    let names = check_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert_eq!(names[0], "svg");
    assert!(svg.starts_with("<?xml") && svg.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("<title>Test layout (test)</title>"));

    let edges = b.barrier_edges();
    let printed_walls = edges.iter().filter(|v| v.barrier == Barrier::Wall && v.printed == Barrier::Wall).count();
    assert_eq!(count(&svg, r#"class="wall""#), printed_walls);
    assert_eq!(count(&svg, r#"class="created-wall""#), 1);
    assert_eq!(count(&svg, r#"class="destroyed""#), 1);
    assert_eq!(count(&svg, r#"class="door""#), 1, "the closed created door");
    assert_eq!(count(&svg, r#"class="door-open""#), 1, "the opened printed door");
    assert!(svg.contains("<title>created closed door (6,2)N</title>"), "{svg}");
    assert!(svg.contains("<title>open door (2,1)W</title>"));
    let (w, h) = b.size();
    let columns = (0..=h).flat_map(|y| (0..=w).map(move |x| Corner { x, y })).filter(|&c| b.column_at(c)).count();
    assert_eq!(count(&svg, r#"class="column""#), columns);
    assert_eq!(count(&svg, r#"class="home""#), 2);
    assert_eq!(count(&svg, r#"class="treasure-start""#), 4);
    assert_eq!(count(&svg, r#"class="obstacle""#), 1);
    // One tinted square per square (naming its square for a page's clicks), one coordinate
    // label each.
    assert_eq!(count(&svg, "<rect x="), 1, "the background");
    assert_eq!(count(&svg, r#"<rect class="square""#), 50, "the squares");
    assert!(svg.contains(r#"<rect class="square" data-x="9" data-y="4" "#), "the last square says where it is");
    assert!(svg.contains(">9,4</text>"));
    // Marks: a circle each, glyph as text, labels escaped.
    assert_eq!(count(&svg, r#"class="mark mark-wizard""#), 2);
    assert_eq!(count(&svg, r#"class="mark mark-treasure""#), 1);
    assert!(svg.contains("Bob &lt;the Bold&gt; &amp; co"), "{svg}");
    assert!(!svg.contains("<the Bold>"));
    assert!(svg.contains("Alice (wizard) at (2,3)"));
    assert!(svg.contains(r##"fill="#2b6cb0" stroke="#111""##), "the mark's own colour");
    // Plain wraps: an arrow at each open rim opening (4 per sector minus the 2 on the seam).
    assert_eq!(count(&svg, r#"class="wrap""#), 6);
    assert_eq!(count(&svg, r#"class="portal""#), 0);
}

#[test]
fn the_svg_draws_portals_and_warps() {
    let b = four_with_portals();
    let svg = render_svg(&b, &Overlay::default());
    check_xml(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&svg, r#"class="portal""#), 4, "one circle per portal marker");
    assert_eq!(count(&svg, r#"<circle class="portal" "#), 4);
    assert_eq!(count(&svg, r##"fill="purple" stroke="#222""##), 2);
    assert_eq!(count(&svg, r##"fill="cyan" stroke="#222""##), 2);
    assert!(svg.contains("purple portal: (2,0)N &lt;-&gt; (7,9)S"), "the key lists the pair");
    assert_eq!(count(&svg, ">purple</text>"), 2, "a label beside each purple circle");
    assert_eq!(count(&svg, r#"class="warp""#), 0);
    assert_eq!(count(&svg, r#"class="wrap""#), 4, "east and west openings still wrap");

    let b = three_with_warps();
    let svg = render_svg(&b, &Overlay::default());
    check_xml(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&svg, r#"<g class="warp">"#), 2);
    assert_eq!(count(&svg, r#"class="warp-arc""#), 2);
    assert_eq!(count(&svg, r#"class="warp-side""#), 4);
    assert!(svg.contains("warp 1: (5,4)S..(9,4)S &lt;-&gt; (4,5)E..(4,9)E"));
    // The three sectors' squares, none where the fourth would be.
    assert_eq!(count(&svg, "<rect x="), 1);
    assert_eq!(count(&svg, r#"<rect class="square""#), 75);
}

/// Writes sample pictures to target/ for a person to look at.
#[test]
fn writes_sample_svgs() {
    let mut b = four_with_portals();
    let closed = Sq::new(6, 1).edge(Dir::S);
    let held = Sq::new(2, 6).edge(Dir::E);
    let jammed = Sq::new(7, 6).edge(Dir::W);
    let sealed = Sq::new(1, 8).edge(Dir::N);
    for e in [closed, held, jammed, sealed] {
        b.create_barrier(e, true, None).unwrap();
    }
    for (e, look) in [(held, "held"), (jammed, "jammed")] {
        b.set_door_open(e, true).unwrap();
        b.set_door_tag(e, "look", Some(look.into())).unwrap();
    }
    b.set_door_tag(sealed, "look", Some("sealed".into())).unwrap();
    b.create_barrier(Sq::new(3, 3).edge(Dir::S), false, Some(3)).unwrap();
    b.destroy_barrier(Sq::new(4, 1).edge(Dir::E)).unwrap();
    b.add_obstacle(
        1,
        Obstacle { at: Place::Square(Sq::new(8, 3)), blocks_move: true, blocks_los: true, fills_square: true },
    )
    .unwrap();
    b.add_obstacle(
        2,
        Obstacle { at: Place::Square(Sq::new(3, 8)), blocks_move: false, blocks_los: true, fills_square: false },
    )
    .unwrap();
    b.add_obstacle(
        3,
        Obstacle {
            at: Place::Edge(Sq::new(5, 5).edge(Dir::E)),
            blocks_move: true,
            blocks_los: true,
            fills_square: false,
        },
    )
    .unwrap();
    let overlay = Overlay::new()
        .with(Mark::wizard(Sq::new(1, 2), '1', "Alice").with_colour("#2b6cb0"))
        .with(Mark::wizard(Sq::new(8, 6), '2', "Bob").with_colour("#c53030"))
        .with(Mark::treasure(Sq::new(8, 6), 'T', "Alice's gem"))
        .with(Mark::object(Sq::new(6, 8), 'b', "boomstone"))
        .with(Mark::highlight(Sq::new(2, 4), '*', "target"));
    let svg = render_svg(&b, &overlay);
    check_xml(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(count(&svg, r#"class="door-open""#), 2, "held and jammed");
    assert_eq!(count(&svg, r#"class="door-seal""#), 1);
    assert_eq!(count(&svg, r#"class="door-wedge""#), 1);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("board-sample.svg"), &svg).unwrap();
    std::fs::write(dir.join("board-sample.txt"), render_ascii(&b, &overlay)).unwrap();
    let warps = render_svg(&three_with_warps(), &Overlay::default());
    std::fs::write(dir.join("board-sample-warps.svg"), warps).unwrap();
}

/// A game in progress as SVG (`wizwar::cli::state_svg`): wizards and treasures, damage on a
/// wall, an open door, door colours in the key, the turn in the title, each wizard's life in
/// the key, and the squares' labels drawn over the home circles.
#[test]
fn a_game_in_progress_draws_as_svg() {
    use wizwar::decision::{Agent, RandomAgent, Seats};
    use wizwar::engine::{Engine, GameSetup};
    let setup = GameSetup { ruleset: "8th".into(), players: 2, seed: 5, options: vec![], names: vec![] };
    let bots: Vec<Box<dyn Agent>> = vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    let e = Engine::new(std::path::Path::new("."), &setup, Box::new(Seats { agents: bots })).unwrap();
    e.run(Some(4));
    let mut st = e.state();
    let edges = st.board.barrier_edges();
    let wall = edges.iter().find(|v| v.barrier == Barrier::Wall && !v.boundary).unwrap().id;
    let door =
        edges.iter().find(|v| v.barrier == Barrier::Door && v.door.as_ref().is_some_and(|d| !d.open)).unwrap().id;
    st.board.set_damage(wall, 2).unwrap();
    st.board.set_door_open(door, true).unwrap();
    let svg = wizwar::cli::state_svg(&st);
    check_xml(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let n = st.turn.number;
    let title =
        if st.turn.started { format!("<title>Turn {n}, ") } else { format!("<title>After turn {n}: turn {}, ", n + 1) };
    assert!(svg.contains(&title), "the turn in the title: {title}");
    assert_eq!(count(&svg, "class=\"crack\""), 1, "{svg}");
    assert!(svg.contains(&format!("damage 2 on {wall}")));
    assert!(count(&svg, "class=\"door-open\"") >= 1);
    assert!(svg.contains("Door colours:") && count(&svg, "class=\"key-door-colour\"") >= 1, "door colours in the key");
    assert_eq!(
        count(&svg, "class=\"mark mark-wizard\""),
        st.players.iter().filter(|p| st.seat_at(p.id).is_some()).count()
    );
    assert!(count(&svg, "class=\"mark mark-treasure\"") >= 1);
    assert!(svg.contains(">A: life ") && svg.contains(">B: "), "every wizard in the key");
    let labels = svg.find("<g id=\"square-labels\">").unwrap();
    assert!(svg.rfind("class=\"home\"").unwrap() < labels, "labels over the home circles");
    assert!(svg.find("<g id=\"marks\">").unwrap() > labels, "marks over the labels");
    for p in &st.players {
        let whose =
            format!("<title>home base of {} {}</title>", wizwar::cli::wizard_glyph(p.id), st.board.home(p.home_sector));
        assert!(svg.contains(&whose), "{whose}");
    }
    assert!(!svg.contains("home base of sector"), "every home named by its wizard");
}

/// A home base whose owner the overlay names shows his letter (`HA`), as the wizards are
/// marked, and the key says so; one it names no owner for keeps its sector's number.
#[test]
fn home_bases_are_named_by_their_wizards() {
    let b = two();
    let mut overlay = Overlay::default();
    overlay.home_owners.insert(1, 'B');
    let text = render_ascii(&b, &overlay);
    let map = lines(&text);
    assert_eq!(square_text(&map, b.home(0)), "H0 ");
    assert_eq!(square_text(&map, b.home(1)), "HB ");
    assert!(text.contains("HA home base of wizard A") && text.contains("Hn home base of sector n"), "{text}");
    overlay.home_owners.insert(0, 'A');
    let text = render_ascii(&b, &overlay);
    assert_eq!(square_text(&lines(&text), b.home(0)), "HA ");
    assert!(!text.contains("Hn home"), "no sector number left to explain: {text}");
    let svg = render_svg(&b, &overlay);
    assert!(svg.contains(&format!("<title>home base of B {}</title>", b.home(1))), "{svg}");
}
