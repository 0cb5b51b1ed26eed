// 十三张's arrangement board on the table, in place of the hand: rows.js draws it and handles
// its gestures and keys; the page keeps the board, asks the server what each row is worth (the
// foul warning), fits the cards to the room, and composes the `arrange` move.

import * as guard from "./guard.js";
import { t, tn, withLang } from "./i18n.js";
import { whoHeaders } from "./player.js";
import { boardFromMove, drawBoard, ROWS, rowsMove } from "./rows.js";
import { ownHand, page, redraw, say } from "./store.js";
import { html, useEffect, useRef } from "./ui.js";

const reduced = matchMedia("(prefers-reduced-motion: reduce)");

export function emptyBoard() {
  return { head: [], middle: [], tail: [] };
}

let rowsAsked = null;
async function checkRows(w, board) {
  // 十三张: each full row's hand type and the foul warning, from the server's evaluator
  const key = JSON.stringify(board);
  if (rowsAsked === key) return;
  rowsAsked = key;
  const rows = ROWS.map((r) => board[r.id]);
  try {
    const r = await fetch(withLang(`/api/games/${encodeURIComponent(w.view.game)}/rows`), {
      method: "POST", headers: { "Content-Type": "application/json", ...whoHeaders("POST") },
      body: JSON.stringify({ rows, options: w.view.options || {} }),
    });
    if (!r.ok || rowsAsked !== key) return;
    const info = await r.json();
    page.rowsInfo = { key, info };
    page.rowsWarning = info.fouled && info.complete
      ? t("this arrangement fouls (倒水): {reason}", { reason: info.foul_reason }) : null;
    redraw();
  } catch (e) { /* the check is a help only */ }
}

/** The board's cards as large as its room allows (rows.css reads --rows-card-w): shrunk
 * together until the rows and the hand fit without scrolling. */
let boardWidth = 84;
function fitBoard(board) {
  const room = board.closest(".arrange");
  if (!room) return;
  let cw = Math.min(84, (board.clientWidth - 40) / 5);
  if (Math.abs(cw - boardWidth) < 1) cw = boardWidth;
  for (let i = 0; i < 16; i++) {
    board.style.setProperty("--rows-card-w", `${cw.toFixed(1)}px`);
    if ((board.scrollHeight <= board.clientHeight + 1 && room.scrollHeight <= room.clientHeight + 1) || cw <= 26) break;
    cw *= 0.93;
  }
  boardWidth = cw;
}

export function ArrangeBoard({ w }) {
  const box = useRef(null);
  if (!page.board) page.board = emptyBoard();
  const board = page.board;
  const full = ROWS.every((r) => board[r.id].length === r.size);
  const composed = full ? rowsMove(board) : "";
  page.rowsMove = full ? composed : null;
  const info = page.rowsInfo && page.rowsInfo.key === JSON.stringify(board) ? page.rowsInfo.info : null;
  if (!info) page.rowsWarning = null;
  useEffect(() => {
    drawBoard(box.current, ownHand(w.view), board, page.picked, {
      pick: (c) => { page.picked = page.picked === c ? null : c; redraw(); },
      setBoard: (next) => {
        page.board = next;
        if (page.picked && ROWS.some((r) => next[r.id].includes(page.picked))) page.picked = null;
        redraw();
      },
      say: (text, kind) => { if (kind === "error") say(text, kind); },
      describe: info,
    }, { motion: !reduced.matches });
    fitBoard(box.current);
    checkRows(w, board);
    guard.redrawn();
  });
  const title = t("Arrange your rows");
  const help = t("Click a card, then a row (or drag it). The back row must beat the middle, and the middle the front, or the hand fouls.");
  const auto = t("suggest (auto)");
  const clear = t("clear rows");
  const label = t("arrange your rows");
  const suggest = () => {
    // the arranger's split is the first `arrange` move the engine lists (after declarations)
    const first = (w.legal || []).find((m) => m.startsWith("arrange"));
    if (first) page.board = boardFromMove(first);
    page.picked = null;
    redraw();
  };
  return html`<section id="arrange" class="arrange" aria-label=${label}>
    <header class="arrange-head">
      <h2 title=${help}>${title}</h2>
      <button id="arrange-auto" type="button" class="small-button" onClick=${suggest}>${auto}</button>
      <button id="arrange-clear" type="button" class="small-button" onClick=${() => { page.board = emptyBoard(); page.picked = null; redraw(); }}>${clear}</button>
      <p class="hint-line">${help}</p>
    </header>
    <div id="arrange-board" class="arrange-board" ref=${box}></div>
  </section>`;
}

/** The arrangement's send button (in the action bar): the rows composed on the board. */
export function arrangeSend(playMove) {
  const board = page.board || emptyBoard();
  const full = ROWS.every((r) => board[r.id].length === r.size);
  const composed = full ? rowsMove(board) : "";
  return { disabled: !full, composed, label: t("send these rows"), send: () => composed && playMove(composed) };
}

