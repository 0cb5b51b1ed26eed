"""议将夺墩算分 rules: deal and rounds (§9.1, §9.2), auction (§9.3), play (§9.4), scoring (§9.5)."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import card_str, make_pack, parse_cards
from cardtable.cards import shuffled as shuffle
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.yijiang.rules import rounds_per_deal
from cardtable.match import Match
from cardtable.registry import get_game, new_game
from cardtable.tricks import standard_rules, winning_index


def sp(text: str) -> list[str]:
    """Spec notation (suit first, ``HK`` = K♥) to card strings."""
    return [card_str(parse_cards([t[1:] + t[0]])[0]) for t in text.split()]


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(sp(text))]


def _random_round(st, rng: random.Random) -> None:
    r = st.round
    bot = RandomBot()
    while not st.is_over and st.round == r:
        st.apply(bot.choose({}, st.legal_moves(), rng))


def test_9_6_1_four_players_two_rounds_from_one_pack() -> None:
    """§9.6.1: 5 each dealt one at a time from 甲's 下家; 32 remain; round 2 takes 20; 12 unused."""
    st = get_game("yijiang").new_state(4, seed=7, context={"dealer": 2})
    deal = st.deal
    assert [len(h) for h in deal.hands] == [5] * 4 and len(deal.stock) == 32
    assert st.view(None)["stock"] == 32 and st.to_move() == (2,)   # the auction starts with 甲
    stock = list(deal.stock)
    _random_round(st, random.Random(1))
    assert st.round == 2 and st.view(None)["stock"] == 12
    for k, seat in enumerate((3, 0, 1, 2)):     # dealer 2: first card to seat 3
        expect = {card_str(stock[k + 4 * i]) for i in range(5)}
        assert set(st.view(seat)["hand"]) == expect
    _random_round(st, random.Random(2))
    assert st.is_over and st.view(None)["stock"] == 12


def test_9_6_1_first_round_dealt_from_the_dealers_lower_house() -> None:
    game = get_game("yijiang")
    rng = random.Random(3)
    deal = game.deal(4, game.make_options(), rng, {"dealer": 1})
    shuffled = shuffle(list(make_pack()), random.Random(3))
    assert deal.hands[2][0] == shuffled[0] and deal.hands[3][0] == shuffled[1]
    assert deal.hands[1][0] == shuffled[3]


@pytest.mark.parametrize("players,rounds,unused", [(2, 5, 2), (3, 3, 7), (4, 2, 12)])
def test_9_6_8_rounds_per_pack(players: int, rounds: int, unused: int) -> None:
    opts = get_game("yijiang").make_options()
    assert rounds_per_deal(players, opts) == rounds
    st = new_game("yijiang", players, seed=players)
    rng = random.Random(players)
    seen = set()
    while not st.is_over:
        seen.add(st.round)
        _random_round(st, rng)
    assert seen == set(range(1, rounds + 1)) and st.view(None)["stock"] == unused


def test_reshuffle_each_round_makes_a_deal_one_round() -> None:
    st = new_game("yijiang", 3, rules={"reshuffle_each_round": True}, seed=4)
    _random_round(st, random.Random(4))
    assert st.is_over and st.view(None)["finished_rounds"][0]["round"] == 1


def test_9_6_2_trump_beats_higher_led_suit_cards() -> None:
    rules = standard_rules(3, "free", jokers="own_suit")       # ♣ trump
    assert winning_index(codes("HK HA C2 H3"), rules) == 2


def test_9_6_3_without_trump_highest_of_led_suit_wins() -> None:
    rules = standard_rules(0, "free", jokers="own_suit")       # ♠ trump: A♠ is a trump here
    no_trump = standard_rules(3, "free", jokers="own_suit")    # ♣ trump, no club played
    assert winning_index(codes("HK HA H2"), no_trump) == 1
    assert winning_index(codes("H2 HK"), no_trump) == 1
    assert winning_index(codes("H2 SA HK"), no_trump) == 2     # off-suit A♠ discarded cannot win
    assert winning_index(codes("H2 SA HK"), rules) == 1        # (while as trump it would)


def _fixed(players: int = 4, rules: dict | None = None, dealer: int = 0):
    hands = ["H3 D2 D3 D4 D5", "HK S2 S3 S4 S5", "HA S6 S7 S8 S9", "C2 D6 D7 D8 D9"][:players]
    hs = [sp(h) for h in hands]
    used = {c for h in hs for c in h}
    rest = [card_str(c) for c in make_pack() if card_str(c) not in used]
    return new_game("yijiang", players, rules=rules, deal={"hands": hs, "stock": rest, "dealer": dealer})


def test_9_6_4_auction() -> None:
    """Dealer P1 passes, P2 bids 3, P3 bids 4, P4 passes, P1 passes, P2 passes → P3 declares 4."""
    st = _fixed()
    for m in ("pass", "bid 3", "bid 4", "pass", "pass"):
        st.apply(m)
        assert st.view(None)["phase"] == "auction"
    with pytest.raises(IllegalMove, match="higher than the current bid 4"):
        st.apply("bid 4")
    st.apply("pass")
    v = st.view(None)
    assert v["phase"] == "trump" and v["declarer"] == 2 and v["high_bid"] == 4 and st.to_move() == (2,)
    st.apply("trump ♥")
    assert st.view(None)["trump"] == "♥" and st.to_move() == (2,)     # the declarer leads


def test_passing_is_not_final_and_bid_limits() -> None:
    st = _fixed()
    with pytest.raises(IllegalMove, match="3–5"):
        st.apply("bid 2")
    for m in ("pass", "bid 3", "pass", "pass"):
        st.apply(m)
    st.apply("bid 4")          # the dealer passed before and may bid now
    assert st.view(None)["high_bid"] == 4
    st.apply("bid 5")          # five ends the auction at once (Decision)
    assert st.view(None)["phase"] == "trump" and st.view(None)["declarer"] == 1


def test_all_pass_options() -> None:
    st = _fixed()
    for _ in range(4):
        st.apply("pass")
    v = st.view(None)
    assert v["phase"] == "trump" and v["declarer"] == 0 and v["high_bid"] == 3   # dealer_forced
    st2 = _fixed(rules={"all_pass": "no_trump_round"})
    for _ in range(4):
        st2.apply("pass")
    v2 = st2.view(None)
    assert v2["phase"] == "play" and v2["trump"] is None and st2.to_move() == (0,)
    rng = random.Random(5)
    _random_round(st2, rng)
    assert st2.round == 2 and st2.view(None)["round_scores"] == [0, 0, 0, 0]   # no contract, no score
    assert st2.view(None)["finished_rounds"][0]["declarer"] is None


def test_must_follow_suit() -> None:
    st = _fixed()
    for m in ("pass", "bid 3", "pass", "pass", "pass", "trump ♣"):
        st.apply(m)
    st.apply("play K♥")
    before = st.to_json()
    with pytest.raises(IllegalMove, match="must follow suit"):
        st.apply("play 6♠")
    with pytest.raises(IllegalMove, match="not in your hand"):
        st.apply("play 2♣")
    assert st.to_json() == before


def test_one_point_per_trick_scoring() -> None:
    st = new_game("yijiang", 4, rules={"scoring": "one_point_per_trick", "reshuffle_each_round": True}, seed=9)
    _random_round(st, random.Random(9))
    won = st.view(None)["finished_rounds"][0]["tricks"]
    assert st.scores == [won[0] + won[2], won[1] + won[3]] * 2


def test_sample_hidden_respects_voids() -> None:
    st = _fixed()
    for m in ("pass", "bid 3", "pass", "pass", "pass", "trump ♣", "play K♥", "play A♥", "play 2♣"):
        st.apply(m)
    rng = random.Random(1)
    for _ in range(20):
        s = st.sample_hidden(0, rng)
        assert s.view(0) == st.view(0)
        assert not any(c.endswith("♥") for c in s.view(3)["hand"])   # seat 3 showed a ♥ void


def test_notation() -> None:
    st = _fixed()
    for text in ("bid 4", "pass", "trump ♠", "play K♥"):
        assert st.move_text(st.parse_move(text, 0)) == text
    assert st.parse_move("trump clubs", 0) == st.parse_move("trump ♣", 0)
    assert st.parse_move("trump 梅花", 0) == st.parse_move("trump c", 0)
    with pytest.raises(IllegalMove, match="unknown suit"):
        st.parse_move("trump x", 0)
    with pytest.raises(IllegalMove, match="number of tricks"):
        st.parse_move("bid four", 0)


def test_options_are_checked() -> None:
    with pytest.raises(BadOption, match="valid values"):
        get_game("yijiang").make_options(rules={"scoring": "points"})


def test_match_to_target_with_teams_sharing_scores() -> None:
    game = get_game("yijiang")
    m = Match(game, 4, game.make_options(), seed=3)
    rng = random.Random(3)
    bot = RandomBot()
    for _ in range(200):
        st = m.state
        while not st.is_over:
            st.apply(bot.choose({}, st.legal_moves(), rng))
        if m.finish_deal() is not None:
            break
        prev = st.deal.extra["dealer"]
        assert m.next_deal().deal.extra["dealer"] == (prev + 1) % 4
    assert m.over and max(m.totals) >= 10
    t = m.totals
    assert t[0] == t[2] and t[1] == t[3]
    assert sorted(m.end.winners) in ([0, 2], [1, 3], [0, 1, 2, 3])
