"""Audit of remik.md rule 24: the search for a use of a joker taken by exchange
(``moves.pending_uses``) against a brute force over every subset of the hand, every table meld
and every stand-in, on random small positions."""

from __future__ import annotations

import random
from itertools import combinations, product

from cardtable.cards import COPY_STRIDE, JK
from cardtable.games.remik.checks import why_illegal
from cardtable.games.remik.melds import MeldError, analyse
from cardtable.games.remik.moves import pending_uses
from cardtable.games.remik.state import RemikState, TableMeld

from .helpers import state


def _face(code: int) -> int:
    return JK if code % COPY_STRIDE >= 52 else code % COPY_STRIDE


def _random_position(rng: random.Random) -> RemikState | None:
    """Seat 0 (opened, play phase) holds 2–4 naturals and one or two jokers, at least one of them
    just taken by exchange; the table holds 1–4 random valid melds."""
    st = state(["2♣ 3♣", "4♦ 5♦"], "6♥")
    used: set[int] = set()

    def code(base: int) -> int:
        for copy in range(2):
            if base + COPY_STRIDE * copy not in used:
                used.add(base + COPY_STRIDE * copy)
                return base + COPY_STRIDE * copy
        raise ValueError

    jokers = iter(JK + COPY_STRIDE * k for k in range(6))      # table jokers
    melds = []
    for i in range(rng.randint(1, 4)):
        if rng.random() < 0.5:
            suit, n = rng.randrange(4), rng.randint(3, 6)
            lo = rng.randint(1, 15 - n)
            bases = [suit * 13 + (0 if p == 14 else p - 1) for p in range(lo, lo + n)]
        else:
            rank = rng.randrange(13)
            bases = [s * 13 + rank for s in rng.sample(range(4), rng.randint(3, 4))]
        try:
            slots = [(next(jokers), b) if rng.random() < 0.2 else (code(b), b) for b in bases]
            info = analyse(slots)
        except (MeldError, ValueError, StopIteration):
            continue
        melds.append(TableMeld(i + 1, 1, info.kind, list(info.slots)))
    if not melds:
        return None
    hand = []
    for _ in range(rng.randint(2, 4)):
        try:
            hand.append(code(rng.randrange(52)))
        except ValueError:
            pass
    pending = JK + COPY_STRIDE * 6
    hand.append(pending)
    if rng.random() < 0.3:
        hand.append(JK + COPY_STRIDE * 7)
    st.melds = melds
    st.next_id = len(melds) + 1
    st.hands = [sum(1 << c for c in hand), st.hands[1]]
    st.opened_turn = [0, 0]
    st.turn, st.current, st.phase, st.pending = 2, 0, "play", [pending]
    naturals = [c for c in hand if c % COPY_STRIDE < 52]
    if naturals and rng.random() < 0.4:
        st.taken = rng.choice(naturals)          # rule 18: may not be left as the only card
    if rng.random() < 0.2:
        st.opts = st.options = st.opts.__class__(allow_go_out_without_discard=False)
    return st


def _brute_force(st: RemikState) -> bool:
    """Any meld or lay-off (any subset of the hand holding a joker, any stand-ins) legal now?"""
    hand = [c for c in range(8 * COPY_STRIDE) if st.hands[0] >> c & 1]
    for k in range(1, len(hand) + 1):
        for sub in combinations(hand, k):
            faces = [_face(c) for c in sub]
            nj = faces.count(JK)
            if nj == 0:
                continue
            naturals = [f for f in faces if f != JK]
            for target in [None, *st.melds]:
                pool = naturals + ([r for _, r in target.slots] if target else [])
                if not pool:
                    continue
                stand = sorted({s * 13 + p % 13 for p in pool for s in range(4)}
                               | {p // 13 * 13 + r for p in pool for r in range(13)})
                for reps in product(stand, repeat=nj):
                    it = iter(reps)
                    group = [(JK, next(it)) if f == JK else (f, f) for f in faces]
                    try:
                        mv = st.make_move("lay" if target else "meld", 0, [group],
                                          target.name if target else None)
                    except Exception:
                        continue
                    if why_illegal(st, 0, mv, deep=False) is None:
                        return True
    return False


def test_pending_uses_agrees_with_brute_force() -> None:
    rng = random.Random(24)
    seen = {True: 0, False: 0}
    tried = 0
    while tried < 150:
        st = _random_position(rng)
        if st is None:
            continue
        tried += 1
        found = pending_uses(st, 0)
        for mv in found:                         # every listed use is legal and uses the joker
            assert why_illegal(st, 0, mv, deep=False) is None
            assert st.pending[0] in [int(c) for c in (*mv.cards, *(c for g in mv.groups for c in g))]
        expect = _brute_force(st)
        assert bool(found) == expect, (st.view(0)["table"], st.view(0)["hand"])
        assert bool(pending_uses(st, 0, first_only=True)) == expect
        seen[expect] += 1
    assert seen[True] > 40 and seen[False] > 12
