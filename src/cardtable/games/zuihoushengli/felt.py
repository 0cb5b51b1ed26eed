"""最后胜利's card table (:class:`cardtable.parts.felt.Felt`): four to six seats, each with the
cards of its hand the whole table knows (recycled or turned cards drawn from the stock) face
up, bankrupt seats marked in the order they went out; in the middle the stock, the turned
trump card and the trick placed by seat.  A card is played by selecting it and clicking the
trick."""

from __future__ import annotations

from typing import Any

from ...i18n import _, pgettext
from ...parts.felt import Felt, Target, area, backs_of, seat, single

View = dict[str, Any]


def _tags(view: View, s: int) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(_("dealer"))
    bankrupt = list(view.get("bankrupt") or [])
    if s in bankrupt:
        tags.append(_("bankrupt #{n}", n=bankrupt.index(s) + 1))
    if view.get("survivor") == s:
        tags.append(_("survivor"))
    return tags


def _trick(view: View) -> dict[str, Any]:
    """The trick being played; between tricks the last one with its winner, so the page can
    hold it a beat before sweeping it away."""
    plays = (view.get("trick") or {}).get("plays") or []
    if plays:
        return area("trick", "trick", pgettext("zone", "trick"), plays=[list(p) for p in plays])
    tricks = view.get("tricks") or []
    if tricks:
        last = tricks[-1]
        return area("trick", "trick", pgettext("zone", "last trick"),
                    plays=[list(p) for p in last["plays"]], winner=last.get("winner"))
    return area("trick", "trick", pgettext("zone", "trick"), plays=[])


def _stock(view: View) -> dict[str, Any]:
    """Face-down cards on top; the cards all know (a trump card put under the stock, a
    recycled stock) lie face up beneath them, bottom first."""
    known = [c for c in view.get("stock_known") or [] if c != "?"]
    count = int(view.get("stock_size") or 0) - len(known)
    return area("stock", "stock", pgettext("zone", "stock"), count=count,
                cards=list(reversed(known)) or None)


def _trump(view: View) -> dict[str, Any]:
    suit = view.get("trump") or _("none (jokers only)")
    turned = list(view.get("turned") or [])
    if turned:
        return area("trump", "cards", pgettext("zone", "trump"), cards=turned, text=suit)
    return area("trump", "info", pgettext("zone", "trump"), text=suit)


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players") or len(view.get("hand_sizes") or []))
    in_hands = view.get("known_in_hands") or {}
    seats = []
    for s in range(players):
        known = [] if view.get("seat") == s else list(in_hands.get(str(s)) or [])
        seats.append(seat(backs_of(view, s, known), known, _tags(view, s)))
    return {"seats": seats, "centre": [_stock(view), _trump(view), _trick(view)]}


def target(move: str, view: View) -> Target | None:
    card = single("play", move)
    return Target("trick", (card,)) if card else None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
