"""Hints and the discard warning for a person playing Remik (``cardtable.advice``).

The hint is one of the legal moves (the heuristic bot's choice), never a meld the player does
not hold.  The warning: the next player, who may take the discard, has opened and holds one
card; if the discard can be laid off on a table meld, taking it lets them lay it off and go out
with their last card, which the discarder can see on the table.
"""

from __future__ import annotations

from typing import Any

from ...cards import COPY_STRIDE, cards_str
from ...i18n import _
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from .bots import HeuristicBot, _value
from .melds import MeldError, analyse
from .notation import move_text, parse_face


def _slots(cards: list[str]) -> list[tuple[int, int]]:
    out = []
    for i, t in enumerate(cards):
        face, rep = parse_face(t)
        # jokers on the table: distinct physical codes, so the meld check sees no duplicate
        out.append((face + COPY_STRIDE * (i + 1), rep) if face >= 52 else (face, rep))
    return out


def fits_table(view: dict[str, Any], card: int) -> str | None:
    """The id of a table meld ``card`` could be laid off on, if any (a joker fits where any
    card would)."""
    o = view.get("options", {})
    minority = bool(o.get("joker_minority", True))
    adjacent = bool(o.get("no_adjacent_jokers", True))
    base = card % COPY_STRIDE
    reps = range(52) if base >= 52 else (base,)
    for meld in view.get("table", []):
        slots = _slots(meld["cards"])
        for rep in reps:
            extra = (card + COPY_STRIDE * 20 if base >= 52 else base, rep)
            try:
                analyse([*slots, extra], joker_minority=minority, no_adjacent_jokers=adjacent)
            except MeldError:
                continue
            return str(meld["id"])
    return None


def warn(view: dict[str, Any], move: Move) -> str | None:
    if move.verb != "discard" or not move.cards or view.get("seat") is None:
        return None
    seat, n = int(view["seat"]), int(view["players"])
    if len(view.get("hand", [])) <= 1:
        return None          # this discard goes out: nothing is handed on
    nxt = (seat + 1) % n
    if not view["opened"][nxt] or view["hand_sizes"][nxt] != 1:
        return None
    card = int(move.cards[0])
    where = fits_table(view, card)
    if where is None:
        return None
    return _("seat {seat} has opened and holds one card: they can take {card}, lay it off on {meld} and go "
             "out with their last card", seat=nxt + 1, card=cards_str([card]), meld=where)


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    seat = view.get("seat")
    if not isinstance(seat, int) or "hand" not in view:
        return None
    move = pick_by_bot(HeuristicBot(), view, legal)
    if move.verb == "discard":
        safe = [m for m in legal if m.verb == "discard" and warn(view, m) is None]
        if safe and warn(view, move) is not None:
            bot = HeuristicBot()
            move = max(safe, key=lambda m: bot._discard_score(view, int(m.cards[0])))
    if len(legal) == 1:
        return Hint(move, _("the only move now"))
    v = move.verb
    if v == "takemeld":
        return Hint(move, _("take {card} and open with it: the melds reach {minimum} points",
                            card=view["discard"][-1], minimum=view.get("opening_min")))
    if v == "take":
        return Hint(move, _("{card} fits cards in your hand", card=view["discard"][-1]))
    if v == "draw":
        if not view["opened"][seat]:
            return Hint(move, _("you have not opened yet (melds worth ≥ {minimum} in one move, with a pure "
                                "run): draw and build toward it", minimum=view.get("opening_min")))
        return Hint(move, _("the top discard does not fit your hand: draw from the stock"))
    if v == "meld":
        cards = [c for g in move.groups for c in g]
        points = sum(_value(c) for c in cards)
        if not view["opened"][seat]:
            return Hint(move, _("open: these melds reach the opening minimum ({points} points of cards)",
                                points=points))
        return Hint(move, _("put these cards on the table: cards left in hand count against you ({points} "
                            "points of cards)", points=points))
    if v == "lay":
        return Hint(move, _("lay it off: every card on the table is one less against you"))
    if v == "swap":
        return Hint(move, _("take the joker back by exchange: it is worth 20 against you only if it stays in hand"))
    if v == "discard":
        c = int(move.cards[0])
        return Hint(move, _("{card} has the fewest neighbours in your hand (same rank, or same suit within "
                            "two ranks), so it helps least", card=cards_str([c])))
    return Hint(move, _("the heuristic bot's choice"))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)


