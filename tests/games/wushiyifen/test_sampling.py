"""五十一分 sample_hidden while a 暗亮 waits for answers (wushiyifen.md §5.4, audit).

The declarer's hand is face down but known to be declarable: a sample deals him a random
declarable hand from the cards the viewer cannot see, keeps the viewer's view, and does not
carry his true hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.cards import card_str, iter_bits, make_pack
from cardtable.game import State
from cardtable.games.wushiyifen.scoring import card_value
from cardtable.registry import new_game


def _deal(hands: list[list[str]], first_draw: str) -> dict[str, Any]:
    used = {c for h in hands for c in h} | {first_draw}
    rest = [card_str(c) for c in make_pack(named_jokers=2) if card_str(c) not in used]
    return {"hands": hands, "stock": [first_draw] + rest, "dealer": 0}


def test_variant_fill_when_random_sets_almost_never_qualify() -> None:
    """§5.5 variant with threshold 54 (the maximum: four aces + a 10-value card): random
    5-card sets essentially never qualify, so the constructive fill must find one; the samples
    always qualify and the fifth card varies (the declarer's true K♠ is not copied)."""
    deal = _deal([["A♠", "A♥", "A♦", "A♣", "K♠"], ["2♣", "3♣", "4♣", "6♦", "8♦"]], "3♠")
    st: Any = new_game("wushiyifen", 2, rules={"nonflush_variant": True, "declare_threshold": 54}, deal=deal)
    st.apply("draw")
    st.apply("throw 3♠ hidden")
    assert st.to_move() == (1,)
    rng = random.Random(3)
    fifth: Counter[str] = Counter()
    for _ in range(30):
        sample: Any = st.sample_hidden(1, rng)
        assert State.from_json(sample.to_json()).view(1) == st.view(1)
        hand = [c for c in iter_bits(sample.hands[0])]
        assert sum(card_value(c) for c in hand) == 54
        fifth.update(card_str(c) for c in hand if card_value(c) == 10)
    assert len(fifth) >= 5 and fifth["K♠"] < 30


def test_base_fills_are_uniform_over_declarable_hands() -> None:
    """Base game: every sampled declarer hand is a declarable flush; the true hand is one of
    many (its share stays small), and a hand made only of the two jokers' fill is not
    counted once per suit (fills are distinct sets)."""
    deal = _deal([["A♥", "K♥", "Q♥", "J♥", "10♥"], ["2♣", "3♣", "4♣", "6♦", "8♦"],
                  ["4♠", "3♦", "7♣", "2♦", "5♣"]], "3♠")
    st: Any = new_game("wushiyifen", 3, deal=deal)
    st.apply("draw")
    st.apply("throw 3♠ hidden")
    rng = random.Random(8)
    hands: Counter[tuple[int, ...]] = Counter()
    for _ in range(150):
        sample = st.sample_hidden(1, rng)
        assert sample.view(1) == st.view(1)
        assert sample.may_declare(sample.hands[0])
        hands[tuple(iter_bits(sample.hands[0]))] += 1
    assert len(hands) > 100
    fills = st._fills_cache[1] if st._fills_cache else []
    assert len(fills) == len(set(fills))
