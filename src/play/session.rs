//! `wizwar play` from the command line to the last line: which game (new, `--load`,
//! `--resume`), who sits where, where it is kept as it goes, and what is said when it stops.

use super::{saves, Front, Keeper, PlayStop, Verbosity};
use crate::cli::wizard_name;
use crate::decision::{Agent, QueueAgent, Seats};
use crate::engine::{Engine, GameSetup, Outcome};
use crate::repl::Loaded;
use crate::save::Seating;
use crate::search::Budget;
use crate::sim::Bots;
use std::path::{Path, PathBuf};

/// What `play` was asked, as typed: `None` where the command line did not say.
#[derive(Clone, Debug, Default)]
pub struct PlayArgs {
    pub ruleset: Option<String>,
    pub players: Option<usize>,
    pub seed: Option<u64>,
    pub human: Option<Vec<u32>>,
    pub bots: Option<Bots>,
    pub search: Option<Budget>,
    pub names: Vec<String>,
    pub options: Vec<String>,
    pub turns: u64,
    pub quiet: bool,
    pub verbose: bool,
    pub save: Option<PathBuf>,
    pub load: Option<PathBuf>,
    /// `--resume` (Some(None)) or `--resume N` (the N-th game of the list).
    pub resume: Option<Option<usize>>,
    pub log: Option<PathBuf>,
    pub svg_dir: Option<PathBuf>,
}

/// The game to play and who sits at it.
struct Table {
    setup: GameSetup,
    people: Vec<u32>,
    bots: Bots,
    /// Seats a bot of another kind plays (a loaded game's, unless --bots names one kind).
    seat_bots: std::collections::BTreeMap<u32, Bots>,
    search: Budget,
    loaded: Option<Loaded>,
    /// The file the game was loaded from, when it is one of the saves folder's (it is kept
    /// there again).
    from_saves: Option<PathBuf>,
}

impl Table {
    /// Who plays which seat, as a saved game keeps it (the bots' generators are added when
    /// the game is kept).
    fn seating(&self) -> Seating {
        Seating {
            people: self.people.clone(),
            bots: self.bots,
            seat_bots: self.seat_bots.clone(),
            search: self.search,
            generators: Vec::new(),
            over: false,
        }
    }
}

/// Plays the game `args` ask for, at this terminal.
pub fn run(root: &Path, args: PlayArgs) -> Result<(), String> {
    let saves_folder = saves::folder(&|k| std::env::var(k).ok());
    let table = table(root, &args, saves_folder.as_deref())?;
    let setup = table.setup.clone();
    let random_seed = args.seed.is_none() && table.loaded.is_none();
    // The seed first, so that the game can be played again (quiet: only when it was drawn).
    if table.loaded.is_none() && (!args.quiet || random_seed) {
        println!("Seed {} (`--seed {}` plays this game again).", setup.seed, setup.seed);
    }
    let engine = build(root, &table)?;
    // Kept as it goes, after every turn: in --save FILE, and a game a person plays in its own
    // file of the saves folder too. Ctrl-C or a closed terminal loses at most the turn in
    // progress; `play --resume` (or `--load FILE`) goes on.
    let autosave = match (&table.from_saves, table.people.is_empty(), &saves_folder) {
        (Some(file), _, _) => Some(file.clone()),
        (None, false, Some(dir)) => {
            Some(saves::new_file(dir, &setup.ruleset, setup.seed, std::time::SystemTime::now()))
        }
        _ => None,
    };
    let kept: Vec<PathBuf> = args.save.iter().cloned().chain(autosave.clone()).collect();
    if let Some(dir) = &args.svg_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("--svg-dir {}: {e} (give a folder)", dir.display()))?;
    }
    let mut keeper = Kept {
        setup: &setup,
        prior: table.loaded.as_ref().map_or(Vec::new(), |l| l.steps.clone()),
        seating: table.seating(),
        files: kept,
        svg_dir: args.svg_dir.clone(),
        failed: false,
        picture_failed: false,
    };
    // A file or folder that cannot be written is said before the game, not in its middle.
    keeper.keep(&engine).map_err(|e| format!("the game cannot be kept: {e}"))?;
    if let Some(file) = &autosave {
        interrupt_says(file);
    }
    let verbosity = match (args.quiet, args.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    };
    let at_terminal = std::io::IsTerminal::is_terminal(&std::io::stdin());
    let mut front = Front::new(&engine, &table.people, verbosity)
        .clear_screen(std::io::IsTerminal::is_terminal(&std::io::stdout()));
    let mut out = std::io::stdout();
    let stop = if at_terminal && !table.people.is_empty() {
        front.play(args.turns, &mut super::input::Keyboard::new()?, &mut out, &mut keeper)
    } else {
        front.play(args.turns, &mut super::input::Piped(std::io::stdin().lock()), &mut out, &mut keeper)
    };
    let over = matches!(stop, PlayStop::Game(Outcome::Over(_)));
    if over {
        keeper.seating.over = true;
        keeper.picture(&engine)?;
    }
    for e in script_errors(&engine) {
        eprintln!("script error (the action was undone): {e}");
    }
    if let Some(path) = &args.log {
        let lines: Vec<String> =
            engine.log().iter().map(|l| serde_json::to_string(l).expect("log entries serialize")).collect();
        std::fs::write(path, lines.join("\n") + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    match keeper.keep(&engine) {
        Ok(said) => {
            if args.save.is_some() {
                println!("{said}");
            }
            if let (Some(file), false) = (&autosave, over) {
                println!("{}", kept_in(file));
            }
        }
        Err(e) if args.save.is_some() => return Err(e),
        Err(e) => {
            if !keeper.failed {
                eprintln!("wizwar: the game could not be kept: {e}");
            }
        }
    }
    println!();
    print!("{}", front.status_lines());
    match stop {
        PlayStop::Game(Outcome::Over(r)) => {
            let who = r.winner.map(|w| engine.with_state(|s| wizard_name(s, w)));
            println!(
                "Game over after {} turns: {} ({})",
                engine.with_state(|s| s.turn.number),
                who.map_or_else(|| "nobody wins".to_string(), |w| format!("{w} wins")),
                r.reason
            );
            Ok(())
        }
        PlayStop::Game(Outcome::TurnLimit) => {
            println!("Stopped at the turn limit ({} turns) with no winner.", args.turns);
            Ok(())
        }
        PlayStop::Game(Outcome::Suspended(req)) => {
            let who = engine.with_view(|s| wizard_name(s, req.player));
            println!("Stopped: no answer from {who} (end of input).");
            Ok(())
        }
        PlayStop::Quit => {
            println!("Stopped at your request.");
            Ok(())
        }
        PlayStop::Game(Outcome::AgentFailed(m)) => Err(m),
    }
}

/// "This game is kept in FILE: `wizwar play --resume` goes on with it."
fn kept_in(file: &Path) -> String {
    format!("This game is kept in {}: `wizwar play --resume` goes on with it.", file.display())
}

/// Ctrl-C while the bots play (or at a prompt that is not a terminal's) stops the program at
/// once, saying where the game is kept: it was kept at the end of the last turn. (At a
/// terminal's prompt, Ctrl-C is a key rustyline reads: the game is kept as it is, then.)
fn interrupt_says(file: &Path) {
    let said = format!("\nInterrupted. {}\n", kept_in(file).replace(": `", " (as of the end of the last turn): `"));
    let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT]) else { return };
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            use std::io::Write;
            let _ = std::io::stdout().flush();
            eprint!("{said}");
            std::process::exit(130);
        }
    });
}

/// The game `args` name (new, loaded or resumed) and who sits at it; a `--ruleset`,
/// `--players`, `--seed`, `--option` or `--names` contradicting a loaded game is refused.
fn table(root: &Path, args: &PlayArgs, saves_folder: Option<&Path>) -> Result<Table, String> {
    let (loaded, from_saves) = match (&args.load, args.resume) {
        (Some(_), Some(_)) => return Err("give --load FILE or --resume, not both".into()),
        (Some(file), None) => {
            let in_saves = saves_folder.is_some_and(|d| file.parent() == Some(d));
            (Some(crate::repl::read_saved(file)?), in_saves.then(|| file.clone()))
        }
        (None, Some(which)) => {
            let file = choose_kept(saves_folder, which)?;
            (Some(crate::repl::read_saved(&file)?), Some(file))
        }
        (None, None) => (None, None),
    };
    let setup = match &loaded {
        Some(l) => {
            contradictions(args, &l.setup)?;
            l.setup.clone()
        }
        None => {
            let players = args.players.unwrap_or(2);
            GameSetup {
                ruleset: match &args.ruleset {
                    Some(r) => r.clone(),
                    None => crate::ruleset::default_ruleset(&root.join("rulesets"))?,
                },
                players,
                seed: args.seed.unwrap_or_else(fresh_seed),
                options: args.options.iter().map(|o| crate::repl::parse_option(o)).collect::<Result<_, _>>()?,
                names: wizard_names(&args.names, players)?,
            }
        }
    };
    let seating = loaded.as_ref().and_then(|l| l.seating.clone());
    // A game goes on with the people who played it, unless --human says otherwise.
    let people = match (&args.human, &seating) {
        (Some(h), _) => h.clone(),
        (None, Some(s)) => s.people.clone(),
        (None, None) => Vec::new(),
    };
    if let Some(&p) = people.iter().find(|&&p| p as usize >= setup.players) {
        return Err(format!("--human {p}: seats are numbered 0 to {}", setup.players - 1));
    }
    if let Some(&p) = people.iter().enumerate().find(|(i, p)| people[..*i].contains(p)).map(|(_, p)| p) {
        return Err(format!("--human {p} is given twice: name each seat once"));
    }
    let bots = args.bots.or(seating.as_ref().map(|s| s.bots)).unwrap_or(Bots::Hunter);
    let seat_bots = match (&args.bots, &seating) {
        (None, Some(s)) => s.seat_bots.clone(),
        _ => Default::default(), // (--bots: that kind at every bot seat)
    };
    let search = args.search.or(seating.as_ref().map(|s| s.search)).unwrap_or_default();
    Ok(Table { setup, people, bots, seat_bots, search, loaded, from_saves })
}

/// The engine of `table`'s game, at its last step, with its bots.
fn build(root: &Path, table: &Table) -> Result<Engine, String> {
    engine_for(root, &table.setup, &table.seating(), table.loaded.as_ref())
}

/// The engine of a game (new, or `loaded` at its last step) seated as `seating` says: people
/// at its people's seats, its bots at the others (their generators where they stood when it was
/// kept, if the same bots sit at the same seats). `play` and `serve` seat games alike, so a
/// seed deals the same game in both.
pub fn engine_for(
    root: &Path,
    setup: &GameSetup,
    seating: &Seating,
    loaded: Option<&Loaded>,
) -> Result<Engine, String> {
    let rules = crate::search::Rules { root: root.to_path_buf(), setup: setup.clone(), variants: vec![] };
    // A person's seat never answers by itself: the game stops at his question and the front
    // end shows it, reads his answer and goes on.
    let agents: Vec<Box<dyn Agent>> = (0..setup.players as u32)
        .map(|p| -> Box<dyn Agent> {
            if seating.people.contains(&p) {
                Box::new(QueueAgent::default())
            } else {
                seating.bot_at(p).agent(crate::sim::bot_seed(setup.seed, p), &rules, seating.search)
            }
        })
        .collect();
    let mut seats = Seats { agents };
    if let Some(saved) = loaded.and_then(|l| l.seating.as_ref()) {
        let same = saved.people == seating.people
            && (0..setup.players as u32).all(|p| saved.bot_at(p) == seating.bot_at(p))
            && saved.search == seating.search;
        let mut now = seats.generators();
        if same && now.len() == saved.generators.len() {
            for (g, s) in now.iter_mut().zip(&saved.generators) {
                **g = s.clone();
            }
        }
    }
    match loaded {
        Some(l) => crate::repl::resume(root, l, Box::new(seats)),
        None => Engine::new(root, setup, Box::new(seats)),
    }
}

/// Refuses what the command line says about a loaded game's setup that the save says
/// otherwise.
fn contradictions(args: &PlayArgs, saved: &GameSetup) -> Result<(), String> {
    let differs = |flag: &str, given: String, kept: String| {
        Err(format!("{flag} {given} contradicts the saved game ({kept}): leave it out to go on with the game as saved"))
    };
    if let Some(r) = args.ruleset.as_ref().filter(|r| **r != saved.ruleset) {
        return differs("--ruleset", r.clone(), saved.ruleset.clone());
    }
    if let Some(p) = args.players.filter(|p| *p != saved.players) {
        return differs("--players", p.to_string(), format!("{} players", saved.players));
    }
    if let Some(s) = args.seed.filter(|s| *s != saved.seed) {
        return differs("--seed", s.to_string(), format!("seed {}", saved.seed));
    }
    if !args.options.is_empty() {
        return Err("--option: a saved game keeps the options it was started with".into());
    }
    if !args.names.is_empty() {
        return Err("--names: a saved game keeps the names it was started with".into());
    }
    Ok(())
}

/// The game `--resume` opens: the `which`-th of the games still going (the last kept
/// first), or, when not said, the only one, or the one chosen from the list.
fn choose_kept(folder: Option<&Path>, which: Option<usize>) -> Result<PathBuf, String> {
    let folder = folder.ok_or("no saves folder: set WIZWAR_SAVES (or HOME)")?;
    let games = saves::still_going(folder);
    let now = std::time::SystemTime::now();
    if games.is_empty() {
        return Err(format!("no game to resume in {}", folder.display()));
    }
    let list =
        || games.iter().enumerate().map(|(i, g)| format!("  {}. {}\n", i + 1, g.describe(now))).collect::<String>();
    let n = match which {
        Some(n) => n,
        None if games.len() == 1 => 1,
        None => {
            print!("Games still going (in {}):\n{}Which one? [1] ", folder.display(), list());
            use std::io::Write;
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            std::io::stdin().read_line(&mut line).map_err(|e| e.to_string())?;
            let line = line.trim();
            if line.is_empty() {
                1
            } else {
                line.parse().map_err(|_| format!("`{line}` is not a number from the list"))?
            }
        }
    };
    match n.checked_sub(1).and_then(|i| games.get(i)) {
        Some(g) => {
            println!("Resuming {}", g.describe(now));
            Ok(g.path.clone())
        }
        None => Err(format!("there is no game {n}: the games still going are\n{}", list())),
    }
}

/// Keeps the game as it goes: in every file of `files`, with who sits where.
pub struct Kept<'a> {
    setup: &'a GameSetup,
    /// The steps the game was loaded with.
    prior: Vec<crate::repl::Step>,
    /// Who sits where, kept with the game (`over` once it is).
    pub seating: Seating,
    files: Vec<PathBuf>,
    svg_dir: Option<PathBuf>,
    /// Keeping failed once already (said once).
    failed: bool,
    picture_failed: bool,
}

impl<'a> Kept<'a> {
    /// Keeps `setup`'s game (loaded with the steps `prior`) in `files`, seated as `seating`.
    pub fn new(setup: &'a GameSetup, prior: Vec<crate::repl::Step>, seating: Seating, files: Vec<PathBuf>) -> Kept<'a> {
        Kept { setup, prior, seating, files, svg_dir: None, failed: false, picture_failed: false }
    }

    /// Keeps the game as it is now in every file; what was said of the last one.
    pub fn keep(&mut self, engine: &Engine) -> Result<String, String> {
        let mut said = String::new();
        for path in self.files.clone() {
            said = self.keep_in(engine, &path)?;
        }
        Ok(said)
    }

    fn keep_in(&mut self, engine: &Engine, path: &Path) -> Result<String, String> {
        let steps = crate::repl::steps_after_play(engine, &self.prior);
        self.seating.generators = engine.with_agent(|a| a.generators().into_iter().map(|g| g.clone()).collect());
        let seating = Some(self.seating.clone());
        write_whole(path, |tmp| crate::repl::write_saved(tmp, engine, self.setup, &steps, seating))
    }

    /// One picture a turn (`--svg-dir`), named by the turn just played.
    fn picture(&self, engine: &Engine) -> Result<(), String> {
        let Some(dir) = &self.svg_dir else { return Ok(()) };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let (n, svg) = engine.with_state(|s| (s.turn.number, crate::cli::state_svg(s)));
        let path = dir.join(format!("turn-{n:03}.svg"));
        std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))
    }
}

impl Keeper for Kept<'_> {
    fn turn_played(&mut self, engine: &Engine) {
        if let Err(e) = self.keep(engine) {
            if !std::mem::replace(&mut self.failed, true) {
                eprintln!("wizwar: the game could not be kept as it goes: {e}");
            }
        }
        if let Err(e) = self.picture(engine) {
            if !std::mem::replace(&mut self.picture_failed, true) {
                eprintln!("wizwar: no picture of the turn: {e}");
            }
        }
    }

    fn save(&mut self, engine: &Engine, file: Option<&Path>) -> Result<String, String> {
        match file {
            Some(f) => self.keep_in(engine, &crate::repl::expand_home(&f.to_string_lossy())),
            None if self.files.is_empty() => Err("this game is kept nowhere: say `save FILE`".into()),
            None => self.keep(engine),
        }
    }
}

/// Writes `path` whole or not at all: `write` fills a file beside it, which then takes its
/// place (an interrupted write leaves the last good copy).
pub fn write_whole(path: &Path, write: impl FnOnce(&Path) -> Result<String, String>) -> Result<String, String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    if path.is_dir() {
        return Err(format!("{} is a folder: give a file", path.display()));
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = PathBuf::from(tmp);
    let written = write(&tmp).and_then(|said| {
        std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(said)
    });
    // (nothing half-written is left behind)
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    Ok(written?.replace(&*tmp.to_string_lossy(), &path.to_string_lossy()))
}

/// The script errors of the game (each action undone), as the log tells them.
fn script_errors(engine: &Engine) -> Vec<String> {
    engine
        .log()
        .iter()
        .filter(|l| l.event == "error")
        .filter_map(|l| l.data.get("message").and_then(|m| m.as_str()).map(str::to_string))
        .collect()
}

/// A seed for a game nobody gave one (short enough to type again).
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.write_u32(std::process::id());
    h.finish() % 1_000_000_000
}

/// The wizards' names from `--names`: at most one a seat, none empty, none twice, and none that
/// is another wizard's letter (people would read it as that wizard).
pub fn wizard_names(names: &[String], players: usize) -> Result<Vec<String>, String> {
    if names.len() > players {
        return Err(format!("--names gives {} names for {players} players", names.len()));
    }
    let names: Vec<String> = names.iter().map(|n| n.trim().to_string()).collect();
    for (i, n) in names.iter().enumerate() {
        if n.is_empty() {
            return Err(format!("--names: the name of seat {i} is empty"));
        }
        if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
            return Err(format!("--names: `{n}` is given twice"));
        }
        let letter = |p: usize| crate::cli::wizard_glyph(p as u32).to_string();
        if (0..players).any(|p| p != i && n.eq_ignore_ascii_case(&letter(p))) {
            return Err(format!("--names: `{n}` is another wizard's letter on the board"));
        }
    }
    Ok(names)
}
