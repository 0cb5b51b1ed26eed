"""Remik's card table (:class:`cardtable.parts.felt.Felt`): each seat with its hidden cards and
its melds in front of it (a joker drawn as a joker, with the card it stands for), who has
opened; the stock and the discard pile in the middle (squared: only its top card may be
taken).

Gestures: click the stock to draw, the pile to take its top card; select a card and click the
pile to discard it; select the hand cards of an opening with the top discard and click the
pile to take it and open; select cards and click your melds area to meld (an opening: all its
melds' cards at once), or a meld to lay them off on it or swap a card for its joker."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...i18n import _
from ...parts.felt import Felt, Target, area, seat, single
from .layout import how_ended

View = dict[str, Any]


def _hand_tokens(faces: list[str]) -> list[str]:
    """Cards as they lie in a hand: a joker written ``JK=8♥`` is the card ``JK``."""
    return ["JK" if f.startswith("JK") else f for f in faces]


def _meld_zone(meld: dict[str, Any]) -> dict[str, Any]:
    faces = list(meld.get("cards") or [])
    stand_in = {str(i): f.split("=", 1)[1] for i, f in enumerate(faces) if f.startswith("JK=")}
    return area(str(meld.get("id")), "meld", str(meld.get("id")), cards=_hand_tokens(faces),
                stand_in=stand_in or None)


def _tags(view: View, s: int) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(_("dealer"))
    if (view.get("opened") or [])[s:s + 1] == [True]:
        tags.append(_("opened"))
    if view.get("current") == s and view.get("taken"):
        tags.append(_("took {card}", card=view["taken"]))
    result = view.get("result")
    if result and s in (result.get("winners") or []):
        tags.append(how_ended(result))
    return tags


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players", 0))
    me = view.get("seat")
    hands = view.get("hands")          # every hand, face up, once the deal is over
    sizes = list(view.get("hand_sizes") or [])
    table = list(view.get("table") or [])
    seats = []
    for s in range(players):
        zones = [_meld_zone(m) for m in table if m.get("owner") == s]
        zones.append(area(f"melds:{s}", "meld", _("new meld") if s == me else "", cards=[]))
        if s == me:
            seats.append(seat(0, (), _tags(view, s), zones))
        elif isinstance(hands, list) and s < len(hands):
            seats.append(seat(0, list(hands[s]), _tags(view, s), zones))
        else:
            seats.append(seat(sizes[s] if s < len(sizes) else 0, (), _tags(view, s), zones))
    centre = [area("stock", "stock", _("stock"), count=int(view.get("stock") or 0)),
              area("pile", "pile", _("discard pile"), cards=list(view.get("discard") or []),
                   spread=False)]
    if not view.get("over"):
        if view.get("opening_min") is not None and not all(view.get("opened") or [True]):
            centre.append(area("terms", "info",
                               text=_("opening needs ≥ {minimum} points", minimum=view["opening_min"])))
        if view.get("must_use_joker"):
            centre.append(area("note", "info", text=_("you must use the joker taken by exchange this turn")))
    return {"seats": seats, "centre": centre}


def _meld_faces(rest: str) -> list[str]:
    groups = re.findall(r"\[([^\]]*)\]", rest)
    return [f for g in groups for f in g.split()] if groups else rest.split()


def target(move: str, view: View) -> Target | None:
    words = move.split()
    verb = words[0] if words else ""
    if verb == "draw":
        return Target("stock")
    if move == "take":
        return Target("pile")
    card = single("discard", move)
    if card:
        return Target("pile", (card,))
    me = view.get("seat")
    if verb == "take" and words[1:2] == ["meld"]:
        # the opening's hand cards: all its cards but the top discard it is made with
        pile = list(view.get("discard") or [])
        cards = Counter(_hand_tokens(_meld_faces(move.split(None, 2)[2])))
        if pile:
            cards -= Counter([pile[-1]])
        return Target("pile", tuple(cards.elements()))
    if verb == "meld" and len(words) >= 2:
        return Target(f"melds:{me}", tuple(_hand_tokens(_meld_faces(move.split(None, 1)[1]))))
    if verb in ("lay", "swap") and len(words) >= 3 and words[-1].startswith("@"):
        return Target(words[-1][1:], tuple(_hand_tokens(words[1:-1])))
    return None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
