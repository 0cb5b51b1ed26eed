// The lobby: the games, a form to make a table, the tables to join or watch.

import { N_, pageUrl, t, tn, withLang } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
// a table's status (data) in words
const STATUS = { waiting: N_("waiting for players"), playing: N_("playing"), over: N_("over") };

function gameTitle(g) {
  return g.title && g.title !== g.native_name ? `${g.title} · ${g.native_name}` : (g.title || g.native_name);
}

function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}

function say(text, kind = "info") {
  const m = $("create-message");
  m.textContent = text;
  m.className = "message " + kind;
}

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function fillPlayers() {
  const g = currentGame();
  const sel = $("players");
  sel.replaceChildren();
  for (let n = g.players[0]; n <= g.players[1]; n++) sel.append(option(String(n), String(n), n === g.players[0]));
  const pre = $("preset");
  pre.replaceChildren(option("", t("(defaults)")));
  (g.presets || []).forEach((p) => pre.append(option(p, p)));
  fillSeats();
}

function fillSeats() {
  const g = currentGame();
  const n = Number($("players").value);
  const box = $("seat-list");
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let s = 0; s < n; s++) {
    const label = document.createElement("label");
    label.textContent = t("Seat {n}", { n: s + 1 }) + " ";
    const sel = document.createElement("select");
    sel.name = `seat${s}`;
    sel.dataset.seat = String(s);
    if (s === 0) sel.append(option("me", t("me")));
    sel.append(option("open", t("a friend (invite link)")));
    g.bots.forEach((b) => sel.append(option(`bot:${b}`, t("bot: {name}", { name: b }), s > 0 && b === g.default_bot)));
    label.append(sel);
    box.append(label);
  }
}

function parseRules(text) {
  const rules = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const i = line.indexOf("=");
    if (i <= 0) throw new Error(t("option line '{line}' is not name=value", { line }));
    const key = line.slice(0, i).trim();
    const value = line.slice(i + 1).trim();
    let parsed = value;
    if (/^-?\d+$/.test(value)) parsed = Number(value);
    else if (value === "true" || value === "false") parsed = value === "true";
    rules[key] = parsed;
  }
  return rules;
}

async function post(url, body) {
  const r = await fetch(withLang(url), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({ error: t("the server answered {status}", { status: r.status }) }));
  if (!r.ok) throw new Error(data.error || t("the server answered {status}", { status: r.status }));
  return data;
}

async function create(ev) {
  ev.preventDefault();
  let rules;
  try {
    rules = parseRules($("rules").value);
  } catch (e) {
    say(e.message, "error");
    return;
  }
  const choices = [...$("seat-list").querySelectorAll("select")].map((s) => s.value);
  const body = {
    game: $("game").value,
    players: choices.length,
    seats: choices.map((c) => (c === "me" ? "open" : c)),
    rules,
  };
  if ($("preset").value) body.preset = $("preset").value;
  if ($("turn-seconds").value) body.turn_seconds = Number($("turn-seconds").value);
  if ($("bot-delay").value !== "") body.bot_delay_ms = Number($("bot-delay").value);
  try {
    const table = await post("/api/tables", body);
    let mine = null;
    if (choices[0] === "me") {
      const name = localStorage.getItem("cardtable.name") || t("Player");
      mine = await post(`/api/tables/${table.id}/seats/0`, { name });
    }
    const list = $("invite-list");
    list.replaceChildren();
    choices.forEach((c, s) => {
      if (c !== "open") return;
      const li = document.createElement("li");
      const url = `${location.origin}/tables/${table.id}?join=${s}`;
      li.append(t("Seat {n}:", { n: s + 1 }) + " ");
      const a = document.createElement("a");
      a.href = url;
      a.textContent = url;
      a.className = "invite";
      a.dataset.seat = String(s);
      li.append(a);
      list.append(li);
    });
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.id = "go";
    a.href = pageUrl(mine ? `/tables/${table.id}#token=${encodeURIComponent(mine.token)}` : `/tables/${table.id}`);
    a.textContent = mine ? t("Go to your seat") : t("Watch the table");
    li.append(a);
    list.append(li);
    $("invites").hidden = false;
    say("");
    loadTables();
  } catch (e) {
    say(e.message, "error");
  }
}

async function loadTables() {
  const r = await fetch(withLang("/api/tables"));
  const tables = r.ok ? await r.json() : [];
  const box = $("tables");
  box.replaceChildren();
  if (!tables.length) {
    const li = document.createElement("li");
    li.textContent = t("no tables yet");
    box.append(li);
  }
  for (const tb of tables.slice(0, 50)) {
    const g = games.find((x) => x.id === tb.game);
    const li = document.createElement("li");
    const seats = tb.seats.map((s, i) => (s.kind === "open" ? t("seat {n} open", { n: i + 1 }) : s.name)).join(", ");
    const a = document.createElement("a");
    a.href = pageUrl(`/tables/${tb.id}`);
    a.textContent = t("{game} — {status} — {seats}", {
      game: g ? gameTitle(g) : tb.game, status: STATUS[tb.status] ? t(STATUS[tb.status]) : tb.status, seats,
    });
    li.append(a);
    tb.seats.forEach((s, i) => {
      if (s.kind !== "open") return;
      const j = document.createElement("a");
      j.href = pageUrl(`/tables/${tb.id}?join=${i}`);
      j.className = "join";
      j.textContent = " " + t("join seat {n}", { n: i + 1 });
      li.append(j);
    });
    box.append(li);
  }
}

async function start() {
  games = await (await fetch(withLang("/api/games"))).json();
  const sel = $("game");
  games.forEach((g) => sel.append(option(g.id, gameTitle(g))));
  const list = $("games");
  games.forEach((g) => {
    const li = document.createElement("li");
    const names = { game: g.title || g.name, native_name: g.native_name };
    li.textContent = (g.players[0] === g.players[1]
      ? tn("{game} ({native_name}), {n} player", "{game} ({native_name}), {n} players", g.players[0], names)
      : t("{game} ({native_name}), {min}–{max} players", { ...names, min: g.players[0], max: g.players[1] })) + " ";
    const a = document.createElement("a");
    a.href = pageUrl(`/rules/${g.id}`);
    a.textContent = t("rules");
    li.append(a);
    list.append(li);
  });
  sel.addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("submit", create);
  $("refresh").addEventListener("click", loadTables);
  fillPlayers();
  loadTables();
}

start();
