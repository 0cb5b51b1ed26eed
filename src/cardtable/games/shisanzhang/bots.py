"""Bots of 十三张: ``random_valid`` (a uniformly random non-fouling arrangement) and ``auto``
(the auto-arranger of arrange.py, declaring a special hand when it is worth more).

Bots see only the seat's ``view`` (its own 13 cards) and the legal moves.  Both return an
``arrange`` move that ``why_illegal`` accepts (every split of the hand is legal) even when it
is not among the bounded ``legal_moves`` list (docs: Decision "legal_moves").
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import parse_cards
from ...i18n import _
from ...moves import Move
from ...parts.botbase import ViewBot
from .arrange import best_arrangement, random_valid
from .specials import BY_ID
from .state import display_order


def _hand(view: dict[str, Any]) -> list[int]:
    return [int(c) for c in parse_cards(view["hand"])]


def _opts(view: dict[str, Any]) -> tuple[str, bool]:
    o = view.get("options", {})
    return o.get("wheel_rank", "lowest"), bool(o.get("strict_ordering", False))


def advice(view: dict[str, Any], legal: list[Move]) -> tuple[Move, str]:
    """The auto-arranger's move and a sentence explaining it (also the CLI hint)."""
    wheel, strict = _opts(view)
    declares = [m for m in legal if m.verb == "declare"]
    arrangeable = any(m.verb == "arrange" for m in legal)
    specials = [s for s in view.get("specials", []) if s in BY_ID]
    best_special = BY_ID[specials[0]] if specials else None
    if not arrangeable and declares:
        sp = BY_ID[specials[0]] if specials else None
        why = (_("this hand must be declared ({chinese}, {points})", chinese=sp.chinese, points=sp.points)
               if sp else _("declare"))
        return declares[0], why
    arr = best_arrangement(_hand(view), wheel, strict)
    move = Move("arrange", groups=tuple(display_order(r) for r in (arr.front, arr.middle, arr.back)))
    score = format(arr.score, "+.1f")
    ev = (_("expected {score} per opponent", score=score) if arr.score > float("-inf")
          else _("no split avoids a foul"))
    if best_special is not None:
        if best_special.points >= arr.score:
            return (Move("declare", target=best_special.id),
                    _("declare {chinese} ({special}): {points} per opponent beats the best "
                      "arrangement ({ev})", chinese=best_special.chinese, special=best_special.id,
                      points=best_special.points, ev=ev))
        return move, _("special {chinese} ({points}) is available, but the arrangement is worth "
                       "more ({ev})", chinese=best_special.chinese, points=best_special.points, ev=ev)
    return move, _("auto-arranger: {ev}; no special hand", ev=ev)


class RandomValidBot(ViewBot):
    """A uniformly random non-fouling arrangement (rejection sampling over all splits)."""

    name = "random_valid"
    needs_all_legal = False     # reads only whether an arrangement is listed, and legal[0]

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        if not any(m.verb == "arrange" for m in legal):
            return legal[0]
        wheel, strict = _opts(view)
        rows = random_valid(_hand(view), rng, wheel, strict)
        return Move("arrange", groups=tuple(display_order(r) for r in rows))


class AutoBot(ViewBot):
    """The exact auto-arranger (arrange.py) and the special-hand choice."""

    name = "auto"
    needs_all_legal = False     # reads only the declarations and whether an arrangement is listed

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return advice(view, legal)[0]
