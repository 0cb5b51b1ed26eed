"""五十一分 rules: hand values (§5.3, §5.5), declarations (§5.4), turns (§5.2), end (§5.6)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import make_pack, mask_of, parse_cards
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.wushiyifen.scoring import Rating, compare, qualifies, rate
from cardtable.match import Match
from cardtable.registry import get_game, new_game


def spec_hand(text: str) -> int:
    """The spec writes suit first (``SA`` = A♠); jokers ``BJ``/``LJ``."""
    toks = [t if t in ("BJ", "LJ") else t[1:] + t[0] for t in text.split()]
    return mask_of(parse_cards(toks))


def base(text: str) -> Rating:
    return rate(spec_hand(text), False, "0")


def test_5_7_1_royal_flush_is_51_pure_and_declarable() -> None:
    r = base("HA HK HQ HJ HT")
    assert (r.value, r.pure, r.counts) == (51, True, True)
    assert qualifies(r, 41)


def test_5_7_2_jokers_fill_in_impure_and_lose_tie_to_pure() -> None:
    r2 = base("SA SK SQ BJ LJ")
    assert (r2.value, r2.pure, r2.counts) == (51, False, True)
    assert compare(base("HA HK HQ HJ HT"), r2) == 1
    assert compare(r2, base("HA HK HQ HJ HT")) == -1


def test_5_7_3_thirty_five_cannot_declare() -> None:
    r = base("C9 C8 C7 C6 C5")
    assert r.value == 35 and not qualifies(r, 41)


def test_5_7_4_nonflush_is_zero_in_base_and_51_in_variant() -> None:
    h = spec_hand("DA DK DQ DJ CT")
    assert rate(h, False, "0").value == 0 and not qualifies(rate(h, False, "0"), 41)
    assert rate(h, True, "0").value == 51 and qualifies(rate(h, True, "0"), 41)
    # Decision nonflush_value=best_suit_subtotal: diamonds 41, still not declarable (no flush)
    sub = rate(h, False, "best_suit_subtotal")
    assert sub.value == 41 and not qualifies(sub, 41)


def test_5_5_variant_maximum_is_54() -> None:
    assert rate(spec_hand("SA HA DA CA ST"), True, "0").value == 54


def test_threshold_41_means_more_than_40() -> None:
    """§5.4 Decision: 超过40分 → at least 41."""
    forty = base("SA SK SQ S7 S2")        # 11+10+10+7+2 = 40
    assert forty.value == 40 and not qualifies(forty, 41)
    assert qualifies(base("SA SK SQ S7 S3"), 41)


def test_equal_purity_tie_is_zero() -> None:
    assert compare(base("SA SK SQ S8 S5"), base("HA HK HQ H8 H5")) == 0
    assert compare(base("SA SK SQ S8 BJ"), base("HA HK HQ H8 LJ")) == 0


def _state(hands: list[str], top: str = "", players: int = 2, rules: dict | None = None):
    hs = [[t if t in ("BJ", "LJ") else t[1:] + t[0] for t in h.split()] for h in hands]
    tops = [t[1:] + t[0] for t in top.split()]
    used = {c for h in hs for c in h} | set(tops)
    from cardtable.cards import card_str
    hs = [[card_str(c) for c in parse_cards(h)] for h in hs]
    used = {card_str(c) for c in parse_cards(sorted(used))}
    tops = [card_str(c) for c in parse_cards(tops)]
    rest = [card_str(c) for c in make_pack(named_jokers=2) if card_str(c) not in used]
    return new_game("wushiyifen", players, rules=rules, deal={"hands": hs, "stock": tops + rest})


def test_first_drawer_must_draw_then_throw() -> None:
    st = _state(["C2 C3 C4 D6 D8", "S4 D3 C7 D2 C5"], "H9")
    assert [m.verb for m in st.legal_moves()] == ["draw"]
    with pytest.raises(IllegalMove, match="no card thrown"):
        st.apply("take")
    st.apply("draw")
    assert len(st.view(0)["hand"]) == 6
    with pytest.raises(IllegalMove, match="not in your hand"):
        st.apply("throw K♠")
    st.apply("throw 9♥")        # a card drawn from the stock may be thrown at once (§5.2)
    assert st.to_move() == (1,)
    assert st.view(1)["last_throw"] == "9♥"


def test_only_the_last_throw_of_the_upper_house_may_be_taken() -> None:
    st = _state(["C2 C3 C4 D6 D8", "S4 D3 C7 D2 C5"], "H9 H8")
    st.apply("draw")
    st.apply("throw 2♣")
    st.apply("draw")             # seat 1 draws, so 2♣ is no longer takeable
    st.apply("throw 8♥")
    st.apply("take")             # seat 0 takes 8♥ (thrown by seat 1 just now)
    assert "8♥" in st.view(0)["hand"] and st.view(1)["known"][0] == ["8♥"]
    assert st.view(None)["thrown"] == [["2♣"], []]


def test_rethrow_pickup_allowed_by_option() -> None:
    st = _state(["C2 C3 C4 D6 D8", "S4 D3 C7 D2 C5"], "H9", rules={"may_rethrow_pickup": True})
    for m in ("draw", "throw 9♥", "take", "throw 9♥"):
        st.apply(m)
    assert st.view(None)["thrown"] == [[], ["9♥"]]


def test_thrown_piles_of_five_are_set_aside_at_once() -> None:
    """§5.2 [seed] 任何人面前打出的牌凑齐5张后则放在一旁，不再作为替换的牌: a pile that reaches 5
    goes aside at once, so its fifth card cannot be taken (audit: the spec called this
    bookkeeping only; option ``fifth_throw_takeable`` keeps the spec's reading)."""
    st = _state(["C2 C3 C4 D6 D8", "S4 D3 C7 D2 C5"], "H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ")
    tops = ["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥"]
    for c in tops:
        st.apply("draw")
        st.apply(f"throw {c}")
    assert st.view(None)["thrown"] == [["2♥", "4♥", "6♥", "8♥"], ["3♥", "5♥", "7♥"]]
    st.apply("draw")
    st.apply("throw 9♥")          # seat 1's 4th card: still takeable
    assert st.view(0)["last_throw"] == "9♥"
    st.apply("draw")
    st.apply("throw 10♥")         # seat 0's 5th card: the pile goes aside at once
    v = st.view(None)
    assert v["thrown"] == [[], ["3♥", "5♥", "7♥", "9♥"]]
    assert v["set_aside"] == ["2♥", "4♥", "6♥", "8♥", "10♥"] and v["last_throw"] is None
    assert [m.verb for m in st.legal_moves()] == ["draw"]
    before = st.to_json()
    with pytest.raises(IllegalMove, match="completed a pile of 5"):
        st.apply("take")
    assert st.to_json() == before


def test_fifth_throw_takeable_option_keeps_the_pile_until_the_next_turn() -> None:
    """Option ``fifth_throw_takeable`` (the spec's bookkeeping reading): the 5th card may be
    taken; a pile of 5 goes aside once its last card can no longer be taken."""
    st = _state(["C2 C3 C4 D6 D8", "S4 D3 C7 D2 C5"], "H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ",
                rules={"fifth_throw_takeable": True})
    tops = ["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥"]
    for c in tops:
        st.apply("draw")
        st.apply(f"throw {c}")
    v = st.view(None)
    # seat 0's fifth card (10♥) stopped being takeable when seat 1 drew: set aside
    assert v["thrown"] == [[], ["3♥", "5♥", "7♥", "9♥", "J♥"]]
    assert v["set_aside"] == ["2♥", "4♥", "6♥", "8♥", "10♥"]
    assert "take" in [m.verb for m in st.legal_moves()]    # J♥ completed a pile but is takeable
    st.apply("draw")              # seat 0 draws instead of taking J♥: seat 1's pile goes aside
    v = st.view(None)
    assert v["thrown"] == [[], []]
    assert v["set_aside"] == ["2♥", "4♥", "6♥", "8♥", "10♥", "3♥", "5♥", "7♥", "9♥", "J♥"]


def test_open_declaration_responder_who_cannot_beat_may_not_show() -> None:
    st = _state(["SA SK SQ S8 S5", "HA HK HQ H8 H4"], "C3")
    st.apply("draw")
    st.apply("throw 3♣ open")
    assert [m.verb for m in st.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMove, match="does not beat"):
        st.apply("show")
    st.apply("pass")
    assert st.scores == [44, 0]


def test_hidden_declaration_hides_the_hand_until_revealed() -> None:
    st = _state(["SA SK SQ S9 S2", "HA HK HQ HJ H9"], "C3")
    st.apply("draw")
    st.apply("throw 3♣ hidden")
    v = st.view(1)
    assert v["revealed"] == {} and v["declaration"]["kind"] == "hidden"
    assert "A♠" not in str(v)
    assert {m.verb for m in st.legal_moves()} == {"challenge", "pass"}
    sample = st.sample_hidden(1, random.Random(3))
    assert sample.view(1) == v
    assert sample.may_declare(sample.hands[0])   # the sampled declarer's hand still qualifies


def test_challenger_with_nonflush_counts_zero() -> None:
    """§5.4 Decision: the challenger's actual value (non-flush = 0) is added to the declarer's."""
    st = _state(["DA DK DQ DJ D7", "CA CK HQ CJ C5"], "S3")
    for m in ("draw", "throw 3♠ hidden", "challenge"):
        st.apply(m)
    assert st.scores == [48, 0]


def test_hidden_equal_purity_tie_each_records_own_value() -> None:
    st = _state(["SA SK SQ S8 S5", "HA HK HQ H8 H5"], "C3")
    for m in ("draw", "throw 3♣ hidden", "challenge"):
        st.apply(m)
    assert st.scores == [44, 44]


def test_declare_before_draw_option() -> None:
    st = _state(["SA SK SQ S8 S5", "C2 C3 C4 D6 D8"], "C5")
    with pytest.raises(IllegalMove, match="may_declare_before_draw"):
        st.apply("declare open")
    st2 = _state(["SA SK SQ S8 S5", "C2 C3 C4 D6 D8"], "C5", rules={"may_declare_before_draw": True})
    st2.apply("declare open")
    st2.apply("pass")
    assert st2.scores == [44, 0]


def test_illegal_move_leaves_state_unchanged() -> None:
    st = _state(["C9 C8 C7 C6 C5", "HA HK HQ HJ H9"], "D3")
    st.apply("draw")
    before = st.to_json()
    with pytest.raises(IllegalMove, match="worth 35, less than 41"):
        st.apply("throw 3♦ open")
    with pytest.raises(IllegalMove, match="not of one suit"):
        st.apply("throw 9♣ hidden")
    assert st.to_json() == before


def test_notation_round_trip_and_aliases() -> None:
    st = _state(["C2 C3 C4 D6 D8", "S4 D3 C7 D2 C5"], "H9")
    for text in ("draw", "take", "throw 9♥", "throw 9♥ open", "throw BJ hidden", "declare open",
                 "show", "pass", "challenge"):
        assert st.move_text(st.parse_move(text, 0)) == text
    assert st.parse_move("throw 9h 明亮", 0).target == "open"
    assert st.parse_move("顶", 0).verb == "challenge"
    with pytest.raises(IllegalMove, match="unknown move"):
        st.parse_move("fold", 0)


def test_bad_option_lists_valid_values() -> None:
    with pytest.raises(BadOption, match="valid values"):
        get_game("wushiyifen").make_options(rules={"nonflush_value": "half"})


def test_match_void_deal_is_replayed_by_same_first_drawer_and_target_ends_match() -> None:
    """§5.6: a void deal scores nothing and is redealt; the match ends at the target."""
    game = get_game("wushiyifen")
    m = Match(game, 2, game.make_options(rules={"target": 100}), seed=5)
    from cardtable.bots.random_bot import RandomBot
    bot = RandomBot()
    rng = random.Random(1)
    seen_void = False
    for _ in range(300):
        st = m.state
        while not st.is_over:
            st.apply(bot.choose(st.view(st.to_move()[0]), st.legal_moves(), rng))
        if m.finish_deal() is not None:
            break
        dealer = st.deal.extra["dealer"]
        nxt = m.next_deal()
        if st.void:
            seen_void = True
            assert nxt.deal.extra["dealer"] == dealer
        else:
            assert nxt.deal.extra["dealer"] == (dealer + 1) % 2
    assert seen_void and m.over
    assert max(m.totals) >= 100
    assert m.end is not None and m.end.winners == [s for s, t in enumerate(m.totals) if t == max(m.totals)]


def test_tie_of_equal_purity_has_no_winner() -> None:
    """§5.4 ties [seed 两人不分胜负，各自计分]: each records his own value, neither wins."""
    hidden = _state(["SA SK SQ S8 S5", "HA HK HQ H8 H5"], "C3")
    for m in ("draw", "throw 3♣ hidden", "challenge"):
        hidden.apply(m)
    assert hidden.is_over and hidden.scores == [44, 44] and hidden.winners() == []
    open_ = _state(["SA SK SQ S8 S5", "HA HK HQ H8 H5", "C2 C4 C6 D8 D9"], "C3", players=3)
    for m in ("draw", "throw 3♣ open", "show", "pass"):
        open_.apply(m)
    assert open_.is_over and open_.scores == [44, 44, 0] and open_.winners() == []


def test_purity_breaks_the_tie_and_names_one_winner() -> None:
    """§5.7 test 9: the pure challenger beats the impure declarer of the same value."""
    st = _state(["SA SK SQ BJ LJ", "HA HK HQ HJ HT"], "C3")
    for m in ("draw", "throw 3♣ hidden", "challenge"):
        st.apply(m)
    assert st.scores == [0, 102] and st.winners() == [1]
    beaten = _state(["DA DK DQ DJ D7", "CA CK CQ CJ C5"], "S3")
    for m in ("draw", "throw 3♠ hidden", "challenge"):
        beaten.apply(m)
    assert beaten.scores == [94, 0] and beaten.winners() == [0]
