//! A/B experiments (`wizwar ab`): the same games played twice, once as shipped (A) and once
//! changed (B): a card replaced by a variant file, or the whole ruleset by another (a house
//! rule against its base). Each game's seed deals the same cards, seats the same bots and
//! rolls the same dice in both until the change matters (common random numbers), so the
//! difference between the two is measured against far less noise than two independent runs
//! would give. What is compared is how often some players win: the players of a card, or,
//! without a card, the seats of the first kind of bot (the first seat when every seat has
//! the same kind).

use crate::rng::GameRng;
use crate::sim::{self, GameRecord, SimConfig};
use crate::stats::Rate;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// One side of the experiment: how the players compared did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// The card's name on this side, or who is compared ("seat 0", "hunter").
    pub card: String,
    /// The players compared: in each game, the seats that played the card in A or in B (the
    /// same on both sides), once per seat; without a card, the seats of the first kind of bot.
    pub players: u64,
    /// Of those, the games that seat won on this side.
    pub wins: u64,
    /// wins of players, with its 95% interval (fractions 0-1); absent if nobody played it.
    #[serde(flatten)]
    pub rate: Option<Rate>,
    /// Times the card was played, a game (0 without a card).
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
    /// The card's key ("" without a card), and B: the variant file, or "ruleset NAME".
    pub key: String,
    pub variant: String,
    /// Whom the rates count: "the players of" and the card, "the hunter bots", "the first seat".
    pub subject: String,
    pub a: Side,
    pub b: Side,
    pub difference: Difference,
}

/// How many resamples the bootstrap takes: enough that the interval's ends move by less than
/// a tenth of a point from one bootstrap seed to another at a few hundred games.
const RESAMPLES: usize = 2000;

/// What B changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A card file played in place of the shipped card of this name (or key).
    Card { name: String, file: PathBuf },
    /// Another ruleset played in place of A's (a house rule against its base).
    Ruleset(String),
}

/// Plays `cfg`'s games with the card `name` as shipped and with `variant` in its place.
pub fn run(cfg: &SimConfig, name: &str, variant: PathBuf) -> Result<Report, String> {
    compare(cfg, &Change::Card { name: name.to_string(), file: variant }, None)
}

/// Plays `cfg`'s games as they are (A) and with `change` (B), comparing the players of card
/// `card` (the changed card when B changes one), or without a card the seats of the first
/// kind of bot.
pub fn compare(cfg: &SimConfig, change: &Change, card: Option<&str>) -> Result<Report, String> {
    let probe = |ruleset: &str| crate::engine::GameSetup {
        ruleset: ruleset.to_string(),
        players: cfg.players.first().copied().unwrap_or(2),
        seed: cfg.seed,
        options: cfg.options.clone(),
        names: vec![],
    };
    let quiet = || Box::new(crate::decision::RandomAgent::new(0));
    let shipped = crate::engine::Engine::new(&cfg.root, &probe(&cfg.ruleset), quiet())?;
    let card = match change {
        Change::Card { name, .. } => Some(name.as_str()),
        Change::Ruleset(_) => card,
    };
    let find = |engine: &crate::engine::Engine, name: &str, ruleset: &str| {
        engine
            .card_defs()
            .find(|d| d.name.eq_ignore_ascii_case(name) || d.key == name)
            .map(|d| (d.key.clone(), d.name.clone()))
            .ok_or_else(|| format!("ruleset {ruleset} has no card named `{name}`"))
    };
    let a_card = card.map(|name| find(&shipped, name, &cfg.ruleset)).transpose()?;
    let (b_cfg, variant) = match change {
        Change::Card { file, .. } => {
            let key = a_card.as_ref().map(|(k, _)| k.clone()).unwrap_or_default();
            (SimConfig { variants: vec![(key, file.clone())], ..cfg.clone() }, file.display().to_string())
        }
        Change::Ruleset(r) => (SimConfig { ruleset: r.clone(), ..cfg.clone() }, format!("ruleset {r}")),
    };
    let changed = crate::engine::Engine::with_variants(&cfg.root, &probe(&b_cfg.ruleset), quiet(), &b_cfg.variants)?;
    // B's card: the variant, loaded under the shipped key; or the card of that name in B's rules.
    let b_card = match (&a_card, change) {
        (Some((key, _)), Change::Card { .. }) => Some(find(&changed, key, &b_cfg.ruleset)?.1),
        (Some((_, name)), Change::Ruleset(r)) => Some(find(&changed, name, r)?.1),
        (None, _) => None,
    };
    let a_games = sim::run(cfg, Some(shipped), &|_| {});
    let b_games = sim::run(&b_cfg, Some(changed), &|_| {});
    if let Some(r) = a_games.iter().chain(&b_games).find(|r| r.failed()) {
        return Err(format!("game {} failed: {}", r.index, r.end));
    }
    let compared = Compared::new(cfg, a_card.as_ref().map(|(_, n)| n.as_str()), b_card.as_deref());
    let (a_counts, b_counts): (Vec<Holders>, Vec<Holders>) =
        a_games.iter().zip(&b_games).map(|(a, b)| compared.holders(a, b)).unzip();
    Ok(Report {
        ruleset: cfg.ruleset.clone(),
        games: cfg.games,
        key: a_card.map(|(k, _)| k).unwrap_or_default(),
        variant,
        subject: compared.subject(),
        a: side(&compared.a_name, compared.card(true), &a_games, &a_counts),
        b: side(&compared.b_name, compared.card(false), &b_games, &b_counts),
        difference: paired_difference(&a_counts, &b_counts, cfg.seed),
    })
}

/// Whom an experiment compares.
enum Who {
    /// The players of the card.
    Card,
    /// The seats this kind of bot sits at.
    Bot(crate::sim::Bots),
    /// The first seat.
    FirstSeat,
}

struct Compared {
    who: Who,
    /// What each side calls them (the card's name on that side).
    a_name: String,
    b_name: String,
}

impl Compared {
    fn new(cfg: &SimConfig, a_card: Option<&str>, b_card: Option<&str>) -> Compared {
        let kinds: BTreeSet<_> = cfg.bots.iter().collect();
        let (who, a, b) = match (a_card, b_card) {
            (Some(a), Some(b)) => (Who::Card, a.to_string(), b.to_string()),
            _ if kinds.len() > 1 => {
                let kind = cfg.bots[0];
                (Who::Bot(kind), kind.name().to_string(), kind.name().to_string())
            }
            _ => (Who::FirstSeat, "seat 0".into(), "seat 0".into()),
        };
        Compared { who, a_name: a, b_name: b }
    }

    /// The card whose plays side A (or B) counts, if a card is compared.
    fn card(&self, a: bool) -> Option<&str> {
        matches!(self.who, Who::Card).then_some(if a { &self.a_name } else { &self.b_name })
    }

    fn subject(&self) -> String {
        match self.who {
            Who::Card => format!("the players of {}", self.a_name),
            Who::Bot(kind) => format!("the {} bots", kind.name()),
            Who::FirstSeat => "the first seat (seat 0)".into(),
        }
    }

    /// In one game played both ways: the seats compared (the same on both sides, so each is
    /// compared with itself), and how many of them won in A and in B.
    fn holders(&self, a: &GameRecord, b: &GameRecord) -> (Holders, Holders) {
        let seats: BTreeSet<u32> = match self.who {
            Who::Card => {
                let played = |r: &GameRecord, name: &str| -> BTreeSet<u32> {
                    r.plays.iter().filter(|(n, _)| n == name).map(|&(_, p)| p).collect()
                };
                played(a, &self.a_name).union(&played(b, &self.b_name)).copied().collect()
            }
            Who::Bot(kind) => (0..a.bots.len() as u32).filter(|&s| a.bots[s as usize] == kind).collect(),
            Who::FirstSeat => BTreeSet::from([0]),
        };
        let won = |r: &GameRecord| seats.iter().filter(|&&p| r.winner == Some(p)).count() as u64;
        let n = seats.len() as u64;
        ((n, won(a)), (n, won(b)))
    }
}

/// In one game, on one side: the players compared, and how many of them won.
type Holders = (u64, u64);

fn side(name: &str, card: Option<&str>, games: &[GameRecord], counts: &[Holders]) -> Side {
    let players = counts.iter().map(|c| c.0).sum();
    let wins = counts.iter().map(|c| c.1).sum();
    let n = games.len().max(1) as f64;
    let plays = card.map_or(0, |card| games.iter().map(|r| r.plays.iter().filter(|(c, _)| c == card).count()).sum());
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
    let b = match r.variant.strip_prefix("ruleset ") {
        Some(ruleset) => format!("A under {}, B under {ruleset}", r.ruleset),
        None => format!("A with {} as shipped, B with {}", r.a.card, r.variant),
    };
    // (a variant's path may be long: the sentences are wrapped to the screen's 80 columns)
    let said = format!("{} games of {}, each played twice: {b}.", r.games, r.ruleset);
    let mut out = String::new();
    push_wrapped(&mut out, &said, "");
    push_wrapped(&mut out, &format!("Compared: {}.", r.subject), "");
    out.push('\n');
    out.push_str("       players  won by them [95% int.]    plays a game   turns a game\n");
    for (label, s) in [("A", &r.a), ("B", &r.b)] {
        let plays = if r.key.is_empty() { "-".to_string() } else { format!("{:.2}", s.plays_per_game) };
        out.push_str(&format!("  {label}   {:>8}  {:<24} {plays:>12} {:>14.1}\n", s.players, rate(s), s.mean_turns));
    }
    let d = &r.difference;
    out.push_str(&format!(
        "\n  B - A: {:+.1} points [{:+.1}, {:+.1}] (95%, the games resampled in pairs)\n",
        100.0 * d.estimate,
        100.0 * d.low,
        100.0 * d.high
    ));
    let verdict = if d.low > 0.0 {
        format!("In B, {} win more often.", r.subject)
    } else if d.high < 0.0 {
        format!("In B, {} win less often.", r.subject)
    } else {
        "No difference these games can tell from chance.".to_string()
    };
    push_wrapped(&mut out, &verdict, "  ");
    out
}

/// `text` as lines of at most 80 columns, each begun with `indent`.
fn push_wrapped(out: &mut String, text: &str, indent: &str) {
    for line in crate::cli::wrap(text, crate::cli::SCREEN_WIDTH, indent) {
        out.push_str(&line);
        out.push('\n');
    }
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
