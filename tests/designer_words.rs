//! A script that calls the kernel wrongly is told so in a designer's words: which primitive,
//! which argument by name and type, what it was given, and, when a ruleset's helper made the
//! call, that helper and the designer's own line (issue 45, item 5).

use wizwar::decision::RandomAgent;
use wizwar::engine::{Engine, GameSetup};

fn engine() -> Engine {
    let setup = GameSetup { ruleset: "8th".into(), players: 2, seed: 1, options: vec![], names: vec![] };
    Engine::new(std::path::Path::new("."), &setup, Box::new(RandomAgent::new(1))).unwrap()
}

#[test]
fn a_wrong_argument_names_the_primitive_the_argument_and_what_came() {
    let e = engine();
    let err = e.eval_lua("local x = 1\ngame:set_life(0, 'lots')").unwrap_err();
    assert!(err.contains("repl:2: game:set_life: argument 2, n: integer, was given a string"), "{err}");
    let err = e.eval_lua("game:player(nil)").unwrap_err();
    assert!(err.contains("game:player: argument 1, p: integer, was given nothing (nil)"), "{err}");
    assert!(!err.contains("error converting"), "not the host's words: {err}");
}

#[test]
fn through_a_helper_the_helper_and_the_designers_line_are_named() {
    let e = engine();
    let err = e
        .eval_lua("local common = require('rules.common')\n\nlocal n = common.hand_count(game, 'B')\nreturn n")
        .unwrap_err();
    assert!(err.contains("game:hand: argument 1, p: integer, was given a string"), "{err}");
    assert!(err.contains("(called by hand_count, from repl:3)"), "{err}");
}

#[test]
fn data_the_kernel_cannot_keep_is_named_not_called_something_else() {
    let e = engine();
    let deep = "local t = {}\nfor i = 1, 40 do t = { t } end\ngame:set_var('x', t)";
    let err = e.eval_lua(deep).unwrap_err();
    assert!(
        err.contains("repl:3: game:set_var: argument 2, v: any, was given a table nested more than 32 deep"),
        "{err}"
    );
    assert!(err.contains("(kernel data must be nil, booleans,"), "what the kernel keeps: {err}");
    let err = e.eval_lua("game:set_var('x', 1.5)").unwrap_err();
    assert!(err.contains("argument 2, v: any, was given the fractional number 1.5"), "{err}");
    let err = e.eval_lua("game:set_var('x', { f = print })").unwrap_err();
    assert!(err.contains("argument 2, v: any, was given a function"), "{err}");
}
