"""Moves: typed values with one text notation per game.

A move is a verb with the cards it names, optional card groups (melds, rows, an arrangement)
and an optional named target (a table meld, a special hand, a choice).  Each game turns moves
into text and back (``State.move_text`` / ``State.parse_move``); the helpers here do the parts
every notation shares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card, cards_str, parse_cards

_SEAT_PREFIX = re.compile(r"^\s*(\d+)\s*:\s*(.*)$", re.S)


@dataclass(frozen=True, slots=True)
class Move:
    verb: str
    cards: tuple[Card, ...] = ()
    groups: tuple[tuple[Card, ...], ...] = ()
    target: str | None = None

    def __str__(self) -> str:
        return default_move_text(self)


def default_move_text(move: Move) -> str:
    """``verb c1 c2 [g1 g1] [g2 g2] @target`` — the notation games use unless they say otherwise."""
    parts = [move.verb]
    if move.cards:
        parts.append(cards_str(move.cards))
    parts += ["[" + cards_str(g) + "]" for g in move.groups]
    if move.target is not None:
        parts.append("@" + move.target)
    return " ".join(parts)


def parse_default_move(text: str) -> Move:
    """Inverse of :func:`default_move_text`; raises BadCard on a bad token."""
    text = text.strip()
    target = None
    if "@" in text:
        text, target = text.split("@", 1)
        target = target.strip()
    groups = [parse_cards(g) for g in re.findall(r"\[([^\]]*)\]", text)]
    rest = re.sub(r"\[[^\]]*\]", " ", text).split()
    if not rest:
        return Move("")
    return Move(rest[0].lower(), tuple(parse_cards(rest[1:])),
                tuple(tuple(g) for g in groups), target)


def split_seat_prefix(text: str) -> tuple[int | None, str]:
    """``"2: discard K♠"`` → ``(2, "discard K♠")``; no prefix → ``(None, text)``."""
    m = _SEAT_PREFIX.match(text)
    if m:
        return int(m.group(1)), m.group(2).strip()
    return None, text.strip()
