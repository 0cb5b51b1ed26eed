"""The 捡十四分 table for a player: the face-up table cards, each seat's picked pairs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, ngettext, pgettext
from ...parts.screen import Zone, name_of, zone

ACE_LOW = True     # A counts 1: K + A make 14
PHASES = {"pick_or_draw": N_("pick a pair that makes 14, or draw"),
          "put": N_("put a card on the table")}


def _seat_text(hand: int, pairs: list[list[str]], points: int) -> str:
    if not pairs:
        return ngettext("{n} card in hand; no pairs yet", "{n} cards in hand; no pairs yet", hand)
    shown = "  ".join(" + ".join(p) for p in pairs)
    return ngettext("{n} card in hand; pairs {pairs} ({points} points)",
                    "{n} cards in hand; pairs {pairs} ({points} points)", hand,
                    pairs=shown, points=points)


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    stock = int(view.get("stock") or 0)
    out = [zone(pgettext("zone", "table"), view.get("table", [])),
           zone(pgettext("zone", "stock"), text=ngettext("{n} card", "{n} cards", stock))]
    for s, pairs in enumerate(view.get("pairs", [])):
        out.append(zone(f"{name_of(s, names)}",
                        text=_seat_text(view["hand_sizes"][s], pairs, view["pile_points"][s])))
    return out


def move_words() -> list[str]:
    """The shapes of 捡十四分's move texts in words (:attr:`cardtable.parts.Layout.move_words`): 捡牌
    (a hand card and a table card making 14), 补牌, 打牌."""
    return [
        pgettext("jianshisifen move", "pick"),
        pgettext("jianshisifen move", "pick {hand} {table}"),
        pgettext("jianshisifen move", "draw"),
        pgettext("jianshisifen move", "put"),
        pgettext("jianshisifen move", "put {card}"),
    ]
