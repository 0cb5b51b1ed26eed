// A player's page, /players/{name} (protocol version 3): their rating in each game they played
// rated (the number, ± its uncertainty, provisional or not, the game's leaderboard) and its
// history as a small chart, their statistics per game (where their matches are shown), their
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
    rating.append(el("strong", "", whole(r.rating)));
    if (r.provisional) rating.append(" ", provisionalBadge());
    const pm = el("td", "num", `± ${whole(spread(r))}`);
    pm.title = t("uncertainty (3σ)");
    tr.append(game, rating, pm, el("td", "num", whole(r.games)));
    body.append(tr);
  }
  $("ratings").hidden = !ids.length;
  $("no-ratings").hidden = Boolean(ids.length);
  $("ratings-box").hidden = false;
  showHistories(ids);
}

// --- numbers in the page's language -----------------------------------------------------

const LANG = document.documentElement.lang || undefined;
const formats = new Map();

function fmt(value, options = {}) {
  const key = JSON.stringify(options);
  if (!formats.has(key)) {
    let f;
    try { f = new Intl.NumberFormat(LANG, options); } catch (e) { f = new Intl.NumberFormat(undefined, options); }
    formats.set(key, f);
  }
  return formats.get(key).format(Number(value) || 0);
}

const whole = (n) => fmt(n, { maximumFractionDigits: 0 });

/** A figure as the page shows it: a total as a whole number, an average per deal with one
 * decimal (points with their sign), a share of deals in per cent. */
function figureText(f) {
  if (f.per === "deal") {
    return fmt(f.value, { minimumFractionDigits: 1, maximumFractionDigits: 1,
      signDisplay: f.key === "points" ? "exceptZero" : "auto" });
  }
  if (f.per === "share") return fmt(Number(f.value) / 100, { style: "percent", maximumFractionDigits: 0 });
  return whole(f.value);
}

// --- statistics per game ------------------------------------------------------------------

/** The player's figures per game, in the server's order (labels already in the page's
 * language); nothing at all when there are none (their matches are private, or none ended). */
function showStats(stats) {
  const box = $("stats");
  box.replaceChildren();
  const ids = Object.keys(stats || {});
  for (const id of ids) {
    const g = stats[id];
    const card = el("article", "stat-card");
    card.dataset.game = id;
    const head = el("h3", "stat-game", titleOf(games, id));
    const figures = g.figures || [];
    const counts = [tn("{n} match", "{n} matches", g.matches, { n: whole(g.matches) })];
    if (!figures.some((f) => f.key === "deals")) counts.push(tn("{n} deal", "{n} deals", g.deals, { n: whole(g.deals) }));
    const list = el("dl", "stat-figures");
    for (const f of figures) {
      const row = el("div", "stat-figure");
      row.dataset.key = f.key;
      row.append(el("dt", "", f.label), el("dd", "", figureText(f)));
      list.append(row);
    }
    card.append(head, el("p", "stat-count", counts.join(" · ")), list);
    box.append(card);
  }
  $("stats-box").hidden = !ids.length;
}

// --- rating history charts ----------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
const SCALE = 40;           // server/ratings.py: rating = 1000 + 40 (mu - 3 sigma)
const BASE = 1000;
const CHART_HEIGHT = 190;
const PAD = { left: 46, right: 12, top: 12, bottom: 30 };
let historyRound = 0;       // a newer drawing of the ratings forgets the older one's answers
let seen = null;            // IntersectionObserver: a history is asked for once it is near the screen
let sized = null;           // ResizeObserver: a chart is drawn again at its new width

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}

/** A step of 1, 2, 2.5 or 5 × 10^k giving three or four grid lines over ``span``. */
function niceStep(span) {
  const raw = Math.max(span, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

function historySummary(points) {
  const last = points[points.length - 1];
  const high = Math.max(...points.map((p) => p.rating));
  return tn("Rating {rating} after {n} rated match; highest {high}.",
    "Rating {rating} after {n} rated matches; highest {high}.", last.games,
    { rating: whole(last.rating), n: whole(last.games), high: whole(high) });
}

/** The chart of one game's history at the width its box has now: the rating after each rated
 * match (oldest left), a band from it up to the best estimate 1000 + 40 μ (its height is the
 * table's ±: three standard deviations), hollow dots for provisional ratings; a single match
 * is a dot. */
function drawHistory(fig) {
  const points = fig.points;
  const holder = fig.querySelector(".chart");
  if (!points || !points.length || !holder) return;
  const width = Math.max(240, Math.round(holder.clientWidth || 320));
  fig.drawnWidth = width;
  const n = points.length;
  const lo = Math.min(...points.map((p) => p.rating));
  const hi = Math.max(...points.map((p) => p.estimate));
  // the values fill the height (a little room above and below); grid lines at round numbers
  const span = Math.max(hi - lo, 40);
  const yMin = lo - span * 0.06;
  const yMax = lo + span * 1.06;
  const step = niceStep(span);
  const inner = { w: width - PAD.left - PAD.right, h: CHART_HEIGHT - PAD.top - PAD.bottom };
  const x = (i) => PAD.left + (n === 1 ? inner.w / 2 : (i * inner.w) / (n - 1));
  const y = (v) => PAD.top + inner.h * (1 - (v - yMin) / (yMax - yMin));
  const id = `history-${fig.dataset.game}`;
  const chart = svg("svg", { width, height: CHART_HEIGHT, viewBox: `0 0 ${width} ${CHART_HEIGHT}`,
    role: "img", "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-desc`, class: "history-chart" });
  chart.append(svg("title", { id: `${id}-title` }, historySummary(points)),
    svg("desc", { id: `${id}-desc` }, t("Line: the rating after each rated match, oldest on the left. Shaded: from the rating up to the server's best estimate of the skill (1000 + 40 μ); its height is the ± of the table, three standard deviations. Hollow dots: provisional ratings.")));
  const grid = svg("g", { class: "grid", "aria-hidden": "true" });
  for (let v = Math.ceil(yMin / step) * step; v <= yMax; v += step) {
    grid.append(svg("line", { x1: PAD.left, x2: width - PAD.right, y1: y(v), y2: y(v) }),
      svg("text", { x: PAD.left - 6, y: y(v), "text-anchor": "end", "dominant-baseline": "middle" }, whole(v)));
  }
  const bottom = CHART_HEIGHT - 8;
  if (n > 1) {
    grid.append(svg("text", { x: x(0), y: bottom, "text-anchor": "start" }, whole(points[0].games)),
      svg("text", { x: x(n - 1), y: bottom, "text-anchor": "end" }, whole(points[n - 1].games)));
  }
  grid.append(svg("text", { x: PAD.left + inner.w / 2, y: bottom, "text-anchor": "middle", class: "axis-name" },
    n > 1 ? t("rated matches") : tn("{n} rated match", "{n} rated matches", points[0].games, { n: whole(points[0].games) })));
  chart.append(grid);
  if (n > 1) {
    const top = points.map((p, i) => `${x(i)},${y(p.estimate)}`);
    const under = points.map((p, i) => `${x(i)},${y(p.rating)}`).reverse();
    chart.append(svg("polygon", { class: "band", points: [...top, ...under].join(" ") }),
      svg("polyline", { class: "line", points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ") }));
  } else {
    chart.append(svg("rect", { class: "band", x: x(0) - 5, width: 10, y: y(points[0].estimate),
      height: Math.max(1, y(points[0].rating) - y(points[0].estimate)) }));
  }
  const dots = svg("g", { class: "dots" });
  const r = Math.min(4, Math.max(1.5, inner.w / Math.max(n - 1, 1) / 3));   // many matches: smaller dots
  points.forEach((p, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(p.rating), r, class: p.provisional ? "point provisional" : "point" });
    dot.dataset.rating = p.rating;
    const words = t("{when}: {rating}", { when: when(p.at), rating: whole(p.rating) });
    dot.append(svg("title", {}, p.provisional ? `${words} (${t("provisional")})` : words));
    dots.append(dot);
  });
  chart.append(dots);
  holder.replaceChildren(chart);
}

async function loadHistory(fig, round) {
  const game = fig.dataset.game;
  let data;
  try {
    data = await getJson(`/api/players/${encodeURIComponent(name)}/ratings/${encodeURIComponent(game)}`);
  } catch (e) {
    if (round === historyRound) fig.querySelector(".history-summary").textContent = e.message;
    fig.removeAttribute("aria-busy");
    return;
  }
  if (round !== historyRound) return;
  // newest first from the server; the chart reads oldest to newest
  fig.points = (data.history || []).slice().reverse().map((h) => ({
    at: h.at, games: h.games, rating: h.rating, provisional: Boolean(h.provisional),
    estimate: Math.max(h.rating, Math.round(BASE + SCALE * Number(h.mu))),
  }));
  fig.removeAttribute("aria-busy");
  fig.dataset.points = String(fig.points.length);
  if (!fig.points.length) {
    fig.querySelector(".history-summary").textContent = t("No rated matches yet.");
    return;
  }
  fig.querySelector(".history-summary").textContent = historySummary(fig.points);
  drawHistory(fig);
  if (sized) sized.observe(fig.querySelector(".chart"));
  fig.dataset.loaded = "true";
}

/** A chart per rated game, each history asked for only when its chart comes near the screen. */
function showHistories(ids) {
  historyRound += 1;
  const round = historyRound;
  const box = $("histories");
  if (seen) seen.disconnect();
  if (sized) sized.disconnect();
  box.replaceChildren();
  if (typeof ResizeObserver === "function") {
    sized = new ResizeObserver((entries) => {
      for (const e of entries) {
        const fig = e.target.closest("figure");
        if (fig && fig.points && Math.abs(Math.round(e.target.clientWidth) - fig.drawnWidth) > 1) drawHistory(fig);
      }
    });
  }
  const figs = ids.map((id) => {
    const fig = el("figure", "history");
    fig.dataset.game = id;
    fig.setAttribute("aria-busy", "true");
    const cap = el("figcaption", "");
    cap.append(el("span", "history-game", titleOf(games, id)), " ",
      el("span", "history-summary", t("loading the rating history…")));
    fig.append(cap, el("div", "chart"));
    box.append(fig);
    return fig;
  });
  $("chart-key").hidden = !ids.length;
  if (typeof IntersectionObserver !== "function") {
    figs.forEach((f) => loadHistory(f, round));
    return;
  }
  seen = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      seen.unobserve(e.target);
      loadHistory(e.target, round);
    }
  }, { rootMargin: "200px 0px" });
  figs.forEach((f) => seen.observe(f));
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
  for (const id of ["own-box", "ratings-box", "stats-box", "matches-box"]) $(id).hidden = true;
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
  showStats(got.stats);
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
