"""Score lines of 十三张 for a person: each row won or lost, against whom (§1.2–§1.5).

Each line is one whole sentence per case, built from the item (rule, points, cards, the pair
of items a settlement writes side by side) and the final view's showdown; the items' English
notes are data and are not shown (only their numbers are read where the view lacks them)."""

from __future__ import annotations

import re
from typing import Any

from ...cards import parse_cards
from ...i18n import N_, _
from ...parts.screen import ExplainContext
from .handeval import WHEEL_LOWEST, eval3, eval5
from .specials import BY_ID
from .words import row_kind, row_name

SCORING_NOTE = N_("Every pair of players settles on its own: row against row, a foul (倒水) "
                  "loses all three rows, a special hand collects its value.")

_FOUL_AMOUNTS = re.compile(r"(\d+(?: \+ \d+)*)(?: \+ (\d+) penalty)?$")
_TIMES = re.compile(r"\(×(\d+)\)")

YOU = "You"


def _is_you(ctx: ExplainContext, seat: int) -> bool:
    # the name core's seat_names gives the person at the screen, in English or translated
    return 0 <= seat < len(ctx.names) and ctx.names[seat] in (YOU, _(YOU))


def _pair(item: dict[str, Any], ctx: ExplainContext) -> tuple[int, int] | None:
    """(winner, loser) of the settlement the item belongs to (written winner first)."""
    points = int(item["points"])
    other = ctx.partner_item(1 if points > 0 else -1)
    if other is None or points == 0:
        return None
    me, them = int(item["seat"]), int(other["seat"])
    return (me, them) if points > 0 else (them, me)


def _showing(ctx: ExplainContext, seat: int) -> dict[str, Any] | None:
    for show in (ctx.view or {}).get("showdown") or []:
        if show.get("seat") == seat:
            return dict(show)
    return None


def _row(item: dict[str, Any], ctx: ExplainContext, win: int, lose: int) -> str | None:
    cards = list(item.get("cards") or [])
    ws, ls = _showing(ctx, win), _showing(ctx, lose)
    if ws is None or ls is None:
        return None
    rows = [list(r) for r in ws.get("rows") or []]
    if cards not in rows or len(ls.get("rows") or []) != 3:
        return None
    r = rows.index(cards)
    wheel = str(ctx.options.get("wheel_rank", WHEEL_LOWEST))

    def kind(row: list[str]) -> str:
        parsed = parse_cards(row)
        return row_kind(eval3(parsed) if len(parsed) == 3 else eval5(parsed, wheel), len(parsed))

    args = {"row": row_name(r), "cards": " ".join(cards), "kind": kind(cards),
            "other_kind": kind(list(ls["rows"][r]))}
    if int(item["points"]) > 0:
        if _is_you(ctx, lose):
            return _("{row}: {cards}, {kind}, beats your {other_kind}", **args)
        return _("{row}: {cards}, {kind}, beats {name}'s {other_kind}", name=ctx.name(lose), **args)
    if _is_you(ctx, lose):
        return _("{row}: {name}'s {cards}, {kind}, beats your {other_kind}", name=ctx.name(win), **args)
    if _is_you(ctx, win):
        return _("{row}: your {cards}, {kind}, beats {other_kind}", **args)
    return _("{row}: {name}'s {cards}, {kind}, beats {other_kind}", name=ctx.name(win), **args)


def _foul(note: str, ctx: ExplainContext, good: int, bad: int) -> str | None:
    m = _FOUL_AMOUNTS.search(note)
    if m is None:
        return None
    rows, penalty = m.group(1), m.group(2)
    args = {"rows": rows, "penalty": penalty}
    if _is_you(ctx, bad):
        msg = (N_("you fouled (倒水): pays {good} {rows} + {penalty} penalty") if penalty else
               N_("you fouled (倒水): pays {good} {rows}"))
        return _(msg, good=ctx.name(good), **args)
    if _is_you(ctx, good):
        msg = (N_("{bad} fouled (倒水): pays you {rows} + {penalty} penalty") if penalty else
               N_("{bad} fouled (倒水): pays you {rows}"))
        return _(msg, bad=ctx.name(bad), **args)
    msg = (N_("{bad} fouled (倒水): pays {good} {rows} + {penalty} penalty") if penalty else
           N_("{bad} fouled (倒水): pays {good} {rows}"))
    return _(msg, bad=ctx.name(bad), good=ctx.name(good), **args)


def _special(ctx: ExplainContext, win: int, lose: int) -> str | None:
    ws, ls = _showing(ctx, win), _showing(ctx, lose)
    if ws is None or ls is None or ws.get("special") not in BY_ID:
        return None
    hi = BY_ID[ws["special"]]
    if ls.get("special") in BY_ID:
        lo = BY_ID[ls["special"]]
        args = {"chinese": hi.chinese, "special": hi.id, "points": hi.points,
                "other_chinese": lo.chinese, "other_points": lo.points}
        if _is_you(ctx, lose):
            return _("special {chinese} ({special}, {points}) beats your special {other_chinese} "
                     "({other_points})", **args)
        return _("special {chinese} ({special}, {points}) beats {name}'s special {other_chinese} "
                 "({other_points})", name=ctx.name(lose), **args)
    args = {"chinese": hi.chinese, "special": hi.id, "points": hi.points}
    if _is_you(ctx, lose):
        return _("special hand {chinese} ({special}): {points} from you", **args)
    return _("special hand {chinese} ({special}): {points} from {name}", name=ctx.name(lose), **args)


def _bonus(note: str, ctx: ExplainContext, win: int, lose: int) -> str | None:
    m = _TIMES.search(note)
    if m is None:
        return None
    times = m.group(1)
    if note.startswith("全垒打"):
        if _is_you(ctx, win):
            return _("全垒打 grand slam: you scooped every opponent (×{times})", times=times)
        return _("全垒打 grand slam: {name} scooped every opponent (×{times})", name=ctx.name(win),
                 times=times)
    if _is_you(ctx, win):
        return _("打枪 scoop: you won all three rows against {other} (×{times})",
                 other=ctx.name(lose), times=times)
    if _is_you(ctx, lose):
        return _("打枪 scoop: {name} won all three rows against you (×{times})", name=ctx.name(win),
                 times=times)
    return _("打枪 scoop: {name} won all three rows against {other} (×{times})",
             name=ctx.name(win), other=ctx.name(lose), times=times)


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    rule = item.get("rule")
    pair = _pair(item, ctx)
    text = None
    if pair is not None:
        win, lose = pair
        if rule == "shisanzhang:1.4":
            text = _row(item, ctx, win, lose) if item.get("cards") else _bonus(note, ctx, win, lose)
        elif rule == "shisanzhang:1.2":
            text = _foul(note, ctx, win, lose)
        elif rule == "shisanzhang:1.5":
            text = _special(ctx, win, lose)
    return text if text is not None else ctx.words(note)
