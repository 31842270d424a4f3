//! Many bot games of one ruleset at once: how card designers measure a card, and how the
//! engine measures how fast it runs (`wizwar sim`).
//!
//! Game `i` is played with seed `seed + i` and `players[i % players.len()]` seats, so the
//! results do not depend on how many threads share the work. What a game records comes from
//! the kernel's own vocabulary (the `cast` and `counter` events, the result), never from an
//! edition's rules.
//!
//! This file plays the games; what they add up to is `summary.rs`, the summary's tables for a
//! terminal `render.rs`, and what a sim writes and reads back (JSON, merged slices, CSV)
//! `files.rs`.

use crate::decision::{Agent, AggressiveAgent, HunterAgent, RandomAgent, Seats};
use crate::engine::{Engine, GameSetup, Outcome};
use crate::search::{Budget, Rules, SearchAgent};
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

mod files;
mod render;
mod summary;

pub use files::{csv, merge, plan_json};
pub use render::render;
pub use summary::{
    process_peak_memory_mib, summarize, BotStats, CardStats, FunctionShare, PrimitiveShare, Summary, RATED_FROM,
};

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
    /// The most the engine's Lua heap held while the game played, in bytes: its code and cards
    /// too, and garbage not yet collected (`Engine::lua_memory_peak`). What a game needs,
    /// the engine included; it depends on the games the thread's engine played before, so it
    /// is a measurement, like the times, not part of the game.
    #[serde(default)]
    pub lua_peak_bytes: u64,
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
        lua_peak_bytes: 0,
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
    engine.restart_lua_memory_peak();
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
    record.lua_peak_bytes = engine.lua_memory_peak() as u64;
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
