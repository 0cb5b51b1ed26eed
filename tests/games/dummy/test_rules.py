"""Unit tests of dummy's rule functions: connectors, speto groups, melds, O3/O4, W(e), O9, B13."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import card_str, mask_of, parse_card, parse_cards
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.dummy.meldlogic import card_value, connector, meld_tables, speto_groups
from cardtable.games.dummy.penalties import DiscardEvent, in_window, speto_laid_on, ting_mee, ting_tem
from cardtable.games.dummy.tablemelds import TableMeld, anchor_of
from cardtable.registry import get_game, new_game
from cardtable.scenario import replay

from .helpers import scenario_path


def c(t: str) -> int:
    return int(parse_card(t))


def m(t: str) -> int:
    return mask_of(parse_cards(t))


def names(mask: int) -> set[str]:
    return {card_str(x) for x in range(52) if mask >> x & 1}


# --- connectors and spetos (§4 shared definitions) -----------------------------------------

def test_connectors_of_7h_are_the_seed_list() -> None:
    got = {card_str(y) for y in range(52) if connector(c("7♥"), y)}
    assert got == {"5♥", "6♥", "8♥", "9♥", "7♠", "7♦", "7♣"}


def test_connector_no_wrap_ace_high() -> None:
    assert connector(c("K♠"), c("A♠")) and connector(c("Q♠"), c("A♠"))
    assert not connector(c("A♠"), c("2♠")) and not connector(c("A♣"), c("3♣"))
    assert connector(c("A♣"), c("2♣"), ace_low=True)
    assert not connector(c("7♥"), c("7♥"))


def test_speto_groups_match_the_seed() -> None:
    c2, cq, cc, related = speto_groups(False)
    assert names(c2) == {"2♠", "2♦", "2♥", "3♣", "4♣"}
    assert names(cq) == {"Q♣", "Q♦", "Q♥", "10♠", "J♠", "K♠", "A♠"}
    assert cc == c2 | cq and names(related - cc if False else related & ~cc) == {"2♣", "Q♠"}
    assert "A♣" in names(speto_groups(True)[0])


def test_card_values_b25() -> None:
    assert [card_value(c(t)) for t in ("2♣", "Q♠", "2♦", "9♥", "10♣", "J♦", "Q♥", "K♠", "A♥")] == \
        [50, 50, 5, 5, 10, 10, 10, 10, 15]


def test_meld_table_b6_b9() -> None:
    t = meld_tables(False)
    assert sum(1 for s in t.shapes.values() if s.kind == "set") == 65
    assert sum(1 for s in t.shapes.values() if s.kind == "run") == 4 * 66
    assert t.is_meld(m("Q♠ K♠ A♠")) and t.is_meld(m("2♥ 3♥ 4♥"))
    assert not t.is_meld(m("A♣ 2♣ 3♣")) and not t.is_meld(m("K♠ A♠ 2♠"))
    assert not t.is_meld(m("5♥ 6♥ 8♥")) and not t.is_meld(m("5♥ 5♦"))
    low = meld_tables(True)
    assert low.is_meld(m("A♣ 2♣ 3♣")) and low.is_meld(m("Q♣ K♣ A♣")) and not low.is_meld(m("K♣ A♣ 2♣"))


# --- O3 / O4 ----------------------------------------------------------------------------------

def _melds(*specs: tuple[int, str]) -> list[TableMeld]:
    return [TableMeld(seat, m(t), m(t), 0, anchor_of(m(t))) for seat, t in specs]


@pytest.mark.parametrize(("card", "fires"), [("7♦", True), ("3♦", True), ("9♥", True), ("2♥", False),
                                             ("8♦", False), ("J♥", True), ("9♣", False)])
def test_ting_mee_o3_t31(card: str, fires: bool) -> None:
    table = _melds((1, "4♦ 5♦ 6♦"), (2, "Q♥ K♥ A♥"), (3, "9♣ 9♦ 9♠"))
    assert ting_mee(c(card), table, meld_tables(False), True) is fires


def test_ting_mee_respects_chain_option() -> None:
    meld = TableMeld(1, m("4♦ 5♦ 6♦ 7♦"), m("4♦ 5♦ 6♦"), 0, c("4♦"))
    assert ting_mee(c("8♦"), [meld], meld_tables(False), True)
    assert not ting_mee(c("8♦"), [meld], meld_tables(False), False)
    assert ting_mee(c("3♦"), [meld], meld_tables(False), False)


@pytest.mark.parametrize(("pile", "card", "fires", "ace_low"), [
    ("9♦ 3♠ 5♥ 10♦", "J♦", True, False), ("5♦ A♣ 3♣", "2♣", False, False), ("5♦ A♣ 3♣", "2♣", True, True),
    ("5♦ 10♣ K♣", "J♣", False, False), ("5♦ K♠ K♦", "K♣", True, False), ("7♥ 9♣", "8♥", False, False),
    ("6♥ 7♥", "5♥", True, False), ("10♣ Q♣", "J♣", True, False)])
def test_ting_tem_o4_t32(pile: str, card: str, fires: bool, ace_low: bool) -> None:
    assert ting_tem(c(card), m(pile), meld_tables(ace_low)) is fires


# --- the window W(e) -----------------------------------------------------------------------------

def test_window_is_the_next_n_minus_1_turns() -> None:
    e = DiscardEvent(c("8♥"), 1, 2, 0)
    assert [t for t in range(1, 10) if in_window(e, t, 4)] == [3, 4, 5]
    assert [t for t in range(1, 10) if in_window(e, t, 3)] == [3, 4]
    assert [t for t in range(1, 10) if in_window(e, t, 2)] == [3]


# --- O9 and its exemption ------------------------------------------------------------------------

def test_o9_exemption_two_cards_needed() -> None:
    meld = _melds((2, "4♣ 5♣ 6♣"))[0]
    placed = {x: 2 for x in range(52)}
    assert speto_laid_on(meld, False, m("2♣ 3♣"), placed, False) is None
    assert speto_laid_on(meld, False, m("3♣"), placed, False) is None        # no speto
    meld3 = _melds((1, "3♣ 4♣ 5♣ 6♣"))[0]
    assert speto_laid_on(meld3, False, m("2♣"), {x: 1 for x in range(52)}, False) == (1, c("2♣"))


def test_o9_charges_the_placer_of_the_touching_card() -> None:
    meld = TableMeld(2, m("8♠ 9♠ 10♠ J♠"), m("8♠ 9♠ 10♠"), 0, c("8♠"))
    placed = {c("8♠"): 2, c("9♠"): 2, c("10♠"): 2, c("J♠"): 0}
    assert speto_laid_on(meld, False, m("Q♠"), placed, False) == (0, c("Q♠"))
    meld2 = _melds((2, "9♠ 10♠ J♠"))[0]
    assert speto_laid_on(meld2, False, m("Q♠ K♠"), {x: 2 for x in range(52)}, False) == (2, c("Q♠"))
    qset = _melds((1, "Q♥ Q♦ Q♣"))[0]
    assert speto_laid_on(qset, True, m("Q♠"), {}, False) == (1, c("Q♠"))


# --- B13 phases: tabling while unborn can only be followed by a knock -----------------------------

def _t40a():
    return replay(scenario_path("T40a_unborn_tables_then_discards")).state


def test_unborn_tabling_then_discard_is_refused_and_state_kept() -> None:
    s = _t40a()
    assert s.must_knock and s.history[-1][1].verb == "meld"
    before = s.to_json()
    with pytest.raises(IllegalMove) as err:
        s.apply("discard K♦")
    assert "B13" in err.value.why and "knock" in err.value.why
    assert s.to_json() == before
    assert all(mv.verb != "discard" for mv in s.legal_moves())
    # the turn can always be finished: follow legal moves to the knock
    while not s.is_over:
        s.apply(s.legal_moves()[0])
    assert s.knocker == 0 and s.knock_dark


def test_unborn_drawer_cannot_table_without_a_reachable_knock() -> None:
    deal = {"hands": [["3♥", "4♥", "5♥", "K♦", "9♣", "2♠", "J♦"], []], "discard": ["2♦"],
            "stock": [card_str(x) for x in range(52) if card_str(x) not in
                      ("3♥", "4♥", "5♥", "K♦", "9♣", "2♠", "J♦", "2♦", "7♣")] + ["7♣"]}
    s = new_game("dummy", 2, deal=deal)
    s.apply("draw")
    assert not any(mv.verb in ("meld", "layoff") for mv in s.legal_moves())
    with pytest.raises(IllegalMove, match="B13"):
        s.apply("meld 3♥ 4♥ 5♥")


def test_stock_out_final_turn_only_pass_when_no_knock() -> None:
    """B27 with a small pile (the spec's T41 pile must hold 29 cards, from which B *can* knock:
    see docs): the final-turn player who cannot pick up into a knock may only pass."""
    s = replay(scenario_path("T41a_stock_out")).scenario
    deal = dict(s["deal"])
    deal["hands"] = [deal["hands"][0] + deal["discard"][8:], deal["hands"][1]]
    deal["discard"] = deal["discard"][:8]
    st = new_game("dummy", 2, rules=s["rules"], deal=deal)
    st.apply("draw")
    st.apply("discard 7♣")
    assert st.final_turn and [mv.verb for mv in st.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMove, match="B27"):
        st.apply("draw")


def test_pickup_takes_everything_above_t40e() -> None:
    s = replay(scenario_path("T40e_pickup_takes_all_above")).state
    assert [card_str(x) for x in s.pile] == ["5♦", "3♥"]        # B discarded 3♥ back
    assert s.tabled[1] == m("8♣ 8♦ 8♥")


def test_pickup_errors_name_the_rule() -> None:
    deal = {"hands": [["8♦", "K♠"], ["2♥"]], "discard": ["5♦", "8♣", "8♥", "3♥"],
            "stock": [card_str(x) for x in range(52) if card_str(x) not in ("8♦", "K♠", "2♥", "5♦", "8♣", "8♥", "3♥")]}
    s = new_game("dummy", 2, deal=deal)
    with pytest.raises(IllegalMove, match="B11"):
        s.apply("take 8♥ meld 8♣ 8♥ 8♦")      # 8♣ lies below the target 8♥
    with pytest.raises(IllegalMove, match="not a set or run"):
        s.apply("take 8♣ meld 8♣ 8♥ 3♥")
    s.apply("take 8♣ meld 8♣ 8♥ 8♦")
    assert s.hands[0] == m("K♠ 3♥")


# --- notation ----------------------------------------------------------------------------------

def test_notation_round_trip_over_playouts() -> None:
    for seed in range(6):
        s = new_game("dummy", 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            for mv in s.legal_moves():
                assert s.parse_move(s.move_text(mv), s.cur) == mv
            lm = s.legal_moves()
            s.apply(lm[rng.randrange(len(lm))])


def test_layoff_names_any_card_of_the_meld() -> None:
    s = replay(scenario_path("T08_speto_laid_chained")).state
    mv = s.parse_move("layoff 2♥ on 10♠ 8♠", 0)
    assert mv.groups[0][0] == c("8♠")
    with pytest.raises(IllegalMove, match="not on the table"):
        s.parse_move("layoff 2♥ on 3♥", 0)


# --- options and presets -------------------------------------------------------------------------

def test_presets_and_options() -> None:
    g = get_game("dummy")
    assert set(g.presets) >= {"default", "classic"}
    classic = g.make_options("classic")
    assert classic.opt_ting_mee == 0 and classic.head_value_mode == "off" and classic.fool_discard_penalty == 50
    assert g.make_options("default") == g.make_options()
    with pytest.raises(BadOption, match="valid values"):
        g.make_options(rules={"fool_mode": "sometimes"})


def test_json_round_trip_with_table() -> None:
    s = replay(scenario_path("T30_deep_chain")).state
    from cardtable.game import State
    again = State.from_json(s.to_json())
    assert again.view(None) == s.view(None) and again.scores == s.scores


# --- the knock-reachability search against brute force -----------------------------------------

def _brute(hand: int, melds: list[TableMeld], need_own: bool, chain: bool) -> bool:
    from cardtable.games.dummy.tablemelds import meld_layoffs
    tables = meld_tables(False)
    if hand.bit_count() == 1:
        return not need_own
    for mm in tables.all_masks:
        if mm & hand == mm and hand & ~mm and _brute(hand & ~mm, melds + [TableMeld(0, mm, mm, 0, 0)], False, chain):
            return True
    for i, g in enumerate(melds):
        for b in meld_layoffs(g, tables, hand, chain):
            if hand & ~b:
                ext = TableMeld(g.creator, g.mask | b, g.original, 0, 0)
                if _brute(hand & ~b, melds[:i] + [ext] + melds[i + 1:], need_own, chain):
                    return True
    return False


def test_can_cover_matches_brute_force() -> None:
    from cardtable.games.dummy.meldlogic import can_cover
    from cardtable.games.dummy.tablemelds import open_ends
    tables = meld_tables(False)
    rng = random.Random(7)
    agree = hits = 0
    for _ in range(300):
        cards = rng.sample(range(52), 14)
        table_mask = 0
        melds = []
        for mm in rng.sample(tables.all_masks, 40):
            if not mm & table_mask and mm.bit_count() <= 4 and len(melds) < 2 and not any(
                    mm >> x & 1 for x in cards[:7]):
                melds.append(TableMeld(1, mm, mm, 0, 0))
                table_mask |= mm
        hand = mask_of(x for x in cards[:rng.randrange(2, 8)] if not table_mask >> x & 1)
        if rng.random() < 0.6:      # bias towards hands that can go out
            free = [mm for mm in tables.all_masks if not mm & table_mask and mm.bit_count() <= 4]
            hand = rng.choice(free) | (hand & mask_of(cards[:rng.randrange(1, 4)]))
            for g in melds:
                near = [x for x in range(52) if not (table_mask | hand) >> x & 1
                        and tables.is_meld(g.mask | 1 << x)]
                if near and rng.random() < 0.7:
                    hand |= 1 << rng.choice(near)
            hand &= ~table_mask
        if hand.bit_count() < 2:
            continue
        for chain in (True, False):
            ends = [(tables.shapes[g.mask], *open_ends(g, tables.shapes[g.mask], chain)) for g in melds]
            for need in (True, False):
                want = _brute(hand, melds, need, chain)
                assert can_cover(hand, tables, ends, need) is want, (names(hand), [names(g.mask) for g in melds])
                agree += 1
                hits += want
    assert agree > 300 and hits > 10


@pytest.mark.parametrize(("stem", "seat", "value"), [
    ("T01_pee_hua", 3, 60), ("T03_pee_speto_case1", 1, 70), ("T06_ti_on", 1, 60), ("T07_speto_laid_on_you", 3, 50),
    ("T11_hua_plus_speto", 0, 110), ("T12_three_charged", 3, 205), ("T13_two_charged_one_meld", 2, 85),
    ("T17_not_connector", 2, 70), ("T26_speto_head_fed", 2, 120)])
def test_tabled_values_stated_in_section_7(stem: str, seat: int, value: int) -> None:
    """The meld values §7 states for T1, T3, T6, T7, T11–T13, T17, T26 (T(p) so far, B25/B26)."""
    from cardtable.games.dummy.scoring import tabled_value
    assert tabled_value(replay(scenario_path(stem)).state, seat) == value


def test_unordered_move_object_is_refused_with_the_canonical_text() -> None:
    from cardtable.moves import Move
    s = replay(scenario_path("T40a_unborn_tables_then_discards")).state
    s2 = new_game("dummy", 4, deal=s.deal.to_json())
    s2.apply("draw")
    why = s2.why_illegal(0, Move("meld", tuple(parse_cards("5♥ 3♥ 4♥"))))
    assert why is not None and "meld 3♥ 4♥ 5♥" in why


def _check_bound_samples(s: Any, viewer: int, n: int) -> set[int]:
    """Samples from ``viewer`` in a turn bound to knock: view kept, every card in one place,
    the mover's resampled hand still tableable down to one card; returns the hands seen."""
    seen = set()
    for k in range(n):
        t = s.sample_hidden(viewer, random.Random(k))
        assert t.view(viewer) == s.view(viewer)
        assert sorted(x for cs in t.card_places().values() for x in cs) == list(range(52))
        assert t.must_knock and t.cur == s.cur and t._can_finish(t.hands[t.cur])
        assert any(mv.verb in ("meld", "layoff", "knock") for mv in t.legal_moves())
        seen.add(t.hands[t.cur])
    return seen


def test_resampling_mid_dark_knock_does_not_reveal_the_knockers_hand() -> None:
    """Hidden information (brief; docs Decision 13): in a turn bound to end in a knock (B13) the
    mover's hand is secret to the others, and resampling from another seat redraws it among
    the cards that seat cannot place, not the true hand every time."""
    s = _t40a()                                  # seat 0 drew unborn and melded: bound to knock
    assert s.must_knock
    true_hand = s.hands[0]
    assert {c for c in range(52) if true_hand >> c & 1} <= set(s.secret_cards(1))
    seen = _check_bound_samples(s, 1, 20)
    assert len(seen) > 5 and seen != {true_hand}
    for k in range(5):                            # the mover's own sample keeps its hand
        assert s.sample_hidden(0, random.Random(k)).hands[0] == true_hand


def test_resampling_bound_turn_constructive_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """With rejection switched off the constructive search still gives varied legal hands
    (2 players, nine hidden cards left after a dark meld)."""
    from cardtable.games.dummy import sampling
    monkeypatch.setattr(sampling, "REJECTION_TRIES", 0)
    h0, h1 = "3♥ 4♥ 5♥ 6♣ 7♣ 8♣ 9♦ 10♦ J♦ Q♦ K♦", "2♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♦ 3♦"
    named = set(parse_cards(h0 + " " + h1 + " 4♦ 6♥"))
    rest = [card_str(x) for x in range(52) if x not in named]
    s = new_game("dummy", 2, deal={"hands": [h0.split(), h1.split()], "stock": ["6♥", *rest],
                                   "discard": ["4♦"]})
    s.apply("draw")
    s.apply("meld 3♥ 4♥ 5♥")
    assert s.must_knock and s.hands[0].bit_count() == 9
    seen = _check_bound_samples(s, 1, 10)
    assert len(seen) > 3 and seen != {s.hands[0]}


def test_resampling_bound_turn_when_the_viewer_can_place_every_card() -> None:
    """T41c final turn (B27), 2 players, stock empty: seat 0 sees everything but B's hand, so the
    only consistent hand is the true one and a sample reproduces it (nothing is invented)."""
    from cardtable.scenario import load
    sc = load(scenario_path("T41c_final_pickup_knock"))
    s = new_game("dummy", 2, rules=sc["rules"], deal=sc["deal"])
    for mv in sc["moves"][:3]:
        s.apply(mv)
    assert s.final_turn and s.must_knock and s.phase == "play"
    hidden = s.hands[1] & ~s.known[1]
    assert {x for x in range(52) if hidden >> x & 1} == set(s.secret_cards(0))
    assert _check_bound_samples(s, 0, 3) == {s.hands[1]}
