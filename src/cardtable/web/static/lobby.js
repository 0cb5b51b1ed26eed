// The lobby: who you are (an account, signed in from the header, or a guest's name asked
// once), quick play (a seat in seconds), a form to make a table built from what GET /api/games
// says of each game (bots as levels, presets by their description, options by their type, the
// match's length, rated or not), your tables to resume, the listed tables to join or watch,
// each game's rules and leaderboard.

import { accountBox, boardUrl } from "./account.js";
import { N_, pageUrl, t, tn, withLang } from "./i18n.js";
import { accountName, api, ensurePlayer, hasPlayer, keepSeat, myName, myTables, seatOf } from "./player.js";

const $ = (id) => document.getElementById(id);
let games = [];
let hintsTouched = false;
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

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function say(text, kind = "info") {
  const m = $("create-message");
  m.textContent = text;
  m.className = "message " + kind;
}

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function showMe() {
  const me = hasPlayer();
  $("name-field").hidden = me;
  $("quick-name-field").hidden = me;
  $("me-line").hidden = !me;
  if (me) $("me-line").textContent = t("You play as {name}.", { name: myName() });
  else {
    $("my-name").value = $("my-name").value || myName();
    $("quick-name").value = $("quick-name").value || myName();
  }
  showRated();
}

/** "rated" only for a signed-in host and a table of people (every seat a person with an
 * account; the server says why not when one is not). */
function showRated() {
  const box = $("rated");
  const bots = seatChoices().some((c) => c.startsWith("bot:"));
  const can = Boolean(accountName()) && !bots;
  box.disabled = !can;
  if (!can) box.checked = false;
  $("rated-line").textContent = !accountName() ? t("Sign in to make a rated table.")
    : bots ? t("A rated table has no bots: give every seat to a person.")
      : t("Every player at a rated table must be signed in to an account.");
}

/** The bot levels of the quick-play game (easy … expert), the game's default chosen. */
function fillQuickBots() {
  const g = games.find((x) => x.id === $("quick-game").value);
  const sel = $("quick-bot");
  const was = sel.value;
  sel.replaceChildren();
  if (!g) return;
  const levels = botChoices(g).filter((b) => b.level);
  const list = levels.length ? levels : botChoices(g);
  const pick = list.some((b) => b.name === was) ? was : (g.default_level || g.default_bot);
  list.forEach((b) => {
    const o = option(b.name, b.label || b.name, b.name === pick);
    o.title = b.description || "";
    sel.append(o);
  });
}

function quickSay(text, kind = "info") {
  const m = $("quick-message");
  m.textContent = text;
  m.className = "message " + kind;
}

/** Quick play: a seat at once (POST /api/quickplay), then the table with the seat's token. */
async function quickPlay(ev) {
  ev.preventDefault();
  const button = $("quick-button");
  button.disabled = true;
  quickSay(t("Finding you a seat…"));
  try {
    await ensurePlayer($("quick-name").value.trim() || $("my-name").value.trim() || myName());
    showMe();
    const body = { game: $("quick-game").value };
    if ($("quick-bot").value) body.bot = $("quick-bot").value;
    const got = await api("POST", "/api/quickplay", body);
    keepSeat(got.table, got.seat, got.token);
    location.href = `${pageUrl(`/tables/${encodeURIComponent(got.table)}`)}#token=${encodeURIComponent(got.token)}`;
  } catch (e) {
    quickSay(e.status === 404 || e.status === 405 ? t("Quick play is not available on this server yet.") : e.message,
      "error");
    button.disabled = false;
  }
}

function fillGame() {
  const g = currentGame();
  const sel = $("players");
  sel.replaceChildren();
  const first = g.default_players && g.default_players >= g.players[0] && g.default_players <= g.players[1]
    ? g.default_players : g.players[0];
  for (let n = g.players[0]; n <= g.players[1]; n++) sel.append(option(String(n), String(n), n === first));
  const pre = $("preset");
  pre.replaceChildren(option("", t("(defaults)")));
  const presets = g.preset_choices || (g.presets || []).map((name) => ({ name, description: name }));
  presets.forEach((p) => {
    const o = option(p.name, p.description || p.name);
    o.title = p.name;
    pre.append(o);
  });
  showPreset();
  fillOptions();
  fillSeats();
}

function showPreset() {
  const g = currentGame();
  const p = (g.preset_choices || []).find((x) => x.name === $("preset").value);
  $("preset-line").textContent = p ? p.description : t("The game's own rules, as its rules page describes them.");
  showMatchLength();
}

/** The bots a seat may have: the levels (easy … expert) first, then the others by name. */
function botChoices(g) {
  return g.bot_choices || g.bots.map((name) => ({ name, label: name, description: "", level: false }));
}

function fillSeats() {
  const g = currentGame();
  const n = Number($("players").value);
  const box = $("seat-list");
  box.querySelectorAll("label, .bot-line").forEach((l) => l.remove());
  const choices = botChoices(g);
  const level = g.default_level || g.default_bot;
  for (let s = 0; s < n; s++) {
    const label = el("label", "seat-choice");
    label.append(t("Seat {n}", { n: s + 1 }) + " ");
    const sel = document.createElement("select");
    sel.name = `seat${s}`;
    sel.dataset.seat = String(s);
    if (s === 0) sel.append(option("me", t("me")));
    sel.append(option("open", t("a friend (invite link)")));
    const levels = choices.filter((b) => b.level);
    const others = choices.filter((b) => !b.level);
    const add = (parent, b) => parent.append(option(`bot:${b.name}`, t("bot: {name}", { name: b.label || b.name }),
      s > 0 && b.name === level));
    if (levels.length) {
      const grp = document.createElement("optgroup");
      grp.label = t("bots by strength");
      levels.forEach((b) => add(grp, b));
      sel.append(grp);
    }
    if (others.length) {
      const grp = document.createElement("optgroup");
      grp.label = t("other bots");
      others.forEach((b) => add(grp, b));
      sel.append(grp);
    }
    label.append(sel);
    box.append(label);
    const line = el("small", "bot-line");
    line.dataset.forSeat = String(s);
    box.append(line);
    sel.addEventListener("change", () => { describeSeat(sel, line); suggestHints(); showRated(); });
    describeSeat(sel, line);
  }
  suggestHints();
  showRated();
}

function describeSeat(sel, line) {
  const g = currentGame();
  const v = sel.value;
  if (v === "me") line.textContent = t("You sit here.");
  else if (v === "open") line.textContent = t("A friend takes this seat with its invite link.");
  else {
    const b = botChoices(g).find((x) => `bot:${x.name}` === v);
    line.textContent = b ? b.description : "";
  }
}

function seatChoices() {
  return [...$("seat-list").querySelectorAll("select")].map((s) => s.value);
}

/** The server's default for hints: on when at most one seat is a person's. */
function suggestHints() {
  if (hintsTouched) return;
  $("hints").checked = seatChoices().filter((c) => c === "me" || c === "open").length <= 1;
}

/** Each option of the game as a form field of its type. */
function fillOptions() {
  const g = currentGame();
  const box = $("options");
  box.replaceChildren();
  for (const o of g.options || []) {
    const label = el("label", "option-field");
    const text = el("span", "option-text", o.description || o.key);
    const key = el("code", "option-key", o.key);
    let input;
    if (o.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = Boolean(o.default);
      label.classList.add("inline");
    } else if (Array.isArray(o.choices) && o.choices.length) {
      input = document.createElement("select");
      o.choices.forEach((c, i) => input.append(option(String(i), String(c), c === o.default)));
    } else if (o.type === "int" || o.type === "float") {
      input = document.createElement("input");
      input.type = "number";
      input.step = o.type === "int" ? "1" : "any";
      if (o.min !== null && o.min !== undefined) input.min = String(o.min);
      if (o.max !== null && o.max !== undefined) input.max = String(o.max);
      input.value = o.default === null || o.default === undefined ? "" : String(o.default);
      input.inputMode = o.type === "int" ? "numeric" : "decimal";
    } else {
      input = document.createElement("input");
      input.type = "text";
      input.value = o.default === null || o.default === undefined ? "" : String(o.default);
    }
    input.dataset.key = o.key;
    input.addEventListener("input", showMatchLength);
    input.addEventListener("change", showMatchLength);
    if (o.type === "bool") label.append(input, " ", text, " ", key);
    else label.append(text, " ", key, input);
    box.append(label);
  }
  showMatchLength();
}

/** The value a field holds now, in the option's type; throws a message when it is not one. */
function fieldValue(o, input) {
  if (o.type === "bool") return input.checked;
  if (Array.isArray(o.choices) && o.choices.length) return o.choices[Number(input.value)];
  if (o.type === "int" || o.type === "float") {
    const raw = input.value.trim();
    const v = Number(raw);
    const bad = raw === "" || !Number.isFinite(v) || (o.type === "int" && !Number.isInteger(v))
      || (o.min !== null && o.min !== undefined && v < o.min) || (o.max !== null && o.max !== undefined && v > o.max);
    if (bad) {
      const range = o.max !== null && o.max !== undefined ? t("from {min} to {max}", { min: o.min ?? "…", max: o.max })
        : o.min !== null && o.min !== undefined ? t("at least {min}", { min: o.min }) : "";
      throw new Error(t("option {key} needs a number {range}", { key: o.key, range }).trim());
    }
    return v;
  }
  return input.value;
}

/** The options that differ from the game's defaults. */
function chosenRules() {
  const g = currentGame();
  const rules = {};
  for (const o of g.options || []) {
    const input = $("options").querySelector(`[data-key="${CSS.escape(o.key)}"]`);
    if (!input) continue;
    const v = fieldValue(o, input);
    if (v !== o.default) rules[o.key] = v;
  }
  return rules;
}

/** How long the match is, before anyone plays: the options that end it, as set now. */
function showMatchLength() {
  const g = currentGame();
  const box = $("match-length");
  if (!g) return;
  const parts = [];
  for (const key of g.match_length || []) {
    const o = (g.options || []).find((x) => x.key === key);
    const input = $("options").querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!o || !input) continue;
    let v;
    try { v = fieldValue(o, input); } catch (e) { v = input.value; }
    parts.push(t("{what}: {value}", { what: o.description || key, value: String(v) }));
  }
  box.textContent = parts.length ? t("Length of the match — {parts}", { parts: parts.join("; ") }) : "";
  box.hidden = !parts.length;
}

async function create(ev) {
  ev.preventDefault();
  let rules;
  try {
    rules = chosenRules();
  } catch (e) {
    say(e.message, "error");
    $("options-box").open = true;
    return;
  }
  const choices = seatChoices();
  const body = {
    game: $("game").value,
    players: choices.length,
    seats: choices,
    rules,
    listed: $("listed-yes").checked,
    hints: $("hints").checked,
  };
  if ($("rated").checked && !$("rated").disabled) body.rated = true;
  if ($("preset").value) body.preset = $("preset").value;
  if ($("turn-seconds").value) body.turn_seconds = Number($("turn-seconds").value);
  if ($("bot-delay").value !== "") body.bot_delay_ms = Number($("bot-delay").value);
  try {
    // the table's creator is its host: a player, named once
    await ensurePlayer($("my-name").value.trim() || myName());
    showMe();
    const table = await api("POST", "/api/tables", body);
    if (table.token) keepSeat(table.id, table.seat, table.token);
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
    a.href = pageUrl(`/tables/${encodeURIComponent(table.id)}`);
    a.textContent = table.token ? t("Go to your seat") : t("Watch the table");
    li.append(a);
    list.append(li);
    $("invites").hidden = false;
    say("");
    loadTables();
    loadMine();
  } catch (e) {
    say(e.message, "error");
  }
}

function seatsText(tb) {
  return tb.seats.map((s, i) => (s.kind === "open" ? t("seat {n} open", { n: i + 1 })
    : s.kind === "bot" && s.person ? t("{name} (away)", { name: s.person }) : s.name)).join(", ");
}

function tableLine(tb) {
  const g = games.find((x) => x.id === tb.game);
  let text = t("{game} — {status} — {seats}", {
    game: g ? gameTitle(g) : tb.game, status: STATUS[tb.status] ? t(STATUS[tb.status]) : tb.status, seats: seatsText(tb),
  });
  if (tb.host) text += " — " + t("host: {name}", { name: tb.host });
  return text;
}

async function loadTables() {
  let tables = [];
  try { tables = await api("GET", "/api/tables"); } catch (e) { tables = []; }
  const box = $("tables");
  box.replaceChildren();
  if (!tables.length) {
    const li = document.createElement("li");
    li.textContent = t("no tables yet");
    box.append(li);
  }
  for (const tb of tables.slice(0, 50)) box.append(tableItem(tb));
}

/** A listed table: its line (a link to watch) and a link to each open seat. */
function tableItem(tb) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = pageUrl(`/tables/${tb.id}`);
  a.textContent = tableLine(tb);
  li.append(a);
  tb.seats.forEach((s, i) => {
    if (s.kind !== "open") return;
    const j = document.createElement("a");
    j.href = pageUrl(`/tables/${tb.id}?join=${i}`);
    j.className = "join";
    j.textContent = " " + t("join seat {n}", { n: i + 1 });
    li.append(j);
  });
  return li;
}

/** Tables, not over, of the people this player played with lately. */
async function loadFriends() {
  let tables = [];
  if (hasPlayer()) {
    try { tables = await api("GET", "/api/players/me/friends/tables"); } catch (e) { tables = []; }
  }
  const box = $("friends-tables");
  box.replaceChildren(...tables.slice(0, 20).map(tableItem));
  $("friends-box").hidden = !tables.length;
}

/** The player's own tables, with a link to go back to each. */
async function loadMine() {
  const mine = await myTables();
  const box = $("my-tables");
  box.replaceChildren();
  $("mine-box").hidden = !mine.length;
  for (const tb of mine.slice(0, 30)) {
    const li = document.createElement("li");
    li.dataset.table = tb.id;
    li.append(el("span", "", tableLine(tb) + " "));
    const you = tb.you || { seats: [], away: [], host: false };
    const seat = you.seats.length ? you.seats[0] : null;
    const a = document.createElement("a");
    a.className = "resume";
    if (seat !== null && (you.away.includes(seat) || !seatOf(tb.id)) && tb.status !== "over") {
      // the seat is ours but this browser has no token for it (or a bot plays it): the
      // invite link takes it back
      a.href = pageUrl(`/tables/${tb.id}?join=${seat}`);
      a.textContent = t("take your seat back");
    } else {
      a.href = pageUrl(`/tables/${tb.id}`);
      a.textContent = tb.status === "over" ? t("see how it ended") : t("resume");
    }
    li.append(a);
    if (you.host) li.append(" ", el("span", "badge", t("you host it")));
    box.append(li);
  }
}

async function start() {
  const signedIn = accountBox(() => { showMe(); loadMine(); loadFriends(); });
  games = await (await fetch(withLang("/api/games"))).json();
  await signedIn;
  const sel = $("game");
  games.forEach((g) => sel.append(option(g.id, gameTitle(g))));
  games.forEach((g) => $("quick-game").append(option(g.id, gameTitle(g))));
  $("quick-game").addEventListener("change", fillQuickBots);
  $("quick-form").addEventListener("submit", quickPlay);
  fillQuickBots();
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
    const b = document.createElement("a");
    b.href = boardUrl(g.id);
    b.className = "board-link";
    b.textContent = t("leaderboard");
    li.append(a, " · ", b);
    list.append(li);
  });
  sel.addEventListener("change", fillGame);
  $("players").addEventListener("change", fillSeats);
  $("preset").addEventListener("change", showPreset);
  $("hints").addEventListener("change", () => { hintsTouched = true; });
  $("create").addEventListener("submit", create);
  $("refresh").addEventListener("click", () => { loadTables(); loadMine(); loadFriends(); });
  fillGame();
  showMe();
  loadTables();
  loadMine();
  loadFriends();
}

start();
