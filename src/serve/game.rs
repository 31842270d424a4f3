//! One game of the web table, on a thread of its own (the engine and its Lua stay on the
//! thread that made them): it runs the game to each person's question, keeps it in its file,
//! makes every seat's page and the spectators' page, and takes answers one at a time. The
//! server reads the pages of the last pause without waiting for the game. A game over has
//! nothing left to answer: its thread ends and its engine is freed, its last pages stay.

use super::page::{page, Story};
use crate::decision::Request;
use crate::engine::{Answered, Engine, GameSetup, Outcome};
use crate::play::session::{engine_for, Kept};
use crate::repl::Loaded;
use crate::save::Seating;
use crate::view::Viewer;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use tokio::sync::{oneshot, watch};

/// What every page says of the game besides the view.
pub struct Meta {
    pub id: String,
    pub ruleset: String,
    pub people: Vec<u32>,
    /// Which pause this is: the number of answers given so far in the game (bots' too, and
    /// those of the step in progress), so a question is known by the same number after the
    /// server restarts.
    pub version: u64,
}

/// The pages of the game at its last pause, each already JSON.
pub struct Snapshot {
    pub version: u64,
    /// Whether the game is over (its thread has ended, or is ending).
    pub over: bool,
    /// Each person's seat's page.
    pub seats: BTreeMap<u32, String>,
    /// The spectators' page: the public view.
    pub public: String,
}

/// Why an answer was refused: the HTTP status to say it with, and the words.
#[derive(Debug)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

fn refuse(status: u16, message: impl Into<String>) -> Refusal {
    Refusal { status, message: message.into() }
}

/// An answer to the open question.
pub struct Answer {
    pub seat: u32,
    pub keys: Vec<String>,
    /// The question answered (its page's `question.id`), when the page said: an answer to a
    /// question no longer open is refused, not taken for the next one.
    pub question: Option<u64>,
    /// Said once the game has gone on to its next pause (the new version), or why not.
    pub reply: oneshot::Sender<Result<u64, Refusal>>,
}

/// The server's handle on a game's thread.
#[derive(Clone)]
pub struct Hosted {
    pub pages: watch::Receiver<Arc<Snapshot>>,
    pub answers: mpsc::Sender<Answer>,
}

/// A game to host: a new one, or the one kept in its file.
pub enum Start {
    New(GameSetup, Seating),
    Kept,
}

/// Hosts the game `start` says, kept in `file` (and read from it, for a kept game): the
/// handle once its first pause is made, with its thread (which ends once the game is over, or
/// once no handle is left), or why it could not start.
pub fn host(root: &Path, id: &str, start: Start, file: PathBuf) -> Result<(Hosted, JoinHandle<()>), String> {
    let (ready_tx, ready_rx) = mpsc::channel();
    let (answers, inbox) = mpsc::channel::<Answer>();
    let (root, id) = (root.to_path_buf(), id.to_string());
    let thread = std::thread::Builder::new()
        .name(format!("game {id}"))
        .spawn(move || {
            // (on this thread: a game's state and engine stay on the thread that made them)
            let opened = open(&root, start, &file);
            let (setup, seating, loaded, engine) = match opened {
                Ok(o) => o,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            let prior = loaded.as_ref().map_or(Vec::new(), |l| l.steps.clone());
            let lobby_file = lobby_file(&file, &id);
            let mut table = Table {
                lobby_file,
                meta: Meta { id, ruleset: setup.ruleset.clone(), people: seating.people.clone(), version: 0 },
                kept: Kept::new(&setup, prior, seating, vec![file]),
                stories: BTreeMap::new(),
                engine: &engine,
            };
            table.serve(ready_tx, inbox);
        })
        .map_err(|e| format!("no thread for the game: {e}"))?;
    let pages = ready_rx.recv().map_err(|_| "the game's thread stopped before its first question".to_string())??;
    Ok((Hosted { pages, answers }, thread))
}

/// Where game `id`, kept in `game_file`, keeps the line the lobby shows of it: beside it.
pub fn lobby_file(game_file: &Path, id: &str) -> PathBuf {
    game_file.with_file_name(format!("{id}.lobby.json"))
}

/// The game `start` says, its engine at its last step.
fn open(root: &Path, start: Start, file: &Path) -> Result<(GameSetup, Seating, Option<Loaded>, Engine), String> {
    let (setup, seating, loaded) = match start {
        Start::New(setup, seating) => (setup, seating, None),
        Start::Kept => {
            let loaded = crate::repl::read_saved(file)?;
            let seating = loaded.seating.clone().ok_or_else(|| format!("{}: no seating kept", file.display()))?;
            (loaded.setup.clone(), seating, Some(loaded))
        }
    };
    let engine = engine_for(root, &setup, &seating, loaded.as_ref())?;
    Ok((setup, seating, loaded, engine))
}

/// The game on its thread.
struct Table<'a> {
    /// Where the lobby's line of the game is kept (`page::lobby_line`), beside the game.
    lobby_file: PathBuf,
    meta: Meta,
    kept: Kept<'a>,
    /// What each viewer has been told: people's seats and the spectators.
    stories: BTreeMap<Viewer, Story>,
    engine: &'a Engine,
}

type Ready = mpsc::Sender<Result<watch::Receiver<Arc<Snapshot>>, String>>;

impl Table<'_> {
    /// Runs the game from pause to pause until it is over or the server goes away. (The last
    /// pages outlive the thread: a watch's receivers keep its last value.)
    fn serve(&mut self, ready: Ready, inbox: mpsc::Receiver<Answer>) {
        let mut outcome = self.engine.run(None);
        let (pages, _) = watch::channel(self.pause(&outcome));
        let _ = ready.send(Ok(pages.subscribe()));
        while matches!(outcome, Outcome::Suspended(_)) {
            let Ok(answer) = inbox.recv() else { return };
            let taken = match &outcome {
                Outcome::Suspended(req) if self.meta.people.contains(&req.player) => self.take(req, &answer),
                _ => Err(refuse(409, "no person's question is open")),
            };
            match taken {
                Err(refusal) => {
                    let _ = answer.reply.send(Err(refusal));
                }
                Ok(given) => {
                    self.engine.queue_replay([given]);
                    outcome = self.engine.run(None);
                    let snapshot = self.pause(&outcome);
                    let version = snapshot.version;
                    pages.send_replace(snapshot);
                    let _ = answer.reply.send(Ok(version));
                }
            }
        }
    }

    /// The answer to `req` that `answer` gives, or why it is refused (and nothing changes).
    fn take(&self, req: &Request, answer: &Answer) -> Result<Answered, Refusal> {
        if answer.question.is_some_and(|q| q != self.meta.version) {
            return Err(refuse(409, "that question was already answered: look at the game again"));
        }
        if answer.seat != req.player {
            let who = self.engine.with_view(|st| crate::cli::wizard_name(st, req.player));
            return Err(refuse(409, format!("it is not your turn to decide: {who} decides now")));
        }
        req.resolve(&answer.keys).map_err(|e| refuse(422, e))?;
        Ok(Answered { player: req.player, kind: req.kind.clone(), keys: answer.keys.clone() })
    }

    /// The game has stopped at `outcome`: keep it, tell each viewer what happened, make the
    /// pages.
    fn pause(&mut self, outcome: &Outcome) -> Arc<Snapshot> {
        self.meta.version = self.engine.answers_given().len() as u64;
        let over = !matches!(outcome, Outcome::Suspended(_));
        self.kept.seating.over = over;
        if let Err(e) = self.kept.keep(self.engine) {
            eprintln!("wizwar serve: game {} could not be kept: {e}", self.meta.id);
        }
        let mut viewers: Vec<Viewer> = self.meta.people.iter().map(|&p| Viewer::Seat(p)).collect();
        viewers.push(Viewer::Public);
        let mut made = BTreeMap::new();
        for v in viewers {
            let story = self.stories.entry(v).or_default();
            story.catch_up(self.engine, v);
            let made_page = page(self.engine, v, story, outcome, &self.meta);
            if v == Viewer::Public {
                self.keep_lobby_line(&made_page);
            }
            made.insert(v, made_page.to_string());
        }
        let public = made.remove(&Viewer::Public).unwrap_or_default();
        let seats =
            made.into_iter().filter_map(|(v, p)| if let Viewer::Seat(s) = v { Some((s, p)) } else { None }).collect();
        Arc::new(Snapshot { version: self.meta.version, over, seats, public })
    }

    /// Keeps what the lobby shows of the game now, for a restarted table to list it without
    /// taking it up (written whole: an interrupted write leaves the last line).
    fn keep_lobby_line(&self, public: &serde_json::Value) {
        let line = super::page::lobby_line(&self.meta.id, public).to_string();
        let kept = crate::play::session::write_whole(&self.lobby_file, |tmp| {
            std::fs::write(tmp, &line).map(|_| String::new()).map_err(|e| format!("{}: {e}", tmp.display()))
        });
        if let Err(e) = kept {
            eprintln!("wizwar serve: game {}'s line in the lobby could not be kept: {e}", self.meta.id);
        }
    }
}
