"""Remik melds with jokers and two packs (remik.md §B.2–B.3): validation, table values, candidates.

A meld is a list of *slots* ``(physical card, represented base)``.  A natural card represents
itself; a joker (``JK``) represents the card named when it was laid (remik.md rule 10 and the
Clarification "Jokers in sets").  Positions in a run are 1..14: the ace is 1 below the 2 or
14 above the K, never both (rule 7).  The shared ``cardtable.melds`` (gin: ace-low, no jokers,
one pack) does not fit these rules, so remik keeps its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ...cards import COPY_STRIDE, JK, card_str
from ...i18n import N_, _

Slot = tuple[int, int]          # (physical card code, represented base 0..51)


class MeldError(ValueError):
    """Why a group of cards is not a valid meld (a sentence for a person): English in
    ``str()``, the player's language in :meth:`said` (raised while moves are listed, so it is
    translated only where it is shown)."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message.format(**params) if params else message)
        self.message, self.params = message, params

    def said(self) -> str:
        return _(self.message, **self.params)


def is_joker(code: int) -> bool:
    return code % COPY_STRIDE >= 52


def rank_of(base: int) -> int:
    return base % 13 + 1


def suit_of(base: int) -> int:
    return base // 13


def base_at(suit: int, pos: int) -> int:
    """The base of the card at run position ``pos`` (1..14; 14 is the ace)."""
    return suit * 13 + (0 if pos == 14 else pos - 1)


def slot_str(slot: Slot) -> str:
    code, rep = slot
    return f"JK={card_str(rep)}" if is_joker(code) else card_str(code)


def table_value_at(pos: int) -> int:
    """remik.md rule 4: the table value of a run position (ace 1 at the bottom, 11 at the top)."""
    if pos == 1:
        return 1
    if pos == 14:
        return 11
    return min(pos, 10)


def set_value(rank: int) -> int:
    """remik.md rule 4: a set card's table value (ace 11, faces 10, pips)."""
    return 11 if rank == 1 else min(rank, 10)


@dataclass(frozen=True)
class MeldInfo:
    kind: str                   # "run" or "set"
    slots: tuple[Slot, ...]     # in table order (runs by position, sets by suit)
    value: int                  # remik.md rule 4 table value
    pure: bool                  # rule 8: a run with no joker
    low: int = 0                # runs: the lowest position

    @property
    def jokers(self) -> int:
        return sum(1 for c, _ in self.slots if is_joker(c))


# analyse() of the same slots recurs all the time (a table meld checked for every lay-off, the
# same meld in many openings, each move listed and then judged): its answer, or the reason it
# refused, is kept per (slots, joker rules).  A MeldInfo is frozen; slots are (int, int) pairs.
_ANALYSED: dict[tuple[tuple[Slot, ...], bool, bool], MeldInfo | tuple[str, dict[str, object]]] = {}


def analyse(slots: Sequence[Slot], *, joker_minority: bool = True,
            no_adjacent_jokers: bool = True) -> MeldInfo:
    """Validate one meld (remik.md rules 6–10); raise MeldError with the reason."""
    key = (tuple(slots), joker_minority, no_adjacent_jokers)
    try:
        got = _ANALYSED.get(key)
    except TypeError:       # slots written as lists: worked out without the cache
        return _analyse(slots, joker_minority, no_adjacent_jokers)
    if got is None:
        try:
            got = _analyse(key[0], joker_minority, no_adjacent_jokers)
        except MeldError as e:
            got = (e.message, e.params)
        if len(_ANALYSED) >= 50_000:
            _ANALYSED.clear()
        _ANALYSED[key] = got
    if type(got) is tuple:
        raise MeldError(got[0], **got[1])
    return got      # type: ignore[return-value]


def _analyse(slots: Sequence[Slot], joker_minority: bool, no_adjacent_jokers: bool) -> MeldInfo:
    n = len(slots)
    if n < 3:
        raise MeldError(N_("a meld has at least 3 cards, not {n}"), n=n)
    codes = [c for c, _ in slots]
    if len(set(codes)) != n:
        raise MeldError(N_("the same physical card is named twice"))
    jokers = sum(1 for c in codes if is_joker(c))
    naturals = n - jokers
    if naturals == 0:
        raise MeldError(N_("a meld of jokers only is not allowed (remik.md rule 9)"))
    if joker_minority and jokers >= naturals:
        raise MeldError(N_("jokers must be fewer than natural cards in a meld: {jokers} jokers, "
                           "{naturals} natural (remik.md rule 9)"), jokers=jokers, naturals=naturals)
    for code, rep in slots:
        if not 0 <= rep < 52:
            raise MeldError(N_("a joker must be written with the card it stands for, e.g. JK=8♥"))
        if not is_joker(code) and rep != code % COPY_STRIDE:
            raise MeldError(N_("{card} can only stand for itself"), card=card_str(code))
    reps = [rep for _, rep in slots]
    ranks = {rank_of(r) for r in reps}
    suits = [suit_of(r) for r in reps]
    if len(ranks) == 1:
        if n > 4:
            raise MeldError(N_("a set has at most 4 cards, not {n} (remik.md rule 6)"), n=n)
        dup = [card_str(b) for b, k in Counter(reps).items() if k > 1]
        if dup:
            raise MeldError(N_("a set needs cards of different suits; {card} is there twice "
                               "(remik.md rules 2 and 6)"), card=dup[0])
        ordered = tuple(sorted(slots, key=lambda s: suit_of(s[1])))
        rank = ranks.pop()
        return MeldInfo("set", ordered, set_value(rank) * n, False)
    if len(set(suits)) != 1:
        raise MeldError(N_("cards of different ranks and suits: a set is one rank, a run one suit"))
    dup = [card_str(b) for b, k in Counter(reps).items() if k > 1]
    if dup:
        raise MeldError(N_("{card} is twice in the run (remik.md rule 2)"), card=dup[0])
    low_pos = sorted(rank_of(r) for r in reps)
    high_pos = sorted(14 if p == 1 else p for p in low_pos)
    if n == 13:
        # A..K or 2..A hold the same cards: the ace is high when written last (Decision)
        ace = 14 if rank_of(slots[-1][1]) == 1 else 1
    elif low_pos[-1] - low_pos[0] == n - 1:
        ace = 1
    elif high_pos[-1] - high_pos[0] == n - 1:
        ace = 14
    else:
        if 1 in low_pos and 13 in low_pos and 2 in low_pos:
            raise MeldError(N_("a run may not turn the corner K-A-2 (remik.md rule 7)"))
        raise MeldError(N_("the cards of a run must be consecutive (name each joker's card, e.g. JK=8♥)"))

    def pos(rep: int) -> int:
        r = rank_of(rep)
        return ace if r == 1 else r

    ordered = tuple(sorted(slots, key=lambda s: pos(s[1])))
    if no_adjacent_jokers:
        for a, b in zip(ordered, ordered[1:], strict=False):
            if is_joker(a[0]) and is_joker(b[0]):
                raise MeldError(N_("two jokers may not sit next to each other in a run (remik.md rule 9)"))
    value = sum(table_value_at(pos(r)) for _, r in ordered)
    return MeldInfo("run", ordered, value, jokers == 0, pos(ordered[0][1]))


@lru_cache(maxsize=4096)
def meld_shown(slots: tuple[Slot, ...], joker_minority: bool,
               no_adjacent_jokers: bool) -> tuple[tuple[str, ...], int]:
    """A table meld's cards as text and its value, shown in every view: a table meld changes
    far less often than views are made, so each distinct one is worked out once."""
    cards = tuple(slot_str(s) for s in slots)
    return cards, analyse(slots, joker_minority=joker_minority, no_adjacent_jokers=no_adjacent_jokers).value


# --- candidates (for legal_moves and bots) ---------------------------------------------------

# A candidate is written on faces: tuple of (face, rep) with face = base 0..51 or JK.
Cand = tuple[tuple[int, int], ...]


def candidate_melds(faces: Counter[int], *, max_jokers: int = 1, joker_minority: bool = True,
                    no_adjacent_jokers: bool = True, limit: int = 400) -> list[Cand]:
    """Melds that can be made from a hand's faces (``faces[JK]`` = jokers held).

    Runs fill gaps with at most ``max_jokers`` jokers (never in place of a held card); sets
    use 3–4 held suits, or 2–3 held suits and one joker for the lowest missing suit.  The
    list is deterministic; it does not list every meld (why_illegal judges any meld).
    """
    jokers = min(faces.get(JK, 0), max_jokers)
    out: list[Cand] = []
    for suit in range(4):
        held = [p > 0 and faces.get(base_at(suit, p), 0) > 0 for p in range(15)]
        for start in range(1, 13):
            used = 0
            cand: list[tuple[int, int]] = []
            for p in range(start, 15):
                if start == 1 and p == 14:
                    break                       # the ace is low or high, never both (rule 7)
                b = base_at(suit, p)
                if held[p]:
                    cand.append((b, b))
                else:
                    used += 1
                    if used > jokers:
                        break
                    cand.append((JK, b))
                if len(cand) >= 3 and _joker_ok(cand, joker_minority, no_adjacent_jokers):
                    out.append(tuple(cand))
                    if len(out) >= limit:
                        return out
    for rank in range(1, 14):
        held_suits = [s for s in range(4) if faces.get(s * 13 + rank - 1, 0) > 0]
        for k in (4, 3):
            for combo in combinations(held_suits, k):
                out.append(tuple((s * 13 + rank - 1, s * 13 + rank - 1) for s in combo))
        if jokers:
            for k in (3, 2):
                for combo in combinations(held_suits, k):
                    missing = next(s for s in range(4) if s not in combo)
                    cand = [(s * 13 + rank - 1, s * 13 + rank - 1) for s in combo]
                    cand.append((JK, missing * 13 + rank - 1))
                    if _joker_ok(cand, joker_minority, no_adjacent_jokers):
                        out.append(tuple(cand))
    return out[:limit]


def _joker_ok(cand: Sequence[tuple[int, int]], minority: bool, no_adjacent: bool) -> bool:
    j = sum(1 for f, _ in cand if f == JK)
    nat = len(cand) - j
    if nat == 0 or (minority and j >= nat):
        return False
    if no_adjacent:
        for a, b in zip(cand, cand[1:], strict=False):
            if a[0] == JK and b[0] == JK:
                return False
    return True


@lru_cache(maxsize=8192)     # the same few hundred shapes recur in every hand
def cand_value(cand: Cand) -> tuple[int, bool]:
    """Table value and purity of a candidate (through :func:`analyse` on stand-in codes)."""
    slots = [(JK + COPY_STRIDE * i if f == JK else f, r) for i, (f, r) in enumerate(cand)]
    info = analyse(slots, joker_minority=False, no_adjacent_jokers=False)
    return info.value, info.pure
