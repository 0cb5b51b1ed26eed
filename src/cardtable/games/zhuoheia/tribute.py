"""捉黑A tribute (进贡/吃贡/还贡), zhuoheia.md §2.3: who owes how many cards and who gets which.

Pure functions of the previous hand's finishing order and sides; the state runs the moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...climbing import climb_rank


def sides(players: int, dealer: int, partner: int) -> list[int]:
    """Side of each seat: 0 = the 庄家's side (庄家 + A♠ holder), 1 = the others (§2.1)."""
    return [0 if s in (dealer, partner) else 1 for s in range(players)]


def owed(order: Sequence[int], side: Sequence[int], model: str) -> dict[int, list[int]]:
    """Giver → his receivers in their finishing order.

    pairwise (§2.3 Decision): for every two players on opposite sides, the later finisher owes
    the earlier one card.  pool: every player of the side without the first finisher gives one
    card; the receivers are settled when the cards are known (:func:`assign`)."""
    pos = {s: i for i, s in enumerate(order)}
    out: dict[int, list[int]] = {}
    if model == "pairwise":
        for q in order:
            rec = [r for r in order if side[r] != side[q] and pos[r] < pos[q]]
            if rec:
                out[q] = rec
    else:
        win = side[order[0]]
        takers = [r for r in order if side[r] == win]
        for q in order:
            if side[q] != win:
                out[q] = takers
    return out


def give_count(receivers: Sequence[int], model: str) -> int:
    return len(receivers) if model == "pairwise" else 1


def top_ranks(hand: Sequence[int], k: int) -> list[int]:
    """The ranks of the k largest cards of ``hand`` (§2.3 step 1), largest first."""
    return sorted((climb_rank(c) for c in hand), reverse=True)[:k]


def order_given(cards: Sequence[int]) -> list[int]:
    """A giver's cards largest first; equal ranks keep the order the giver named them."""
    return sorted(cards, key=lambda c: -climb_rank(c))


def assign(order: Sequence[int], side: Sequence[int], model: str,
           given: Mapping[int, Sequence[int]]) -> list[tuple[int, int, int]]:
    """(giver, receiver, card) for every tribute card (§2.3 step 2).

    pairwise: each giver's cards largest first to his receivers in their finishing order (case c:
    the earlier finisher gets the larger card).  pool: all cards largest first (ties: giver's
    finishing order) dealt round to the takers in their finishing order."""
    pos = {s: i for i, s in enumerate(order)}
    rec = owed(order, side, model)
    out: list[tuple[int, int, int]] = []
    if model == "pairwise":
        for q in order:
            if q in rec:
                for r, c in zip(rec[q], order_given(given[q]), strict=True):
                    out.append((q, r, c))
        return out
    cards = [(q, c) for q in order if q in rec for c in order_given(given[q])]
    cards.sort(key=lambda qc: (-climb_rank(qc[1]), pos[qc[0]]))
    takers = next(iter(rec.values()), [])
    for i, (q, c) in enumerate(cards):
        out.append((q, takers[i % len(takers)], c))
    return out
