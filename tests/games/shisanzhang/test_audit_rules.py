"""Audit: the engine's rows, specials and settlement against the independent reference
(``reference.py``), exhaustively where cheap and on biased random hands elsewhere."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import card_str, parse_cards
from cardtable.games.shisanzhang import GAME
from cardtable.games.shisanzhang.arrange import best_arrangement, random_split, random_valid
from cardtable.games.shisanzhang.handeval import eval3, eval5
from cardtable.games.shisanzhang.scoring import Showing, settle, show_rows
from cardtable.games.shisanzhang.specials import SPECIALS, best_special, fitting_specials
from cardtable.games.shisanzhang.state import ShisanzhangState
from cardtable.moves import Move

from . import reference as ref


def _card(rank_index: int, suit: int) -> int:
    return suit * 13 + rank_index


def _agree(items: list[tuple[tuple[float, ...], int]]) -> None:
    """Sorted by the reference key, the engine's values must order and tie exactly alike."""
    items.sort()
    for (ka, va), (kb, vb) in zip(items, items[1:], strict=False):
        assert (ka < kb) == (va < vb) and (ka == kb) == (va == vb), (ka, kb)


@pytest.mark.parametrize("wheel", ["lowest", "second_highest"])
def test_every_five_card_class_orders_like_the_reference(wheel: str) -> None:
    """§1.2, exhaustive: all 6,175 rank patterns (suits mixed) and all 1,287 flushes."""
    items = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(_card(r, seen.get(r, 0)))
            seen[r] = seen.get(r, 0) + 1
        if len(set(ranks)) == 5:
            cards[0] = _card(ranks[0], 1)          # four spades and a heart: no flush
        items.append((ref.key5(cards, wheel == "second_highest"), eval5(cards, wheel)))
        if len(set(ranks)) == 5:
            flush = [_card(r, 3) for r in ranks]
            items.append((ref.key5(flush, wheel == "second_highest"), eval5(flush, wheel)))
    assert len(items) == 7462
    _agree(items)
    assert len({v for _, v in items}) == 7462


def test_every_three_card_row_orders_like_the_reference() -> None:
    """§1.2, exhaustive over all 22,100 first rows: no straights or flushes count there."""
    _agree([(ref.key3(c), eval3(c)) for c in combinations(range(52), 3)])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.booleans())
def test_foul_detection_matches_the_reference(seed: int, wheel2: bool, strict: bool) -> None:
    """§1.2 ordering with `strict_ordering` and `wheel_rank`, on splits biased to near-ties:
    the first row often repeats the top ranks of the second."""
    rng = random.Random(seed)
    ranks = [rng.randrange(13) for _ in range(3)]
    deck = list(range(52))
    rng.shuffle(deck)
    front = []
    for r in ranks:
        c = next(c for c in deck if c % 13 == r and c not in front)
        front.append(c)
    rest = [c for c in deck if c not in front]
    how = rng.randrange(3)
    if how == 0:
        middle = rest[:5]
    else:                       # the first row's ranks again, then (often lower) kickers
        middle = [next(c for c in rest if c % 13 == r and c not in taken)
                  for taken in [[]] for r in ranks if not taken.append(0)][:3 if how == 1 else 2]
        middle = list(dict.fromkeys(middle))
        low = [c for c in rest if c not in middle and (how == 2 or ref.value(c) <= min(map(ref.value, front)))]
        middle += low[:5 - len(middle)]
    back = [c for c in rest if c not in middle][:5]
    if len(middle) < 5 or len(set(middle)) < 5:
        return
    opts = GAME.make_options(rules={"wheel_rank": "second_highest" if wheel2 else "lowest",
                                    "strict_ordering": strict})
    shown = show_rows(0, [front, middle, back], opts)  # type: ignore[arg-type]
    assert shown.fouled == ref.fouls([front, middle, back], wheel2, strict)


# --- special hands ---------------------------------------------------------------------------

SHAPES = [(4, 4, 4, 1), (4, 3, 3, 3), (3, 3, 3, 3, 1), (2, 2, 2, 2, 2, 2, 1), (3, 2, 2, 2, 2, 2),
          (4, 2, 2, 2, 2, 1), (4, 4, 2, 2, 1), (3, 3, 3, 2, 2), (4, 4, 3, 1, 1)]


def _biased_hand(rng: random.Random) -> list[int]:
    """A hand drawn to be near some special: few ranks, one colour, big or small cards, a
    dragon, suit blocks or runs; sometimes one card swapped to make a near miss."""
    kind = rng.randrange(8)
    if kind == 0 and rng.random() < 0.5:             # rank shapes of 三个四同 / 四个三同 / 六对半
        shape = rng.choice(SHAPES)
        ranks = rng.sample(range(13), len(shape))
        hand = [_card(r, s) for r, n in zip(ranks, shape, strict=True) for s in rng.sample(range(4), n)]
        pool = []
    elif kind == 0:                                  # few ranks: quads, trips, pairs
        ranks = rng.sample(range(13), rng.randint(4, 7))
        pool = [_card(r, s) for r in ranks for s in range(4)]
    elif kind == 1:                                  # one colour
        suits = (1, 2) if rng.random() < 0.5 else (0, 3)
        pool = [_card(r, s) for r in range(13) for s in suits]
    elif kind == 2:                                  # big or small cards (ace = rank_index 0)
        big = rng.random() < 0.5
        pool = [_card(r, s) for r in range(13) for s in range(4)     # 8..A or 2..8
                if (r == 0 or r >= 7 if big else 1 <= r <= 7)]
    elif kind == 3:                                  # a dragon, maybe one suit
        one = rng.random() < 0.3
        s0 = rng.randrange(4)
        hand = [_card(r, s0 if one else rng.randrange(4)) for r in range(13)]
        pool = []
    elif kind == 4:                                  # three suit blocks 3 + 5 + 5
        suits = [rng.randrange(4) for _ in range(3)]
        hand = []
        for s, n in zip(suits, (3, 5, 5), strict=True):
            free = [_card(r, s) for r in range(13) if _card(r, s) not in hand]
            hand += rng.sample(free, min(n, len(free)))
        pool = []
    elif kind == 5:                                  # three runs 3 + 5 + 5 (A low or high)
        hand = []
        wrap = rng.random() < 0.3                    # K-A-2 style runs must not count
        for n in (3, 5, 5):
            lo = rng.randrange(13) if wrap else rng.randrange(15 - n)
            for v in range(lo + 1, lo + n + 1):      # face values, 1 and 14 both the ace
                r = 0 if v in (1, 14) else (v - 1) % 13
                free = [_card(r, s) for s in range(4) if _card(r, s) not in hand]
                if free:
                    hand.append(rng.choice(free))
        pool = []
    else:                                            # plain random hands (false positives)
        pool = list(range(52))
    if pool:
        hand = rng.sample(pool, 13)
    while len(set(hand)) < 13:
        hand = list(dict.fromkeys(hand)) + [rng.randrange(52)]
        hand = list(dict.fromkeys(hand))
    hand = hand[:13]
    if rng.random() < 0.35:                          # a near miss
        out = [c for c in range(52) if c not in hand]
        hand[rng.randrange(13)] = rng.choice(out)
    return hand


@settings(max_examples=250, deadline=None)
@given(st.integers(0, 2**32))
def test_every_special_matches_a_card_level_search(seed: int) -> None:
    """§1.5 + Clarifications: every special the engine finds is found by the reference and
    the other way round; the hand scores as the highest one."""
    rng = random.Random(seed)
    hand = _biased_hand(rng)
    big, small = (8, 8) if rng.random() < 0.7 else (rng.randint(2, 14), rng.randint(2, 14))
    want = ref.specials(hand, big, small)
    got = fitting_specials(hand, big, small)
    assert set(got) == want
    if want:
        assert ref.SPECIAL_POINTS[got[0]] == max(ref.SPECIAL_POINTS[s] for s in want)
        assert ref.SPECIAL_POINTS[best_special(hand, big, small)] == ref.SPECIAL_POINTS[got[0]]  # type: ignore[index]


def test_the_biased_generator_reaches_every_special() -> None:
    """The generator above is meaningful: every special occurs among its hands."""
    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(1500):
        seen |= set(fitting_specials(_biased_hand(rng)))
    assert seen == set(ref.SPECIAL_POINTS)


def test_special_values_are_the_seeds() -> None:
    """Seed line 1: 青龙 200 … 三顺 30 (the spec's §1.5 table)."""
    assert {s.id: s.points for s in SPECIALS} == ref.SPECIAL_POINTS
    assert {s.id: s.chinese for s in SPECIALS}["liuduiban"] == "六对半"


@pytest.mark.parametrize("mode", ["higher_collects_own", "net_difference", "both_void"])
def test_special_against_special_for_every_pair(mode: str) -> None:
    """§1.5 special vs special, every pair of the 11 specials, and each against a normal hand."""
    opts = GAME.make_options(rules={"special_vs_special": mode})
    normal = show_rows(2, [[0, 14, 28], [1, 15, 29, 43, 4], [5, 19, 33, 47, 8]], opts)  # type: ignore[list-item]
    for a in ref.SPECIAL_POINTS:
        for b in ref.SPECIAL_POINTS:
            shown = [Showing(0, special=a), Showing(1, special=b), normal]
            tot = [0, 0, 0]
            for it in settle(shown, opts):
                tot[it.seat] += it.points
            pa, pb = ref.SPECIAL_POINTS[a], ref.SPECIAL_POINTS[b]
            between = 0 if pa == pb or mode == "both_void" else (
                (max(pa, pb) if mode == "higher_collects_own" else abs(pa - pb)) * (1 if pa > pb else -1))
            assert tot == [between + pa, -between + pb, -pa - pb], (a, b)


# --- whole deals against the reference settlement ----------------------------------------------

def _random_options(rng: random.Random) -> dict[str, object]:
    if rng.random() < 0.4:
        return {}
    return {"wheel_rank": rng.choice(["lowest", "second_highest"]), "suit_tiebreak": rng.random() < 0.3,
            "strict_ordering": rng.random() < 0.3, "foul_pays_bonuses": rng.random() < 0.7,
            "foul_extra_penalty": rng.choice([0, 0, 5]), "scoop_multiplier": rng.choice([1, 2, 3]),
            "grand_slam_multiplier": rng.choice([1, 2]),
            "special_vs_special": rng.choice(["higher_collects_own", "net_difference", "both_void"])}


def _strong_hand(rng: random.Random) -> list[int]:
    """Hands rich in bonus rows: few ranks or long suits."""
    if rng.random() < 0.5:
        ranks = rng.sample(range(13), 5)
        pool = [_card(r, s) for r in ranks for s in range(4)]
    else:
        pool = [_card(r, s) for s in rng.sample(range(4), 2) for r in range(13)]
    return rng.sample(pool, 13)


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_whole_deals_settle_like_the_reference(seed: int, players: int) -> None:
    """§1.2–§1.5 end to end: random (often fouling) splits, random-valid and auto splits and
    declarations, under random options; the deal's scores equal the reference settlement."""
    rng = random.Random(seed)
    rules = _random_options(rng)
    opts = GAME.make_options(rules=rules)
    deck = list(range(52))
    rng.shuffle(deck)
    if rng.random() < 0.3:                            # a hand full of bonus rows
        first = _strong_hand(rng)
        deck = first + [c for c in deck if c not in first]
    hands = [deck[13 * s:13 * s + 13] for s in range(players)]
    state = GAME.new_state(players, opts, deal={"hands": [[card_str(c) for c in h] for h in hands]})
    assert isinstance(state, ShisanzhangState)
    shown = []
    for seat in rng.sample(range(players), players):
        hand = list(state.hands[seat])
        fits = state.fits[seat]
        how = rng.random()
        if fits and (how < 0.5 or state.must_declare(seat)):
            name = rng.choice(fits + [None])              # any fitting name scores as the highest
            state.apply(Move("declare", target=name), seat)
            shown.append(ref.Shown(seat, special=ref.best(ref.specials(hand, opts.all_big_min,
                                                                         opts.all_small_max))))
            continue
        if how < 0.4:
            rows = random_split(hand, rng)
        elif how < 0.7:
            rows = random_valid(hand, rng, opts.wheel_rank, opts.strict_ordering)
        else:
            a = best_arrangement(hand, opts.wheel_rank, opts.strict_ordering)
            rows = (list(a.front), list(a.middle), list(a.back))
        state.apply(Move("arrange", groups=tuple(tuple(r) for r in rows)), seat)  # type: ignore[misc]
        shown.append(ref.Shown(seat, rows=tuple(tuple(int(c) for c in r) for r in rows)))
    shown.sort(key=lambda s: s.seat)
    assert state.is_over
    assert state.scores == ref.settle(shown, rules)
    assert sum(state.scores) == 0


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_suit_tiebreak_on_rank_mirrored_rows(seed: int) -> None:
    """§1.2 `suit_tiebreak` (docs Decision 4): two seats whose rows are equal rank for rank,
    in different suits; every row is decided by the suit of its top rank (♠ > ♥ > ♣ > ♦)."""
    rng = random.Random(seed)
    ranks = rng.sample([r for r in range(13) for _ in range(2)], 13)
    hands: list[list[int]] = [[], []]
    used: dict[int, list[int]] = {}
    for r in ranks:
        free = [s for s in range(4) if s not in used.setdefault(r, [])]
        sa, sb = rng.sample(free, 2)
        used[r] += [sa, sb]
        hands[0].append(_card(r, sa))
        hands[1].append(_card(r, sb))
    splits = [(h[:3], h[3:8], h[8:]) for h in hands]
    rules = {"suit_tiebreak": True}
    state = GAME.new_state(2, GAME.make_options(rules=rules),
                           deal={"hands": [[card_str(c) for c in h] for h in hands]})
    for seat in (0, 1):
        state.apply(Move("arrange", groups=tuple(tuple(r) for r in splits[seat])), seat)  # type: ignore[misc]
    want = ref.settle([ref.Shown(s, rows=splits[s]) for s in (0, 1)], rules)  # type: ignore[arg-type]
    assert state.scores == want


@pytest.mark.parametrize(("hand", "names", "points"), [
    ("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2", ["quanhei", "santonghua", "sanshun", None], 200),
    ("SA HA DA CA SK HK DK CK SQ HQ DQ CQ H2", ["liuduiban", "six_pairs", "六对半"], 100),
    ("SA HA DA SK HK DK SQ HQ DQ SJ HJ DJ C9", ["quanda", "all_big"], 80),
])
def test_a_lower_name_scores_as_the_highest_special(hand: str, names: list[str | None], points: int) -> None:
    """Clarifications (Declaring): whatever name is used, the hand scores as the highest special
    it fits (§1.7 hands 1, 3, 4: 青龙 200, 三个四同 100, 四个三同 80 from a normal opponent)."""
    cards = [t[1:] + t[0] for t in hand.split()]
    mine = set(parse_cards(cards))
    other = [card_str(c) for c in range(52) if c not in mine][::3]
    for name in names:
        state = GAME.new_state(2, deal={"hands": [cards, other]})
        state.apply("0: declare" + (f" {name}" if name else ""))
        state.apply("1: " + state.move_text(state.legal_moves(1)[-1]))
        assert state.scores == [points, -points]
