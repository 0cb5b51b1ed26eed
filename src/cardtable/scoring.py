"""Score items: every point a seat wins or loses, with the rule that gave it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, cards_json, parse_cards


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


#: what an item's JSON means when it leaves a field out (``ScoreItem.to_json`` omits defaults)
_ITEM_DEFAULTS: dict[str, Any] = {"cards": [], "note": "", "turn": None}


def best_seats(scores: Sequence[int]) -> list[int]:
    """The seats with the best score, when someone scored more than another (the default
    winners of a deal: ``State.winners``, and a score sheet's deals)."""
    if len(set(scores)) <= 1:
        return []
    best = max(scores)
    return [s for s, v in enumerate(scores) if v == best]


def item_matches(actual: dict[str, Any], pattern: dict[str, Any]) -> bool:
    """A scenario ``expect.items`` pattern matches on each field it gives (``cards`` in any
    order, as cards: ``Th`` matches ``10♥``)."""
    for key, want in pattern.items():
        have = actual.get(key, _ITEM_DEFAULTS.get(key))
        if key == "cards" and isinstance(want, list) and isinstance(have, list):
            if sorted(parse_cards(want)) != sorted(parse_cards(have)):
                return False
        elif have != want:
            return False
    return True


def match_items(actual: Sequence[dict[str, Any]], patterns: Sequence[dict[str, Any]]) -> list[str]:
    """Each pattern must match a different actual item; return what is missing.

    A maximum bipartite matching (augmenting paths), so a general pattern never takes the
    item a more specific pattern needs: ``[{"seat": 0}, {"seat": 0, "rule": "x"}]`` passes
    whenever two items of seat 0 exist and one of them has rule ``x``.
    """
    fits = [[i for i, act in enumerate(actual) if item_matches(act, pat)] for pat in patterns]
    owner: dict[int, int] = {}      # actual item -> the pattern it is given to

    def give(p: int, seen: set[int]) -> bool:
        for i in fits[p]:
            if i in seen:
                continue
            seen.add(i)
            if i not in owner or give(owner[i], seen):
                owner[i] = p
                return True
        return False

    missing = []
    for p, pat in enumerate(patterns):
        if not give(p, set()):
            why = ("no score item matches" if not fits[p] else
                   "every score item that matches is already matched by another pattern:")
            missing.append(f"{why} {pat}")
    return missing
