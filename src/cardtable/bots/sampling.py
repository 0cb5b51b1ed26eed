"""The sampler a search bot gets: worlds drawn from what the seat can see, never from the truth.

``State.sample_hidden(seat, rng)`` permutes the secret cards *of the true deal*: its worlds
follow the right distribution, but which world a given generator draws still depends on
where the secret cards really lie.  A bot fed those worlds is honest on average, not move
for move.  :func:`canonical_base` removes that dependence: it first moves the secret cards
to a fixed arrangement (the sorted secret cards in the order of their places in the deal),
replays the history on it, and samples from there.  Two states that differ only in what
``seat`` cannot see give the same base, so a seeded bot makes the same move in both.

A fixed arrangement may contradict the history (a seat that showed out of a suit cannot
hold it); then the arrangements drawn from a generator seeded with a constant are tried in
turn, the first consistent one is the base (the same in both states, since consistency is
a fact about the view).  If none is found in ``tries`` the true state is the base: honest
in distribution only, which is what ``sample_hidden`` alone gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import CardtableError
from ..game import State

Sampler = Callable[[random.Random], State]


def canonical_base(state: State, seat: int, tries: int = 50) -> State:
    """A world consistent with ``view(seat)`` that depends on that view only (see above)."""
    secret = set(state.secret_cards(seat))
    if len(secret) < 2:
        return state
    places = [c for c in state.deal.all_cards() if c in secret]     # secret cards by place
    target = sorted(secret)
    rng = random.Random(0xCA11)
    for _ in range(tries):
        mapping: dict[int, int] = {a: b for a, b in zip(places, target, strict=False) if a != b}
        try:
            return state.replay_relabelled(mapping)
        except CardtableError:
            rng.shuffle(target)
    return state


def honest_sampler(state: State, seat: int) -> Sampler:
    """``sample_hidden(seat)`` from :func:`canonical_base` (built once, on first use)."""
    base: list[State] = []

    def sampler(r: random.Random) -> State:
        if not base:
            base.append(canonical_base(state, seat))
        return base[0].sample_hidden(seat, r)
    return sampler
