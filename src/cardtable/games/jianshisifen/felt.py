"""捡十四分's card table (:class:`cardtable.parts.felt.Felt`): each seat with its hidden cards and
the pairs it has picked in front of it (with their suit points); the face-up table cards and
the stock in the middle.

Each table card is a zone of its own, so that a pick is one gesture: select the hand card and
click the table card it makes 14 with.  Select a card and click the table to put it there;
click the stock to draw."""

from __future__ import annotations

from typing import Any

from ...i18n import _, pgettext
from ...parts.felt import Felt, Target, area, backs_of, seat, single

View = dict[str, Any]


def _tags(view: View, s: int) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(_("dealer"))
    teams = int(view.get("teams") or 0)
    if teams:
        tags.append(_("team {n}", n=s % teams + 1))
    return tags


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players", 0))
    pairs = list(view.get("pairs") or [])
    points = list(view.get("pile_points") or [])
    seats = []
    for s in range(players):
        won = [c for pair in (pairs[s] if s < len(pairs) else []) for c in pair]
        label = _("pairs, {points} points", points=points[s]) if s < len(points) else ""
        zones = [area(f"pairs:{s}", "cards", label, cards=won)]
        seats.append(seat(backs_of(view, s), (), _tags(view, s), zones))
    centre = [area("stock", "stock", pgettext("zone", "stock"), count=int(view.get("stock") or 0)),
              area("table", "layout", pgettext("zone", "table"), cards=[])]
    centre += [area(f"table:{c}", "cards", cards=[c]) for c in view.get("table") or []]
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    words = move.split()
    if move == "draw":
        return Target("stock")
    if len(words) == 3 and words[0] == "pick":      # pick <hand card> <table card>
        return Target(f"table:{words[2]}", (words[1],))
    card = single("put", move)
    return Target("table", (card,)) if card else None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
