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
from functools import lru_cache
from itertools import accumulate, combinations
from typing import TYPE_CHECKING

from ...cards import COPY_STRIDE, JK, iter_bits
from ...moves import Move
from . import notation
from .melds import MeldError, analyse, base_at, rank_of, set_value, suit_of, table_value_at
from .moves import legal_moves

if TYPE_CHECKING:
    from .state import RemikState

Face = tuple[int, int]          # (face base or JK, represented base)
MAX_MELDS = 5_000               # single melds per hand (a 14-card hand has a few hundred)
MAX_OPENINGS = 5_000            # openings per decision
_FAKE = COPY_STRIDE * 40        # stand-in physical codes for analyse(): distinct, never dealt
# a card's highest table value in any meld (run position or set), by the base it stands for
_BEST = [max(table_value_at(14 if rank_of(r) == 1 else rank_of(r)), set_value(rank_of(r))) for r in range(52)]
_GUARD = sum(1 << (5 * i + 4) for i in range(53))     # the guard bit of each face's 5-bit count


def faces_of(st: RemikState, seat: int, extra: int = -1) -> Counter[int]:
    h = st.hands[seat] | (1 << extra if extra >= 0 else 0)
    return Counter(JK if c % COPY_STRIDE >= 52 else c % COPY_STRIDE for c in iter_bits(h))


def has_pure_window(faces: Counter[int]) -> bool:
    """Do the faces hold three consecutive naturals of one suit (run positions 1..14, the ace
    at either end)?  Every pure run contains such a window, so without one there is none."""
    nat = 0
    for f in faces:
        if f != JK and faces[f] > 0:
            nat |= 1 << f
    return _windows(nat)


def _pure_window_bits(cards: int) -> bool:
    """:func:`has_pure_window` of a mask of physical cards (each pack's copies folded)."""
    nat = 0
    while cards:
        nat |= cards & _NATURALS
        cards >>= COPY_STRIDE
    return _windows(nat)


_NATURALS = (1 << 52) - 1


def _windows(nat: int) -> bool:
    for suit in range(4):
        row = nat >> 13 * suit & 0x1FFF       # bit k: rank k + 1 held, i.e. run position k + 1
        row |= (row & 1) << 13                  # the ace again at position 14
        if row & row >> 1 & row >> 2:
            return True
    return False


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
    them, and every move built from these melds is judged by ``why_illegal`` anyway.
    The groups are shared between calls: read them, never change them."""
    return meld_table(st, faces)[0]


def meld_table(st: RemikState, faces: Counter[int]) -> tuple[list[tuple[list[Face], int, bool]], list[int],
                                                              dict[int, int], int]:
    """:func:`all_melds` with what the opening search reads of it: each meld's faces as 5-bit
    counts (``uses``), each face's highest value in any meld (``best``, the search's bound)
    and the index of the last pure run (-1: none).  Runs of each suit in suit order (by
    lowest position, then length), then sets by rank (three suits before four), each shape
    with its joker fillings in ``_fill``'s order, at most ``MAX_MELDS`` in all.  A suit's
    runs depend only on which of its ranks are held and the number of jokers, a rank's sets
    on which of its suits: each such piece is worked out once (hands change by a card or
    two between decisions)."""
    jokers = faces.get(JK, 0)
    o = st.opts
    rules = (jokers, o.joker_minority, o.no_adjacent_jokers)
    nat = 0
    for f, n in faces.items():
        if f != JK and n > 0:
            nat |= 1 << f
    melds: list[tuple[list[Face], int, bool]] = []
    uses: list[int] = []
    best: dict[int, int] = {}
    last_pure = -1
    pieces = [_suit_runs(suit, nat >> 13 * suit & 0x1FFF, *rules) for suit in range(4)]
    for rank in range(13):
        row = (nat >> rank & 1) | (nat >> 12 + rank & 2) | (nat >> 24 + rank & 4) | (nat >> 36 + rank & 8)
        if row.bit_count() + jokers >= 3:
            pieces.append(_rank_sets(rank + 1, row, *rules))
    for m, u, b, lp in pieces:
        if not m:
            continue
        if lp >= 0:
            last_pure = len(melds) + lp
        melds += m
        uses += u
        for f, v in b.items():
            if v > best.get(f, 0):
                best[f] = v
    if len(melds) > MAX_MELDS:      # the first MAX_MELDS: best and last_pure over those only
        del melds[MAX_MELDS:], uses[MAX_MELDS:]
        best = {}
        for g, _, _ in melds:
            for f, rep in g:
                best[f] = max(best.get(f, 0), _BEST[rep])
        last_pure = max((i for i, m in enumerate(melds) if m[2]), default=-1)
    return melds, uses, best, last_pure


_Piece = tuple[tuple[tuple[list[Face], int, bool], ...], tuple[int, ...], dict[int, int], int]


def _piece(out: list[tuple[list[Face], int, bool]]) -> _Piece:
    best: dict[int, int] = {}
    for g, _, _ in out:
        for f, rep in g:
            best[f] = max(best.get(f, 0), _BEST[rep])
    last_pure = max((i for i, m in enumerate(out) if m[2]), default=-1)
    return tuple(out), tuple(sum(1 << 5 * (52 if f == JK else f) for f, _ in g) for g, _, _ in out), best, last_pure


@lru_cache(maxsize=1 << 15)
def _suit_runs(suit: int, row: int, jokers: int, minority: bool, adjacent: bool) -> _Piece:
    """The runs of one suit whose held ranks are the bits of ``row`` (bit k: rank k + 1)."""
    bases = [base_at(suit, p) if p else -1 for p in range(15)]
    held = [p > 0 and bool(row >> (0 if p == 14 else p - 1) & 1) for p in range(15)]
    out = []
    if jokers == 0:     # each window of held positions, as the loop below gives it (most hands)
        for lo in range(1, 13):
            value = 0
            for hi in range(lo, 15):
                if (lo == 1 and hi == 14) or not held[hi]:
                    break
                value += table_value_at(hi)
                if hi >= lo + 2:
                    out.append(([(b, b) for b in bases[lo:hi + 1]], value, True))
        return _piece(out)
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
            for g in _kept_fills(bases[lo:hi + 1], held[lo:hi + 1], jokers, minority, adjacent):
                out.append((g, value, all(f != JK for f, _ in g)))
    return _piece(out)


@lru_cache(maxsize=1 << 12)
def _rank_sets(rank: int, row: int, jokers: int, minority: bool, adjacent: bool) -> _Piece:
    """The sets of one rank whose held suits are the bits of ``row``."""
    out = []
    for k in (3, 4):
        for suits in combinations(range(4), k):
            held = [bool(row >> s & 1) for s in suits]
            for g in _kept_fills([s * 13 + rank - 1 for s in suits], held, jokers, minority, False):
                out.append((g, set_value(rank) * k, False))
    return _piece(out)


def _kept_fills(bases: list[int], held: list[bool], jokers: int, minority: bool,
                adjacent: bool) -> list[list[Face]]:
    """``_fill`` of these positions less the fillings the joker rules drop, in ``_fill``'s
    order: jokers fewer than naturals (``joker_minority``) bounds how many held cards a joker
    may replace; no two jokers side by side (``no_adjacent_jokers``, runs only)."""
    return [[(JK, b) if j else (b, b) for j, b in zip(flags, bases, strict=True)]
            for flags in _fill_flags(tuple(held), jokers, minority, adjacent)]


@lru_cache(maxsize=1 << 12)
def _fill_flags(held: tuple[bool, ...], jokers: int, minority: bool,
                adjacent: bool) -> tuple[tuple[bool, ...], ...]:
    """Which positions a joker takes in each filling :func:`_kept_fills` makes: it depends on
    which positions are held alone, and the same few patterns recur in every hand."""
    n = len(held)
    gap_idx = [i for i in range(n) if not held[i]]
    held_idx = [i for i in range(n) if held[i]]
    top = min(jokers - len(gap_idx), len(held_idx))
    if minority:
        top = min(top, (n - 1) // 2 - len(gap_idx))
    out = []
    for extra in range(top + 1):
        for sub in combinations(held_idx, extra):
            js = set(gap_idx)
            js.update(sub)
            if adjacent and len(js) > 1 and any(i + 1 in js for i in js):
                continue
            out.append(tuple(i in js for i in range(n)))
    return tuple(out)


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
             listed: list[Move] | None = None, first: bool = False) -> list[Move]:
    """Every opening (``meld``, or ``takemeld`` with the top discard) up to MAX_OPENINGS
    that is not in ``listed`` (default: ``legal_moves()``) nor ``seen`` (codec tokens).

    ``first``: only whether there is one (:mod:`.lazy`): the first legal opening the search
    meets, listed or not, or [] (the search visits every set of melds worth the minimum, so
    [] means no legal opening at all); None when ``all_melds`` reached its cap (unknown)."""
    extra = st.top() if verb == "takemeld" else -1
    if first and st.opts.opening_requires_pure_run and not _pure_window_bits(
            st.hands[seat] | (1 << extra if extra >= 0 else 0)):
        return []                               # no pure run can be made: no opening at all
    faces = faces_of(st, seat, extra)
    need = (JK if extra % COPY_STRIDE >= 52 else extra % COPY_STRIDE) if extra >= 0 else None
    melds, uses, best, last_pure = meld_table(st, faces)
    if first and len(melds) >= MAX_MELDS:
        return None                             # type: ignore[return-value]
    minimum, need_pure = st.opts.opening_min, st.opts.opening_requires_pure_run
    # a bound on any opening's value: each card in some meld at its highest value there
    if sum(v * faces[f] for f, v in best.items()) < minimum:
        return []
    # face counts as 5-bit fields of one int (a guard bit on top of each), so "do the held
    # cards still cover this meld" is one subtraction: a field that would go negative
    # clears its guard bit
    guard = _GUARD
    need_at = 5 * (52 if need == JK else need) if need is not None else -1
    need_n = faces[need] if need is not None else 0
    # the value of all later melds: a bound for pruning
    suffix = [*accumulate((m[1] for m in reversed(melds)), initial=0)][::-1]
    have = set() if first else {_face_key(st, m) for m in (st.legal_moves(seat) if listed is None else listed)
                                if m.verb == verb}
    out: list[Move] = []
    chosen: list[int] = []
    cap = 1 if first else MAX_OPENINGS

    # past these indices no meld is a pure run / holds the needed face: a set of melds still
    # without one cannot become an opening there (pruning only branches that list nothing)
    if not need_pure:
        last_pure = len(melds)
    last_need = (max((i for i, u in enumerate(uses) if (u >> need_at) & 31), default=-1)
                 if need_at >= 0 else len(melds))

    def dfs(start: int, left: int, total: int, pure: bool) -> None:
        for i in range(start, len(melds)):
            if len(out) >= cap or total + suffix[i] < minimum:
                return
            if (i > last_pure and not pure) or (i > last_need and (left >> need_at) & 15 == need_n):
                return
            left2 = left - uses[i]
            if left2 & guard != guard:
                continue
            chosen.append(i)
            t2, p2 = total + melds[i][1], pure or melds[i][2]
            if t2 >= minimum and (p2 or not need_pure) and (need_at < 0 or (left2 >> need_at) & 15 < need_n):
                groups = [melds[k][0] for k in chosen]
                if first:
                    mv = _move(st, verb, seat, groups)
                    if mv is not None and st.why_illegal(seat, mv) is None:
                        out.append(mv)
                elif tuple(sorted(tuple(sorted(g)) for g in groups)) not in have:
                    mv = _move(st, verb, seat, groups)
                    if mv is not None and _new(st, seat, mv, seen):
                        out.append(mv)
            dfs(i + 1, left2, t2, p2)
            chosen.pop()

    dfs(0, sum(n << 5 * (52 if f == JK else f) for f, n in faces.items()) | guard, 0, False)
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


def reachable_moves(st: RemikState, seat: int, verb: str | None = None) -> list[Move]:
    """``legal_moves()`` and every other meld, lay-off and opening found above; ``verb``: just
    the moves of that verb, in the same order (what the codec lists when a verb's token is
    taken, :mod:`.lazy`), without judging every other move."""
    if verb is None:
        base = st.legal_moves(seat)
        if not base:
            return base
    else:
        base = legal_moves(st, seat, only=verb)
        if not base and not _lists_something(st, seat):
            return base
    seen = {key(m) for m in base}
    extra: list[Move] = []
    if st.phase == "draw":
        if st.discard_pile and not st.opened(seat) and verb in (None, "takemeld"):
            extra = openings(st, seat, "takemeld", seen, base)
    elif not st.opened(seat):
        if verb in (None, "meld"):
            extra = openings(st, seat, "meld", seen, base)
    else:
        if verb in (None, "meld"):
            extra = single_melds(st, seat, seen)
        if verb in (None, "lay"):
            extra += lay_offs(st, seat, seen)
    return base + extra if extra else base


def _lists_something(st: RemikState, seat: int) -> bool:
    """Is ``legal_moves(seat)`` non-empty?  (Only a non-empty list is added to.)  Plain where
    the rules make it so: a draw while the stock lasts (check_draw), a discard of any card
    but the one taken this turn while no exchanged joker waits (check_discard)."""
    if st.over or seat != st.current:
        return False
    if st.phase == "draw" and st.stock:
        return True
    if st.phase == "play" and not st.pending and st.hands[seat] & ~(1 << st.taken if st.taken >= 0 else 0):
        return True
    return bool(st.legal_moves(seat))
