//! `wizwar play` at the terminal: a whole game between bots and people, told as it goes.
//!
//! People's seats are agents that never answer ([`Decision::Suspend`]): at each of their
//! questions the engine stops with the game as it is at the question (see `engine/pause.rs`),
//! this front end shows it (the board, the player's hand with short card texts, what he has in
//! play, every wizard's life and score), reads the answer (or a command: `help`, `hand`, `card
//! NAME`, `board`, `log`, which are never taken for an answer), queues it and runs on. A menu
//! too long for a screen is asked in steps (what to do, which card, which target, which boost:
//! [`menu`]); the answer is still one option's key. Every event a player follows is told in one
//! line (the ruleset's words, `Engine::narrate`), for bots' turns and people's alike; wizards
//! are named as the board shows them (their letter, or the name given to the game), never by
//! seat number.

use crate::cards::CardDef;
use crate::cli::{carried, overlay_named, plays_with_figures, wizard_glyph, wizard_name, NOT_UTF8};
use crate::decision::Request;
use crate::engine::{Answered, Engine, Outcome};
use crate::geometry::render::{ascii_line_of_row, render_ascii};
use crate::state::{CardId, GameState};
use crate::value::Value;
use crate::view::Viewer;
use input::{Input, Typed};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
pub use text::collapse;
use text::{card_line, card_name};

pub mod input;
pub mod menu;
pub mod saves;
pub mod screen;
pub mod session;
pub mod text;

/// What keeps the game as it goes (`session`): after every turn, and when a person says `save`.
pub trait Keeper {
    /// A turn was played: keep the game (and draw it, if asked).
    fn turn_played(&mut self, engine: &Engine);
    /// `save [FILE]` at a prompt: keeps the game as it is now, in `file` or where it is kept;
    /// what to tell the person.
    fn save(&mut self, engine: &Engine, file: Option<&Path>) -> Result<String, String>;
}

/// Why `Front::play` stopped.
pub enum PlayStop {
    /// The engine stopped: the game is over, the turn limit, an agent failed, or a person's
    /// input ended (suspended at his question).
    Game(Outcome),
    /// A person typed `quit` or pressed Ctrl-C at a prompt: the game is kept as it is.
    Quit,
}

/// What a person's prompt gave.
enum Asked {
    Answer(Vec<String>),
    /// The input ended.
    End,
    Quit,
}

/// How much of the game is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// Only the result (and what a person needs to decide).
    Quiet,
    /// One line for every event a player follows; the board after each turn when no person
    /// plays (a person sees it at each of his questions).
    Normal,
    /// Minor events too (each step of a walk, discards, doors), and the board after every turn.
    Verbose,
}

/// The commands a person may type at any question instead of an answer.
pub const COMMANDS: &str = "\
  help         this text
  quit         stop here: the game is kept (`wizwar play --resume` goes on)
  save [FILE]  keep the game now (in FILE, else where it is kept as it goes)
  hand         your hand and what you have in play
  card NAME    a card's text (any card of the game; part of its name will do)
  board        the board and every wizard's life and score
  log [N]      the last N lines of the game's story (default 20)
  options      the question again
  back (or 0)  the step before, when a long menu asks in steps (what, which
               card, target, boost)
Answer with an option's number, or enough of its text to name it (its number is
always safe).";

/// The terminal front end of one game.
pub struct Front<'a> {
    engine: &'a Engine,
    humans: Vec<u32>,
    verbosity: Verbosity,
    /// Log entries told so far (counted in the log as at the open question).
    told: usize,
    /// Clear the screen (ANSI) before the hot-seat screen: stdout is a terminal.
    clear: bool,
    /// The person asked last (hot-seat: another one is asked to take the keyboard first).
    last_asked: Option<u32>,
    /// The story told since the last person's question (shown again after a hot-seat screen).
    recent: Vec<String>,
    /// At a terminal with people playing: the story's last lines, shown under the board on
    /// each screen (instead of scrolling it away).
    story: Vec<String>,
    /// Whose view the screen shows now: the person asked, at his question; else the one person
    /// playing, or (several people at one screen, or none) what every seat sees.
    viewer: std::cell::Cell<Viewer>,
}

impl<'a> Front<'a> {
    /// A front end for `engine`'s game from where it is now (a loaded game's past is not told
    /// again), people at the seats `humans`.
    pub fn new(engine: &'a Engine, humans: &[u32], verbosity: Verbosity) -> Front<'a> {
        Front {
            engine,
            humans: humans.to_vec(),
            verbosity,
            told: engine.view_log_len(),
            clear: false,
            last_asked: None,
            recent: Vec::new(),
            story: Vec::new(),
            viewer: std::cell::Cell::new(watcher(humans)),
        }
    }

    /// Runs `f` on the game at the open question as the screen's viewer sees it.
    fn seen<R>(&self, f: impl FnOnce(&GameState) -> R) -> R {
        f(&self.engine.seat_view(self.viewer.get()).state)
    }

    /// Clear the screen with ANSI codes before a hot-seat screen (when stdout is a terminal).
    pub fn clear_screen(mut self, clear: bool) -> Front<'a> {
        self.clear = clear;
        self
    }

    /// Plays until the game is over, `turns` turns have been played, a person's input ends
    /// (the game stops at his question), or an agent fails. `after_turn` runs after every
    /// turn (the game is kept as it goes).
    pub fn play(
        &mut self,
        turns: u64,
        input: &mut dyn Input,
        out: &mut dyn Write,
        keeper: &mut dyn Keeper,
    ) -> PlayStop {
        let mut target = self.engine.with_state(|s| if s.turn.started { s.turn.number } else { s.turn.number + 1 });
        loop {
            let outcome = self.engine.run(Some(target.max(1)));
            self.tell(out);
            match outcome {
                Outcome::Suspended(req) if self.humans.contains(&req.player) => {
                    match self.ask(&req, input, out, keeper) {
                        Asked::Answer(keys) => {
                            self.engine.queue_replay([Answered { player: req.player, kind: req.kind.clone(), keys }]);
                        }
                        Asked::End => return PlayStop::Game(Outcome::Suspended(req)),
                        Asked::Quit => return PlayStop::Quit,
                    }
                }
                Outcome::TurnLimit => {
                    keeper.turn_played(self.engine);
                    if self.verbosity == Verbosity::Verbose
                        || (self.verbosity == Verbosity::Normal && self.humans.is_empty())
                    {
                        // The state names who plays next; the log, who played.
                        let who = self.engine.with_log(|log| {
                            log.iter().rev().find(|e| e.event == "turn").and_then(|e| e.data.get("player")?.as_int())
                        });
                        let (n, who) =
                            self.engine.with_state(|s| (s.turn.number, wizard_name(s, who.unwrap_or(0) as u32)));
                        let _ = writeln!(out, "\n=== after turn {n} ({who}) ===");
                        let _ = write!(out, "{}", self.board());
                    }
                    if target >= turns {
                        return PlayStop::Game(Outcome::TurnLimit);
                    }
                    target += 1;
                }
                other => return PlayStop::Game(other),
            }
        }
    }

    /// Tells what happened since the last time: one line per event a player follows; a line
    /// the same as the one before is counted instead of repeated ("A draws a card (x5)").
    pub fn tell(&mut self, out: &mut dyn Write) {
        let len = self.engine.view_log_len();
        let from = self.told.min(len);
        self.told = len;
        for line in self.engine.take_output() {
            if self.verbosity > Verbosity::Quiet {
                let _ = writeln!(out, "  [script] {line}");
            }
        }
        if self.verbosity == Verbosity::Quiet || from == len {
            return;
        }
        let entries = self.engine.seat_log_since(from, watcher(&self.humans));
        let on_screen = self.clear && !self.humans.is_empty();
        for line in collapse(self.engine.narrate(&entries, self.verbosity == Verbosity::Verbose)) {
            let turn = line.starts_with("---");
            let shown = if turn { format!("\n{line}") } else { format!("  {line}") };
            if on_screen {
                self.story.push(shown.trim_start_matches('\n').to_string());
            } else {
                let _ = writeln!(out, "{shown}");
            }
            if self.humans.len() > 1 {
                self.recent.push(shown);
            }
        }
        let old = self.story.len().saturating_sub(200);
        self.story.drain(..old);
    }

    /// A person's question: the table as he sees it, the question, then his answer (keys), or
    /// None when his input ends.
    pub fn ask_once(&mut self, req: &Request, input: &mut dyn Input, out: &mut dyn Write) -> Option<Vec<String>> {
        match self.ask(req, input, out, &mut NoKeeper) {
            Asked::Answer(keys) => Some(keys),
            Asked::End | Asked::Quit => None,
        }
    }

    /// A person's question: the table as he sees it, the question, then his answer, or a
    /// command (which `keeper` serves when it is `save`).
    fn ask(&mut self, req: &Request, input: &mut dyn Input, out: &mut dyn Write, keeper: &mut dyn Keeper) -> Asked {
        if self.last_asked.is_some_and(|p| p != req.player) {
            match self.pass_keyboard(req.player, input, out) {
                Asked::Answer(_) => {}
                stop => return stop,
            }
        }
        self.last_asked = Some(req.player);
        self.recent.clear();
        self.viewer.set(Viewer::Seat(req.player));
        let answer = self.question_asked(req, input, out, keeper);
        self.viewer.set(watcher(&self.humans));
        answer
    }

    /// The question to the person at `req.player`, shown as he sees the game: one screen
    /// (`screen.rs`), redrawn in place at a terminal after each step, command or mistake.
    fn question_asked(
        &mut self,
        req: &Request,
        input: &mut dyn Input,
        out: &mut dyn Write,
        keeper: &mut dyn Keeper,
    ) -> Asked {
        let who = self.seen(|st| wizard_name(st, req.player));
        let mut steps = menu::in_steps(req).then(|| menu::Steps::new(req, self.card_names(req)));
        let question = |steps: &Option<menu::Steps>| match steps {
            Some(steps) => steps.show(&who),
            None => self.question(req),
        };
        let several = req.max > 1 || req.min != 1;
        // What to show in the story's place (a command's answer, a mistake), and whether the
        // screen is drawn again before the next prompt.
        let mut note: Vec<String> = Vec::new();
        let mut redraw = true;
        let mut paged = false;
        loop {
            if redraw {
                paged = self.draw(req.player, &question(&steps), &std::mem::take(&mut note), out);
            }
            redraw = self.clear;
            let line = match input.read(if several { "(numbers separated by spaces)> " } else { "> " }, out) {
                Typed::Text(line) => line,
                Typed::NotUtf8 => {
                    note = self.say(out, NOT_UTF8);
                    continue;
                }
                Typed::End => return Asked::End,
                Typed::Interrupted => return Asked::Quit,
            };
            match self.command(line.trim(), req.player, &|| question(&steps), keeper) {
                Some(Command::Show(shown)) => {
                    note = self.say(out, shown.trim_end());
                    continue;
                }
                Some(Command::Quit) => return Asked::Quit,
                None => {}
            }
            if line.trim().is_empty() && paged {
                redraw = true;
                continue;
            }
            if line.trim().is_empty() && (req.min > 0 || steps.is_some()) {
                let n = steps.as_ref().map_or(req.options.len(), menu::Steps::shown);
                note = self.say(
                    out,
                    &format!("Type the number of your choice (1 to {n}), or `help` for what else you may type."),
                );
                continue;
            }
            let wrong = match steps.as_mut() {
                None => match req.answer_from_text(&line) {
                    Ok(keys) => return Asked::Answer(keys),
                    Err(e) => e,
                },
                Some(s) => match s.answer(&line) {
                    menu::Step::Chosen(key) => return Asked::Answer(vec![key]),
                    menu::Step::Moved => {
                        redraw = true;
                        continue;
                    }
                    menu::Step::Wrong(e) => e,
                },
            };
            note = self.say(out, &format!("{wrong} (`help` lists what you may type)"));
        }
    }

    /// Tells `text`: at a terminal, on the next screen (returned); else at once.
    fn say(&self, out: &mut dyn Write, text: &str) -> Vec<String> {
        if self.clear {
            return text.lines().map(str::to_string).collect();
        }
        let _ = writeln!(out, "{text}");
        Vec::new()
    }

    /// Draws the screen of `player`'s question `ask`, with `note` in the story's place if
    /// there is one. A note too long for the screen is shown alone, the board coming back at
    /// the next Enter: true then.
    fn draw(&self, player: u32, ask: &str, note: &[String], out: &mut dyn Write) -> bool {
        // At a terminal, one screen; in a pipe, the same parts one under the other, whole.
        let size = match self.clear {
            true => screen::Size::of_terminal().unwrap_or(screen::Size::DEFAULT),
            false => screen::Size { width: screen::Size::DEFAULT.width, height: 10_000 },
        };
        let story = if !note.is_empty() {
            note.to_vec()
        } else if self.clear {
            self.story.clone()
        } else {
            Vec::new()
        };
        let parts = screen::Parts {
            header: self.header(player),
            map: self.map(),
            focus: self.seen(|st| st.seat_at(player)).map_or(0, |at| ascii_line_of_row(at.y)),
            ask: ask.trim_matches('\n').lines().map(str::to_string).collect(),
            side: self.side(player),
            story,
        };
        let (lines, told) = screen::compose(&parts, size, self.clear);
        // (home and clear: the screen is drawn again in place, the terminal's own scrollback left be)
        let clear = if self.clear { "\x1b[H\x1b[2J" } else { "\n" };
        if told < parts.story.len() && !note.is_empty() {
            let _ = write!(out, "{clear}{}\n(Enter: back to the board and the question)\n", note.join("\n"));
            return true;
        }
        let _ = writeln!(out, "{clear}{}", lines.join("\n"));
        false
    }

    /// The screen's first line: whose decision, the turn, his life and what the rules count.
    fn header(&self, player: u32) -> String {
        let (turn, who, life) =
            self.seen(|st| (st.turn.number, wizard_name(st, player), st.player(player).map_or(0, |p| p.life)));
        let words = [self.engine.turn_status(player), self.engine.player_status(player)];
        let status: String = words.into_iter().flatten().map(|s| format!(", {s}")).collect();
        format!("Turn {turn} - {who}: life {life}{status}")
    }

    /// The board's map, without its key.
    fn map(&self) -> Vec<String> {
        let text = self.seen(|st| render_ascii(&st.board, &self.overlay(st)));
        text.lines().take_while(|l| !l.is_empty()).map(str::to_string).collect()
    }

    /// Beside the map: the other wizards, what lies on the board, the hand, what is in play.
    fn side(&self, player: u32) -> Vec<String> {
        let defs: BTreeMap<&str, &CardDef> = self.engine.card_defs().map(|d| (d.key.as_str(), d)).collect();
        let mut lines: Vec<String> =
            self.seen(|st| st.players.iter().filter(|p| p.id != player).map(|p| self.wizard_line(st, p.id)).collect());
        let things: Vec<String> = self.seen(|st| {
            self.overlay(st)
                .marks
                .iter()
                .filter(|m| m.kind.name() == "object")
                .map(|m| format!("{} {} at {}", m.glyph, m.label, m.at))
                .collect()
        });
        if !things.is_empty() {
            lines.push(format!("On the board: {}", things.join("; ")));
        }
        self.seen(|st| {
            let Some(me) = st.player(player) else { return };
            let names =
                |cards: &[CardId]| -> Vec<String> { cards.iter().filter_map(|&c| card_name(st, &defs, c)).collect() };
            let hand = names(&me.hand);
            lines.push(format!("Hand: {}", if hand.is_empty() { "no cards".into() } else { hand.join(", ") }));
            let mut kept = names(&me.play);
            kept.extend(carried(st, player));
            if !kept.is_empty() {
                lines.push(format!("In play and carried: {}", kept.join(", ")));
            }
        });
        lines
    }

    /// "B Bob  life 12  hand 4  1 of 2 victory points", or "B  dead".
    fn wizard_line(&self, st: &GameState, p: u32) -> String {
        let Some(pl) = st.player(p) else { return String::new() };
        let g = wizard_glyph(p);
        let name = if pl.name == g.to_string() { String::new() } else { format!(" {}", pl.name) };
        if !pl.alive {
            return format!("{g}{name}  dead");
        }
        let score = self.engine.player_status(p).map(|x| format!("  {x}")).unwrap_or_default();
        if plays_with_figures(st, p) {
            return format!("{g}{name}  hand {}{score}", pl.hand.len());
        }
        format!("{g}{name}  life {}  hand {}{score}", pl.life, pl.hand.len())
    }

    /// The marks on the board: wizards, treasures, other things by their names.
    fn overlay(&self, st: &GameState) -> crate::geometry::render::Overlay {
        let defs: BTreeMap<&str, &str> = self.engine.card_defs().map(|d| (d.key.as_str(), d.name.as_str())).collect();
        overlay_named(st, &|card| {
            let inst = st.cards.iter().find(|c| c.id == card)?;
            defs.get(&*inst.def).map(|n| n.to_string())
        })
    }

    /// The names of the cards `req`'s options name (`card`, `boost`), as the player sees them.
    fn card_names(&self, req: &Request) -> BTreeMap<i64, String> {
        let defs: BTreeMap<&str, &str> = self.engine.card_defs().map(|d| (d.key.as_str(), d.name.as_str())).collect();
        let ids: BTreeSet<i64> = req
            .options
            .iter()
            .flat_map(|c| ["card", "boost"].map(|f| c.value.get(f).and_then(Value::as_int)))
            .flatten()
            .collect();
        self.seen(|st| {
            ids.into_iter()
                .filter_map(|id| {
                    let inst = st.cards.iter().find(|c| i64::from(c.id) == id)?;
                    Some((id, defs.get(&*inst.def)?.to_string()))
                })
                .collect()
        })
    }

    /// Hot-seat: another person's turn to decide. The screen is cleared (on a terminal) so the
    /// last one's hand is gone, the keyboard is passed, and after Enter the story since the last
    /// person's question is told again. `Asked::End` or `Quit` when the input ends or the
    /// person quits.
    fn pass_keyboard(&mut self, to: u32, input: &mut dyn Input, out: &mut dyn Write) -> Asked {
        let who = self.seen(|st| wizard_name(st, to));
        if self.clear {
            let _ = write!(out, "\x1b[2J\x1b[3J\x1b[H");
        } else {
            let _ = writeln!(out, "\n{}", "=".repeat(60));
        }
        match input.read(&format!("Pass the keyboard to {who}, then press Enter (nobody else looking). "), out) {
            Typed::End => return Asked::End,
            Typed::Interrupted => return Asked::Quit,
            Typed::Text(t) if t.trim().eq_ignore_ascii_case("quit") => return Asked::Quit,
            _ => {}
        }
        if self.clear {
            let _ = write!(out, "\x1b[2J\x1b[3J\x1b[H");
        }
        if !self.recent.is_empty() {
            let prev = self.last_asked.map(|p| self.seen(|st| wizard_name(st, p))).unwrap_or_default();
            let _ = writeln!(out, "\nSince {prev}'s last decision:");
            for line in std::mem::take(&mut self.recent) {
                let _ = writeln!(out, "{line}");
            }
        }
        Asked::Answer(Vec::new())
    }

    /// What a command typed at a question does (`options`: shows `question()`, the step
    /// asked), or None when the line is not a command.
    fn command(
        &self,
        line: &str,
        player: u32,
        question: &dyn Fn() -> String,
        keeper: &mut dyn Keeper,
    ) -> Option<Command> {
        let (word, rest) = line.split_once(' ').map_or((line, ""), |(w, r)| (w, r.trim()));
        Some(Command::Show(match word.to_lowercase().as_str() {
            "quit" | "exit" if rest.is_empty() => return Some(Command::Quit),
            "save" => match keeper.save(self.engine, (!rest.is_empty()).then(|| Path::new(rest))) {
                Ok(said) => format!("{said}\n"),
                Err(e) => format!("not saved: {e}\n"),
            },
            "help" | "?" => format!("{COMMANDS}\n"),
            "hand" if rest.is_empty() => self.hand(player),
            "board" if rest.is_empty() => self.board(),
            "options" if rest.is_empty() => question(),
            "card" if !rest.is_empty() => self.card(rest),
            "log" if rest.is_empty() || rest.parse::<usize>().is_ok() => self.story(rest.parse().unwrap_or(20)),
            _ => return None,
        }))
    }

    /// The question and its numbered options.
    fn question(&self, req: &Request) -> String {
        let who = self.seen(|st| wizard_name(st, req.player));
        let mut s = format!("\n{who}: {}\n", req.prompt);
        for (i, c) in req.options.iter().enumerate() {
            s.push_str(&format!("  {:>2}. {}\n", i + 1, if c.label.is_empty() { &c.key } else { &c.label }));
        }
        if req.max > 1 || req.min != 1 {
            s.push_str(&format!("choose {} to {} (empty for none)\n", req.min, req.max));
        }
        s
    }

    /// The board as the player asked sees it, and one line per wizard.
    pub fn board(&self) -> String {
        let mut s = self.seen(|st| render_ascii(&st.board, &self.overlay(st)));
        s.push_str(&self.status_lines());
        s
    }

    /// One line per wizard: name, life, where, cards, score (the ruleset's words); no data.
    pub fn status_lines(&self) -> String {
        let players: Vec<_> = self.seen(|st| {
            st.players.iter().map(|p| (p.clone(), plays_with_figures(st, p.id), st.seat_at(p.id))).collect()
        });
        let mut s = String::new();
        for (p, figures, at) in &players {
            let g = wizard_glyph(p.id);
            let name = if p.name == g.to_string() { String::new() } else { format!(" {}", p.name) };
            let score = self.engine.player_status(p.id).map(|x| format!("  {x}")).unwrap_or_default();
            if *figures {
                // (its pieces are on the board; the ruleset's status, if it has one, says how
                // they stand and what the seat holds in its words)
                let state = if p.alive { "" } else { "  out" };
                let held =
                    if score.is_empty() { format!("  hand {}  in play {}", p.hand.len(), p.play.len()) } else { score };
                s.push_str(&format!("  {g}{name}{state}{held}\n"));
                continue;
            }
            let at = at.map(|s| s.to_string()).unwrap_or_else(|| "-".into());
            let life = if p.alive { format!("life {:>2}", p.life) } else { "dead".to_string() };
            s.push_str(&format!(
                "  {g}{name}  {life}  at {at:<7} hand {}  in play {}{score}\n",
                p.hand.len(),
                p.play.len()
            ));
        }
        s
    }

    /// A player's hand with short card texts, and what he has in play or carries.
    pub fn hand(&self, p: u32) -> String {
        let defs: BTreeMap<&str, &CardDef> = self.engine.card_defs().map(|d| (d.key.as_str(), d)).collect();
        self.seen(|st| {
            let Some(pl) = st.players.get(p as usize) else { return String::new() };
            let mut s = format!("Your hand ({}):\n", wizard_name(st, p));
            if pl.hand.is_empty() {
                s.push_str("  (no cards)\n");
            }
            for &c in &pl.hand {
                s.push_str(&format!("  {}\n", card_line(st, &defs, c)));
            }
            let carried: Vec<String> = carried(st, p).into_iter().map(|c| format!("  {c}\n")).collect();
            if !pl.play.is_empty() || !carried.is_empty() {
                s.push_str("In play and carried:\n");
                for &c in &pl.play {
                    s.push_str(&format!("  {}\n", card_line(st, &defs, c)));
                }
                s.extend(carried);
            }
            s
        })
    }

    /// A card's definition, by name (any case; part of one if only one card has it) or by
    /// `#id` of a card in the game.
    fn card(&self, name: &str) -> String {
        let defs: Vec<&CardDef> = self.engine.card_defs().collect();
        let by_id = name.trim_start_matches('#').parse::<CardId>().ok().and_then(|id| {
            let key = self.seen(|st| st.cards.iter().find(|c| c.id == id).map(|c| c.def.clone()))?;
            defs.iter().find(|d| *d.key == *key).copied()
        });
        let low = name.to_lowercase();
        let mut found: Vec<&CardDef> = match by_id {
            Some(d) => vec![d],
            None => defs.iter().filter(|d| d.name.to_lowercase() == low).copied().collect(),
        };
        if found.is_empty() {
            found = defs.iter().filter(|d| d.name.to_lowercase().contains(&low)).copied().collect();
        }
        let mut names: Vec<&str> = found.iter().map(|d| d.name.as_str()).collect();
        names.dedup();
        match (found.first(), names.len()) {
            (Some(d), 1) => {
                let mut s = format!("{} ({}", d.name, d.kind);
                for v in [&d.school, &d.range, &d.duration].into_iter().flatten() {
                    s.push_str(&format!(", {v}"));
                }
                if let Some(e) = d.energy {
                    s.push_str(&format!(", energy {e}"));
                }
                format!("{s})\n  {}\n", d.text)
            }
            (None, _) => format!("no card is called `{name}`\n"),
            (_, n) => format!("`{name}` names {n} cards: {}\n", names.join(", ")),
        }
    }

    /// The last `n` lines of the game's story so far, minor events included.
    fn story(&self, n: usize) -> String {
        let entries = self.engine.seat_log_since(0, self.viewer.get());
        let lines = collapse(self.engine.narrate(&entries, true));
        let skip = lines.len().saturating_sub(n);
        lines[skip..].iter().map(|l| if l.starts_with("---") { format!("{l}\n") } else { format!("  {l}\n") }).collect()
    }
}

/// A command typed at a prompt.
enum Command {
    /// Text to show (the prompt is asked again).
    Show(String),
    Quit,
}

/// A keeper that keeps nothing (a question asked outside a whole game: tests).
struct NoKeeper;

impl Keeper for NoKeeper {
    fn turn_played(&mut self, _: &Engine) {}

    fn save(&mut self, _: &Engine, _: Option<&Path>) -> Result<String, String> {
        Err("this game is not kept anywhere".into())
    }
}

/// Whose view the story is told in, between questions: the one person playing, or, several
/// people at one screen (or none), what every seat sees.
fn watcher(humans: &[u32]) -> Viewer {
    match humans {
        [one] => Viewer::Seat(*one),
        _ => Viewer::Public,
    }
}
