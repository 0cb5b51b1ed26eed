"""捡十四分 rules: values (§6.1), opening (§6.2), picking (§6.3), end and scoring (§6.4)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import card_str, make_pack, parse_cards
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.jianshisifen.scoring import card_points, is_pair
from cardtable.registry import get_game, new_game


def c(tok: str) -> int:
    """Spec notation (suit first: ``HJ`` = J♥) to a card code."""
    return int(parse_cards([tok if tok in ("BJ", "LJ") else tok[1:] + tok[0]])[0])


def sp(text: str) -> list[str]:
    return [card_str(c(t)) for t in text.split()]


def test_6_5_1_j_plus_3_is_14_q_plus_3_is_not() -> None:
    assert is_pair(c("HJ"), c("D3"))
    assert not is_pair(c("HQ"), c("D3"))


@pytest.mark.parametrize("a,b", [("SA", "HK"), ("BJ", "CK"), ("D7", "C7"), ("H2", "SQ"),
                                 ("LJ", "DK"), ("S4", "HT"), ("C5", "D9"), ("S6", "H8")])
def test_6_5_2_fourteen_pairs(a: str, b: str) -> None:
    assert is_pair(c(a), c(b)) and is_pair(c(b), c(a))


@pytest.mark.parametrize("players,hand,table,stock", [(4, 5, 5, 29), (5, 4, 6, 28), (3, 6, 4, 32), (6, 3, 7, 29)])
def test_6_5_3_deal_sizes(players: int, hand: int, table: int, stock: int) -> None:
    st = new_game("jianshisifen", players, seed=11)
    v = st.view(None)
    assert v["hand_sizes"] == [hand] * players
    assert len(v["table"]) == table and v["stock"] == stock


def _deal(hands: list[str], table: str, top: str = "") -> dict:
    hs = [sp(h) for h in hands]
    tb, tp = sp(table), sp(top)
    used = {x for h in hs for x in h} | set(tb) | set(tp)
    rest = [card_str(x) for x in make_pack(named_jokers=2) if card_str(x) not in used]
    return {"hands": hs, "table": tb, "stock": tp + rest}


HANDS = ["HJ D2 D4 D6 C2", "S2 S3 S8 SJ H3", "H4 H5 H6 H7 H8", "C4 C5 C6 C7 C8"]


def test_6_5_4_turn_with_pick() -> None:
    st = new_game("jianshisifen", 4, deal=_deal(HANDS, "D3 S7 H9 C9 DT", "SK SQ"))
    assert st.to_move() == (0,)           # 甲 picks first (§6.3)
    st.apply("pick J♥ 3♦")
    v = st.view(0)
    assert len(v["hand"]) == 6 and {"K♠", "Q♠"} <= set(v["hand"])   # 5 - 1 + 2
    assert v["pairs"][0] == [["J♥", "3♦"]] and "3♦" not in v["table"]
    st.apply("put K♠")
    assert len(st.view(0)["hand"]) == 5 and st.view(0)["table"][-1] == "K♠"
    assert st.to_move() == (1,)


def test_6_5_5_turn_without_pick() -> None:
    st = new_game("jianshisifen", 4, deal=_deal(HANDS, "D3 S7 H9 C9 DT", "SK SQ"))
    st.apply("pick J♥ 3♦")
    st.apply("put 2♦")
    assert [m.verb for m in st.legal_moves()] == ["draw"]    # seat 1 cannot make 14
    st.apply("draw")
    assert len(st.view(1)["hand"]) == 6
    with pytest.raises(IllegalMove, match="not in your hand"):
        st.apply("put K♥")
    st.apply("put 2♠")
    assert len(st.view(1)["hand"]) == 5


def test_6_5_6_suit_points() -> None:
    pairs = [("SJ", "H3"), ("DA", "CK"), ("BJ", "SK")]
    assert sum(card_points(c(a), 0) + card_points(c(b), 0) for a, b in pairs) == 14
    assert card_points(c("BJ"), 1) == 1       # config joker_suit_points


def test_must_pick_and_option_off() -> None:
    st = new_game("jianshisifen", 4, deal=_deal(HANDS, "D3 S7 H9 C9 DT"))
    before = st.to_json()
    with pytest.raises(IllegalMove, match="must pick"):
        st.apply("draw")
    with pytest.raises(IllegalMove, match="not 14"):
        st.apply("pick 2♦ 3♦")
    with pytest.raises(IllegalMove, match="not on the table"):
        st.apply("pick J♥ 3♠")
    assert st.to_json() == before
    free = new_game("jianshisifen", 4, rules={"must_pick": False}, deal=_deal(HANDS, "D3 S7 H9 C9 DT"))
    assert {m.verb for m in free.legal_moves()} == {"pick", "draw"}
    free.apply("draw")


def _play_out(state, rng: random.Random) -> None:
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))


def test_6_4_deal_ends_with_the_turn_that_uses_up_the_stock() -> None:
    """§6.4 Decision: a pick with one stock card left draws that one; the turn is completed."""
    rng = random.Random(4)
    for seed in range(30):
        st = new_game("jianshisifen", 4, seed=seed)
        while not st.is_over:
            before = st.view(None)["stock"]
            seat = st.turn
            st.apply(rng.choice(st.legal_moves()))
            if before and not st.view(None)["stock"] and not st.is_over:
                assert st.turn == seat and st.view(None)["phase"] == "put"
        assert st.view(None)["stock"] == 0
        hs = st.view(None)["hand_sizes"]
        assert all(h in (4, 5) for h in hs)


def test_play_out_after_stock_empties_every_hand() -> None:
    rng = random.Random(2)
    for seed in range(20):
        st = new_game("jianshisifen", 5, rules={"play_out_after_stock": True}, seed=seed)
        _play_out(st, rng)
        assert st.view(None)["hand_sizes"] == [0] * 5


def test_teams_option_checks_player_count() -> None:
    with pytest.raises(BadOption, match="equal partnerships"):
        new_game("jianshisifen", 5, rules={"teams": 2}, seed=1)
    with pytest.raises(BadOption, match="valid values"):
        get_game("jianshisifen").make_options(rules={"teams": 4})
    st = new_game("jianshisifen", 6, rules={"teams": 3}, seed=1)
    _play_out(st, random.Random(1))
    sc = st.scores
    assert sc[0] == sc[3] and sc[1] == sc[4] and sc[2] == sc[5]
    assert sc[0] == st.pile_points(0) + st.pile_points(3)


def test_notation_round_trip() -> None:
    st = new_game("jianshisifen", 4, seed=3)
    for text in ("pick J♥ 3♦", "draw", "put 7♣", "pick BJ K♠"):
        assert st.move_text(st.parse_move(text, 0)) == text
    assert st.parse_move("捡 Jh 3d", 0) == st.parse_move("pick J♥ 3♦", 0)
    with pytest.raises(IllegalMove, match="pick <hand card> <table card>"):
        st.parse_move("pick J♥", 0)
    with pytest.raises(IllegalMove, match="unknown move"):
        st.parse_move("take 3♦", 0)


def test_sample_hidden_keeps_the_view_even_with_many_draws() -> None:
    st = new_game("jianshisifen", 4, seed=9)
    rng = random.Random(9)
    for _ in range(30):
        st.apply(rng.choice(st.legal_moves()))
    for seat in range(4):
        sample = st.sample_hidden(seat, rng)
        assert sample.view(seat) == st.view(seat)
        # the sample respects every "could not make 14" shown: it replays with must_pick on
        strict = get_game("jianshisifen").start(4, st.options, sample.deal)
        for s, m in sample.history:
            strict.apply(m, s)
        assert strict.view(seat) == st.view(seat)
