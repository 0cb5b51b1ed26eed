"""Robustness: random moves never crash why_illegal, and every move it accepts is carried out
(cards conserved, text round-trips, no dead end); random slot lists only ever raise MeldError."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from cardtable.bots import make_bot
from cardtable.cards import Card, cards_of
from cardtable.conformance import check_conservation
from cardtable.games.remik.melds import MeldError, analyse, table_value_at
from cardtable.games.remik.notation import make_target
from cardtable.games.remik.state import RemikState
from cardtable.moves import Move

from .helpers import GAME


def _random_move(st: RemikState, rng: random.Random) -> Move:
    s = st.current
    pool = cards_of(st.hands[s]) + ([Card(st.top())] if st.top() >= 0 else [])
    verb = rng.choice(["meld", "lay", "swap", "discard", "takemeld", "draw", "take"])

    def group() -> tuple[Card, ...]:
        cs = rng.sample(pool, min(rng.randint(1, 6), len(pool)))
        return tuple(sorted(cs, key=lambda c: c % 64))

    reps: list[int] = []
    if verb in ("meld", "takemeld"):
        groups = tuple(group() for _ in range(rng.randint(1, 3)))
        reps = [rng.randrange(52) for g in groups for c in g if c % 64 >= 52]
        return Move(verb, (), groups, make_target(None, reps))
    if verb in ("lay", "swap", "discard"):
        cs = group() if verb == "lay" else (rng.choice(pool),)
        if verb == "lay":
            reps = [rng.randrange(52) for c in cs if c % 64 >= 52]
        mid = None if verb == "discard" else f"m{rng.randint(1, max(1, len(st.melds)))}"
        return Move(verb, cs, (), make_target(mid, reps))
    return Move(verb)


def test_random_moves_are_judged_and_carried_out() -> None:
    bot = make_bot("remik", "heuristic")
    accepted = 0
    for seed in range(6):
        players = 2 + seed % 5
        opts = GAME.make_options(["default", "no_pure_run", "opening30"][seed % 3])
        pack = GAME.pack(players, opts)
        st = GAME.new_state(players, opts, seed=seed)
        assert isinstance(st, RemikState)
        rng = random.Random(seed)
        while not st.is_over:
            s = st.current
            for _ in range(6):
                mv = _random_move(st, rng)
                if st.why_illegal(s, mv) is None:
                    accepted += 1
                    trial = st.clone()
                    trial.apply(mv, s)
                    assert check_conservation(trial, pack) is None
                    assert trial.is_over or trial.legal_moves(trial.to_move()[0])
                    assert st.parse_move(st.move_text(mv), s) == mv
            legal = st.legal_moves(s)
            st.apply(bot.choose(st.view(s), legal, rng) if rng.random() < 0.8 else rng.choice(legal), s)
    assert accepted > 50


@settings(max_examples=150, deadline=None)
@given(hs.lists(hs.tuples(hs.booleans(), hs.integers(0, 51)), min_size=0, max_size=8))
def test_analyse_only_raises_meld_error(spec: list[tuple[bool, int]]) -> None:
    slots = [((54 + 64 * i) if joker else (rep + 64 * (i % 2)), rep) for i, (joker, rep) in enumerate(spec)]
    try:
        info = analyse(slots)
    except MeldError:
        return
    assert info.kind in ("run", "set") and len(info.slots) == len(slots)
    if info.kind == "run":
        assert info.value == sum(table_value_at(info.low + k) for k in range(len(slots)))
