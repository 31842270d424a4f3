//! The search bot: information-set Monte Carlo tree search over its seat's view (Cowling,
//! Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012: the single-observer
//! form, SO-ISMCTS).
//!
//! At each of its actions with a choice, the bot plays many short futures in an engine of its
//! own (same ruleset, cards and options): each starts from a fresh sample of what its seat
//! sees (`Engine::sample`: the hidden cards dealt again, other dice), walks down one tree of
//! actions shared by all samples, adds one action to it, and plays on with hunter bots for
//! every seat for a few turns. An action a sample does not offer (an opponent's card this
//! deal lacks) is not counted against: each edge counts the walks that could have taken it
//! (its availability) and is weighed by UCB1 over those. Values are per seat (the share each
//! seat has of the players' standing, or 1 for a winner), so every seat in the tree plays for
//! itself and 3 to 6 players work alike. The bot then takes the root action walked most.
//!
//! It is shown what every agent is shown (`Sight`) and nothing else; its answers depend on its
//! seed and budget alone when the budget counts walks, not milliseconds.

use crate::decision::{Agent, Decision, HunterAgent, Request, Seats, Sight};
use crate::engine::{Engine, GameSetup};
use crate::rng::GameRng;
use crate::state::GameState;
use crate::value::Value;
use crate::view::SeatView;
use std::cell::RefCell;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How much a search bot thinks per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    /// Walks (sample, descent, one new action, playout) per decision.
    pub iterations: u32,
    /// Or stop after this long (at least one walk): faster, but no longer repeatable.
    pub millis: Option<u64>,
    /// Turns a playout plays after the one it starts in (0: to the end of this turn).
    pub horizon: u64,
}

impl Default for Budget {
    /// Measured (docs/balance.md, the search bot): at 2 players, the end of this turn is a
    /// better horizon than one or two more (the hunters playing the next turns add more noise
    /// than they tell), and 128 walks are no stronger than 64.
    fn default() -> Budget {
        Budget { iterations: 64, millis: None, horizon: 0 }
    }
}

/// Where the search bot plays its futures: the real game's rules, cards and options.
#[derive(Clone, Debug)]
pub struct Rules {
    pub root: PathBuf,
    pub setup: GameSetup,
    /// Cards played from other files (`Engine::with_variants`), as in the real game.
    pub variants: Vec<(String, PathBuf)>,
}

impl Rules {
    /// What tells two sets of rules apart (the seed and names play no part).
    fn key(&self) -> String {
        let s = &self.setup;
        format!("{:?} {} {} {:?} {:?}", self.root, s.ruleset, s.players, s.options, self.variants)
    }
}

thread_local! {
    /// Engines a finished search bot left behind, by rules: loading one costs more than many
    /// decisions, and a sim plays game after game on one thread.
    static SPARE: RefCell<Vec<(String, Engine)>> = const { RefCell::new(Vec::new()) };
}

/// The search bot of one seat.
pub struct SearchAgent {
    rules: Rules,
    budget: Budget,
    rng: GameRng,
    /// For its questions that are not a choice of action (targets, answers in a response
    /// window, discards), and for actions with one option.
    other: HunterAgent,
    engine: Option<Engine>,
}

impl SearchAgent {
    pub fn new(rules: Rules, budget: Budget, seed: u64) -> SearchAgent {
        SearchAgent { rules, budget, rng: GameRng::new(seed), other: HunterAgent::new(seed ^ 0x5eed), engine: None }
    }

    /// Does the bot search for this question? An action with a choice; it answers the rest as
    /// a hunter.
    pub fn searches(req: &Request) -> bool {
        req.kind == "action" && req.options.len() >= 2 && req.min <= 1 && req.max >= 1
    }

    /// Its own engine: a spare one of these rules, else a new one.
    fn engine(&mut self) -> Result<&Engine, String> {
        if self.engine.is_none() {
            let key = self.rules.key();
            let spare = SPARE.with(|s| {
                let mut s = s.borrow_mut();
                s.iter().position(|(k, _)| *k == key).map(|i| s.swap_remove(i).1)
            });
            let engine = match spare {
                Some(e) => e,
                // (seed 0: the real game's deal is never in this engine, not even at first)
                None => Engine::with_variants(
                    &self.rules.root,
                    &GameSetup { seed: 0, ..self.rules.setup.clone() },
                    Box::new(HunterAgent::new(0)),
                    &self.rules.variants,
                )?,
            };
            self.engine = Some(engine);
        }
        Ok(self.engine.as_ref().expect("just made"))
    }

    /// The action the search prefers, from the seat's view.
    fn search(&mut self, req: &Request, view: &SeatView) -> Result<String, String> {
        let started = Instant::now();
        let mut tree = Tree::default();
        let budget = self.budget;
        for done in 0..budget.iterations.max(1) {
            if budget.millis.is_some_and(|ms| done > 0 && started.elapsed() >= Duration::from_millis(ms)) {
                break;
            }
            let seeds = (u64::from(self.rng.next_u32()) << 32) | u64::from(self.rng.next_u32());
            self.engine()?;
            let engine = self.engine.as_ref().expect("made above");
            walk(engine, view, &mut tree, seeds, budget.horizon)?;
        }
        // The root action walked most (ties: the better valued, then the first offered).
        let me = req.player;
        let root = &tree.nodes[0];
        let best = req.options.iter().filter_map(|c| root.edges.iter().find(|e| e.seat == me && e.key == c.key)).fold(
            None::<&Edge>,
            |best, e| match best {
                Some(b) if (b.visits, b.mean(me)) >= (e.visits, e.mean(me)) => Some(b),
                _ => Some(e),
            },
        );
        best.map(|e| e.key.clone()).ok_or_else(|| "the search found no action it was offered".into())
    }
}

impl Drop for SearchAgent {
    fn drop(&mut self) {
        if let Some(engine) = self.engine.take() {
            let key = self.rules.key();
            // (a thread ending drops its spares first: then the engine goes with the bot)
            let _ = SPARE.try_with(|s| s.borrow_mut().push((key, engine)));
        }
    }
}

impl Agent for SearchAgent {
    fn generators(&mut self) -> Vec<&mut GameRng> {
        let mut all = vec![&mut self.rng];
        all.extend(self.other.generators());
        all
    }

    fn reads_labels(&self, _player: u32) -> bool {
        false
    }

    fn decide(&mut self, req: &Request) -> Decision {
        self.other.decide(req)
    }

    fn decide_seeing(&mut self, req: &Request, sight: &Sight) -> Decision {
        if !SearchAgent::searches(req) {
            return self.other.decide_seeing(req, sight);
        }
        match self.search(req, sight.view()) {
            Ok(key) => Decision::Answer(vec![key]),
            // (a ruleset the engine cannot play forward: the bot still plays, as a hunter)
            Err(_) => self.other.decide_seeing(req, sight),
        }
    }
}

/// One walk: a sample of the view, down the tree to one new action, a playout, the values back
/// up the path.
fn walk(engine: &Engine, view: &SeatView, tree: &mut Tree, seeds: u64, horizon: u64) -> Result<(), String> {
    let mut rng = GameRng::new(seeds);
    let state = engine.sample(view, seeds)?;
    let until = state.turn.number + horizon;
    let seats = state.players.len();
    let agents = (0..seats).map(|_| Box::new(HunterAgent::new(u64::from(rng.next_u32()))) as Box<dyn Agent>);
    engine.set_state(state, Box::new(Seats { agents: agents.collect() }))?;
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut node = 0;
    loop {
        let seat = engine.with_state(|st| st.turn.active);
        let keys = engine.pending_keys()?;
        if keys.is_empty() {
            break;
        }
        let (edge, new) = tree.choose(node, seat, &keys, &mut rng);
        path.push((node, edge));
        let key = tree.nodes[node].edges[edge].key.clone();
        if engine.take_action(&key).is_err() || new {
            break;
        }
        if engine.run_until_action(Some(until)).is_some() {
            break;
        }
        node = tree.child(node, edge);
    }
    engine.run(Some(until));
    let values = engine.with_state(|st| values(engine, st));
    for (node, edge) in path {
        tree.nodes[node].edges[edge].add(&values);
    }
    Ok(())
}

/// What the playout's end is worth to each seat: 1 to a winner and 0 to the others; in a game
/// still going, each seat's share of the players' standing (`rules.standing(game, seat)`, which
/// a ruleset may give: the mechanics weigh life and victory points; else life alone).
fn values(engine: &Engine, st: &GameState) -> Vec<f64> {
    let n = st.players.len();
    if let Some(result) = &st.result {
        return (0..n)
            .map(|p| match result.winner {
                Some(w) => f64::from(u8::from(w as usize == p)),
                None => 1.0 / n as f64,
            })
            .collect();
    }
    let ruled = engine.ruleset_has("standing");
    let standing: Vec<f64> = st
        .players
        .iter()
        .map(|p| {
            let given = ruled.then(|| engine.call_rules("standing", vec![Value::Int(i64::from(p.id))]).ok());
            match given.flatten() {
                Some(Value::Int(i)) => i as f64,
                _ if p.alive => p.life.max(0) as f64,
                _ => 0.0,
            }
            .max(0.0)
        })
        .collect();
    let total: f64 = standing.iter().sum();
    if total <= 0.0 {
        return vec![1.0 / n as f64; n];
    }
    standing.iter().map(|s| s / total).collect()
}

/// The tree shared by every sample of one decision.
#[derive(Default)]
struct Tree {
    nodes: Vec<Node>,
}

#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
}

/// An action taken at a node: by which seat, how often walked, how often on offer, and the
/// values its walks brought each seat.
struct Edge {
    seat: u32,
    key: String,
    visits: u32,
    available: u32,
    value: Vec<f64>,
    child: Option<usize>,
}

impl Edge {
    fn mean(&self, seat: u32) -> f64 {
        match self.value.get(seat as usize) {
            Some(v) if self.visits > 0 => v / f64::from(self.visits),
            _ => 0.0,
        }
    }

    fn add(&mut self, values: &[f64]) {
        self.visits += 1;
        if self.value.len() < values.len() {
            self.value.resize(values.len(), 0.0);
        }
        for (sum, v) in self.value.iter_mut().zip(values) {
            *sum += v;
        }
    }
}

/// UCB1's exploration weight, for values between 0 and 1. Measured (docs/balance.md, 100
/// games against hunters): 0.3 beats 0.1 and 0.5; the values of one decision's actions differ by a
/// few hundredths, so the textbook 0.7 spreads the walks nearly evenly.
const EXPLORE: f64 = 0.3;

impl Tree {
    /// The edge a walk takes at `node`, where `seat` is offered `keys`: an action never walked
    /// if there is one (picked at random), else the best by UCB1 over availability. Every edge
    /// on offer counts one more availability. Returns the edge and whether it is new.
    fn choose(&mut self, node: usize, seat: u32, keys: &[String], rng: &mut GameRng) -> (usize, bool) {
        if self.nodes.is_empty() {
            self.nodes.push(Node::default());
        }
        let edges = &mut self.nodes[node].edges;
        let mut offered = Vec::with_capacity(keys.len());
        for key in keys {
            let i = match edges.iter().position(|e| e.seat == seat && e.key == *key) {
                Some(i) => i,
                None => {
                    edges.push(Edge {
                        seat,
                        key: key.clone(),
                        visits: 0,
                        available: 0,
                        value: Vec::new(),
                        child: None,
                    });
                    edges.len() - 1
                }
            };
            edges[i].available += 1;
            offered.push(i);
        }
        let unwalked: Vec<usize> = offered.iter().copied().filter(|&i| edges[i].visits == 0).collect();
        if !unwalked.is_empty() {
            return (unwalked[rng.below(unwalked.len() as u32) as usize], true);
        }
        let score = |e: &Edge| e.mean(seat) + EXPLORE * (f64::from(e.available).ln() / f64::from(e.visits)).sqrt();
        let best = offered
            .iter()
            .copied()
            .fold(None::<usize>, |best, i| match best {
                Some(b) if score(&edges[b]) >= score(&edges[i]) => Some(b),
                _ => Some(i),
            })
            .expect("keys on offer");
        (best, false)
    }

    /// The node an edge leads to (made the first time).
    fn child(&mut self, node: usize, edge: usize) -> usize {
        if let Some(c) = self.nodes[node].edges[edge].child {
            return c;
        }
        self.nodes.push(Node::default());
        let c = self.nodes.len() - 1;
        self.nodes[node].edges[edge].child = Some(c);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(k: &[&str]) -> Vec<String> {
        k.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn every_action_is_tried_once_before_any_twice() {
        let mut tree = Tree::default();
        let mut rng = GameRng::new(1);
        let mut tried = Vec::new();
        for _ in 0..3 {
            let (e, new) = tree.choose(0, 0, &keys(&["a", "b", "c"]), &mut rng);
            assert!(new);
            tree.nodes[0].edges[e].add(&[0.5, 0.5]);
            tried.push(tree.nodes[0].edges[e].key.clone());
        }
        tried.sort();
        assert_eq!(tried, keys(&["a", "b", "c"]));
        assert!(!tree.choose(0, 0, &keys(&["a", "b", "c"]), &mut rng).1);
    }

    #[test]
    fn the_seat_to_act_goes_for_its_own_value_and_availability_counts() {
        let mut tree = Tree::default();
        let mut rng = GameRng::new(2);
        // Seat 1 acts: "good" brings it 0.9, "bad" 0.1 (seat 0 the reverse).
        for _ in 0..2 {
            let (e, _) = tree.choose(0, 1, &keys(&["good", "bad"]), &mut rng);
            let v = if tree.nodes[0].edges[e].key == "good" { [0.1, 0.9] } else { [0.9, 0.1] };
            tree.nodes[0].edges[e].add(&v);
        }
        let (e, new) = tree.choose(0, 1, &keys(&["good", "bad"]), &mut rng);
        assert!(!new);
        assert_eq!(tree.nodes[0].edges[e].key, "good");
        // An action offered in one sample only: available once, however many walks there were.
        tree.choose(0, 1, &keys(&["good", "bad", "rare"]), &mut rng);
        let avail = |k: &str| tree.nodes[0].edges.iter().find(|e| e.key == k).unwrap().available;
        assert_eq!((avail("good"), avail("bad"), avail("rare")), (4, 4, 1));
    }
}
