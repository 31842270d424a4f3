//! An engine reset for a new game (what `sim` and `bench` do between games) plays exactly the
//! game a freshly loaded engine plays: nothing of the game before leaks into the next one.

use std::path::Path;
use wizwar::decision::{Agent, RandomAgent, Seats};
use wizwar::engine::{Engine, GameSetup};

fn setup(ruleset: &str, seed: u64, players: usize) -> GameSetup {
    GameSetup { ruleset: ruleset.into(), players, seed, options: vec![], names: vec![] }
}

fn bots(seed: u64, players: usize) -> Box<dyn Agent> {
    Box::new(Seats {
        agents: (0..players as u64).map(|i| Box::new(RandomAgent::new(seed * 10 + i)) as Box<_>).collect(),
    })
}

fn log_of(engine: &Engine) -> String {
    serde_json::to_string(&engine.log()).unwrap() + &serde_json::to_string(&engine.state()).unwrap()
}

#[test]
fn a_reset_engine_plays_the_game_a_new_engine_plays() {
    let root = Path::new(".");
    for ruleset in ["8th", "classic"] {
        let fresh = Engine::new(root, &setup(ruleset, 5, 2), bots(5, 2)).unwrap();
        fresh.run(Some(25));
        let expected = log_of(&fresh);

        // Another game first (three players, other options where the ruleset has some), then
        // the same game again.
        let mut other = setup(ruleset, 9, 3);
        if ruleset == "8th" {
            other.options = vec![("deadly_treasures".into(), true.into()), ("treasure_hunters".into(), true.into())];
        }
        let reused = Engine::new(root, &other, bots(9, 3)).unwrap();
        reused.run(Some(40));
        if ruleset == "8th" {
            assert_eq!(reused.eval_lua("return game:option('deadly_treasures')").unwrap(), "true");
        }
        reused.reset(&setup(ruleset, 5, 2), bots(5, 2)).unwrap();
        if ruleset == "8th" {
            let now = reused.eval_lua("return game:option('deadly_treasures'), #game:players()").unwrap();
            assert_eq!(now, "false\t2", "what the last game's options and players were is forgotten");
        }
        reused.run(Some(25));
        assert!(log_of(&reused) == expected, "{ruleset}: the game after a reset differs from a new engine's");
        assert!(reused.log().len() > 50, "{ruleset}: the game was played");
    }
}

#[test]
fn an_engine_plays_only_its_own_ruleset() {
    let engine = Engine::new(Path::new("."), &setup("8th", 1, 2), bots(1, 2)).unwrap();
    let err = engine.reset(&setup("classic", 1, 2), bots(1, 2)).unwrap_err();
    assert!(err.contains("plays ruleset 8th") && err.contains("classic"), "{err}");
}
