//! The search bot (issue 41, item 1): it decides from its seat's view alone, its games repeat
//! for a seed and a budget in walks, and it plays a table of any kind.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use wizwar::decision::{Agent, Decision, HunterAgent, RandomAgent, Request, Seats, Sight};
use wizwar::engine::{Engine, GameSetup};
use wizwar::search::{Budget, Rules, SearchAgent};
use wizwar::sim::{run, Bots, Cap, GameRecord, SimConfig};
use wizwar::state::{GameState, Zone};

fn setup(ruleset: &str, seed: u64) -> GameSetup {
    GameSetup { ruleset: ruleset.into(), players: 2, seed, options: vec![], names: vec![] }
}

/// A small budget: tests play many decisions.
fn small() -> Budget {
    Budget { iterations: 6, ..Budget::default() }
}

/// Two games that differ only in what the search bot cannot see: the other seat's hand
/// exchanged with the bottom of the deck (two players). The bot is asked the same questions and gives the
/// same answers in both, as long as those cards stay where they were put. A bot that read the
/// referee's state (the other hand, the deck, the dice) would answer otherwise: its samples,
/// and so its walks and choices, would differ (its horizon here takes in the other seat's
/// turn, where that hand is played).
#[test]
fn the_search_bot_decides_from_its_view_alone() {
    /// Watches the exchanged cards from the referee's side (a test's tool may); the search bot
    /// inside is handed the seat's sight only.
    struct Watch {
        bot: SearchAgent,
        /// Cards that should lie in the deck, and cards that should lie in the other's hand.
        in_deck: Vec<u32>,
        in_hand: Vec<u32>,
        answers: Rc<RefCell<Vec<String>>>,
        open: bool,
    }
    impl Agent for Watch {
        fn decide(&mut self, req: &Request) -> Decision {
            self.bot.decide(req)
        }
        fn omniscient(&self, _player: u32) -> bool {
            true
        }
        fn decide_omniscient(&mut self, req: &Request, sight: &Sight, referee: &GameState) -> Decision {
            let zone = |c: u32| referee.card(c).map(|c| c.zone.clone());
            let unmoved = self.in_deck.iter().all(|&c| matches!(zone(c), Some(Zone::Pile(_))))
                && self.in_hand.iter().all(|&c| zone(c) == Some(Zone::Hand(1 - req.player)));
            assert!(!self.bot.omniscient(req.player), "the search bot is a player, never the referee");
            let answer = self.bot.decide_seeing(req, sight);
            self.open &= unmoved;
            if self.open {
                self.answers.borrow_mut().push(format!("{} {} {answer:?}", req.kind, req.options.len()));
            }
            answer
        }
    }
    let mut total = 0;
    for (ruleset, seed) in [("8th", 3), ("classic", 4), ("9th", 5)] {
        let play = |exchange: bool| {
            let e = Engine::new(Path::new("."), &setup(ruleset, seed), Box::new(RandomAgent::new(0))).unwrap();
            let deck: Vec<u32> = e.with_state(|st| st.piles["deck"].clone());
            // The bot sits at the seat that plays first: it has a turn before the other plays.
            let me = e.with_state(|st| st.turn.active);
            let other = 1 - me;
            let hand: Vec<u32> = e.with_state(|st| st.players[other as usize].hand.clone());
            let bottom = deck[..hand.len()].to_vec();
            let (mut in_deck, mut in_hand) = (bottom.clone(), hand.clone());
            if exchange {
                // The deck again from its bottom, the hand in place of its bottom cards, which
                // go to the hand.
                let mut moves: String = hand
                    .iter()
                    .chain(&deck[hand.len()..])
                    .map(|c| format!("game:move_card({c}, {{ kind = \"pile\", pile = \"deck\" }}) "))
                    .collect();
                for c in &bottom {
                    moves += &format!("game:move_card({c}, {{ kind = \"hand\", player = {other} }}) ");
                }
                e.eval_lua(&moves).unwrap();
                (in_deck, in_hand) = (hand.clone(), bottom.clone());
            }
            assert!(hand.len() > 3, "{ruleset}: the other seat holds a hand");
            let answers = Rc::new(RefCell::new(Vec::new()));
            let rules = Rules { root: PathBuf::from("."), setup: setup(ruleset, seed), variants: vec![] };
            let bot = SearchAgent::new(rules, Budget { horizon: 1, ..small() }, 7);
            let watch = Watch { bot, in_deck, in_hand, answers: answers.clone(), open: true };
            let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(watch), Box::new(HunterAgent::new(1))];
            if me == 1 {
                agents.reverse();
            }
            e.set_agent(Box::new(Seats { agents }));
            e.run(Some(16));
            let answers = answers.borrow().clone();
            answers
        };
        let (same, exchanged) = (play(false), play(true));
        let searched = same.iter().filter(|a| a.starts_with("action")).count();
        assert!(searched >= 3, "{ruleset}: {searched} actions chosen before an exchanged card moved: {same:?}");
        assert_eq!(same, exchanged, "{ruleset}: the search bot's answers");
        total += searched;
    }
    assert!(total >= 15, "{total} actions chosen in all");
}

fn config(jobs: usize) -> SimConfig {
    SimConfig {
        root: PathBuf::from("."),
        ruleset: "8th".into(),
        players: vec![2, 3],
        games: 4,
        seed: 11,
        cap: Cap::Rounds(6),
        bots: vec![Bots::Search, Bots::Hunter],
        search: small(),
        options: vec![],
        variants: vec![],
        jobs,
        profile: false,
        profile_scripts: false,
        shard: None,
    }
}

/// A record without its timings.
fn untimed(mut r: GameRecord) -> GameRecord {
    (r.micros, r.lua_micros, r.primitive_micros, r.conversion_micros, r.setup_micros) = (0, 0, 0, 0, 0);
    r.lua_peak_bytes = 0; // (a measurement: what the thread's engine played before counts)
    r
}

/// For a seed and a budget in walks, the same games: on one thread or two (the search bots'
/// engines then serve other games, in another order), and again in the same process.
#[test]
fn search_games_repeat_for_a_seed_and_budget() {
    let one: Vec<GameRecord> = run(&config(1), None, &|_| {}).into_iter().map(untimed).collect();
    let two: Vec<GameRecord> = run(&config(2), None, &|_| {}).into_iter().map(untimed).collect();
    let again: Vec<GameRecord> = run(&config(1), None, &|_| {}).into_iter().map(untimed).collect();
    assert!(one.iter().all(|r| r.bots.contains(&Bots::Search) && !r.end.starts_with("failed")), "{one:?}");
    assert!(one.iter().any(|r| r.players == 3), "a table of three too");
    assert_eq!(one, two);
    assert_eq!(one, again);
    let other: Vec<GameRecord> =
        run(&SimConfig { search: Budget { iterations: 7, ..small() }, ..config(1) }, None, &|_| {})
            .into_iter()
            .map(untimed)
            .collect();
    assert_ne!(one, other, "another budget thinks otherwise");
}

/// What the search bot weighs a game still going by (`rules.standing`, in the mechanics): a
/// wizard's life and ten for each victory point, nothing once dead; kills are points in the 8th
/// and the 9th, not in classic (classic, Winning: treasures alone win).
#[test]
fn the_rulesets_say_how_a_wizard_stands() {
    for (ruleset, kill_counts) in [("8th", true), ("classic", false), ("9th", true)] {
        let e = Engine::new(Path::new("."), &setup(ruleset, 1), Box::new(RandomAgent::new(0))).unwrap();
        let standing = |p: i64| e.call_rules("standing", vec![wizwar::value::Value::Int(p)]).unwrap().as_int().unwrap();
        e.eval_lua("game:set_life(0, 9) game:set_player_var(0, 'kill_vp', 1)").unwrap();
        assert_eq!(standing(0), if kill_counts { 19 } else { 9 }, "{ruleset}: life 9 and a kill");
        e.eval_lua("game:set_alive(1, false)").unwrap();
        assert_eq!(standing(1), 0, "{ruleset}: dead");
    }
}

/// tft: a foe's wizard hidden from a seat is not gone from that seat's samples (the seat view
/// leaves him out; `rules.determinize` puts a stand-in where he may be), so a search does not
/// take the fight for won.
#[test]
fn a_hidden_wizard_stands_somewhere_in_the_samples() {
    use wizwar::view::Viewer;
    let e = Engine::new(Path::new("."), &setup("tft", 1), Box::new(RandomAgent::new(0))).unwrap();
    e.eval_lua(
        "for _, f in ipairs(game:figures()) do if f.owner == 1 then game:set_figure(f.id, { unseen = true }) end end",
    )
    .unwrap();
    let view = e.seat_view(Viewer::Seat(0));
    assert!(view.state.figures.values().all(|f| f.owner != Some(1)), "seat 0 does not see him");
    for seed in 0..5 {
        let sample = e.sample(&view, seed).unwrap();
        let his: Vec<_> = sample.figures.values().filter(|f| f.owner == Some(1)).collect();
        assert_eq!(his.len(), 1, "seed {seed}: a stand-in");
        assert!(his[0].unseen && his[0].at.is_some(), "seed {seed}: unseen, on the board");
        let mine = sample.figures.values().find(|f| f.owner == Some(0)).unwrap();
        let (a, b) = (mine.at.unwrap(), his[0].at.unwrap());
        assert!(sample.board.distance(a, b).unwrap() > 1, "seed {seed}: not next to a foe, where he would be seen");
        assert!(sample.result.is_none() && sample.players[1].alive, "seed {seed}: the fight goes on");
    }
}
