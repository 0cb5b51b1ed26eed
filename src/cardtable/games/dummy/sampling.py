"""Resampling hidden cards (``State.sample_hidden``) during a turn bound to end in a knock.

Once an unborn drawer has tabled a card (B13, dark knock B20) or a final-turn player has picked
up (B27), the turn is legal only because the mover's remaining hand can be tabled down to one
card (``meldlogic.can_cover``).  A uniform reshuffle of the secret cards would usually break
that, so the generic resampler (a random permutation, then a replay) fails.  Keeping the
mover's hand fixed would reveal it to every other seat, so instead:

1. **Rejection sampling** (exact): the mover's hidden cards are drawn as a random subset of the
   cards the viewer cannot place (``secret_cards(viewer)``), kept only if the mover's hand
   (its publicly known cards plus the drawn ones) can still be tabled down to one card; the
   other secret cards are shuffled over the remaining places.  An accepted draw is uniform over
   the consistent hands, i.e. the viewer's exact posterior for the mover's hand.
2. **Constructive fallback** (when consistent hands are too rare for rejection): a randomised
   depth-first search builds a hand out of the unknown cards piece by piece (new melds,
   lay-off blocks on the table melds' free ends, one knock card).  The search is complete (the
   true hand is one of its solutions), so it always succeeds, but its distribution is not the
   exact posterior: it favours hands made of few pieces.

Every candidate is checked by replaying the whole history (as the generic resampler does), so a
sample is always a legal state with the same ``view(viewer)``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...cards import iter_bits
from ...errors import CardtableError, IllegalMove
from ...game import State
from .meldlogic import extension_blocks

if TYPE_CHECKING:
    from .state import DummyState

REJECTION_TRIES = 400          # cheap can_cover checks before the constructive search
SEARCH_NODES = 3_000           # per randomised search; a final search runs unbounded


def bound_mover(state: DummyState) -> int | None:
    """The seat whose turn must end in a knock and whose hand is constrained, if any."""
    if state.over or not state.must_knock or state.phase != "play":
        return None
    return state.cur


def sample_hidden(state: DummyState, seat: int | None, rng: random.Random, tries: int) -> State:
    mover = bound_mover(state)
    hidden = 0 if mover is None else state.hands[mover] & ~state.known[mover]
    if mover is None or mover == seat or not hidden:
        return State.sample_hidden(state, seat, rng, tries)
    secret = sorted(int(c) for c in state.secret_cards(seat))
    k = hidden.bit_count()
    if len(secret) == k:                       # the viewer can place everything else
        return state.clone()
    public = state.hands[mover] & state.known[mover]
    last: Exception | None = None
    for _ in range(REJECTION_TRIES):
        chosen = rng.sample(secret, k)
        mask = sum(1 << c for c in chosen)
        if not state._can_finish(public | mask):
            continue
        try:
            return _replay(state, secret, hidden, mask, rng)
        except IllegalMove as e:            # pragma: no cover - can_cover is exact
            last = e
    pool = sum(1 << c for c in secret)
    for budget in (SEARCH_NODES, SEARCH_NODES, None):
        mask_or_none = _construct(state, mover, public, pool, k, rng, budget)
        if mask_or_none is None:
            continue
        try:
            return _replay(state, secret, hidden, mask_or_none, rng)
        except IllegalMove as e:            # pragma: no cover
            last = e
    raise CardtableError(f"could not resample the hidden cards of seat {seat}: {last}")


def _replay(state: DummyState, secret: list[int], hidden: int, new_hidden: int, rng: random.Random) -> State:
    """Replay the history with the mover's hidden cards mapped onto ``new_hidden`` and the
    other secret cards shuffled over the remaining secret places."""
    old_in = [c for c in secret if hidden >> c & 1]
    old_out = [c for c in secret if not hidden >> c & 1]
    new_in = [c for c in secret if new_hidden >> c & 1]
    new_out = [c for c in secret if not new_hidden >> c & 1]
    rng.shuffle(new_in)
    rng.shuffle(new_out)
    mapping = {a: b for a, b in zip(old_in + old_out, new_in + new_out, strict=True) if a != b}
    return state.replay_relabelled(mapping)




class _OutOfBudget(Exception):
    pass


def _construct(state: DummyState, mover: int, public: int, pool: int, k: int, rng: random.Random,
               budget: int | None) -> int | None:
    """A random set of ``k`` cards from ``pool`` that, with the mover's public cards, can be
    tabled down to one card: new melds, lay-off blocks on free ends (each end once), one knock
    card.  Returns None when the node budget runs out."""
    tables = state.tables
    ends: list[Any] = state._ends()
    need_own = state.options.knock_requires_own_meld and not state.own_meld[mover]
    failed: set[tuple[int, int, int, bool, bool]] = set()
    nodes = [0]

    def pieces(avail: int, must: int, room: int, used: int) -> list[tuple[int, int, bool]]:
        """Pieces within ``avail`` holding card ``must`` (or any, if must < 0) that take at
        most ``room`` cards from the pool."""
        out: list[tuple[int, int, bool]] = []
        melds = tables.with_card[must] if must >= 0 else tables.melds_within(avail)
        for m in melds:
            if m & avail == m and (m & pool).bit_count() <= room:
                out.append((m, 0, True))
        for i, (shape, lo_open, hi_open) in enumerate(ends):
            for block, end in extension_blocks(shape, avail, tables.ace_low, lo_open, hi_open):
                key = 1 << (2 * i + (1 if end == 2 else 0))
                if used & key or (must >= 0 and not block >> must & 1):
                    continue
                if (block & pool).bit_count() <= room:
                    out.append((block, key, False))
        return out

    def go(cover: int, chosen: int, used: int, own: bool, knock: bool) -> int | None:
        nodes[0] += 1
        if budget is not None and nodes[0] > budget:
            raise _OutOfBudget
        room = k - chosen.bit_count()
        if not cover and not room:
            return chosen if knock and own else None
        key = (cover, chosen, used, own, knock)
        if key in failed:
            return None
        free = pool & ~chosen
        opts: list[tuple[int, int, bool]]
        if cover:                                       # the public cards come first
            c = (cover & -cover).bit_length() - 1
            opts = pieces(cover | free, c, room, used)
            if not knock:
                opts.append((1 << c, 0, False))         # c is the knock card
        else:
            opts = pieces(free, -1, room, used)
            if not knock:
                opts += [(1 << x, 0, False) for x in iter_bits(free)]
        rng.shuffle(opts)
        for piece, ekey, is_meld in opts:
            is_knock = piece.bit_count() == 1 and ekey == 0 and not is_meld
            if is_knock and knock:
                continue
            got = go(cover & ~piece, chosen | (piece & pool), used | ekey, own or is_meld, knock or is_knock)
            if got is not None:
                return got
        failed.add(key)
        return None

    try:
        return go(public, 0, 0, not need_own, False)
    except _OutOfBudget:
        return None
