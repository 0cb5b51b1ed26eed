"""What a person arranging 十三张 by hand needs: each row's hand type, a foul warning, the
auto-arranger's split and the specials, from the seat's view only.

The engine's ``legal_moves()`` lists a bounded sample of splits (a bot's menu); a person
builds the three rows instead, and these helpers say live what the rows are worth.  Front ends
(the terminal's ``cli/arrange.py``, the browser table) draw :func:`describe_rows`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, card_str, parse_cards
from ...errors import CardtableError
from ...i18n import _
from ...parts import RowsAssist
from .arrange import best_arrangement
from .handeval import CATEGORY_ZH, WHEEL_LOWEST, eval3, eval5, fouls
from .specials import BY_ID, special_id
from .state import ROW_SIZES, display_order
from .words import ROW_TITLES, row_kind, special_words

__all__ = ["ASSIST", "ROW_TITLES", "RowInfo", "RowsInfo", "auto_rows", "describe_rows", "numbered_hand",
           "row_check", "rows_json", "specials_text"]


@dataclass(frozen=True)
class RowInfo:
    """One row as built so far: its cards, and its hand type once it is full."""

    cards: tuple[str, ...]
    size: int
    kind: str | None        # "one pair (Q)" once full (in the current language), else None
    kind_zh: str | None     # "对子"

    @property
    def full(self) -> bool:
        return len(self.cards) == self.size


@dataclass(frozen=True)
class RowsInfo:
    rows: tuple[RowInfo, RowInfo, RowInfo]
    fouled: bool            # the full rows already break the order 头道 ≤ 中道 ≤ 尾道
    foul_reason: str | None
    complete: bool

    def move_text(self) -> str:
        return "arrange " + " | ".join(" ".join(r.cards) for r in self.rows)


def _value(cards: Sequence[Card], size: int, wheel: str) -> int:
    return eval3(cards) if size == 3 else eval5(cards, wheel)


def describe_rows(rows: Sequence[Sequence[str]], wheel: str = WHEEL_LOWEST,
                  strict: bool = False) -> RowsInfo:
    """The hand type of each full row and whether the full rows foul (倒水).

    ``rows`` are the first, second and third rows as card texts (a row may be partly
    filled).  A foul is reported as soon as two neighbouring rows are full and out of order.
    """
    infos: list[RowInfo] = []
    values: list[int | None] = []
    for cards, size in zip(rows, ROW_SIZES, strict=True):
        parsed = parse_cards(list(cards))
        if len(parsed) == size:
            v = _value(parsed, size, wheel)
            values.append(v)
            infos.append(RowInfo(tuple(cards), size, row_kind(v, size), CATEGORY_ZH[v >> 20]))
        else:
            values.append(None)
            infos.append(RowInfo(tuple(cards), size, None, None))
    reason = None
    f, m, b = values
    lowest = -1                 # an empty row never beats anything: test one pair at a time
    if f is not None and m is not None and fouls(f, m, 1 << 30, strict):
        reason = _("the 头道 (first row) beats the 中道 (second row)")
    elif m is not None and b is not None and fouls(lowest, m, b, strict):
        reason = _("the 中道 (second row) beats the 尾道 (third row)")
    complete = all(v is not None for v in values)
    return RowsInfo((infos[0], infos[1], infos[2]), reason is not None, reason, complete)


def _options(view: dict[str, Any]) -> tuple[str, bool]:
    o = view.get("options") or {}
    return str(o.get("wheel_rank", WHEEL_LOWEST)), bool(o.get("strict_ordering", False))


def numbered_hand(view: dict[str, Any]) -> list[str]:
    """The seat's 13 cards high to low, as the arranging helper numbers them (1–13)."""
    return [card_str(c) for c in display_order(parse_cards(view.get("hand") or []))]


def auto_rows(view: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """The exact auto-arranger's split of the seat's hand (the same as the bots' choice)."""
    wheel, strict = _options(view)
    arr = best_arrangement([int(c) for c in parse_cards(view["hand"])], wheel, strict)
    rows = [[card_str(c) for c in display_order(r)] for r in (arr.front, arr.middle, arr.back)]
    return rows[0], rows[1], rows[2]


def row_check(view: dict[str, Any], rows: Sequence[Sequence[str]]) -> RowsInfo:
    wheel, strict = _options(view)
    return describe_rows(rows, wheel, strict)


def specials_text(view: dict[str, Any]) -> list[tuple[str, str]]:
    """The specials the hand may declare: (move text, words) pairs, highest first."""
    return [(f"declare {s}", _("{chinese} {words} ({points} from each player)", chinese=BY_ID[s].chinese,
                               words=special_words(s), points=BY_ID[s].points))
            for s in view.get("specials") or [] if s in BY_ID]


def rows_json(rows: Any, options: dict[str, Any]) -> dict[str, Any]:
    """:func:`describe_rows` for the browser's arrangement board; a malformed request raises
    an error that names the problem (three lists of card texts, at most 3/5/5 cards)."""
    if (not isinstance(rows, list) or len(rows) != 3
            or not all(isinstance(r, list) and all(isinstance(c, str) for c in r) for r in rows)):
        raise CardtableError(_("give 'rows': three lists of card texts (头道, 中道, 尾道)"))
    for r, size, name in zip(rows, ROW_SIZES, ("头道", "中道", "尾道"), strict=True):
        if len(r) > size:
            raise CardtableError(_("the {name} row holds {size} cards, not {n}", name=name, size=size,
                                   n=len(r)))
    info = describe_rows(rows, str(options.get("wheel_rank", WHEEL_LOWEST)),
                         bool(options.get("strict_ordering", False)))
    return {"rows": [{"kind": r.kind, "kind_zh": r.kind_zh} for r in info.rows],
            "fouled": info.fouled, "foul_reason": info.foul_reason, "complete": info.complete}


#: the rows assistant as the game's parts declare it (cardtable.parts.RowsAssist)
ASSIST = RowsAssist(row_sizes=ROW_SIZES, row_titles=ROW_TITLES, numbered_hand=numbered_hand,
                    auto_rows=auto_rows, check=row_check, specials=specials_text, special_id=special_id,
                    rows_json=rows_json)
