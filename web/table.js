// The web table's page: the lobby at "/", a game at "/game/ID#TOKEN" (the token, after "#",
// never reaches the server's logs as part of an address; without it the page is a spectator's).
// Everything shown comes from the server's page for this seat: the page adds nothing.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
};

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: "the server said " + r.status }));
  if (!r.ok) throw new Error(data.error || "the server said " + r.status);
  return data;
}

// ---- the lobby ----

const BOTS = ["hunter", "random", "aggressive", "search"];

async function lobby() {
  $("lobby").hidden = false;
  const { rulesets } = await api("GET", "/api/rulesets");
  for (const r of rulesets) $("ruleset").append(el("option", { value: r.name }, `${r.title} (${r.name})`));
  const options = () => {
    const r = rulesets.find((x) => x.name === $("ruleset").value);
    const box = $("options");
    box.replaceChildren(el("legend", {}, "Optional rules"));
    for (const o of (r && r.options) || []) {
      const check = el("input", { type: "checkbox", name: "option", value: o.name });
      check.checked = o.default;
      box.append(el("label", { title: o.doc }, check, " " + o.name.replaceAll("_", " ")));
    }
    box.hidden = !(r && r.options.length);
  };
  const seats = () => {
    const n = Math.max(2, Math.min(6, Number($("players").value) || 2));
    const box = $("seats");
    box.replaceChildren(el("legend", {}, "Who sits where"));
    for (let i = 0; i < n; i++) {
      const pick = el("select", { "data-seat": i });
      pick.append(el("option", { value: "" }, "a person"));
      for (const b of BOTS) pick.append(el("option", { value: b }, b + " bot"));
      pick.value = i === 0 ? "" : "hunter";
      box.append(el("label", {}, String.fromCharCode(65 + i) + " ", pick));
    }
  };
  $("ruleset").addEventListener("change", options);
  $("players").addEventListener("change", seats);
  options();
  seats();
  listGames();
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("lobby-error").textContent = "";
    const bots = [...$("seats").querySelectorAll("select")].map((s) => s.value || null);
    const chosen = [...$("options").querySelectorAll("input")];
    const body = {
      ruleset: $("ruleset").value,
      players: bots.length,
      bots,
      options: chosen.map((c) => `${c.value}=${c.checked}`),
      names: $("names").value.split(",").map((s) => s.trim()).filter(Boolean),
    };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    try {
      $("start").disabled = true;
      const game = await api("POST", "/api/games", body);
      started(game);
    } catch (e) {
      $("lobby-error").textContent = e.message;
    } finally {
      $("start").disabled = false;
    }
  });
}

// The games at this table, each with its spectators' link (a seat's own link is its invite).
async function listGames() {
  const { games } = await api("GET", "/api/games");
  $("games-pane").hidden = games.length === 0;
  $("games").replaceChildren(...games.map((g) => {
    const who = g.seats.map((s) => s.name + (s.person ? "" : " (bot)")).join(", ");
    const state = g.over ? `over: ${g.over.winner ? g.over.winner + " won" : g.over.reason}` : `turn ${g.turn}, ${g.deciding || "nobody"} to decide`;
    return el("li", { class: "game" }, `${g.ruleset}: ${who}; ${state} `, el("a", { href: g.watch }, "watch"));
  }));
}

function started(game) {
  listGames();
  $("started").hidden = false;
  const list = $("invites");
  list.replaceChildren();
  for (const l of game.links) {
    const url = location.origin + l.url;
    list.append(el("li", {}, `Seat ${String.fromCharCode(65 + l.seat)}: `, el("a", { href: l.url, class: "invite" }, url)));
  }
  $("spectate").href = game.spectators;
  $("spectate").textContent = location.origin + game.spectators;
}

// ---- a game ----

const game = { id: null, token: null, page: null, path: [], picked: new Set() };

function table(id) {
  game.id = id;
  game.token = decodeURIComponent(location.hash.slice(1)) || null;
  $("table").hidden = false;
  $("spectators").href = `/game/${id}`;
  $("spectators").textContent = `${location.origin}/game/${id}`;
  $("board").addEventListener("click", clickBoard);
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const token = game.token ? "?token=" + encodeURIComponent(game.token) : "";
  const ws = new WebSocket(`${scheme}//${location.host}/api/games/${game.id}/live${token}`);
  ws.onmessage = (m) => show(JSON.parse(m.data));
  // (a server restart or a dropped connection: ask again in a moment)
  ws.onclose = () => setTimeout(connect, 1500);
}

function show(page) {
  if (page.error) {
    $("game-title").textContent = page.error;
    return;
  }
  const fresh = !game.page || !page.question || !game.page.question || game.page.question.id !== page.question.id;
  game.page = page;
  if (fresh) {
    game.path = [];
    game.picked = new Set();
  }
  const you = page.you ? `you are ${page.you}` : "watching";
  $("game-title").textContent = `${page.ruleset} - turn ${page.turn} - ${you}`;
  const cue = $("cue");
  cue.className = page.your_turn ? "your-turn" : "";
  cue.textContent = page.over ? "Game over" : page.your_turn ? "Your turn" : page.deciding ? `${page.deciding} decides...` : "";
  document.title = (page.your_turn ? "(Your turn) " : "") + "Wiz-War table";
  const over = $("over");
  over.hidden = !page.over;
  if (page.over) over.textContent = `Game over: ${page.over.winner ? page.over.winner + " wins" : "nobody wins"} (${page.over.reason})`;
  $("board").innerHTML = page.board; // the server's picture: every text in it is escaped
  showMe(page);
  showQuestion();
  showWizards(page);
  showCards($("hand"), page.hand);
  $("hand-pane").hidden = page.seat === null;
  showCards($("in-play"), page.in_play);
  $("in-play-title").hidden = !page.in_play.length;
  showStory(page.story);
}

function showMe(page) {
  const me = page.wizards.find((w) => w.seat === page.seat);
  if (!me) {
    $("me").textContent = "You are watching this game.";
    return;
  }
  // (a seat that plays with figures has no life of its own: its status says how they stand)
  const parts = [me.alive ? (me.life != null ? `life ${me.life}` : null) : (me.life != null ? "dead" : "out")].filter(Boolean);
  if (page.status) parts.push(page.status);
  if (me.score) parts.push(me.score);
  $("me").replaceChildren(el("span", { class: "swatch", style: `background:${me.colour}` }), `${me.name}: ${parts.join(", ")}`);
}

function showWizards(page) {
  $("wizards").replaceChildren(...page.wizards.map((w) => {
    const bits = [w.alive ? (w.life != null ? `life ${w.life}` : null) : (w.life != null ? "dead" : "out"), `hand ${w.hand}`].filter(Boolean);
    if (w.score) bits.push(w.score);
    if (w.at) bits.push(`at ${w.at}`);
    const who = w.seat === page.seat ? " (you)" : w.person ? "" : " (bot)";
    return el("li", {}, el("span", { class: "swatch", style: `background:${w.colour}` }), `${w.name}${who}: ${bits.join(", ")}`);
  }));
}

function showCards(box, cards) {
  box.replaceChildren(...cards.map((c) => {
    const kind = [c.kind, c.school, c.energy != null ? `energy ${c.energy}` : null].filter(Boolean).join(", ");
    return el("div", { class: "card" }, el("b", {}, c.name), el("span", { class: "kind" }, kind), el("p", {}, c.text));
  }));
  if (!cards.length && box.id === "hand") box.replaceChildren(el("p", {}, "no cards"));
}

function showStory(lines) {
  const log = $("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 20;
  log.replaceChildren(...lines.map((l) => el("li", { class: l.startsWith("---") ? "turn" : "" }, l.replace(/^-+\s*|\s*-+$/g, ""))));
  if (atEnd || lines.length < 30) log.scrollTop = log.scrollHeight;
}

// The question: buttons in the steps the terminal asks them in, or a list to tick when several
// answers are wanted; squares the options name are lit on the board and answer a click.
function showQuestion() {
  const q = game.page.question;
  const pane = $("question-pane");
  pane.className = q ? "asking" : "";
  const box = $("choices");
  box.replaceChildren();
  for (const r of $("board").querySelectorAll(".square.choosable")) r.classList.remove("choosable");
  if (!q) {
    const p = game.page;
    $("prompt").textContent = p.over ? "The game is over." : p.deciding ? `Waiting for ${p.deciding}...` : "Waiting...";
    return;
  }
  $("prompt").textContent = q.prompt;
  const several = q.max > 1 || q.min !== 1;
  if (several) {
    for (const o of q.options) {
      const tick = el("input", { type: "checkbox", value: o.key });
      tick.checked = game.picked.has(o.key);
      tick.addEventListener("change", () => (tick.checked ? game.picked.add(o.key) : game.picked.delete(o.key)));
      box.append(el("label", {}, tick, " " + o.label));
    }
    const words = q.min === 0 ? `choose up to ${q.max}` : `choose ${q.min} to ${q.max}`;
    box.append(el("button", { class: "done", onclick: () => answer([...game.picked]) }, `Done (${words})`));
  } else {
    let entries = q.steps || q.options.map((o) => ({ label: o.label, key: o.key, then: [] }));
    for (const i of game.path) entries = entries[i].then;
    entries.forEach((e, i) => box.append(el("button", { onclick: () => enter(e, i) }, e.label)));
    if (game.path.length) box.append(el("button", { class: "back", onclick: () => { game.path.pop(); showQuestion(); } }, "back"));
  }
  for (const o of options()) for (const [x, y] of o.squares) {
    const r = $("board").querySelector(`.square[data-x="${x}"][data-y="${y}"]`);
    if (r) r.classList.add("choosable");
  }
}

function enter(entry, i) {
  if (entry.key != null) return answer([entry.key]);
  game.path.push(i);
  showQuestion();
}

// The options open at the step shown (all of them for a flat list).
function options() {
  const q = game.page.question;
  if (!q.steps || !game.path.length) return q.options;
  let entries = q.steps;
  for (const i of game.path) entries = entries[i].then;
  const keys = new Set();
  const walk = (es) => es.forEach((e) => (e.key != null ? keys.add(e.key) : walk(e.then)));
  walk(entries);
  return q.options.filter((o) => keys.has(o.key));
}

function clickBoard(ev) {
  const q = game.page && game.page.question;
  const sq = ev.target.closest && ev.target.closest(".square");
  if (!q || !sq) return;
  const [x, y] = [Number(sq.dataset.x), Number(sq.dataset.y)];
  const here = options().filter((o) => o.squares.some(([a, b]) => a === x && b === y));
  if (!here.length) return;
  const several = q.max > 1 || q.min !== 1;
  if (several) {
    for (const o of here) game.picked.has(o.key) ? game.picked.delete(o.key) : game.picked.add(o.key);
    return showQuestion();
  }
  if (here.length === 1) return answer([here[0].key]);
  // Several options at one square: just those, to pick from.
  const box = $("choices");
  box.replaceChildren(el("p", {}, `At (${x},${y}):`));
  for (const o of here) box.append(el("button", { onclick: () => answer([o.key]) }, o.label));
  box.append(el("button", { class: "back", onclick: showQuestion }, "back"));
}

async function answer(keys) {
  $("answer-error").textContent = "";
  const q = game.page.question;
  try {
    await api("POST", `/api/games/${game.id}/answer`, { keys, question: q.id }, game.token);
  } catch (e) {
    $("answer-error").textContent = e.message;
  }
}

const at = location.pathname.match(/^\/game\/([A-Za-z0-9]+)$/);
if (at) table(at[1]);
else lobby();
