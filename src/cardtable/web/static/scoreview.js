// The scorekeeper's sheet as people read it (/score, /score/s/{id}): a compact table of deals ×
// players with each deal's points and the running totals, a deal's row opening to its lines in
// words with their arithmetic (from the server: POST /api/score/sheet), the totals, and the end
// of the match as a moment (the winners, the end-of-match items). Also the sheet as CSV when it
// is kept on this device only (the server's /api/sheets/{id}.csv has the same columns).

import { suitHtml } from "./cards.js";
import { LOCALE, t, tn } from "./i18n.js";
import { ruleLink, seatName } from "./scoreentry.js";

const MINUS = "\u2212";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function button(cls, text) {
  const b = el("button", cls, text);
  b.type = "button";
  return b;
}

let numbers = null;
function fmt(n, signed) {
  if (!numbers) {
    const tag = document.documentElement.lang || LOCALE.replace("_", "-");
    try {
      numbers = [new Intl.NumberFormat(tag), new Intl.NumberFormat(tag, { signDisplay: "exceptZero" })];
    } catch (e) {
      numbers = [new Intl.NumberFormat("en"), new Intl.NumberFormat("en", { signDisplay: "exceptZero" })];
    }
  }
  return numbers[signed ? 1 : 0].format(Number(n) || 0).replace("-", MINUS);
}

/** Points as the sheet writes them: +20, −5, 0. */
export const signed = (n) => fmt(n, true);
export const plain = (n) => fmt(n, false);

/** One seat's score lines: the text (suits coloured), the points, the rule's link. */
function seatLines(lines, game) {
  const ul = el("ul", "sk-lines");
  for (const line of lines) {
    const li = el("li", "sk-line");
    const text = el("span", "sk-line-text");
    text.append(suitHtml(line.text));
    const pts = el("span", `sk-pts ${line.points > 0 ? "up" : line.points < 0 ? "down" : ""}`, signed(line.points));
    li.append(text, pts);
    if (line.rule) li.append(ruleLink(line.rule, game, line.anchor));
    ul.append(li);
  }
  if (!lines.length) ul.append(el("li", "sk-line none", t("nothing scored")));
  return ul;
}

/** Each seat's lines of one deal (or of the end), under the player's name. */
export function linesBlock(result, lines, scores, game) {
  const box = el("div", "sk-deal-lines");
  lines.forEach((seatL, s) => {
    const part = el("div", "sk-seat-lines");
    part.dataset.seat = String(s);
    const head = el("div", "sk-seat-head");
    head.append(el("span", "sk-seat-title", seatName(result.names, s)));
    if (scores) head.append(el("span", "sk-seat-sum", signed(scores[s])));
    part.append(head, seatLines(seatL, game));
    box.append(part);
  });
  return box;
}

/**
 * The table of deals. ``opts``: {open: Set of deal numbers shown open, onToggle(deal),
 * onEdit(index) (null: read-only), editing: the index being corrected}.
 */
export function dealsTable(result, opts) {
  const game = result.game;
  const wrap = el("div", "sk-table-wrap");
  const table = el("table", "sk-deals");
  table.id = "deals";
  const cap = el("caption", "sr", t("Points of each deal and the running totals"));
  table.append(cap);
  const head = el("tr");
  head.append(el("th", "sk-deal-col", t("Deal")));
  result.names.forEach((n, s) => {
    const th = el("th", "num");
    th.scope = "col";
    th.dataset.seat = String(s);
    th.append(el("span", "sk-name", n), el("span", "sk-seatno", String(s + 1)));
    th.title = seatName(result.names, s);
    head.append(th);
  });
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const d of result.deals) {
    const i = d.deal - 1;
    const open = opts.open.has(d.deal);
    const tr = el("tr", `sk-deal${open ? " open" : ""}${opts.editing === i ? " editing" : ""}`);
    tr.dataset.deal = String(d.deal);
    const th = el("th", "sk-deal-col");
    th.scope = "row";
    const toggle = button("sk-deal-toggle", String(d.deal));
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    toggle.setAttribute("aria-label", t("deal {n}: show its score in words", { n: d.deal }));
    toggle.addEventListener("click", () => opts.onToggle(d.deal));
    th.append(toggle);
    tr.append(th);
    d.scores.forEach((p, s) => {
      const td = el("td", "num");
      td.dataset.seat = String(s);
      td.append(el("span", `sk-cell-pts ${p > 0 ? "up" : p < 0 ? "down" : ""}`, signed(p)),
        el("span", "sk-cell-run", plain(d.running[s])));
      tr.append(td);
    });
    tr.addEventListener("click", (ev) => {
      if (ev.target.closest("button, a")) return;
      opts.onToggle(d.deal);
    });
    body.append(tr);
    if (open) {
      const more = el("tr", "sk-deal-more");
      more.dataset.deal = String(d.deal);
      const td = el("td");
      td.colSpan = result.players + 1;
      td.append(linesBlock(result, d.lines, d.scores, game));
      if (opts.onEdit) {
        const edit = button("small-button sk-edit", t("correct deal {n}", { n: d.deal }));
        edit.dataset.deal = String(d.deal);
        edit.addEventListener("click", () => opts.onEdit(i));
        td.append(edit);
      }
      more.append(td);
      body.append(more);
    }
  }
  if (!result.deals.length) {
    const tr = el("tr", "sk-empty");
    const td = el("td", "", t("No deal yet: enter the first one below."));
    td.colSpan = result.players + 1;
    tr.append(td);
    body.append(tr);
  }
  const foot = el("tfoot");
  if (result.end) {
    const tr = el("tr", "sk-end-row");
    const th = el("th", "sk-deal-col", t("end"));
    th.scope = "row";
    tr.append(th);
    const endScores = seatSums(result.end.items || [], result.players);
    endScores.forEach((p) => tr.append(el("td", "num", signed(p))));
    foot.append(tr);
  }
  const tot = el("tr", "sk-total-row");
  const th = el("th", "sk-deal-col", t("Total"));
  th.scope = "row";
  tot.append(th);
  result.totals.forEach((p, s) => {
    const td = el("td", "num");
    td.dataset.seat = String(s);
    td.dataset.total = String(p);
    td.textContent = plain(p);
    if (result.end && (result.end.winners || []).includes(s)) td.classList.add("winner");
    tot.append(td);
  });
  foot.append(tot);
  table.append(thead, body, foot);
  wrap.append(table);
  return wrap;
}

export function seatSums(items, players) {
  const out = Array.from({ length: players }, () => 0);
  for (const it of items) out[it.seat] = (out[it.seat] || 0) + Number(it.points || 0);
  return out;
}

function listOf(words) {
  try {
    return new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(words);
  } catch (e) {
    return words.join(", ");
  }
}

/** The end of the match: who won, the end's items in words, the final totals (``fresh``: it
 * has just come, and arrives with a short movement). */
export function endMoment(result, fresh = false) {
  const box = el("section", `sk-end${fresh ? " fresh" : ""}`);
  box.id = "end";
  box.setAttribute("aria-labelledby", "end-h");
  const winners = (result.end.winners || []).map((s) => result.names[s]);
  const h = el("h2", "sk-end-title");
  h.id = "end-h";
  h.textContent = winners.length
    ? tn("{names} wins the match", "{names} win the match", winners.length, { names: listOf(winners) })
    : t("The match is over: nobody wins it");
  const sub = el("p", "sk-end-sub", t("Final totals: {totals}", {
    totals: result.names.map((n, s) => `${n} ${plain(result.totals[s])}`).join(" · ") }));
  box.append(el("div", "sk-end-badge", t("Match over")), h, sub);
  if ((result.end.items || []).length) {
    box.append(el("h3", "sk-end-items-h", t("End of the match")));
    box.append(linesBlock(result, result.end.lines, seatSums(result.end.items, result.players), result.game));
  }
  return box;
}

function csvCell(v) {
  const s = String(v);
  const quote = String.fromCharCode(34);
  const needs = [quote, ",", "\n", "\r"].some((ch) => s.includes(ch));
  return needs ? quote + s.split(quote).join(quote + quote) + quote : s;
}

/** The sheet as CSV: a row per deal (each seat's points, then the running totals), the end of
 * the match's row and the totals (the columns of the server's /api/sheets/{id}.csv). */
export function sheetCsv(result) {
  const names = result.names;
  const rows = [[t("deal"), ...names, ...names.map((n) => t("{name} total", { name: n }))]];
  for (const d of result.deals) rows.push([d.deal, ...d.scores, ...d.running]);
  if (result.end) rows.push([t("end of match"), ...seatSums(result.end.items || [], result.players), ...result.totals]);
  rows.push([t("total"), ...result.totals, ...names.map(() => "")]);
  return rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}

/** Offer ``text`` as a file to download. */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}
