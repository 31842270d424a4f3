//! Who knows what (issue 40): every agent is shown its seat's view and nothing else; the view
//! hides the others' hands, the deck's order and the dice; what a seat cannot see (a card deep
//! in the deck, where a hidden figure stands) does not change its game; samples of a view are
//! games it could be the view of.

mod common;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::rc::Rc;
use wizwar::decision::{Agent, Decision, HunterAgent, RandomAgent, Request, Sight};
use wizwar::engine::{Engine, GameSetup, LogEntry, Outcome};
use wizwar::state::{GameState, Zone};
use wizwar::view::{PileShows, SeatView, Viewer, Visibility, UNKNOWN_CARD};

fn setup(ruleset: &str, players: usize, seed: u64) -> GameSetup {
    GameSetup { ruleset: ruleset.into(), players, seed, options: vec![], names: vec![] }
}

/// A card definition as the checker looks for it: its key, name and text.
struct Def {
    key: String,
    name: String,
    text: String,
}

/// What a seat's view may not hold, looked for in it: the dice; the order of a pile it may
/// only count; the definition, name or text of a card in another seat's hand (unless the seat
/// may see a card of that definition elsewhere, or was shown that one); another seat's answer.
/// `log` is what the seat was shown of the log since the last look.
fn leaks(
    seat: u32,
    view: &SeatView,
    log: &[LogEntry],
    referee: &GameState,
    defs: &BTreeMap<String, Def>,
    vis: &Visibility,
) -> Vec<String> {
    let mut found = Vec::new();
    if view.state.seed != 0 || view.state.rng != wizwar::rng::GameRng::new(0) {
        found.push("the view holds the dice or the seed".into());
    }
    // No pile's order where it is hidden: its cards unknown, in the order of their new ids.
    for (name, cards) in view.state.piles.iter() {
        if vis.pile(name) != PileShows::Count {
            continue;
        }
        if cards.len() != referee.piles.get(name).map_or(0, Vec::len) {
            found.push(format!("pile {name}: another count than the referee's"));
        }
        let unknown = cards.iter().all(|&c| view.state.card(c).is_some_and(|c| *c.def == *UNKNOWN_CARD));
        if !unknown || cards.windows(2).any(|w| w[0] > w[1]) {
            found.push(format!("pile {name}: its cards or their order show"));
        }
    }
    // The definitions the view shows on cards, and the data it holds besides: players' vars and
    // tokens, objects (the game's vars may say what the deck holds, as a deck list does: a
    // definition there tells not where a card lies; a name would).
    let shown: BTreeSet<&str> = view.state.cards.iter().map(|c| &*c.def).collect();
    let data = serde_json::to_string(&(&*view.state.players, &*view.state.objects, &*view.state.stack)).unwrap();
    let vars = serde_json::to_string(&*view.state.vars).unwrap();
    // (Card Erasure's `not_held` says aloud the spell its caster guessed: a word, not a card; an
    // entry for this seat alone says what it was shown then, which may lie elsewhere now)
    let public: Vec<&LogEntry> = log.iter().filter(|e| e.audience.is_none() && e.event != "not_held").collect();
    let log_json = serde_json::to_string(&public).unwrap();
    // What the seat may see, as the ruleset's visibility says (not as the view does).
    let seen: BTreeSet<&str> =
        referee.cards.iter().filter(|c| vis.sees_card(referee, c.id, Viewer::Seat(seat))).map(|c| &*c.def).collect();
    for other in referee.players.iter().filter(|p| p.id != seat) {
        for &c in &other.hand {
            let card = referee.card(c).unwrap();
            if card.shown_to.contains(&seat) || seen.contains(&*card.def) {
                continue;
            }
            let def = &defs[&*card.def];
            let whose = format!("a card in {}'s hand", other.id);
            if shown.contains(def.key.as_str()) {
                found.push(format!("the view shows the definition {} of {whose}", def.key));
            }
            for (what, text, places) in
                [("definition", &def.key, vec![&data, &log_json]), ("name", &def.name, vec![&data, &vars, &log_json])]
            {
                let quoted = serde_json::to_string(text).unwrap();
                if let Some(place) = places.iter().find(|p| p.contains(&quoted)) {
                    let at = place.find(&quoted).unwrap();
                    let from = place[..at].char_indices().rev().nth(150).map_or(0, |(i, _)| i);
                    let context: String = place[from..].chars().take(250).collect();
                    found.push(format!("the {what} {text} of {whose}: ...{context}"));
                }
            }
            let text: String = def.text.chars().take(40).collect();
            if text.len() > 20 && log_json.contains(&text) {
                found.push(format!("the text of {} ({whose}) in the log", def.name));
            }
        }
    }
    for e in log.iter().filter(|e| e.event == "answer") {
        if e.data.get("player").and_then(|p| p.as_int()) != Some(i64::from(seat)) {
            found.push(format!("another seat's answer: {:?}", e.data));
        }
    }
    found
}

/// A bot that checks, at every question, what its seat's view holds (`leaks`): a test's tool,
/// marked omniscient to be given the referee's state beside the view. It plays as a hunter
/// would, from the view alone.
struct Checker {
    bot: HunterAgent,
    defs: Rc<BTreeMap<String, Def>>,
    vis: Visibility,
    /// How much of each seat's log it has looked at.
    looked: BTreeMap<u32, usize>,
    found: Rc<RefCell<Vec<String>>>,
    questions: Rc<RefCell<usize>>,
}

impl Agent for Checker {
    fn decide(&mut self, req: &Request) -> Decision {
        self.bot.decide(req)
    }

    fn omniscient(&self, _player: u32) -> bool {
        true
    }

    fn decide_omniscient(&mut self, req: &Request, sight: &Sight, referee: &GameState) -> Decision {
        let log = sight.log();
        let from = self.looked.insert(req.player, log.len()).unwrap_or(0).min(log.len());
        let mut found = leaks(req.player, sight.view(), &log[from..], referee, &self.defs, &self.vis);
        // (the part of the view a walking bot reads, made apart: the same board and places)
        if *sight.field() != sight.view().field() {
            found.push(format!("a field view unlike the view's: {:?}", sight.field().seats));
        }
        self.found.borrow_mut().extend(found.into_iter().map(|f| format!("{} asked `{}`: {f}", req.player, req.kind)));
        *self.questions.borrow_mut() += 1;
        self.bot.decide_seeing(req, sight)
    }
}

fn defs_of(root: &Path, ruleset: &str) -> BTreeMap<String, Def> {
    let e = Engine::new(root, &setup(ruleset, 2, 1), Box::new(RandomAgent::new(1))).unwrap();
    e.card_defs()
        .map(|d| (d.key.clone(), Def { key: d.key.clone(), name: d.name.clone(), text: d.text.clone() }))
        .collect()
}

/// Games of an edition, its seats' every view checked: 80 in CI, more with `WIZWAR_VIEW_GAMES`
/// (every question's whole view is searched, which makes a game slow).
fn views_hide_what_they_must(ruleset: &str, players: &[usize]) {
    let games = std::env::var("WIZWAR_VIEW_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(80u64);
    let root = Path::new(".");
    let defs = Rc::new(defs_of(root, ruleset));
    let found = Rc::new(RefCell::new(Vec::new()));
    let questions = Rc::new(RefCell::new(0));
    for game in 0..games {
        let n = players[game as usize % players.len()];
        let e = Engine::new(root, &setup(ruleset, n, 1000 + game), Box::new(RandomAgent::new(0))).unwrap();
        let checker = Checker {
            bot: HunterAgent::new(game),
            defs: defs.clone(),
            vis: e.ruleset().file.visibility.clone(),
            looked: BTreeMap::new(),
            found: found.clone(),
            questions: questions.clone(),
        };
        e.set_agent(Box::new(checker));
        let out = e.run(Some(30 * n as u64));
        assert!(matches!(out, Outcome::Over(_) | Outcome::TurnLimit), "{ruleset} game {game}: {out:?}");
        let found = found.borrow();
        assert!(found.is_empty(), "{ruleset} game {game} ({n} players): {} leak(s), first: {}", found.len(), found[0]);
    }
    assert!(*questions.borrow() > 2000, "{ruleset}: {} questions checked", questions.borrow());
}

#[test]
fn the_8th_shows_each_seat_only_its_view() {
    views_hide_what_they_must("8th", &[2, 3, 4]);
}

#[test]
fn classic_shows_each_seat_only_its_view() {
    views_hide_what_they_must("classic", &[2, 3, 4]);
}

#[test]
fn the_9th_shows_each_seat_only_its_view() {
    views_hide_what_they_must("9th", &[2, 3, 4, 5, 6]);
}

/// The checker finds what it looks for: handed the referee's state as if it were a view, it
/// reports the hands, the deck's order and the dice.
#[test]
fn the_checker_finds_a_leak() {
    let root = Path::new(".");
    let defs = defs_of(root, "8th");
    let e = Engine::new(root, &setup("8th", 2, 5), Box::new(RandomAgent::new(0))).unwrap();
    assert_eq!(e.run(Some(4)), Outcome::TurnLimit);
    let referee = e.state();
    let whole = e.seat_view(Viewer::Referee);
    let vis = &e.ruleset().file.visibility;
    let found = leaks(0, &whole, &e.log(), &referee, &defs, vis);
    for what in ["dice", "pile deck", "hand", "answer"] {
        assert!(found.iter().any(|f| f.contains(what)), "the checker should report the {what}: {found:?}");
    }
    let seat = e.seat_view(Viewer::Seat(0));
    let log = wizwar::view::log_view(&e.log(), Viewer::Seat(0));
    assert_eq!(leaks(0, &seat, &log, &referee, &defs, vis), Vec::<String>::new());
}

/// Information-set determinism: two games that differ only in the order of two cards deep in
/// the deck (which nobody sees) give each seat the same views, questions and answers until one
/// of those cards leaves the deck.
#[test]
fn what_a_seat_cannot_see_does_not_change_its_game() {
    struct Recorder {
        bot: HunterAgent,
        watched: Rc<Vec<u32>>,
        seen: Rc<RefCell<Vec<String>>>,
        open: Rc<RefCell<bool>>,
    }
    impl Agent for Recorder {
        fn decide(&mut self, req: &Request) -> Decision {
            self.bot.decide(req)
        }
        fn omniscient(&self, _player: u32) -> bool {
            true
        }
        fn decide_omniscient(&mut self, req: &Request, sight: &Sight, referee: &GameState) -> Decision {
            // (the referee's state only says whether the swapped cards still lie in the deck)
            let in_deck = self.watched.iter().all(|&c| matches!(referee.card(c).map(|c| &c.zone), Some(Zone::Pile(_))));
            let answer = self.bot.decide_seeing(req, sight);
            if in_deck && *self.open.borrow() {
                let view = serde_json::to_string(sight.view()).unwrap();
                let log = serde_json::to_string(sight.log()).unwrap();
                let keys: Vec<&str> = req.options.iter().map(|c| c.key.as_str()).collect();
                self.seen.borrow_mut().push(format!("{} {} {keys:?} {answer:?} {view} {log}", req.player, req.kind));
            } else {
                *self.open.borrow_mut() = false;
            }
            answer
        }
    }
    for (ruleset, seed) in [("8th", 3), ("classic", 4), ("9th", 5)] {
        let play = |swap: bool| {
            let e = Engine::new(Path::new("."), &setup(ruleset, 2, seed), Box::new(RandomAgent::new(0))).unwrap();
            // Two cards deep in the deck (from its bottom: the top is drawn first).
            let deck: Vec<u32> = e.with_state(|st| st.piles["deck"].clone());
            let (a, b) = (deck[2], deck[5]);
            assert_ne!(
                e.with_state(|st| st.card(a).unwrap().def.clone()),
                e.with_state(|st| st.card(b).unwrap().def.clone())
            );
            if swap {
                // The deck put back from its bottom with a and b exchanged.
                let order: Vec<u32> = deck
                    .iter()
                    .map(|&c| {
                        if c == a {
                            b
                        } else if c == b {
                            a
                        } else {
                            c
                        }
                    })
                    .collect();
                let moves: String = order
                    .iter()
                    .map(|c| format!("game:move_card({c}, {{ kind = \"pile\", pile = \"deck\" }}) "))
                    .collect();
                e.eval_lua(&moves).unwrap();
            }
            let seen = Rc::new(RefCell::new(Vec::new()));
            let open = Rc::new(RefCell::new(true));
            let watched = Rc::new(vec![a, b]);
            let agents: Vec<Box<dyn Agent>> = (0..2)
                .map(|s| {
                    Box::new(Recorder {
                        bot: HunterAgent::new(s),
                        watched: watched.clone(),
                        seen: seen.clone(),
                        open: open.clone(),
                    }) as Box<dyn Agent>
                })
                .collect();
            e.set_agent(Box::new(wizwar::decision::Seats { agents }));
            e.run(Some(40));
            let seen = seen.borrow().clone();
            seen
        };
        let (same, swapped) = (play(false), play(true));
        assert!(same.len() > 20, "{ruleset}: {} questions before a swapped card left the deck", same.len());
        assert_eq!(same.len(), swapped.len(), "{ruleset}: as many questions");
        for (i, (x, y)) in same.iter().zip(&swapped).enumerate() {
            assert!(x == y, "{ruleset}: question {i} differs");
        }
    }
}

/// Samples of a view (determinization): the same public facts and the seat's own cards, the
/// hidden cards dealt from those the seat cannot account for, other dice; different seeds give
/// different deals, the same seed the same.
#[test]
fn a_sample_of_a_view_is_a_game_it_could_be_the_view_of() {
    let e = Engine::new(Path::new("."), &setup("8th", 3, 9), Box::new(HunterAgent::new(2))).unwrap();
    e.run(Some(6));
    let referee = e.state();
    let view = e.seat_view(Viewer::Seat(1));
    let mut deals = BTreeSet::new();
    for seed in 0..40 {
        let sample = e.sample(&view, seed).unwrap();
        assert_eq!(sample, e.sample(&view, seed).unwrap(), "a seed gives one sample");
        assert_eq!(*sample.board, *referee.board);
        assert_eq!(sample.turn, referee.turn);
        assert_eq!(sample.stack, referee.stack);
        assert_eq!(sample.figures, referee.figures);
        for (p, q) in sample.players.iter().zip(referee.players.iter()) {
            assert_eq!(
                (p.figure, p.life, p.alive, p.hand.len(), p.play.len()),
                (q.figure, q.life, q.alive, q.hand.len(), q.play.len())
            );
        }
        for (name, cards) in referee.piles.iter() {
            assert_eq!(sample.piles[name].len(), cards.len(), "pile {name}");
        }
        // The seat's own hand, and every card it sees, as they are.
        for (c, shown) in view.state.cards.iter().enumerate() {
            if *shown.def != *UNKNOWN_CARD {
                assert_eq!(sample.cards[c].def, shown.def);
                assert_eq!(sample.cards[c].zone, shown.zone);
            }
        }
        assert_eq!(sample.players[1].hand, referee.players[1].hand);
        // The same cards in the game, dealt otherwise.
        let defs = |st: &GameState| {
            let mut d: Vec<String> = st.cards.iter().map(|c| c.def.to_string()).collect();
            d.sort();
            d
        };
        assert_eq!(defs(&sample), defs(&referee));
        assert_ne!(serde_json::to_string(&sample.rng).unwrap(), serde_json::to_string(&referee.rng).unwrap());
        let hidden: Vec<String> = sample.players[0]
            .hand
            .iter()
            .chain(sample.players[2].hand.iter())
            .map(|&c| sample.cards[c as usize].def.to_string())
            .collect();
        deals.insert(hidden);
    }
    assert!(deals.len() > 30, "the hidden hands differ from sample to sample: {} deals in 40", deals.len());
}

/// A search bot plays forward in samples of its view, in an engine of its own: a sample put in
/// a second engine (`Engine::set_state`) offers the seat the very actions the real game offers
/// it, plays on from there, and leaves the real game as it was.
#[test]
fn a_sample_plays_on_in_an_engine_of_its_own() {
    let e = Engine::new(Path::new("."), &setup("8th", 2, 4), Box::new(HunterAgent::new(3))).unwrap();
    e.run(Some(5));
    assert!(e.run_until_action(None).is_none(), "the game waits for an action");
    let before = e.state();
    let seat = before.turn.active;
    let offered: Vec<String> = e.pending_actions().unwrap().into_iter().map(|c| c.key).collect();
    let view = e.seat_view(Viewer::Seat(seat));
    let sim = Engine::new(Path::new("."), &setup("8th", 2, 99), Box::new(RandomAgent::new(1))).unwrap();
    for seed in 0..5 {
        let sample = sim.sample(&view, seed).unwrap();
        sim.set_state(sample, Box::new(HunterAgent::new(seed))).unwrap();
        assert!(sim.log().is_empty(), "the last game's log is let go");
        let here: Vec<String> = sim.pending_actions().unwrap().into_iter().map(|c| c.key).collect();
        assert_eq!(here, offered, "sample {seed}: the seat's own choices are the same");
        let outcome = sim.run(Some(before.turn.number + 6));
        assert!(matches!(outcome, Outcome::TurnLimit | Outcome::Over(_)), "sample {seed}: {outcome:?}");
        assert!(sim.state().turn.number > before.turn.number, "it played on");
    }
    assert_eq!(e.state(), before, "the real game is untouched");
}

/// Information-set determinism with figures (tft, issue 46): two games that differ only in
/// where a figure hidden from seat 0 stands (an invisible wizard) put the same questions to
/// seat 0, with the same options, views and log, until the hidden figure shows itself. The
/// options are the ruleset's to list from the whole state: hexes to move to or to cast at
/// must not tell where it stands.
#[test]
fn where_a_hidden_figure_stands_does_not_change_what_another_seat_is_asked() {
    struct Watcher {
        bot: HunterAgent,
        seen: Rc<RefCell<Vec<String>>>,
        open: Rc<RefCell<bool>>,
    }
    impl Agent for Watcher {
        fn decide(&mut self, req: &Request) -> Decision {
            self.bot.decide(req)
        }
        fn omniscient(&self, _player: u32) -> bool {
            true
        }
        fn decide_omniscient(&mut self, req: &Request, sight: &Sight, referee: &GameState) -> Decision {
            if req.player == 1 {
                // (the hidden seat does nothing, alike in both games)
                let key = req.pass.clone().unwrap_or_else(|| req.options[0].key.clone());
                return Decision::Answer(vec![key]);
            }
            let hidden = referee.figures.values().any(|f| f.owner == Some(1) && f.unseen);
            let answer = self.bot.decide_seeing(req, sight);
            if hidden && *self.open.borrow() {
                let view = serde_json::to_string(sight.view()).unwrap();
                let log = serde_json::to_string(sight.log()).unwrap();
                let options: Vec<String> = req.options.iter().map(|c| format!("{}={}", c.key, c.label)).collect();
                self.seen.borrow_mut().push(format!("{} {options:?} {answer:?} {view} {log}", req.kind));
            } else {
                *self.open.borrow_mut() = false;
            }
            answer
        }
    }
    let play = |hex: &str| {
        let e = Engine::new(Path::new("."), &setup("tft", 2, 11), Box::new(RandomAgent::new(0))).unwrap();
        e.eval_lua(&format!(
            "game:set_var('prepared', true)
             for _, name in ipairs {{ 'Magic Fist', 'Trip', 'Summon Wolf', 'Create Wall' }} do
               game:new_card(name, {{ kind = 'hand', player = 0 }})
             end
             for _, f in ipairs(game:figures()) do
               if f.owner == 1 then
                 game:set_figure(f.id, {{ at = {hex}, facing = 'E' }})
                 local c = game:new_card('Invisibility', {{ kind = 'play', player = 1 }})
                 for k, v in pairs {{ on = f.id, caster = f.id, invisible = true, cast = 0 }} do
                   game:set_card_data(c, k, v)
                 end
                 game:set_figure(f.id, {{ unseen = true }})
               end
             end"
        ))
        .unwrap();
        let seen = Rc::new(RefCell::new(Vec::new()));
        let open = Rc::new(RefCell::new(true));
        e.set_agent(Box::new(Watcher { bot: HunterAgent::new(0), seen: seen.clone(), open: open.clone() }));
        e.run(Some(8));
        let seen = seen.borrow().clone();
        seen
    };
    // two hexes in seat 0's reach, away from its wizard (on 3,0); two near it, in reach of what
    // it may create, but not next to it
    for (a, b) in [("{ q = 0, r = 8 }", "{ q = 2, r = 7 }"), ("{ q = 3, r = 3 }", "{ q = 4, r = 2 }")] {
        let (here, there) = (play(a), play(b));
        assert!(here.len() > 3, "{a}: {} questions while he was hidden: {here:?}", here.len());
        assert_eq!(here.len(), there.len(), "{a} or {b}: as many questions");
        for (i, (x, y)) in here.iter().zip(&there).enumerate() {
            assert!(x == y, "{a} or {b}: question {i} differs:\n{x}\n{y}");
        }
    }
}
