"""The sped-up bounded legal list of 十三张 is the list the original code built, move for move.

``_original_*`` below are the arranger and ``ShisanzhangState._bounded_legal`` as they were
before the speed-ups (commit cb83488), copied verbatim but for names: each random deal's
legal list, for every seat and every option that changes it, must equal theirs in the same
order, and the auto bot's move must be the one the original list and arranger give.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from cardtable.bots import bot_move, make_bot
from cardtable.cards import mask_of
from cardtable.games.shisanzhang.arrange import (
    _C83,
    _COMB3,
    _COMB5,
    _TRIPLES_OF,
    FULL,
    Arrangement,
    _front_steps,
    _sort_key,
    ev_tables,
    objective,
    random_split,
)
from cardtable.games.shisanzhang.bots import AutoBot
from cardtable.games.shisanzhang.handeval import VALUE3, WHEEL_LOWEST, eval5, tables5
from cardtable.games.shisanzhang.state import LEGAL_SAMPLE, display_order
from cardtable.moves import Move
from cardtable.registry import get_game

_BITS = [1 << i for i in range(13)]


def _original_rows(cards: Sequence[int], mf: int, mm: int, mb: int) -> tuple[tuple[int, ...], ...]:
    pick = [tuple(sorted((cards[i] for i in range(13) if m >> i & 1), key=_sort_key, reverse=True))
            for m in (mf, mm, mb)]
    return pick[0], pick[1], pick[2]


def _original_best(cards: tuple[int, ...], wheel: str, strict: bool) -> Arrangement:
    plain, flush = tables5(wheel)
    ef_t, em_t, eb_t = ev_tables(wheel)
    w = [1 << (3 * ((c % 64 % 13 + 12) % 13)) for c in cards]
    s = [1 << (c % 64 // 13) for c in cards]
    v5 = [0] * 8192
    t5 = [0] * 8192
    em = [0.0] * 8192
    for a, b, c, d, e, m in _COMB5:
        k = w[a] + w[b] + w[c] + w[d] + w[e]
        v = flush[k] if s[a] & s[b] & s[c] & s[d] & s[e] else plain[k]
        v5[m] = v
        em[m] = em_t[v >> 12]
        cat = v >> 20
        t5[m] = v & ~0xFF if cat == 0 else v & ~0xFFF if cat == 1 else v & ~0xFFFF if cat == 3 else v
    front_vals, front_evs = _front_steps(wheel)

    def front_ev_at_most(v: int) -> float:
        i = bisect.bisect_right(front_vals, v)
        return front_evs[i - 1] if i else -1e9

    v3 = [0] * 8192
    ef = [0.0] * 8192
    f1max = -1e9
    for a, b, c, m in _COMB3:
        v = VALUE3[w[a] + w[b] + w[c]]
        v3[m] = v
        x = ef_t[v >> 8]
        ef[m] = x
        if x > f1max:
            f1max = x
    backs = sorted((m for *_, m in _COMB5), key=v5.__getitem__, reverse=True)
    best = -1e18
    arg = (0, 0, 0)
    visited = 0
    bits = _BITS
    c83 = _C83
    # best_avoid[t]: the strongest 5-subset avoiding the three cards of ``t``; a middle must
    # avoid all five back cards, so it is at most the weakest best_avoid over the back's triples
    best_avoid = [0] * 8192
    for *_, t in _COMB3:
        for m in backs:
            if not m & t:
                best_avoid[t] = v5[m]
                break
    for mb in backs:
        vb = v5[mb]
        eb = eb_t[vb >> 12]
        if eb + em_t[vb >> 12] + f1max <= best:
            break               # no later back can do better, even with the loosest bound
        cap = vb
        for t in _TRIPLES_OF[mb]:
            if best_avoid[t] < cap:
                cap = best_avoid[t]
        fcap = f1max
        cat = cap >> 20
        if cat < 4:             # the front may not beat the middle: cap its EV too
            x = front_ev_at_most(cap & ~0xFF if cat == 0 else cap & ~0xFFF if cat == 1 else cap & ~0xFFFF)
            if x < fcap:
                fcap = x
        if eb + em_t[cap >> 12] + fcap <= best:
            continue
        visited += 1
        rest = FULL ^ mb
        p = [bit for bit in bits if rest & bit]
        for i, j, k in c83:
            mf = p[i] | p[j] | p[k]
            mm = rest ^ mf
            vm = v5[mm]
            if strict:
                if vm >= vb or v3[mf] >= t5[mm]:
                    continue
            elif vm > vb or v3[mf] > t5[mm]:
                continue
            sc = eb + em[mm] + ef[mf]
            if sc > best:
                best = sc
                arg = (mf, mm, mb)
    if arg == (0, 0, 0):
        g = _original_greedy(cards, wheel)
        return Arrangement(g.front, g.middle, g.back, float("-inf"), visited)
    f, mi, ba = _original_rows(cards, *arg)
    return Arrangement(f, mi, ba, best, visited)


def _original_greedy(cards: Sequence[int], wheel: str = WHEEL_LOWEST) -> Arrangement:
    """Back = the strongest 5 cards, middle = the strongest 5 of the other 8, front = the rest.

    Never fouls under the default (non-strict) ordering: the middle is at least as strong as
    any 5 cards containing the front, which is at least the front row (§1.2 comparison rule).
    """
    idx = range(len(cards))
    if len(cards) == 13:
        # the first strongest 5-subset in combinations() order, as max() below would pick,
        # from the 5-card tables directly (a third of the time: ~1,300 subsets per hand)
        plain, flush = tables5(wheel)
        w = [1 << (3 * ((c % 64 % 13 + 12) % 13)) for c in cards]
        s = [1 << (c % 64 // 13) for c in cards]
        top = -1
        for a, b, c, d, e, _m in _COMB5:
            k = w[a] + w[b] + w[c] + w[d] + w[e]
            v = flush[k] if s[a] & s[b] & s[c] & s[d] & s[e] else plain[k]
            if v > top:
                top, mb = v, (a, b, c, d, e)
    else:
        mb = max(combinations(idx, 5), key=lambda c: eval5([cards[i] for i in c], wheel))
    rest = [i for i in idx if i not in mb]
    mm = max(combinations(rest, 5), key=lambda c: eval5([cards[i] for i in c], wheel))
    mf = [i for i in rest if i not in mm]
    f, mi, ba = _original_rows(cards, *(sum(_BITS[i] for i in g) for g in (mf, mm, mb)))
    return Arrangement(f, mi, ba, objective(f, mi, ba, wheel) or float("-inf"))




def _original_bounded_legal(state, seat: int) -> list[Move]:
    out = [Move("declare", target=sid) for sid in state.fits[seat]]
    if state.must_declare(seat):
        return out
    hand = state.hands[seat]
    moves: list[tuple[tuple[int, ...], ...]] = []
    seen: set[tuple[frozenset[int], ...]] = set()
    o = state.options
    for a in (_original_best(tuple(int(c) for c in hand), o.wheel_rank, o.strict_ordering),
              _original_greedy(hand, o.wheel_rank)):
        key = (frozenset(a.front), frozenset(a.middle), frozenset(a.back))
        if key not in seen:
            seen.add(key)
            moves.append((display_order(a.front), display_order(a.middle), display_order(a.back)))
    rng = random.Random(mask_of(hand) * 8 + seat)
    for _try in range(LEGAL_SAMPLE * 4):
        if len(moves) >= LEGAL_SAMPLE + 2:
            break
        f, m, b = random_split(hand, rng)
        key = (frozenset(f), frozenset(m), frozenset(b))
        if key not in seen:
            seen.add(key)
            moves.append((display_order(f), display_order(m), display_order(b)))
    return out + [Move("arrange", groups=rows) for rows in moves]


def _same(a: list[Move], b: list[Move]) -> bool:
    """Equal moves with cards of the same codes and types, in the same order."""
    return a == b and all(tuple(map(type, g)) == tuple(map(type, h))
                          for x, y in zip(a, b, strict=True) for g, h in zip(x.groups, y.groups, strict=True))


RULES = [{}, {"wheel_rank": "second_highest"}, {"strict_ordering": True},
         {"auto_declare_special": True}]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: ",".join(r) or "default")
def test_legal_list_is_the_original(rules: dict) -> None:
    game = get_game("shisanzhang")
    options = game.make_options(rules=rules)
    deals = 300 if not rules else 60
    for i in range(deals):
        state = game.new_state(4, options, seed=7919 * i + len(rules))
        for seat in range(4):
            want = _original_bounded_legal(state, seat)
            got = state.legal_moves(seat)
            assert _same(got, want), (i, seat, got[:3], want[:3])


def test_auto_bot_move_is_the_original() -> None:
    """The auto bot, given the original list and arranger, picks what it picks now."""
    game = get_game("shisanzhang")
    bot = make_bot("shisanzhang", "auto")
    assert isinstance(bot, AutoBot)
    for i in range(150):
        state = game.new_state(4, seed=104729 * i + 3)
        for seat in range(4):
            legal = _original_bounded_legal(state, seat)
            view = state.view(seat)
            declares = [m for m in legal if m.verb == "declare"]
            best = _original_best(tuple(int(c) for c in state.hands[seat]), "lowest", False)
            move = bot_move(bot, state, seat, random.Random(i))
            if declares and view["specials"] and \
                    AutoBot.__module__ and _special_points(view["specials"][0]) >= best.score:
                assert move == declares[0].__class__("declare", target=view["specials"][0])
            else:
                assert move.verb == "arrange"
                assert move.groups == tuple(display_order(r) for r in (best.front, best.middle, best.back))


def _special_points(sid: str) -> int:
    from cardtable.games.shisanzhang.specials import BY_ID
    return BY_ID[sid].points


@pytest.mark.parametrize(("wheel", "strict"), [("lowest", False), ("second_highest", False),
                                                ("lowest", True)])
def test_arrangers_are_the_original(wheel: str, strict: bool) -> None:
    """Rows, score and backs examined of the exact arranger, and the greedy split."""
    from cardtable.games.shisanzhang import arrange
    rng = random.Random(f"{wheel}{strict}")
    deck = list(range(52))
    for _ in range(200):
        rng.shuffle(deck)
        hand = tuple(deck[:13])
        arrange._hand5.cache_clear()
        assert arrange._best_arrangement.__wrapped__(hand, wheel, strict) == _original_best(hand, wheel, strict)
        assert arrange.greedy_arrangement(hand, wheel) == _original_greedy(hand, wheel)


def test_tied_flushes_keep_the_first_in_order() -> None:
    """Two straight flushes of the same ranks (♥ and ♠, the ♥ cards dealt first), and hands
    of one suit: the greedy back is the first strongest in combinations() order."""
    hearts = [13 + r for r in range(1, 6)]      # 2♥ … 6♥
    spades = [r for r in range(1, 6)]           # 2♠ … 6♠
    hands = [tuple(hearts + spades + [26, 40, 30]), tuple(spades + hearts + [26, 40, 30]),
             tuple(range(13)), tuple([0, 1, 2, 3, 4, 5, 6, 7, 8, 22, 23, 24, 25])]
    from cardtable.games.shisanzhang import arrange
    for hand in hands:
        for wheel in ("lowest", "second_highest"):
            arrange._hand5.cache_clear()
            assert arrange.greedy_arrangement(hand, wheel) == _original_greedy(hand, wheel)
            assert arrange._best_arrangement.__wrapped__(hand, wheel, False) == \
                _original_best(hand, wheel, False)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: ",".join(r) or "default")
def test_bots_given_the_head_choose_as_with_the_whole_list(rules: dict) -> None:
    """``legal_moves_head`` is a prefix of the whole list with every verb in it, and the
    game's bots (which take it) choose what they choose from the whole list."""
    game = get_game("shisanzhang")
    options = game.make_options(rules=rules)
    for name in ("auto", "random_valid"):
        bot = make_bot("shisanzhang", name)
        assert bot.needs_all_legal is False
        for i in range(40):
            state = game.new_state(4, options, seed=15485863 * i + len(rules))
            for seat in range(4):
                head = state.legal_moves_head(seat)
                full = _original_bounded_legal(state, seat)
                assert _same(head, full[:len(head)]) and {m.verb for m in head} == {m.verb for m in full}
                via_bot_move = bot_move(bot, state, seat, random.Random(i))
                assert via_bot_move == bot.choose(state.view(seat), full, random.Random(i))
