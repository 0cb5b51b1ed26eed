"""Audit tests of the referee (docs/games/gin.md "Audit"): R6 gin exception, R8 bar on gin,
R12 only for the knocker, knock bars and corrections meeting the 50th-card pickup."""

from __future__ import annotations

import random

import pytest

from cardtable import IllegalMove
from cardtable.cards import parse_card
from cardtable.conformance import check_roundtrip, check_secrets, snapshot

from .helpers import items, make_deal, play, table_state, verbs

# seat 0 plays first; seat 1 draws 4♣ and then holds gin (A♣ 2♣ 3♣ 4♣, 8♦ 9♦ 10♦, Q♠ Q♥ Q♦; 5♦)
GINNER = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 8♦ 9♦ 10♦ Q♠ Q♥ Q♦ 5♦", "K♣",
                   "J♣ 4♣ 7♦")


def test_r6_bars_a_knock_but_not_gin() -> None:
    """R6.2: "unless the offender has gin, he may not knock until his next turn"."""
    st = play(table_state(GINNER), "pass", "pass", "draw", "discard J♣", "draw", "report R6 7♦")
    assert "gin" in verbs(st) and "knock" not in verbs(st)
    before = snapshot(st)
    with pytest.raises(IllegalMove, match="R6"):
        st.apply("knock A♣")                  # 5♦ would be 5 deadwood: a knock, barred
    assert snapshot(st) == before
    st.apply("gin 5♦")
    # seat 0 has no meld: 2+4+6+8+10 + 2+4+6+8+10 = 60, + gin bonus 25
    assert st.is_over and st.gin and st.scores == [0, 85]


def test_r8_card_shown_from_hand_bars_gin_too() -> None:
    """R8: the holder of a card the opponent knows "loses the right to knock in this turn";
    the seed gives no gin exception (unlike R6)."""
    st = play(table_state(GINNER), "pass", "pass", "draw", "discard J♣", "draw",
              "0: report R8 4♣ hand")
    assert not {"knock", "gin"} & verbs(st)
    with pytest.raises(IllegalMove, match="R8"):
        st.apply("gin 5♦")


def test_r12_is_the_knockers_right_only() -> None:
    swap = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 5♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ K♠ K♥ 9♠ 8♦", "10♥", "2♣")
    st = play(table_state(swap), "pass", "pass", "draw", "knock 2♣")
    before = snapshot(st)
    with pytest.raises(IllegalMove, match="only the knocker, seat 1"):
        st.apply("1: report R12 5♣")
    with pytest.raises(IllegalMove, match="only the knocker, seat 1"):
        st.apply("1: report R12 7♣")          # no answer about the face-down card either
    assert snapshot(st) == before
    st.apply("0: report R12 5♣")
    assert st.scores == [35, 0] and [i["rule"] for i in items(st)].count("gin:R12") == 1


def _to_fifty(report_at_last: str | None) -> object:
    d = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ K♥", "K♣")
    st = table_state(d, fiftieth_card_pickup=True)
    play(st, "pass", "pass")
    for i in range(29):
        st.apply("draw")
        if i == 28 and report_at_last:
            st.apply(report_at_last)
        st.apply("discard " + d["stock"][i])
    return st


def test_fiftieth_card_pickup_respects_a_knock_bar() -> None:
    """Rule 36 + R8: seat 1 could knock with the 50th card, but his K♥ was shown, so he may
    not knock in his next turn: taking the card (only to knock) is refused, pass is left.
    Before the fix ``take`` was accepted and left seat 1 without any legal move."""
    free = _to_fifty(None)
    assert [free.move_text(m) for m in free.legal_moves()] == ["take", "pass"]
    st = _to_fifty("0: report R8 K♥ hand")
    assert st.phase_name() == "fifty" and st.to_move() == (1,)
    assert [st.move_text(m) for m in st.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMove, match="rule 36"):
        st.apply("take")
    st.apply("pass")
    assert st.is_over and st.scores == [0, 0] and st.hand_winner is None


def test_premature_draw_of_the_third_last_card_lets_the_offender_finish() -> None:
    """R5(ii) + rule 35: seat 0 draws the third-last stock card before seat 1 has discarded.
    The draw stands, so seat 1's discard does not end the hand: seat 0 finishes his turn and
    the hand is dead only when he discards without knocking.  Before the fix seat 1's discard
    ended the hand at once."""
    d = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ K♥", "K♣")
    st = table_state(d)
    play(st, "pass", "pass")
    for i in range(27):
        play(st, "draw", "discard " + d["stock"][i])
    play(st, "draw")                          # seat 1: 3 stock cards left
    st.apply("0: report R5")                  # seat 0 takes the third-last card early
    assert len(st.stock) == 2 and st.hands[0].bit_count() == 11
    st.apply("discard " + d["stock"][27])
    assert not st.is_over and st.to_move() == (0,) and st.phase_name() == "discard"
    assert "take" not in verbs(st) and "draw" not in verbs(st)
    st.apply("discard " + d["stock"][28])     # the card he drew early
    assert st.is_over and st.dead and st.scores == [0, 0] and st.hand_winner is None


def test_r4_foreign_card_in_a_hand() -> None:
    """R4 Decision: a card of another pack found in a hand before the knock is treated as
    R1(a): a new deal by the same dealer; after the knock the result stands."""
    d = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 9♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦", "10♥", "K♦")
    st = play(table_state(d), "pass", "pass", "draw", "discard K♦")
    st.apply("0: report R4 7♦ hand")
    assert st.is_over and st.scores == [0, 0] and st.hand_winner is None
    assert "seat 1 deals again" in items(st)[0]["note"] and st.moves_text()[-1] == "0: report R4 7♦ hand"
    late = play(table_state(d), "pass", "pass", "draw", "knock K♦")
    before = late.scores
    late.apply("1: report R4 7♦ hand")
    assert late.scores == before and late.hand_winner == 0 and "stand" in items(late)[0]["note"]
    with pytest.raises(IllegalMove, match="no word 'stock'"):
        table_state(d).apply("report R4 7♦ stock")


def test_cli_save_without_a_file_name(tmp_path) -> None:
    from typer.testing import CliRunner

    from cardtable.cli.main import app
    result = CliRunner().invoke(app, ["referee", "gin", "--seed", "4"], input="save\nq\n")
    assert result.exit_code == 0 and "'save' needs a file name" in result.output


def test_force_gin_does_not_force_a_barred_gin() -> None:
    """force_gin (rule 21) + an R8 bar: the gin is not available, so the seat discards.
    Before the fix both the gin (barred) and every discard (force_gin) were refused and
    the seat had no legal move."""
    st = play(table_state(GINNER, force_gin=True), "pass", "pass", "draw", "discard J♣", "draw",
              "0: report R8 4♣ hand")
    assert verbs(st) == {"discard"} and len(st.legal_moves()) == 11
    st.apply("discard 5♦")
    assert st.to_move() == (0,)
    free = play(table_state(GINNER, force_gin=True), "pass", "pass", "draw", "discard J♣", "draw")
    assert verbs(free) == {"gin"}              # without the bar the gin is forced


def test_a_correcting_seat_has_no_knock_or_gin_options() -> None:
    long = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 2♣ K♦", "Q♠ Q♥ Q♦ J♠ J♥ J♦ 9♣ 8♦ 6♠ 5♣", "10♣",
                     "K♥ K♠")
    st = play(table_state(long, force_gin=True), "pass", "pass", "draw", "1: report R2",
              "choose continue")
    assert st.to_move() == (0,) and st.phase_name() == "discard" and 0 in st.corrections
    assert st.knock_options() == ([], []) and not st.big_gin_possible()
    assert verbs(st) == {"discard"}


KNOCK14 = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 2♣ 3♣ 4♦ 5♦", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 4♠ 3♦ 2♦", "10♥",
                    "K♦ K♥ 9♣")


def test_r10_after_accept_before_any_layoff() -> None:
    """R10 and its Decision: an illegal knock found after the defender spread but before he
    laid off anything is still R10; only after a layoff does it stand.  With the manual
    defender the spread-but-no-layoff moment is the defend phase after ``accept``."""
    st = play(table_state(KNOCK14, defender_auto=False), "pass", "pass", "draw", "knock K♦",
              "accept", "meld Q♣ Q♦ Q♥")
    assert st.phase_name() == "defend"
    st.apply("1: report R10")
    assert st.pending >= 0 and [st.move_text(m) for m in st.legal_moves()] == [
        "choose open_hand", "choose no_bonus"]
    st.apply("choose no_bonus")
    assert not st.is_over and st.pile[-1] == parse_card("K♦") and st.to_move() == (1,)
    assert st.hands[0].bit_count() == 10 and st.hands[1].bit_count() == 10 and not st.d_melds
    assert check_roundtrip(st) is None
    for seat in (None, 0, 1):
        assert check_secrets(st, seat, random.Random(seat)) is None
    # after a layoff the knock stands
    late = play(table_state(KNOCK14, defender_auto=False), "pass", "pass", "draw", "knock K♦",
                "accept", "layoff 4♠ [A♠ 2♠ 3♠]")
    with pytest.raises(IllegalMove, match="stands"):
        late.apply("1: report R10")
    # the engine's automatic defender lays off at once: the knock stands
    auto = play(table_state(KNOCK14), "pass", "pass", "draw", "knock K♦", "accept")
    with pytest.raises(IllegalMove, match="stands"):
        auto.apply("1: report R10")
