"""Score lines of 议将夺墩算分 for a person: each round's contract, made or failed (§9.5)."""

from __future__ import annotations

import re
from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext
from .rules import TRICKS

SCORING_NOTE = N_("Each round: a declarer's side that takes at least the tricks it bid scores the "
                  "bid; otherwise every opponent scores the shortfall. The first total to reach "
                  "the target wins.")

_NUMBERS = re.compile(r"\d+")


def _is_you(ctx: ExplainContext, seat: int) -> bool:
    """The seat the screen belongs to (its name is "You" in English, translated elsewhere)."""
    return ctx.names[seat] == "You" or (ctx.view is not None and ctx.view.get("seat") == seat)


def _round(item: dict[str, Any], ctx: ExplainContext) -> dict[str, Any] | None:
    """The finished round an item settles, from the final view: the item's ``turn`` is the
    round's last play, and every round has ``TRICKS`` tricks of one play per seat."""
    view = ctx.view or {}
    turn, log = item.get("turn"), view.get("log")
    rounds = view.get("finished_rounds") or []
    if not isinstance(turn, int) or not log or not rounds:
        return None
    plays = sum(1 for e in log[:turn + 1] if str(e).partition(": ")[2].startswith("play "))
    r = plays // (TRICKS * ctx.players)
    return rounds[r - 1] if 1 <= r <= len(rounds) and rounds[r - 1].get("round") == r else None


def _side_tricks(summary: dict[str, Any], seat: int, ctx: ExplainContext) -> int:
    teams = bool((ctx.view or {}).get("teams"))
    tricks = list(summary.get("tricks") or [])
    return sum(t for s, t in enumerate(tricks) if (s % 2 == seat % 2 if teams else s == seat))


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    seat, points = int(item["seat"]), int(item["points"])
    note = str(item.get("note", ""))
    # the engine's note says which kind of item it is; the numbers come from the round
    kind = ("trick" if note.endswith("taken by the side") else "made" if " made " in note
            else "failed" if " failed " in note else None)
    if kind is None or not note.startswith("round "):
        return ctx.words(note)
    summary = _round(item, ctx)
    if summary is not None:
        r, k = int(summary["round"]), int(summary["contract"] or 0)
        declarer = summary.get("declarer")
        t = _side_tricks(summary, seat if declarer is None else int(declarer), ctx)
    else:                      # a view without the rounds: the note's own numbers
        numbers = [int(x) for x in _NUMBERS.findall(note)] + [0, 0, 0]
        r, k, t = numbers[0], numbers[1], numbers[2]
    if kind == "trick":
        return _("round {round}: {n} trick(s) taken by the side", round=r, n=points)
    if kind == "made":
        return (_("round {round}: your side's bid of {bid} tricks made with {tricks}; scores "
                  "the bid", round=r, bid=k, tricks=t) if _is_you(ctx, seat)
                else _("round {round}: the bid of {bid} tricks made with {tricks}; scores the bid",
                       round=r, bid=k, tricks=t))
    return _("round {round}: the declarer bid {bid} tricks and took {tricks}: shortfall "
             "{bid} − {tricks} = {shortfall} to each opponent", round=r, bid=k, tricks=t,
             shortfall=k - t)
