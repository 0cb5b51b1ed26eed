"""The words a game's screen parts share: zones, seats named as players see them, cards as
tokens, signed points, a sum of card values, and the context a score explanation gets.

A game's ``layout`` and ``explain`` parts build their text with these, and the outer layers
(``presentation``, ``explanation``) draw what the parts return: so the words live here, below
the games, and no game needs to import a layer above it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import parse_card
from ..errors import BadCard
from ..i18n import _, pgettext
from .refs import strip_refs

#: one public zone of the table: ``{"name": str, "cards": [token ...]}`` or ``{"name", "text"}``
Zone = dict[str, Any]

_SEAT_WORD = re.compile(r"\bseat (\d+)('s)?")


# --- seats ----------------------------------------------------------------------------------

def name_of(seat: Any, names: Sequence[str]) -> str:
    """The name players see for ``seat`` (a seat number, 0-based); seats past ``names`` are
    counted from 1 as people count."""
    try:
        s = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    return names[s] if 0 <= s < len(names) else _("seat {n}", n=s + 1)


def seat_ref(seat: int, names: Sequence[str], possessive: bool = False) -> str:
    """A seat inside a sentence: "you" / "your", else its name ("seat 3 (heuristic)'s").

    The possessive form suits English word order only; a translated sentence names the
    seat with the plain form (``{who}``) and words its own possessive."""
    name = name_of(seat, names)
    if name == _("You"):
        return pgettext("possessive", "your") if possessive else _("you")
    return _("{name}'s", name=name) if possessive else name


def name_seats(text: str, names: Sequence[str]) -> str:
    """Rewrite the engine's "seat 3" / "seat 3's" in a sentence with the names players see."""
    def sub(m: re.Match[str]) -> str:
        s = int(m.group(1))
        if not 0 <= s < len(names):
            return m.group(0)
        return seat_ref(s, names, possessive=bool(m.group(2)))
    return _SEAT_WORD.sub(sub, text)


def seats_text(seats: Sequence[Any], names: Sequence[str]) -> str:
    """Seats as a list in a sentence ("You, seat 3"; Chinese joins with 、), or "nobody"."""
    return (pgettext("list separator", ", ").join(name_of(s, names) for s in seats)
            or _("nobody"))


def per_seat(values: Sequence[Any], names: Sequence[str], unit: str = "") -> str:
    """``"You 12  seat 2 (heuristic) 11 …"`` for a per-seat list of numbers."""
    return "   ".join(f"{name_of(s, names)} {v}{unit}" for s, v in enumerate(values))


def plays_text(plays: Sequence[Sequence[Any]], names: Sequence[str]) -> str:
    """A trick's plays ``[[seat, card], …]`` as "You 7♦, seat 2 (heuristic) 8♦"."""
    return ", ".join(f"{name_of(s, names)} {c}" for s, c in plays) or "—"


# --- cards and zones ------------------------------------------------------------------------

def card_token(text: str, new: bool = False) -> dict[str, Any]:
    """A card as the screen draws it: its text, whether it is red, whether it just arrived."""
    t = str(text)
    return {"text": t, "red": t[-1:] in ("♥", "♦") or t == "BJ", "new": new}


def tokens(cards: Sequence[str] | None) -> list[dict[str, Any]]:
    return [card_token(c) for c in cards or []]


def zone(name: str, cards: Sequence[str] | None = None, text: str | None = None) -> Zone:
    """One public zone: a name and either cards or a line of text."""
    if cards is not None:
        return {"name": name, "cards": tokens(cards)} if cards else {"name": name, "text": "—"}
    return {"name": name, "text": text if text not in (None, "") else "—"}


# --- points ---------------------------------------------------------------------------------

def signed(points: int) -> str:
    """Points as a person writes them: +5, −3 (a true minus sign), 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def card_sum(cards: Sequence[str], value: Callable[[int], int]) -> tuple[str, int]:
    """``("2♥ 20 + 5♦ 5", 25)``: each card with its value, and the sum."""
    parts, total = [], 0
    for t in cards:
        try:
            v = value(parse_card(t))
        except BadCard:
            continue
        parts.append(f"{t} {v}")
        total += v
    return " + ".join(parts), total


@dataclass
class ExplainContext:
    """What a game's ``explain`` may use: the names, the table size, the final view."""

    names: Sequence[str]
    players: int
    view: dict[str, Any] | None = None
    items: Sequence[dict[str, Any]] = ()
    index: int = 0          # the place of the item being explained in ``items``
    extra: dict[str, Any] = field(default_factory=dict)

    def seat(self, s: Any, possessive: bool = False) -> str:
        return seat_ref(int(s), self.names, possessive)

    def name(self, s: Any) -> str:
        return name_of(s, self.names)

    def words(self, text: str) -> str:
        """A note of the engine with its seat numbers turned into names and its spec
        references ("(gin.md rule 31)", "(§4.5)", "(O7)") left out (:func:`.refs.strip_refs`)."""
        return name_seats(strip_refs(text), self.names).strip()

    def partner_item(self, step: int) -> dict[str, Any] | None:
        """The item ``step`` places away (a zero-sum pair of items is written side by side)."""
        k = self.index + step
        return self.items[k] if 0 <= k < len(self.items) else None

    @property
    def options(self) -> dict[str, Any]:
        return dict((self.view or {}).get("options") or {})


__all__ = ["ExplainContext", "Zone", "card_sum", "card_token", "name_of", "name_seats", "per_seat",
           "plays_text", "seat_ref", "seats_text", "signed", "strip_refs", "tokens", "zone"]
