"""The first step of a Remik decision for the codec (``Encoding.lazy_moves``): its whole
moves (``draw``, ``take``, each ``discard``) and which sub-step verbs (``takemeld``, ``meld``,
``lay``, ``swap``) have at least one move in :func:`reach.reachable_moves` — without listing
them.  Listing every opening, meld and lay-off at every decision was most of the decision
loop's time; a verb's moves are now listed only when its token is taken.

Each answer must be exactly what the full list holds (tests/rl/test_speed_equivalence.py,
tests/rl/test_fast_paths.py):

* the whole moves are the engine's draw, take and discards, with the checks of
  ``checks.py`` (``check_draw``, ``check_take``, ``check_discard``) worked out directly;
* a verb "has a move" when a move of it passes ``why_illegal``: every move of the full list
  passed it, and conversely the reach searches visit every legal shape (``reach.py``), so a
  legal move of the verb means the list holds one of it (that one or another);
* "has none" only where no legal move of the verb can exist: no pure window for an opening
  that needs a pure run, every shape tried, or no card (nor joker) next to a table meld;
* anything else (a joker taken by exchange still to use, a search at its cap, a lay-off that
  only several cards together could make) answers None: the codec lists everything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import COPY_STRIDE, JK, Card
from ...moves import Move
from .melds import analyse, base_at, is_joker, rank_of, suit_of
from .moves import _joker_lays, _natural_lays
from .reach import MAX_MELDS, all_melds, faces_of, has_pure_window, openings

if TYPE_CHECKING:
    from .state import RemikState

DRAW, TAKE = Move("draw"), Move("take")


def first_step(st: RemikState, seat: int) -> tuple[Sequence[Move], Sequence[str]] | None:
    """(whole moves, sub-step verbs with a move) of ``seat``'s decision, or None (list all)."""
    if st.over or seat != st.current:
        return None
    opened = st.opened(seat)
    verbs: list[str] = []
    if st.phase == "draw":
        whole = [DRAW] if st.stock else []                          # check_draw
        if st.discard_pile:
            if opened or not st.opts.discard_pickup_requires_open:  # check_take
                whole.append(TAKE)
            if not opened:
                got = openings(st, seat, "takemeld", set(), first=True)
                if got is None:
                    return None
                if got:
                    verbs.append("takemeld")
    else:
        if st.pending:      # rule 24's look-ahead decides discards and more: the general path
            return None
        whole = discards(st, seat)
        if not opened:
            got = openings(st, seat, "meld", set(), first=True)
            if got is None:
                return None
            if got:
                verbs.append("meld")
        else:
            faces = faces_of(st, seat)
            for verb, test in (("meld", _meld_exists), ("lay", _lay_exists), ("swap", _swap_exists)):
                has = test(st, seat, faces)
                if has is None:
                    return None
                if has:
                    verbs.append(verb)
    # the full list is empty when the engine lists nothing (reach adds to a non-empty list only)
    return (whole, verbs) if whole else None


def discards(st: RemikState, seat: int) -> list[Move]:
    """The engine's discards (one per face, in face order): the copy ``resolve`` picks for a
    discard is the lowest that is not the card taken this turn; that card itself is never
    discarded (rule 18); with no joker pending (the caller's case) nothing else forbids one."""
    taken = st.taken
    first: dict[int, int] = {}
    h = st.hands[seat]
    while h:                        # code order: each face's lowest copy first
        low = h & -h
        h ^= low
        c = low.bit_length() - 1
        b = c % COPY_STRIDE
        f = JK if b >= 52 else b
        if f not in first or first[f] == taken:
            first[f] = c
    moves = _DISCARDS
    return [moves.get(c) or _discard(c) for f, c in sorted(first.items()) if c != taken]


_DISCARDS: dict[int, Move] = {}


def _discard(code: int) -> Move:
    """The discard of a physical card, one Move object per card (made once)."""
    m = _DISCARDS.get(code)
    if m is None:
        m = _DISCARDS[code] = Move("discard", (Card(code),))
    return m


def _legal(st: RemikState, seat: int, verb: str, groups: list[list[tuple[int, int]]],
           mid: str | None = None) -> bool:
    try:
        mv = st.make_move(verb, seat, groups, mid)
    except Exception:
        return False
    return st.why_illegal(seat, mv) is None


def _meld_exists(st: RemikState, seat: int, faces: Counter[int]) -> bool | None:
    """An opened seat's single meld: every legal one is a shape of ``all_melds``."""
    if not faces.get(JK, 0):
        # without a joker a meld is three naturals: a pure window or three suits of a rank
        sets = any(sum(1 for s in range(4) if faces.get(s * 13 + r, 0)) >= 3 for r in range(13))
        if not sets and not has_pure_window(faces):
            return False
    melds = all_melds(st, faces)
    if len(melds) >= MAX_MELDS:
        return None
    return any(_legal(st, seat, "meld", [g]) for g, _, _ in melds)


def _lay_exists(st: RemikState, seat: int, faces: Counter[int]) -> bool | None:
    """A lay-off: the engine's one-card lay-offs first (``meld_lays``, without listing them);
    else none can exist when no table meld has a held natural (or a joker) for the place next
    to it — every lay-off fills that place — and otherwise only the full search knows (None)."""
    o = st.opts
    order = sorted(faces)
    for m in st.melds:
        key = (tuple(m.slots), m.kind, o.joker_minority, o.no_adjacent_jokers)
        natural = _natural_lays(*key)
        for f in order:
            for rep in (_joker_lays(*key) if f == JK else (f,) if f in natural else ()):
                if _legal(st, seat, "lay", [[(f, rep)]], m.name):
                    return True
    if faces.get(JK, 0) and st.melds:
        return None
    for m in st.melds:
        reps = [r for _, r in m.slots]
        if m.kind == "set":
            rank, have = rank_of(reps[0]), {suit_of(r) for r in reps}
            if any(faces.get(s * 13 + rank - 1, 0) for s in range(4) if s not in have):
                return None
            continue
        info = analyse(m.slots, joker_minority=False, no_adjacent_jokers=False)
        low, high, suit = info.low, info.low + len(m.slots) - 1, suit_of(reps[0])
        if any(faces.get(base_at(suit, p), 0) for p in (low - 1, high + 1) if 1 <= p <= 14):
            return None
    return False


def _swap_exists(st: RemikState, seat: int, faces: Counter[int]) -> bool:
    """The engine lists every joker exchange (the reach adds none): one passing ``why_illegal``."""
    for m in st.melds:
        for code, rep in m.slots:
            if is_joker(code) and faces.get(rep, 0) > 0 and _legal(st, seat, "swap", [[(rep, rep)]], m.name):
                return True
    return False

