// The replay viewer of an ended match: step through each deal as any seat saw it. Every step
// is the engine's view of that seat, fetched from the server once the match is over.

import { pageUrl, t, withLang } from "./i18n.js";
import { drawHand, drawScores, drawZones } from "./view.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).slice(-2, -1)[0]);
const viewer = { data: null, deal: 0, step: 0, seat: null };

function seatName(s) {
  if (s === null || s === undefined) return "—";
  return viewer.seat === s ? t("Seat {n} (viewing)", { n: s + 1 }) : t("Seat {n}", { n: s + 1 });
}

async function load(seat) {
  const q = seat === null ? "" : `?seat=${seat}`;
  const r = await fetch(withLang(`/api/tables/${encodeURIComponent(tableId)}/replay/steps${q}`));
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    $("message").textContent = data.error || t("no replay ({status})", { status: r.status });
    $("message").className = "message error";
    return false;
  }
  viewer.data = data;
  viewer.seat = seat;
  return true;
}

function render() {
  const d = viewer.data.deals[viewer.deal];
  const view = d.steps[viewer.step];
  const ctx = { players: viewer.data.players, seatName, family: viewer.family };
  $("where").textContent = viewer.step
    ? t("move {step} of {moves} — {move}", { step: viewer.step, moves: d.moves.length, move: d.moves[viewer.step - 1] })
    : t("move {step} of {moves}", { step: viewer.step, moves: d.moves.length });
  document.body.dataset.step = String(viewer.step);
  $("hand-title").textContent = viewer.seat === null ? t("Spectator") : t("Hand of seat {n}", { n: viewer.seat + 1 });
  const seats = $("seats");
  seats.replaceChildren();
  for (let s = 0; s < viewer.data.players; s++) {
    const div = document.createElement("div");
    div.className = "seat" + ((view.to_move || []).includes(s) ? " to-move" : "");
    div.textContent = seatName(s);
    seats.append(div);
  }
  drawZones(view, $("centre"), $("facts"), ctx);
  drawHand(view, $("hand"), [], () => {});
  drawScores(view, $("scores"), ctx);
  const log = $("log");
  log.replaceChildren();
  (view.log || []).forEach((line) => {
    const li = document.createElement("li");
    li.textContent = line.replace(/^(\d+): /, (_, s) => `${seatName(Number(s))}: `);
    log.append(li);
  });
}

function go(step) {
  const n = viewer.data.deals[viewer.deal].steps.length;
  viewer.step = Math.max(0, Math.min(n - 1, step));
  render();
}

async function start() {
  if (!(await load(null))) return;
  const games = await (await fetch(withLang("/api/games"))).json().catch(() => []);
  const g = games.find((x) => x.id === viewer.data.game);
  viewer.family = g ? g.family : "";
  $("title").textContent = t("Replay of {game}", { game: g ? g.title || g.name : viewer.data.game });
  document.querySelector("header.bar a.home").href = pageUrl("/");
  const asSeat = $("as-seat");
  asSeat.append(new Option(t("spectator"), ""));
  for (let s = 0; s < viewer.data.players; s++) asSeat.append(new Option(t("seat {n}", { n: s + 1 }), String(s)));
  const deal = $("deal");
  viewer.data.deals.forEach((_, i) => deal.append(new Option(String(i + 1), String(i))));
  asSeat.addEventListener("change", async () => {
    if (await load(asSeat.value === "" ? null : Number(asSeat.value))) go(viewer.step);
  });
  deal.addEventListener("change", () => { viewer.deal = Number(deal.value); go(0); });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(viewer.step - 1));
  $("next").addEventListener("click", () => go(viewer.step + 1));
  $("last").addEventListener("click", () => go(1e9));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") go(viewer.step + 1);
    if (ev.key === "ArrowLeft") go(viewer.step - 1);
  });
  go(0);
}

start();
