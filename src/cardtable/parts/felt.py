"""The table as a picture: what the browser's card table draws of one seat's view, and where
on that table each legal move is made.

A game declares a :class:`Felt` part.  ``picture(view)`` turns the seat's view (and nothing
else, so it can show nothing the view does not) into plain data the page's drawing layer
draws, like chessground's position: seats around a felt, each with the backs of the cards
the viewer may not see, the cards of that hand the viewer knows, short tags and the zones in
front of them (melds, rows, piles of won or thrown cards); and zones in the middle (stock,
pile, trick, layout, bidding box …).  ``target(move, view)`` says where a legal move is made
on that picture: a zone's id and the cards of the hand the person selects for it (``[]`` for
a click on the zone alone), or ``None`` for a move made only from the list of moves.  The page
never decides legality: it sends the legal move whose target matches what the person did
(and asks which, when several match); the server checks it as any move.

The picture's shape (JSON; every key but ``seats`` and ``centre`` optional)::

    {"seats": [{"backs": int,            # hidden cards of that hand (data-card-back)
                "known": [card],         # cards of that hand the viewer knows
                "tags": [str],           # short words by the name: "dealer", "bid 80"
                "zones": [zone]}],       # in front of that seat, in order
     "centre": [zone],                   # the middle of the table, in order
     "hand_order": [card] | None}        # the seat's hand as its players sort it

    zone = {"id": str,                   # unique in the picture; what targets name
            "kind": str,                 # one of KINDS (the page's data-zone)
            "label": str,                # what players call it, in the reader's language
            "cards": [card],             # face-up cards, bottom first (pile: top last)
            "count": int,                # cards face down (stock, kitty, a won pile)
            "plays": [[seat, card]],     # a trick's cards, by who played them
            "winner": seat | None,       # a complete trick's winner
            "seat": seat,                # whose play this is (the combination to beat)
            "stand_in": {"i": card},     # a joker at position i stands for card (Remik)
            "marks": {"i": str},         # a word on the card at position i ("head", "born")
            "rows": [{"label": str, "cards": [card], "result": str}],   # suit rows, 十三张
            "bids": [[seat, str]],       # the auction, in order
            "spread": bool,              # the pile may be spread (players may look through it)
            "text": str}                 # a short line of text (a contract, a note)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

View = dict[str, Any]
Picture = dict[str, Any]
Zone = dict[str, Any]

#: the kinds of zone the page draws (the contract's ``data-zone`` values, then the extra ones)
KINDS = ("stock", "pile", "meld", "trick", "layout", "kitty", "rows",
         "bids", "cards", "info")


@dataclass(frozen=True)
class Target:
    """Where a move is made: ``zone`` (a zone id of the picture) and the hand's ``cards``
    the person selects before clicking it (``()`` for a click on the zone alone)."""

    zone: str
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"zone": self.zone, "cards": list(self.cards)}


@dataclass(frozen=True)
class Felt:
    """The card table's drawing of a game: ``picture(view)`` and ``target(move_text, view)``
    (see the module's docstring)."""

    picture: Callable[[View], Picture]
    target: Callable[[str, View], Target | None]


# --- small builders the games share ---------------------------------------------------------

def seat(backs: int = 0, known: Sequence[str] = (), tags: Sequence[str] = (),
         zones: Sequence[Zone] = ()) -> dict[str, Any]:
    """One seat's place: hidden card count, known cards, tags and the zones in front of it."""
    return {"backs": max(0, int(backs)), "known": list(known), "tags": [t for t in tags if t],
            "zones": list(zones)}


def area(zone_id: str, kind: str, label: str = "", **fields: Any) -> Zone:
    """A zone of the picture; ``fields`` are the zone keys of the module docstring."""
    if kind not in KINDS:
        raise ValueError(f"unknown zone kind {kind!r}; one of {', '.join(KINDS)}")
    out: Zone = {"id": zone_id, "kind": kind}
    if label:
        out["label"] = label
    out.update({k: v for k, v in fields.items() if v is not None})
    return out


def hand_size(view: View, s: int) -> int:
    """How many cards seat ``s`` holds, from the view's ``hand_sizes`` or ``hands``."""
    sizes = view.get("hand_sizes")
    if isinstance(sizes, list) and s < len(sizes):
        return int(sizes[s])
    hands = view.get("hands")
    if isinstance(hands, list) and s < len(hands):
        h = hands[s]
        if isinstance(h, dict):
            return int(h.get("count", 0))
        if isinstance(h, list):
            return len(h)
    return 0


def backs_of(view: View, s: int, known: Sequence[str] = ()) -> int:
    """The hidden cards of seat ``s`` for this viewer: none of its own, else its hand size
    less the cards the viewer knows."""
    if view.get("seat") == s:
        return 0
    return max(0, hand_size(view, s) - len(known))


def single(verb: str, text: str) -> str | None:
    """The card of a one-card move ``"<verb> <card>"``, else None."""
    parts = text.split()
    return parts[1] if len(parts) == 2 and parts[0] == verb else None


def validate(picture: Picture, players: int) -> list[str]:
    """What is wrong with a picture (empty when it is well formed): the tests of every game
    and the server's debug checks use this."""
    problems: list[str] = []
    seats = picture.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        return [f"seats: expected a list of {players}"]
    ids: set[str] = set()
    zones = list(picture.get("centre") or [])
    for i, s in enumerate(seats):
        if not isinstance(s.get("backs"), int) or s["backs"] < 0:
            problems.append(f"seat {i + 1}: backs must be a count")
        zones += list(s.get("zones") or [])
    for z in zones:
        if z.get("kind") not in KINDS:
            problems.append(f"zone {z.get('id')!r}: unknown kind {z.get('kind')!r}")
        if not isinstance(z.get("id"), str) or z["id"] in ids:
            problems.append(f"zone id {z.get('id')!r} missing or used twice")
        ids.add(str(z.get("id")))
    return problems


__all__ = ["KINDS", "Felt", "Picture", "Target", "Zone", "area", "backs_of", "hand_size", "seat",
           "single", "validate"]
