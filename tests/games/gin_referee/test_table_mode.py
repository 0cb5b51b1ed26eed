"""Table mode without reports plays like the normal mode; with reports it keeps the contract
(replay, serialisation, hidden cards); R7, R8, R13 and the notation."""

from __future__ import annotations

import json
import random

import pytest

import cardtable
from cardtable import IllegalMove, State
from cardtable.cards import card_str, parse_card
from cardtable.conformance import check_game, check_roundtrip, check_secrets, snapshot, view_tokens
from cardtable.games.gin.referee import checks
from cardtable.games.gin.referee import rulings as rf
from cardtable.games.gin.referee.tablestate import GinTableState
from cardtable.games.gin.state import GinState
from cardtable.moves import Move

from .helpers import TABLE, items, make_deal, play, rules_of, table_state, verbs

C = parse_card
SEE = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 8♦ 9♦ 10♦ Q♠ Q♥ Q♦ 5♦", "K♣",
                "J♣ K♠ 7♦ A♥ K♥")


@pytest.mark.parametrize("rules", [
    {},
    {"defender_auto": False, "big_gin": True, "fiftieth_card_pickup": True},
    {"oklahoma": True, "oklahoma_spade_double": True, "allow_rediscard_taken": True},
])
def test_no_reports_same_as_normal_mode(rules: dict) -> None:
    """Same seeds, same moves: legal moves, views, scores and items are identical."""
    for seed in range(25):
        normal = cardtable.new_game("gin", rules=rules, seed=seed)
        table = cardtable.new_game("gin", rules={**TABLE, **rules}, seed=seed)
        assert isinstance(table, GinTableState)
        assert isinstance(normal, GinState) and not isinstance(normal, GinTableState)
        rng = random.Random(seed)
        while not normal.is_over:
            assert table.to_move() == normal.to_move()
            legal = normal.legal_moves()
            assert table.legal_moves() == legal
            for s in (None, 0, 1):
                assert table.view(s) == normal.view(s)
                assert table.secret_cards(s) == normal.secret_cards(s)
            mv = rng.choice(legal)
            normal.apply(mv)
            table.apply(mv)
        assert table.is_over
        assert table.score_items() == normal.score_items()
        assert table.hand_winner == normal.hand_winner
        assert table.moves_text() == normal.moves_text()


@pytest.mark.parametrize(("preset", "rules"), [
    (None, {}),
    ("classic", {}),
    (None, {"defender_auto": False, "big_gin": True, "fiftieth_card_pickup": True}),
    (None, {"oklahoma": True, "oklahoma_spade_double": True, "force_gin": True,
            "allow_rediscard_taken": True}),
])
def test_conformance_in_table_mode(preset: str | None, rules: dict) -> None:
    """The conformance suite's checks, on gin with ``table_mode=True`` and no reports."""
    report = check_game("gin", 2, preset, {**TABLE, **rules}, playouts=25, seed=7)
    assert report.playouts == 25 and report.resampled > 0 and report.serialised > 0
    assert report.fuzzed > 0 and report.rejected > 0


def _reported_states() -> list[GinTableState]:
    """States in the middle of rulings, for the contract checks below."""
    knock14 = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 2♣ 3♣ 4♦ 5♦", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦",
                        "10♥", "K♦ K♥ 9♣")
    out = [
        play(table_state(SEE), "pass", "pass", "draw", "discard J♣", "draw", "report R6 7♦"),
        play(table_state(SEE), "pass", "pass", "draw", "discard J♣", "draw", "report R6 7♦",
             "discard K♠", "draw"),
        play(table_state(knock14), "pass", "pass", "draw", "knock K♦"),
        play(table_state(knock14), "pass", "pass", "draw", "knock K♦", "report R9"),
        play(table_state(knock14), "pass", "pass", "draw", "knock K♦", "report R10"),
        play(table_state(knock14), "pass", "pass", "draw", "knock K♦", "report R10",
             "choose open_hand", "draw"),
        play(table_state(SEE), "pass", "0: report R5"),
        play(table_state(SEE), "pass", "pass", "draw", "0: report R8 4♠ hand"),
        play(table_state(SEE), "pass", "pass", "1: report R8 A♥ stock", "draw"),
        play(table_state(SEE), "pass", "pass", "1: report R7"),
    ]
    return out


def test_reports_replay_serialise_and_hide() -> None:
    rng = random.Random(3)
    for st in _reported_states():
        assert check_roundtrip(st) is None
        data = json.loads(json.dumps(st.to_json()))
        if st.rulings:
            assert any(m.split(":")[0].isdigit() and "report" in m for m in data["moves"])
        for r in st.rulings:   # a ruling's sentence names only the cards of the ruling
            named = {card_str(c) for c in r.cards}
            assert set(view_tokens(r.sentence())) <= named, r.sentence()
        again = State.from_json(data)
        assert snapshot(again) == snapshot(st)
        for seat in (None, 0, 1):
            assert check_secrets(st, seat, rng) is None


def test_rejected_reports_leave_state_unchanged() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw")
    before = snapshot(st)
    for bad in ["report", "report R14", "report R6", "report R6 Z9", "report R6 2♠",
                "report R9", "report R12 4♠", "report R8 7♦", "report R8 7♦ table",
                "report R1 e", "report R2", "choose continue", "accept", "report R4 7♦",
                "report R13 K♣", "0: report R13 A♠", "5: report R2"]:
        with pytest.raises(IllegalMove) as e:
            st.apply(bad)
        assert str(e.value)
        assert snapshot(st) == before


def test_report_needs_seat_when_deal_over() -> None:
    st = play(table_state(make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 5♣",
                                    "Q♣ Q♦ Q♥ J♠ J♣ J♦ K♠ K♥ 9♠ 8♦", "10♥", "2♣")),
              "pass", "pass", "draw", "knock 2♣")
    with pytest.raises(IllegalMove, match="seat first"):
        st.apply("report R12 5♣")
    st.apply("0: report R12 5♣")
    assert st.moves_text()[-1] == "0: report R12 5♣"


def test_notation_round_trip() -> None:
    st = table_state(SEE)
    for text in ["report R1 c dealing", "report R6 7♦", "report R8 7♦ stock", "report R2",
                 "report R13 5♣ 6♣", "choose new_deal", "accept", "take 7♦"]:
        mv = st.parse_move(text, 0)
        assert st.move_text(mv) == text
        assert st.parse_move(st.move_text(mv), 0) == mv
    assert st.parse_move("REPORT r6 7d", 0) == st.parse_move("report R6 7♦", 0)


def test_r7_out_of_turn_draw_exposes_card_offender_never_takes_it() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw", "discard J♣")
    assert st.to_move() == (1,)
    st.apply("0: report R7")                  # seat 0 drew K♠ out of turn
    assert st.exposures[0].cards == (C("K♠"),) and st.exposures[0].holder == 1
    assert st.to_move() == (1,) and "take K♠" in [st.move_text(m) for m in st.legal_moves()]
    play(st, "draw", "discard 5♦")            # seat 1 draws from the stock: his right ends
    # the R7 offender gets no turn of it: under the top discard J♣, then 5♦ on top
    assert not st.exposures and st.pile[-3:] == [C("K♠"), C("J♣"), C("5♦")]
    assert rules_of(st) == ["gin:R7"]


def test_r8_card_in_stock_goes_back() -> None:
    st = play(table_state(SEE), "pass", "pass")
    st.apply("1: report R8 K♥ stock")
    assert C("K♥") in st.stock and len(st.stock) == 31
    assert "back into the stock" in items(st)[0]["note"]
    assert C("K♥") not in st.secret_cards(0)


def test_r8_card_shown_from_hand_bars_knock() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw", "discard J♣", "draw")
    st.apply("0: report R8 5♦ hand")          # seat 1's 5♦ shown, seat 0 saw it
    assert st.known[1] >> C("5♦") & 1
    assert not {"knock", "gin"} & verbs(st)
    with pytest.raises(IllegalMove, match="R8"):
        st.apply("knock K♠")
    st.apply("discard K♠")
    assert "no_knock" not in st.view(0).get("referee", {})


def test_r8_card_shown_as_discard_counts_as_discard() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw")
    st.apply("1: report R8 10♠ discard")
    assert st.pile[-1] == C("10♠") and st.to_move() == (1,) and st.phase_name() == "draw"
    with pytest.raises(IllegalMove):
        st.apply("1: report R8 Q♠ discard")   # seat 1 is not discarding now


def test_r13_wrong_card_from_pile_put_back() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw", "discard J♣")
    before = (list(st.pile), list(st.hands))
    st.apply("report R13 K♣")                 # seat 1 took the card under the top discard
    assert (st.pile, st.hands) == before and rules_of(st) == ["gin:R13"]
    assert st.to_move() == (1,) and verbs(st) == {"draw", "take"}
    with pytest.raises(IllegalMove, match="legal draw"):
        st.apply("report R13 J♣")


def test_r3_report_in_knock_window() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 2♣ 3♣ 4♦ 5♦", "K♣ K♠ K♥ 8♠ 9♠ 10♠ 9♦ 10♦ J♦",
                     "10♥", "K♦")
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦", "report R3", "accept")
    assert rules_of(st).count("gin:R3") == 1
    # K = 14, D = 0 + 10: the knocker loses 4, and the short defender gets no undercut bonus
    assert st.scores == [0, 4]


def test_r12_fixes_an_illegal_knock() -> None:
    # he meant to discard K♣ (gin) but put 7♣ face down: 17 deadwood (7♦ K♣), over the limit
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ K♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦",
                     "10♥", "3♥")
    st = play(table_state(deal), "pass", "pass", "draw", "knock 7♣")
    assert st.window is not None and st.window.points == 17
    st.apply("0: report R12 K♣")
    assert st.is_over and st.gin and st.knock_discard == C("K♣")
    assert st.scores[0] == 25 + 8 + 7 + 3 + 2   # gin bonus + the defender's deadwood


def test_r9_count_only_wrong_knock_stands() -> None:
    # the knocker lays out a poor arrangement (deadwood 16) but his best is 1: the knock stands
    deal = make_deal("A♦ 2♠ 3♠ 4♠ 5♥ 5♦ 5♣ 9♥ 10♥ J♥", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦",
                     "10♣", "K♦")
    st = play(table_state(deal), "pass", "pass", "draw",
              "knock K♦ [2♠ 3♠ 4♠] [9♥ 10♥ J♥]")
    assert st.window is not None and st.window.points > 10 and st.window.best == 1
    st.apply("report R9")
    assert st.is_over and st.k_points == 1 and "stands" in items(st)[0]["note"]


def test_reasons_count_seats_from_1_and_the_record_from_0() -> None:
    """A refusal's reason names seats as people count, from 1, as its own "seat 2: illegal
    move …" does; the rulings' sentences, the bars in the view and the moves are data and keep
    the engine's seats, from 0."""
    st = play(table_state(SEE), "pass", "pass", "draw", "discard J♣", "draw", "report R6 7♦")
    with pytest.raises(IllegalMove) as e:
        st.apply("knock K♠")                  # seat 2 (the engine's 1) saw 7♦: no knock
    assert str(e.value).startswith("seat 2: illegal move 'knock K♠': seat 2 saw a card illegally")
    assert st.why_illegal(0, Move("draw")) == "it is seat 2's turn"
    assert st.rulings[0].sentence().startswith("R6: seat 1 saw 7♦")
    assert st.view(None)["referee"]["no_knock"] == {
        "1": "seat 1 saw a card illegally and may not knock this turn, except with gin (R6)"}
    assert st.moves_text()[-1] == "1: report R6 7♦"
    knock14 = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 2♣ 3♣ 4♦ 5♦", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦",
                        "10♥", "K♦ K♥ 9♣")
    st = play(table_state(knock14), "pass", "pass", "draw", "knock K♦", "report R10")
    assert st.view(None)["referee"]["pending"]["chooser"] == 1
    assert st.why_illegal(0, Move("choose", target="no_bonus")) == "seat 2 makes this choice"
    assert st.why_illegal(1, Move("draw")).startswith("seat 2 must first answer the R10 ruling")
    assert checks.why_report(st, 0, rf.parse_table_move("report R2")).startswith(
        "first seat 2 must answer the R10 ruling")
