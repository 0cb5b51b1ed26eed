"""The fast paths of the decision process give exactly what the general paths give: gin's
incremental observation equals the one rebuilt from scratch (and the view-based one) at
every step, for both seats; its bitmask mask equals the mask built from ``legal_moves``."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.registry import get_game
from cardtable.rl import make_codec

GIN_PRESETS = [None, *sorted(get_game("gin").presets)]


def general_actions(dp, seat):
    """The decision's actions through the codec's general path (no fast_actions)."""
    fast = dp._fast
    dp._fast, dp._choices = None, {}
    try:
        return dp.legal_actions(seat)
    finally:
        dp._fast, dp._choices = fast, {}


@pytest.mark.parametrize("preset", GIN_PRESETS)
def test_gin_incremental_observation_and_fast_mask(preset):
    codec = make_codec("gin", preset=preset)
    game = get_game("gin")
    steps = 0
    for seed in range(12):
        dp = codec.start(game.new_state(2, codec.options, seed=seed))
        rng = random.Random(seed)
        while True:
            for s in (0, 1):
                inc = dp.observe(s)
                assert np.array_equal(inc, dp.observe_scratch(s)), (seed, s, len(dp.state.history))
                if rng.random() < 0.1:
                    assert np.array_equal(inc, dp.observe_view(s))
            seat = dp.current_seat
            if seat is None:
                break
            acts = dp.legal_actions()
            assert acts == general_actions(dp, seat)
            dp.step(rng.choice(acts))
            steps += 1
    assert steps > 500


def test_incremental_buffers_are_not_shared():
    """A returned observation is a copy: changing it (or playing on) leaves others alone."""
    codec = make_codec("gin")
    dp = codec.start(get_game("gin").new_state(2, codec.options, seed=1))
    first = dp.observe(dp.current_seat)
    kept = first.copy()
    first[:] = 7.0
    assert np.array_equal(dp.observe(dp.current_seat), kept)
    seat = dp.current_seat
    dp.step(dp.legal_actions()[0])
    assert np.array_equal(kept, codec.start(get_game("gin").new_state(2, codec.options, seed=1)).observe(seat))


def test_incremental_follows_a_state_changed_outside_the_process():
    """Moves applied to ``dp.state`` directly (not through ``step``) are seen too."""
    codec = make_codec("gin")
    dp = codec.start(get_game("gin").new_state(2, codec.options, seed=4))
    rng = random.Random(4)
    for _ in range(40):
        if dp.current_seat is None:
            break
        dp.observe(0)
        st = dp.state
        st.apply(rng.choice(st.legal_moves()))
        for s in (0, 1):
            assert np.array_equal(dp.observe(s), dp.observe_scratch(s))


def test_gin_incremental_observation_hides_the_other_hand():
    """Two deals that differ only in a card the other seat holds unseen all deal long (swapped
    with a stock card never drawn): seat 0's incremental observations and masks are the same
    in both at every step, seat 1's differ (its own hand)."""
    from cardtable.cards import card_str
    codec = make_codec("gin")
    game = get_game("gin")
    steps = 0
    for seed in range(8):
        a = game.new_state(2, codec.options, seed=seed)
        hidden, bottom = min(cards_of_mask(a.hands[1])), a.stock[0]   # the stock's bottom is never drawn
        deal = a.deal.to_json()
        swap = {card_str(hidden): card_str(bottom), card_str(bottom): card_str(hidden)}
        deal["hands"][1] = [swap.get(c, c) for c in deal["hands"][1]]
        deal["stock"] = [swap.get(c, c) for c in deal["stock"]]
        b = game.new_state(2, codec.options, deal=deal)
        assert b.hands[1] != a.hands[1] and b.hands[0] == a.hands[0]
        da, db = codec.start(a), codec.start(b)
        rng = random.Random(seed)
        while da.current_seat is not None:
            assert np.array_equal(da.observe(0), db.observe(0)), (seed, len(a.history))
            assert not np.array_equal(da.observe(1), db.observe(1))
            seat = da.current_seat
            if seat == 0:
                assert np.array_equal(da.action_mask(), db.action_mask())
            # no knock (it shows the hands); seat 1 keeps the swapped card
            moves = [m for m in a.legal_moves(seat) if m.verb in ("draw", "take", "pass", "discard")
                     and not (seat == 1 and m.cards and int(m.cards[0]) == hidden)]
            if not moves:
                break
            action = codec.flat_action(rng.choice(moves))
            da.step(action)
            db.step(action)
            steps += 1
    assert steps > 300


def cards_of_mask(mask):
    return [c for c in range(mask.bit_length()) if mask >> c & 1]
