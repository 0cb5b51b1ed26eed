"""十三张's card table (:class:`cardtable.parts.felt.Felt`): at every seat a ``rows`` zone with
the three rows 头道 / 中道 / 尾道.

Before the showdown the viewer sees only their own submitted rows; any other seat shows its 13
backs, tagged "arranged" once it has submitted (its rows stay face down).  At the showdown
every seat's rows are face up, each with what it won or lost against the others, and seats are
tagged for a foul (倒水), a declared special hand, a scoop (打枪) or a grand slam (全垒打).

There are no gestures: a person arranges on the page's arrangement board, not on the felt."""

from __future__ import annotations

import re
from typing import Any

from ...i18n import _
from ...parts.felt import Felt, Target, Zone, area, seat
from .rules import HAND_SIZE
from .scoring import ROW_NAMES
from .specials import BY_ID
from .words import ROW_TITLES, special_words

View = dict[str, Any]

# the score items' notes are English data (scoring.py): a fouled hand's payment names its rows
_FOUL = re.compile(r"fouled \(倒水\): pays seat \d+ (\d+) \+ (\d+) \+ (\d+)")


def _special_tag(sid: str | None) -> str:
    sp = BY_ID.get(sid or "")
    return f"{sp.chinese} {special_words(sp.id)}" if sp else _("declared")


def _row_points(view: View) -> list[list[int]]:
    """Per seat and row, the points the row won (+) or lost (−) against every other seat: the
    row-against-row items (§1.4) and a foul's payment row by row (§1.2)."""
    out = [[0, 0, 0] for _s in range(int(view.get("players", 0)))]
    for it in view.get("items") or []:
        s, pts, note = int(it["seat"]), int(it["points"]), str(it.get("note", ""))
        if it.get("rule") == "shisanzhang:1.4":
            for r, name in enumerate(ROW_NAMES):
                if note.startswith(name + ":"):
                    out[s][r] += pts
        elif it.get("rule") == "shisanzhang:1.2" and (m := _FOUL.search(note)):
            sign = 1 if pts > 0 else -1
            for r in range(3):
                out[s][r] += sign * int(m.group(r + 1))
    return out


def _extra_tags(view: View, s: int) -> list[str]:
    """Scoops and grand slams the seat won (their extra points belong to no single row)."""
    tags = []
    for it in view.get("items") or []:
        if int(it["seat"]) != s or int(it["points"]) <= 0:
            continue
        note = str(it.get("note", ""))
        if note.startswith("打枪") and _("scoop (打枪)") not in tags:
            tags.append(_("scoop (打枪)"))
        if note.startswith("全垒打") and _("grand slam (全垒打)") not in tags:
            tags.append(_("grand slam (全垒打)"))
    return tags


def _rows(cards: list[list[str]], results: list[int] | None = None) -> list[dict[str, Any]]:
    rows = []
    for r, title in enumerate(ROW_TITLES):
        row: dict[str, Any] = {"label": _(title), "cards": list(cards[r]) if r < len(cards) else []}
        if results is not None:
            row["result"] = f"{results[r]:+d}" if results[r] else "0"
        rows.append(row)
    return rows


def _showdown_seat(view: View, show: dict[str, Any], points: list[int]) -> dict[str, Any]:
    s = int(show["seat"])
    tags = _extra_tags(view, s)
    if show.get("special"):
        hands = view.get("hands") or []
        won = sum(int(it["points"]) for it in view.get("items") or []
                  if int(it["seat"]) == s and it.get("rule") == "shisanzhang:1.5")
        hand = list(hands[s]) if s < len(hands) else []
        rows = [{"label": _special_tag(show["special"]), "cards": hand,
                 "result": f"{won:+d}" if won else "0"}]
        return seat(0, tags=[_special_tag(show["special"]), *tags],
                    zones=[area(f"rows:{s}", "rows", rows=rows)])
    if show.get("fouled"):
        tags.insert(0, _("fouled (倒水)"))
    return seat(0, tags=tags, zones=[area(f"rows:{s}", "rows", rows=_rows(show.get("rows") or [], points))])


def _own_seat(view: View, s: int) -> dict[str, Any]:
    mine = str(view.get("my_submission") or "")
    if mine.startswith("declare"):
        words = mine.split()
        specials = view.get("specials") or [None]
        tag = _special_tag(words[1] if len(words) > 1 else specials[0])
        return seat(0, tags=[tag], zones=[area(f"rows:{s}", "rows", rows=_rows([]))])
    cards = [r.split() for r in mine.removeprefix("arrange").split("|")] if mine else []
    return seat(0, tags=[_("arranged")] if mine else [],
                zones=[area(f"rows:{s}", "rows", rows=_rows(cards))])


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players", 0))
    showdown = view.get("showdown")
    if showdown:
        points = _row_points(view)
        by_seat = {int(sh["seat"]): sh for sh in showdown}
        return {"seats": [_showdown_seat(view, by_seat[s], points[s]) for s in range(players)],
                "centre": []}
    viewer = view.get("seat")
    submitted = view.get("submitted") or [False] * players
    seats = []
    for s in range(players):
        if s == viewer:
            seats.append(_own_seat(view, s))
            continue
        done = bool(submitted[s])
        # the arranged rows lie face down: the 13 hidden cards, not yet split for the viewer
        rows: Zone = area(f"rows:{s}", "rows", rows=_rows([]), count=HAND_SIZE if done else None)
        seats.append(seat(HAND_SIZE, tags=[_("arranged")] if done else [], zones=[rows]))
    return {"seats": seats, "centre": []}


def target(move: str, view: View) -> Target | None:
    return None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
