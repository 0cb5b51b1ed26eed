"""憋7's card table (:class:`cardtable.parts.felt.Felt`): the four suit rows in the middle as one
``layout`` zone, the dead card beside them; at each seat the backs of its hand, the cards the
viewer lent it, and who borrows and who must lend.

Gestures: a card onto the layout plays it; the joker (活王) onto the dead card lets it stand for a
card (the page asks which place); while a seat borrows, a card onto the borrower's place lends
it.  A borrow has no gesture (the list of moves makes it)."""

from __future__ import annotations

from typing import Any

from ...cards import RANKS, SUITS, card_str
from ...i18n import _
from ...parts.felt import Felt, Target, Zone, area, backs_of, seat, single
from ...suitchains import parse_position

View = dict[str, Any]


def suit_rows(view: View, suits: list[str]) -> list[dict[str, Any]]:
    """Each suit's chain low to high as the cards lie: a stand-in (``BJ=♦8`` in the view's
    ``table``) is drawn where it stands."""
    lying: dict[str, str] = {}
    for entry in view.get("table") or []:
        card, _eq, place = str(entry).partition("=")
        lying[card_str(parse_position(place)) if place else card] = card
    chains = view.get("chains") or {}
    rows = []
    for suit in suits:
        cards: list[str] = []
        if suit in chains:
            lo, hi = chains[suit]
            cards = [lying.get(r + suit, r + suit)
                     for r in RANKS[RANKS.index(lo):RANKS.index(hi) + 1]]
        rows.append({"label": suit, "cards": cards})
    return rows


def _dead_text(view: View) -> str:
    dead = view.get("dead")
    if dead in (None, "joker"):
        return _("the joker")
    # the view names the place suit first (♦8): the person reads it as a card
    return _("{card} (the joker stands for it)", card=card_str(parse_position(str(dead))))


def picture(view: View) -> dict[str, Any]:
    viewer = view.get("seat")
    borrowing = view.get("borrowing") or {}
    hands = view.get("hands") if view.get("over") else None
    known_all = view.get("known") or {}
    seats = []
    for s in range(int(view.get("players", 0))):
        tags = []
        zones: list[Zone] = []
        if borrowing.get("borrower") == s:
            tags.append(_("borrowing"))
            zones.append(area(f"borrow:{s}", "cards", _("lend a card here"), cards=[]))
        if borrowing.get("lender") == s:
            tags.append(_("lending"))
        if s in (view.get("winners") or []):
            tags.append(_("winner"))
        if s in (view.get("losers") or []):
            tags.append(_("loser"))
        if isinstance(hands, list):         # the deal is over: every hand is shown
            known = list(hands[s]) if s != viewer else []
            seats.append(seat(0, known, tags, zones))
            continue
        known = list(known_all.get(str(s), [])) if s != viewer else []
        seats.append(seat(backs_of(view, s, known), known, tags, zones))
    centre = [area("layout", "layout", _("suit rows"), rows=suit_rows(view, list(SUITS))),
              area("dead", "info", _("dead card"), text=_dead_text(view))]
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    words = move.split()
    card = single("play", move)
    if card:
        return Target("layout", (card,))
    if len(words) == 4 and words[0] == "play" and words[2] == "for":
        return Target("dead", (words[1],))
    borrower = (view.get("borrowing") or {}).get("borrower")
    if words and words[0] == "lend" and borrower is not None:
        return Target(f"borrow:{borrower}", tuple(words[1:2]))
    return None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "suit_rows", "target"]
