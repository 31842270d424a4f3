//! What the games add up to (`summarize`): how they ended, wins by seat and by bot, each card's
//! plays and the win rate of those who played it against what the same seats win usually, the
//! speed, and where the time went (scripts, kernel primitives, script functions).

use super::{Bots, GameRecord};
use crate::stats::Rate;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

/// What a card did over the games: how often it was played, and how often the player who
/// played it went on to win, against what the same seats win usually.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CardStats {
    /// Times it was played.
    pub plays: u64,
    /// Games in which a player played it at least once, counted once for each such player.
    pub players: u64,
    /// Of those, the games that player won.
    pub wins: u64,
    /// wins of players, with its 95% interval; None below [`RATED_FROM`] players.
    pub won: Option<Rate>,
    /// What the same seats (a seat of a game of that size, played by that bot) win over all
    /// the games: the mean of their rates over those players. Beside `won`, it tells a card
    /// that lifts its player from one that merely comes with winning.
    pub usual: f64,
}

/// Fewer players of a card than this, and its rate is not given: too few games to say.
pub const RATED_FROM: u64 = 30;

/// One kind of bot over the games: the seats it played (a game with two of its seats counts
/// twice) and how many of them won.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotStats {
    pub bot: Bots,
    pub games: u64,
    pub wins: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub games: u64,
    pub failed: u64,
    pub script_errors: u64,
    /// Script errors by what broke and where (see `GameRecord::errors`) -> how often.
    pub errors: BTreeMap<String, u64>,
    /// How games ended: reason (or "turn cap") -> count.
    pub ends: BTreeMap<String, u64>,
    /// Per seat: (games with that seat, wins).
    pub seats: Vec<(u64, u64)>,
    /// Per kind of bot, in the order of `Bots`.
    pub bots: Vec<BotStats>,
    pub mean_turns: f64,
    pub events: u64,
    pub cards: BTreeMap<String, CardStats>,
    pub seconds: f64,
    pub games_per_second: f64,
    pub events_per_second: f64,
    /// Shares of the games' own time spent running scripts and the primitives they call
    /// (0 when not profiled).
    pub lua_share: f64,
    pub primitive_share: f64,
    /// The most memory the process held at once, in MiB (set by `sim` when it has played;
    /// a merge of slices has none of its own).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_memory_mib: Option<f64>,
    /// Script functions by their share of the sampled script time, most first (empty unless
    /// sampled).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub script_functions: Vec<FunctionShare>,
    /// Kernel primitives by their time over all games, most first (empty unless profiled).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub primitives: Vec<PrimitiveShare>,
}

/// A kernel primitive over all games: calls a game, time a call, and its share of the games'
/// time (all it ran included; `in_scripts`: the part of that share in scripts it ran).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PrimitiveShare {
    pub name: String,
    pub calls_per_game: f64,
    pub micros_per_call: f64,
    pub share: f64,
    pub in_scripts: f64,
}

/// The primitives of every game, summed.
fn primitive_shares(records: &[GameRecord]) -> Vec<PrimitiveShare> {
    let mut by_name: BTreeMap<&str, (u64, u64, u64)> = BTreeMap::new();
    for p in records.iter().flat_map(|r| &r.primitives) {
        let t = by_name.entry(&p.name).or_default();
        t.0 += p.calls;
        t.1 += p.micros;
        t.2 += p.script_micros;
    }
    let busy: u64 = records.iter().map(|r| r.micros).sum();
    let games = records.len().max(1) as f64;
    let part = |n: u64| if busy == 0 { 0.0 } else { n as f64 / busy as f64 };
    let mut out: Vec<PrimitiveShare> = by_name
        .into_iter()
        .map(|(name, (calls, micros, scripts))| PrimitiveShare {
            name: name.to_string(),
            calls_per_game: calls as f64 / games,
            micros_per_call: micros as f64 / calls.max(1) as f64,
            share: part(micros),
            in_scripts: part(scripts),
        })
        .collect();
    out.sort_by(|a, b| b.share.total_cmp(&a.share).then_with(|| a.name.cmp(&b.name)));
    out
}

/// A script function's share of the time sampled in scripts, over all games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FunctionShare {
    pub function: String,
    /// While it was on the stack.
    pub inclusive: f64,
    /// While it was the innermost function.
    pub own: f64,
}

/// The script functions of every game, summed, as shares of all the time sampled.
fn function_shares(records: &[GameRecord]) -> Vec<FunctionShare> {
    let mut by_name: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    for f in records.iter().flat_map(|r| &r.script_functions) {
        let t = by_name.entry(&f.function).or_default();
        t.0 += f.inclusive;
        t.1 += f.own;
    }
    let total: u64 = by_name.values().map(|t| t.1).sum();
    let share = |n: u64| if total == 0 { 0.0 } else { n as f64 / total as f64 };
    let mut out: Vec<FunctionShare> = by_name
        .into_iter()
        .map(|(name, (inclusive, own))| FunctionShare {
            function: name.to_string(),
            inclusive: share(inclusive),
            own: share(own),
        })
        .collect();
    out.sort_by(|a, b| b.inclusive.total_cmp(&a.inclusive).then_with(|| a.function.cmp(&b.function)));
    out
}

/// The most memory this process has held at once (its peak resident set), in MiB: what the
/// operating system counts, engines, Lua heaps and all.
pub fn process_peak_memory_mib() -> Option<f64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes the struct it is given; RUSAGE_SELF is always valid.
    let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } == 0;
    // SAFETY: it was zeroed, and written when ok.
    let kib = unsafe { usage.assume_init() }.ru_maxrss; // KiB on Linux
    (ok && kib > 0).then(|| kib as f64 / 1024.0)
}

pub fn summarize(records: &[GameRecord], elapsed: Duration) -> Summary {
    let games = records.len() as u64;
    let seats_max = records.iter().map(|r| r.players).max().unwrap_or(0);
    let mut seats = vec![(0u64, 0u64); seats_max];
    let mut ends = BTreeMap::new();
    // (games, wins) of each seat of each game size with each bot: what a seat wins usually
    let mut usual: BTreeMap<(usize, u32, Bots), (u64, u64)> = BTreeMap::new();
    let mut bots: BTreeMap<Bots, (u64, u64)> = BTreeMap::new();
    for r in records {
        *ends.entry(r.end.clone()).or_insert(0) += 1;
        for (seat, s) in seats.iter_mut().enumerate().take(r.players) {
            let won = u64::from(r.winner == Some(seat as u32));
            s.0 += 1;
            s.1 += won;
            let bot = r.bots.get(seat).copied().unwrap_or(Bots::Hunter);
            let u = usual.entry((r.players, seat as u32, bot)).or_default();
            u.0 += 1;
            u.1 += won;
            let b = bots.entry(bot).or_default();
            b.0 += 1;
            b.1 += won;
        }
    }
    let usual_rate = |r: &GameRecord, seat: u32| {
        let bot = r.bots.get(seat as usize).copied().unwrap_or(Bots::Hunter);
        usual.get(&(r.players, seat, bot)).map_or(0.0, |&(n, w)| w as f64 / n.max(1) as f64)
    };
    let mut cards: BTreeMap<String, CardStats> = BTreeMap::new();
    let mut usual_sums: BTreeMap<String, f64> = BTreeMap::new();
    for r in records {
        let mut played = BTreeSet::new();
        for (name, who) in &r.plays {
            cards.entry(name.clone()).or_default().plays += 1;
            played.insert((name.clone(), *who));
        }
        for (name, who) in played {
            *usual_sums.entry(name.clone()).or_default() += usual_rate(r, who);
            let c = cards.entry(name).or_default();
            c.players += 1;
            c.wins += u64::from(r.winner == Some(who));
        }
    }
    for (name, c) in cards.iter_mut() {
        c.won = if c.players >= RATED_FROM { Rate::wilson(c.wins, c.players) } else { None };
        c.usual = usual_sums.get(name).map_or(0.0, |sum| sum / c.players.max(1) as f64);
    }
    let sum = |f: fn(&GameRecord) -> u64| records.iter().map(f).sum::<u64>();
    let (busy, lua, prim) = (sum(|r| r.micros), sum(|r| r.lua_micros), sum(|r| r.primitive_micros));
    let share = |part: u64| if busy == 0 { 0.0 } else { part as f64 / busy as f64 };
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let events = records.iter().map(|r| r.events as u64).sum();
    Summary {
        games,
        failed: records.iter().filter(|r| r.failed()).count() as u64,
        script_errors: records.iter().map(|r| r.script_errors as u64).sum(),
        errors: records.iter().flat_map(|r| &r.errors).fold(BTreeMap::new(), |mut m, e| {
            *m.entry(e.clone()).or_insert(0) += 1;
            m
        }),
        ends,
        seats,
        bots: bots.into_iter().map(|(bot, (games, wins))| BotStats { bot, games, wins }).collect(),
        mean_turns: if games == 0 { 0.0 } else { sum(|r| r.turns) as f64 / games as f64 },
        events,
        cards,
        seconds,
        games_per_second: games as f64 / seconds,
        events_per_second: events as f64 / seconds,
        lua_share: share(lua),
        primitive_share: share(prim),
        peak_memory_mib: None,
        script_functions: function_shares(records),
        primitives: primitive_shares(records),
    }
}
