"""Gin's card table (:class:`cardtable.parts.felt.Felt`): the two seats, the stock and the
discard pile in the middle; at a knock, the knocker's melds and deadwood in front of them with
the defender's lay-offs marked, and the defender's own melds and unmatched cards."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...parts.felt import Felt, Target, area, backs_of, seat, single

View = dict[str, Any]


def _knock_zones(view: View, s: int) -> list[dict[str, Any]]:
    knock = view.get("knock") or {}
    zones: list[dict[str, Any]] = []
    if knock.get("seat") == s:
        laid: dict[int, set[str]] = {}
        for card, meld in knock.get("layoffs") or []:
            laid.setdefault(int(meld), set()).add(card)
        for i, meld in enumerate(knock.get("melds") or []):
            marks = {str(j): _("laid off") for j, c in enumerate(meld) if c in laid.get(i, ())}
            zones.append(area(f"meld:{i}", "meld", cards=list(meld), marks=marks or None))
        if knock.get("deadwood"):
            zones.append(area("deadwood", "cards", _("deadwood {points}", points=knock.get("deadwood_points", 0)),
                              cards=list(knock["deadwood"])))
    defender = view.get("defender")
    if knock.get("seat") is not None and knock.get("seat") != s and isinstance(defender, dict):
        for i, meld in enumerate(defender.get("melds") or []):
            zones.append(area(f"defender-meld:{i}", "meld", cards=list(meld)))
        if defender.get("unmelded"):
            zones.append(area("defender-deadwood", "cards",
                              _("deadwood {points}", points=defender.get("deadwood_points", 0)),
                              cards=list(defender["unmelded"])))
    return zones


def picture(view: View) -> dict[str, Any]:
    hands = view.get("hands")
    known_all = view.get("known") or [[], []]
    seats = []
    for s in range(2):
        shown = _knock_zones(view, s)
        if shown:                       # the hand is on the table now: melds and deadwood
            seats.append(seat(0, tags=[_("dealer")] if view.get("dealer") == s else [], zones=shown))
            continue
        known = list(hands[s]) if isinstance(hands, list) and s != view.get("seat") else \
            list(known_all[s]) if s != view.get("seat") else []
        seats.append(seat(backs_of(view, s, known) if not isinstance(hands, list) else 0, known,
                          [_("dealer")] if view.get("dealer") == s else []))
    pile = list(view.get("discard") or [])
    centre = [area("stock", "stock", _("stock"), count=int(view.get("stock") or 0)),
              area("pile", "pile", _("discard pile"), cards=pile, spread=True)]
    if view.get("knock_limit") is not None and not view.get("over"):
        centre.append(area("terms", "info", text=_("knock limit {limit}", limit=view["knock_limit"])))
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    words = move.split()
    verb = words[0] if words else ""
    if verb == "draw":
        return Target("stock")
    if verb == "take":
        return Target("pile")
    for v in ("discard", "knock", "gin"):     # a card onto the pile: the page asks which, if several
        card = single(v, move)
        if card:
            return Target("pile", (card,))
    if verb == "layoff" and len(words) >= 3:
        meld = move[move.index("[") + 1:move.rindex("]")].split()
        for i, m in enumerate((view.get("knock") or {}).get("melds") or []):
            if sorted(m) == sorted(meld):
                return Target(f"meld:{i}", (words[1],))
    return None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
