"""The 议将夺墩算分 table for a player: auction, trump, the trick, tricks won."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, pgettext
from ...parts.screen import Zone, name_of, per_seat, plays_text, zone

PHASES = {"auction": N_("bid the number of tricks or pass"), "trump": N_("name trump"),
          "play": N_("play to the trick")}


def _bid_text(name: str, bid: Any) -> str:
    return (_("{name} pass", name=name) if bid == "pass"
            else _("{name} bid {bid}", name=name, bid=bid))


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone(pgettext("zone", "round"),
                text=_("{round} of {rounds}   dealer {dealer}", round=view.get("round"),
                       rounds=view.get("rounds"), dealer=name_of(view.get("dealer"), names)))]
    if view.get("bids"):
        out.append(zone(pgettext("zone", "auction"), text=", ".join(
            _bid_text(name_of(s, names), k) for s, k in view["bids"])))
    if view.get("declarer") is not None:
        declarer = name_of(view["declarer"], names)
        out.append(zone(pgettext("zone", "contract"), text=(
            _("{bid} tricks by {declarer}; trump {trump}", bid=view.get("high_bid"),
              declarer=declarer, trump=view["trump"]) if view.get("trump") else
            _("{bid} tricks by {declarer}; trump (not named yet)", bid=view.get("high_bid"),
              declarer=declarer))))
    last = view.get("last_trick")
    if last and last.get("plays"):
        out.append(zone(pgettext("zone", "last trick"), text=plays_text(last["plays"], names)
                        + (f"  → {name_of(last['winner'], names)}" if last.get("winner") is not None else "")))
    trick = view.get("trick") or {}
    if trick.get("plays"):
        out.append(zone(pgettext("zone", "trick"), text=plays_text(trick["plays"], names)))
    out.append(zone(pgettext("zone", "tricks won"), text=per_seat(view.get("tricks_won", []), names)))
    out.append(zone(pgettext("zone", "points so far"),
                    text=per_seat(view.get("round_scores", []), names)))
    return out


def move_words() -> list[str]:
    """The shapes of 议将夺墩算分's move texts in words (:attr:`cardtable.parts.Layout.move_words`): a bid is
    a number of tricks (墩); ``trump`` and ``play`` are the shared words."""
    return [
        pgettext("yijiang move", "pass"),
        pgettext("yijiang move", "bid {n}"),
    ]
