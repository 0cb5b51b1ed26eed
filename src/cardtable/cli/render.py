"""Drawing views, legal moves and scores with rich.

A game's parts may declare ``render(view) -> str`` and an advice ``line(view, legal)``;
:func:`render_view` and :func:`hint_for` use them when present and fall back to a generic
drawing of the view dict.  Everything drawn comes from a
``view(seat)`` (or the spectator view): the command line never shows more than that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..i18n import _, ngettext, pgettext
from ..moves import Move
from ..movewords import move_words
from ..parts import NO_PARTS, GameParts
from ..parts.screen import name_seats
from ..registry import GAME_MODULES, game_parts

#: keys of every view that the generic renderer shows in its own way
_COMMON_KEYS = ("game", "players", "seat", "to_move", "over", "log", "scores", "items")
LOG_TAIL = 8
MAX_LISTED_MOVES = 60


def seat_name(seat: int, labels: Sequence[str] | None = None) -> str:
    """``labels[seat]``, else the seat as people count it: "seat 1" for the engine's seat 0."""
    if labels is not None and 0 <= seat < len(labels):
        return labels[seat]
    return _("seat {seat}", seat=seat + 1)


def format_value(value: Any, players: int | None = None) -> str:
    """A compact one-line text for a view value (cards are already symbol strings)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        if not value:
            return "—"
        if players and len(value) == players > 1 and all(
                isinstance(x, int) or x is None for x in value):
            return "  ".join(f"{s + 1}: {format_value(x)}" for s, x in enumerate(value))
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
    game = view.get("game", "?")
    title = (_("{game} — spectator view", game=game) if seat is None
             else _("{game} — view of {name}", game=game, name=seat_name(seat, labels)))
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
        table.add_row(Text(_("to move")), Text(", ".join(seat_name(s, labels) for s in movers) or "—"))
    log = view.get("log") or []
    if log:
        tail = log[-LOG_TAIL:]
        more = (ngettext("(… {n} earlier)", "(… {n} earlier)", len(log) - len(tail)) + "\n"
                if len(log) > len(tail) else "")
        table.add_row(Text(_("log")), Text(more + "\n".join(tail)))
    return Group(Text(title, style="bold underline"), table)


def _parts(view: dict[str, Any]) -> GameParts:
    game = str(view.get("game"))
    return game_parts(game) if game in GAME_MODULES else NO_PARTS


def render_view(view: dict[str, Any], labels: Sequence[str] | None = None) -> RenderableType:
    """The game's own ``render(view)`` when it has one, else :func:`generic_view`."""
    render = _parts(view).render
    if render is not None:
        drawn = render(view)
        return Text(drawn) if isinstance(drawn, str) else drawn
    return generic_view(view, labels)


def hint_for(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The game's one-line hint (its advice ``line``), the move in words: the line begins with
    the move's text in the notation, which is said as :func:`cardtable.movewords.move_words`."""
    advice = _parts(view).advice
    if advice is not None and advice.line is not None:
        got = advice.line(view, legal)
        return hint_words(str(view.get("game")), str(got)) if got else None
    return None


def hint_words(game: str, line: str) -> str:
    """A hint line that begins with a move's text (``discard 7♠  — reason``), that text in
    words: the move ends at the two spaces every catalog keeps before the dash, else the
    longest beginning the game's move words know is taken as the move."""
    head, sep, rest = line.partition("  ")
    if sep and head:
        return move_words(game, head) + sep + rest
    parts = line.split(" ")
    for k in range(len(parts), 0, -1):
        head = " ".join(parts[:k])
        said = move_words(game, head)
        if said != head:
            return " ".join([said, *parts[k:]])
    return line


def log_line(entry: str, labels: Sequence[str] | None = None, game: str | None = None) -> Text:
    """A log entry (``2: discard 5♠``) as the terminal prints it: the seat named as the screen
    names it (coloured), the move in words of ``game``."""
    seat_text, sep, text = str(entry).partition(": ")
    if sep and seat_text.isdigit():
        label = (labels[int(seat_text)] if labels is not None and int(seat_text) < len(labels)
                 else seat_name(int(seat_text), labels))
        return Text.assemble("  ", (label, "cyan"), ": ", move_words(game, text))
    return Text.assemble("  ", move_words(game, str(entry)))


def moves_list(texts: Sequence[str], limit: int = MAX_LISTED_MOVES,
               game: str | None = None) -> RenderableType:
    """The legal moves numbered from 1, in columns, in words of ``game``'s moves (the
    numbers pick ``texts[number - 1]``); long lists are cut with a note."""
    shown = [move_words(game, t) for t in texts[:limit]]
    table = Table.grid(padding=(0, 2))
    cols = 1 if any(len(t) > 24 for t in shown) else 3
    for _col in range(cols):
        table.add_column(no_wrap=False)
    cells = [Text.assemble((f"{i + 1:>3}", "bold yellow"), " ", t) for i, t in enumerate(shown)]
    rows = (len(cells) + cols - 1) // cols
    for r in range(rows):
        table.add_row(*[cells[c * rows + r] if c * rows + r < len(cells) else Text("")
                        for c in range(cols)])
    if len(texts) > limit:
        return Group(table, Text("    " + ngettext("… and {n} more: type the move text",
                                                 "… and {n} more: type the move text",
                                                 len(texts) - limit), style="dim"))
    return table


def items_table(items: Sequence[dict[str, Any]], players: int, title: str,
                labels: Sequence[str] | None = None) -> RenderableType:
    """Itemised scores: one row per score item, then each seat's total."""
    table = Table(title=title, title_justify="left")
    table.add_column(pgettext("score table", "seat"))
    table.add_column(pgettext("score table", "points"), justify="right")
    table.add_column(pgettext("score table", "rule"))
    table.add_column(pgettext("score table", "cards"))
    table.add_column(pgettext("score table", "note"))
    names = [seat_name(s, labels) for s in range(players)]
    for it in items:
        # the note is data (seats from 0): its "seat 2" is said as the table names that seat
        table.add_row(Text(seat_name(int(it["seat"]), labels)), f"{it['points']:+d}", Text(str(it["rule"])),
                      Text(" ".join(it.get("cards", []))), Text(name_seats(str(it.get("note", "")), names)))
    if not items:
        table.add_row("—", "0", "", "", Text(_("no score items")))
    return table


def totals_table(totals: Sequence[int], title: str, labels: Sequence[str] | None = None,
                 winners: Sequence[int] | None = None) -> RenderableType:
    table = Table(title=title, title_justify="left")
    table.add_column(pgettext("score table", "seat"))
    table.add_column(pgettext("score table", "total"), justify="right")
    for s, v in enumerate(totals):
        mark = "  ★ " + _("winner") if winners and s in winners else ""
        table.add_row(Text(seat_name(s, labels) + mark), str(v))
    return table


# --- the one table layout (cardtable.presentation) --------------------------------------------

NEW_MARK = "*"


def card_text(token: dict[str, Any]) -> Text:
    """One card: red suits red, the card just drawn marked (``*``, bold, reversed)."""
    style = "red" if token.get("red") else ""
    if token.get("new"):
        return Text(token["text"] + NEW_MARK, style=(style + " bold reverse").strip())
    return Text(token["text"], style=style)


def cards_line(toks: Sequence[dict[str, Any]]) -> Text:
    out = Text()
    for i, t in enumerate(toks):
        if i:
            out.append(" ")
        out.append_text(card_text(t))
    return out


def hand_text(groups: Sequence[dict[str, Any]]) -> Text:
    out = Text()
    for i, g in enumerate(groups):
        if i:
            out.append("   ")
        out.append_text(cards_line(g["cards"]))
    return out


def moves_grouped(groups: Sequence[dict[str, Any]], limit: int = MAX_LISTED_MOVES) -> RenderableType:
    """The legal moves by verb, numbered as in the full list: the verbs that stand alone
    ("draw", "pass") on one line first, then each verb with its cards; a numeric run is one
    range line ("bid 200 … 400 (by 5)"); past ``limit`` moves a note says how to see the rest.
    A group's ``label`` and ``words`` are shown (the moves in words), its ``moves`` typed."""
    lines: list[RenderableType] = []
    bare = [g for g in groups if not g["range"] and all(m == g["verb"] for m in g["moves"])]
    if bare:
        cells = [Text.assemble((str(n), "bold yellow"), " ", m)
                 for g in bare for n, m in zip(g["numbers"], g.get("words", g["moves"]), strict=True)]
        lines.append(Padding(Columns(cells, padding=(0, 3)), (0, 0, 0, 2)))
    shown = hidden = 0
    for g in groups:
        if g in bare:
            continue
        nums, moves, verb = g["numbers"], g["moves"], g["verb"]
        if g["range"]:
            lines.append(Text.assemble("  ", (f"{nums[0]}–{nums[-1]}", "bold yellow"), " ", g["label"],
                                       ("   " + _("(type the number or e.g. '{move}')",
                                                 move=moves[len(moves) // 2]), "dim")))
            continue
        room = max(0, limit - shown)
        hidden += max(0, len(moves) - room)
        cells = []
        head = str(g.get("label", verb))
        for n, m in list(zip(nums, g.get("words", moves), strict=True))[:room]:
            rest = m[len(head) + 1:] if m.startswith(head + " ") else m
            cells.append(Text.assemble((f"{n}", "bold yellow"), " ", coloured(rest)))
        shown += len(cells)
        if cells:
            lines.append(Text(f"{head}:", style="bold"))
            lines.append(Padding(Columns(cells, padding=(0, 3)), (0, 0, 0, 2)))
    if hidden:
        lines.append(Text(ngettext("… and {n} more: type the move text, or 'm' to list them all",
                                   "… and {n} more: type the move text, or 'm' to list them all",
                                   hidden), style="dim"))
    return Group(*lines)


def coloured(text: str) -> Text:
    """Move text with its red cards red."""
    out = Text()
    for i, word in enumerate(text.split(" ")):
        if i:
            out.append(" ")
        out.append(word, style="red" if word[-1:] in ("♥", "♦") or word == "BJ" else "")
    return out


def table_screen(layout: dict[str, Any], moves_title: str | None = None) -> RenderableType:
    """Draw :func:`cardtable.presentation.table_layout`: title, turn, hand, zones, moves."""
    if moves_title is None:
        moves_title = _("Your legal moves:")
    title = layout["title"]
    name = title.get("text") or title["name"]
    parts: list[RenderableType] = [Text(name, style="bold underline"),
                                   Text(layout["turn"], style="bold")]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column(overflow="fold")
    if layout.get("hand") is not None:
        hand = hand_text(layout["hand"]) if layout["hand"] else Text("—")
        if any(t.get("new") for g in layout["hand"] for t in g["cards"]):
            hand.append("   " + _("({mark} just drawn)", mark=NEW_MARK), style="dim")
        grid.add_row(Text(_("your hand"), style="bold cyan"), hand)
    for z in layout["zones"]:
        value = cards_line(z["cards"]) if "cards" in z else Text(str(z.get("text", "")))
        grid.add_row(Text(str(z["name"])), value)
    parts.append(grid)
    if layout["last_moves"]:
        parts.append(Text(_("Last moves:"), style="bold"))
        parts.extend(Text("  " + m) for m in layout["last_moves"])
    if layout["moves"] or layout.get("move_note"):
        parts.append(Text(moves_title, style="bold"))
        if layout.get("move_note"):
            parts.append(Text(layout["move_note"], style="italic"))
        parts.append(moves_grouped(layout["moves"]))
    return Group(*parts)


def score_screen(summary: dict[str, Any], title: str) -> RenderableType:
    """Draw :func:`cardtable.explanation.score_summary`: per seat its total and lines."""
    parts: list[RenderableType] = [Text(title, style="bold underline")]
    if summary.get("note"):
        parts.append(Text(summary["note"], style="italic"))
    if summary.get("deal"):
        parts.append(Text(summary["deal"], style="bold"))
    for seat in summary["seats"]:
        head = Table.grid(expand=True)
        head.add_column(ratio=1)
        head.add_column(justify="right", no_wrap=True)
        head.add_row(Text(seat["name"], style="bold cyan"), Text(_points(seat["total"], total=True),
                                                             style="bold"))
        parts.append(head)
        lines = Table.grid(expand=True, padding=(0, 0, 0, 2))
        lines.add_column(ratio=1, overflow="fold")
        lines.add_column(justify="right", no_wrap=True)
        for line in seat["lines"]:
            lines.add_row(coloured(line.text), Text(_points(line.points)))
        if not seat["lines"]:
            lines.add_row(Text(_("nothing scored"), style="dim"), Text(""))
        parts.append(Padding(lines, (0, 0, 0, 2)))
    if summary.get("winners"):
        parts.append(Text(summary["winners"], style="bold green"))
    return Group(*parts)


def _points(v: int, total: bool = False) -> str:
    if v == 0:
        return "0"
    if total:
        return f"−{-v}" if v < 0 else str(v)
    return f"+{v}" if v > 0 else f"−{-v}"
