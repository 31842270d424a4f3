//! `wizwar serve`: the web table. A local HTTP server (axum on tokio) that starts games, hands
//! each person's seat a token, and serves a page (from the binary) that draws the game as that
//! seat sees it and sends its answers. Several games run at once, each on its own thread
//! (`game.rs`); every seat's page is made from the engine's view of that seat (`page.rs`), so
//! a page carries nothing its seat may not know. Games are kept in `--data` in `play --save`'s
//! format after every pause, with the line the lobby shows of each; a restarted server lists
//! them from those lines at once and takes a game up (its engine made, its steps replayed)
//! the first time its page or an answer asks for it; a game nobody asks for a while is
//! unloaded again, back to its files (`slot.rs`).
//!
//! The API (all JSON; errors are `{"error": "..."}` with a 4xx status):
//! - `POST /api/games` `{"ruleset", "players", "bots": [null | "hunter" | ...], "options",
//!   "seed", "names"}` starts a game: `{"id", "seats": [{"seat", "token"}], "links"}`;
//! - `GET /api/games/{id}/view` (`Authorization: Bearer TOKEN`): that seat's page, with the
//!   question when it is asked; without a token of the game, the spectators' page;
//! - `POST /api/games/{id}/answer` (with the token) `{"key"}` or `{"keys": [...]}`, and
//!   `"question"` (the page's `question.id`) to refuse a stale answer;
//! - `GET /api/games/{id}/live?token=TOKEN`: a WebSocket sending the page anew at each pause;
//! - `GET /api/rulesets`: what can be played.

mod api;
mod game;
mod page;
mod slot;

use crate::engine::GameSetup;
use crate::save::Seating;
use slot::Slot;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use page::squares_of;

/// What `serve` was asked.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on: loopback by default; `--host 0.0.0.0` opens the table to the
    /// network on purpose (anyone who can reach it can start games).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Folder of the table's games (each kept after every pause, taken up again when opened)
    /// [default: `web` in the saves folder: $WIZWAR_SAVES, else ~/.local/state/wizwar/games].
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Seconds a game stays loaded (its thread and engine in memory) after the last time its
    /// page, an answer or a live socket asked for it; then it is unloaded, kept in its files
    /// until it is opened again.
    #[arg(long, value_name = "SECONDS", default_value_t = 1800)]
    pub unload_after: u64,
    /// Print the seats' invite links of game ID (kept in the data folder) and stop, for a
    /// person who lost his: the links hold the seats' secrets, so only who runs the table can.
    #[arg(long, value_name = "ID")]
    pub invites: Option<String>,
}

/// A game of the table: its seats' tokens, and whether it is loaded (`slot.rs`).
struct Entry {
    /// Each person's seat and its token.
    tokens: Vec<(u32, String)>,
    slot: Arc<Slot>,
}

/// The table: its games, where they are kept, the rules and cards.
struct Server {
    root: PathBuf,
    data: PathBuf,
    /// How long a game nobody asks for stays loaded (`--unload-after`).
    unload_after: Duration,
    games: Mutex<BTreeMap<String, Arc<Entry>>>,
}

/// Serves the web table until the process is stopped.
pub fn run(root: &Path, args: ServeArgs) -> Result<(), String> {
    let data = match &args.data {
        Some(d) => d.clone(),
        None => crate::play::saves::folder(&|k| std::env::var(k).ok())
            .ok_or("no folder for the games: give --data DIR (or set WIZWAR_SAVES or HOME)")?
            .join("web"),
    };
    if let Some(id) = &args.invites {
        for line in invite_links(&data, id, &args.host, args.port)? {
            println!("{line}");
        }
        return Ok(());
    }
    std::fs::create_dir_all(&data).map_err(|e| format!("--data {}: {e}", data.display()))?;
    let server = Arc::new(Server {
        root: root.to_path_buf(),
        data: data.clone(),
        unload_after: Duration::from_secs(args.unload_after),
        games: Mutex::new(BTreeMap::new()),
    });
    let kept = server.gather_kept_games();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("no async runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
        let at = listener.local_addr().map_err(|e| e.to_string())?;
        let shown = if at.ip().is_unspecified() { format!("127.0.0.1:{}", at.port()) } else { at.to_string() };
        println!("The web table is at http://{shown}/ (games kept in {}).", data.display());
        if kept > 0 {
            println!("{kept} kept game(s) at the table, each taken up when it is first opened.");
        }
        println!("Open it in a browser to start a game; Ctrl-C stops the server (the games are kept).");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        tokio::spawn(unload_idle_games_from_time_to_time(server.clone()));
        axum::serve(listener, api::router(server)).await.map_err(|e| format!("the server stopped: {e}"))
    })
}

impl Server {
    /// Starts a game: seats `people` get tokens, bots the others. The game is kept in its own
    /// file of the data folder, its tokens beside it.
    fn start(&self, setup: GameSetup, seating: Seating) -> Result<(String, Arc<Entry>), String> {
        let id = new_token(6);
        let tokens: Vec<(u32, String)> = seating.people.iter().map(|&p| (p, new_token(16))).collect();
        let seats_file = self.data.join(format!("{id}.seats.json"));
        let seats = serde_json::json!({
            "format": "wizwar-web-seats/1",
            "seats": tokens.iter().map(|(s, t)| serde_json::json!({"seat": s, "token": t})).collect::<Vec<_>>(),
        });
        let (hosted, thread) = game::host(&self.root, &id, game::Start::New(setup, seating), self.game_file(&id))?;
        write_private(&seats_file, &serde_json::to_string_pretty(&seats).expect("json"))?;
        let entry = Arc::new(Entry { tokens, slot: Arc::new(Slot::loaded(hosted, thread)) });
        self.games.lock().expect("games").insert(id.clone(), entry.clone());
        Ok((id, entry))
    }

    fn game_file(&self, id: &str) -> PathBuf {
        self.data.join(format!("{id}.json"))
    }

    fn game(&self, id: &str) -> Option<Arc<Entry>> {
        self.games.lock().expect("games").get(id).cloned()
    }

    /// The games kept in the data folder (each `ID.seats.json` beside its `ID.json`), listed
    /// from the lines the lobby showed of them (`ID.lobby.json`), not taken up. A game kept
    /// without that line (by a table before it) is taken up now, which writes it; one that
    /// cannot be read is named and left out. How many there are.
    fn gather_kept_games(&self) -> usize {
        let Ok(dir) = std::fs::read_dir(&self.data) else { return 0 };
        let mut files: Vec<PathBuf> = dir.flatten().map(|e| e.path()).collect();
        files.sort();
        let mut n = 0;
        for seats_file in files {
            let Some(id) = seats_file.file_name().and_then(|f| f.to_str()).and_then(|f| f.strip_suffix(".seats.json"))
            else {
                continue;
            };
            match self.gather(id, &seats_file) {
                Ok(entry) => {
                    self.games.lock().expect("games").insert(id.to_string(), Arc::new(entry));
                    n += 1;
                }
                Err(e) => eprintln!("wizwar serve: game {id} left out: {e}"),
            }
        }
        n
    }

    fn gather(&self, id: &str, seats_file: &Path) -> Result<Entry, String> {
        let tokens = read_tokens(seats_file)?;
        let game_file = self.game_file(id);
        if !game_file.is_file() {
            return Err(format!("{}: no such file", game_file.display()));
        }
        let line = std::fs::read_to_string(game::lobby_file(&game_file, id))
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .filter(|line| line["id"] == id);
        let slot = match line {
            Some(line) => Slot::unloaded(line),
            None => {
                let (hosted, thread) = game::host(&self.root, id, game::Start::Kept, game_file)?;
                Slot::loaded(hosted, thread)
            }
        };
        Ok(Entry { tokens, slot: Arc::new(slot) })
    }

    /// Game `id` and its thread, the game taken up if it is unloaded (its engine made and its
    /// steps replayed; whoever asks meanwhile waits for the same take-up); None for no such
    /// game. It blocks: call it where waiting is allowed.
    fn hosted(&self, id: &str) -> Option<(Arc<Entry>, Result<game::Hosted, String>)> {
        let entry = self.game(id)?;
        let hosted = entry.slot.load(|| {
            game::host(&self.root, id, game::Start::Kept, self.game_file(id)).inspect_err(|e| {
                eprintln!("wizwar serve: game {id} could not be taken up: {e}");
            })
        });
        Some((entry, hosted))
    }

    /// Unloads every game nobody has asked for since `unload_after` and no live socket watches.
    fn unload_idle_games(&self) {
        let entries: Vec<(String, Arc<Entry>)> =
            self.games.lock().expect("games").iter().map(|(id, e)| (id.clone(), e.clone())).collect();
        for (id, entry) in entries {
            entry.slot.unload_if_idle(&id, self.unload_after);
        }
    }
}

/// Looks for idle games from time to time, for as long as the server runs: often enough that
/// a game is unloaded soon after its time is up (every quarter of `unload_after`, at most a
/// minute).
async fn unload_idle_games_from_time_to_time(server: Arc<Server>) {
    let every = (server.unload_after / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
    let mut ticks = tokio::time::interval(every);
    loop {
        ticks.tick().await;
        server.unload_idle_games();
    }
}

/// The invite links of kept game `id`, a line a seat: "A: http://HOST:PORT/game/ID#TOKEN".
fn invite_links(data: &Path, id: &str, host: &str, port: u16) -> Result<Vec<String>, String> {
    let seats_file = data.join(format!("{id}.seats.json"));
    if !id.chars().all(|c| c.is_ascii_alphanumeric()) || !seats_file.is_file() {
        return Err(format!("no game `{id}` in {} (its ID is in the game's address, /game/ID)", data.display()));
    }
    let tokens = read_tokens(&seats_file)?;
    let host = if host == "0.0.0.0" { "127.0.0.1" } else { host };
    Ok(tokens
        .iter()
        .map(|(seat, token)| {
            format!("{}: http://{host}:{port}{}", crate::cli::wizard_glyph(*seat), invite_path(id, token))
        })
        .collect())
}

/// A seat's way into game `id`: the page's address with the token after "#" (which no
/// browser sends to the server, so it stays out of any log of addresses).
fn invite_path(id: &str, token: &str) -> String {
    format!("/game/{id}#{token}")
}

/// The seats and tokens an `ID.seats.json` keeps.
fn read_tokens(seats_file: &Path) -> Result<Vec<(u32, String)>, String> {
    let text = std::fs::read_to_string(seats_file).map_err(|e| format!("{}: {e}", seats_file.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}:{}: {e}", seats_file.display(), e.line()))?;
    json["seats"]
        .as_array()
        .ok_or_else(|| format!("{}: expected `seats`, a list", seats_file.display()))?
        .iter()
        .map(|s| Some((s["seat"].as_u64()? as u32, s["token"].as_str()?.to_string())))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("{}: expected each seat as {{\"seat\", \"token\"}}", seats_file.display()))
}

impl Entry {
    /// The seat a token gives, if it is one of this game's (compared in constant time).
    fn seat_of(&self, token: &str) -> Option<u32> {
        let mut found = None;
        for (seat, t) in &self.tokens {
            if same_secret(t.as_bytes(), token.as_bytes()) {
                found = Some(*seat);
            }
        }
        found
    }
}

/// Compares two secrets without stopping at the first difference.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// `bytes` random bytes from the operating system, as hex.
fn new_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system gives random bytes");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes a file only its owner may read (it holds the seats' tokens).
fn write_private(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    #[cfg(unix)]
    use std::os::unix::fs::OpenOptionsExt;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut f = options.open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    f.write_all(text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_compared_whole() {
        let (a, b) = (new_token(16), new_token(16));
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(same_secret(a.as_bytes(), a.clone().as_bytes()));
        assert!(!same_secret(a.as_bytes(), b.as_bytes()));
        assert!(!same_secret(a.as_bytes(), &a.as_bytes()[..31]));
    }
}
