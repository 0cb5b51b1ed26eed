"""捡十四分 sample_hidden under the must-pick evidence (jianshisifen.md §6.3, audit).

A seat that draws instead of picking shows the table that it held no card making 14 with a
table card.  A resampled world must respect every such turn: the sample must replay with the
must-pick rule on (``State.from_json`` replays strictly), and must not simply copy the truth.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable.cards import iter_bits
from cardtable.game import State
from cardtable.games.jianshisifen.sampling import sample_assignment
from cardtable.games.jianshisifen.scoring import pick_value
from cardtable.registry import new_game

# 3 players; seat 1 holds the six value-1 cards (four aces, two jokers) and draws five times
# without picking while the table shows values 2..12 between them: its six old cards can
# only be value 1 or 13 (K).  The four kings lie at the bottom of the stock.
TIGHT = json.loads((Path(__file__).parent / "tight_must_pick.json").read_text(encoding="utf-8"))


def tight_state() -> Any:
    st = new_game("jianshisifen", 3, deal=TIGHT["deal"])
    for seat, text in TIGHT["moves"]:
        st.apply(text, seat)
    return st


def test_tight_position_evidence() -> None:
    """The no-pick turns of seat 1 forbid pick values 2..12 for all six of its cards."""
    st = tight_state()
    assert st.to_move() == (0,)
    for c in iter_bits(st.hands[1]):
        assert st._forbidden_values(c) == sum(1 << v for v in range(2, 13))


def test_samples_respect_every_no_pick_turn_and_vary() -> None:
    """Every sample replays strictly (must_pick on) and keeps seat 0's view; seat 1 is dealt
    only value-1 cards and kings, and the number of kings follows the uniform count over the
    consistent deals (C(4,k)·C(6,6-k) of 210: k=2 is 90/210, k=3 80/210)."""
    st = tight_state()
    rng = random.Random(5)
    kings: Counter[int] = Counter()
    n = 200
    for _ in range(n):
        sample: Any = st.sample_hidden(0, rng)
        strict = State.from_json(sample.to_json())      # raises if a draw could have picked
        assert strict.view(0) == st.view(0)
        values = [pick_value(c) for c in iter_bits(sample.hands[1])]
        assert set(values) <= {1, 13}
        kings[values.count(13)] += 1
    assert kings[2] + kings[3] > n * 0.6               # uniform: 170/210 = 81 %
    assert kings[0] < n * 0.05                          # the true deal (no king) is rare: 1/210
    assert kings[4] > 0 and kings[1] > 0


def test_assignment_constructive_when_rejection_fails() -> None:
    """With rejection sampling switched off (tries=0) the constructive matching still deals
    every place an allowed value; tight chains where a greedy deal can dead-end are solved."""
    rng = random.Random(1)
    # cards = codes; pick values: A♠=0 ->1, 2♠=1 ->2, 3♠=2 ->3, K♠=12 ->13, 4♠..Q♠ free
    places = list(range(13))
    everything = sum(1 << v for v in range(1, 14))
    forbidden = {p: 0 for p in places}
    forbidden[0] = everything & ~(1 << 1 | 1 << 2)     # place 0: value 1 or 2
    forbidden[1] = everything & ~(1 << 2 | 1 << 3)     # place 1: value 2 or 3
    forbidden[2] = everything & ~(1 << 3 | 1 << 1)     # place 2: value 3 or 1
    forbidden[12] = everything & ~(1 << 1 | 1 << 13)   # place 12: value 1 or 13
    seen = set()
    for _ in range(300):
        mapping = sample_assignment(places, forbidden, rng, tries=0)
        deal = {p: mapping.get(p, p) for p in places}
        assert sorted(deal.values()) == places
        for p, card in deal.items():
            assert not forbidden[p] >> pick_value(card) & 1, (p, card)
        seen.add(tuple(deal[p] for p in (0, 1, 2, 12)))
    assert len(seen) >= 2          # not a fixed answer


def test_assignment_impossible_raises() -> None:
    with pytest.raises(ValueError, match="no deal"):
        sample_assignment([0, 1], {0: 1 << 1, 1: 1 << 1}, random.Random(0), tries=5)


def test_random_positions_samples_replay_strictly() -> None:
    """Random must-pick playouts: every sample of every seat replays with the rules on."""
    for seed in range(6):
        st = new_game("jianshisifen", 3 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
            if len(st.history) % 7 == 0 and not st.is_over:
                for seat in range(st.players):
                    sample = st.sample_hidden(seat, rng)
                    assert State.from_json(sample.to_json()).view(seat) == st.view(seat)
