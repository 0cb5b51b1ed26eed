// A game's leaderboard, /leaderboards/{game} (protocol version 3): its rated players, settled
// ratings first (the server's order), each with the rating, ± its uncertainty, the number of
// rated matches and a provisional mark; a chooser for the other games.

import {
  $, accountBox, boardUrl, el, gameTitle, link, loadGames, modelWords, option, playerUrl, provisionalBadge, spread,
} from "./account.js";
import { t, withLang } from "./i18n.js";
import { accountName } from "./player.js";

let asked = "";
try { asked = decodeURIComponent(location.pathname.split("/")[2] || ""); } catch (e) { asked = ""; }

function say(text, kind = "info") {
  const m = $("message");
  m.textContent = text;
  m.className = "message " + kind;
}

function fillChooser(games, current) {
  const sel = $("game");
  sel.replaceChildren();
  if (!games.some((g) => g.id === current)) sel.append(option("", "—", true));
  games.forEach((g) => sel.append(option(g.id, gameTitle(g), g.id === current)));
  sel.addEventListener("change", () => { if (sel.value) location.href = boardUrl(sel.value); });
}

function showBoard(data, games) {
  const g = games.find((x) => x.id === data.game);
  const title = g ? gameTitle(g) : data.game;
  $("board-h").textContent = title;
  document.title = t("{game} leaderboard — cardtable", { game: title });
  const body = $("board").tBodies[0];
  body.replaceChildren();
  const me = accountName();
  (data.players || []).forEach((p, i) => {
    const tr = el("tr", p.name === me ? "me" : "");
    tr.dataset.player = p.name;
    const rating = el("td", "num rating");
    rating.append(el("strong", "", p.rating));
    if (p.provisional) rating.append(" ", provisionalBadge());
    const who = el("td", "who-cell");
    who.append(link(playerUrl(p.name), p.name));
    const pm = el("td", "num", `± ${spread(p)}`);
    pm.title = t("uncertainty (3σ)");
    tr.append(el("td", "num", i + 1), who, rating, pm, el("td", "num", p.games));
    body.append(tr);
  });
  const any = Boolean((data.players || []).length);
  $("board").hidden = !any;
  $("empty").hidden = any;
  $("model").textContent = data.model ? t("How the ratings of this game are computed: {model}.", { model: modelWords(data.model) }) : "";
  showMonths(data.game);
  $("board-box").hidden = false;
}

/** Links to the open data of this month and the two before (docs/open-data.md; UTC months). */
function showMonths(game) {
  const box = $("months");
  box.replaceChildren();
  const now = new Date();
  for (let back = 0; back < 3; back += 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    const a = link(`/api/export/${encodeURIComponent(game)}?month=${month}`, month);
    a.setAttribute("download", `cardtable-${game}-${month}.jsonl`);
    if (back) box.append(" · ");
    box.append(a);
  }
}

/** The leaderboard as the server gives it, or ``{error}`` in the page's language. */
async function board(game) {
  let r;
  try {
    r = await fetch(withLang(`/api/leaderboard/${encodeURIComponent(game)}`));
  } catch (e) {
    return { error: t("could not reach the server") };
  }
  const data = await r.json().catch(() => ({}));
  return r.ok ? data : { error: data.error || t("the server answered {status}", { status: r.status }) };
}

async function start() {
  const [, games, data] = await Promise.all([accountBox(), loadGames(), board(asked)]);
  if (data.error) {
    fillChooser(games, "");
    say(data.error, "error");
  } else {
    fillChooser(games, data.game);
    showBoard(data, games);
  }
  document.body.dataset.ready = "true";
}

start();
