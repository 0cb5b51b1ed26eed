"""Single-card lay-offs listed by ``meld_lays`` (which looks only at a set's rank and a run's
suit, and remembers each meld) are exactly what ``analyse`` accepts, face by face."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.cards import COPY_STRIDE, JK
from cardtable.games.remik import GAME, RemikState
from cardtable.games.remik.melds import MeldError, Slot, analyse, base_at
from cardtable.games.remik.moves import _joker_spots, meld_lays
from cardtable.games.remik.state import TableMeld

RULES = [{}, {"joker_minority": False}, {"no_adjacent_jokers": False},
         {"joker_minority": False, "no_adjacent_jokers": False}]


def _table_meld(rng: random.Random, opts: object) -> TableMeld | None:
    """A random run or set (second copies, jokers in random slots, aces low and high), or
    None when it is not a meld under these rules."""
    if rng.random() < 0.5:
        suit = rng.randrange(4)
        low = rng.randint(1, 12)
        high = rng.randint(low + 2, 13 if low == 1 else 14)
        bases = [base_at(suit, p) for p in range(low, high + 1)]
    else:
        rank = rng.randrange(13)
        bases = [s * 13 + rank for s in rng.sample(range(4), rng.choice((3, 3, 4)))]
    jokers = iter(range(8))
    slots: list[Slot] = []
    for b in bases:
        code = next(jokers) * COPY_STRIDE + JK if rng.random() < 0.3 else b + COPY_STRIDE * rng.randrange(2)
        slots.append((code, b))
    rng.shuffle(slots)
    try:
        info = analyse(slots, joker_minority=opts.joker_minority,            # type: ignore[attr-defined]
                       no_adjacent_jokers=opts.no_adjacent_jokers)           # type: ignore[attr-defined]
    except MeldError:
        return None
    return TableMeld(1, 0, info.kind, list(info.slots))


def _fits(st: RemikState, m: TableMeld, face: int, rep: int) -> bool:
    code = face + COPY_STRIDE * 40
    try:
        info = analyse(m.slots + [(code, rep)], joker_minority=st.opts.joker_minority,
                       no_adjacent_jokers=st.opts.no_adjacent_jokers)
    except MeldError:
        return False
    return info.kind == m.kind


def _brute(st: RemikState, m: TableMeld, faces: Counter[int]) -> list[tuple[int, int]]:
    """The unfiltered lay-offs: ``analyse`` on every held face, a joker at each end/missing suit."""
    out = []
    for f in sorted(faces):
        reps = _joker_spots(m.kind, m.slots) if f == JK else [f]
        out += [(f, r) for r in reps if _fits(st, m, f, r)]
    return out


@pytest.mark.parametrize("rules", RULES)
def test_meld_lays_match_brute_force(rules: dict[str, bool]) -> None:
    st = GAME.new_state(2, GAME.make_options(None, rules), seed=5)
    assert isinstance(st, RemikState)
    rng = random.Random(str(rules))
    every = Counter(list(range(52)) + [JK])
    tried = 0
    seen_kinds: Counter[str] = Counter()
    while tried < 400:
        m = _table_meld(rng, st.opts)
        if m is None:
            continue
        tried += 1
        seen_kinds[m.kind] += 1
        assert meld_lays(st, 0, m, every) == _brute(st, m, every)
        hand = Counter(rng.sample(range(52), rng.randint(1, 14)))
        if rng.random() < 0.5:
            hand[JK] = rng.randint(1, 2)
        assert meld_lays(st, 0, m, hand) == _brute(st, m, hand)
        # a joker stands only at a run's ends or for a set's missing suits: nothing else fits
        joker_reps = {r for r in range(52) if _fits(st, m, JK, r)}
        assert joker_reps == {r for f, r in meld_lays(st, 0, m, every) if f == JK}
    assert seen_kinds["run"] > 80 and seen_kinds["set"] > 80


def test_meld_lays_follow_a_changed_meld() -> None:
    """The remembered lay-offs belong to the meld as it is now (after a lay-off or a swap)."""
    st = GAME.new_state(2, GAME.make_options(), seed=5)
    assert isinstance(st, RemikState)
    hand = Counter([base_at(0, 4), base_at(0, 8), base_at(0, 14), JK])
    m = TableMeld(1, 0, "run", [(base_at(0, p), base_at(0, p)) for p in (5, 6, 7)])
    assert meld_lays(st, 0, m, hand) == [(base_at(0, 4), base_at(0, 4)), (base_at(0, 8), base_at(0, 8)),
                                         (JK, base_at(0, 4)), (JK, base_at(0, 8))]
    m.slots = m.slots + [(base_at(0, p), base_at(0, p)) for p in (8, 9, 10, 11, 12, 13)]
    assert meld_lays(st, 0, m, hand) == [(base_at(0, 14), base_at(0, 14)), (base_at(0, 4), base_at(0, 4)),
                                         (JK, base_at(0, 4)), (JK, base_at(0, 14))]
    m.slots[0] = (JK, base_at(0, 5))        # a joker now stands for the 5: another one below it would be its neighbour
    assert meld_lays(st, 0, m, hand) == [(base_at(0, 14), base_at(0, 14)), (base_at(0, 4), base_at(0, 4)),
                                         (JK, base_at(0, 14))]
