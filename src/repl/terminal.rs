//! The REPL at a terminal (rustyline: history file, completion, hints, multi-line Lua) and
//! from a script or standard input.

use super::help::COMMANDS;
use super::Repl;
use crate::cli::{read_text_line, Line, NOT_UTF8, SCREEN_WIDTH};
use crate::engine::GameSetup;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Helper};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Words for completion, refreshed after every command.
#[derive(Default, Clone)]
pub struct Words {
    /// Card names.
    pub cards: Vec<String>,
    /// Keys of the options of the pending request (legal actions, targets...).
    pub options: Vec<String>,
    /// The ruleset's optional rules.
    pub rule_options: Vec<String>,
    /// Ruleset folders on disk.
    pub rulesets: Vec<String>,
    /// Player letters.
    pub players: Vec<String>,
    /// Object ids, as `#ID`.
    pub objects: Vec<String>,
}

/// Does this Lua chunk compile?
pub fn compiles(code: &str) -> bool {
    mlua::Lua::new().load(code).into_function().is_ok()
}

/// Is this chunk unfinished (more lines would complete it)?
fn incomplete(code: &str) -> bool {
    match mlua::Lua::new().load(code).into_function() {
        Ok(_) => false,
        Err(e) => e.to_string().trim_end().ends_with("<eof>"),
    }
}

/// Is this command line a Lua chunk that more lines would complete?
pub fn needs_more(line: &str) -> bool {
    let line = line.trim_start();
    if let Some(r) = line.strip_prefix('=') {
        incomplete(&format!("return {r}"))
    } else if let Some(r) = line.strip_prefix("lua ") {
        incomplete(r) && !compiles(&format!("return {r}"))
    } else {
        false
    }
}

#[derive(Helper)]
struct ReplHelper {
    words: Rc<RefCell<Words>>,
    files: FilenameCompleter,
    history: HistoryHinter,
    /// Reading the further lines of an unfinished Lua chunk.
    continuing: Cell<bool>,
}

/// What the continuation prompt hints on an empty line.
const UNFINISHED: &str = "(unfinished Lua: type more lines; Ctrl-C cancels the chunk)";

fn starting<'a>(list: impl IntoIterator<Item = &'a String>, prefix: &str) -> Vec<String> {
    let p = prefix.to_lowercase();
    list.into_iter().filter(|w| w.to_lowercase().starts_with(&p)).cloned().collect()
}

/// The words that begin with `typed` (any case), else those that contain it.
fn matching<'a>(list: impl IntoIterator<Item = &'a String> + Clone, typed: &str) -> Vec<String> {
    let found = starting(list.clone(), typed);
    if !found.is_empty() {
        return found;
    }
    let t = typed.to_lowercase();
    list.into_iter().filter(|w| w.to_lowercase().contains(&t)).cloned().collect()
}

/// Where the argument words start in `head` (after the command and spaces), word by word.
fn words_with_starts(head: &str) -> Vec<(usize, &str)> {
    let mut out = vec![];
    let mut start = None;
    for (i, ch) in head.char_indices() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s, &head[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &head[s..]));
    }
    out
}

impl ReplHelper {
    /// What may follow the text before the cursor: where the replaced text starts and the
    /// candidates (None: complete file names).
    fn candidates(&self, head: &str) -> Option<(usize, Vec<String>)> {
        let w = self.words.borrow();
        let words = words_with_starts(head);
        let ends_in_space = head.ends_with(char::is_whitespace);
        // The word being typed (index into `words`, or words.len() for a fresh one) and its start.
        let (cur, start) = if ends_in_space || words.is_empty() {
            (words.len(), head.len())
        } else {
            (words.len() - 1, words[words.len() - 1].0)
        };
        if cur == 0 {
            let cmds: Vec<String> = COMMANDS.iter().map(|c| c.0.to_string()).collect();
            return Some((start, starting(&cmds, &head[start..])));
        }
        let cmd = words[0].1;
        // Everything after the first `n` words: for names with spaces.
        let from = |n: usize| -> usize {
            if words.len() > n {
                words[n].0
            } else {
                head.len()
            }
        };
        let rest_from = |n: usize| (from(n), &head[from(n)..]);
        let (s, list): (usize, Vec<String>) = match (cmd, cur) {
            ("save" | "load", _) => return None,
            ("card" | "test", _) => {
                let (s, typed) = rest_from(1);
                (s, starting(&w.cards, typed))
            }
            ("act", _) => {
                let (s, typed) = rest_from(1);
                (s, matching(&w.options, typed))
            }
            ("answer", _) => {
                // A whole key (spaces allowed) or the last of several words.
                let (s, typed) = rest_from(1);
                let whole = matching(&w.options, typed);
                if !whole.is_empty() {
                    (s, whole)
                } else {
                    (start, starting(&w.options, &head[start..]))
                }
            }
            ("hand" | "play", 1) => (start, starting(&w.players, &head[start..])),
            ("give", 1) => (start, starting(&w.players, &head[start..])),
            ("give", _) => {
                let (s, typed) = rest_from(2);
                (s, starting(&w.cards, typed))
            }
            ("put", 1) => {
                let mut subs: Vec<String> =
                    ["wizard", "treasure", "item", "card"].iter().map(|s| s.to_string()).collect();
                subs.extend(w.objects.iter().cloned());
                (start, starting(&subs, &head[start..]))
            }
            ("put", 2) if matches!(words[1].1, "wizard" | "treasure" | "card") => {
                (start, starting(&w.players, &head[start..]))
            }
            ("put", _) if words[1].1 == "item" => {
                let (s, typed) = rest_from(2);
                (s, starting(&w.cards, typed))
            }
            ("put", _) if words[1].1 == "card" && cur >= 3 => {
                let (s, typed) = rest_from(3);
                (s, starting(&w.cards, typed))
            }
            ("option", 1) => (start, starting(&w.rule_options, &head[start..])),
            ("ruleset", 1) => (start, starting(&w.rulesets, &head[start..])),
            ("new", _) => {
                let prev = if cur >= 1 { words.get(cur - 1).map(|x| x.1) } else { None };
                match prev {
                    Some("--ruleset") => (start, starting(&w.rulesets, &head[start..])),
                    Some("--option") => (start, starting(&w.rule_options, &head[start..])),
                    _ => {
                        let flags: Vec<String> =
                            ["--ruleset", "--players", "--seed", "--option"].iter().map(|s| s.to_string()).collect();
                        (start, starting(&flags, &head[start..]))
                    }
                }
            }
            ("help", 1) => {
                let mut cmds: Vec<String> = COMMANDS.iter().map(|c| c.0.to_string()).collect();
                cmds.push("all".into());
                (start, starting(&cmds, &head[start..]))
            }
            _ => (start, vec![]),
        };
        Some((s, list))
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        match self.candidates(&line[..pos]) {
            None => self.files.complete(line, pos, ctx),
            Some((start, list)) => {
                Ok((start, list.into_iter().map(|s| Pair { display: s.clone(), replacement: s }).collect()))
            }
        }
    }
}

impl Hinter for ReplHelper {
    type Hint = String;

    /// The arguments a bare command takes; else the rest of the only candidate; else history.
    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        if self.continuing.get() {
            return line.is_empty().then(|| UNFINISHED.to_string());
        }
        if pos < line.len() || line.is_empty() {
            return None;
        }
        let cmd = line.split_whitespace().next()?;
        if line.trim_end() == cmd {
            if let Some((_, usage, _)) = COMMANDS.iter().find(|c| c.0 == cmd) {
                let args = usage.strip_prefix(cmd)?.trim_start();
                if !args.is_empty() {
                    return Some(if line.ends_with(' ') { args.to_string() } else { format!(" {args}") });
                }
            }
        }
        if let Some((start, list)) = self.candidates(line) {
            let typed = &line[start..];
            if let [only] = list.as_slice() {
                if only.len() > typed.len()
                    && only.to_lowercase().starts_with(&typed.to_lowercase())
                    && !typed.is_empty()
                {
                    return Some(only[typed.len()..].to_string());
                }
            }
        }
        self.history.hint(line, pos, ctx)
    }
}

/// Every line is taken as typed: an unfinished Lua chunk is completed on further lines with a
/// continuation prompt (see `run_interactive`).
impl Validator for ReplHelper {}

impl Highlighter for ReplHelper {
    /// Hints are dimmed, so they don't look like typed text.
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
    }
}

fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("WIZWAR_HISTORY") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".wizwar_history"))
}

/// Reads commands at the terminal with line editing; returns false if a command failed.
///
/// Ctrl-C at the prompt cancels the line (or the unfinished chunk); while a command runs it
/// interrupts that command (the game stays as it was). A second Ctrl-C before the first one is
/// honoured leaves the program.
pub fn run_interactive(repl: &mut Repl) -> Result<bool, String> {
    use rustyline::error::ReadlineError;
    let config = Config::builder().completion_type(CompletionType::List).auto_add_history(false).build();
    let mut ed: rustyline::Editor<ReplHelper, rustyline::history::DefaultHistory> =
        rustyline::Editor::with_config(config).map_err(|e| e.to_string())?;
    ed.set_helper(Some(ReplHelper {
        words: repl.words.clone(),
        files: FilenameCompleter::new(),
        history: HistoryHinter::new(),
        continuing: Cell::new(false),
    }));
    let hist = history_path();
    if let Some(h) = &hist {
        let _ = ed.load_history(h);
    }
    // The prompt reads Ctrl-C as a key (the terminal is in raw mode then); while a command
    // runs, the signal sets the flag the engines check.
    let flag = repl.interrupt_flag();
    let signals = [
        signal_hook::flag::register_conditional_shutdown(signal_hook::consts::SIGINT, 130, flag.clone()),
        signal_hook::flag::register(signal_hook::consts::SIGINT, flag.clone()),
    ];
    println!("wizwar repl: `help` lists commands; Tab completes; Ctrl-C cancels; Ctrl-D leaves");
    let mut ok = true;
    'session: loop {
        let prompt = repl.prompt();
        let mut line = match ed.readline(&prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) if not_utf8(&e) => {
                println!("error: {NOT_UTF8}");
                continue;
            }
            Err(e) => return Err(e.to_string()),
        };
        // An unfinished Lua chunk goes on over the next lines.
        while needs_more(&line) {
            if let Some(h) = ed.helper() {
                h.continuing.set(true);
            }
            let more = ed.readline("   ..> ");
            if let Some(h) = ed.helper() {
                h.continuing.set(false);
            }
            match more {
                Ok(more) => {
                    line.push('\n');
                    line.push_str(&more);
                }
                Err(ReadlineError::Interrupted) => continue 'session,
                Err(ReadlineError::Eof) => break 'session,
                Err(e) if not_utf8(&e) => {
                    println!("error: {NOT_UTF8}");
                    continue 'session;
                }
                Err(e) => return Err(e.to_string()),
            }
        }
        if !line.trim().is_empty() {
            let _ = ed.add_history_entry(line.as_str());
            // Kept after every line, so a killed session loses nothing.
            if let Some(h) = &hist {
                let _ = ed.save_history(h);
            }
        }
        let cmd = line.trim();
        if let Some(done) = quitting(repl, cmd) {
            match done {
                Ok(()) => break,
                Err(e) => {
                    println!("error: {e}");
                    continue;
                }
            }
        }
        flag.store(false, std::sync::atomic::Ordering::Relaxed);
        match repl.execute(&line) {
            Ok(t) if t.is_empty() => {}
            Ok(t) => println!("{}", for_the_screen(cmd, &t)),
            Err(e) => {
                ok = false;
                println!("{}", for_the_screen(cmd, &format!("error: {e}")));
            }
        }
        flag.store(false, std::sync::atomic::Ordering::Relaxed);
    }
    for id in signals.into_iter().flatten() {
        signal_hook::low_level::unregister(id);
    }
    if let Some(h) = &hist {
        let _ = ed.save_history(h);
    }
    Ok(ok)
}

/// Whether the terminal sent bytes that are not UTF-8 (the line is lost, the session is not).
fn not_utf8(e: &rustyline::error::ReadlineError) -> bool {
    matches!(e, rustyline::error::ReadlineError::Io(io) if io.kind() == std::io::ErrorKind::InvalidData)
}

/// Runs commands from a reader, one per line (a Lua chunk may go on over the next lines until
/// it compiles), echoing each command and its output. Returns false if a command failed.
pub fn run_script(repl: &mut Repl, input: impl BufRead, out: &mut impl Write) -> Result<bool, String> {
    let mut ok = true;
    let mut input = input;
    let mut number = 0;
    loop {
        number += 1;
        let mut line = match read_text_line(&mut input).map_err(|e| e.to_string())? {
            Line::Text(line) => line,
            Line::NotUtf8 => {
                ok = false;
                let _ = writeln!(out, "error: line {number}: {NOT_UTF8}");
                continue;
            }
            Line::End => break,
        };
        while needs_more(&line) {
            number += 1;
            match read_text_line(&mut input).map_err(|e| e.to_string())? {
                Line::Text(more) => {
                    line.push('\n');
                    line.push_str(&more);
                }
                Line::NotUtf8 => {
                    ok = false;
                    let _ = writeln!(out, "error: line {number}: {NOT_UTF8}");
                }
                Line::End => break,
            }
        }
        if line.trim().is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}{line}", repl.prompt());
        let cmd = line.trim();
        if let Some(done) = quitting(repl, cmd) {
            match done {
                Ok(()) => break,
                Err(e) => {
                    let _ = writeln!(out, "error: {e}");
                    continue;
                }
            }
        }
        match repl.execute(&line) {
            Ok(t) if t.is_empty() => {}
            Ok(t) => {
                let _ = writeln!(out, "{}", for_the_screen(cmd, &t));
            }
            Err(e) => {
                ok = false;
                let _ = writeln!(out, "{}", for_the_screen(cmd, &format!("error: {e}")));
            }
        }
    }
    Ok(ok)
}

/// A command's output as the screen shows it: each line within 80 columns (cut at spaces, the
/// rest indented under it), but for what is copied as it stands: Lua's values and what a
/// script printed (`lua`, `=`), a card's source, a view's JSON and the board's picture.
pub fn for_the_screen(command: &str, text: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().collect();
    let as_it_stands = match words.first().copied() {
        Some("lua" | "=" | "board") => true,
        Some(w) => {
            w.starts_with('=') || ((w == "card" || w == "view") && matches!(words.last(), Some(&("source" | "--json"))))
        }
        None => false,
    };
    if as_it_stands {
        return text.to_string();
    }
    text.lines().flat_map(|l| crate::cli::fit_line(l, SCREEN_WIDTH)).collect::<Vec<_>>().join("\n")
}

/// `wizwar repl`: a script file, standard input when it is not a terminal, else the terminal.
/// With a setup, a game starts first (if it can't, that counts as a failed command). `defaults`
/// is what `new` starts from.
pub fn main(root: &Path, setup: Option<GameSetup>, defaults: GameSetup, script: Option<&Path>) -> Result<bool, String> {
    let mut repl = Repl::new(root);
    repl.set_defaults(defaults);
    let mut out = std::io::stdout();
    let mut started = true;
    if let Some(s) = setup {
        match repl.start(s) {
            Ok(t) => println!("{}", for_the_screen("new", &t)),
            Err(e) => {
                started = false;
                println!("{}", for_the_screen("new", &format!("error: the game cannot start: {e}")));
            }
        }
    }
    let ok = match script {
        Some(p) => {
            let f = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            run_script(&mut repl, std::io::BufReader::new(f), &mut out)
        }
        None if !std::io::stdin().is_terminal() => run_script(&mut repl, std::io::stdin().lock(), &mut out),
        None => run_interactive(&mut repl),
    }?;
    Ok(ok && started)
}

/// `quit` or `exit` (None for any other line): Ok to leave, or why not (steps not saved;
/// `quit!` leaves anyway).
fn quitting(repl: &Repl, cmd: &str) -> Option<Result<(), String>> {
    match cmd {
        "quit" | "exit" => Some(repl.refuse_unsaved(cmd)),
        "quit!" | "exit!" => Some(Ok(())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helper(words: Words) -> ReplHelper {
        ReplHelper {
            words: Rc::new(RefCell::new(words)),
            files: FilenameCompleter::new(),
            history: HistoryHinter::new(),
            continuing: Cell::new(false),
        }
    }

    #[test]
    fn completion_knows_commands_cards_with_spaces_and_legal_keys() {
        let h = helper(Words {
            cards: vec!["Stone Pillar".into(), "Spark Storm".into(), "Hex".into()],
            options: vec!["move N".into(), "cast Hex #11 at wizard B".into(), "end".into()],
            players: vec!["A".into(), "B".into()],
            rule_options: vec!["uncluttered_minds".into()],
            ..Words::default()
        });
        assert_eq!(h.candidates("boa"), Some((0, vec!["board".to_string()])));
        assert_eq!(h.candidates("card stone p"), Some((5, vec!["Stone Pillar".to_string()])));
        assert_eq!(h.candidates("give B s").unwrap().1, vec!["Stone Pillar", "Spark Storm"]);
        assert_eq!(h.candidates("give B s").unwrap().0, 7);
        assert_eq!(h.candidates("act cast"), Some((4, vec!["cast Hex #11 at wizard B".to_string()])));
        assert_eq!(h.candidates("put wi"), Some((4, vec!["wizard".to_string()])));
        assert_eq!(h.candidates("put card A H"), Some((11, vec!["Hex".to_string()])));
        assert_eq!(h.candidates("option un"), Some((7, vec!["uncluttered_minds".to_string()])));
        assert_eq!(h.candidates("load some/"), None, "file names");
    }

    #[test]
    fn a_chunk_is_unfinished_until_it_compiles() {
        assert!(needs_more("lua for i = 1, 2 do"));
        assert!(!needs_more("lua for i = 1, 2 do end"));
        assert!(needs_more("= {1,"));
        assert!(!needs_more("lua x = = 1"), "a syntax error is not unfinished");
        assert!(!needs_more("board"));
    }
}
