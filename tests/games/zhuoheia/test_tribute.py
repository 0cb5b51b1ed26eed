"""捉黑A tribute, zhuoheia.md §2.3 (the §2.5 scenario files are run by test_play.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.cards import parse_card
from cardtable.conformance import (
    Report,
    _deep_checks,
    check_conservation,
)
from cardtable.errors import IllegalMove
from cardtable.games.zhuoheia import tribute as tb
from cardtable.registry import get_game, new_match
from cardtable.scenario import replay
from cardtable.scoring import totals

from .helpers import state

SCEN = Path(__file__).parent / "scenarios"
A, B, C, D, E = 0, 1, 2, 3, 4


def test_pairwise_owed_matches_the_four_cases() -> None:
    """§2.3 Decision (pairwise): a later finisher owes each earlier opponent one card."""
    alone = tb.sides(4, A, A)
    assert tb.owed([A, C, B, D], alone, "pairwise") == {C: [A], B: [A], D: [A]}          # case a
    assert tb.owed([B, C, A, D], alone, "pairwise") == {A: [B, C], D: [A]}               # case b
    pair = tb.sides(4, A, C)
    assert tb.owed([A, C, B, D], pair, "pairwise") == {B: [A, C], D: [A, C]}             # case c
    assert tb.owed([B, A, D, C], pair, "pairwise") == {A: [B], D: [A], C: [B, D]}         # case d
    five = tb.sides(5, A, C)
    assert tb.owed([B, A, D, C, E], five, "pairwise") == {A: [B], D: [A], C: [B, D], E: [A, C]}


def test_card_counts_unchanged_after_tribute() -> None:
    """§2.3 step 4: every hand holds as many cards as it was dealt."""
    for name in ("s1_alone_first", "s2_alone_opponent_first", "s3_dealer_partner_first_second",
                 "s4_opponent_first", "s5_five_players"):
        st = replay(SCEN / f"{name}.json").state
        assert st.phase == "play"
        assert [h.bit_count() for h in st.hands] == [len(h) for h in st.deal.hands]
        assert st.to_move() == (st.dealer,)


def test_scenario_3_larger_card_to_the_dealer() -> None:
    """§2.5 scenario 3 / case c: the 庄家 (first) gets BJ and LJ, the A♠ holder 2♠ and A♥."""
    st = replay(SCEN / "s3_dealer_partner_first_second.json").state
    got = {it.seat: [] for it in st.items}
    for it in st.items:
        if it.note.startswith("tribute"):
            got[it.seat] += [str(c) for c in it.cards]
    assert sorted(got[A]) == ["BJ", "LJ"] and sorted(got[C]) == ["2♠", "A♥"]


def _tribute_state(rules: dict[str, object] | None = None):
    """Scenario 4's deal: A 庄家, C partner, finishing order B A D C."""
    import json
    data = json.loads((SCEN / "s4_opponent_first.json").read_text(encoding="utf-8"))
    return get_game("zhuoheia").new_state(4, get_game("zhuoheia").make_options(rules=rules),
                                          deal=data["deal"])


def test_give_must_be_the_largest_cards() -> None:
    st = _tribute_state()
    assert st.to_move() == (A,)
    with pytest.raises(IllegalMove, match="largest"):
        st.apply("give 3♠")
    with pytest.raises(IllegalMove, match="exactly 1"):
        st.apply("give 2♠ 3♠")
    with pytest.raises(IllegalMove, match="tribute"):
        st.apply("play 3♠")
    st.apply("give 2♠")
    assert st.view(B)["aside"] == {"0": ["2♠"]}     # set aside, not yet received (rule i)
    assert not st.hands[B] >> parse_card("2♠") & 1


def test_returns_may_not_include_tribute_by_default() -> None:
    st = _tribute_state()
    for mv in ("give 2♠", "give BJ", "give LJ 2♥"):
        st.apply(mv)
    assert st.to_move() == (B,)
    with pytest.raises(IllegalMove, match="came to you as tribute"):
        st.apply("return 2♠ 5♠")
    with pytest.raises(IllegalMove, match="exactly 2"):
        st.apply("return 5♠")
    assert all(parse_card("2♠") not in m.cards for m in st.legal_moves(B))
    st2 = _tribute_state({"may_return_tribute": True})
    for mv in ("give 2♠", "give BJ", "give LJ 2♥", "return 2♠ LJ"):
        st2.apply(mv)
    assert st2.to_move() == (A,) and st2.phase == "pick"
    with pytest.raises(IllegalMove, match="not in the pool"):
        st2.apply("pick 5♠")
    st2.apply("pick LJ")
    assert st2.hands[C] >> parse_card("2♠") & 1


def test_equal_ranks_give_a_choice() -> None:
    """§2.3 step 1: among equal ranks the giver picks the suit (and the order of delivery)."""
    st = state({B: "BJ", A: "2♠ 2♥"}, dealer=B, prev_order=[B, C, A, D], prev_dealer=A, prev_partner=A)
    gives = {str(m) for m in st.legal_moves(A)}
    assert gives == {"give 2♠ 2♥", "give 2♥ 2♠"}
    st.apply("give 2♥ 2♠")
    st.apply(st.legal_moves()[0])      # D
    tribute = [(it.seat, str(it.cards[0])) for it in st.items]
    assert (B, "2♥") in tribute and (C, "2♠") in tribute


def test_pool_model_reading_of_case_c() -> None:
    """config tribute_model=pool: the losing side gives one largest card each; the winners take
    them largest first in finishing order (庄家 the larger, A♠ holder the smaller)."""
    st = state({B: "BJ", D: "LJ"}, dealer=A, prev_order=[A, C, B, D], prev_dealer=A, prev_partner=C,
               rules={"tribute_model": "pool"})
    assert st.to_move() == (B,)
    st.apply("give BJ")
    st.apply("give LJ")
    got = {(it.seat, str(it.cards[0])) for it in st.items}
    assert got == {(A, "BJ"), (C, "LJ")}
    assert st.phase == "return" and st.to_move() == (A,)


def test_sides_follow_the_ace_after_tribute() -> None:
    """Decision: the sides are fixed by who holds A♠ when play begins; A♠ passed openly in
    tribute is known to the whole table."""
    from cardtable.registry import new_game

    from .build_scenarios import stack
    hands = stack(4, A, {B: ["A♠"], C: ["BJ"], D: ["LJ"], A: ["3♠", "4♠", "5♠"]}, {B: 10, C: 10, D: 10})
    st = new_game("zhuoheia", 4, deal={"hands": hands, "dealer": A, "prev_order": [A, C, B, D],
                                       "prev_dealer": A, "prev_partner": A})
    for mv in ("give BJ", "give A♠", "give LJ", "return 3♠ 4♠ 5♠", "pick 5♠", "pick 4♠"):
        st.apply(mv)
    assert st.phase == "play" and st.partner == A
    assert all(st.view(s)["partner"] == "alone" for s in (None, A, B, C, D))


@pytest.mark.parametrize("rules", [
    {}, {"tribute_model": "pool", "may_return_tribute": True},
    {"first_lead": "holder_of_H3", "lead_after_out": "partner", "allow_voluntary_reveal": True}])
def test_hidden_information_through_tribute_hands(rules: dict[str, object]) -> None:
    """Conformance checks (secret cards, resampling, round trip) on hands that start with
    tribute, which the generic suite (first hands only) never reaches."""
    rng = random.Random(7)
    for seed, players in ((3, 4), (4, 5)):
        m = new_match("zhuoheia", players, rules={"deals": 3, **rules}, seed=seed)
        pack = get_game("zhuoheia").pack(players, m.options)
        for k in range(3):
            st = m.state
            step = 0
            while not st.is_over:
                legal = st.legal_moves()
                if k > 0 and (st.phase != "play" or step % 9 == 0):
                    assert check_conservation(st, pack) is None
                    # the generic deep checks: secrets + resampling, round trip (audit: also legal
                    # moves pass why_illegal, fuzzed moves rejected unchanged, out-of-turn moves)
                    _deep_checks(st, st.to_move()[0], legal, rng, pack, seed, step, Report("zhuoheia", players, None))
                    if st.phase != "play":      # every tribute move listed is carried out
                        for mv in rng.sample(legal, min(8, len(legal))):
                            st.clone().apply(mv)
                move = rng.choice(legal)
                assert st.parse_move(st.move_text(move), st.to_move()[0]) == move
                st.apply(move)
                step += 1
            assert st.scores == totals(st.score_items(), players)
            m.finish_deal()
            if k < 2:
                m.next_deal()


def test_spec_scenarios_1_and_2_next_dealer() -> None:
    """§2.5 scenarios 1 and 2 (§2.2/§2.4): the next 庄家 is the first finisher — A after order
    A C B D, B after order B C A D; the finished hand's sides travel to the next tribute."""
    from types import SimpleNamespace

    game = get_game("zhuoheia")
    for order, want in (([A, C, B, D], A), ([B, C, A, D], B)):
        last = SimpleNamespace(finish_order=order, dealer=A, partner=A)
        ctx = game.next_context(SimpleNamespace(deals=[last]))
        assert ctx == {"dealer": want, "prev_order": order, "prev_dealer": A, "prev_partner": A}


def test_scenario_6_nothing_received_until_all_have_given() -> None:
    """§2.5 scenario 6 / rule (i): D's BJ is set aside for A but reaches him only after every
    giver (C last) has given; A's own tribute (2♠) came from his dealt hand."""
    st = _tribute_state()
    bj = parse_card("BJ")
    st.apply("give 2♠")
    st.apply("give BJ")                     # D → A
    assert st.phase == "give" and st.to_move() == (C,)
    assert not st.hands[A] >> bj & 1
    st.apply("give LJ 2♥")
    assert st.hands[A] >> bj & 1 and st.hands[B] >> parse_card("2♠") & 1
