// The picture made ready to draw: every face-up card gets its identity (the card and its
// occurrence, "7♥#0", "7♥#1" with two decks), the key the motion follows from its old place
// to its new one, and a hint of where it comes from when it is new. Nothing here is
// decided about the game: the picture is drawn as the server sent it.

/** Keys in one fixed order: a held trick, the hand, each seat's known cards and zones, the
 * middle. The same card keeps its key while it moves between these places. */
export function buildModel(cfg, held) {
  const seen = new Map();
  const key = (card) => {
    const k = seen.get(card) || 0;
    seen.set(card, k + 1);
    return `${card}#${k}`;
  };
  if (held) {               // the held trick's cards keep their keys: others count past them
    for (const k of held.keys) {
      const at = k.lastIndexOf("#");
      const card = k.slice(0, at);
      seen.set(card, Math.max(seen.get(card) || 0, Number(k.slice(at + 1)) + 1));
    }
  }
  const picture = cfg.picture || { seats: [], centre: [] };
  const heldZone = held ? keyZone(held.zone, key, null, held.keys) : null;
  const hand = (cfg.hand || []).map((card, index) => ({ card, index, key: key(card) }));
  const seats = (picture.seats || []).map((s, n) => ({
    backs: Math.max(0, Number(s.backs) || 0),
    known: (s.known || []).map((card) => ({ card, key: key(card) })),
    tags: (s.tags || []).filter(Boolean),
    zones: (s.zones || []).map((z) => keyZone(z, key, n)),
  }));
  const centre = (picture.centre || []).map((z) => keyZone(z, key, null));
  if (heldZone) placeHeld(heldZone, held, seats, centre);
  return { hand, seats, centre, players: seats.length };
}

function keyZone(z, key, owner, given) {
  const out = { ...z, owner, _cards: [], _plays: [], _rows: [] };
  let g = 0;
  const next = (card) => (given ? given[g++] : key(card));
  out._cards = (z.cards || []).map((card) => ({ card, key: next(card) }));
  out._plays = (z.plays || []).map(([seat, card]) => ({ seat, card, key: next(card) }));
  out._rows = (z.rows || []).map((r) => ({
    label: r.label || "", result: r.result || "",
    cards: (r.cards || []).map((card) => ({ card, key: next(card) })),
  }));
  return out;
}

/** Every key a zone's cards have, in order (a held trick keeps these while it is swept). */
export function zoneKeys(z) {
  return [...z._cards, ...z._plays, ...z._rows.flatMap((r) => r.cards)].map((c) => c.key);
}

/** A held trick takes the place of the zone with its id (the next trick waits until it is
 * swept), or goes back where it was when the picture has no such zone any more. */
function placeHeld(zone, held, seats, centre) {
  zone._held = true;
  const swap = (list) => {
    const i = list.findIndex((z) => z.id === zone.id);
    if (i >= 0) list[i] = { ...zone, owner: list[i].owner };
    return i >= 0;
  };
  if (swap(centre) || seats.some((s) => swap(s.zones))) return;
  if (held.owner !== null && held.owner !== undefined && seats[held.owner]) {
    const zs = seats[held.owner].zones;
    zs.splice(Math.min(held.index, zs.length), 0, { ...zone, owner: held.owner });
  } else {
    centre.splice(Math.min(held.index, centre.length), 0, zone);
  }
}

/** Every zone of a picture with its owner (null: the middle) and its index there. */
export function allZones(picture) {
  const out = [];
  ((picture && picture.centre) || []).forEach((z, index) => out.push({ zone: z, owner: null, index }));
  ((picture && picture.seats) || []).forEach((s, n) =>
    (s.zones || []).forEach((z, index) => out.push({ zone: z, owner: n, index })));
  return out;
}

/** A complete trick: one with a winner and cards in it. */
export function isComplete(z) {
  return z && z.kind === "trick" && Number.isInteger(z.winner) &&
    ((z.plays && z.plays.length) || (z.cards && z.cards.length)) > 0;
}

/** What tells two complete tricks apart. */
export function trickSig(z) {
  return JSON.stringify([z.id, z.plays || [], z.cards || [], z.winner]);
}

/** The seats whose hidden cards went down between two pictures (a card came from there). */
export function seatsThatGave(oldPicture, newPicture) {
  const out = [];
  const a = (oldPicture && oldPicture.seats) || [];
  const b = (newPicture && newPicture.seats) || [];
  b.forEach((s, n) => {
    if (a[n] && (Number(a[n].backs) || 0) > (Number(s.backs) || 0)) out.push(n);
  });
  return out;
}

/** The stock's count in a picture (the first stock zone), or null. */
export function stockCount(picture) {
  const z = allZones(picture).find((e) => e.zone.kind === "stock");
  return z ? Number(z.zone.count) || 0 : null;
}
