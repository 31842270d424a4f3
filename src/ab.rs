//! A/B experiments (`wizwar ab`): the same games played twice, once with a card as shipped
//! (A) and once with a variant file in its place (B). Each game's seed deals the same
//! cards, seats the same bots and rolls the same dice in both until the card's play changes
//! something (common random numbers), so the difference between the two is measured
//! against far less noise than two independent runs would give.

use crate::rng::GameRng;
use crate::sim::{self, GameRecord, SimConfig};
use crate::stats::Rate;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// One side of the experiment: how the card's players did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// The card's name on this side.
    pub card: String,
    /// The card's holders: in each game, the seats that played it in A or in B (the same on
    /// both sides), once per seat.
    pub players: u64,
    /// Of those, the games that seat won on this side.
    pub wins: u64,
    /// wins of players, with its 95% interval (fractions 0-1); absent if nobody played it.
    #[serde(flatten)]
    pub rate: Option<Rate>,
    /// Times the card was played, a game.
    pub plays_per_game: f64,
    pub mean_turns: f64,
    /// Each game's turns (for the report's histogram).
    #[serde(skip)]
    pub turns: Vec<u64>,
}

/// B's rate minus A's, with a 95% interval from the paired games (bootstrap).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub ruleset: String,
    pub games: u64,
    /// The card's key and the variant file.
    pub key: String,
    pub variant: String,
    pub a: Side,
    pub b: Side,
    pub difference: Difference,
}

/// How many resamples the bootstrap takes: enough that the interval's ends move by less than
/// a tenth of a point from one bootstrap seed to another at a few hundred games.
const RESAMPLES: usize = 2000;

/// Plays `cfg`'s games with the card `name` as shipped and with `variant` in its place.
pub fn run(cfg: &SimConfig, name: &str, variant: PathBuf) -> Result<Report, String> {
    let probe = crate::engine::GameSetup {
        ruleset: cfg.ruleset.clone(),
        players: cfg.players.first().copied().unwrap_or(2),
        seed: cfg.seed,
        options: cfg.options.clone(),
        names: vec![],
    };
    let shipped = crate::engine::Engine::new(&cfg.root, &probe, Box::new(crate::decision::RandomAgent::new(0)))?;
    let def = shipped
        .card_defs()
        .find(|d| d.name.eq_ignore_ascii_case(name) || d.key == name)
        .ok_or_else(|| format!("ruleset {} has no card named `{name}`", cfg.ruleset))?;
    let (key, a_name) = (def.key.clone(), def.name.clone());
    let b_cfg = SimConfig { variants: vec![(key.clone(), variant.clone())], ..cfg.clone() };
    let with_variant = crate::engine::Engine::with_variants(
        &cfg.root,
        &probe,
        Box::new(crate::decision::RandomAgent::new(0)),
        &b_cfg.variants,
    )?;
    let b_name = with_variant.card_defs().find(|d| d.key == key).map(|d| d.name.clone()).unwrap_or_default();

    let a_games = sim::run(cfg, Some(shipped), &|_| {});
    let b_games = sim::run(&b_cfg, Some(with_variant), &|_| {});
    if let Some(r) = a_games.iter().chain(&b_games).find(|r| r.failed()) {
        return Err(format!("game {} failed: {}", r.index, r.end));
    }
    let (a_counts, b_counts): (Vec<Holders>, Vec<Holders>) =
        a_games.iter().zip(&b_games).map(|(a, b)| holders(a, &a_name, b, &b_name)).unzip();
    Ok(Report {
        ruleset: cfg.ruleset.clone(),
        games: cfg.games,
        key,
        variant: variant.display().to_string(),
        a: side(&a_name, &a_games, &a_counts),
        b: side(&b_name, &b_games, &b_counts),
        difference: paired_difference(&a_counts, &b_counts, cfg.seed),
    })
}

/// In one game, on one side: the card's holders, and how many of them won.
type Holders = (u64, u64);

/// In one game played both ways: the seats that played the card in A or in B (the same seats
/// on both sides, so each is compared with itself), and how many of them won in A and in B.
fn holders(a: &GameRecord, a_name: &str, b: &GameRecord, b_name: &str) -> (Holders, Holders) {
    let played = |r: &GameRecord, name: &str| -> BTreeSet<u32> {
        r.plays.iter().filter(|(n, _)| n == name).map(|&(_, p)| p).collect()
    };
    let seats: BTreeSet<u32> = played(a, a_name).union(&played(b, b_name)).copied().collect();
    let won = |r: &GameRecord| seats.iter().filter(|&&p| r.winner == Some(p)).count() as u64;
    let n = seats.len() as u64;
    ((n, won(a)), (n, won(b)))
}

fn side(name: &str, games: &[GameRecord], counts: &[Holders]) -> Side {
    let players = counts.iter().map(|c| c.0).sum();
    let wins = counts.iter().map(|c| c.1).sum();
    let n = games.len().max(1) as f64;
    let plays = games.iter().map(|r| r.plays.iter().filter(|(c, _)| c == name).count()).sum::<usize>();
    Side {
        card: name.to_string(),
        players,
        wins,
        rate: Rate::wilson(wins, players),
        plays_per_game: plays as f64 / n,
        mean_turns: games.iter().map(|r| r.turns).sum::<u64>() as f64 / n,
        turns: games.iter().map(|r| r.turns).collect(),
    }
}

/// B's rate minus A's over the same games, and its 95% percentile interval from resampling
/// the games (each resample takes a game's A and B together, keeping the pairing), with dice
/// seeded by `seed`.
pub fn paired_difference(a: &[Holders], b: &[Holders], seed: u64) -> Difference {
    let rate = |c: &[Holders], picks: &mut dyn Iterator<Item = usize>| -> Holders {
        picks.fold((0, 0), |(n, w), i| (n + c[i].0, w + c[i].1))
    };
    let diff = |(na, wa): (u64, u64), (nb, wb): (u64, u64)| {
        let r = |n: u64, w: u64| if n == 0 { 0.0 } else { w as f64 / n as f64 };
        r(nb, wb) - r(na, wa)
    };
    let games = a.len().min(b.len());
    let estimate = diff(rate(a, &mut (0..games)), rate(b, &mut (0..games)));
    if games == 0 {
        return Difference { estimate, low: estimate, high: estimate };
    }
    let mut dice = GameRng::new(seed ^ 0xab);
    let mut samples: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let picks: Vec<usize> = (0..games).map(|_| dice.below(games as u32) as usize).collect();
            diff(rate(a, &mut picks.iter().copied()), rate(b, &mut picks.iter().copied()))
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    let at = |q: f64| samples[((q * (RESAMPLES - 1) as f64).round() as usize).min(RESAMPLES - 1)];
    Difference { estimate, low: at(0.025), high: at(0.975) }
}

/// The report as a table for a terminal.
pub fn render(r: &Report) -> String {
    let rate = |s: &Side| s.rate.map_or("nobody played it".into(), |x| x.percent());
    let mut out = format!(
        "{} games of {}, each played twice: A with {} as shipped, B with {}\n\n",
        r.games, r.ruleset, r.a.card, r.variant
    );
    out.push_str("       players  won by them [95% int.]    plays a game   turns a game\n");
    for (label, s) in [("A", &r.a), ("B", &r.b)] {
        out.push_str(&format!(
            "  {label}   {:>8}  {:<24} {:>12.2} {:>14.1}\n",
            s.players,
            rate(s),
            s.plays_per_game,
            s.mean_turns
        ));
    }
    let d = &r.difference;
    out.push_str(&format!(
        "\n  B - A: {:+.1} points [{:+.1}, {:+.1}] (95%, the games resampled in pairs)\n",
        100.0 * d.estimate,
        100.0 * d.low,
        100.0 * d.high
    ));
    out.push_str(if d.low > 0.0 {
        "  The variant's players win more often than the card's.\n"
    } else if d.high < 0.0 {
        "  The variant's players win less often than the card's.\n"
    } else {
        "  No difference these games can tell from chance.\n"
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_games_differ_by_nothing_and_a_clear_lift_shows() {
        let a: Vec<(u64, u64)> = (0..200).map(|i| (1, i % 2)).collect();
        let same = paired_difference(&a, &a, 1);
        assert_eq!((same.estimate, same.low, same.high), (0.0, 0.0, 0.0));
        let b: Vec<(u64, u64)> = (0..200).map(|i| (1, u64::from(i % 4 != 0))).collect();
        let lift = paired_difference(&a, &b, 1);
        assert!((lift.estimate - 0.25).abs() < 1e-9 && lift.low > 0.1 && lift.high < 0.4, "{lift:?}");
        assert_eq!(lift, paired_difference(&a, &b, 1), "seeded");
    }
}
