// A player's page, /players/{name} (protocol version 3): their rating in each game they played
// rated (the number, ± its uncertainty, provisional or not, the game's leaderboard), their
// finished matches newest first (paged with ?before=), and, for the signed-in player on their
// own page, their account: their data as a download, their name in the open game data or not,
// deleting the account.

import {
  $, accountBox, boardUrl, el, link, loadGames, provisionalBadge, redrawAccount, spread, titleOf, when,
} from "./account.js";
import { pageUrl, t, tn, withLang } from "./i18n.js";
import { accountName, api, forgetAccount, session } from "./player.js";

let name = "";
try { name = decodeURIComponent(location.pathname.split("/")[2] || ""); } catch (e) { name = ""; }
let games = [];
let next = null;
let matchesPublic = true;

function say(text, kind = "info", id = "message") {
  const m = $(id);
  m.textContent = text;
  m.className = "message " + kind;
}

async function getJson(url) {
  let r;
  try {
    r = await fetch(withLang(url));
  } catch (e) {
    throw new Error(t("could not reach the server"));
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || t("the server answered {status}", { status: r.status }));
  return data;
}

function showRatings(ratings) {
  const body = $("ratings").tBodies[0];
  body.replaceChildren();
  const ids = Object.keys(ratings || {});
  for (const id of ids) {
    const r = ratings[id];
    const tr = el("tr");
    tr.dataset.game = id;
    const game = el("td");
    game.append(link(boardUrl(id), titleOf(games, id)));
    const rating = el("td", "num rating");
    rating.append(el("strong", "", r.rating));
    if (r.provisional) rating.append(" ", provisionalBadge());
    const pm = el("td", "num", `± ${spread(r)}`);
    pm.title = t("uncertainty (3σ)");
    tr.append(game, rating, pm, el("td", "num", r.games));
    body.append(tr);
  }
  $("ratings").hidden = !ids.length;
  $("no-ratings").hidden = Boolean(ids.length);
  $("ratings-box").hidden = false;
}

function matchItem(m) {
  const li = el("li", "match");
  li.dataset.table = m.table;
  const top = el("div", "match-top");
  top.append(el("span", "match-game", titleOf(games, m.game)));
  const time = el("time", "match-when", when(m.ended));
  time.dateTime = m.ended;
  top.append(time);
  const res = m.result || {};
  const line = el("div", "match-line");
  const parts = [t("Seat {n}", { n: res.seat })];
  if (res.place && res.of) parts.push(t("place {place} of {n}", { place: res.place, n: res.of }));
  if (res.points !== undefined && res.points !== null) parts.push(tn("{n} point", "{n} points", res.points));
  line.append(el("span", res.place === 1 ? "match-result won" : "match-result", parts.join(" · ")));
  if (m.rated) line.append(" ", el("span", "badge", t("rated")));
  const replay = link(pageUrl(`/tables/${encodeURIComponent(m.table)}/replay`), t("replay"), "replay-link");
  line.append(" ", replay);
  li.append(top, line);
  return li;
}

function isOwner() {
  return accountName() !== null && accountName() === name;
}

/** The matches are shown to everyone only when the player lets their name be public (else
 * to themselves alone, with a note saying so). */
function showPrivacy() {
  const owner = isOwner();
  const hidden = !matchesPublic && !owner;
  $("private-matches").hidden = !hidden;
  $("private-matches").textContent = hidden
    ? t("{name} keeps their list of matches private; their ratings are public.", { name }) : "";
  $("own-private").hidden = !(owner && !matchesPublic);
  $("no-matches").hidden = hidden || $("matches").children.length > 0;
}

function showMatches(list, more) {
  const box = $("matches");
  list.forEach((m) => box.append(matchItem(m)));
  next = more || null;
  $("more").hidden = !next;
  showPrivacy();
  $("matches-box").hidden = false;
}

async function loadMore() {
  if (!next) return;
  $("more").disabled = true;
  try {
    const data = await getJson(`/api/players/${encodeURIComponent(name)}?before=${encodeURIComponent(next)}`);
    showMatches(data.matches || [], data.next);
  } catch (e) {
    say(e.message, "error");
  }
  $("more").disabled = false;
}

// --- the owner's account ------------------------------------------------------------------

function showOwn() {
  const mine = isOwner();
  $("own-box").hidden = !mine;
  if (mine) {
    $("public-name").checked = Boolean(session().public_name);
    $("delete-user").value = name;
  }
}

async function setPublic() {
  const box = $("public-name");
  const want = box.checked;
  box.disabled = true;
  try {
    const got = await api("POST", "/api/account/settings", { public_name: want });
    box.checked = Boolean(got.public_name);
    session().public_name = box.checked;
    matchesPublic = box.checked;
    showPrivacy();
    say(box.checked ? t("Your name will appear in the open game data.")
      : t("Your seat will appear in the open game data only by its number."), "info", "own-message");
  } catch (e) {
    box.checked = !want;
    say(e.message, "error", "own-message");
  }
  box.disabled = false;
}

async function deleteAccount(ev) {
  ev.preventDefault();
  const button = $("delete-account");
  button.disabled = true;
  try {
    await api("DELETE", "/api/account", { password: $("delete-password").value });
  } catch (e) {
    say(e.message, "error", "own-message");
    button.disabled = false;
    $("delete-password").focus();
    return;
  }
  await forgetAccount();
  $("delete-form").hidden = true;
  for (const id of ["own-box", "ratings-box", "matches-box"]) $(id).hidden = true;
  redrawAccount();
  say(t("Your account is deleted."), "info");
}

function wire() {
  $("more").addEventListener("click", loadMore);
  $("public-name").addEventListener("change", setPublic);
  $("delete-open").addEventListener("click", () => {
    $("delete-form").hidden = false;
    $("delete-open").hidden = true;
    $("delete-password").focus();
  });
  $("delete-cancel").addEventListener("click", () => {
    $("delete-form").hidden = true;
    $("delete-open").hidden = false;
    $("delete-password").value = "";
    say("", "info", "own-message");
  });
  $("delete-form").addEventListener("submit", deleteAccount);
}

/** The player as the server shows them to this browser (their own page shows more). */
async function load() {
  let got;
  try {
    [got, games] = await Promise.all([getJson(`/api/players/${encodeURIComponent(name)}`), loadGames()]);
  } catch (e) {
    say(e.message, "error");
    return;
  }
  say("");
  name = got.name;        // as the server spells it
  $("player-name").textContent = name;
  $("player-name").dataset.player = name;
  matchesPublic = got.matches_public !== false;
  showRatings(got.ratings);
  $("matches").replaceChildren();
  showMatches(got.matches || [], got.next);
  showOwn();
}

async function start() {
  $("player-name").textContent = name;
  document.title = t("{name} — cardtable", { name });
  wire();
  // signing in or out here changes what the page may show: ask again
  await Promise.all([accountBox(() => { showOwn(); load(); }), load()]);
  showOwn();
  showPrivacy();
  document.body.dataset.ready = "true";
}

start();
