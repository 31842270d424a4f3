//! The bots that play seats: at random (`RandomAgent`), taking any action aimed at a foe
//! (`AggressiveAgent`), and closing in on the nearest foe besides (`HunterAgent`, by the
//! board's kept walking costs). Each draws from its own seeded generator, so a game repeats.

use super::{risky, Agent, Choice, Decision, Request, Sight};
use crate::geometry::moves::{Mover, WalkField};
use crate::geometry::{Board, Sq};
use crate::rng::GameRng;
use crate::value::Value;
use crate::view::FieldView;
use std::collections::BTreeMap;

/// Picks uniformly at random among the legal answers, from its own seeded generator.
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { rng: GameRng::new(seed) }
    }
}

impl Agent for RandomAgent {
    fn reads_options(&self, _player: u32) -> bool {
        false
    }

    fn reads_labels(&self, _player: u32) -> bool {
        false
    }

    fn generators(&mut self) -> Vec<&mut GameRng> {
        vec![&mut self.rng]
    }

    fn decide(&mut self, req: &Request) -> Decision {
        let n = req.options.len();
        let max = req.max.min(n);
        if n == 0 || req.min > max {
            return Decision::Fail(format!("request `{}` has no legal answer", req.kind));
        }
        let count = req.min + self.rng.below((max - req.min + 1) as u32) as usize;
        let mut idx: Vec<usize> = (0..n).collect();
        self.rng.shuffle(&mut idx);
        idx.truncate(count);
        idx.sort_unstable();
        Decision::Answer(idx.into_iter().map(|i| req.options[i].key.clone()).collect())
    }
}

/// A random bot that always takes an action aimed at another wizard when it has one: an
/// option whose value says `hostile = true` (a convention of rulesets, like `pass = true`).
/// Its games end in kills far more often than a plain random bot's.
pub struct AggressiveAgent {
    random: RandomAgent,
}

impl AggressiveAgent {
    pub fn new(seed: u64) -> AggressiveAgent {
        AggressiveAgent { random: RandomAgent::new(seed) }
    }
}

impl Agent for AggressiveAgent {
    fn generators(&mut self) -> Vec<&mut GameRng> {
        self.random.generators()
    }

    fn reads_labels(&self, _player: u32) -> bool {
        false
    }

    fn decide(&mut self, req: &Request) -> Decision {
        let one = req.min <= 1 && req.max >= 1;
        let mut hostile: Vec<&Choice> =
            req.options.iter().filter(|c| matches!(c.value.get("hostile"), Some(Value::Bool(true)))).collect();
        // A blow that harms its giver too is struck only when no other is there to strike.
        if hostile.iter().any(|c| !risky(c)) {
            hostile.retain(|c| !risky(c));
        }
        if one && !hostile.is_empty() {
            let i = self.random.rng.below(hostile.len() as u32) as usize;
            return Decision::Answer(vec![hostile[i].key.clone()]);
        }
        // With nothing to strike, an option that harms its taker is taken only when all do.
        let safe = req.options.iter().filter(|c| !risky(c)).count();
        if one && safe > 0 && safe < req.options.len() {
            let mut shunned = req.clone();
            shunned.options.retain(|c| !risky(c));
            return self.random.decide(&shunned);
        }
        self.random.decide(req)
    }
}

/// (An aggressive bot shuns options marked `risky`, those that harm the one who takes them,
/// while others are open: among its hostile options, and in any question with none.)
///
/// An aggressive bot that also hunts: with no hostile action to take, it steps towards the
/// nearest living enemy (a move option whose value names the square it leads `to`, a
/// convention of rulesets), walking round walls and locked doors. Else it plays at random.
pub struct HunterAgent {
    aggressive: AggressiveAgent,
}

impl HunterAgent {
    pub fn new(seed: u64) -> HunterAgent {
        HunterAgent { aggressive: AggressiveAgent::new(seed) }
    }

    /// The move option that brings the player nearest an enemy, if one brings him nearer.
    fn closing_in(&mut self, req: &Request, field: &FieldView) -> Option<String> {
        let here = field.seat(req.player)?.at?;
        // Closed doors count as walls: which ones open for him is the rules' to say, so the
        // estimate goes round them (he still picks among the moves he is offered, through a
        // door the rules open for him too). Measured: shorter games than counting doors open.
        let mover = Mover::thing();
        // Walking costs from every living enemy, at most a board's width away.
        let reach = field.board.size().0.max(field.board.size().1) as u32 * 2;
        let enemies: Vec<Sq> =
            field.seats.iter().filter(|p| p.alive && p.player != req.player).filter_map(|p| p.at).collect();
        let cost = WalkCosts::from(&field.board, &enemies, reach, &mover);
        let now = cost.to(here).unwrap_or(u32::MAX);
        let mut best: Vec<(&Choice, u32)> = Vec::new();
        for c in &req.options {
            let Some(to) = c.value.get("to").and_then(square_in) else { continue };
            let Some(d) = cost.to(to) else { continue };
            match best.first() {
                Some((_, b)) if d > *b => {}
                Some((_, b)) if d == *b => best.push((c, d)),
                _ => best = vec![(c, d)],
            }
        }
        let closer: Vec<&Choice> = best.into_iter().filter(|(_, d)| *d < now).map(|(c, _)| c).collect();
        if closer.is_empty() {
            return None;
        }
        let i = self.aggressive.random.rng.below(closer.len() as u32) as usize;
        Some(closer[i].key.clone())
    }
}

impl Agent for HunterAgent {
    fn generators(&mut self) -> Vec<&mut GameRng> {
        self.aggressive.generators()
    }

    fn reads_labels(&self, _player: u32) -> bool {
        false
    }

    fn decide(&mut self, req: &Request) -> Decision {
        self.aggressive.decide(req)
    }

    fn decide_seeing(&mut self, req: &Request, sight: &Sight) -> Decision {
        let hostile = req.options.iter().any(|c| matches!(c.value.get("hostile"), Some(Value::Bool(true))));
        // (the view is made only for a question with a step to a square: most have none)
        let steps = req.options.iter().any(|c| c.value.get("to").and_then(square_in).is_some());
        if req.min <= 1 && req.max >= 1 && !hostile && steps {
            if let Some(key) = self.closing_in(req, sight.field()) {
                return Decision::Answer(vec![key]);
            }
        }
        self.aggressive.decide(req)
    }
}

/// The fewest moves from any of some squares to each square, at most `reach`: the board's
/// kept field from each (`Board::walk_field`: enemies stand still while a bot walks, so each
/// is searched once per board state), or on a board that keeps none, one search each here.
enum WalkCosts {
    Kept(Vec<WalkField>, u32),
    Searched(BTreeMap<Sq, u32>),
}

impl WalkCosts {
    fn from(board: &Board, sources: &[Sq], reach: u32, mover: &Mover) -> WalkCosts {
        if let Some(fields) = sources.iter().map(|&s| board.walk_field(s, mover)).collect::<Option<Vec<_>>>() {
            return WalkCosts::Kept(fields, reach);
        }
        let mut cost: BTreeMap<Sq, u32> = BTreeMap::new();
        for &at in sources {
            for (s, c) in board.reachable(at, reach, mover) {
                cost.entry(s).and_modify(|old| *old = (*old).min(c)).or_insert(c);
            }
        }
        WalkCosts::Searched(cost)
    }

    fn to(&self, s: Sq) -> Option<u32> {
        match self {
            WalkCosts::Kept(fields, reach) => fields.iter().filter_map(|f| f.to(s)).filter(|c| c <= reach).min(),
            WalkCosts::Searched(cost) => cost.get(&s).copied(),
        }
    }
}

/// The square a value names ({x =, y =}), as rulesets write them in options (`to`).
fn square_in(v: &Value) -> Option<Sq> {
    Some(Sq::new(v.get("x")?.as_int()? as i32, v.get("y")?.as_int()? as i32))
}
