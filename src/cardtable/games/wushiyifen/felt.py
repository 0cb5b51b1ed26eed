"""五十一分's card table (:class:`cardtable.parts.felt.Felt`): each seat with its hidden cards,
the cards everyone saw it take, and the cards it has thrown face up in front of it (a pile per
seat: the 上家's last throw is the one that may be taken); a declared hand spread with its
value; the stock and the cards set aside in the middle.

Gestures: click the stock to draw, your 上家's pile to take the card just thrown; select a
card and click your own pile to throw it.  Declaring (a throw with 明亮 or 暗亮) and answering
a declaration are made from the list of moves."""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...parts.felt import Felt, Target, area, backs_of, seat, single

View = dict[str, Any]


def _value(value: Any, pure: bool) -> str:
    if not value:
        return _("{value} (not one suit)", value=value)
    return _("{value} — pure (纯花色, no joker)", value=value) if pure else str(value)


def _tags(view: View, s: int) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(_("dealer"))
    dec = view.get("declaration") or {}
    if dec.get("seat") == s:
        tags.append(_("declared 明亮 open") if dec.get("kind") == "open" else _("declared 暗亮 hidden"))
    if s in (dec.get("shown") or []):
        tags.append(_("showed"))
    if dec.get("challenger") == s:
        tags.append(_("challenged (顶)"))
    shown = (view.get("revealed") or {}).get(str(s))
    if shown:
        tags.append(_value(shown.get("value"), bool(shown.get("pure"))))
    return tags


def _takeable(view: View) -> int | None:
    """The seat whose last thrown card the player to move may take (his 上家)."""
    players = int(view.get("players", 0))
    if not view.get("last_throw") or view.get("phase") != "draw" or not players:
        return None
    up = (int(view.get("turn", 0)) - 1) % players
    pile = (view.get("thrown") or [])[up:up + 1]
    return up if pile and pile[0] and pile[0][-1] == view["last_throw"] else None


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players", 0))
    me = view.get("seat")
    thrown = list(view.get("thrown") or [])
    known_all = list(view.get("known") or [])
    revealed = view.get("revealed") or {}
    takeable = _takeable(view)
    seats = []
    for s in range(players):
        if s == me:
            known: list[str] = []
        elif str(s) in revealed:
            known = list(revealed[str(s)].get("cards") or [])
        else:
            known = list(known_all[s]) if s < len(known_all) else []
        pile = list(thrown[s]) if s < len(thrown) else []
        marks = {str(len(pile) - 1): _("may be taken")} if s == takeable else None
        zones = [area(f"thrown:{s}", "pile", _("thrown"), cards=pile, spread=True, marks=marks)]
        seats.append(seat(backs_of(view, s, known), known, _tags(view, s), zones))
    centre = [area("stock", "stock", _("stock"), count=int(view.get("stock") or 0))]
    if view.get("set_aside"):
        centre.append(area("aside", "cards", _("set aside"), cards=list(view["set_aside"])))
    if view.get("hand") is not None and not view.get("over"):
        centre.append(area("value", "info", _("your hand's value"),
                           text=_value(view.get("my_value"), bool(view.get("my_pure")))))
    if view.get("void"):
        centre.append(area("void", "info", _("void deal"),
                           text=_("the stock ran out with no declaration: nobody scores")))
    elif not view.get("over") and view.get("threshold") is not None:
        centre.append(area("terms", "info", text=_("declare with {threshold} or more",
                                                    threshold=view["threshold"])))
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    if move == "draw":
        return Target("stock")
    if move == "take":
        up = _takeable(view)
        return Target(f"thrown:{up}") if up is not None else None
    card = single("throw", move)
    if card and view.get("seat") is not None:
        return Target(f"thrown:{view['seat']}", (card,))
    return None     # a throw with a declaration, show, pass, challenge: from the list


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
