"""Score items: every point a seat wins or loses, with the rule that gave it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, cards_json


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One entry of a deal's or a match's settlement.

    ``rule`` is ``<game>:<id>`` with the spec's own label (``gin:31``, ``dummy:O7``).
    ``note`` is a sentence a person can read; ``turn`` the turn it arose in, if any.
    """

    seat: int
    points: int
    rule: str
    cards: tuple[Card, ...] = ()
    note: str = ""
    turn: int | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "points": self.points, "rule": self.rule}
        if self.cards:
            d["cards"] = cards_json(self.cards)
        if self.note:
            d["note"] = self.note
        if self.turn is not None:
            d["turn"] = self.turn
        return d


def totals(items: Iterable[ScoreItem], players: int) -> list[int]:
    out = [0] * players
    for it in items:
        out[it.seat] += it.points
    return out


def item_matches(actual: dict[str, Any], pattern: dict[str, Any]) -> bool:
    """A scenario ``expect.items`` pattern matches on each field it gives."""
    for key, want in pattern.items():
        have = actual.get(key)
        if key == "cards" and isinstance(want, list) and isinstance(have, list):
            from .cards import parse_cards
            if sorted(parse_cards(want)) != sorted(c % 64 for c in parse_cards(have)):
                return False
        elif have != want:
            return False
    return True


def match_items(actual: Sequence[dict[str, Any]], patterns: Sequence[dict[str, Any]]) -> list[str]:
    """Each pattern must match a different actual item; return what is missing."""
    used: set[int] = set()
    missing = []
    for pat in patterns:
        for i, act in enumerate(actual):
            if i not in used and item_matches(act, pat):
                used.add(i)
                break
        else:
            missing.append(f"no score item matches {pat}")
    return missing
