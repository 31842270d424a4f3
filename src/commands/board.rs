//! `board`: a picture of a board, as text or SVG: a map file, a saved game at one of its
//! steps, or a ruleset's board laid out the way setup lays it (faces shuffled and turned by a
//! seed).

use super::args::Format;
use super::{ruleset_or_default, write_or_print};
use std::path::{Path, PathBuf};
use wizwar::geometry::load::load_board_set;
use wizwar::geometry::render::{render_ascii, Overlay};
use wizwar::geometry::svg::render_svg;
use wizwar::geometry::Rot;
use wizwar::rng::GameRng;

/// `board --map FILE`: a map file's board.
pub fn map(file: PathBuf, format: Format, out: Option<PathBuf>) -> Result<(), String> {
    let map = wizwar::geometry::map::load_map(&file)
        .map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
    let text = match format {
        Format::Ascii => map.text(),
        Format::Svg => map.svg(),
    };
    write_or_print(out.as_deref(), &text)
}

/// `board --load FILE [--step N]`: a saved game after its first N steps.
pub fn saved(
    root: &Path,
    file: PathBuf,
    step: Option<usize>,
    format: Format,
    out: Option<PathBuf>,
) -> Result<(), String> {
    let loaded = wizwar::repl::read_saved(&file)?;
    let n = step.unwrap_or(loaded.steps.len());
    if n > loaded.steps.len() {
        return Err(format!("--step {n}: {} has {} step(s)", file.display(), loaded.steps.len()));
    }
    let check = wizwar::repl::Check::default();
    let built = wizwar::repl::build(root, &loaded.setup, &loaded.steps[..n], check)?;
    if let Some(why) = &built.stopped {
        return Err(why.clone());
    }
    let text = built.engine.with_view(|st| match format {
        Format::Ascii => render_ascii(&st.board, &wizwar::cli::overlay(st)),
        Format::Svg => wizwar::cli::state_svg(st),
    });
    write_or_print(out.as_deref(), &text)
}

/// `board`: a ruleset's board for a number of players, from one side of its sectors.
pub fn laid_out(
    root: &Path,
    ruleset: Option<String>,
    players: usize,
    side: Option<String>,
    seed: Option<u64>,
    format: Format,
    out: Option<PathBuf>,
) -> Result<(), String> {
    let ruleset = ruleset_or_default(root, ruleset)?;
    // A playable ruleset's own board set (perhaps inherited); else a folder with boards only.
    let path = match wizwar::ruleset::Ruleset::load(&root.join("rulesets"), &ruleset) {
        Ok(r) => r.boards_path(),
        Err(_) => root.join("rulesets").join(&ruleset).join("boards").join("boards.toml"),
    };
    let set =
        load_board_set(&path).map_err(|errs| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
    if let Some(map) = &set.map {
        // (one map for any number of players: nothing to lay out)
        let text = match format {
            Format::Ascii => map.text(),
            Format::Svg => map.svg(),
        };
        return write_or_print(out.as_deref(), &text);
    }
    let side = match side {
        Some(s) => s,
        None => set.sides.keys().next().cloned().ok_or("the board set lists no sides")?,
    };
    let faces = set.sides.get(&side).ok_or_else(|| {
        format!("no side `{side}` (known: {})", set.sides.keys().cloned().collect::<Vec<_>>().join(", "))
    })?;
    let layout = set.layouts.get(&players).ok_or_else(|| {
        let known: Vec<String> = set.layouts.keys().map(|k| k.to_string()).collect();
        format!("ruleset {ruleset} has no layout for {players} players (known: {})", known.join(", "))
    })?;
    let slots = layout.slots.len();
    let (order, rotations): (Vec<usize>, Vec<Rot>) = match seed {
        None => ((0..slots).collect(), vec![Rot(0); slots]),
        Some(seed) => {
            let mut rng = GameRng::new(seed);
            let mut order: Vec<usize> = (0..faces.len()).collect();
            rng.shuffle(&mut order);
            order.truncate(slots);
            let rots = (0..slots).map(|_| Rot::new(rng.below(4) as i32)).collect();
            (order, rots)
        }
    };
    let board = set.build(&side, players, &order, &rotations).map_err(|e| e.to_string())?;
    let text = match format {
        Format::Ascii => render_ascii(&board, &Overlay::default()),
        Format::Svg => render_svg(&board, &Overlay::default()),
    };
    write_or_print(out.as_deref(), &text)
}
