"""Drawing views, legal moves and scores with rich.

A game package may export ``render(view) -> rich renderable | str`` and
``hint(view, legal) -> str | None``; :func:`render_view` and :func:`hint_for` use them when
present and fall back to a generic drawing of the view dict.  Everything drawn comes from a
``view(seat)`` (or the spectator view): the command line never shows more than that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..moves import Move
from .common import game_module

#: keys of every view that the generic renderer shows in its own way
_COMMON_KEYS = ("game", "players", "seat", "to_move", "over", "log", "scores", "items")
LOG_TAIL = 8
MAX_LISTED_MOVES = 60


def seat_name(seat: int, labels: Sequence[str] | None = None) -> str:
    if labels is not None and 0 <= seat < len(labels):
        return labels[seat]
    return f"seat {seat}"


def format_value(value: Any, players: int | None = None) -> str:
    """A compact one-line text for a view value (cards are already symbol strings)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "—"
        if players and len(value) == players > 1 and all(
                isinstance(x, int) or x is None for x in value):
            return "  ".join(f"{s}: {format_value(x)}" for s, x in enumerate(value))
        if all(isinstance(x, str) for x in value):
            return " ".join(value)
        if all(isinstance(x, list) for x in value):
            return "  ".join("[" + format_value(x) + "]" for x in value)
        return ", ".join(format_value(x) for x in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {format_value(v)}" for k, v in value.items()) or "—"
    return str(value)


def _per_seat(value: Any, players: int) -> bool:
    """A list with one entry per seat whose entries are themselves lists or dicts."""
    return (isinstance(value, list) and len(value) == players and players > 1
            and all(isinstance(x, (list, dict)) or x is None for x in value)
            and any(isinstance(x, (list, dict)) for x in value))


def generic_view(view: dict[str, Any], labels: Sequence[str] | None = None) -> RenderableType:
    """Every key of the view as a row: hands first, then the rest, then the log tail."""
    players = int(view.get("players", 0))
    seat = view.get("seat")
    title = f"{view.get('game', '?')} — " + ("spectator view" if seat is None
                                              else f"view of {seat_name(seat, labels)}")
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column("key", style="bold cyan", no_wrap=True)
    table.add_column("value", overflow="fold")
    keys = [k for k in view if k not in _COMMON_KEYS]
    keys.sort(key=lambda k: 0 if "hand" in k else 1)   # stable: hands first
    for key in keys:
        value = view[key]
        if _per_seat(value, players):
            for s, part in enumerate(value):
                table.add_row(Text(f"{key} [{seat_name(s, labels)}]"), Text(format_value(part)))
        elif isinstance(value, dict) and value and all(isinstance(v, (list, dict)) for v in value.values()):
            for k, part in value.items():
                table.add_row(Text(f"{key}.{k}"), Text(format_value(part)))
        else:
            table.add_row(Text(str(key)), Text(format_value(value, players)))
    movers = view.get("to_move") or []
    if not view.get("over"):
        table.add_row(Text("to move"), Text(", ".join(seat_name(s, labels) for s in movers) or "—"))
    log = view.get("log") or []
    if log:
        tail = log[-LOG_TAIL:]
        more = f"(… {len(log) - len(tail)} earlier)\n" if len(log) > len(tail) else ""
        table.add_row(Text("log"), Text(more + "\n".join(tail)))
    return Group(Text(title, style="bold underline"), table)


def render_view(view: dict[str, Any], labels: Sequence[str] | None = None) -> RenderableType:
    """The game's own ``render(view)`` when it has one, else :func:`generic_view`."""
    render = getattr(game_module(str(view.get("game"))), "render", None)
    if callable(render):
        drawn = render(view)
        return Text(drawn) if isinstance(drawn, str) else drawn
    return generic_view(view, labels)


def hint_for(view: dict[str, Any], legal: list[Move]) -> str | None:
    hint = getattr(game_module(str(view.get("game"))), "hint", None)
    if callable(hint):
        got = hint(view, legal)
        return str(got) if got else None
    return None


def moves_list(texts: Sequence[str], limit: int = MAX_LISTED_MOVES) -> RenderableType:
    """The legal moves numbered from 1, in columns; long lists are cut with a note."""
    shown = list(texts[:limit])
    table = Table.grid(padding=(0, 2))
    cols = 1 if any(len(t) > 24 for t in shown) else 3
    for _ in range(cols):
        table.add_column(no_wrap=False)
    cells = [Text.assemble((f"{i + 1:>3}", "bold yellow"), " ", t) for i, t in enumerate(shown)]
    rows = (len(cells) + cols - 1) // cols
    for r in range(rows):
        table.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else Text("")
                        for c in range(cols)])
    if len(texts) > limit:
        return Group(table, Text(f"    … and {len(texts) - limit} more: type the move text",
                                 style="dim"))
    return table


def items_table(items: Sequence[dict[str, Any]], players: int, title: str,
                labels: Sequence[str] | None = None) -> RenderableType:
    """Itemised scores: one row per score item, then each seat's total."""
    table = Table(title=title, title_justify="left")
    table.add_column("seat")
    table.add_column("points", justify="right")
    table.add_column("rule")
    table.add_column("cards")
    table.add_column("note")
    for it in items:
        table.add_row(Text(seat_name(int(it["seat"]), labels)), f"{it['points']:+d}", Text(str(it["rule"])),
                      Text(" ".join(it.get("cards", []))), Text(str(it.get("note", ""))))
    if not items:
        table.add_row("—", "0", "", "", Text("no score items"))
    return table


def totals_table(totals: Sequence[int], title: str, labels: Sequence[str] | None = None,
                 winners: Sequence[int] | None = None) -> RenderableType:
    table = Table(title=title, title_justify="left")
    table.add_column("seat")
    table.add_column("total", justify="right")
    for s, v in enumerate(totals):
        mark = "  ★ winner" if winners and s in winners else ""
        table.add_row(Text(seat_name(s, labels) + mark), str(v))
    return table
