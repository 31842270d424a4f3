//! Pictures of any topology, square or hex: a text grid for the terminal and an SVG for pages,
//! each cell with a short label (a figure's letter, a filled cell's mark) given by the caller.
//!
//! Text: squares are a grid, three characters a cell. Hexes are rows, four characters a hex,
//! each row two characters east of the one above (a hex `(q, r)` is on text row `r`, column
//! `4q + 2r`), so a row of the map is a line of the terminal. SVG: cells are drawn as
//! polygons, hexes with a point up, each of class `square` with its coordinates in `data-x` and
//! `data-y` as on a square board's SVG.

use super::shape::Shape;
use super::topology::{Cell, Topology};
use std::fmt::Write;

/// Where a cell goes on the text grid: (row, column), from the topology's top-left.
fn text_spot(t: &Topology, cell: Cell) -> (i32, i32) {
    let c = t.coord(cell);
    match t.shape() {
        Shape::Square => (c.b, 3 * c.a),
        Shape::Hex => (c.b, 4 * c.a + 2 * c.b),
    }
}

/// The top row and leftmost column of the text grid any cell takes.
fn text_origin(t: &Topology) -> (i32, i32) {
    let spots = t.cells().map(|c| text_spot(t, c));
    spots.fold((i32::MAX, i32::MAX), |(top, left), (row, col)| (top.min(row), left.min(col)))
}

/// Characters a cell takes across the text grid.
fn text_step(t: &Topology) -> i32 {
    match t.shape() {
        Shape::Square => 3,
        Shape::Hex => 4,
    }
}

/// A cell's number as people read it off the text picture, from 1: (column, row). A hex's
/// column counts the hexes of its row, whose first may stand half a hex in.
pub fn cell_number(t: &Topology, cell: Cell) -> (i32, i32) {
    let (top, left) = text_origin(t);
    let (row, col) = text_spot(t, cell);
    ((col - left) / text_step(t) + 1, row - top + 1)
}

/// The board as text, each cell's label (up to two characters; "." where `label` gives none),
/// the columns numbered above and the rows at the left (`cell_number`).
pub fn text(t: &Topology, label: impl Fn(Cell) -> Option<String>) -> String {
    let spots: Vec<(Cell, (i32, i32))> = t.cells().map(|c| (c, text_spot(t, c))).collect();
    if spots.is_empty() {
        return String::new();
    }
    let (top, left) = text_origin(t);
    let rows = spots.iter().map(|s| s.1 .0 - top).max().unwrap_or(0) as usize + 1;
    let width = spots.iter().map(|s| s.1 .1 - left).max().unwrap_or(0) as usize + 2;
    let mut grid = vec![vec![' '; width]; rows];
    for (cell, (row, col)) in spots {
        let text = label(cell).unwrap_or_else(|| ".".into());
        for (i, ch) in text.chars().take(2).enumerate() {
            grid[(row - top) as usize][(col - left) as usize + i] = ch;
        }
    }
    let margin = rows.to_string().len();
    let step = text_step(t) as usize;
    let mut head = " ".repeat(margin + 1);
    for n in 1..=width.div_ceil(step) {
        head.push_str(&format!("{n:<step$}"));
    }
    let mut lines = vec![head.trim_end().to_string()];
    for (i, r) in grid.into_iter().enumerate() {
        let line = format!("{:>margin$} {}", i + 1, r.into_iter().collect::<String>());
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n") + "\n"
}

/// A cell's corners on the page, for cells `size` wide (squares) or of circumradius `size`
/// (hexes, a point up).
fn corners(t: &Topology, cell: Cell, size: f64) -> Vec<(f64, f64)> {
    let c = t.coord(cell);
    match t.shape() {
        Shape::Square => {
            let (x, y) = (c.a as f64 * size, c.b as f64 * size);
            vec![(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
        }
        Shape::Hex => {
            let (x, y) = hex_centre(c.a, c.b, size);
            (0..6)
                .map(|k| {
                    let angle = std::f64::consts::PI / 6.0 * (2 * k + 1) as f64;
                    (x + size * angle.cos(), y + size * angle.sin())
                })
                .collect()
        }
    }
}

fn hex_centre(q: i32, r: i32, size: f64) -> (f64, f64) {
    (size * 3f64.sqrt() * (q as f64 + r as f64 / 2.0), size * 1.5 * r as f64)
}

/// The board as an SVG picture: each cell a polygon (`fill` its colour, "none" when `fill`
/// gives none), its label written in the middle.
pub fn svg(t: &Topology, label: impl Fn(Cell) -> Option<String>, fill: impl Fn(Cell) -> Option<String>) -> String {
    let size = 20.0;
    let polygons: Vec<(Cell, Vec<(f64, f64)>)> = t.cells().map(|c| (c, corners(t, c, size))).collect();
    let all = polygons.iter().flat_map(|p| p.1.iter());
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in all {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    if polygons.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
    }
    let pad = 4.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{:.1} {:.1} {:.1} {:.1}\" font-family=\"sans-serif\" font-size=\"10\">\n",
        x0 - pad,
        y0 - pad,
        x1 - x0 + 2.0 * pad,
        y1 - y0 + 2.0 * pad
    );
    for (cell, points) in &polygons {
        let (cx, cy) = centre(points);
        let points: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let colour = fill(*cell).unwrap_or_else(|| "none".into());
        // (each cell names its coordinates, as the square board's SVG does: the web table's page
        // lights and answers a click on one)
        let c = t.coord(*cell);
        let _ = writeln!(
            out,
            "<polygon class=\"square\" data-x=\"{}\" data-y=\"{}\" points=\"{}\" fill=\"{colour}\" stroke=\"#555\"/>",
            c.a,
            c.b,
            points.join(" ")
        );
        if let Some(text) = label(*cell) {
            let _ = writeln!(
                out,
                "<text x=\"{cx:.1}\" y=\"{cy:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                escape(&text)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

fn centre(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let (sx, sy) = points.iter().fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    (sx / n, sy / n)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Coord;

    #[test]
    fn hexes_stand_in_staggered_rows() {
        let t = Topology::rectangle(Shape::Hex, 3, 3);
        let a = t.cell_at(Coord::new(1, 0)).unwrap();
        let picture = text(&t, |c| (c == a).then(|| "A".to_string()));
        assert_eq!(picture, "  1   2   3\n1 .   A   .\n2   .   .   .\n3 .   .   .\n");
        assert_eq!(cell_number(&t, a), (2, 1));
        assert_eq!(cell_number(&t, t.cell_at(Coord::new(0, 1)).unwrap()), (1, 2), "the first hex of a row set in");
    }

    #[test]
    fn squares_are_a_grid() {
        let t = Topology::rectangle(Shape::Square, 3, 2);
        assert_eq!(text(&t, |_| None), "  1  2  3\n1 .  .  .\n2 .  .  .\n");
    }

    #[test]
    fn the_svg_has_a_polygon_a_cell_and_the_labels() {
        let t = Topology::hexagon(2);
        let o = t.cell_at(Coord::new(0, 0)).unwrap();
        let page = svg(&t, |c| (c == o).then(|| "A<".to_string()), |_| None);
        assert_eq!(page.matches("<polygon").count(), 19);
        assert!(page.contains(">A&lt;</text>"), "{page}");
        // a hex has six corners
        let first = page.lines().find(|l| l.starts_with("<polygon")).unwrap();
        assert_eq!(first.split("points=\"").nth(1).unwrap().split('"').next().unwrap().split(' ').count(), 6);
    }
}
