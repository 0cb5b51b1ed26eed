"""gin.md A.15 rows RT-01 … RT-13: the referee's rulings, one test (or a few) per row."""

from __future__ import annotations

from typing import cast

import pytest

from cardtable import IllegalMove, Match, get_game
from cardtable.cards import card_str, parse_card
from cardtable.games.gin.referee.tablestate import GinTableState

from .helpers import TABLE, items, make_deal, play, rules_of, table_state, verbs

C = parse_card
PLAIN = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "3♠ 5♠ 7♠ 9♠ J♠ 3♥ 5♥ 7♥ 9♥ J♥", "K♣",
                  "Q♣")


def table_match(deal: dict, **rules: object) -> Match:
    game = get_game("gin")
    return Match(game, 2, game.make_options(None, {**TABLE, **rules}), first_deal=deal)


# --- RT-01 / RT-02: R1 misdeal ------------------------------------------------------------------

def test_rt01_faced_card_before_upcard_new_deal_same_dealer() -> None:
    m = table_match(PLAIN)
    st = m.state
    assert isinstance(st, GinTableState)
    assert st.dealer == 1
    st.apply("report R1 a dealing")
    assert st.is_over and st.scores == [0, 0] and st.hand_winner is None
    assert rules_of(st) == ["gin:R1"]
    assert "seat 1 deals again" in items(st)[0]["note"]
    assert cast(GinTableState, m.next_deal()).dealer == 1          # the same dealer redeals


def test_rt01_dealing_only_before_play() -> None:
    st = play(table_state(PLAIN), "pass")
    with pytest.raises(IllegalMove, match="play has begun"):
        st.apply("1: report R1 a dealing")
    assert not st.rulings


def test_rt02_wrong_dealer_after_upcard_deal_stands_rotation_from_actual_dealer() -> None:
    # seat 1 dealt out of turn; noticed once the upcard was turned
    m = table_match(PLAIN, deal_rotation="alternate")
    st = m.state
    before = st.to_move()
    st.apply("0: report R1 c")
    assert not st.is_over and st.to_move() == before
    assert rules_of(st) == ["gin:R1"] and "deal stands" in items(st)[0]["note"]
    play(st, "pass", "pass", "draw", "discard 2♠")
    while not st.is_over:
        st.apply(st.legal_moves()[0])
    nxt = m.next_deal()
    # alternate rotation continues from seat 1, who actually dealt (a dead hand: the same)
    assert nxt.dealer == (1 if m.deals[-1].hand_winner is None else 0)


def test_rt02_wrong_dealer_before_upcard_rightful_dealer_deals() -> None:
    m = table_match(PLAIN)
    m.state.apply("report R1 c dealing")
    assert m.state.is_over and m.state.scores == [0, 0]
    assert cast(GinTableState, m.next_deal()).dealer == 0          # the rightful dealer deals


def test_r1d_wrong_count_before_first_draw() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠", "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥", "K♣")
    st = table_state(deal)
    with pytest.raises(IllegalMove, match="R2"):
        play(table_state(deal), "pass", "pass", "draw").apply("1: report R1 d")
    play(st, "pass")
    st.apply("report R1 d")
    assert st.is_over and st.scores == [0, 0] and rules_of(st) == ["gin:R1"]
    with pytest.raises(IllegalMove, match="right number"):
        table_state(PLAIN).apply("report R1 d")


# --- RT-03 / RT-04: R2 wrong count after the first draw ----------------------------------------

# seat 0 (non-dealer) is dealt 11 cards that could knock; the dealer's 10 are right
LONG = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 2♣ K♦", "Q♠ Q♥ Q♦ J♠ J♥ J♦ 9♣ 8♦ 6♠ 5♣", "10♣",
                 "K♥ K♠")


def test_rt03_dealer_chooses_continue_long_hand_discards_without_drawing() -> None:
    st = play(table_state(LONG), "pass", "pass", "draw", "discard K♥", "draw", "discard K♠")
    assert st.to_move() == (0,) and st.hands[0].bit_count() == 11
    st.apply("1: report R2")
    assert st.to_move() == (1,)
    assert [st.move_text(m) for m in st.legal_moves()] == ["choose new_deal", "choose continue"]
    with pytest.raises(IllegalMove):
        st.apply("0: choose continue")        # only the player with the right hand chooses
    st.apply("choose continue")
    assert st.to_move() == (0,)
    assert verbs(st) == {"discard"} and len(st.legal_moves()) == 11
    with pytest.raises(IllegalMove, match="discard without drawing"):
        st.apply("draw")
    with pytest.raises(IllegalMove, match="may not knock"):
        st.apply("knock K♦")
    st.apply("discard K♦")
    assert st.hands[0].bit_count() == 10 and st.to_move() == (1,) and not st.corrections
    assert st.pile[-1] == C("K♦")
    r = st.rulings[0]
    assert r.rule == "R2" and r.offender == 0 and r.choice == "continue"
    assert "chose continue" in items(st)[0]["note"]


def test_rt03_new_deal_choice() -> None:
    st = play(table_state(LONG), "pass", "pass", "draw", "discard K♥", "draw", "discard K♠")
    play(st, "1: report R2", "choose new_deal")
    assert st.is_over and st.scores == [0, 0] and st.hand_winner is None


def test_rt03_short_hand_draws_without_discarding() -> None:
    short = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥", "Q♠ Q♥ Q♦ J♠ J♥ J♦ 9♣ 8♦ 6♠ 5♣", "10♣",
                      "K♥ K♠ K♣")
    st = play(table_state(short), "pass", "pass", "draw", "discard K♥", "draw", "discard K♠")
    play(st, "report R2", "choose continue")
    assert st.to_move() == (0,) and st.hands[0].bit_count() == 9
    st.apply("draw")
    assert st.hands[0].bit_count() == 10 and st.to_move() == (1,) and st.phase_name() == "draw"


def test_rt04_both_hands_wrong_compulsory_new_deal() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 2♣ K♦", "Q♠ Q♥ Q♦ J♠ J♥ J♦ 9♣ 8♦ 6♠", "10♣")
    st = play(table_state(deal), "pass", "pass", "draw", "discard K♦")
    st.apply("report R2")
    assert st.is_over and st.pending < 0 and st.scores == [0, 0]
    assert rules_of(st) == ["gin:R2"] and "compulsory" in items(st)[0]["note"]


# --- RT-05 / RT-06: R3 defender's hand wrong at a knock ------------------------------------------

def test_rt05_short_defender_charged_ten_per_missing_card() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 9♣", "Q♣ Q♦ Q♥ 8♠ 9♠ 10♠ 2♦ 2♣", "10♥", "K♦")
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦")
    assert st.is_over and st.k_points == 9
    assert st.table.value(st.d_rest) == 4
    assert st.scores == [15, 0] and st.hand_winner == 0           # D = 4 + 2×10 = 24
    r3 = [i for i in items(st) if i["rule"] == "gin:R3"]
    assert len(r3) == 1 and r3[0]["seat"] == 1 and "20 points" in r3[0]["note"]


def test_rt05_undercut_not_available() -> None:
    # K = 9 but the short defender has 0 deadwood: D = 0 + 10 = 10 > 9, knocker wins 1;
    # with 0 deadwood and a 9-card hand, the undercut bonus could never be his
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 9♣", "Q♣ Q♦ Q♥ 8♠ 9♠ 10♠ 2♦ 2♣ 2♥", "10♥", "K♦")
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦")
    assert st.scores == [1, 0]


def test_r3_long_defender_undercuts_without_bonus() -> None:
    # K = 9; the defender holds 11 cards (count_all): D = 5 → undercut 9 − 5 = 4, no bonus
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 9♣", "8♠ 9♠ 10♠ Q♣ Q♦ Q♥ J♣ J♦ J♥ 2♦ 3♣",
                     "10♥", "K♦")
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦")
    assert st.scores == [0, 4] and st.hand_winner == 1
    assert "11 cards" in next(i for i in items(st) if i["rule"] == "gin:R3")["note"]


def test_rt06_tie_after_penalty_scores_nothing_no_box() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 10♣", "Q♣ Q♦ Q♥ 8♠ 9♠ 10♠ 2♦ 2♣ 2♥", "10♥", "K♦")
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦")
    assert st.is_over and st.k_points == 10 and st.table.value(st.d_rest) == 0
    assert st.scores == [0, 0] and st.hand_winner is None and st.winners() == []
    assert "gin:R3" in rules_of(st)
    # the same hands in normal counts would be an undercut worth 10 + 25
    normal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 10♣", "Q♣ Q♦ Q♥ 8♠ 9♠ 10♠ 2♦ 2♣ 2♥ Q♠",
                       "10♥", "K♦")
    ns = play(table_state(normal), "pass", "pass", "draw", "knock K♦")
    assert ns.scores == [0, 35]


# --- RT-07 / RT-08: R9 and R10 illegal knock -------------------------------------------------------

KNOCK14 = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 2♣ 3♣ 4♦ 5♦", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦", "10♥",
                    "K♦ K♥ 9♣")


def test_rt07_knock_over_limit_report_r9() -> None:
    st = play(table_state(KNOCK14), "pass", "pass", "draw")
    normal = get_game("gin").new_state(2, deal=KNOCK14)
    play(normal, "pass", "pass", "draw")
    with pytest.raises(IllegalMove, match="over the knock limit"):
        normal.apply("knock K♦")
    st.apply("knock K♦")                      # table mode records it
    assert st.to_move() == (1,) and not st.is_over and st.window is not None
    assert [st.move_text(m) for m in st.legal_moves()] == ["accept"]
    spread = st.hands[0]
    st.apply("report R9")                     # the defender, to move, reports
    assert not st.is_over and st.scores == [0, 0] and rules_of(st) == ["gin:R9"]
    assert st.pile[-1] == C("K♦")             # the knock discard is the top discard
    assert st.to_move() == (1,) and verbs(st) == {"draw", "take"}
    for seat in (None, 0, 1):
        assert st.view(seat)["referee"]["face_up"]["0"] == [card_str(c) for c in st.cards_in(spread)]
        assert not set(st.secret_cards(seat)) & set(st.cards_in(spread))
    play(st, "draw", "discard K♥")            # the defender completes his next turn
    assert "face_up" not in st.view(1).get("referee", {})
    assert st.known[0] == spread              # picked up, but seen
    assert st.to_move() == (0,) and verbs(st) == {"draw", "take"}


def test_rt07_accepted_knock_stands() -> None:
    st = play(table_state(KNOCK14), "pass", "pass", "draw", "knock K♦", "accept")
    assert st.is_over and st.k_points == 14 and st.hand_winner is not None
    with pytest.raises(IllegalMove, match="stands"):
        st.apply("1: report R9")


def test_rt08_no_bonus_choice_then_gin_scores_without_bonus() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♠ 4♥ 5♥ 6♥ 2♣ 3♣ 9♥", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦", "10♥",
                     "K♦ K♥ 4♣")
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦")
    assert st.window is not None and st.window.points == 14
    st.apply("report R10")
    assert st.to_move() == (1,) and verbs(st) == {"choose"}
    st.apply("choose no_bonus")
    assert st.pile[-1] == C("K♦") and st.to_move() == (1,)
    play(st, "draw", "discard K♥", "draw", "gin 9♥")
    assert st.is_over and st.gin and st.table.value(st.d_rest) == 20
    assert st.scores == [20, 0]               # no gin bonus
    gin_item = next(i for i in items(st) if i["rule"] == "gin:30")
    assert gin_item["points"] == 20 and "bonus withheld (gin:R10)" in gin_item["note"]
    assert "chose no_bonus" in next(i for i in items(st) if i["rule"] == "gin:R10")["note"]


def test_rt08_open_hand_choice() -> None:
    st = play(table_state(KNOCK14), "pass", "pass", "draw", "knock K♦", "report R10",
              "choose open_hand", "draw", "discard K♥", "draw")
    assert "0" in st.view(1)["referee"]["face_up"]          # for the rest of the deal
    assert C("9♣") in st.cards_in(st.hands[0]) and C("9♣") not in st.secret_cards(1)


# --- RT-09: R11 knocker with the wrong number of cards -----------------------------------------------

KNOCK11 = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ A♦ 2♦", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 9♦", "10♥",
                    "K♦ K♥ K♠")


def test_rt09_knocker_holds_eleven_defender_offered_choice() -> None:
    st = play(table_state(KNOCK11), "pass", "pass", "draw", "knock K♦")
    assert st.window is not None and st.window.count == 11 and not st.window.over_limit
    with pytest.raises(IllegalMove, match="R11"):
        st.apply("report R9")
    st.apply("report R11")
    assert st.to_move() == (1,)
    assert [st.move_text(m) for m in st.legal_moves()] == ["choose new_deal", "choose open_hand"]
    assert st.rulings[-1].chooser == 1


def test_rt09_new_deal() -> None:
    st = play(table_state(KNOCK11), "pass", "pass", "draw", "knock K♦", "report R11",
              "choose new_deal")
    assert st.is_over and st.scores == [0, 0] and "gin:R11" in rules_of(st)


def test_rt09_open_hand_correction() -> None:
    st = play(table_state(KNOCK11), "pass", "pass", "draw", "knock K♦", "report R11",
              "choose open_hand")
    assert st.pile[-1] == C("K♦") and st.to_move() == (1,)
    play(st, "draw", "discard K♥")
    assert st.to_move() == (0,) and verbs(st) == {"discard"}   # 11 cards: discard, no draw
    st.apply("discard 2♦")
    assert st.hands[0].bit_count() == 10 and 0 not in st.corrections
    assert "0" in st.view(1)["referee"]["face_up"]


# --- RT-10: R4 a card of another pack -----------------------------------------------------------------

def test_rt10_foreign_card_in_stock_removed_play_goes_on() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 9♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦", "10♥",
                     "K♦ K♥", foreign=[["7♦", 1]])
    st = play(table_state(deal), "pass", "pass", "draw", "discard K♦")
    assert st.to_move() == (1,) and "draw" not in verbs(st)
    with pytest.raises(IllegalMove, match="R4"):
        st.apply("draw")
    st.apply("report R4 7♦")
    assert rules_of(st) == ["gin:R4"] and st.card_places()["removed"][0] % 64 == C("7♦")
    assert "draw" in verbs(st)
    st.apply("draw")
    assert st.hands[1] >> C("K♥") & 1


def test_rt10_foreign_card_after_knock_result_unchanged() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 9♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦", "10♥",
                     "K♦", foreign=[["7♦", 5]])
    st = play(table_state(deal), "pass", "pass", "draw", "knock K♦")
    before = st.scores
    st.apply("1: report R4 7♦")
    assert st.scores == before and "result" in items(st)[0]["note"]
    with pytest.raises(IllegalMove, match="another pack"):
        st.apply("1: report R4 7♦")


# --- RT-11: R5 premature draw -------------------------------------------------------------------------

def test_rt11_premature_draw_dealer_takes_upcard() -> None:
    st = play(table_state(PLAIN), "pass")
    assert st.to_move() == (1,)
    st.apply("0: report R5")
    assert st.hands[0].bit_count() == 11 and st.to_move() == (1,) and "gin:R5" in rules_of(st)
    assert verbs(st) == {"take", "pass"}      # the dealer keeps his option
    play(st, "take", "discard 3♠")
    assert st.to_move() == (0,) and st.phase_name() == "discard"
    assert verbs(st) <= {"discard", "knock", "gin"}
    st.apply("discard Q♣")                    # the early stock card (Q♣ is on top)
    assert st.hands[0].bit_count() == 10 and st.to_move() == (1,)


def test_rt11_premature_draw_dealer_declines() -> None:
    st = play(table_state(PLAIN), "pass", "0: report R5", "pass")
    assert st.to_move() == (0,) and st.phase_name() == "discard"   # the forced draw is made


def test_r5_draw_before_opponent_discarded() -> None:
    st = play(table_state(PLAIN), "pass", "pass", "draw")
    st.apply("1: report R5")
    st.apply("discard Q♣")
    assert st.to_move() == (1,) and st.phase_name() == "discard"   # may not take Q♣ instead
    assert "take" not in verbs(st)


# --- RT-12: R6 a card seen while drawing ------------------------------------------------------------------

SEE = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 8♦ 9♦ 10♦ Q♠ Q♥ Q♦ 5♦", "K♣",
                "J♣ K♠ 7♦ A♥ K♥")


def test_rt12_seen_card_exposed_rights_in_turn_then_under_the_pile() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw", "discard J♣", "draw")
    assert st.propose_knock(1) is not None    # seat 1 could knock (K♠ away: 5 deadwood)
    st.apply("report R6 7♦")                  # seat 1 (B) saw 7♦, now the top stock card
    assert C("7♦") not in st.stock
    for seat in (None, 0, 1):
        ex = st.view(seat)["referee"]["exposed"][0]
        assert ex["cards"] == ["7♦"] and ex["may_take"] == 0
        assert C("7♦") not in st.secret_cards(seat)
    assert not {"knock", "gin"} & verbs(st)
    with pytest.raises(IllegalMove, match="R6"):
        st.apply("knock K♠")
    st.apply("discard K♠")
    assert "take 7♦" in [st.move_text(m) for m in st.legal_moves()]   # A's right
    play(st, "draw", "discard A♥")            # A draws from the stock: B's right begins
    assert st.exposures[0].holder == 1
    assert "take 7♦" in [st.move_text(m) for m in st.legal_moves()]
    st.apply("draw")                          # B draws from the stock: 7♦ goes under
    assert not st.exposures and st.pile[-2:] == [C("7♦"), C("A♥")]


def test_rt12_non_offender_takes_exposed_card() -> None:
    st = play(table_state(SEE), "pass", "pass", "draw", "discard J♣", "draw", "report R6 7♦",
              "discard K♠")
    side = play(st.clone(), "take", "discard 2♠")  # A takes the top discard: his right goes on
    with pytest.raises(IllegalMove, match="only seat 1"):
        side.apply("take 7♦")
    play(side, "draw", "discard A♥")
    assert "take 7♦" in [side.move_text(m) for m in side.legal_moves()]
    st.apply("take 7♦")
    assert st.hands[0] >> C("7♦") & 1 and not st.exposures and st.taken == C("7♦")
    with pytest.raises(IllegalMove, match="rule 17"):
        st.apply("discard 7♦")


# --- RT-13: R12 wrong knock discard ----------------------------------------------------------------------

SWAP = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 5♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ K♠ K♥ 9♠ 8♦", "10♥", "2♣")


def test_rt13_knocker_swaps_accidental_discard() -> None:
    st = play(table_state(SWAP), "pass", "pass", "draw", "knock 2♣")
    assert st.is_over and st.k_points == 5 and st.scores == [32, 0]
    st.apply("0: report R12 5♣")
    assert st.is_over and st.knock_discard == C("5♣") and st.k_points == 2
    assert st.scores == [35, 0] and rules_of(st).count("gin:R12") == 1


def test_rt13_manual_defender_swap_until_layoff() -> None:
    deal = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 5♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ K♠ 4♠ 9♠ 8♦", "10♥", "2♣")
    st = play(table_state(deal, defender_auto=False), "pass", "pass", "draw", "knock 2♣")
    ok = st.clone()
    assert isinstance(ok, GinTableState)
    ok.apply("0: report R12 5♣")
    assert ok.k_points == 2 and ok.phase_name() == "defend"
    st.apply("layoff 4♠ [A♠ 2♠ 3♠]")
    with pytest.raises(IllegalMove, match="lay off"):
        st.apply("0: report R12 5♣")
