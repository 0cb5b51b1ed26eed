"""Rule tests of 四百分 (sibaifen.md §3.1–§3.8)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import make_pack, parse_cards
from cardtable.deal import Deal
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.sibaifen.state import POINTS, SibaifenState
from cardtable.match import Match
from cardtable.registry import get_game, new_game

G = get_game("sibaifen")


def stacked(hands: list[str], kitty: str, dealer: int = 0, **rules: object) -> SibaifenState:
    """A deal with the given cards in hands; every other card fills the hands in pack order."""
    given = [parse_cards(h) for h in hands]
    k = parse_cards(kitty)
    used = {c for h in given for c in h} | set(k)
    rest = [c for c in make_pack() if c not in used]
    full = []
    for h in given:
        need = 12 - len(h)
        full.append(h + rest[:need])
        rest = rest[need:]
    st = G.start(4, G.make_options(rules=dict(rules)), Deal(full, extra={"dealer": dealer, "kitty": k}))
    assert isinstance(st, SibaifenState)
    return st


def test_pack_audit() -> None:
    """§3.8.1: 24 point cards worth 400 in a 52-card pack."""
    pack = G.pack(4, G.make_options())
    assert len(pack) == 52 and not any(c.is_joker for c in pack)
    assert sum(POINTS[c] for c in pack) == 400
    assert sum(1 for c in pack if POINTS[c]) == 24
    assert POINTS[parse_cards("2♠")[0]] == 25 and POINTS[parse_cards("A♠")[0]] == 0


def test_deal_sizes_and_first_bidder() -> None:
    """§3.4/§3.5: 12 each, 4 in the kitty; dealing starts left of the dealer; the dealer bids first."""
    st = G.new_state(4, seed=3, context={"dealer": 2})
    assert [len(h) for h in st.deal.hands] == [12] * 4 and len(st.deal.extra["kitty"]) == 4
    assert st.to_move() == (2,)


def _auction(st: SibaifenState, moves: list[str]) -> None:
    for m in moves:
        st.apply(m)


def test_scenario_5_auction() -> None:
    """§3.8.5: N 200, E 205, S pass, W pass, N 250, three passes → 250 by N; bad bids rejected."""
    st = new_game("sibaifen", seed=1)
    assert isinstance(st, SibaifenState)
    with pytest.raises(IllegalMove, match="multiples of 5"):
        st.apply("bid 203")
    _auction(st, ["bid 200", "bid 205", "pass", "pass"])
    with pytest.raises(IllegalMove, match="multiples of 5"):
        st.apply("bid 405")
    _auction(st, ["bid 250"])
    with pytest.raises(IllegalMove, match="exceed"):
        st.apply("bid 250")
    _auction(st, ["pass", "pass", "pass"])
    assert (st.declarer, st.contract, st.phase) == (0, 250, "bury")
    assert st.hands[0].bit_count() == 16  # §3.5 the kitty joins his hand
    assert st.to_move() == (0,)


def test_pass_is_not_final_by_default_and_final_as_option() -> None:
    """§3.5 Decision pass_is_final: a passed player may bid again, unless the option is set."""
    st = new_game("sibaifen", seed=1)
    _auction(st, ["pass", "bid 200", "pass", "pass"])
    st.apply("bid 205")          # seat 0 passed before and bids again
    assert st.high == (205, 0)
    st2 = new_game("sibaifen", seed=1, rules={"pass_is_final": True})
    _auction(st2, ["pass", "bid 200", "pass", "pass"])
    assert st2.phase == "bury" and st2.declarer == 1   # seat 0 is skipped: three passes


def test_pass_is_final_bid_after_three_passes_is_the_contract() -> None:
    """§3.5 ("when someone bids and the other 3 all decline"), pass_is_final: three final
    passes, then the fourth bids 200 → contract 200 at once; he may not raise himself."""
    st = new_game("sibaifen", seed=1, rules={"pass_is_final": True})
    assert isinstance(st, SibaifenState)
    _auction(st, ["pass", "pass", "pass", "bid 200"])
    assert (st.declarer, st.contract, st.phase) == (3, 200, "bury")
    with pytest.raises(IllegalMove, match="bury"):
        st.apply("bid 205")


def test_bid_400_ends_the_auction() -> None:
    st = new_game("sibaifen", seed=2)
    _auction(st, ["bid 200", "bid 400"])
    assert (st.declarer, st.contract, st.phase) == (1, 400, "bury")


def test_scenario_6_all_pass_redeal_by_next_dealer() -> None:
    """§3.8.6: four passes throw the hand in; the player left of the old dealer deals next."""
    m = Match(G, 4, G.make_options(), seed=5)
    _auction(m.state, ["pass"] * 4)  # type: ignore[arg-type]
    assert m.state.is_over and m.state.scores == [0, 0, 0, 0] and m.state.winners() == []
    nxt = m.next_deal()
    assert nxt.deal.extra["dealer"] == 1 and nxt.to_move() == (1,)


def test_all_pass_dealer_forced() -> None:
    """§3.5 config all_pass=dealer_forced_200."""
    st = new_game("sibaifen", seed=5, preset="forced_dealer")
    _auction(st, ["pass"] * 4)  # type: ignore[arg-type]
    assert (st.declarer, st.contract, st.phase) == (0, 200, "bury")


def _to_play(st: SibaifenState, trump: str = "♥") -> None:
    _auction(st, ["bid 200", "pass", "pass", "pass"])
    st.apply("bury " + " ".join(str(c) for c in st.kitty))
    st.apply(f"trump {trump}")


def test_scenario_7_trump_wins() -> None:
    """§3.8.7: trump ♥; A♠, K♠, 2♥ (void), Q♠ → 2♥ wins; 70 points to its side."""
    st = stacked(["A♠", "K♠", "2♥ 3♥ 4♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", "Q♠"], "3♣ 4♣ 6♣ 7♣")
    _to_play(st)
    assert st.to_move() == (0,)   # §3.6 the declarer leads
    _auction(st, ["play A♠", "play K♠", "play 2♥", "play Q♠"])
    assert st.tricks[0].winner == 2 and st.to_move() == (2,)
    assert st.view(None)["points"] == [70, 0]


def test_scenario_8_follow_suit_and_free_discard() -> None:
    """§3.8.8: a ♠ holder must follow ♠; a void player may discard 3♣ instead of trumping."""
    st = stacked(["A♠", "K♠ 3♦", "2♥ 3♣ 4♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", "Q♠"], "4♣ 6♣ 7♣ 8♣")
    _to_play(st)
    st.apply("play A♠")
    with pytest.raises(IllegalMove, match="follow suit"):
        st.apply("play 3♦")
    st.apply("play K♠")
    before = st.to_json()
    assert st.is_legal("play 3♣") and st.is_legal("play 2♥")
    with pytest.raises(IllegalMove, match="not in your hand"):
        st.apply("play 5♣")
    assert st.to_json() == before
    st.apply("play 3♣")
    st.apply("play Q♠")
    assert st.tricks[0].winner == 0


def test_bury_then_trump_and_hidden_kitty() -> None:
    """§3.5: the buried cards are seen only by the declarer until the deal ends."""
    st = new_game("sibaifen", seed=11)
    assert isinstance(st, SibaifenState)
    _auction(st, ["bid 200", "pass", "pass", "pass"])
    with pytest.raises(IllegalMove, match="bury"):
        st.apply("trump ♥")
    hand = [c for c in parse_cards(st.view(0)["hand"])]
    st.apply(f"bury {hand[0]} {hand[1]}")
    with pytest.raises(IllegalMove, match="only 2 more"):
        st.apply(f"bury {hand[2]} {hand[3]} {hand[4]}")
    st.apply(f"bury {hand[2]} {hand[3]}")
    for seat in (1, 2, 3, None):
        v = st.view(seat)
        assert "buried" not in v and all("bury (" in line for line in v["log"] if "bury" in line)
        assert set(map(int, st.buried)) <= set(map(int, st.secret_cards(seat)))
    assert st.view(0)["buried"] == [str(c) for c in hand[:4]]
    with pytest.raises(IllegalMove, match="trump suit"):
        st.apply("play " + str(hand[5]))


def test_options_validation() -> None:
    with pytest.raises(BadOption, match="valid values"):
        G.make_options(rules={"all_pass": "shrug"})


def test_match_target_and_winning_side() -> None:
    """§3.7: the first side to reach the target wins the match."""
    m = Match(G, 4, G.make_options(rules={"target": 200}), seed=9)
    rng = random.Random(0)
    for _ in range(200):
        st = m.state
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
        if m.finish_deal() is not None:
            break
        m.next_deal()
    assert m.end is not None
    t = m.deal_totals
    side = m.end.winners[0] % 2
    assert t[side] >= 200 and m.end.winners == [side, side + 2]


def test_property_scores_follow_contract() -> None:
    """Random deals: exactly one side scores; made ⇒ declarers +C, failed ⇒ defenders +(C−T)."""
    rng = random.Random(4)
    for seed in range(30):
        st = new_game("sibaifen", seed=seed)
        assert isinstance(st, SibaifenState)
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
        if st.thrown_in:
            continue
        assert st.declarer is not None and st.contract is not None
        d = st.declarer % 2
        pts = st.side_points()
        assert sum(pts) == 400
        if pts[d] >= st.contract:
            assert st.scores[d] == st.contract and st.scores[1 - d] == 0
        else:
            assert st.scores[1 - d] == st.contract - pts[d] and st.scores[d] == 0
        assert st.winners() in ([0, 2], [1, 3])
        assert st.view(1)["kitty"] == [str(c) for c in st.buried] and st.secret_cards(1) == []


def test_resampling_keeps_shown_voids() -> None:
    """§3.6: a player who did not follow suit holds none of it in any resampled world."""
    st = stacked(["A♠", "K♠", "2♥ 3♥ 4♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", "Q♠"], "3♣ 4♣ 6♣ 7♣")
    _to_play(st)
    _auction(st, ["play A♠", "play K♠", "play 2♥", "play Q♠"])
    rng = random.Random(2)
    for _ in range(20):
        sample = st.sample_hidden(1, rng)
        assert isinstance(sample, SibaifenState)
        assert sample.view(1) == st.view(1)
        assert not any(sample.hands[2] >> b & 1 for b in range(13))   # no ♠ (codes 0..12)
    assert st.sample_hidden(None, rng).view(None) == st.view(None)


def test_wrong_phase_moves_are_rejected() -> None:
    st = new_game("sibaifen", seed=8)
    for text, why in (("play A♠", "auction"), ("trump ♥", "auction"), ("bid abc", "not a number"),
                      ("bid", "unknown move"), ("trump x", "unknown suit")):
        with pytest.raises(IllegalMove, match=why):
            st.apply(text)


def test_resampling_redeals_the_secret_cards() -> None:
    """Audit: a sample keeps the seat's view but does not copy the true hidden cards
    (other hands, the buried kitty) into the world it returns; cards are conserved."""
    st = new_game("sibaifen", seed=21)
    assert isinstance(st, SibaifenState)
    _to_play(st)
    st.apply(st.legal_moves()[0])
    rng = random.Random(3)
    seen_hands, seen_buried = set(), set()
    for _ in range(15):
        sample = st.sample_hidden(1, rng)
        assert isinstance(sample, SibaifenState)
        assert sample.view(1) == st.view(1)
        assert sorted(c for p in sample.card_places().values() for c in p) == list(range(52))
        seen_hands.add(tuple(sample.hands[s] for s in (0, 2, 3)))
        seen_buried.add(frozenset(sample.buried))
    assert len(seen_hands) > 10 and len(seen_buried) > 10


def test_match_end_when_both_sides_reach_the_target() -> None:
    """§3.7 target + Decision: both sides over the target in one hand (their_points) → the
    higher total wins; equal totals → the side that won that hand."""
    from types import SimpleNamespace

    opts = G.make_options(rules={"target": 500, "defenders_score_on_make": "their_points"})

    def end(totals: list[int], hand_winners: list[int]) -> list[int] | None:
        last = SimpleNamespace(winners=lambda: hand_winners)
        m = SimpleNamespace(deal_totals=totals, options=opts, deals=[last])
        e = G.match_end(m)
        return None if e is None else e.winners

    assert end([490, 499, 490, 499], [0, 2]) is None
    assert end([520, 510, 520, 510], [1, 3]) == [0, 2]
    assert end([510, 520, 510, 520], [0, 2]) == [1, 3]
    assert end([510, 510, 510, 510], [1, 3]) == [1, 3]
    assert end([510, 510, 510, 510], [0, 2]) == [0, 2]
