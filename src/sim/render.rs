//! The summary as tables for a terminal (`render`): what `wizwar sim` and `wizwar merge` print.

use super::{CardStats, Summary, RATED_FROM};
use crate::stats::Rate;

/// How many script functions the summary shows (`--profile-scripts`).
const SCRIPT_FUNCTIONS_SHOWN: usize = 30;
/// How many primitives it shows (`--profile`).
const PRIMITIVES_SHOWN: usize = 12;
/// A script function's name as shown: what is left of 80 columns after its two figures.
const SCRIPT_FUNCTION_WIDTH: usize = 58;

/// At most `n` characters of `s`, "..." marking a cut.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    s.chars().take(n.saturating_sub(3)).collect::<String>() + "..."
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The summary as tables for a terminal: how games ended, wins by seat, the cards, games and events per second.
pub fn render(s: &Summary, cards_shown: usize) -> String {
    let mut out = String::new();
    out.push_str(&format!("{} games, {:.1} turns on average\n\n", s.games, s.mean_turns));
    out.push_str("  games  how they ended\n");
    let mut ends: Vec<(&String, &u64)> = s.ends.iter().collect();
    ends.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (how, n) in ends {
        out.push_str(&format!("  {n:>5}  {how}\n"));
    }
    out.push_str("\n  seat   games   wins   win rate\n");
    for (i, (n, w)) in s.seats.iter().enumerate() {
        out.push_str(&format!("  {:<5} {n:>6} {w:>6}   {:>8}\n", i, percent(*w, *n)));
    }
    if s.bots.len() > 1 {
        out.push_str("\n  bot          seats    wins   win rate [95% interval]\n");
        for b in &s.bots {
            let rate = Rate::wilson(b.wins, b.games).map_or("-".into(), |r| r.percent());
            out.push_str(&format!("  {:<10} {:>7} {:>7}   {rate}\n", b.bot.name(), b.games, b.wins));
        }
    }
    if !s.cards.is_empty() {
        out.push_str(&card_table(s, cards_shown));
    }
    out.push_str(&format!(
        "\n{:.2} games/s, {:.0} events/s ({} events in {:.1} s)",
        s.games_per_second, s.events_per_second, s.events, s.seconds
    ));
    if let Some(mib) = s.peak_memory_mib {
        out.push_str(&format!(", peak memory {mib:.1} MiB"));
    }
    out.push('\n');
    if s.lua_share > 0.0 {
        out.push_str(&format!(
            "time in Lua scripts {:.0}%, in kernel primitives they called {:.0}%, in the engine {:.0}%\n",
            100.0 * s.lua_share,
            100.0 * s.primitive_share,
            100.0 * (1.0 - s.lua_share - s.primitive_share).max(0.0)
        ));
    }
    if !s.primitives.is_empty() {
        out.push_str("\n  kernel primitive      calls a game   µs a call   share (of it in scripts run)\n");
        for p in s.primitives.iter().take(PRIMITIVES_SHOWN) {
            out.push_str(&format!(
                "  {:<20} {:>12.1} {:>11.2}   {:>5.1}% ({:.1}%)\n",
                clip(&p.name, 20),
                p.calls_per_game,
                p.micros_per_call,
                100.0 * p.share,
                100.0 * p.in_scripts
            ));
        }
        if s.primitives.len() > PRIMITIVES_SHOWN {
            out.push_str(&format!("  ... and {} more (--json has them all)\n", s.primitives.len() - PRIMITIVES_SHOWN));
        }
    }
    if !s.script_functions.is_empty() {
        out.push_str("\n  on stack   itself   script function (share of the time sampled in scripts)\n");
        for f in s.script_functions.iter().take(SCRIPT_FUNCTIONS_SHOWN) {
            out.push_str(&format!(
                "  {:>7.1}%  {:>6.1}%   {}\n",
                100.0 * f.inclusive,
                100.0 * f.own,
                clip(&f.function, SCRIPT_FUNCTION_WIDTH)
            ));
        }
        if s.script_functions.len() > SCRIPT_FUNCTIONS_SHOWN {
            out.push_str(&format!(
                "  ... and {} more (--json has them all)\n",
                s.script_functions.len() - SCRIPT_FUNCTIONS_SHOWN
            ));
        }
    }
    if s.failed > 0 || s.script_errors > 0 {
        out.push_str(&format!("{} game(s) failed; {} script error(s) logged\n", s.failed, s.script_errors));
    }
    if !s.errors.is_empty() {
        out.push_str("\n  times  script error (its action or handler was undone; the game went on)\n");
        let mut errors: Vec<(&String, &u64)> = s.errors.iter().collect();
        errors.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (what, n) in errors.iter().take(10) {
            // (The message whole, wrapped under itself: its file and line are what a designer
            // looks for, and they may come last.)
            let line = what.lines().next().unwrap_or("");
            for part in crate::cli::hanging(&format!("  {n:>5}  "), line, crate::cli::SCREEN_WIDTH) {
                out.push_str(&part);
                out.push('\n');
            }
        }
        if errors.len() > 10 {
            out.push_str(&format!("  ... and {} more (--json has them all)\n", errors.len() - 10));
        }
    }
    out
}

/// The cards, most played first: how often each was played, by how many players, how often
/// they won with its interval, and what the same seats win usually.
fn card_table(s: &Summary, shown: usize) -> String {
    let mut out = String::from("\n  card                  plays players  won by them [95% int.]  usual   lift\n");
    let mut cards: Vec<(&String, &CardStats)> = s.cards.iter().collect();
    cards.sort_by(|a, b| b.1.plays.cmp(&a.1.plays).then(a.0.cmp(b.0)));
    for (name, c) in cards.iter().take(shown) {
        let head = format!("  {:<21} {:>5} {:>7}", clip(name, 21), c.plays, c.players);
        out.push_str(&match c.won {
            Some(won) => format!(
                "{head}  {:<22} {:>5.1}% {:>+6.1}\n",
                won.percent(),
                100.0 * c.usual,
                100.0 * (won.estimate - c.usual)
            ),
            None => format!("{head}  (too few players to rate)\n"),
        });
    }
    if cards.len() > shown {
        out.push_str(&format!("  ... and {} more (--json has them all)\n", cards.len() - shown));
    }
    out.push_str(&format!(
        "  players: games in which a player played the card (once per player); won by\n  \
         them: the share of those he won; usual: what the same seats and bots win in\n  \
         all games; lift: won - usual, in points. Under {RATED_FROM} players: no rate.\n"
    ));
    out
}
