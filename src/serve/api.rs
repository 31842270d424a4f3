//! The table's HTTP side: the page and its assets, the JSON API and the live WebSocket. Each
//! handler checks what crosses (the body's size and form, the game, the token) and answers a
//! bad request with a 4xx and `{"error": "..."}`, never a panic.

use super::game::{Answer, Hosted, Snapshot};
use super::slot::Watching;
use super::{Entry, Server};
use crate::engine::GameSetup;
use crate::save::Seating;
use crate::sim::Bots;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use tokio::sync::watch;

/// The most a request body may hold: a game's setup or an answer is far less.
const BODY_LIMIT: usize = 16 * 1024;

const INDEX_HTML: &str = include_str!("../../web/index.html");
const TABLE_JS: &str = include_str!("../../web/table.js");
const TABLE_CSS: &str = include_str!("../../web/table.css");

pub(super) fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route(
            "/assets/table.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], TABLE_JS) }),
        )
        .route("/assets/table.css", get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], TABLE_CSS) }))
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", post(start_game).get(games))
        .route("/api/games/{id}/view", get(view))
        .route("/api/games/{id}/answer", post(answer))
        .route("/api/games/{id}/live", get(live))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(server)
}

async fn index() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], INDEX_HTML)
        .into_response()
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({ "error": message.into() }))).into_response()
}

/// A JSON body that was already made.
fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")], text).into_response()
}

/// The rulesets that can be played, the default first, with their optional rules.
async fn rulesets(State(server): State<Arc<Server>>) -> Response {
    let dir = server.root.join("rulesets");
    let default = crate::ruleset::default_ruleset(&dir).ok();
    let mut names = crate::ruleset::playable_rulesets(&dir);
    names.sort_by_key(|n| Some(n) != default.as_ref());
    let list: Vec<serde_json::Value> = names
        .iter()
        .filter_map(|n| crate::ruleset::Ruleset::load(&dir, n).ok())
        .map(|r| {
            json!({
                "name": r.file.name,
                "title": r.file.title,
                "options": r.file.options.iter().map(|o| json!({"name": o.name, "doc": o.doc, "default": o.default})).collect::<Vec<_>>(),
            })
        })
        .collect();
    axum::Json(json!({ "rulesets": list })).into_response()
}

/// `GET /api/games`: the games at this table, those going on first, each as its public page
/// tells it (`page::lobby_line`: the edition, the turn, who decides, the seats' names and
/// whether a person plays each) with the spectators' link: nothing a seat alone may know, and
/// no token. An unloaded game is listed as its kept line says.
async fn games(State(server): State<Arc<Server>>) -> Response {
    // (on a thread that may wait for a game being loaded)
    let listed = tokio::task::spawn_blocking(move || {
        let entries: Vec<(String, Arc<Entry>)> =
            server.games.lock().expect("games").iter().map(|(id, e)| (id.clone(), e.clone())).collect();
        let mut list: Vec<serde_json::Value> =
            entries.iter().filter_map(|(id, entry)| entry.slot.lobby_line(id)).collect();
        list.sort_by_key(|g| !g["over"].is_null());
        list
    })
    .await;
    match listed {
        Ok(list) => axum::Json(json!({ "games": list })).into_response(),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("the games could not be listed: {e}")),
    }
}

/// Game `id` with its thread, a kept game taken up first (on a thread that may wait), or the
/// answer to give instead: no such game (404), or one that could not be taken up (500).
async fn hosted(server: &Arc<Server>, id: &str) -> Result<(Arc<Entry>, Hosted), Response> {
    let Some(entry) = server.game(id) else { return Err(error(StatusCode::NOT_FOUND, format!("no game `{id}` here"))) };
    let found = match entry.slot.if_loaded() {
        // (a loaded game needs no waiting)
        Some(hosted) => Some((entry.clone(), Ok(hosted))),
        None => {
            let (server, id) = (server.clone(), id.to_string());
            tokio::task::spawn_blocking(move || server.hosted(&id))
                .await
                .map_err(|e| error(StatusCode::INTERNAL_SERVER_ERROR, format!("the game could not be taken up: {e}")))?
        }
    };
    match found {
        None => Err(error(StatusCode::NOT_FOUND, format!("no game `{id}` here"))),
        Some((_, Err(e))) => {
            Err(error(StatusCode::INTERNAL_SERVER_ERROR, format!("game `{id}` could not be taken up: {e}")))
        }
        Some((entry, Ok(hosted))) => Ok((entry, hosted)),
    }
}

/// `POST /api/games`: what a new game is.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    ruleset: Option<String>,
    players: Option<usize>,
    /// Per seat: null for a person, else the kind of bot.
    bots: Option<Vec<Option<Bots>>>,
    #[serde(default)]
    options: Vec<String>,
    seed: Option<u64>,
    #[serde(default)]
    names: Vec<String>,
}

/// A body too large (past [`BODY_LIMIT`]) or cut short, said as every other error is.
fn body_error(e: BytesRejection) -> Response {
    error(e.status(), format!("the body could not be read: {} (at most {BODY_LIMIT} bytes)", e.body_text()))
}

async fn start_game(State(server): State<Arc<Server>>, body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(b) => b,
        Err(e) => return body_error(e),
    };
    let asked: NewGame = match serde_json::from_slice(&body) {
        Ok(g) => g,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("the body is not a game's setup: {e}")),
    };
    let (setup, seating) = match setup_of(&server, asked) {
        Ok(s) => s,
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    let started = tokio::task::spawn_blocking(move || {
        let (id, entry) = server.start(setup, seating)?;
        Ok::<_, String>((id, entry.tokens.clone()))
    })
    .await;
    match started {
        Ok(Ok((id, tokens))) => axum::Json(json!({
            "id": id,
            "seats": tokens.iter().map(|(s, t)| json!({"seat": s, "token": t})).collect::<Vec<_>>(),
            "links": tokens.iter().map(|(s, t)| json!({"seat": s, "url": super::invite_path(&id, t)})).collect::<Vec<_>>(),
            "spectators": format!("/game/{id}"),
        }))
        .into_response(),
        Ok(Err(e)) => error(StatusCode::BAD_REQUEST, e),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("the game could not start: {e}")),
    }
}

/// The setup and seating a new game asks for, checked as `play` checks its flags.
fn setup_of(server: &Server, asked: NewGame) -> Result<(GameSetup, Seating), String> {
    let players = asked.players.or(asked.bots.as_ref().map(Vec::len)).unwrap_or(2);
    if !(1..=8).contains(&players) {
        return Err(format!("players: {players} is not a number of players this table seats (1 to 8)"));
    }
    // By default the first seat is a person's and hunters play the others.
    let bots = asked.bots.unwrap_or_else(|| (0..players).map(|p| (p > 0).then_some(Bots::Hunter)).collect());
    if bots.len() != players {
        return Err(format!(
            "bots: {} seats given for {players} players (one entry a seat: null for a person)",
            bots.len()
        ));
    }
    let people: Vec<u32> = (0..players as u32).filter(|&p| bots[p as usize].is_none()).collect();
    if people.is_empty() {
        return Err("bots: no seat is a person's (null): `wizwar sim` plays bots alone".into());
    }
    let ruleset = match asked.ruleset {
        Some(r) => r,
        None => crate::ruleset::default_ruleset(&server.root.join("rulesets"))?,
    };
    if !crate::ruleset::playable_rulesets(&server.root.join("rulesets")).contains(&ruleset) {
        return Err(format!(
            "ruleset: `{ruleset}` is not a ruleset this table can play (GET /api/rulesets lists them)"
        ));
    }
    let setup = GameSetup {
        ruleset,
        players,
        seed: asked.seed.unwrap_or_else(crate::play::session::fresh_seed),
        options: asked.options.iter().map(|o| crate::repl::parse_option(o)).collect::<Result<_, _>>()?,
        names: crate::play::session::wizard_names(&asked.names, players)?,
    };
    // (the first bot's kind for all, and the seats of any other kind beside it)
    let first = bots.iter().flatten().next().copied().unwrap_or(Bots::Hunter);
    let seat_bots =
        (0..players as u32).filter_map(|p| bots[p as usize].filter(|&b| b != first).map(|b| (p, b))).collect();
    let seating =
        Seating { people, bots: first, seat_bots, search: Default::default(), generators: Vec::new(), over: false };
    Ok((setup, seating))
}

/// The token a request carries: `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ").map(str::trim)
}

/// The page a token shows: its seat's, or the spectators' when it is none of the game's.
fn page_for(entry: &Entry, snapshot: &Snapshot, token: Option<&str>) -> String {
    match token.and_then(|t| entry.seat_of(t)).and_then(|s| snapshot.seats.get(&s)) {
        Some(page) => page.clone(),
        None => snapshot.public.clone(),
    }
}

async fn view(State(server): State<Arc<Server>>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let (entry, hosted) = match hosted(&server, &id).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let snapshot = hosted.pages.borrow().clone();
    json_text(page_for(&entry, &snapshot, bearer(&headers)))
}

/// `POST /api/games/{id}/answer`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answering {
    key: Option<String>,
    keys: Option<Vec<String>>,
    question: Option<u64>,
}

async fn answer(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(entry) = server.game(&id) else { return error(StatusCode::NOT_FOUND, format!("no game `{id}` here")) };
    let Some(seat) = bearer(&headers).and_then(|t| entry.seat_of(t)) else {
        return error(StatusCode::UNAUTHORIZED, "answering needs a seat's token: `Authorization: Bearer TOKEN`");
    };
    let asked: Answering = match serde_json::from_slice(&body) {
        Ok(a) => a,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("the body is not an answer: {e}")),
    };
    let keys = match (asked.key, asked.keys) {
        (Some(k), None) => vec![k],
        (None, Some(ks)) => ks,
        _ => return error(StatusCode::BAD_REQUEST, "give `key` (one option's key) or `keys` (a list), not both"),
    };
    let hosted = match hosted(&server, &id).await {
        Ok((_, hosted)) => hosted,
        Err(response) => return response,
    };
    // (a game over has no thread to ask: its last pages say so)
    if hosted.pages.borrow().over {
        return error(StatusCode::CONFLICT, "the game is over: there is nothing to answer");
    }
    let (reply, replied) = tokio::sync::oneshot::channel();
    let sent = hosted.answers.send(Answer { seat, keys, question: asked.question, reply });
    if sent.is_err() {
        return error(StatusCode::GONE, "this game has stopped");
    }
    match replied.await {
        Ok(Ok(version)) => axum::Json(json!({ "ok": true, "version": version })).into_response(),
        Ok(Err(refusal)) => {
            error(StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::CONFLICT), refusal.message)
        }
        Err(_) => error(StatusCode::GONE, "this game has stopped"),
    }
}

#[derive(Deserialize)]
struct LiveQuery {
    token: Option<String>,
}

/// A WebSocket that sends the page (of the token's seat, else the spectators') now and at
/// each pause after.
async fn live(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<LiveQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    // (a watched game stays loaded until its socket closes: counted before it is loaded, so it
    // cannot be unloaded in between)
    let watching = match server.game(&id) {
        Some(entry) => entry.slot.watched(),
        None => return error(StatusCode::NOT_FOUND, format!("no game `{id}` here")),
    };
    let (entry, hosted) = match hosted(&server, &id).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    ws.on_upgrade(move |socket| send_pages(socket, entry, hosted.pages, watching, q.token))
}

async fn send_pages(
    mut socket: WebSocket,
    entry: Arc<Entry>,
    mut pages: watch::Receiver<Arc<Snapshot>>,
    _watching: Watching,
    token: Option<String>,
) {
    loop {
        let page = {
            let snapshot = pages.borrow_and_update().clone();
            page_for(&entry, &snapshot, token.as_deref())
        };
        if socket.send(Message::Text(page.into())).await.is_err() {
            return;
        }
        // (the page sends nothing: what comes is a ping, or the socket closing)
        loop {
            tokio::select! {
                changed = pages.changed() => match changed {
                    Ok(()) => break,
                    // The game is over and its thread gone: the page stays open on its last
                    // pause (a closed socket would have the page connect again and again).
                    Err(_) => return wait_for_close(socket).await,
                },
                incoming = socket.recv() => match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
}

/// Waits until the other end closes `socket`, sending nothing.
async fn wait_for_close(mut socket: WebSocket) {
    while let Some(Ok(message)) = socket.recv().await {
        if matches!(message, Message::Close(_)) {
            return;
        }
    }
}
