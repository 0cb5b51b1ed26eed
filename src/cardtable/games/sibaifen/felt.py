"""四百分's card table (:class:`cardtable.parts.felt.Felt`): four seats in two fixed
partnerships; in the middle the auction as a bidding box with the contract, the trump suit,
the kitty (face down until the deal ends; the buried cards face up to the declarer alone) and
the trick, placed by seat.  A card is played by selecting it and clicking the trick; the
declarer buries by selecting a card and clicking the kitty."""

from __future__ import annotations

from typing import Any

from ...i18n import _, pgettext
from ...parts.felt import Felt, Target, area, backs_of, seat, single
from .rules import KITTY_SIZE

View = dict[str, Any]


def _calls(view: View) -> list[tuple[int, str]]:
    """The auction's calls ``(seat, "250" | "pass")`` from the view's ``"s: bid"`` entries."""
    out = []
    for entry in view.get("bids") or []:
        s, _sep, bid = str(entry).partition(": ")
        if s.isdigit():
            out.append((int(s), bid))
    return out


def _call_word(bid: str) -> str:
    return pgettext("sibaifen move", "pass") if bid == "pass" else bid


def _tags(view: View, s: int, calls: list[tuple[int, str]]) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(_("dealer"))
    declarer = view.get("declarer")
    if declarer == s:
        tags.append(pgettext("sibaifen", "declarer"))
    elif declarer is not None and (declarer + 2) % 4 == s:
        tags.append(pgettext("sibaifen", "declarer's partner"))
    if view.get("phase") == "bid":
        mine = [bid for who, bid in calls if who == s]
        if mine:
            tags.append(_call_word(mine[-1]))
    side_points = (view.get("points") or [0, 0])[s % 2]
    if side_points:                     # the side's card points: both partners show them
        tags.append(_("{points} points", points=side_points))
    return tags


def _trick(view: View) -> dict[str, Any]:
    """The trick being played; between tricks the last one with its winner, so the page can
    hold it a beat before sweeping it to the winner."""
    plays = (view.get("trick") or {}).get("plays") or []
    if plays:
        return area("trick", "trick", _("trick"), plays=[list(p) for p in plays])
    tricks = view.get("tricks") or []
    if tricks:
        last = tricks[-1]
        return area("trick", "trick", _("last trick"), plays=[list(p) for p in last["plays"]],
                    winner=last.get("winner"))
    return area("trick", "trick", _("trick"), plays=[])


def _kitty(view: View) -> dict[str, Any]:
    if view.get("declarer") is None:        # still in the middle, face down (or thrown in)
        return area("kitty", "kitty", _("kitty"), count=KITTY_SIZE)
    if view.get("kitty") is not None:       # the deal is over: shown to all
        return area("kitty", "kitty", _("kitty"), cards=list(view["kitty"]))
    if view.get("buried") is not None:      # the declarer sees what he buried
        return area("kitty", "kitty", _("buried"), cards=list(view["buried"]))
    return area("kitty", "kitty", _("buried"), count=int(view.get("buried_count") or 0))


def picture(view: View) -> dict[str, Any]:
    calls = _calls(view)
    seats = [seat(backs_of(view, s), tags=_tags(view, s, calls)) for s in range(4)]
    bids = area("auction", "bids", _("auction"), bids=[[s, _call_word(b)] for s, b in calls])
    if view.get("contract") is not None:
        bids["text"] = _("contract {contract}", contract=view["contract"])
    elif view.get("thrown_in"):
        bids["text"] = _("thrown in")
    centre = [bids]
    if view.get("trump"):
        centre.append(area("trump", "info", pgettext("zone", "trump"), text=view["trump"]))
    centre += [_kitty(view), _trick(view)]
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    card = single("play", move)
    if card:
        return Target("trick", (card,))
    words = move.split()
    if words and words[0] == "bury" and len(words) > 1:
        return Target("kitty", tuple(words[1:]))
    return None            # bids, passes and the trump call: the bidding box and the list


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
