"""Bounded, deterministic lists of legal Remik moves (docs/games/remik.md "What legal_moves returns").

The full move space (every subset of a hand as melds, every joker stand-in) is far too large
to list, so ``legal_moves`` returns, in this order:

* draw phase: ``draw``; ``take`` (when allowed); up to ``MAX_OPENINGS`` ``take meld`` openings;
* play phase, unopened: up to ``MAX_OPENINGS`` openings found by a bounded search;
* play phase, opened: up to ``MAX_MELDS`` single melds (at most one joker each), every
  one-card lay-off (a joker at each possible stand-in), every joker exchange;
* while a joker taken by exchange is unused: also every single meld or lay-off that puts all
  such jokers on the table (:func:`pending_uses`); no discard;
* every discard (one per distinct face).

Every listed move is checked by ``why_illegal``; ``why_illegal`` itself accepts every legal
move, listed or not (larger melds, several jokers, several cards laid off at once ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ...cards import COPY_STRIDE, JK, cards_of
from ...moves import Move
from .melds import Cand, Slot, analyse, base_at, cand_value, candidate_melds, is_joker, rank_of, suit_of

if TYPE_CHECKING:
    from .state import RemikState, TableMeld

MAX_OPENINGS = 12
MAX_MELDS = 30
SEARCH_NODES = 1500


def _faces(st: RemikState, seat: int, extra: int = -1) -> Counter[int]:
    cards = cards_of(st.hands[seat]) + ([extra] if extra >= 0 else [])
    return Counter(JK if c % COPY_STRIDE >= 52 else c % COPY_STRIDE for c in cards)


def _hand_key(st: RemikState, faces: Counter[int]) -> tuple[tuple[tuple[int, int], ...], bool, bool]:
    return tuple(sorted(faces.items())), st.opts.joker_minority, st.opts.no_adjacent_jokers


def _cands(st: RemikState, faces: Counter[int]) -> tuple[Cand, ...]:
    return _cands_of(*_hand_key(st, faces))


# a hand is listed in its draw phase, its play phase and again in look-aheads and playouts
@lru_cache(maxsize=2048)
def _cands_of(faces: tuple[tuple[int, int], ...], joker_minority: bool,
              no_adjacent_jokers: bool) -> tuple[Cand, ...]:
    return tuple(candidate_melds(Counter(dict(faces)), max_jokers=1, joker_minority=joker_minority,
                                 no_adjacent_jokers=no_adjacent_jokers))


def _move(st: RemikState, verb: str, seat: int, groups: list[Cand], mid: str | None = None) -> Move | None:
    try:
        return st.make_move(verb, seat, [list(g) for g in groups], mid)
    except Exception:
        return None


def openings(st: RemikState, seat: int, extra: int = -1,
             faces: Counter[int] | None = None) -> list[list[Cand]]:
    """Up to MAX_OPENINGS sets of disjoint candidate melds meeting remik.md rule 20.

    A depth-first search over candidate melds (highest value first), bounded by SEARCH_NODES;
    with ``extra`` (take meld) only openings that use that face are kept.
    """
    if faces is None:
        faces = _faces(st, seat, extra)
    need_face = (JK if extra % COPY_STRIDE >= 52 else extra % COPY_STRIDE) if extra >= 0 else None
    scored = _scored(*_hand_key(st, faces))
    need_pure = st.opts.opening_requires_pure_run
    if need_pure and not any(p for _, _, p, _ in scored):
        return []
    minimum = st.opts.opening_min
    total_cards = sum(faces.values())
    found: list[list[Cand]] = []
    nodes = 0
    # the cards left as 5-bit counts per face in one int (a guard bit on top of each): "does
    # the hand still hold this meld" is one subtraction, as in reach.py
    packed = _packed_uses(*_hand_key(st, faces))
    need_at = _field(need_face) if need_face is not None else -1
    need_n = faces[need_face] if need_face is not None else 0
    go_out = st.opts.allow_go_out_without_discard

    def dfs(start: int, left: int, used: int, chosen: list[int], total: int, pure: bool) -> None:
        nonlocal nodes
        for i in range(start, len(scored)):
            if len(found) >= MAX_OPENINGS or nodes >= SEARCH_NODES:
                return
            left2 = left - packed[i]
            if left2 & _GUARD != _GUARD:
                continue
            c, value, cpure, _uses = scored[i]
            nodes += 1
            used2 = used + len(c)
            t2, p2 = total + value, pure or cpure
            chosen.append(i)
            ok = t2 >= minimum and (p2 or not need_pure)
            if ok and need_at >= 0 and (left2 >> need_at) & 15 >= need_n:
                ok = False
            if ok and (used2 < total_cards or go_out):
                found.append([scored[k][0] for k in chosen])
            dfs(i + 1, left2, used2, chosen, t2, p2)
            chosen.pop()

    dfs(0, sum(n << _field(f) for f, n in faces.items()) | _GUARD, 0, [], 0, False)
    found.sort(key=lambda g: (-sum(len(c) for c in g), -sum(cand_value(c)[0] for c in g)))
    return found


_GUARD = sum(1 << (5 * i + 4) for i in range(53))     # the guard bit of each face's 5-bit count


def _field(face: int) -> int:
    return 5 * (52 if face == JK else face)


@lru_cache(maxsize=2048)
def _packed_uses(faces: tuple[tuple[int, int], ...], joker_minority: bool,
                 no_adjacent_jokers: bool) -> tuple[int, ...]:
    """Each of :func:`_scored`'s candidates' faces as 5-bit counts (the search's subtrahends)."""
    return tuple(sum(n << _field(f) for f, n in uses)
                 for _, _, _, uses in _scored(faces, joker_minority, no_adjacent_jokers))


@lru_cache(maxsize=2048)
def _scored(faces: tuple[tuple[int, int], ...], joker_minority: bool,
            no_adjacent_jokers: bool) -> tuple[tuple[Cand, int, bool, tuple[tuple[int, int], ...]], ...]:
    """The opening search's candidates, highest value first: (meld, value, pure, faces used)."""
    scored = []
    for c in _cands_of(faces, joker_minority, no_adjacent_jokers):
        value, pure = cand_value(c)
        scored.append((c, value, pure, tuple(Counter(f for f, _ in c).items())))
    scored.sort(key=lambda t: (-t[1], -len(t[0])))
    return tuple(scored)


def meld_lays(st: RemikState, seat: int, m: TableMeld,
              faces: Counter[int] | None = None) -> list[tuple[int, int]]:
    """(face, stand-in) pairs that can be laid off singly onto ``m`` (``faces``: the hand's)."""
    if faces is None:
        faces = _faces(st, seat)
    key = (tuple(m.slots), m.kind, st.opts.joker_minority, st.opts.no_adjacent_jokers)
    good: list[tuple[int, int]] = []
    for f in sorted(faces):
        if f == JK:
            good += [(JK, rep) for rep in _joker_lays(*key)]
        elif f in _natural_lays(*key):
            good.append((f, f))
    return good


def _lays_onto(slots: tuple[Slot, ...], kind: str, face: int, rep: int, joker_minority: bool,
               no_adjacent_jokers: bool) -> bool:
    code = JK + COPY_STRIDE * 40 if face == JK else face + COPY_STRIDE * 40  # a stand-in code
    try:
        info = analyse(list(slots) + [(code, rep)], joker_minority=joker_minority,
                       no_adjacent_jokers=no_adjacent_jokers)
    except ValueError:
        return False
    return info.kind == kind


def lay_candidates(slots: Sequence[Slot], kind: str) -> range | list[int]:
    """The natural faces that may extend a meld of ``kind``: a set stays one rank, and a run
    one suit and consecutive — one card more fills the place below or above it, where a joker
    would go (``_joker_spots``; a card already in the run would be there twice) — so
    ``analyse`` rejects (or changes the kind for) any other face."""
    if not slots:
        return range(52)
    rep = slots[0][1]
    if kind == "set":
        return [s * 13 + rank_of(rep) - 1 for s in range(4)]
    if kind == "run":
        return _joker_spots(kind, slots)
    return []       # analyse gives only "set" or "run": no face keeps another kind


# A table meld is offered lay-offs on every listing while it stays as it is, and its slots
# (with the rules) decide which single cards fit: each distinct meld is analysed once.
@lru_cache(maxsize=4096)
def _natural_lays(slots: tuple[Slot, ...], kind: str, joker_minority: bool,
                  no_adjacent_jokers: bool) -> frozenset[int]:
    return frozenset(f for f in lay_candidates(slots, kind)
                     if _lays_onto(slots, kind, f, f, joker_minority, no_adjacent_jokers))


@lru_cache(maxsize=4096)
def _joker_lays(slots: tuple[Slot, ...], kind: str, joker_minority: bool,
                no_adjacent_jokers: bool) -> tuple[int, ...]:
    return tuple(rep for rep in _joker_spots(kind, slots)
                 if _lays_onto(slots, kind, JK, rep, joker_minority, no_adjacent_jokers))


def _joker_spots(kind: str, slots: Sequence[Slot]) -> list[int]:
    reps = [r for _, r in slots]
    if kind == "set":
        rank = rank_of(reps[0])
        have = {suit_of(r) for r in reps}
        return [s * 13 + rank - 1 for s in range(4) if s not in have]
    suit = suit_of(reps[0])
    info = analyse(slots, joker_minority=False, no_adjacent_jokers=False)
    low, high = info.low, info.low + len(slots) - 1
    return [base_at(suit, p) for p in (low - 1, high + 1) if 1 <= p <= 14 and not (p == 1 and high == 14)
            and not (p == 14 and low == 1)]


def pending_uses(st: RemikState, seat: int, first_only: bool = False) -> list[Move]:
    """Single moves that put every joker taken by exchange this turn on the table (rule 24).

    Searched exhaustively over shapes: every run window in every suit and every set (a new
    meld), every extension of a table run at either end and every completion of a table set
    (a lay-off of one or more cards), with the held natural cards where they fit and jokers in
    the gaps — plus up to one more joker in place of a held card (so that a card is kept to
    discard).  Each candidate is judged by ``why_illegal`` (without this look-ahead).
    """
    from .checks import why_illegal
    need = len(st.pending)
    if need == 0:
        return []
    faces = _faces(st, seat)
    jh = faces.get(JK, 0)
    out: list[Move] = []

    def consider(verb: str, group: list[tuple[int, int]], mid: str | None = None) -> bool:
        mv = _move(st, verb, seat, [tuple(group)], mid)
        if mv is not None and why_illegal(st, seat, mv, deep=False) is None:
            out.append(mv)
            return first_only
        return False

    def fills(suit: int, positions: list[int]) -> list[list[tuple[int, int]]]:
        """Ways to fill run positions: held cards, jokers in the gaps (≥ need jokers in all)."""
        held = [p for p in positions if faces.get(base_at(suit, p), 0) > 0]
        gaps = len(positions) - len(held)
        lo_extra = max(0, need - gaps)
        ways = []
        for extra in range(lo_extra, min(lo_extra + 1, jh - gaps) + 1):
            for subs in combinations(held, extra):
                ways.append([(JK, base_at(suit, p)) if p in subs or p not in held
                             else (base_at(suit, p), base_at(suit, p)) for p in positions])
        return ways

    for suit in range(4):                                   # new runs
        for lo in range(1, 13):
            for hi in range(lo + 2, 15):
                if lo == 1 and hi == 14:
                    break
                pos = list(range(lo, hi + 1))
                if sum(1 for p in pos if faces.get(base_at(suit, p), 0) == 0) > jh:
                    break
                for g in fills(suit, pos):
                    if consider("meld", g):
                        return out
    for rank in range(1, 14):                               # new sets
        held_suits = [s for s in range(4) if faces.get(s * 13 + rank - 1, 0) > 0]
        for k in range(1, 4):
            for combo in combinations(held_suits, k):
                missing = [s for s in range(4) if s not in combo]
                for j in range(max(1, need), min(jh, 4 - k) + 1):
                    if k + j < 3:
                        continue
                    g = [(s * 13 + rank - 1, s * 13 + rank - 1) for s in combo]
                    g += [(JK, s * 13 + rank - 1) for s in missing[:j]]
                    if consider("meld", g):
                        return out
    for m in st.melds:                                      # lay-offs
        reps = [r for _, r in m.slots]
        if m.kind == "set":
            rank = rank_of(reps[0])
            have = {suit_of(r) for r in reps}
            free = [s for s in range(4) if s not in have]
            held_suits = [s for s in free if faces.get(s * 13 + rank - 1, 0) > 0]
            for k in range(0, len(held_suits) + 1):
                for combo in combinations(held_suits, k):
                    rest = [s for s in free if s not in combo]
                    for j in range(need, min(jh, len(rest)) + 1):
                        g = [(s * 13 + rank - 1, s * 13 + rank - 1) for s in combo]
                        g += [(JK, s * 13 + rank - 1) for s in rest[:j]]
                        if j and consider("lay", g, m.name):
                            return out
            continue
        suit = suit_of(reps[0])
        info = analyse(m.slots, joker_minority=False, no_adjacent_jokers=False)
        low, high = info.low, info.low + len(m.slots) - 1
        for a in range(0, low):
            for b in range(0, 15 - high):
                if a + b == 0:
                    continue
                pos = list(range(low - a, low)) + list(range(high + 1, high + b + 1))
                if low - a == 1 and high + b == 14:
                    break
                if sum(1 for p in pos if faces.get(base_at(suit, p), 0) == 0) > jh:
                    break
                for g in fills(suit, pos):
                    if consider("lay", g, m.name):
                        return out
    return out


def legal_moves(st: RemikState, seat: int, only: str | None = None) -> list[Move]:
    """The list above; ``only``: just its moves of that verb, in the same order (each move
    is judged on its own, so leaving the others out changes none of them)."""
    if st.over or seat != st.current:
        return []
    cands: list[Move | None] = []
    if st.phase == "draw":
        if only in (None, "draw"):
            cands.append(Move("draw"))
        if st.discard_pile:
            if only in (None, "take"):
                cands.append(Move("take"))
            if not st.opened(seat) and only in (None, "takemeld"):
                for op in openings(st, seat, st.top()):
                    cands.append(_move(st, "takemeld", seat, op))
    else:
        faces = _faces(st, seat)
        if st.pending and only in (None, "meld", "lay"):
            cands += [m for m in pending_uses(st, seat) if only in (None, m.verb)]
        if not st.opened(seat):
            if only in (None, "meld"):
                for op in openings(st, seat, faces=faces):
                    cands.append(_move(st, "meld", seat, op))
        else:
            if only in (None, "meld"):
                ms = sorted(_cands(st, faces), key=lambda c: (-len(c), -cand_value(c)[0]))
                for c in ms[:MAX_MELDS]:
                    cands.append(_move(st, "meld", seat, [c]))
            if only in (None, "lay"):
                for m in st.melds:
                    for f, rep in meld_lays(st, seat, m, faces):
                        cands.append(_move(st, "lay", seat, [((f, rep),)], m.name))
            if only in (None, "swap"):
                for m in st.melds:
                    for code, rep in m.slots:
                        if is_joker(code) and faces.get(rep, 0) > 0:
                            cands.append(_move(st, "swap", seat, [((rep, rep),)], m.name))
        if only in (None, "discard"):
            for f in sorted(faces):
                cands.append(_move(st, "discard", seat, [((f, -1 if f == JK else f),)]))
    out: list[Move] = []
    seen = set()
    for mv in cands:
        if mv is None or mv in seen:
            continue
        seen.add(mv)
        if st.why_illegal(seat, mv) is None:
            out.append(mv)
    return out
