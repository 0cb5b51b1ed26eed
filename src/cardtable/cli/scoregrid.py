"""The end of a deal in a few lines: a grid of who took what from whom.

A 4-player 十三张 showdown is settled pair by pair, row by row: 36 score lines.  Past
``COMPACT_AFTER`` lines (``cli/play.py``) the terminal shows this grid instead and keeps the
lines for the ``details`` command.  The grid is read from the score items alone: where every
item that scores is one side of a zero-sum pair written side by side (a settlement between two
seats, as ``ExplainContext.partner_item`` reads them), a cell says what the row's seat won
(+) or lost (−) against the column's seat; otherwise each seat's total and how many lines
make it up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import _, ngettext, pgettext
from ..parts.screen import signed


def score_line_count(summary: dict[str, Any]) -> int:
    """How many score lines :func:`cardtable.explanation.score_summary` holds."""
    return sum(len(seat["lines"]) for seat in summary["seats"])


def pair_grid(items: Sequence[dict[str, Any]], players: int) -> list[list[int]] | None:
    """``grid[a][b]``: what seat ``a`` won from seat ``b`` when every scoring item is one
    side of a zero-sum pair written side by side; None when the items are not settled so."""
    grid = [[0] * players for _ in range(players)]
    k, paired = 0, False
    while k < len(items):
        it = items[k]
        points, seat = int(it.get("points", 0)), int(it["seat"])
        other = items[k + 1] if k + 1 < len(items) else None
        if (points and other is not None and int(other["seat"]) != seat
                and int(other.get("points", 0)) == -points
                and 0 <= seat < players and 0 <= int(other["seat"]) < players):
            grid[seat][int(other["seat"])] += points
            grid[int(other["seat"])][seat] -= points
            k, paired = k + 2, True
            continue
        if points:
            return None
        k += 1
    return grid if paired else None


def score_grid(summary: dict[str, Any], items: Sequence[dict[str, Any]], title: str) -> RenderableType:
    """The deal's scores in one line per seat (see the module's docstring)."""
    seats = summary["seats"]
    names = [str(s["name"]) for s in seats]
    grid = pair_grid(items, len(seats))
    table = Table(title=title, title_justify="left")
    table.add_column(pgettext("score table", "seat"))
    if grid is not None:
        for name in names:
            table.add_column(name, justify="right")
    table.add_column(pgettext("score table", "total"), justify="right")
    if grid is None:
        table.add_column(pgettext("score table", "lines"), justify="right")
    for a, seat in enumerate(seats):
        row = [Text(names[a], style="bold cyan")]
        if grid is not None:
            row += [Text("·", style="dim") if a == b else Text(signed(grid[a][b])) for b in range(len(seats))]
        row.append(Text(signed(int(seat["total"])), style="bold"))
        if grid is None:
            row.append(Text(ngettext("{n} line", "{n} lines", len(seat["lines"]))))
        table.add_row(*row)
    parts: list[RenderableType] = [table]
    if grid is not None:
        parts.append(Text(_("Each row: what that seat won (+) or lost (−) against each other seat."),
                          style="italic"))
    if summary.get("winners"):
        parts.append(Text(summary["winners"], style="bold green"))
    return Group(*parts)


__all__ = ["pair_grid", "score_grid", "score_line_count"]
