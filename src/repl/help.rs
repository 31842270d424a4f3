//! The REPL's commands and their help texts.

use crate::cli::SCREEN_WIDTH;

/// Commands: name, usage, one-line help.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "new",
        "new [--ruleset R] [--players N] [--seed S] [--option O]",
        "start a new game (`new!`: even with steps not saved)",
    ),
    ("board", "board [--svg FILE]", "show the board with wizards, treasures and objects (or write it as SVG)"),
    ("state", "state", "players' summary, turn and phase, what the game waits for"),
    (
        "view",
        "view SEAT [--json]",
        "the game as seat SEAT sees it (or `public`, `referee`): other hands unknown, no deck order",
    ),
    (
        "as",
        "as SEAT|referee",
        "show the game as SEAT sees it from now on, and answer as SEAT; `as referee` shows everything",
    ),
    ("hand", "hand P", "the cards in player P's hand (P: A, B... or 0, 1... or a name)"),
    ("play", "play P", "the cards in player P's play area"),
    ("objects", "objects", "every object (treasures, items, created things): id, kind, where"),
    ("log", "log [N]", "the last N entries of the event log (default 20)"),
    ("stack", "stack", "the open response stack, top first"),
    ("actions", "actions [FILTER]", "the numbered legal actions (those containing FILTER)"),
    ("act", "act N-or-key", "take a legal action: its number, or (part of) its key"),
    ("answer", "answer N-or-key...", "answer the pending request, by numbers or keys"),
    ("bots", "bots N [SEATS]", "hunter bots answer for N turns (only for SEATS, e.g. `bots 2 B`): each answer a step"),
    ("put", "put wizard|treasure|item|card|#ID ...", "set up an experiment: put a wizard, object or card anywhere"),
    ("give", "give P CARD", "a new copy of any card in player P's hand"),
    ("lua", "lua CODE", "run Lua with `game` in scope; globals last for the session"),
    ("=", "= EXPR", "evaluate a Lua expression and print it"),
    ("option", "option [NAME[=v]]", "list the optional rules, or switch one and replay the game"),
    ("ruleset", "ruleset [R]", "show the ruleset, or switch to R and replay the game"),
    ("card", "card [NAME] [source]", "a card's text, metadata and hooks (with `source`: its file)"),
    ("test", "test [FILTER]", "run the card tests of the current ruleset (FILTER: part of a key or name)"),
    ("steps", "steps [drop]", "the steps taken, and those pending since a reload (`drop` forgets these)"),
    ("undo", "undo", "take back the last step (answer, action, Lua, put or give), or the `new`/`load` before it"),
    ("reload", "reload", "reload rules and cards from disk and replay every step"),
    ("save", "save FILE", "save the session (a saved game when it has only answers)"),
    (
        "load",
        "load FILE",
        "load a saved game (also from `play --save`) or a saved session (`load!`: even with steps not saved)",
    ),
    ("help", "help [CMD|all]", "the commands by what they are for, each with its line (`all`), or one explained"),
    ("quit", "quit", "leave (also Ctrl-D; `quit!`: even with steps not saved)"),
];

fn long_help(cmd: &str) -> Option<&'static str> {
    Some(match cmd {
        "new" => {
            "Starts a game: defaults are the current ruleset (or the command line's), 2 players, seed 1.\n\
                  --option name sets a boolean option, --option name=v sets a value (true, false, number)."
        }
        "hand" | "play" | "give" => {
            "Players are named by the letter the board shows (A, B..., any case), by the id Lua uses\n\
                  (0, 1...) or by a name given to the game: `hand B` and `hand 1` are the same.\n\
                  `give P CARD` gives player P a new copy of a card (by name or key, spaces allowed:\n\
                  `give A Stone Pillar`); it is a step: undo, reload and save replay it."
        }
        "view" | "as" => {
            "Who knows what: a seat sees his own hand, the backs of the others' cards, how many cards a\n\
                  pile holds but not its order, and no dice to come; the ruleset declares what is hidden\n\
                  ([visibility] in ruleset.toml). `view B` shows the game as B sees it, `view B --json` as\n\
                  JSON; `as B` makes every command show B's view (a banner says so) and answer as B only;\n\
                  `as referee` (the default) shows everything again."
        }
        "actions" => {
            "Lists the legal actions, numbered; `actions cast` only those whose key or label contains\n\
                      `cast` (any case), with their numbers in the full list. After a step the REPL shows what\n\
                      happened and the next question; a long action list is only counted there."
        }
        "act" => {
            "Takes an action: `act 2` takes the second listed action; `act end` the one keyed `end`;\n\
                  otherwise the key that begins with, or else contains, the text (any case) when only one\n\
                  does: `act cast zap #8` for `cast Zap #8 at 1`. Else it lists the candidates, or the\n\
                  nearest keys. Tab completes the keys. If the action asks further questions, they show as\n\
                  a pending request: use `answer`. Named by a number or part of its text, the action taken is\n\
                  echoed first."
        }
        "bots" => {
            "Lets bots (hunters, as `sim` plays by default) answer the questions for N turns: `bots 1`\n\
                   plays the turn in progress to its end, `bots 3` three turns, every seat. `bots 4 B` (or\n\
                   `bots 4 B,C`) answers only for the seats named: it stops at the first question of any other\n\
                   seat, so you answer your wizard and the bots his opponents. Every answer is an ordinary step:\n\
                   `undo` takes back the last one, `save` and `reload` replay them. Ctrl-C stops it (the answers\n\
                   given so far stay)."
        }
        "answer" => {
            "Answers the pending request: `answer pass`, `answer 2`, or a part of a key as for `act`;\n\
                     `answer 1 3` picks options 1 and 3 when several are asked for. `answer` alone answers with\n\
                     no option (when the request allows none). While the response stack is open the question\n\
                     shows it: the entry on top is what a response answers."
        }
        "put" => {
            "Sets up an experiment; each `put` is a step (undo, reload and save replay it). Squares are X,Y\n\
                  as the board shows them; players as for `hand`.\n\
                  \x20 put wizard P X,Y        move player P's wizard to a square\n\
                  \x20 put treasure P X,Y      a new treasure owned by player P on a square\n\
                  \x20 put #ID X,Y             move an existing object (see `objects`) to a square\n\
                  \x20 put item CARD X,Y       a new copy of a card lying on a square as an item\n\
                  \x20 put card P CARD         a new copy of a card in player P's play area"
        }
        "lua" | "=" => {
            "Runs Lua in the session's sandboxed environment, with `game` in scope (the object cards use).\n\
                        `= EXPR` prints the value of EXPR; `lua CODE` runs statements (an expression is printed too).\n\
                        Any value prints readably: tables (nested ones over several lines), floats, functions.\n\
                        `print` shows tables the same way; lines printed by the script are shown as [script].\n\
                        Globals (`lua x = 5`, `lua function f(n) ... end`) last for the session: a chunk that\n\
                        assigns one, or that changes the game, is a step (undo, reload and save replay it; once\n\
                        globals exist, every `lua` statement chunk is a step, as it may change a table they hold).\n\
                        `=` and `lua EXPR` only look: don't change the session's tables with them.\n\
                        An error changes nothing (the game, nor the globals). An unfinished chunk\n\
                        (`lua for i = 1, 3 do`) waits for more lines (`..>`); Ctrl-C cancels it.\n\
                        A chunk may run 200 million instructions (a card hook 2 million): enough to time a query\n\
                        in a loop; Ctrl-C stops one that runs too long.\n\
                        At a question asked in the middle of an action (a response window, a target to choose),\n\
                        Lua sees the game as it is at that question, and may look at the game but not change it:\n\
                        the action is played again from its start once the question is answered, so a change\n\
                        made there could not last. Answer first, or `undo` to before the action and set it up there."
        }
        "option" => {
            "`option` lists the ruleset's optional rules with their values in this game.\n\
                     `option NAME` switches one on, `option NAME=false` off, `option NAME=3` sets a number:\n\
                     the game restarts with the same seed and every step is replayed; where the replay now\n\
                     differs from what happened before is reported (the option itself aside)."
        }
        "ruleset" => {
            "`ruleset` names the current ruleset and the ones on disk; `ruleset R` restarts the game\n\
                      under ruleset R (same seed and players; options it does not know are dropped) and\n\
                      replays every step, reporting any step that no longer applies."
        }
        "card" => {
            "`card` lists every card; `card NAME` shows one (name or key, any case, a part is enough when\n\
                   it names one card): metadata, hooks, named actions, its tests and its text.\n\
                   `card NAME source` prints its Lua file."
        }
        "test" => {
            "Runs the tests the card files carry (in fresh games, as `wizwar test` does): `test zot` runs\n\
                   the tests of the cards whose key or name contains `zot`. The session's game is untouched.\n\
                   Ctrl-C stops the run."
        }
        "steps" => {
            "Lists the steps taken, then those pending: the steps from the first that no longer applied\n\
                    at the last `reload` (or `load`, `option`, `ruleset`) on. Pending steps are not lost: each\n\
                    rebuild retries them after the steps taken, and `save` keeps them. `steps drop` forgets them."
        }
        "undo" => {
            "Takes back the last step: the game goes back to the snapshot kept after the step before (no\n\
                   file is read, nothing is replayed; after a Lua chunk that set globals, the steps before it\n\
                   are replayed in this game to rebuild the session's globals)."
        }
        "reload" => {
            "Rebuilds the game with the rules and card files as they are now on disk and re-applies every\n\
                     step. Reports the first step that now ends differently (what differs in the state, at the\n\
                     open question, in what is asked, or in the log). A step that no longer applies stops the\n\
                     replay there: it and the steps after it are kept as pending (`steps`), retried by the next\n\
                     reload. A broken file changes nothing: the message says why. Ctrl-C stops it."
        }
        "save" => {
            "Writes a saved game (readable by `wizwar play --load` and `wizwar replay`), or, when the session\n\
                   has Lua, put or give steps, the REPL's session format (setup + steps + snapshot), which\n\
                   `play --load` and `wizwar replay` read too. Pending steps are saved with the others."
        }
        "load" => {
            "Loads a saved game or session and replays it; reports where the replay diverges, if it does,\n\
                   and whether the game now differs from the state saved with it."
        }
        _ => return None,
    })
}

/// The commands by what they are for: `help` alone, one line a group, so that it fits a
/// 24-line screen (`help all` has every command with its line).
pub const GROUPS: &[(&str, &[&str])] = &[
    ("look at the game", &["board", "state", "view", "as", "hand", "play", "objects", "log", "stack"]),
    ("take a turn", &["actions", "act", "answer", "bots"]),
    ("experiment", &["put", "give", "lua", "=", "undo", "steps"]),
    ("rules and cards", &["ruleset", "option", "reload", "card", "test"]),
    ("games and files", &["new", "save", "load"]),
    ("this prompt", &["help", "quit"]),
];

pub fn help(rest: &str) -> String {
    if rest.is_empty() {
        let mut out = String::from("commands, by what they are for:\n");
        for (what, names) in GROUPS {
            let head = format!("  {what:18}  ");
            for line in crate::cli::hanging(&head, &names.join(" "), SCREEN_WIDTH) {
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out.push_str("type `help CMD` for more on one command, `help all` for each on a line");
        return out;
    }
    if rest == "all" {
        let mut out = String::from("commands:\n");
        // Each help in a column of its own, within the screen; a usage too long for its
        // column gets a line of its own.
        const WIDTH: usize = 20;
        for (_, usage, doc) in COMMANDS {
            if usage.len() > WIDTH {
                out.push_str(&format!("  {usage}\n"));
            }
            let head = format!("  {:WIDTH$}  ", if usage.len() > WIDTH { "" } else { usage });
            for line in crate::cli::hanging(&head, doc, SCREEN_WIDTH) {
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out.push_str("type `help CMD` for more on one command");
        return out;
    }
    match COMMANDS.iter().find(|c| c.0 == rest) {
        Some((name, usage, doc)) => {
            let mut out = format!("{usage}\n{}", crate::cli::wrap(doc, SCREEN_WIDTH, "  ").join("\n"));
            if let Some(l) = long_help(name) {
                out.push_str(&format!("\n{}", reflowed(l, SCREEN_WIDTH)));
            }
            out
        }
        None => format!("no command `{rest}` (type `help` for the list)"),
    }
}

/// A long help's text within `width` columns: its lines joined into paragraphs and wrapped
/// anew, but for lines that begin with a space (a table of forms), kept as they are.
fn reflowed(text: &str, width: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut paragraph = String::new();
    for line in text.lines() {
        if line.starts_with(' ') {
            out.extend(crate::cli::wrap(&std::mem::take(&mut paragraph), width, ""));
            out.push(line.to_string());
        } else {
            paragraph.push(' ');
            paragraph.push_str(line);
        }
    }
    out.extend(crate::cli::wrap(&paragraph, width, ""));
    out.join("\n")
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `help` fits a 24-line screen and names every command once; `help all` has each usage.
    #[test]
    fn help_fits_a_screen_and_names_every_command_once() {
        let short = help("");
        assert!(short.lines().count() <= 22, "`help` leaves room for the prompt on 24 lines:\n{short}");
        assert!(short.lines().all(|l| l.chars().count() <= SCREEN_WIDTH), "{short}");
        for (name, usage, _) in COMMANDS {
            let groups = GROUPS.iter().filter(|(_, names)| names.contains(name)).count();
            assert_eq!(groups, 1, "`{name}` in one group of `help`");
            assert!(help("all").contains(usage), "`help all` has `{usage}`");
        }
        let named = GROUPS.iter().flat_map(|(_, names)| names.iter()).count();
        assert_eq!(named, COMMANDS.len(), "every name in `help` is a command");
    }
}
