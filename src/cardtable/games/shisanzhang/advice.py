"""Hints and the foul warning for a person playing 十三张 (``cardtable.advice``).

The hint is the auto-arranger's choice (or the special hand worth more); the warning names a
foul (倒水, §1.2: the front row beats the middle or the middle beats the back), which pays every
opponent, before the arrangement is sent.
"""

from __future__ import annotations

from typing import Any

from ...advice import Hint, hint_line
from ...moves import Move
from .bots import _opts, advice
from .handeval import describe, eval3, eval5, fouls, trunc5
from .notation import text


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
    rows = f"头道 {describe(vf, 3)}, 中道 {describe(vm, 5)}, 尾道 {describe(vb, 5)}"
    word = "at least as strong as" if strict else "stronger than"
    m = trunc5(vm)
    front_bad = vf >= m if strict else vf > m
    which = f"the {'front' if front_bad else 'middle'} row is {word} the {'middle' if front_bad else 'back'}"
    return (f"this arrangement fouls (倒水): {which} ({rows}); a fouled hand pays every "
            "opponent who did not foul")


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    if not legal or view.get("hand") is None:
        return None
    return hint_line(advise(view, legal), text)
