//! Pages people would rather look at than read: `sim --report DIR` and `ab --report DIR` write
//! `DIR/index.html`, one self-contained page (no script, no file beside it) with SVG charts
//! drawn by `plotters`: rates with their 95% intervals, game lengths, wins by seat and bot.

use crate::ab;
use crate::sim::{GameRecord, Summary};
use crate::stats::Rate;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::fmt::Write as _;
use std::path::Path;

const WIDTH: u32 = 760;
const FONT: &str = "sans-serif";
/// The interval's colour, and the mark of what the same seats win usually.
const RATE: RGBColor = RGBColor(31, 119, 180);
const USUAL: RGBColor = RGBColor(214, 39, 40);
const OTHER: RGBColor = RGBColor(255, 127, 14);

/// One row of an interval chart: a label, a rate with its interval, and a reference mark.
pub struct Row {
    pub label: String,
    pub rate: Rate,
    pub mark: Option<f64>,
}

fn failed<E: std::fmt::Display>(e: E) -> String {
    format!("drawing a chart: {e}")
}

/// Rows of rates as dots on their intervals, a row each, labels on the left; `mark` (if any)
/// as a red tick. `from..to` is the scale (fractions, shown in percent).
pub fn interval_chart(title: &str, rows: &[Row], from: f64, to: f64) -> Result<String, String> {
    // (a row of 22 pixels a rate, and one more for the scale)
    let height = 72 + 22 * (rows.len().max(1) as u32 + 1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        // The labels live in the left part of the plot (x below `from`), so no label is clipped;
        // the scale is drawn under the rows (y below 0), from `from` to `to` only.
        let left = from - (to - from) * 0.45;
        let n = rows.len() as f64;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            // (room for half the last label of the scale, centred on the plot's edge)
            .margin_right(24)
            .caption(title, (FONT, 16))
            .build_cartesian_2d(left..to, -1f64..n.max(1.0))
            .map_err(failed)?;
        let ticks = scale_ticks(from, to);
        chart.draw_series(std::iter::once(PathElement::new(vec![(from, 0.0), (to, 0.0)], BLACK))).map_err(failed)?;
        chart.draw_series(ticks.iter().map(|&t| PathElement::new(vec![(t, 0.0), (t, -0.2)], BLACK))).map_err(failed)?;
        let under = TextStyle::from((FONT, 12).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
        chart
            // (+ 0.0: no "-0%")
            .draw_series(
                ticks
                    .iter()
                    .map(|&t| Text::new(format!("{:.0}%", (100.0 * t).round() + 0.0), (t, -0.3), under.clone())),
            )
            .map_err(failed)?;
        let y = |i: usize| n - i as f64 - 0.5;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                Text::new(clip(&r.label, 34), (left + (to - from) * 0.01, y(i) + 0.25), (FONT, 13).into_font())
            }))
            .map_err(failed)?;
        chart
            .draw_series(
                rows.iter().enumerate().map(|(i, r)| {
                    PathElement::new(vec![(r.rate.low, y(i)), (r.rate.high, y(i))], RATE.stroke_width(3))
                }),
            )
            .map_err(failed)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| Circle::new((r.rate.estimate, y(i)), 4, RATE.filled())))
            .map_err(failed)?;
        chart
            .draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                let m = r.mark?;
                Some(PathElement::new(vec![(m, y(i) - 0.35), (m, y(i) + 0.35)], USUAL.stroke_width(2)))
            }))
            .map_err(failed)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// Ticks of a scale of fractions from `from` to `to`: at most 11, a round step apart (10%,
/// 20%, ...), one at 0 when the scale holds it.
fn scale_ticks(from: f64, to: f64) -> Vec<f64> {
    let step =
        [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0].into_iter().find(|s| (to - from) / s <= 10.0).unwrap_or(1.0);
    let first = (from / step - 1e-9).ceil() as i64;
    let last = (to / step + 1e-9).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// How long games were: a histogram of their turns, one series a colour.
pub fn turns_chart(title: &str, series: &[(&str, &[u64])]) -> Result<String, String> {
    let max_turn = series.iter().flat_map(|(_, t)| t.iter()).copied().max().unwrap_or(1).max(1) as u32;
    let bin = (max_turn / 30).max(1);
    let bins = max_turn / bin + 1;
    let count = |turns: &[u64], b: u32| turns.iter().filter(|&&t| t as u32 / bin == b).count() as u32;
    let top = series.iter().flat_map(|(_, t)| (0..bins).map(|b| count(t, b))).max().unwrap_or(1).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .caption(title, (FONT, 16))
            .x_label_area_size(30)
            .y_label_area_size(40)
            .build_cartesian_2d(0f64..(bins * bin) as f64, 0u32..top + top / 10 + 1)
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("turns")
            .y_desc("games")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .map_err(failed)?;
        for (k, (name, turns)) in series.iter().enumerate() {
            let colour = if k == 0 { RATE } else { OTHER };
            let width = bin as f64 / series.len() as f64;
            chart
                .draw_series((0..bins).map(|b| {
                    let x = (b * bin) as f64 + k as f64 * width;
                    Rectangle::new([(x, 0), (x + width * 0.9, count(turns, b))], colour.mix(0.8).filled())
                }))
                .map_err(failed)?
                .label(*name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
        }
        if series.len() > 1 {
            chart.configure_series_labels().background_style(WHITE).border_style(BLACK).draw().map_err(failed)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// At most `n` characters of `s`.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n - 1).collect::<String>() + "…"
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A whole page: a title, a line under it, and figures (an SVG and its caption each).
fn page(title: &str, lead: &str, figures: &[(String, &str)]) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{t}</title>\n\
         <style>body{{font-family:sans-serif;max-width:800px;margin:1em auto;color:#222}}\
         figure{{margin:1.5em 0}}figcaption{{font-size:90%;color:#555}}</style>\n</head>\n<body>\n\
         <h1>{t}</h1>\n<p>{l}</p>\n",
        t = escape(title),
        l = escape(lead)
    );
    for (svg, caption) in figures {
        // (the SVG's own XML declaration has no place inside a page)
        let svg = svg.trim_start_matches(|c| c != '<').to_string();
        let svg = if svg.starts_with("<?xml") { svg[svg.find("?>").map_or(0, |i| i + 2)..].to_string() } else { svg };
        let _ = write!(out, "<figure>\n{}\n<figcaption>{}</figcaption>\n</figure>\n", svg.trim(), escape(caption));
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn write_page(dir: &Path, html: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let file = dir.join("index.html");
    std::fs::write(&file, html).map_err(|e| format!("{}: {e}", file.display()))
}

/// `sim --report DIR`: the rated cards by their players' win rate, with the usual rate of
/// the same seats; wins by seat and by bot; the games' lengths.
pub fn write_sim(dir: &Path, title: &str, s: &Summary, records: &[GameRecord]) -> Result<(), String> {
    let mut cards: Vec<Row> = s
        .cards
        .iter()
        .filter_map(|(name, c)| Some(Row { label: name.clone(), rate: c.won?, mark: Some(c.usual) }))
        .collect();
    cards.sort_by(|a, b| b.rate.estimate.total_cmp(&a.rate.estimate).then(a.label.cmp(&b.label)));
    let mut who: Vec<Row> = s
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, &(n, w))| Some(Row { label: format!("seat {i}"), rate: Rate::wilson(w, n)?, mark: None }))
        .collect();
    if s.bots.len() > 1 {
        who.extend(s.bots.iter().filter_map(|b| {
            Some(Row { label: format!("{} bots", b.bot.name()), rate: Rate::wilson(b.wins, b.games)?, mark: None })
        }));
    }
    let turns: Vec<u64> = records.iter().map(|r| r.turns).collect();
    let figures = vec![
        (
            interval_chart("Win rate of the players who played each card", &cards, 0.0, 1.0)?,
            "Each card played by enough players (30 or more): the share of them who won (dot) with its 95% \
             interval (bar), and what the same seats and bots win in all games (red tick). A dot right of \
             its tick: the card's players win more than their seats usually do.",
        ),
        (
            interval_chart("Wins by seat and by bot", &who, 0.0, 1.0)?,
            "The share of games each seat (and each kind of bot, at a mixed table) won, with 95% intervals.",
        ),
        (
            turns_chart("How long the games were", &[("games", &turns)])?,
            "Turns played, games stopped at the cap included.",
        ),
    ];
    let lead = format!("{} games, {:.1} turns on average.", s.games, s.mean_turns);
    write_page(dir, &page(title, &lead, &figures))
}

/// `ab --report DIR`: A's and B's rates, the difference, and the games' lengths on each side.
pub fn write_ab(dir: &Path, r: &ab::Report) -> Result<(), String> {
    let sides: Vec<Row> = [("A: as shipped", &r.a), ("B: the variant", &r.b)]
        .into_iter()
        .filter_map(|(label, s)| Some(Row { label: format!("{label} ({})", s.card), rate: s.rate?, mark: None }))
        .collect();
    let heading = format!("Win rate of {}", r.subject);
    let d = r.difference;
    let reach = [d.low.abs(), d.high.abs(), 0.05].into_iter().fold(0.0, f64::max) * 1.2;
    let diff =
        [Row { label: "B - A".into(), rate: Rate { estimate: d.estimate, low: d.low, high: d.high }, mark: Some(0.0) }];
    let figures = vec![
        (
            interval_chart(&heading, &sides, 0.0, 1.0)?,
            "The seats compared (a card's: those that played it in either game of a pair): the share of them \
             who won, with 95% intervals, as shipped (A) and changed (B).",
        ),
        (
            interval_chart("B - A, the games taken in pairs", &diff, -reach, reach)?,
            "The difference of the two rates with its 95% interval (the games resampled in pairs); the red \
             tick is 0. An interval that leaves out 0 is a difference these games can tell from chance.",
        ),
        (
            turns_chart("How long the games were", &[("A", &r.a.turns), ("B", &r.b.turns)])?,
            "Turns played in each game, as shipped (A) and changed (B).",
        ),
    ];
    let title = format!("{}: {} against {}", r.ruleset, r.a.card, r.variant);
    let title = if r.key.is_empty() { format!("{} against {}", r.ruleset, r.variant) } else { title };
    let lead = format!("{} games, each played twice.", r.games);
    write_page(dir, &page(&title, &lead, &figures))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scale_is_ticked_in_round_steps_from_its_start() {
        let ticks = scale_ticks(0.0, 1.0);
        assert_eq!(ticks.len(), 11);
        assert!((ticks[3] - 0.3).abs() < 1e-9 && ticks[0] == 0.0 && (ticks[10] - 1.0).abs() < 1e-9, "{ticks:?}");
        let ticks = scale_ticks(-0.3, 0.3);
        assert_eq!(ticks.len(), 7, "{ticks:?}");
        assert!(ticks.contains(&0.0) && (ticks[0] + 0.3).abs() < 1e-9, "{ticks:?}");
        // No tick in the labels' part of the plot, below the scale's start.
        let rate = Rate::wilson(3, 10).expect("a rate");
        let svg = interval_chart("t", &[Row { label: "a card".into(), rate, mark: None }], 0.0, 1.0).expect("a chart");
        let labels: Vec<&str> =
            svg.lines().filter(|l| l.strip_suffix('%').is_some_and(|v| v.parse::<i64>().is_ok())).collect();
        assert_eq!(labels, ["0%", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%"], "{svg}");
    }
}
