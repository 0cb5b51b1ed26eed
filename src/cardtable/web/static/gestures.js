// Gestures on the table become moves here. The drawing (felt/) says what the person did — a
// zone clicked, cards dropped on it, a card double-clicked — and the frame's ``felt.targets``
// say, for each legal move made on the table, its zone and the hand cards selected for it.
// The page never decides legality: it picks the legal moves whose target matches exactly.

/** The cards as a multiset key (order does not matter; a second copy counts twice). */
function bag(cards) {
  return [...cards].sort().join("\u0000");
}

export function sameCards(a, b) {
  return a.length === b.length && bag(a) === bag(b);
}

/** Whether ``big`` holds every card of ``small`` (as many times as ``small`` has it). */
export function holds(big, small) {
  const left = [...big];
  for (const c of small) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** Every zone of a picture by its id: ``{zone, seat}`` (seat null for the middle). */
export function zonesById(picture) {
  const out = new Map();
  if (!picture) return out;
  (picture.centre || []).forEach((z) => out.set(z.id, { zone: z, seat: null }));
  (picture.seats || []).forEach((s, i) => (s.zones || []).forEach((z) => out.set(z.id, { zone: z, seat: i })));
  return out;
}

function unique(targets) {
  const seen = new Set();
  return targets.filter((x) => (seen.has(x.move) ? false : (seen.add(x.move), true)));
}

/** What a click on zone ``id`` with ``cards`` selected does:
 *  {kind: "send", move} | {kind: "choose", moves} | {kind: "select", need} (the zone takes
 *  cards, none are selected) | {kind: "more", examples} (more cards are needed) |
 *  {kind: "none", examples} (these cards do not go there) | {kind: "idle"} (nothing there). */
export function atZone(targets, id, cards) {
  const here = (targets || []).filter((x) => x.zone === id);
  if (!here.length) return { kind: "idle" };
  const exact = unique(here.filter((x) => sameCards(x.cards, cards)));
  if (exact.length === 1) return { kind: "send", move: exact[0].move };
  if (exact.length > 1) return { kind: "choose", moves: exact.map((x) => x.move) };
  if (!cards.length) return { kind: "select", need: Math.min(...here.map((x) => x.cards.length)), examples: here.map((x) => x.move) };
  const wider = unique(here.filter((x) => holds(x.cards, cards)));
  if (wider.length) return { kind: "more", examples: wider.map((x) => x.move) };
  return { kind: "none", examples: here.map((x) => x.move) };
}

/** A card double-clicked (or double-tapped): the moves that play that card alone onto a pile,
 * the trick or the layout. */
export function playCard(targets, zones, card) {
  const kinds = new Set(["pile", "trick", "layout"]);
  return unique((targets || []).filter((x) => {
    const z = zones.get(x.zone);
    return z && kinds.has(z.zone.kind) && sameCards(x.cards, [card]);
  })).map((x) => x.move);
}

/** The zones where something can be done now with the selection (all target zones when
 * nothing is selected), for the drawing to show them. */
export function hotZones(targets, cards) {
  const out = new Set();
  for (const x of targets || []) {
    if (!cards.length || holds(x.cards, cards)) out.add(x.zone);
  }
  return [...out];
}

/** The moves the selection makes exactly, and how many more use it with other cards too. */
export function withSelection(targets, cards) {
  if (!cards.length) return { exact: [], wider: [] };
  const exact = unique((targets || []).filter((x) => sameCards(x.cards, cards)));
  const wider = unique((targets || []).filter((x) => x.cards.length > cards.length && holds(x.cards, cards)));
  return { exact, wider };
}

/** The cards of a move's text that are not in ``cards`` (what else a move needs selected). */
export function missing(targets, move, cards) {
  const x = (targets || []).find((y) => y.move === move);
  if (!x) return [];
  const left = [...x.cards];
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}
