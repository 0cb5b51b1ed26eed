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


FAST_FIELD_GAMES = [g for g in ("remik", "zhuoheia", "dummy", "wushiyifen", "shisanzhang")
                    if make_codec(g).encoding.fast_fields is not None]


def _contexts(gid, players, seed):
    """A first deal, and for 捉黑A also a later hand that starts with the tribute."""
    yield None
    if gid == "zhuoheia":
        from .test_speed_equivalence import tribute_context
        yield tribute_context(players, seed)


@pytest.mark.parametrize("gid", FAST_FIELD_GAMES)
def test_fast_fields_read_as_the_view(gid):
    """A game's ``fast_fields`` (the observation straight from the state) equals the
    observation read from ``view(seat)`` for every seat at every step, over every preset and
    player count (partial moves included)."""
    game = get_game(gid)
    steps = 0
    for preset in sorted(game.presets):
        for players in range(game.min_players, game.max_players + 1):
            codec = make_codec(gid, players, preset)
            for seed in range(2):
                for ctx in _contexts(gid, players, seed):
                    dp = codec.start(game.new_state(players, codec.options, seed=seed, context=ctx))
                    rng = random.Random(seed)
                    while dp.current_seat is not None:
                        for s in range(players):
                            assert np.array_equal(dp.observe_scratch(s), dp.observe_view(s)), \
                                (preset, players, seed, len(dp.state.history), s)
                        acts = dp.legal_actions()
                        dp.step(acts[rng.randrange(len(acts))])
                        steps += 1
                    for s in range(players):
                        assert np.array_equal(dp.observe_scratch(s), dp.observe_view(s))
    assert steps > 200


def _general(dp, seat):
    """The decision's actions through the codec's general path (no lazy first step, no fast
    actions)."""
    lazy, fast = dp._lazy, dp._fast
    dp._lazy, dp._fast, dp._choices = None, None, {}
    try:
        return dp.legal_actions(seat)
    finally:
        dp._lazy, dp._fast, dp._choices = lazy, fast, {}


LAZY_GAMES = [g for g in ("remik", "zhuoheia", "dummy", "wushiyifen", "shisanzhang")
              if make_codec(g).encoding.lazy_moves is not None or make_codec(g).encoding.fast_actions is not None]


@pytest.mark.parametrize("gid", LAZY_GAMES)
def test_lazy_first_step_is_the_full_list(gid):
    """A game's ``lazy_moves`` (or ``fast_actions``) gives at every decision the actions the
    full move list gives (every preset and player count), and a verb's own listing
    (``verb_moves``) is the full list's moves of that verb, in its order."""
    game = get_game(gid)
    checked = lazy = 0
    for preset in sorted(game.presets):
        for players in range(game.min_players, game.max_players + 1):
            codec = make_codec(gid, players, preset)
            enc = codec.encoding
            for seed in range(2):
                for ctx in _contexts(gid, players, seed):
                    dp = codec.start(game.new_state(players, codec.options, seed=seed, context=ctx))
                    rng = random.Random(seed)
                    while (seat := dp.current_seat) is not None:
                        acts = dp.legal_actions()
                        if not dp.buffer(seat):
                            got = enc.lazy_moves(dp.state, seat) if enc.lazy_moves else None
                            quick = got is not None or (
                                enc.fast_actions is not None and enc.fast_actions(dp.state, seat, codec) is not None)
                            lazy += quick
                            assert acts == _general(dp, seat), (preset, players, seed, len(dp.state.history))
                            if got is not None and enc.verb_moves is not None:
                                full = enc.moves(dp.state, seat) if enc.moves else dp.state.legal_moves(seat)
                                for verb in got[1]:
                                    assert list(enc.verb_moves(dp.state, seat, verb)) == \
                                        [m for m in full if m.verb == verb]
                            checked += 1
                            acts = dp.legal_actions()
                        dp.step(acts[rng.randrange(len(acts))])
    assert checked >= 20 and lazy > checked // 2
