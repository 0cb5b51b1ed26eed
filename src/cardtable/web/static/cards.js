// Cards as the server writes them (symbol form: "10♥", "Q♠", "BJ", "LJ", "JK") and their drawing.
// A card is drawn with CSS only (our own drawing): rank and suit glyph, coloured by suit.
// The card's text stays the notation in every language; only spoken labels are translated.

import { N_, t } from "./i18n.js";

export const SUITS = ["♠", "♥", "♦", "♣"];
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const JOKERS = { BJ: N_("big joker"), LJ: N_("little joker"), JK: N_("joker") };
const CARD_RE = /^(10|[2-9JQKA])([♠♥♦♣])$/u;

export function isCard(text) {
  return typeof text === "string" && (CARD_RE.test(text) || text in JOKERS);
}

export function parseCard(text) {
  if (text in JOKERS) return { rank: text, suit: null, joker: true };
  const m = CARD_RE.exec(text);
  return m ? { rank: m[1], suit: m[2], joker: false } : null;
}

/** Sort key: by suit (♠ ♥ ♦ ♣, jokers last), then rank 2 … A. */
export function cardKey(text) {
  const c = parseCard(text);
  if (!c) return 999;
  if (c.joker) return 100 + Object.keys(JOKERS).indexOf(text);
  return SUITS.indexOf(c.suit) * 20 + RANKS.indexOf(c.rank);
}

export function sortCards(cards) {
  return [...cards].sort((a, b) => cardKey(a) - cardKey(b));
}

export function suitClass(suit) {
  return { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" }[suit] || "joker";
}

/** A card element: a <button> when ``opts.selectable`` (own hand), else a <span>. */
export function cardEl(text, opts = {}) {
  const c = parseCard(text);
  const el = document.createElement(opts.selectable ? "button" : "span");
  el.className = "card " + (c ? suitClass(c.suit) : "unknown") + (opts.small ? " small" : "");
  if (opts.selectable) {
    el.type = "button";
    el.dataset.card = text;
    el.setAttribute("aria-pressed", "false");
  }
  el.setAttribute("aria-label", c && c.joker ? t(JOKERS[text]) : text);
  const rank = document.createElement("span");
  rank.className = "rank";
  const suit = document.createElement("span");
  suit.className = "suit";
  if (c && c.joker) {
    rank.textContent = text === "BJ" ? "★" : text === "LJ" ? "☆" : "J";
    suit.textContent = text;
  } else if (c) {
    rank.textContent = c.rank;
    suit.textContent = c.suit;
  } else {
    rank.textContent = text;
  }
  el.append(rank, suit);
  return el;
}

/** A face-down card (an opponent's hand, the stock). */
export function backEl(small = true) {
  const el = document.createElement("span");
  el.className = "card back" + (small ? " small" : "");
  el.setAttribute("aria-label", t("face-down card"));
  return el;
}

/** The cards named in a move's text, in order ("take 6♠ meld 6♠ 6♥ 6♣" → 6♠ 6♠ 6♥ 6♣). */
export function cardsInText(text) {
  return text.split(/[\s|()[\],]+/u).filter(isCard);
}
