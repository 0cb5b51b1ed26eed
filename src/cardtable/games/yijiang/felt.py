"""议将夺墩算分's card table (:class:`cardtable.parts.felt.Felt`): two to four seats (with
four, partners opposite), each with its tricks won this round; in the middle the round, the
rest of the pack, the auction as a bidding box with the contract, the trump suit and the
trick placed by seat.  A card is played by selecting it and clicking the trick; bids, passes
and the trump call stay in the bidding box and the list."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext, pgettext
from ...parts.felt import Felt, Target, area, backs_of, seat, single

View = dict[str, Any]


def _call_word(bid: Any) -> str:
    return pgettext("yijiang move", "pass") if bid == "pass" else str(bid)


def _tags(view: View, s: int) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(_("dealer"))
    phase = view.get("phase")
    declarer = view.get("declarer")
    if phase == "auction":
        mine = [k for who, k in view.get("bids") or [] if who == s]
        if mine:
            tags.append(_call_word(mine[-1]))
    elif declarer == s:
        tags.append(pgettext("yijiang", "declarer"))
    elif declarer is not None and view.get("teams") and (declarer + 2) % 4 == s:
        tags.append(pgettext("yijiang", "declarer's partner"))
    won = (view.get("tricks_won") or [])[s:s + 1]
    if phase in ("play", "over") and won and won[0]:
        tags.append(ngettext("{n} trick", "{n} tricks", int(won[0])))
    return tags


def _trick(view: View) -> dict[str, Any]:
    """The trick being played; between tricks the last one with its winner, so the page can
    hold it a beat before sweeping it to the winner."""
    trick = view.get("trick") or {}
    if trick.get("plays"):
        return area("trick", "trick", _("trick"), plays=[list(p) for p in trick["plays"]],
                    winner=trick.get("winner"))
    last = view.get("last_trick") or {}
    if last.get("plays"):
        return area("trick", "trick", _("last trick"), plays=[list(p) for p in last["plays"]],
                    winner=last.get("winner"))
    return area("trick", "trick", _("trick"), plays=[])


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players") or len(view.get("hand_sizes") or []))
    seats = [seat(backs_of(view, s), tags=_tags(view, s)) for s in range(players)]
    centre = []
    if int(view.get("rounds") or 1) > 1:
        centre.append(area("round", "info", pgettext("zone", "round"),
                           text=_("{round} of {rounds}", round=view.get("round"),
                                  rounds=view.get("rounds"))))
    centre.append(area("stock", "stock", pgettext("zone", "stock"), count=int(view.get("stock") or 0)))
    bids = area("auction", "bids", pgettext("zone", "auction"),
                bids=[[s, _call_word(k)] for s, k in view.get("bids") or []])
    if view.get("phase") != "auction" and view.get("declarer") is not None:
        bids["text"] = _("contract {contract}", contract=view.get("high_bid"))
    centre.append(bids)
    if view.get("trump"):
        centre.append(area("trump", "info", pgettext("zone", "trump"), text=view["trump"]))
    elif view.get("phase") in ("play", "over"):      # everybody passed: a round without trump
        centre.append(area("trump", "info", pgettext("zone", "trump"), text=_("no trump")))
    centre.append(_trick(view))
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    card = single("play", move)
    return Target("trick", (card,)) if card else None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
