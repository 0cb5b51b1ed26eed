"""The 憋负分 table for a player: the four suit rows outward from the 7s, the 扣 piles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import RANKS, SUITS
from ...i18n import _, pgettext
from ...parts.screen import Zone, name_of, per_seat, zone

ACE_LOW = True
PHASES: dict[str, str] = {}


def chain_zones(view: dict[str, Any]) -> list[Zone]:
    chains = view.get("chains", {})
    out = []
    for s in view.get("suits", list(SUITS)):
        if s in chains:
            lo, hi = chains[s]
            out.append(zone(_("row {suit}", suit=s),
                            [r + s for r in RANKS[RANKS.index(lo):RANKS.index(hi) + 1]]))
        else:
            out.append(zone(_("row {suit}", suit=s), text=_("(the 7 is not down yet)")))
    return out


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = chain_zones(view)
    if view.get("dead"):
        out.append(zone(_("dead cards (count ×2 or ×3)"),
                        text=", ".join(f"{p} ×{m}" for p, m in view["dead"].items())))
    out.append(zone(pgettext("zone", "cards held"),
                    text=per_seat(view.get("hand_sizes", []), names)))
    out.append(zone(_("face down (扣)"), text=per_seat(view.get("pile_sizes", []), names)))
    if view.get("hand") is not None:
        out.append(zone(_("your 扣 pile"), view.get("pile", [])))
    if view.get("over"):
        for s, p in enumerate(view.get("piles", [])):
            out.append(zone(_("{name}: face down", name=name_of(s, names)), p))
    return out


def move_words() -> list[str]:
    """The shapes of 憋负分's move texts in words (:attr:`cardtable.parts.Layout.move_words`): 扣
    (face down, which the others read as "kou (face down)"); ``play`` is the shared word."""
    return [
        pgettext("biefufen move", "play {card} for {place}"),
        pgettext("biefufen move", "kou"),
        pgettext("biefufen move", "kou {card}"),
        pgettext("biefufen move", "kou (face down)"),
    ]
