"""The 十三张 table for a player: who has arranged, your specials, the showdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _, pgettext
from ...parts.screen import Zone, name_of, zone
from .specials import BY_ID
from .words import ROW_TITLES, special_words

PHASES: dict[str, str] = {}
HIDDEN_VERBS = ("arrange",)     # the engine's sample of splits is a bot's menu, not a person's
ROW_LABELS = ROW_TITLES         # "头道 first row" …, translated where shown
MOVE_NOTE = N_("Arrange your 13 cards into 头道 (3), 中道 (5), 尾道 (5): type 'arrange' for the "
               "arranging helper, or write the rows: 'arrange <3 cards> | <5 cards> | <5 cards>'.")


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = []
    if view.get("specials"):
        out.append(zone(_("specials you may declare"), text=", ".join(
            f"{BY_ID[s].chinese} {s} ({BY_ID[s].points})" for s in view["specials"])))
    if view.get("my_submission"):
        out.append(zone(_("your arrangement"), text=view["my_submission"].removeprefix("arrange ")))
    done = view.get("submitted", [])
    out.append(zone(_("arranged"), text="   ".join(
        _("{name} yes", name=name_of(s, names)) if d else _("{name} not yet", name=name_of(s, names))
        for s, d in enumerate(done))))
    for show in view.get("showdown", []):
        who = name_of(show["seat"], names)
        if show.get("special"):
            sp = BY_ID[show["special"]]
            out.append(zone(who, text=_("declared {chinese} ({special}, {points})", chinese=sp.chinese,
                                        special=sp.id, points=sp.points)))
            continue
        for label, row in zip(ROW_LABELS, show.get("rows", []), strict=False):
            title = (_("{name} {row} — fouled (倒水)", name=who, row=_(label)) if show.get("fouled")
                     else _("{name} {row}", name=who, row=_(label)))
            out.append(zone(title, row))
    return out


def move_note(view: dict[str, Any], legal: list[str]) -> str | None:
    if any(t.startswith("arrange") for t in legal):
        return _(MOVE_NOTE)
    return None


def move_words() -> list[str]:
    """The shapes of 十三张's move texts in words (:attr:`cardtable.parts.Layout.move_words`);
    another seat's rows read "submit (hidden)" until everyone has arranged."""
    return [
        pgettext("shisanzhang move", "arrange"),
        pgettext("shisanzhang move", "arrange {rows}"),
        pgettext("shisanzhang move", "declare"),
        pgettext("shisanzhang move", "declare {special}"),
        pgettext("shisanzhang move", "submit (hidden)"),
    ]


def move_terms(value: str) -> str | None:
    """A special hand's id (``qinglong``) in words of the current language; others as written."""
    return special_words(value) if value in BY_ID else None
