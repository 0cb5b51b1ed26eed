"""Observation fields: small encoders from one part of ``State.view(seat)`` to numbers.

A game's encoding part lists its fields (``games/<id>/encoding.py``); each field reads a path of
the view and writes a fixed number of float32 values, so the observation has one shape per
(game, players, options).  Cards are encoded by their *base* (0..51, then LJ, BJ, JK = 52,
53, 54) as counts, because a view prints the two copies of a two-pack card alike; in a
one-pack game a count is a 0/1 flag.  Seats are relative to the observer: index 0 is the
observer, 1 the next seat in play order, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..cards import COPY_STRIDE, parse_card
from ..errors import BadCard


class FloatArray(Protocol):
    """Where fields write: a float32 NumPy array (or a slice or memoryview of one) that the
    rl layer passes in, so the fields themselves never need NumPy."""

    def __getitem__(self, key: Any, /) -> Any: ...
    def __setitem__(self, key: Any, value: Any, /) -> None: ...


NBASE = 55          # 52 suited cards + LJ, BJ, JK
Reader = Callable[[dict[str, Any], int, FloatArray], None]   # (view, seat, out slice)


@dataclass(frozen=True)
class Field:
    name: str
    size: int
    read: Reader
    doc: str


_CARD_CACHE: dict[str, int] = {}


def card_base(text: Any) -> int:
    """The base of a card string as views print it (``10♥``, ``JK=J♠`` → the joker); -1 if
    it is not a card."""
    if not isinstance(text, str):
        return -1
    b = _CARD_CACHE.get(text)
    if b is None:
        try:
            b = parse_card(text.split("=", 1)[0]) % COPY_STRIDE
        except BadCard:
            b = -1
        if len(_CARD_CACHE) < 10_000:
            _CARD_CACHE[text] = b
    return b


_PUNCT = str.maketrans({"[": " ", "]": " ", "|": " ", ",": " "})
_PARSED: dict[str, tuple[str, list[int]] | None] = {}


def parse_move_text(text: str) -> tuple[str, list[int]] | None:
    """``"play 7♥ 8♥"`` → ("play", [bases]); tolerant of redacted or other text."""
    got = _PARSED.get(text)
    if got is None and text not in _PARSED:
        words = text.translate(_PUNCT).split()
        got = (words[0].lower(), [b for b in (card_base(w) for w in words[1:]) if b >= 0]) if words else None
        if len(_PARSED) < 100_000:
            _PARSED[text] = got
    return got


def parse_log_entry(entry: str) -> tuple[int, str, list[int]] | None:
    """``"2: play 7♥ 8♥"`` → (2, "play", [bases]); tolerant of redacted or other text."""
    head, sep, text = entry.partition(":")
    if not sep or not head.strip().isdigit():
        return None
    got = parse_move_text(text)
    return None if got is None else (int(head), got[0], got[1])


def get(view: dict[str, Any], path: str) -> Any:
    """``a.b.c`` in nested dicts; None where a key is missing."""
    v: Any = view
    for key in path.split("."):
        if isinstance(v, dict):
            v = v.get(key)
        elif isinstance(v, list) and key.lstrip("-").isdigit():
            i = int(key)
            v = v[i] if -len(v) <= i < len(v) else None
        else:
            return None
        if v is None:
            return None
    return v


def add_cards(out: FloatArray, cards: Any) -> None:
    """Count the cards of a list (nested lists and dicts' ``cards`` are walked) into out[0:55]."""
    if cards is None:
        return
    if isinstance(cards, str):
        b = card_base(cards)
        if b >= 0:
            out[b] += 1
        return
    if isinstance(cards, dict):
        add_cards(out, cards.get("cards", cards.get("card")))
        return
    for c in cards:
        add_cards(out, c)


_BYTE_BITS = tuple(tuple(j for j in range(8) if b >> j & 1) for b in range(256))


def add_mask(out: FloatArray, start: int, mask: int) -> None:
    """Count the cards of a bitmask (bit c: card code c) into out[start:start + 55] by base:
    what :func:`add_cards` does with the cards' texts, for the games' fast fields (a byte of
    the mask at a time; a second pack's copy adds to the same base)."""
    if mask >> COPY_STRIDE or mask.bit_count() <= 3:     # card by card: copies, or a few cards
        while mask:
            low = mask & -mask
            out[start + (low.bit_length() - 1) % COPY_STRIDE] += 1.0
            mask ^= low
        return
    while mask:
        for j in _BYTE_BITS[mask & 255]:
            out[start + j] += 1.0
        mask >>= 8
        start += 8


def flag_mask(out: FloatArray, start: int, mask: int) -> None:
    """:func:`add_mask` for a block that holds none of these cards yet and a mask of one pack
    (each base once): the counts are 1, written without reading them back."""
    if mask >> COPY_STRIDE:
        add_mask(out, start, mask)
        return
    if mask.bit_count() <= 3:       # a few cards: bit by bit beats byte by byte
        while mask:
            low = mask & -mask
            out[start + low.bit_length() - 1] = 1.0
            mask ^= low
        return
    while mask:
        for j in _BYTE_BITS[mask & 255]:
            out[start + j] = 1.0
        mask >>= 8
        start += 8


def rel(seat: int, other: int, players: int) -> int:
    return (other - seat) % players


# --- field makers ---------------------------------------------------------------------------

def cards(path: str, doc: str = "") -> Field:
    """Counts of the cards at ``path`` (a list of card strings, possibly nested)."""
    def read(view: dict[str, Any], seat: int, out: FloatArray) -> None:
        add_cards(out, get(view, path))
    return Field(path, NBASE, read, doc or f"cards of `{path}` (counts by card)")


def num(path: str, scale: float = 1.0, doc: str = "") -> Field:
    """A number (or a bool as 0/1, or the length of a list) divided by ``scale``."""
    def read(view: dict[str, Any], seat: int, out: FloatArray) -> None:
        v = get(view, path)
        if isinstance(v, (list, dict, str)):
            v = len(v)
        out[0] = (float(v) if v is not None else 0.0) / scale
    return Field(path, 1, read, doc or f"`{path}` / {scale:g}")


def choice(path: str, choices: Sequence[Any], doc: str = "") -> Field:
    """One-hot of the value at ``path`` among ``choices`` (all zero for any other value)."""
    index = {c: i for i, c in enumerate(choices)}

    def read(view: dict[str, Any], seat: int, out: FloatArray) -> None:
        v = get(view, path)
        i = index.get(v) if isinstance(v, (str, int, bool)) or v is None else None
        if i is not None:
            out[i] = 1.0
    return Field(path, len(choices), read,
                 doc or f"`{path}` one-hot: {', '.join(map(str, choices))}")


def seat(path: str, players: int, doc: str = "") -> Field:
    """One-hot of a seat number, relative to the observer (all zero for none)."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        v = get(view, path)
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < players:
            out[rel(me, v, players)] = 1.0
    return Field(path, players, read, doc or f"`{path}` seat one-hot (relative)")


def seats(path: str, players: int, doc: str = "") -> Field:
    """Multi-hot of a list of seats (or the keys of a dict of seats), relative."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        v = get(view, path)
        for s in (v or ()):
            try:
                s = int(s)
            except (TypeError, ValueError):
                continue
            if 0 <= s < players:
                out[rel(me, s, players)] = 1.0
    return Field(path, players, read, doc or f"`{path}` seats multi-hot (relative)")


def per_seat_num(path: str, players: int, scale: float = 1.0, key: str | None = None,
                 doc: str = "") -> Field:
    """A per-seat list of numbers (``key`` of each item if given), relative order, / scale."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        v = get(view, path)
        if not isinstance(v, list):
            return
        for s, x in enumerate(v[:players]):
            if key is not None and isinstance(x, dict):
                x = x.get(key)
            if isinstance(x, (list, str)):
                x = len(x)
            if isinstance(x, (int, float)):
                out[rel(me, s, players)] = float(x) / scale
    return Field(path, players, read, doc or f"`{path}` per seat (relative) / {scale:g}")


def per_seat_cards(path: str, players: int, key: str | None = None, doc: str = "") -> Field:
    """A per-seat list (or a dict keyed by seat numbers) of card lists: players × 55."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        v = get(view, path)
        if isinstance(v, dict):
            items = [(int(k), x) for k, x in v.items() if str(k).isdigit()]
        elif isinstance(v, list):
            items = list(enumerate(v))
        else:
            return
        for s, x in items:
            if not 0 <= s < players:
                continue
            if key is not None and isinstance(x, dict):
                x = x.get(key)
            r = rel(me, s, players)
            add_cards(out[r * NBASE:(r + 1) * NBASE], x)
    return Field(path, players * NBASE, read,
                 doc or f"`{path}`{'.' + key if key else ''} cards per seat (relative) × 55")


def plays(path: str, players: int, doc: str = "") -> Field:
    """A trick's ``plays`` list of ``[seat, card]``: the card each seat played, players × 55."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        v = get(view, path)
        for p in (v or ()):
            if isinstance(p, (list, tuple)) and len(p) == 2 and isinstance(p[0], int):
                r = rel(me, p[0], players)
                add_cards(out[r * NBASE:(r + 1) * NBASE], p[1])
    return Field(path, players * NBASE, read, doc or f"`{path}`: card played by each seat (relative) × 55")


def items(path: str, count: int, key: str = "cards", doc: str = "") -> Field:
    """The first ``count`` items of a list (table melds ...), each its ``key`` cards: count × 55."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        v = get(view, path)
        for i, x in enumerate((v or ())[:count]):
            add_cards(out[i * NBASE:(i + 1) * NBASE], x.get(key) if isinstance(x, dict) else x)
    return Field(path, count * NBASE, read, doc or f"`{path}`: the first {count} items' cards, 55 each")


def owned_cards(path: str, players: int, owner: str = "owner", key: str = "cards", doc: str = "") -> Field:
    """A list of dicts with an owner seat and cards (table melds): each seat's cards, players × 55."""
    def read(view: dict[str, Any], me: int, out: FloatArray) -> None:
        for x in (get(view, path) or ()):
            s = x.get(owner) if isinstance(x, dict) else None
            if isinstance(s, int) and 0 <= s < players:
                r = rel(me, s, players)
                add_cards(out[r * NBASE:(r + 1) * NBASE], x.get(key))
    return Field(path, players * NBASE, read, doc or f"`{path}` cards by `{owner}` (relative) × 55")


def custom(name: str, size: int, read: Reader, doc: str) -> Field:
    return Field(name, size, read, doc)
