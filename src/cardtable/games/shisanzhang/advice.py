"""Hints and the foul warning for a person playing 十三张 (``cardtable.advice``).

The hint is the auto-arranger's choice (or the special hand worth more); the warning names a
foul (倒水, §1.2: the front row beats the middle or the middle beats the back), which pays every
opponent, before the arrangement is sent.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _
from ...moves import Move
from ...parts.hints import Hint, hint_line
from .bots import _opts, advice
from .handeval import eval3, eval5, fouls, trunc5
from .notation import text
from .words import row_kind

#: (the front row is the bad one, strict ordering) → the warning
_FOUL = {
    (True, False): N_("this arrangement fouls (倒水): the front row is stronger than the middle "
                      "({rows}); a fouled hand pays every opponent who did not foul"),
    (True, True): N_("this arrangement fouls (倒水): the front row is at least as strong as the "
                     "middle ({rows}); a fouled hand pays every opponent who did not foul"),
    (False, False): N_("this arrangement fouls (倒水): the middle row is stronger than the back "
                       "({rows}); a fouled hand pays every opponent who did not foul"),
    (False, True): N_("this arrangement fouls (倒水): the middle row is at least as strong as the "
                      "back ({rows}); a fouled hand pays every opponent who did not foul"),
}


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if view.get("hand") is None:
        return None
    move, why = advice(view, legal)
    return Hint(move, why)


def warn(view: dict[str, Any], move: Move) -> str | None:
    if move.verb != "arrange" or len(move.groups) != 3:
        return None
    wheel, strict = _opts(view)
    front, middle, back = move.groups
    try:
        vf, vm, vb = eval3(front), eval5(middle, wheel), eval5(back, wheel)
    except (KeyError, ValueError, IndexError):
        return None
    if not fouls(vf, vm, vb, strict):
        return None
    rows = _("头道 {front}, 中道 {middle}, 尾道 {back}", front=row_kind(vf, 3), middle=row_kind(vm, 5),
             back=row_kind(vb, 5))
    m = trunc5(vm)
    front_bad = vf >= m if strict else vf > m
    return _(_FOUL[front_bad, strict], rows=rows)


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    if not legal or view.get("hand") is None:
        return None
    return hint_line(advise(view, legal), text)
