//! A balance baseline: what a `sim` run measured, kept in a file (`sim --save-baseline`), and
//! what moved since (`sim --baseline`): a check a designer can run in CI.

use crate::sim::{Summary, RATED_FROM};
use crate::stats::Rate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a baseline keeps: the counts behind each rate (rates and intervals are derived).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// 1 for this layout.
    pub format: u32,
    pub games: u64,
    /// Each card: the players who played it and how many of them won.
    pub cards: BTreeMap<String, Counts>,
    /// Each kind of bot: its seats and their wins.
    pub bots: BTreeMap<String, Counts>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    pub trials: u64,
    pub wins: u64,
}

/// One figure that moved: its rate then and now, and the difference's 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Moved {
    pub what: String,
    pub then: Rate,
    pub now: Rate,
    pub low: f64,
    pub high: f64,
}

impl Baseline {
    pub fn of(summary: &Summary) -> Baseline {
        Baseline {
            format: 1,
            games: summary.games,
            cards: summary
                .cards
                .iter()
                .map(|(name, c)| (name.clone(), Counts { trials: c.players, wins: c.wins }))
                .collect(),
            bots: summary
                .bots
                .iter()
                .map(|b| (b.bot.name().to_string(), Counts { trials: b.games, wins: b.wins }))
                .collect(),
        }
    }

    /// Reads a baseline file, naming the file and what is wrong with it.
    pub fn read(path: &std::path::Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let b: Baseline = serde_json::from_str(&text)
            .map_err(|e| format!("{}:{}: not a baseline `sim --save-baseline` wrote: {e}", path.display(), e.line()))?;
        if b.format != 1 {
            return Err(format!("{}: baseline format {} (this wizwar reads format 1)", path.display(), b.format));
        }
        Ok(b)
    }

    /// The figures rated in both (each with at least `RATED_FROM` trials) whose difference's
    /// 95% interval leaves out 0: a card's players' wins, a bot's wins.
    pub fn moved(&self, now: &Baseline) -> Vec<Moved> {
        let mut out = Vec::new();
        let pairs = self
            .cards
            .iter()
            .map(|(name, then)| (name.clone(), *then, now.cards.get(name)))
            .chain(self.bots.iter().map(|(bot, then)| (format!("{bot} bots"), *then, now.bots.get(bot))));
        for (what, then, current) in pairs {
            let Some(current) = current else { continue };
            if then.trials < RATED_FROM || current.trials < RATED_FROM {
                continue;
            }
            let (Some(a), Some(b)) = (Rate::wilson(then.wins, then.trials), Rate::wilson(current.wins, current.trials))
            else {
                continue;
            };
            let (low, high) = difference(&b, &a);
            if low > 0.0 || high < 0.0 {
                out.push(Moved { what, then: a, now: b, low, high });
            }
        }
        out
    }
}

/// The 95% interval of `now - then` for two independent proportions, from their Wilson
/// intervals (Newcombe 1998, method 10).
pub fn difference(now: &Rate, then: &Rate) -> (f64, f64) {
    let d = now.estimate - then.estimate;
    let low = d - ((now.estimate - now.low).powi(2) + (then.high - then.estimate).powi(2)).sqrt();
    let high = d + ((now.high - now.estimate).powi(2) + (then.estimate - then.low).powi(2)).sqrt();
    (low, high)
}

/// The moved figures as lines for a terminal.
pub fn render(moved: &[Moved], file: &str) -> String {
    if moved.is_empty() {
        return format!("\nnothing moved beyond its 95% interval since {file}\n");
    }
    let mut out = format!("\n  moved since {file} (the difference's 95% interval leaves out 0):\n");
    for m in moved {
        out.push_str(&format!(
            "  {:<24} {:>5.1}% -> {:>5.1}%  {:+.1} points [{:+.1}, {:+.1}]\n",
            m.what,
            100.0 * m.then.estimate,
            100.0 * m.now.estimate,
            100.0 * (m.now.estimate - m.then.estimate),
            100.0 * m.low,
            100.0 * m.high
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difference_interval_matches_newcombe() {
        // Newcombe (1998), table II, example (a): 56/70 against 48/80 gives 0.0524 to 0.3339.
        let (low, high) = difference(&Rate::wilson(56, 70).unwrap(), &Rate::wilson(48, 80).unwrap());
        assert!((low - 0.0524).abs() < 5e-4 && (high - 0.3339).abs() < 5e-4, "{low} {high}");
    }

    #[test]
    fn only_a_figure_whose_difference_leaves_out_zero_moved() {
        let counts = |trials, wins| Counts { trials, wins };
        let then = Baseline {
            format: 1,
            games: 500,
            cards: [
                ("Card A".into(), counts(200, 60)),
                ("Card B".into(), counts(200, 60)),
                ("Rare".into(), counts(10, 1)),
            ]
            .into(),
            bots: [("hunter".into(), counts(1000, 500))].into(),
        };
        let mut now = then.clone();
        now.cards.insert("Card A".into(), counts(200, 110));
        now.cards.insert("Card B".into(), counts(200, 66));
        now.cards.insert("Rare".into(), counts(10, 9));
        let moved = then.moved(&now);
        assert_eq!(moved.iter().map(|m| m.what.as_str()).collect::<Vec<_>>(), ["Card A"], "{moved:?}");
        assert!(moved[0].low > 0.0);
        assert!(then.moved(&then).is_empty());
    }
}
