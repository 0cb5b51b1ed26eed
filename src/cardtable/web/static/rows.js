// 十三张's arrangement board: the player puts the thirteen cards into 头道 (3), 中道 (5) and
// 尾道 (5) by clicking a card and then a row (or dragging it there); the page composes the
// `arrange` move and the server judges it. A fouling arrangement is legal (it is scored as a
// foul), so the page warns, using the server's description of the rows when it has one.

import { cardEl, sortCards } from "./cards.js";
import { N_, t } from "./i18n.js";

export const ROWS = [
  { id: "head", name: N_("头道 front"), size: 3 },
  { id: "middle", name: N_("中道 middle"), size: 5 },
  { id: "tail", name: N_("尾道 back"), size: 5 },
];

export function rowsMove(board) {
  return "arrange " + ROWS.map((r) => board[r.id].join(" ")).join(" | ");
}

/** A board filled from an `arrange` move text (the arranger's suggestion). */
export function boardFromMove(text) {
  const parts = text.replace(/^arrange\s+/, "").split("|").map((p) => p.trim().split(/\s+/).filter(Boolean));
  const board = { head: parts[0] || [], middle: parts[1] || [], tail: parts[2] || [] };
  return board;
}

export function drawBoard(box, hand, board, picked, handlers) {
  box.replaceChildren();
  const placed = new Set([...board.head, ...board.middle, ...board.tail]);
  const loose = sortCards(hand.filter((c) => !placed.has(c)));
  for (const r of ROWS) {
    const row = document.createElement("div");
    row.className = "arrange-row";
    row.dataset.row = r.id;
    const label = document.createElement("button");
    label.type = "button";
    label.className = "row-label";
    label.textContent = t("{row} ({placed}/{size})", { row: t(r.name), placed: board[r.id].length, size: r.size });
    label.addEventListener("click", () => handlers.toRow(r.id));
    row.append(label);
    const desc = document.createElement("span");
    desc.className = "row-type";
    desc.textContent = (handlers.describe && handlers.describe[r.id]) || "";
    row.append(desc);
    for (const c of board[r.id]) {
      const el = cardEl(c, { small: true });
      el.classList.add("placed");
      el.tabIndex = 0;
      el.addEventListener("click", () => handlers.unplace(c));
      row.append(el);
    }
    row.addEventListener("dragover", (ev) => ev.preventDefault());
    row.addEventListener("drop", (ev) => {
      ev.preventDefault();
      const c = ev.dataTransfer.getData("text/plain");
      if (c) handlers.place(c, r.id);
    });
    box.append(row);
  }
  const rest = document.createElement("div");
  rest.className = "arrange-loose";
  for (const c of loose) {
    const el = cardEl(c, { small: false });
    el.classList.add("loose");
    el.draggable = true;
    el.tabIndex = 0;
    if (picked === c) el.classList.add("selected");
    el.addEventListener("click", () => handlers.pick(c));
    el.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", c));
    rest.append(el);
  }
  box.append(rest);
}
