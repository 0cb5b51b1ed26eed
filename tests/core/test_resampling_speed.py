"""Faster resampling: ``tricks.assign_hidden`` (Hall's condition counted by forbidden masks)
draws exactly what the straightforward version drew, and ``relabel_move`` keeps moves that
name no renamed card."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardtable.cards import Card
from cardtable.game import relabel_move
from cardtable.moves import Move
from cardtable.tricks import TrickRules, assign_hidden, standard_rules


def reference_assign_hidden(cards: Sequence[int], forbidden: Sequence[int], rules: TrickRules,
                  rng: random.Random) -> list[int] | None:
    """Randomly give each slot ``i`` one of ``cards`` whose effective suit is not in
    ``forbidden[i]`` (a mask of suits), every card used once; None if impossible.

    Slots are filled in random order; each choice keeps Hall's condition over the (at most
    five) suits, so the fill never dead-ends.
    """
    n = len(cards)
    if len(forbidden) != n:
        raise ValueError("one forbidden mask per card")
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(rules.suit(c), []).append(int(c))
    for lst in by_suit.values():
        rng.shuffle(lst)
    suits = sorted(by_suit)
    slots_left = list(range(n))
    rng.shuffle(slots_left)

    def feasible(slots: list[int]) -> bool:
        k = len(suits)
        for sub in range(1, 1 << k):
            need = sum(len(by_suit[suits[j]]) for j in range(k) if sub >> j & 1)
            if not need:
                continue
            smask = 0
            for j in range(k):
                if sub >> j & 1:
                    smask |= 1 << suits[j]
            room = sum(1 for i in slots if smask & ~forbidden[i])
            if need > room:
                return False
        return True

    if not feasible(slots_left):
        return None
    out = [0] * n
    while slots_left:
        slot = slots_left.pop()
        options = [s for s in suits if by_suit[s] and not forbidden[slot] >> s & 1]
        rng.shuffle(options)
        # weight by how many cards of each suit remain, so the fill is close to uniform
        options.sort(key=lambda s: -len(by_suit[s]) * rng.random())
        for s in options:
            card = by_suit[s].pop()
            if feasible(slots_left):
                out[slot] = card
                break
            by_suit[s].append(card)
        else:  # pragma: no cover - Hall's condition guarantees a choice
            return None
    return out


@pytest.mark.parametrize("trump", [None, 0, 3])
def test_assign_hidden_draws_as_the_reference(trump: int | None) -> None:
    rules = standard_rules(trump)
    found = 0
    for seed in range(300):
        g = random.Random(seed)
        cards = g.sample(range(52), g.randrange(2, 30))
        forbidden = [g.choice([0, 0, 0, 1, 2, 4, 8, 3, 5, 12, 15 ^ (1 << g.randrange(4))]) for _ in cards]
        a = assign_hidden(cards, forbidden, rules, random.Random(seed))
        b = reference_assign_hidden(cards, forbidden, rules, random.Random(seed))
        assert a == b, seed
        if a is not None:
            found += 1
            assert sorted(a) == sorted(cards)
            assert all(not forbidden[i] >> rules.suit(c) & 1 for i, c in enumerate(a))
    assert 50 < found < 300     # both outcomes occur


def test_relabel_move() -> None:
    m = Move("play", (Card(3), Card(9)), ((Card(1), Card(2)),), "x")
    assert relabel_move(m, {5: 6}) is m
    r = relabel_move(m, {2: 7, 9: 4})
    assert r == Move("play", (Card(3), Card(4)), ((Card(1), Card(7)),), "x")
    assert all(type(c) is Card for c in r.cards)


def test_shisanzhang_first_legal_is_the_first_legal_move() -> None:
    """The resampler asks only for the first legal move; it must be legal_moves()[0]."""
    from cardtable.registry import get_game

    game = get_game("shisanzhang")
    for preset in [None, *sorted(game.presets)]:
        options = game.make_options(preset)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(8):
                state = game.new_state(players, options, seed=seed)
                for seat in state.to_move():
                    assert state.clone()._first_legal(seat) == state.clone().legal_moves(seat)[0]
