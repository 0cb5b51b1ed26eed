"""The 十三张 table for a player: who has arranged, your specials, the showdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, zone
from .specials import BY_ID

PHASES: dict[str, str] = {}
HIDDEN_VERBS = ("arrange",)     # the engine's sample of splits is a bot's menu, not a person's
ROW_LABELS = ("头道 first row", "中道 second row", "尾道 third row")


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = []
    if view.get("specials"):
        out.append(zone("specials you may declare", text=", ".join(
            f"{BY_ID[s].chinese} {s} ({BY_ID[s].points})" for s in view["specials"])))
    if view.get("my_submission"):
        out.append(zone("your arrangement", text=view["my_submission"].removeprefix("arrange ")))
    done = view.get("submitted", [])
    out.append(zone("arranged", text="   ".join(
        f"{name_of(s, names)} {'yes' if d else 'not yet'}" for s, d in enumerate(done))))
    for show in view.get("showdown", []):
        who = name_of(show["seat"], names)
        if show.get("special"):
            sp = BY_ID[show["special"]]
            out.append(zone(who, text=f"declared {sp.chinese} ({sp.id}, {sp.points})"))
            continue
        flag = " — fouled (倒水)" if show.get("fouled") else ""
        for label, row in zip(ROW_LABELS, show.get("rows", []), strict=False):
            out.append(zone(f"{who} {label}{flag}", row))
    return out


def move_note(view: dict[str, Any], legal: list[str]) -> str | None:
    if any(t.startswith("arrange") for t in legal):
        return ("Arrange your 13 cards into 头道 (3), 中道 (5), 尾道 (5): type 'arrange' for the "
                "arranging helper, or write the rows: 'arrange <3 cards> | <5 cards> | <5 cards>'.")
    return None
