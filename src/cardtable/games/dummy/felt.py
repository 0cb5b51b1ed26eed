"""Thai Dummy's card table (:class:`cardtable.parts.felt.Felt`): each seat with its hidden
cards, the cards everyone saw it pick up, and its melds in front of it (the head card and the
cards other seats laid off marked); the stock, the spread discard pile (players pick up from
deep in it) and the head card in the middle.

Gestures: click the stock to draw; select a card and click the pile to discard; for a pickup,
select the hand cards of the new meld and click the pile (the page asks which pile card when
several pickups use the same hand cards); select cards and click your melds area to meld, or
a meld to lay them off on it."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...parts.felt import Felt, Target, area, seat, single
from ...parts.screen import signed

View = dict[str, Any]


def _own_hand(view: View) -> list[str]:
    me = view.get("seat")
    hands = view.get("hands") or []
    if isinstance(me, int) and me < len(hands) and isinstance(hands[me], list):
        return list(hands[me])
    return []


def _meld_zone(i: int, meld: dict[str, Any], head: str | None) -> dict[str, Any]:
    owner = meld.get("owner")
    cards = list(meld.get("cards") or [])
    placed = list(meld.get("placed_by") or [])
    marks: dict[str, str] = {}
    for j, card in enumerate(cards):
        words = []
        if card == head:
            words.append(_("head"))
        # who laid a card off matters: the speto penalties charge the seat that placed it
        if j < len(placed) and placed[j] != owner:
            words.append(_("laid off by seat {n}", n=int(placed[j]) + 1))
        if words:
            marks[str(j)] = ", ".join(words)
    return area(f"meld:{i}", "meld", cards=cards, marks=marks or None)


def _seat_tags(view: View, s: int) -> list[str]:
    tags = []
    if (view.get("born") or [])[s:s + 1] == [True]:
        tags.append(_("born"))
    if view.get("knocker") == s:
        tags.append(_("knocked"))
    points = sum(int(p.get("points", 0)) for p in view.get("penalties") or [] if p.get("seat") == s)
    if points:
        tags.append(_("penalties {points}", points=signed(points)))
    return tags


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players", 0))
    me = view.get("seat")
    hands = view.get("hands") or []
    head = view.get("head")
    melds = list(view.get("melds") or [])
    seats = []
    for s in range(players):
        h = hands[s] if s < len(hands) else {}
        if isinstance(h, list):             # the viewer's own hand, or every hand at the end
            known, backs = ([] if s == me else list(h)), 0
        else:
            known = list(h.get("known") or [])
            backs = max(0, int(h.get("count", 0)) - len(known))
        zones = [_meld_zone(i, m, head) for i, m in enumerate(melds) if m.get("owner") == s]
        zones.append(area(f"melds:{s}", "meld", _("new meld") if s == me else "", cards=[]))
        if view.get("knocker") == s and view.get("knock_card"):
            zones.append(area("knock", "cards", _("knock card"), cards=[view["knock_card"]]))
        seats.append(seat(backs, known, _seat_tags(view, s), zones))
    pile = list(view.get("discard_pile") or [])
    pile_marks = {str(pile.index(head)): _("head")} if head in pile else None
    centre = [area("stock", "stock", _("stock"), count=int(view.get("stock_count") or 0)),
              area("pile", "pile", _("discard pile"), cards=pile, spread=True, marks=pile_marks)]
    if head:
        centre.append(area("head", "info", _("head card"), text=str(head)))
    if not view.get("over"):
        if view.get("must_knock"):
            centre.append(area("note", "info", text=_("this turn must end in a knock")))
        elif view.get("final_turn"):
            centre.append(area("note", "info", text=_("final turn: pick up to knock, or pass")))
    return {"seats": seats, "centre": centre}


def _meld_holding(view: View, card: str) -> int | None:
    for i, m in enumerate(view.get("melds") or []):
        if card in (m.get("cards") or []):
            return i
    return None


def target(move: str, view: View) -> Target | None:
    words = move.split()
    verb = words[0] if words else ""
    if verb == "draw":
        return Target("stock")
    card = single("discard", move) or single("knock", move)
    if card:        # a knock is the last card onto the pile, as a discard is
        return Target("pile", (card,))
    me = view.get("seat")
    if verb == "take" and len(words) >= 3:
        if words[2] == "meld":      # the hand cards of the new meld, then the pile
            hand = _own_hand(view)
            return Target("pile", tuple(c for c in words[3:] if c in hand))
        return Target("pile")       # the pile card goes onto a table meld: no hand card
    if verb == "meld" and len(words) >= 2:
        return Target(f"melds:{me}", tuple(words[1:]))
    if verb == "layoff" and "on" in words:
        k = words.index("on")
        i = _meld_holding(view, words[k + 1]) if k + 1 < len(words) else None
        return Target(f"meld:{i}", tuple(words[1:k])) if i is not None else None
    return None     # show, pass: from the list of moves


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
