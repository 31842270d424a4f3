//! The few statistics the balance figures need: a rate with its 95% interval.

use serde::Serialize;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A proportion measured over some trials, with its 95% interval (fractions 0-1).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    /// `hits` of `trials`, with the Wilson score interval (Wilson 1927): unlike the normal
    /// approximation it stays inside 0-1 and is honest for small counts and rates near 0 or 1.
    /// None without trials.
    pub fn wilson(hits: u64, trials: u64) -> Option<Rate> {
        if trials == 0 {
            return None;
        }
        let n = trials as f64;
        let p = hits as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Some(Rate { estimate: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) })
    }

    /// "33.3% [30.0, 36.8]": the estimate and its interval, in percent.
    pub fn percent(&self) -> String {
        format!("{:.1}% [{:.1}, {:.1}]", 100.0 * self.estimate, 100.0 * self.low, 100.0 * self.high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_matches_published_figures() {
        // Newcombe (1998), table I: 81 of 263 gives 0.2553 to 0.3662.
        let r = Rate::wilson(81, 263).unwrap();
        assert!((r.low - 0.2553).abs() < 5e-4 && (r.high - 0.3662).abs() < 5e-4, "{r:?}");
        // 0 of 10: from 0 to 0.2775.
        let r = Rate::wilson(0, 10).unwrap();
        assert_eq!(r.low, 0.0);
        assert!((r.high - 0.2775).abs() < 5e-4, "{r:?}");
        assert_eq!(Rate::wilson(3, 0), None);
    }

    #[test]
    fn an_interval_narrows_as_trials_grow() {
        let small = Rate::wilson(5, 10).unwrap();
        let large = Rate::wilson(500, 1000).unwrap();
        assert!(large.high - large.low < (small.high - small.low) / 5.0);
        assert!(small.low < 0.5 && 0.5 < small.high);
    }
}
