//! The REPL's commands and their help texts.

/// Commands: name, usage, one-line help.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("new", "new [--ruleset R] [--players N] [--seed S] [--option name[=v]]", "start a new game"),
    ("board", "board", "show the board with wizards, treasures and objects"),
    ("state", "state", "players' summary, turn and phase, what the game waits for"),
    ("hand", "hand P", "the cards in player P's hand (P = 0, 1... or A, B...)"),
    ("play", "play P", "the cards in player P's play area"),
    ("objects", "objects", "every object (treasures, items, created things): id, kind, where"),
    ("log", "log [N]", "the last N entries of the event log (default 20)"),
    ("stack", "stack", "the open response stack, top first"),
    ("actions", "actions", "the numbered legal actions (or options of the pending request)"),
    ("act", "act N-or-key", "take a legal action, by number or key"),
    ("answer", "answer N-or-key...", "answer the pending request, by numbers or keys"),
    ("put", "put wizard|treasure|item|card|#ID ...", "set up an experiment: put a wizard, object or card anywhere"),
    ("give", "give P CARD", "a new copy of any card in player P's hand"),
    ("lua", "lua CODE", "run Lua with `game` in scope (an error leaves the game untouched)"),
    ("=", "= EXPR", "evaluate a Lua expression with `game` in scope and print it"),
    ("option", "option [NAME[=v]]", "list the optional rules, or switch one and replay the game"),
    ("ruleset", "ruleset [R]", "show the ruleset, or switch to R and replay the game"),
    ("card", "card [NAME] [source]", "a card's text, metadata and hooks (with `source`: its file)"),
    ("test", "test [FILTER]", "run the card tests of the current ruleset (FILTER: part of a key or name)"),
    ("undo", "undo", "take back the last step (answer, action, Lua, put or give)"),
    ("reload", "reload", "reload rules and cards from disk and replay every step"),
    ("save", "save FILE", "save the session (a saved game when it has only answers)"),
    ("load", "load FILE", "load a saved game (also from `play --save`) or a saved session"),
    ("help", "help [CMD]", "list the commands, or explain one"),
    ("quit", "quit", "leave (also Ctrl-D)"),
];

fn long_help(cmd: &str) -> Option<&'static str> {
    Some(match cmd {
        "new" => "Starts a game: defaults are the current ruleset (or 8th), 2 players, seed 1.\n\
                  --option name sets a boolean option, --option name=v sets a value (true, false, number).",
        "act" => "Takes an action: `act 2` takes the second listed action, `act end` the one keyed `end`,\n\
                  `act cast Zap #8 at 1` the one with that whole key (Tab completes the keys).\n\
                  If the action asks further questions, they show as a pending request: use `answer`.",
        "answer" => "Answers the pending request: `answer 1 3` picks options 1 and 3; `answer KEY` an option by key.\n\
                     `answer` alone answers with no option (when the request allows none).",
        "put" => "Sets up an experiment; each `put` is a step (undo, reload and save replay it). Squares are X,Y\n\
                  as the board shows them; players are 0, 1... or A, B....\n\
                  \x20 put wizard P X,Y        move player P's wizard to a square\n\
                  \x20 put treasure P X,Y      a new treasure owned by player P on a square\n\
                  \x20 put #ID X,Y             move an existing object (see `objects`) to a square\n\
                  \x20 put item CARD X,Y       a new copy of a card lying on a square as an item\n\
                  \x20 put card P CARD         a new copy of a card in player P's play area",
        "give" => "Gives player P a new copy of a card (by name or key, spaces allowed: `give A Large Rock`).\n\
                   It is a step: undo, reload and save replay it.",
        "lua" | "=" => "Runs Lua in a fresh sandboxed environment with `game` in scope (the object cards use).\n\
                        `= EXPR` prints the value of EXPR; `lua CODE` runs statements (an expression is printed too).\n\
                        Tables print as Lua tables, nested ones over several lines.\n\
                        Lines printed by the script are shown. A chunk that changes the game is a step: undo takes it back.\n\
                        An unfinished chunk (`lua for i = 1, 3 do`) waits for more lines.",
        "option" => "`option` lists the ruleset's optional rules with their values in this game.\n\
                     `option NAME` switches one on, `option NAME=false` off, `option NAME=3` sets a number:\n\
                     the game restarts with the same seed and every step is replayed; where the replay now\n\
                     differs from what happened before is reported.",
        "ruleset" => "`ruleset` names the current ruleset and the ones on disk; `ruleset R` restarts the game\n\
                      under ruleset R (same seed and players; options it does not know are dropped) and\n\
                      replays every step, reporting where it diverges.",
        "card" => "`card` lists every card; `card NAME` shows one (name or key, any case, a part is enough when\n\
                   it names one card): metadata, hooks, named actions, its tests and its text.\n\
                   `card NAME source` prints its Lua file.",
        "test" => "Runs the tests the card files carry (in fresh games, as `wizwar test` does): `test zot` runs\n\
                   the tests of the cards whose key or name contains `zot`. The session's game is untouched.",
        "undo" => "Rebuilds the game from its setup and re-applies every step but the last.",
        "reload" => "Rebuilds the game with the rules and card files as they are now on disk and re-applies every\n\
                     step. Reports the first step that now ends differently (what differs in the state) or that\n\
                     no longer applies (the replay stops there). A broken file changes nothing: the message says why.",
        "save" => "Writes a saved game (readable by `wizwar play --load` and `wizwar replay`), or, when the session\n\
                   has Lua, put or give steps, the REPL's session format (setup + steps), which `play --load` reads too.",
        "load" => "Loads a saved game or session and replays it; reports where the replay diverges, if it does.",
        _ => return None,
    })
}

pub fn help(rest: &str) -> String {
    if rest.is_empty() {
        let mut out = String::from("commands:\n");
        for (_, usage, doc) in COMMANDS {
            out.push_str(&format!("  {usage:<44} {doc}\n"));
        }
        out.push_str("type `help CMD` for more on one command");
        return out;
    }
    match COMMANDS.iter().find(|c| c.0 == rest) {
        Some((name, usage, doc)) => {
            let mut out = format!("{usage}\n  {doc}");
            if let Some(l) = long_help(name) {
                out.push_str(&format!("\n{l}"));
            }
            out
        }
        None => format!("no command `{rest}` (type `help` for the list)"),
    }
}

/// The message for an unknown command, with near names.
pub fn unknown(cmd: &str) -> String {
    let near: Vec<&str> = COMMANDS.iter().map(|c| c.0).filter(|n| strsim::levenshtein(n, cmd) <= 2).collect();
    if near.is_empty() {
        format!("unknown command `{cmd}` (type `help` for the list)")
    } else {
        format!("unknown command `{cmd}`; did you mean {}? (type `help` for the list)", near.join(" or "))
    }
}
