"""Tests of the shared trick-taking mechanics (src/cardtable/tricks.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import BJ, LJ, make_pack, mask_of, parse_cards
from cardtable.tricks import (
    JOKER_SUIT,
    Auction,
    Trick,
    assign_hidden,
    legal_plays,
    points,
    standard_rules,
    void_evidence,
    why_not_playable,
    winning_index,
)

H, S, D, C = 1, 0, 2, 3


def cs(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_highest_of_led_suit_wins_without_trump() -> None:
    r = standard_rules(None)
    assert winning_index(cs("9♠ K♠ A♥ 10♠"), r) == 1   # off-suit ace does not count


def test_trump_beats_led_suit() -> None:
    r = standard_rules(H)
    assert winning_index(cs("A♠ K♠ 2♥ Q♠"), r) == 2
    assert winning_index(cs("A♠ 3♥ 2♥ Q♠"), r) == 1


def test_jokers_top_trumps() -> None:
    r = standard_rules(D)
    assert winning_index(cs("9♠ K♠ 2♦ BJ"), r) == 3
    assert winning_index(cs("A♦ LJ BJ"), r) == 2
    assert r.suit(LJ) == D and r.suit(BJ) == D


def test_no_trump_only_jokers_trump() -> None:
    r = standard_rules(None)
    assert r.trump == JOKER_SUIT
    assert winning_index(cs("9♠ A♠ LJ"), r) == 2
    assert winning_index(cs("9♠ A♠ 2♦"), r) == 1


def test_jokers_as_own_suit_never_trump() -> None:
    r = standard_rules(H, jokers="own_suit")
    assert winning_index(cs("9♠ BJ"), r) == 0
    assert winning_index(cs("LJ BJ 2♥"), r) == 2
    assert winning_index(cs("LJ BJ 2♠"), r) == 1


def test_follow_rules() -> None:
    hand = mask_of(cs("5♠ 3♥ 4♣"))
    r = standard_rules(H, "free")
    assert legal_plays(hand, cs("K♠"), r) == mask_of(cs("5♠"))
    assert legal_plays(hand, cs("K♦"), r) == hand
    assert legal_plays(hand, [], r) == hand
    r2 = standard_rules(H, "must_trump")
    assert legal_plays(hand, cs("K♦"), r2) == mask_of(cs("3♥"))
    hand2 = mask_of(cs("3♥ 9♥ 4♣"))
    r3 = standard_rules(H, "must_overtrump")
    assert legal_plays(hand2, cs("K♦ 5♥"), r3) == mask_of(cs("9♥"))
    assert legal_plays(hand2, cs("K♦ Q♥"), r3) == mask_of(cs("3♥ 9♥"))


def test_joker_follows_trump_but_not_side_suit() -> None:
    r = standard_rules(D)
    hand = mask_of(cs("5♠ BJ"))
    assert legal_plays(hand, cs("9♠"), r) == mask_of(cs("5♠"))
    assert legal_plays(mask_of(cs("BJ 4♣")), cs("9♦"), r) == mask_of(cs("BJ"))


def test_reasons() -> None:
    r = standard_rules(H, "must_trump")
    hand = mask_of(cs("5♠ 3♥"))
    assert "not in your hand" in (why_not_playable(hand, [], cs("A♠")[0], r) or "")
    assert "follow suit" in (why_not_playable(hand, cs("K♠"), cs("3♥")[0], r) or "")
    assert "must trump" in (why_not_playable(mask_of(cs("4♣ 3♥")), cs("K♠"), cs("4♣")[0], r) or "")
    assert why_not_playable(hand, cs("K♠"), cs("5♠")[0], r) is None


def test_trick_record_and_points() -> None:
    r = standard_rules(H)
    t = Trick(leader=1)
    for seat, c in zip((1, 2, 3, 0), cs("A♠ K♠ 2♥ Q♠"), strict=True):
        t.play(seat, c)
    assert t.settle(r) == 3 and t.winner == 3
    table = [5] * 64
    assert points(t.cards, table) == 20 and points(t.mask, table) == 20
    assert t.to_json()["winner"] == 3


def test_void_evidence() -> None:
    t = Trick(0, [(0, c) for c in []])
    for seat, c in zip((0, 1, 2), cs("A♠ 3♣ 2♥"), strict=True):
        t.play(seat, c)
    assert void_evidence(t, standard_rules(H, "free")) == [(1, 1 << S), (2, 1 << S)]
    assert void_evidence(t, standard_rules(H, "must_trump")) == [(1, 1 << S | 1 << H), (2, 1 << S)]


def test_assign_hidden_respects_voids() -> None:
    r = standard_rules(None)
    cards = cs("A♠ K♠ 2♥ 3♥")
    forb = [1 << S, 1 << S, 0, 0]
    rng = random.Random(1)
    for _ in range(30):
        out = assign_hidden(cards, forb, r, rng)
        assert out is not None and sorted(out) == sorted(cards)
        assert all(r.suit(out[i]) != S for i in (0, 1))
    assert assign_hidden(cards, [1 << S] * 3 + [0], r, rng) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_property_legal_plays_subset_and_nonempty(seed: int) -> None:
    rng = random.Random(seed)
    pack = [int(c) for c in make_pack(named_jokers=2)]
    rng.shuffle(pack)
    follow = rng.choice(["free", "must_trump", "must_overtrump"])
    r = standard_rules(rng.choice([None, 0, 1, 2, 3]), follow)
    hand = mask_of(pack[:7])
    led = pack[7:7 + rng.randrange(4)]
    legal = legal_plays(hand, led, r)
    assert legal and legal & ~hand == 0
    for c in pack[:7]:
        assert (why_not_playable(hand, led, c, r) is None) == bool(legal >> c & 1)
    if led:
        w = winning_index(led, r)
        assert 0 <= w < len(led)


def test_bad_rules_rejected() -> None:
    with pytest.raises(ValueError, match="follow rule"):
        standard_rules(H, "sometimes")


def _run(a: Auction, acts: list[int | None]) -> None:
    for v in acts:
        assert a.why_not(a.turn, v) is None, (a.turn, v)
        a.act(a.turn, v)


def test_auction_sibaifen_sequence() -> None:
    """sibaifen.md §3.8.5: N 200, E 205, S -, W -, N 250, E -, S -, W - → 250 by N."""
    a = Auction(4, 0, 200, 5, 400)
    _run(a, [200, 205, None, None, 250, None, None])
    assert not a.done and a.turn == 3
    _run(a, [None])
    assert a.done and a.high == (250, 0) and not a.all_passed
    assert a.why_not(0, None) == "the auction is over"


def test_auction_rejects_bad_bids() -> None:
    a = Auction(4, 0, 200, 5, 400)
    assert "multiples of 5" in (a.why_not(0, 203) or "")
    assert "multiples of 5" in (a.why_not(0, 405) or "")
    assert "turn" in (a.why_not(1, 200) or "")
    _run(a, [250])
    assert "exceed" in (a.why_not(1, 250) or "")
    assert a.legal_bids()[0] == 255


def test_auction_small_numbers_and_two_players() -> None:
    """yijiang.md §9.6.4 shape: P1 -, P2 3, P3 4, P4 -, P1 -, P2 - → P3 declares 4."""
    a = Auction(4, 0, 3, 1, 5)
    _run(a, [None, 3, 4, None, None, None])
    assert a.done and a.high == (4, 2)
    b = Auction(2, 1, 3, 1, 5)
    _run(b, [3, None])
    assert b.done and b.high == (3, 1)
    c = Auction(2, 0, 3, 1, 5)
    _run(c, [None, None])
    assert c.done and c.all_passed


def test_auction_final_passes_and_maximum() -> None:
    a = Auction(4, 0, 200, 5, 400, pass_is_final=True)
    _run(a, [None, 200, None])
    assert a.turn == 3
    _run(a, [205])
    assert a.turn == 1         # seat 0 and 2 passed for good
    _run(a, [None])
    assert a.done and a.high == (205, 3)
    m = Auction(4, 0, 200, 5, 400)
    _run(m, [200, 400])
    assert m.done and m.high == (400, 1)



def test_auction_final_passes_bid_after_all_others_passed() -> None:
    """sibaifen.md §3.5 with pass_is_final: three final passes, then a bid by the fourth:
    nobody may outbid him, so the bid is the contract at once (he does not bid again)."""
    a = Auction(4, 0, 200, 5, 400, pass_is_final=True)
    _run(a, [None, None, None])
    assert not a.done and a.turn == 3
    _run(a, [200])
    assert a.done and not a.all_passed and a.high == (200, 3)
    assert a.why_not(3, 205) == "the auction is over"
    b = Auction(4, 0, 200, 5, 400)          # non-final passes: the others may come back
    _run(b, [None, None, None, 200])
    assert not b.done and b.turn == 0

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_property_assign_hidden_finds_a_consistent_deal(seed: int) -> None:
    """Whenever a consistent assignment exists (the true one), one is found and it is valid."""
    rng = random.Random(seed)
    r = standard_rules(rng.choice([None, 0, 1]))
    pack = [int(c) for c in make_pack(named_jokers=2)]
    cards = rng.sample(pack, rng.randrange(2, 30))
    forbidden = []
    for c in cards:          # the true place of c forbids some suits, never c's own
        m = 0
        for s in range(5):
            if s != r.suit(c) and rng.random() < 0.4:
                m |= 1 << s
        forbidden.append(m)
    out = assign_hidden(cards, forbidden, r, rng)
    assert out is not None and sorted(out) == sorted(cards)
    assert all(not forbidden[i] >> r.suit(out[i]) & 1 for i in range(len(cards)))
