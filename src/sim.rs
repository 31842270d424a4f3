//! Many bot games of one ruleset at once: how card designers measure a card, and how the
//! engine measures how fast it runs (`wizwar sim`).
//!
//! Game `i` is played with seed `seed + i` and `players[i % players.len()]` seats, so the
//! results do not depend on how many threads share the work. What a game records comes from
//! the kernel's own vocabulary (the `cast` and `counter` events, the result), never from an
//! edition's rules.

use crate::decision::{Agent, AggressiveAgent, HunterAgent, RandomAgent, Seats};
use crate::engine::{Engine, GameSetup, Outcome};
use crate::search::{Budget, Rules, SearchAgent};
use crate::stats::Rate;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Bots {
    /// Uniformly random legal choices.
    Random,
    /// Random, but an action aimed at another wizard whenever there is one.
    Aggressive,
    /// Aggressive, and otherwise stepping towards the nearest enemy.
    Hunter,
    /// Looks ahead: tree search over samples of what its seat sees, playing hunters forward
    /// (`search.rs`; its budget: `SimConfig::search`).
    Search,
}

impl Bots {
    /// A bot of this kind with its own seed, for a game of `rules` (which a search bot plays
    /// forward in an engine of its own, within `budget`).
    pub fn agent(self, seed: u64, rules: &Rules, budget: Budget) -> Box<dyn Agent> {
        match self {
            Bots::Random => Box::new(RandomAgent::new(seed)),
            Bots::Aggressive => Box::new(AggressiveAgent::new(seed)),
            Bots::Hunter => Box::new(HunterAgent::new(seed)),
            Bots::Search => Box::new(SearchAgent::new(rules.clone(), budget, seed)),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Bots::Random => "random",
            Bots::Aggressive => "aggressive",
            Bots::Hunter => "hunter",
            Bots::Search => "search",
        }
    }
}

#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The folder holding `rulesets/` and `cards/`.
    pub root: PathBuf,
    pub ruleset: String,
    /// Seat counts, taken in turn by the games.
    pub players: Vec<usize>,
    pub games: u64,
    /// The first game's seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Where a game still going stops.
    pub cap: Cap,
    /// Who plays the seats: one kind for all, or kinds the seats take in turn, turning round
    /// from game to game ([`SimConfig::bot_at`]).
    pub bots: Vec<Bots>,
    /// How much a search bot thinks per decision.
    pub search: Budget,
    pub options: Vec<(String, Value)>,
    /// Cards played from other files: (card key, file) (`Engine::with_variants`).
    pub variants: Vec<(String, PathBuf)>,
    /// Threads playing games side by side.
    pub jobs: usize,
    /// Count the time spent in scripts (costs a little).
    pub profile: bool,
    /// Also charge the scripts' time to their functions (a little slower).
    pub profile_scripts: bool,
    /// Play only one slice of the games (`sim --shard K/N`).
    pub shard: Option<Shard>,
}

/// What makes a sim's games what they are, written in its JSON (`plan`) so that `merge` joins
/// only slices of one sim: the same plan, but for the shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    pub ruleset: String,
    pub players: Vec<usize>,
    pub games: u64,
    pub seed: u64,
    pub cap: Cap,
    pub bots: Vec<Bots>,
    pub search: Budget,
    pub options: Vec<(String, Value)>,
    pub variants: Vec<(String, PathBuf)>,
    pub shard: Option<Shard>,
}

impl SimConfig {
    pub fn plan(&self) -> Plan {
        Plan {
            ruleset: self.ruleset.clone(),
            players: self.players.clone(),
            games: self.games,
            seed: self.seed,
            cap: self.cap,
            bots: self.bots.clone(),
            search: self.search,
            options: self.options.clone(),
            variants: self.variants.clone(),
            shard: self.shard,
        }
    }
}

/// A sim's JSON (`sim --json`, `merge --json`): its plan, its summary and its games.
pub fn plan_json(plan: &Plan, summary: &Summary, records: &[GameRecord]) -> Result<String, String> {
    serde_json::to_string_pretty(&serde_json::json!({ "plan": plan, "summary": summary, "games": records }))
        .map_err(|e| e.to_string())
}

/// Joins the JSON files of the slices of one sim (`sim --shard K/N --json`), given as (name,
/// text): the plan without its shard, and every game once, in order. Refuses files of other
/// sims, a slice missing or given twice, and games that are not their slice's.
pub fn merge(files: &[(String, String)]) -> Result<(Plan, Vec<GameRecord>), String> {
    #[derive(Deserialize)]
    struct SimFile {
        plan: Plan,
        games: Vec<GameRecord>,
    }
    let mut first: Option<(String, Plan, u64)> = None;
    let mut slices: BTreeMap<u64, String> = BTreeMap::new();
    let mut records: Vec<GameRecord> = Vec::new();
    for (name, text) in files {
        let file: SimFile =
            serde_json::from_str(text).map_err(|e| format!("{name}:{}: not a `sim --json` file: {e}", e.line()))?;
        let shard = file.plan.shard.unwrap_or(Shard { k: 1, n: 1 });
        let plan = Plan { shard: None, ..file.plan };
        let (other, first_plan, n) = first.get_or_insert_with(|| (name.clone(), plan.clone(), shard.n));
        if *first_plan != plan {
            return Err(format!(
                "{name} is a slice of another sim than {other} (ruleset, seats, games, seed, cap, bots or options differ)"
            ));
        }
        if shard.n != *n {
            return Err(format!("{name} is slice {}/{} and {other} one of {n}", shard.k, shard.n));
        }
        if let Some(twice) = slices.insert(shard.k, name.clone()) {
            return Err(format!("{name} and {twice} are both slice {}/{n}", shard.k));
        }
        if let Some(r) = file.games.iter().find(|r| !shard.holds(r.index)) {
            return Err(format!("{name}: game {} is not in slice {}/{n}", r.index, shard.k));
        }
        records.extend(file.games);
    }
    let (_, plan, n) = first.ok_or("no files to merge")?;
    let missing: Vec<String> = (1..=n).filter(|k| !slices.contains_key(k)).map(|k| format!("{k}/{n}")).collect();
    if !missing.is_empty() {
        return Err(format!("slices missing: {}", missing.join(", ")));
    }
    records.sort_by_key(|r| r.index);
    if records.len() as u64 != plan.games || records.iter().zip(0..).any(|(r, i)| r.index != i) {
        return Err(format!("the slices hold {} games, not each of the sim's {} once", records.len(), plan.games));
    }
    Ok((plan, records))
}

/// The K-th of N disjoint slices of a sim's games: those whose index leaves K - 1 when divided
/// by N (so every slice gets games of every size and seat rotation alike). The slices of one
/// sim, merged (`wizwar merge`), are exactly its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// From 1.
    pub k: u64,
    pub n: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// "K/N", 1 <= K <= N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard `{text}`: expected K/N with 1 <= K <= N, e.g. 2/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    pub fn holds(self, index: u64) -> bool {
        index % self.n == self.k - 1
    }
}

impl SimConfig {
    /// The indices of the games this run plays: all of them, or its shard's.
    pub fn indices(&self) -> Vec<u64> {
        (0..self.games).filter(|&i| self.shard.is_none_or(|s| s.holds(i))).collect()
    }

    /// The bot at `seat` of game `index`. Seat s takes kind `s + r` of the list (round it),
    /// where r counts the games of the same size before this one: over games of one size each
    /// kind sits at each seat in turn, so the first seat's advantage falls to every kind alike.
    pub fn bot_at(&self, index: u64, seat: usize) -> Bots {
        let kinds = self.bots.len().max(1);
        let round = index / self.players.len().max(1) as u64;
        self.bots.get((seat + (round % kinds as u64) as usize) % kinds).copied().unwrap_or(Bots::Hunter)
    }
}

/// Where a game still going stops: after so many turns, or so many rounds (a turn for each
/// seat), so that games of six have as many turns each as games of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cap {
    Turns(u64),
    Rounds(u64),
}

impl Cap {
    /// The turns a game of `players` plays at most.
    pub fn turns(self, players: usize) -> u64 {
        match self {
            Cap::Turns(n) => n,
            Cap::Rounds(n) => n * players as u64,
        }
    }
}

/// One game, as `sim` reports it (and `merge` reads it back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub index: u64,
    pub seed: u64,
    pub players: usize,
    /// The bot at each seat.
    pub bots: Vec<Bots>,
    pub winner: Option<u32>,
    /// The result's reason, "turn cap", or what went wrong ("failed: ...").
    pub end: String,
    pub turns: u64,
    pub events: usize,
    pub script_errors: usize,
    /// Each script error, as "card key: file:line: message" (or the message alone when no
    /// card was named): what broke, and where.
    #[serde(default)]
    pub errors: Vec<String>,
    /// Cards played (cast, or played in answer), by name, with the player who played them.
    pub plays: Vec<(String, u32)>,
    pub micros: u64,
    pub lua_micros: u64,
    pub primitive_micros: u64,
    /// Time turning primitives' arguments and results between Lua and Rust (when profiled).
    #[serde(default)]
    pub conversion_micros: u64,
    /// Calls from scripts into the kernel's primitives (when profiled).
    #[serde(default)]
    pub primitive_calls: u64,
    /// Questions the players answered (actions and every other choice).
    #[serde(default)]
    pub decisions: u64,
    /// Time to build the engine and set the game up.
    #[serde(default)]
    pub setup_micros: u64,
    /// Time by script function, when sampled (`SimConfig::profile_scripts`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script_functions: Vec<FunctionMicros>,
    /// Time by kernel primitive, when profiled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub primitives: Vec<PrimitiveMicros>,
}

/// A kernel primitive's calls in one game and their time, with all they ran (reading the
/// arguments, building the answer, the scripts a hook or an event ran), and of it in scripts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrimitiveMicros {
    pub name: String,
    pub calls: u64,
    pub micros: u64,
    pub script_micros: u64,
}

/// A script function's sampled time in one game (see `LuaHost::sample_functions`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FunctionMicros {
    /// "file:line name".
    pub function: String,
    /// While it was on the stack.
    pub inclusive: u64,
    /// While it was the innermost function.
    pub own: u64,
}

impl GameRecord {
    pub fn failed(&self) -> bool {
        self.end.starts_with("failed")
    }
}

/// The seed of the bot at `seat` in the game of seed `game_seed`: the same in `sim` and `play`,
/// so that `play --seed S` with bots alone plays the game `sim --seed S` plays first.
pub fn bot_seed(game_seed: u64, seat: u32) -> u64 {
    game_seed.wrapping_mul(10).wrapping_add(u64::from(seat))
}

/// Plays game `index` of `cfg` on the thread's engine `loaded` (loaded by the first game,
/// reset for the next: a game does not depend on what ran on the engine before it).
pub fn play_game(cfg: &SimConfig, index: u64, loaded: &mut Option<Engine>) -> GameRecord {
    let seed = cfg.seed.wrapping_add(index);
    let players = cfg.players[(index % cfg.players.len() as u64) as usize];
    let mut record = GameRecord {
        index,
        seed,
        players,
        bots: (0..players).map(|seat| cfg.bot_at(index, seat)).collect(),
        winner: None,
        end: String::new(),
        turns: 0,
        events: 0,
        script_errors: 0,
        errors: Vec::new(),
        plays: Vec::new(),
        micros: 0,
        lua_micros: 0,
        primitive_micros: 0,
        conversion_micros: 0,
        primitive_calls: 0,
        decisions: 0,
        setup_micros: 0,
        script_functions: Vec::new(),
        primitives: Vec::new(),
    };
    let started = Instant::now();
    let setup =
        GameSetup { ruleset: cfg.ruleset.clone(), players, seed, options: cfg.options.clone(), names: Vec::new() };
    let rules = Rules { root: cfg.root.clone(), setup: setup.clone(), variants: cfg.variants.clone() };
    let agents: Vec<Box<dyn Agent>> = record
        .bots
        .iter()
        .zip(0u32..)
        .map(|(kind, seat)| kind.agent(bot_seed(seed, seat), &rules, cfg.search))
        .collect();
    // One engine per thread: the first game loads the ruleset and cards, the next ones reset it.
    let building = Instant::now();
    let ready = match loaded.take() {
        Some(engine) => engine.reset(&setup, Box::new(Seats { agents })).map(|()| engine),
        None => Engine::with_variants(&cfg.root, &setup, Box::new(Seats { agents }), &cfg.variants),
    };
    record.setup_micros = building.elapsed().as_micros() as u64;
    let engine = match ready {
        Ok(e) => loaded.insert(e),
        Err(e) => {
            record.end = format!("failed: {e}");
            return record;
        }
    };
    engine.set_profiling(cfg.profile);
    // (Turns profiling on if it is off.)
    engine.sample_script_functions(cfg.profile_scripts);
    let outcome = engine.run(Some(cfg.cap.turns(players)));
    record.end = match outcome {
        Outcome::Over(r) => {
            record.winner = r.winner;
            r.reason
        }
        Outcome::TurnLimit => "turn cap".into(),
        other => format!("failed: {other:?}"),
    };
    record.turns = engine.with_state(|st| st.turn.number);
    let names: BTreeMap<&str, &str> = engine.card_defs().map(|d| (d.key.as_str(), d.name.as_str())).collect();
    engine.with_log(|log| {
        record.events = log.len();
        record.script_errors = log.iter().filter(|l| l.event == "error").count();
        record.errors = log.iter().filter(|l| l.event == "error").map(|l| error_line(&l.data)).collect();
        record.decisions = log.iter().filter(|l| l.event == "answer").count() as u64;
        engine.with_state(|st| {
            // A card is played when it is cast, answers, is thrown, or is used otherwise (an
            // item put in play, a boost spent, an action of a card in play): the shared
            // mechanics log these events, naming the card and its player.
            for l in log.iter().filter(|l| PLAY_EVENTS.contains(&l.event.as_str())) {
                let card = l.data.get("card").and_then(Value::as_int).and_then(|c| st.card(c as u32));
                let who = ["caster", "player", "controller", "thrower"]
                    .iter()
                    .find_map(|k| l.data.get(k).and_then(Value::as_int));
                if let (Some(card), Some(who)) = (card, who) {
                    let name = names.get(&*card.def).copied().unwrap_or(&*card.def);
                    record.plays.push((name.to_string(), who as u32));
                }
            }
        })
    });
    engine.clear();
    let profile = engine.profile();
    record.lua_micros = profile.in_lua.as_micros() as u64;
    record.primitive_micros = profile.in_primitives.as_micros() as u64;
    record.conversion_micros = profile.in_conversion.as_micros() as u64;
    record.primitive_calls = profile.primitive_calls;
    record.primitives = engine
        .primitive_times()
        .into_iter()
        .map(|(name, t)| PrimitiveMicros {
            name,
            calls: t.calls,
            micros: t.total.as_micros() as u64,
            script_micros: t.in_scripts.as_micros() as u64,
        })
        .collect();
    record.script_functions = engine
        .script_function_times()
        .into_iter()
        .map(|f| FunctionMicros {
            function: f.function,
            inclusive: f.inclusive.as_micros() as u64,
            own: f.own.as_micros() as u64,
        })
        .collect();
    record.micros = started.elapsed().as_micros() as u64;
    record
}

/// The logged events that are a player playing a card (see `play_game`).
const PLAY_EVENTS: [&str; 4] = ["cast", "counter", "throw", "use"];

/// A script error as the summary names it: the card, then the message (which gives file:line).
fn error_line(data: &Value) -> String {
    let message = data.get("message").and_then(Value::as_str).unwrap_or("?");
    match data.get("def").and_then(Value::as_str).filter(|d| !d.is_empty()) {
        Some(def) if !message.contains(def) => format!("{def}: {message}"),
        _ => message.to_string(),
    }
}

/// Plays every game of `cfg` on `cfg.jobs` threads; `done` hears of each game as it ends.
/// `loaded`, an engine the caller already loaded (to check that the ruleset loads), plays on
/// the calling thread, which is one of the `jobs`: no thread loads twice. Returns the records
/// in game order.
pub fn run(cfg: &SimConfig, loaded: Option<Engine>, done: &(dyn Fn(&GameRecord) + Sync)) -> Vec<GameRecord> {
    let next = AtomicU64::new(0);
    let indices = cfg.indices();
    // One worker: takes the next game until none is left, on its thread's engine.
    let work = |mut engine: Option<Engine>| {
        let mut mine = Vec::new();
        loop {
            let Some(&i) = indices.get(next.fetch_add(1, Ordering::SeqCst) as usize) else {
                return mine;
            };
            let r = play_game(cfg, i, &mut engine);
            done(&r);
            mine.push(r);
        }
    };
    let mut records: Vec<GameRecord> = std::thread::scope(|s| {
        let others: Vec<_> = (1..cfg.jobs.max(1)).map(|_| s.spawn(|| work(None))).collect();
        let mut all = work(loaded);
        for w in others {
            all.extend(w.join().expect("a simulation thread panicked"));
        }
        all
    });
    records.sort_by_key(|r| r.index);
    records
}

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

/// How many script functions the summary shows (`--profile-scripts`).
const SCRIPT_FUNCTIONS_SHOWN: usize = 30;
/// How many primitives it shows (`--profile`).
const PRIMITIVES_SHOWN: usize = 12;

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
    if s.lua_share > 0.0 {
        out.push_str(&format!(
            "; time in Lua scripts {:.0}%, in kernel primitives called by them {:.0}%, in the engine {:.0}%",
            100.0 * s.lua_share,
            100.0 * s.primitive_share,
            100.0 * (1.0 - s.lua_share - s.primitive_share).max(0.0)
        ));
    }
    out.push('\n');
    if !s.primitives.is_empty() {
        out.push_str(
            "\n  kernel primitive      calls a game   µs a call   share of the time (of it in scripts it ran)\n",
        );
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
                clip(&f.function, 100)
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
        out.push_str("\n  times  script error (the failing action or handler was undone; the game went on)\n");
        let mut errors: Vec<(&String, &u64)> = s.errors.iter().collect();
        errors.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (what, n) in errors.iter().take(10) {
            let line = what.lines().next().unwrap_or("");
            out.push_str(&format!("  {n:>5}  {}\n", clip(line, 110)));
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

/// One line per game, for a spreadsheet.
pub fn csv(records: &[GameRecord]) -> String {
    let mut out = String::from("index,seed,players,winner,end,turns,events,script_errors,micros\n");
    for r in records {
        let winner = r.winner.map(|w| w.to_string()).unwrap_or_default();
        let end = r.end.replace('"', "\"\"");
        out.push_str(&format!(
            "{},{},{},{},\"{}\",{},{},{},{}\n",
            r.index, r.seed, r.players, winner, end, r.turns, r.events, r.script_errors, r.micros
        ));
    }
    out
}
