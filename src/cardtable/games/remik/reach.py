"""Every Remik meld, lay-off and opening a hand can make, for the research API's codec
(``encoding.py``): ``legal_moves()`` lists a bounded selection (moves.py: at most 12
openings and 30 melds, one joker per meld, one-card lay-offs); here the search is
exhaustive over the shapes the rules allow, and each move is judged by ``why_illegal``.

* single melds: every run window of every suit and every set of three or four suits, with
  held cards and jokers in the gaps, and any held card replaced by a joker (so two or more
  jokers, a joker kept for later ...), within the joker rules (:func:`melds.analyse`);
* lay-offs: every extension of a table run at either end or both, and every completion of
  a table set, by any number of cards, naturals and jokers;
* openings: every set of disjoint such melds worth the opening minimum, found by a
  depth-first search up to ``MAX_OPENINGS`` openings (a hand with that many has far more
  than a player could ever want; the cap is documented in docs/research.md).

No numpy: this is part of the game's package, read by the encoding only.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from ...cards import COPY_STRIDE, JK, cards_of
from ...moves import Move
from . import notation
from .melds import MeldError, analyse, base_at, rank_of, set_value, suit_of, table_value_at

if TYPE_CHECKING:
    from .state import RemikState

Face = tuple[int, int]          # (face base or JK, represented base)
MAX_MELDS = 5_000               # single melds per hand (a 14-card hand has a few hundred)
MAX_OPENINGS = 5_000            # openings per decision
_FAKE = COPY_STRIDE * 40        # stand-in physical codes for analyse(): distinct, never dealt


def faces_of(st: RemikState, seat: int, extra: int = -1) -> Counter[int]:
    cards = cards_of(st.hands[seat]) + ([extra] if extra >= 0 else [])
    return Counter(JK if c % COPY_STRIDE >= 52 else c % COPY_STRIDE for c in cards)


def _slots(group: list[Face]) -> list[tuple[int, int]]:
    return [((JK if f == JK else f) + _FAKE + COPY_STRIDE * i, r) for i, (f, r) in enumerate(group)]


def _fill(positions: list[tuple[int, bool]], jokers: int) -> list[list[Face]]:
    """Ways to fill ``positions`` (base, held): a gap takes a joker; a held card is played or
    replaced by a joker; at most ``jokers`` jokers in all."""
    gaps = sum(1 for _, held in positions if not held)
    if gaps > jokers:
        return []
    held = [i for i, (_, h) in enumerate(positions) if h]
    out = []
    for extra in range(0, min(jokers - gaps, len(held)) + 1):
        for sub in combinations(held, extra):
            js = set(sub)
            out.append([(JK, b) if (not h or i in js) else (b, b) for i, (b, h) in enumerate(positions)])
    return out


def all_melds(st: RemikState, faces: Counter[int]) -> list[tuple[list[Face], int, bool]]:
    """Every meld the faces can make: (faces in table order, table value, pure run).

    The shapes are valid by construction (consecutive positions of one suit, or one rank
    in distinct suits); the joker rules are checked here as :func:`melds.analyse` words
    them, and every move built from these melds is judged by ``why_illegal`` anyway."""
    o = st.opts
    jokers = faces.get(JK, 0)
    out: list[tuple[list[Face], int, bool]] = []

    def keep(group: list[Face], value: int, run: bool) -> None:
        nj = sum(1 for f, _ in group if f == JK)
        if o.joker_minority and 2 * nj >= len(group):
            return
        if run and nj > 1 and o.no_adjacent_jokers and any(
                a[0] == JK and b[0] == JK for a, b in zip(group, group[1:], strict=False)):
            return
        if len(out) < MAX_MELDS:
            out.append((group, value, run and nj == 0))

    for suit in range(4):
        bases = [base_at(suit, p) if p else -1 for p in range(15)]
        held = [p > 0 and faces.get(bases[p], 0) > 0 for p in range(15)]
        for lo in range(1, 13):
            value = gaps = 0
            for hi in range(lo, 15):
                if lo == 1 and hi == 14:
                    break                       # the ace is low or high, never both
                value += table_value_at(hi)
                gaps += not held[hi]
                if gaps > jokers:
                    break                       # longer windows only add gaps
                if hi < lo + 2:
                    continue
                pos = [(bases[p], held[p]) for p in range(lo, hi + 1)]
                for g in _fill(pos, jokers):
                    keep(g, value, True)
    for rank in range(1, 14):
        for k in (3, 4):
            for suits in combinations(range(4), k):
                pos = [(s * 13 + rank - 1, faces.get(s * 13 + rank - 1, 0) > 0) for s in suits]
                for g in _fill(pos, jokers):
                    keep(g, set_value(rank) * k, False)
    return out


def _move(st: RemikState, verb: str, seat: int, groups: list[list[Face]], mid: str | None = None) -> Move | None:
    try:
        return st.make_move(verb, seat, groups, mid)
    except Exception:
        return None


def _new(st: RemikState, seat: int, mv: Move, seen: set[tuple]) -> bool:
    """A move not listed yet (by codec tokens) that ``why_illegal`` accepts; marks it seen."""
    k = key(mv)
    if k in seen or st.why_illegal(seat, mv) is not None:
        return False
    seen.add(k)
    return True


def single_melds(st: RemikState, seat: int, seen: set[tuple]) -> list[Move]:
    out: list[Move] = []
    for g, _, _ in all_melds(st, faces_of(st, seat)):
        mv = _move(st, "meld", seat, [g])
        if mv is not None and _new(st, seat, mv, seen):
            out.append(mv)
    return out


def lay_offs(st: RemikState, seat: int, seen: set[tuple]) -> list[Move]:
    """Every lay-off of one or more cards onto each table meld."""
    o = st.opts
    faces = faces_of(st, seat)
    jokers = faces.get(JK, 0)
    out = []
    for m in st.melds:
        reps = [r for _, r in m.slots]
        cands: list[list[Face]] = []
        if m.kind == "set":
            rank = rank_of(reps[0])
            free = [s for s in range(4) if s not in {suit_of(r) for r in reps}]
            for k in range(1, len(free) + 1):
                for suits in combinations(free, k):
                    pos = [(s * 13 + rank - 1, faces.get(s * 13 + rank - 1, 0) > 0) for s in suits]
                    cands += _fill(pos, jokers)
        else:
            suit = suit_of(reps[0])
            info = analyse(m.slots, joker_minority=False, no_adjacent_jokers=False)
            low, high = info.low, info.low + len(m.slots) - 1
            for a in range(0, low):
                for b in range(0, 15 - high):
                    if a + b == 0:
                        continue
                    if low - a == 1 and high + b == 14:
                        break
                    p = list(range(low - a, low)) + list(range(high + 1, high + b + 1))
                    pos = [(base_at(suit, x), faces.get(base_at(suit, x), 0) > 0) for x in p]
                    if sum(1 for _, h in pos if not h) > jokers:
                        break
                    cands += _fill(pos, jokers)
        for g in cands:
            try:
                info = analyse(list(m.slots) + _slots(g), joker_minority=o.joker_minority,
                               no_adjacent_jokers=o.no_adjacent_jokers)
            except MeldError:
                continue
            if info.kind != m.kind:
                continue
            mv = _move(st, "lay", seat, [g], m.name)
            if mv is not None and _new(st, seat, mv, seen):
                out.append(mv)
    return out


def openings(st: RemikState, seat: int, verb: str, seen: set[tuple],
             listed: list[Move] | None = None) -> list[Move]:
    """Every opening (``meld``, or ``takemeld`` with the top discard) up to MAX_OPENINGS
    that is not in ``listed`` (default: ``legal_moves()``) nor ``seen`` (codec tokens)."""
    extra = st.top() if verb == "takemeld" else -1
    faces = faces_of(st, seat, extra)
    need = (JK if extra % COPY_STRIDE >= 52 else extra % COPY_STRIDE) if extra >= 0 else None
    melds = all_melds(st, faces)
    minimum, need_pure = st.opts.opening_min, st.opts.opening_requires_pure_run
    # a bound on any opening's value: each card in some meld at its highest value there
    best: dict[int, int] = {}
    for g, _, _ in melds:
        for f, rep in g:
            v = max(table_value_at(14 if rank_of(rep) == 1 else rank_of(rep)), set_value(rank_of(rep)))
            best[f] = max(best.get(f, 0), v)
    if sum(v * faces[f] for f, v in best.items()) < minimum:
        return []
    # face counts as 5-bit fields of one int (a guard bit on top of each), so "do the held
    # cards still cover this meld" is one subtraction: a field that would go negative
    # clears its guard bit
    def packed(c: Counter[int]) -> int:
        return sum(n << 5 * (52 if f == JK else f) for f, n in c.items())

    guard = sum(1 << (5 * i + 4) for i in range(53))
    uses = [packed(Counter(f for f, _ in g)) for g, _, _ in melds]
    need_at = 5 * (52 if need == JK else need) if need is not None else -1
    need_n = faces[need] if need is not None else 0
    suffix = [0] * (len(melds) + 1)           # the value of all later melds: a bound for pruning
    for i in range(len(melds) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + melds[i][1]
    have = {_face_key(st, m) for m in (st.legal_moves(seat) if listed is None else listed) if m.verb == verb}
    out: list[Move] = []
    chosen: list[int] = []

    def dfs(start: int, left: int, total: int, pure: bool) -> None:
        for i in range(start, len(melds)):
            if len(out) >= MAX_OPENINGS or total + suffix[i] < minimum:
                return
            left2 = left - uses[i]
            if left2 & guard != guard:
                continue
            chosen.append(i)
            t2, p2 = total + melds[i][1], pure or melds[i][2]
            if t2 >= minimum and (p2 or not need_pure) and (need_at < 0 or (left2 >> need_at) & 15 < need_n):
                groups = [melds[k][0] for k in chosen]
                if tuple(sorted(tuple(sorted(g)) for g in groups)) not in have:
                    mv = _move(st, verb, seat, groups)
                    if mv is not None and _new(st, seat, mv, seen):
                        out.append(mv)
            dfs(i + 1, left2, t2, p2)
            chosen.pop()

    dfs(0, packed(faces) | guard, 0, False)
    return out


def _face_key(st: RemikState, m: Move) -> tuple:
    """A meld move's groups as sorted (face, stand-in) pairs, whatever its card order."""
    reps, k, parts = notation.reps_of(m), 0, []
    for g in m.groups:
        slots = st.slots_for(g, reps, k)
        k += sum(1 for c in g if c % COPY_STRIDE >= 52)
        parts.append(tuple(sorted((JK if c % COPY_STRIDE >= 52 else c % COPY_STRIDE, r) for c, r in slots)))
    return tuple(sorted(parts))


def key(m: Move) -> tuple:
    """Moves with the same key have the same codec tokens (cards sorted within each part)."""
    return (m.verb, tuple(sorted(m.cards)), tuple(tuple(sorted(g)) for g in m.groups), m.target)


def reachable_moves(st: RemikState, seat: int) -> list[Move]:
    """``legal_moves()`` and every other meld, lay-off and opening found above."""
    base = st.legal_moves(seat)
    if not base:
        return base
    seen = {key(m) for m in base}
    if st.phase == "draw":
        extra = openings(st, seat, "takemeld", seen, base) if st.discard_pile and not st.opened(seat) else []
    elif not st.opened(seat):
        extra = openings(st, seat, "meld", seen, base)
    else:
        extra = single_melds(st, seat, seen) + lay_offs(st, seat, seen)
    return base + extra if extra else base
