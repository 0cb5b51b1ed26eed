// The scorekeeper page, /score, /score/{game} and /score/s/{id} (issue 30): people playing a
// traditional card game with real cards score it here. They choose the game, the players'
// names and the table's rules, then after each deal enter what they see at its end (the game's
// tally fields: scoreentry.js) and read the deal's score in words with its arithmetic, the
// running totals and, at the end, the match's winners and end bonuses (scoreview.js).
//
// The page keeps the sheet itself (docs/scorekeeper.md "The page"): the sheet's JSON
// (format cardtable-sheet, version 1) in localStorage, several of them, and sends the whole
// sheet with the new or changed entry to POST /api/score/sheet; it adopts the change only when
// the server scores it (200). A refusal (400: the deal, the field and the seat named) is shown
// by the form and changes nothing. Signed in, a sheet can be saved to the account (then every
// change is saved there too) and shared as a read-only link, /score/s/{id}.

import { $, accountBox, el, gameTitle, loadGames, when } from "./account.js";
import { LOCALE, pageUrl, t, tn, withLang } from "./i18n.js";
import { accountName } from "./player.js";
import { EntryForm, ruleLink } from "./scoreentry.js";
import { call, drawSheets as drawSheetList, lastGame, newId, readStore, score, writeStore } from "./scorekeep.js";
import { dealsTable, download, endMoment, sheetCsv } from "./scoreview.js";
import { warmOffline } from "./scoreapi.js";
// the service worker and the manifest: once loaded, the page scores without a network and
// can be put on a phone's home screen (docs/scorekeeper.md "Offline")
import "./offline.js";

// The engine in the browser (Pyodide, ~3–5 s of a phone's CPU) is started only when the
// network goes, not on every visit; its files are already in the service worker's cache.
window.addEventListener("offline", () => { warmOffline(); });

const NAMES = "cardtable.scoreNames";
const FORMAT = "cardtable-sheet";
const POLL_MS = 20_000;

const sk = {
  games: [],
  view: "loading",      // setup | sheet | shared
  id: null,             // the local sheet's id
  sheet: null,          // the sheet's JSON
  result: null,         // the server's result of the sheet
  remote: null,         // {id, url}: saved in the account
  setup: null,          // POST /api/score/fields of the sheet's table
  form: null,           // the EntryForm
  editing: null,        // the deal index being corrected
  open: new Set(),      // deals shown open
  busy: false,
  shared: null,         // GET /api/sheets/{id} of the read-only view
  presetOptions: null,  // the setup's option values under the chosen preset
};

// --- small helpers ---------------------------------------------------------------------------

function say(text, kind = "info") {
  const m = $("message");
  m.textContent = text || "";
  m.className = `message sk-message ${kind}`;
  m.hidden = !text;
}

function button(cls, text) {
  const b = el("button", cls, text);
  b.type = "button";
  return b;
}

const game = (id) => sk.games.find((g) => g.id === id);
const gameName = (id) => (game(id) ? gameTitle(game(id)) : id);

function setView(view) {
  sk.view = view;
  document.body.dataset.view = view;
  $("setup").hidden = view !== "setup";
  $("sheets-box").hidden = view !== "setup";
  $("sheet").hidden = view !== "sheet" && view !== "shared";
}

function goTo(path) {
  history.replaceState(null, "", pageUrl(path));
}

// --- setup -----------------------------------------------------------------------------------

function storedNames() {
  try {
    const v = JSON.parse(localStorage.getItem(NAMES) || "[]");
    return Array.isArray(v) ? v.map(String) : [];
  } catch (e) {
    return [];
  }
}

function playersChosen() {
  const b = $("players").querySelector("[aria-pressed='true']");
  return b ? Number(b.dataset.value) : null;
}

function drawPlayers(g, pick) {
  const box = $("players");
  box.replaceChildren();
  const [lo, hi] = g.players;
  const chosen = Math.min(hi, Math.max(lo, pick || g.default_players || lo));
  for (let n = lo; n <= hi; n++) {
    const b = button("sk-opt", String(n));
    b.dataset.value = String(n);
    b.setAttribute("aria-pressed", n === chosen ? "true" : "false");
    b.addEventListener("click", () => {
      for (const x of box.children) x.setAttribute("aria-pressed", x === b ? "true" : "false");
      drawNames();
      loadOptions();
    });
    box.append(b);
  }
}

function drawNames() {
  const n = playersChosen() || 2;
  const box = $("names");
  const typed = [...box.querySelectorAll("input")].map((i) => i.value);
  const kept = storedNames();
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let s = 0; s < n; s++) {
    const label = el("label", "sk-name-field");
    const input = el("input");
    input.id = `name-${s}`;
    input.maxLength = 40;
    input.autocomplete = "off";
    input.placeholder = t("Player {n}", { n: s + 1 });
    input.value = typed[s] ?? kept[s] ?? "";
    label.append(el("span", "sk-seatno", String(s + 1)), input);
    label.setAttribute("aria-label", t("name of player {n}", { n: s + 1 }));
    box.append(label);
  }
}

function drawPresets(g) {
  const sel = $("preset");
  sel.replaceChildren();
  const none = el("option", "", t("the game's own rules"));
  none.value = "";
  sel.append(none);
  for (const p of g.preset_choices || []) {
    const o = el("option", "", p.name);
    o.value = p.name;
    sel.append(o);
  }
}

function presetLine() {
  const g = game($("game").value);
  const p = (g.preset_choices || []).find((x) => x.name === $("preset").value);
  $("preset-line").replaceChildren(p ? p.description : t("The rules as the game's rules page describes them."), " ");
  $("preset-line").append(ruleLink(`${g.id}:`, g.id));
}

function optionInput(o, value) {
  const label = el("label", "option-field");
  const text = el("span", "option-text", o.description || o.key);
  let input;
  if (o.type === "bool") {
    input = el("input");
    input.type = "checkbox";
    input.checked = Boolean(value);
    label.classList.add("inline");
  } else if (Array.isArray(o.choices) && o.choices.length) {
    input = el("select");
    o.choices.forEach((c, i) => {
      const op = el("option", "", String(c));
      op.value = String(i);
      op.selected = c === value;
      input.append(op);
    });
  } else {
    input = el("input");
    input.type = o.type === "int" || o.type === "float" ? "number" : "text";
    if (o.type === "int") input.inputMode = "numeric";
    if (o.min !== null && o.min !== undefined) input.min = String(o.min);
    if (o.max !== null && o.max !== undefined) input.max = String(o.max);
    input.value = value === null || value === undefined ? "" : String(value);
  }
  input.dataset.key = o.key;
  if (o.type === "bool") label.append(input, " ", text);
  else label.append(text, input);
  return label;
}

/** The option rows under the chosen preset: the ones that end the match first, the others
 * folded. */
async function loadOptions() {
  const g = game($("game").value);
  if (!g) return;
  presetLine();
  const body = { game: g.id, players: playersChosen(), preset: $("preset").value || null, rules: {} };
  const asked = JSON.stringify(body);
  sk.optionsAsked = asked;
  const asking = score("fields", body);
  sk.optionsLoading = asking;
  const got = await asking;
  if (sk.optionsAsked !== asked) return;
  const rows = got.ok ? (got.data.option_rows || g.options || []) : (g.options || []);
  const values = got.ok ? (got.data.options || {}) : Object.fromEntries(rows.map((o) => [o.key, o.default]));
  sk.presetOptions = { rows, values };
  const length = new Set(g.match_length || []);
  $("length").replaceChildren(...rows.filter((o) => length.has(o.key)).map((o) => optionInput(o, values[o.key])));
  $("options").replaceChildren(...rows.filter((o) => !length.has(o.key)).map((o) => optionInput(o, values[o.key])));
}

/** The rules that differ from the preset's, in their types; throws a message when one is not
 * a value of its type. */
function chosenRules() {
  const out = {};
  if (!sk.presetOptions) return out;
  for (const o of sk.presetOptions.rows) {
    const input = document.querySelector(`#setup [data-key="${CSS.escape(o.key)}"]`);
    if (!input) continue;
    let v;
    if (o.type === "bool") v = input.checked;
    else if (Array.isArray(o.choices) && o.choices.length) v = o.choices[Number(input.value)];
    else if (o.type === "int" || o.type === "float") {
      const raw = input.value.trim();
      v = Number(raw);
      if (raw === "" || !Number.isFinite(v) || (o.type === "int" && !Number.isInteger(v))) {
        throw new Error(t("{option}: a number, please", { option: o.description || o.key }));
      }
    } else v = input.value;
    if (v !== sk.presetOptions.values[o.key]) out[o.key] = v;
  }
  return out;
}

function chooseGame(id) {
  const g = game(id) || sk.games[0];
  if (!g) return;
  $("game").value = g.id;
  drawPlayers(g, playersChosen());
  drawNames();
  drawPresets(g);
  loadOptions();
}

async function showSetup(gameId) {
  setView("setup");
  $("start").disabled = false;
  if (!$("game").options.length) {
    for (const g of sk.games) {
      const o = el("option", "", gameTitle(g));
      o.value = g.id;
      $("game").append(o);
    }
  }
  chooseGame(gameId || $("game").value);
  drawSheets();
}

async function start(ev) {
  ev.preventDefault();
  const err = $("setup-error");
  err.textContent = "";
  // the option rows of the game and preset chosen last
  if (sk.optionsLoading) await sk.optionsLoading;
  let rules;
  try {
    rules = chosenRules();
  } catch (e) {
    err.textContent = e.message;
    $("rules-box").open = true;
    return;
  }
  const players = playersChosen();
  const names = [...$("names").querySelectorAll("input")].map((i) => i.value.trim());
  const body = { game: $("game").value, players, preset: $("preset").value || null, rules };
  $("start").disabled = true;
  const fields = await score("fields", body);
  if (!fields.ok) {
    err.textContent = fields.data.error;
    $("start").disabled = false;
    return;
  }
  const sheet = { format: FORMAT, version: 1, game: body.game, players, names, preset: body.preset, rules,
    title: $("title").value.trim(), entries: [] };
  const scored = await score("sheet", { sheet });
  $("start").disabled = false;
  if (!scored.ok) {
    err.textContent = scored.data.error;
    return;
  }
  try { localStorage.setItem(NAMES, JSON.stringify(names)); } catch (e) { /* private mode */ }
  sheet.names = scored.data.names;
  sk.id = newId();
  sk.remote = null;
  $("title").value = "";
  openSheet(sheet, scored.data, fields.data);
}

// --- the sheet -------------------------------------------------------------------------------

function save() {
  if (!sk.id || !sk.sheet) return;
  const all = readStore();
  all[sk.id] = { sheet: sk.sheet, result: sk.result, remote: sk.remote, updated_ms: Date.now() };
  writeStore(all, say);
}

/** Open a sheet of this device (its stored result drawn at once, then scored again in the
 * page's language) with its entry form. */
async function openSheet(sheet, result, fields = null) {
  sk.sheet = sheet;
  sk.result = result;
  sk.editing = null;
  sk.endSeen = false;
  sk.open = new Set();
  if (result && result.deals.length) sk.open.add(result.deals.length);
  save();
  goTo(`/score/${encodeURIComponent(sheet.game)}?sheet=${sk.id}`);
  document.body.dataset.sheet = sk.id;
  setView("sheet");
  renderSheet();
  if (!fields) {
    const got = await score("fields", { game: sheet.game, players: sheet.players,
      preset: sheet.preset, rules: sheet.rules || {} });
    if (!got.ok) {
      say(got.data.error, "error");
      return;
    }
    fields = got.data;
    const again = await score("sheet", { sheet });
    if (again.ok) sk.result = again.data;
    else say(again.data.error, "error");
  }
  sk.setup = { ...fields, names: sk.result ? sk.result.names : sheet.names };
  sk.form = new EntryForm($("entry"), sk.setup, () => { $("entry-error").textContent = ""; });
  newDealForm();
  renderSheet();
  document.body.dataset.ready = "true";
}

function newDealForm() {
  sk.editing = null;
  const entries = sk.sheet.entries;
  sk.form.clear(entries.length ? entries[entries.length - 1] : null);
  $("entry-error").textContent = "";
}

function renderSheet() {
  const r = sk.result;
  const s = sk.sheet;
  if (!r || !s) return;
  const readOnly = sk.view === "shared";
  document.body.dataset.deals = String(r.deals.length);
  document.body.dataset.over = r.over ? "true" : "false";
  $("sheet-title").textContent = s.title || gameName(s.game);
  const about = $("sheet-about");
  about.replaceChildren();
  const parts = [s.title ? gameName(s.game) : null, s.preset ? t("rules: {preset}", { preset: s.preset }) : null,
    Object.keys(s.rules || {}).length ? tn("{n} rule changed", "{n} rules changed", Object.keys(s.rules).length) : null]
    .filter(Boolean);
  about.append(parts.join(" · "), parts.length ? " · " : "");
  about.append(ruleLink(`${s.game}:`, s.game));
  // the end arrives once (animated); later drawings of the sheet keep it still
  const fresh = r.over && !sk.endSeen;
  sk.endSeen = r.over;
  $("end-box").replaceChildren(...(r.over && r.end ? [endMoment(r, fresh)] : []));
  $("table-box").replaceChildren(dealsTable(r, {
    open: sk.open,
    editing: sk.editing,
    onToggle: (deal) => {
      if (sk.open.has(deal)) sk.open.delete(deal);
      else sk.open.add(deal);
      renderSheet();
    },
    onEdit: readOnly ? null : (i) => startCorrection(i),
  }));
  $("undo").hidden = readOnly;
  $("undo").disabled = !r.deals.length || sk.busy;
  $("same-again").hidden = readOnly || !r.over;
  $("adopt").hidden = !(readOnly && sk.shared && sk.shared.mine);
  $("export-csv").href = sk.remote || (readOnly && sk.shared)
    ? withLang(`/api/sheets/${encodeURIComponent((sk.remote || sk.shared).id)}.csv`) : "#";
  $("export-csv").toggleAttribute("download", Boolean(sk.remote || readOnly));
  const entry = $("entry-box");
  entry.hidden = readOnly || (r.over && sk.editing === null);
  document.body.dataset.form = entry.hidden ? "off" : "on";
  $("entry-h").textContent = sk.editing !== null
    ? t("Correct deal {n}", { n: sk.editing + 1 }) : t("Deal {n}", { n: r.deals.length + 1 });
  $("score-deal").textContent = sk.editing !== null ? t("Save the correction") : t("Score this deal");
  $("cancel-edit").hidden = sk.editing === null;
  $("score-deal").disabled = sk.busy;
  $("share-box").hidden = readOnly;
  drawShare();
}

function sheetWith(entries) {
  return { ...sk.sheet, entries };
}

/** Send ``sheet`` to be scored; adopt it on 200, show the server's words on 400. */
async function send(sheet, done) {
  if (sk.busy) return false;
  sk.busy = true;
  document.body.dataset.busy = "true";
  renderSheet();
  const got = await score("sheet", { sheet });
  sk.busy = false;
  delete document.body.dataset.busy;
  if (!got.ok) {
    $("entry-error").textContent = got.data.error;
    if (sk.form) sk.form.markError(got.data);
    renderSheet();
    return false;
  }
  sk.sheet = sheet;
  sk.result = got.data;
  save();
  if (done) done();
  if (got.offline) say(t("No network: this deal was scored by the engine in this browser."));
  renderSheet();
  sync();
  return true;
}

async function scoreDeal() {
  if (!sk.form) return;
  const entry = sk.form.entry();
  $("entry-error").textContent = "";
  sk.form.markError(null);
  if (sk.editing !== null) {
    const i = sk.editing;
    const entries = sk.sheet.entries.map((e, k) => (k === i ? entry : e));
    await send(sheetWith(entries), () => {
      say(t("Deal {n} corrected.", { n: i + 1 }));
      sk.open.add(i + 1);
      newDealForm();
    });
    return;
  }
  if (sk.form.isBlank()) {
    $("entry-error").textContent = t("Nothing entered for this deal yet.");
    return;
  }
  const n = sk.sheet.entries.length + 1;
  const done = await send(sheetWith([...sk.sheet.entries, entry]), () => {
    say(sk.result.over ? t("Deal {n} scored: the match is over.", { n }) : t("Deal {n} scored.", { n }));
    sk.open = new Set([n]);
    newDealForm();
  });
  if (done) showDeal(n);
}

/** Bring a deal's lines (or the end of the match) into view on a narrow screen, where the
 * form is under the table. */
function showDeal(n) {
  if (!matchMedia("(max-width: 999px)").matches) return;
  const target = sk.result.over ? $("end") : document.querySelector(`#deals tr.sk-deal[data-deal="${n}"]`);
  if (target) target.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

async function undo() {
  const entries = sk.sheet.entries;
  if (!entries.length) return;
  const last = entries[entries.length - 1];
  const n = entries.length;
  await send(sheetWith(entries.slice(0, -1)), () => {
    sk.editing = null;
    sk.open.delete(n);
    sk.form.load(last);
    say(t("Deal {n} undone: its entry is back in the form.", { n }));
  });
}

function startCorrection(i) {
  sk.editing = i;
  sk.form.load(sk.sheet.entries[i]);
  $("entry-error").textContent = "";
  renderSheet();
  $("entry-box").scrollIntoView({ block: "start" });
}

// --- keeping and sharing ---------------------------------------------------------------------

function drawShare() {
  const line = $("share-line");
  const signed = accountName();
  $("save-account").hidden = !signed || Boolean(sk.remote);
  $("share").hidden = !sk.remote;
  if (sk.remote) line.textContent = t("Saved in your account: every change is saved there too.");
  else if (signed) line.textContent = t("Kept on this device. Save it to your account to share a read-only link.");
  else line.textContent = t("Kept on this device. Sign in to keep it in your account and share a read-only link.");
}

async function saveToAccount() {
  const got = await call("POST", "/api/sheets", { sheet: sk.sheet });
  if (!got.ok) {
    $("share-message").textContent = got.data.error;
    return;
  }
  sk.remote = { id: got.data.id, url: got.data.url };
  save();
  $("share-message").textContent = t("Saved to your account.");
  renderSheet();
}

async function sync() {
  if (!sk.remote || !accountName()) return;
  const got = await call("PUT", `/api/sheets/${encodeURIComponent(sk.remote.id)}`, { sheet: sk.sheet });
  $("share-message").textContent = got.ok ? "" : t("Not saved to your account: {error}", { error: got.data.error });
}

async function share() {
  if (!sk.remote) return;
  const url = `${location.origin}${sk.remote.url || `/score/s/${sk.remote.id}`}`;
  $("share-link").value = url;
  $("share-link-row").hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    $("share-message").textContent = t("Link copied: anyone with it sees the sheet, read-only.");
  } catch (e) {
    $("share-link").select();
    $("share-message").textContent = t("Copy the link: anyone with it sees the sheet, read-only.");
  }
}

function fileName(ext) {
  const s = sk.sheet;
  const day = new Date().toISOString().slice(0, 10);
  const title = (s.title || s.game).replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 40) || s.game;
  return `cardtable-${title}-${day}.${ext}`;
}

function exportJson() {
  download(fileName("json"), `${JSON.stringify(sk.sheet, null, 1)}\n`, "application/json");
}

function exportCsv(ev) {
  if (sk.remote || sk.view === "shared") return;     // the server's .csv route
  ev.preventDefault();
  download(fileName("csv"), sheetCsv(sk.result), "text/csv");
}

function sameAgain() {
  const s = sk.sheet;
  const sheet = { ...s, entries: [] };
  sk.id = newId();
  sk.remote = null;
  score("sheet", { sheet }).then((got) => {
    if (got.ok) openSheet(sheet, got.data);
    else say(got.data.error, "error");
  });
}

function drawSheets() {
  drawSheetList(gameName, say);
}

async function importFile() {
  const file = $("import").files[0];
  if (!file) return;
  let sheet;
  try {
    sheet = JSON.parse(await file.text());
  } catch (e) {
    say(t("This file is not a score sheet (it is not JSON)."), "error");
    return;
  }
  const got = await score("sheet", { sheet });
  $("import").value = "";
  if (!got.ok) {
    say(got.data.error, "error");
    return;
  }
  sk.id = newId();
  sk.remote = null;
  openSheet(sheet, got.data);
}

// --- the read-only view ----------------------------------------------------------------------

async function showShared(id) {
  const got = await call("GET", `/api/sheets/${encodeURIComponent(id)}`);
  if (!got.ok) {
    setView("shared");
    $("sheet").hidden = true;
    say(got.data.error, "error");
    return;
  }
  sk.shared = got.data;
  sk.sheet = got.data.sheet;
  sk.result = got.data.result;
  sk.remote = null;
  if (sk.view !== "shared") {
    sk.open = new Set();
    setView("shared");
  }
  const line = $("shared-line");
  line.hidden = false;
  const updated = when(new Date(got.data.updated_ms || 0).toISOString());
  line.textContent = got.data.owner
    ? t("Read-only: kept by {owner}, updated {when}.", { owner: got.data.owner, when: updated })
    : t("Read-only, updated {when}.", { when: updated });
  renderSheet();
  document.body.dataset.ready = "true";
}

function adopt() {
  const shared = sk.shared;
  if (!shared) return;
  const all = readStore();
  const found = Object.keys(all).find((k) => all[k].remote && all[k].remote.id === shared.id);
  sk.id = found || newId();
  sk.remote = { id: shared.id, url: `/score/s/${shared.id}` };
  openSheet(shared.sheet, shared.result);
}

// --- the page --------------------------------------------------------------------------------

async function main() {
  $("setup-form").addEventListener("submit", start);
  $("game").addEventListener("change", () => {
    chooseGame($("game").value);
    goTo(`/score/${encodeURIComponent($("game").value)}`);
  });
  $("preset").addEventListener("change", loadOptions);
  $("score-deal").addEventListener("click", scoreDeal);
  $("clear-entry").addEventListener("click", () => {
    if (sk.editing !== null) sk.form.load(null);
    else newDealForm();
  });
  $("cancel-edit").addEventListener("click", () => { newDealForm(); renderSheet(); });
  $("undo").addEventListener("click", undo);
  $("print").addEventListener("click", () => window.print());
  $("export-json").addEventListener("click", exportJson);
  $("export-csv").addEventListener("click", exportCsv);
  $("same-again").addEventListener("click", sameAgain);
  $("adopt").addEventListener("click", adopt);
  $("save-account").addEventListener("click", saveToAccount);
  $("share").addEventListener("click", share);
  $("import").addEventListener("change", importFile);
  document.documentElement.lang = document.documentElement.lang || LOCALE;

  const [games] = await Promise.all([loadGames(), accountBox(() => {
    if (sk.view === "setup") drawSheets();
    else renderSheet();
  })]);
  sk.games = games;
  const path = location.pathname.replace(/\/+$/, "");
  const shared = /^\/score\/s\/([^/]+)$/.exec(path);
  if (shared) {
    const id = decodeURIComponent(shared[1]);
    await showShared(id);
    setInterval(() => { if (!document.hidden && sk.view === "shared") showShared(id); }, POLL_MS);
    return;
  }
  const g = /^\/score\/([^/]+)$/.exec(path);
  const wanted = new URLSearchParams(location.search).get("sheet");
  const stored = wanted ? readStore()[wanted] : null;
  if (stored && stored.sheet) {
    sk.id = wanted;
    sk.remote = stored.remote || null;
    await openSheet(stored.sheet, stored.result);
    return;
  }
  if (wanted) say(t("That sheet is not on this device."), "error");
  await showSetup(g ? decodeURIComponent(g[1]) : lastGame());
  document.body.dataset.ready = "true";
}

main();
