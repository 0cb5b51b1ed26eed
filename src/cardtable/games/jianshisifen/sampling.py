"""捡十四分 hidden-card sampling under the must-pick evidence (jianshisifen.md §6.3).

With ``must_pick`` every no-pick turn tells the table that the drawer's hand held no card
making 14 with any table card.  Each secret *place* (a card position of the deal that the
viewer cannot see) therefore forbids a set of pick values (a bitmask, bit v = value v); stock
places forbid nothing.  :func:`sample_assignment` deals the secret cards to the secret places
so that no place gets a forbidden value:

1. rejection: up to ``tries`` uniformly random permutations; the first one that respects
   every place is taken (exactly uniform over the consistent deals);
2. otherwise a constructive deal: a randomised bipartite matching (Kuhn's augmenting paths,
   places and cards in random order), which always succeeds because the true deal is one
   consistent matching, followed by a random walk of value-respecting swaps (symmetric
   proposals, so the walk tends to the uniform distribution over consistent deals).

Neither step looks at which card truly is where, so the sample never carries the true hidden
cards beyond what the evidence forces.
"""

from __future__ import annotations

import random

from .scoring import pick_value


def _ok(forbidden: int, card: int) -> bool:
    return not forbidden >> pick_value(card) & 1


def sample_assignment(places: list[int], forbidden: dict[int, int], rng: random.Random,
                      tries: int = 100) -> dict[int, int]:
    """A mapping place -> card (a permutation of ``places``) that respects ``forbidden``;
    identity pairs are left out.  Raises ValueError only if no consistent deal exists."""
    n = len(places)
    cards = places[:]
    for _ in range(tries):
        rng.shuffle(cards)
        if all(_ok(forbidden[p], c) for p, c in zip(places, cards, strict=True)):
            return {p: c for p, c in zip(places, cards, strict=True) if p != c}
    match = _random_matching(places, forbidden, rng)
    # mixing: random value-respecting swaps between two places
    order = places[:]
    for _ in range(30 * n):
        i, j = rng.randrange(n), rng.randrange(n)
        a, b = order[i], order[j]
        if a != b and _ok(forbidden[a], match[b]) and _ok(forbidden[b], match[a]):
            match[a], match[b] = match[b], match[a]
    return {p: c for p, c in match.items() if p != c}


def _random_matching(places: list[int], forbidden: dict[int, int],
                     rng: random.Random) -> dict[int, int]:
    """A perfect matching place -> card with allowed values (Kuhn's algorithm, random order)."""
    order = places[:]
    rng.shuffle(order)
    # most constrained places first keeps the augmenting paths short
    order.sort(key=lambda p: -forbidden[p].bit_count())
    pool = places[:]
    rng.shuffle(pool)
    allowed = {p: [c for c in pool if _ok(forbidden[p], c)] for p in places}
    owner: dict[int, int] = {}          # card -> place

    def augment(p: int, seen: set[int]) -> bool:
        for c in allowed[p]:
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or augment(owner[c], seen):
                owner[c] = p
                return True
        return False

    for p in order:
        if not augment(p, set()):
            raise ValueError("no deal of the secret cards is consistent with the no-pick turns")
    return {p: c for c, p in owner.items()}
