"""Audit tests (docs/games/gin.md "Audit"): figures worked out by hand from gin.md, and the
hidden-information and bad-input guarantees checked against resampled deals."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardtable import IllegalMove, Match, get_game
from cardtable.bots import make_bot
from cardtable.cards import Card
from cardtable.conformance import snapshot
from cardtable.errors import BadOption
from cardtable.games.gin.scoring import margin, match_end, next_dealer, settle_knock
from cardtable.moves import Move
from cardtable.scenario import replay

from .helpers import make_deal

GAME = get_game("gin")
SCEN = Path(__file__).parent / "scenarios"
# the templates of make_scenarios.py: knocker hand, defender hand, upcard, stock top, knock
GT06 = ("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Tc", "Qc", "knock Q♣")
GT07 = ("As 2s 3s 4h 5h 6h Jc Jd Jh Js", "7h 3h Kc Kd Ks 8c 9c Tc 2d 5d", "Qh", "Qd", "gin Q♦")
GT09 = ("As 2s 3s 4c 5c 6c 7d 8d 9d 5h", "Ks Kc Kd Qs Qc Qd Js Jc Jd 5d", "2h", "Th", "knock 10♥")


def hand_deal(template: tuple[str, ...], knocker: int) -> dict:
    """The template's deal with ``knocker`` as the non-dealer (he plays first); no dealer
    key, so a match's rotation decides it (and :func:`play_hand` checks it)."""
    k, d, up, top, _ = template
    hands = [k, d] if knocker == 0 else [d, k]
    deal = make_deal(hands[0], hands[1], up, top)
    del deal["dealer"]
    return deal


def play_hand(m: Match, template: tuple[str, ...], knocker: int) -> None:
    """Deal the next hand of ``m`` (unless its current deal is fresh), check that the
    rotation made ``knocker`` the non-dealer, and play pass, pass, draw, knock."""
    if m.state.is_over:
        m.next_deal(hand_deal(template, knocker))
    assert m.state.deal.extra["dealer"] == 1 - knocker, "the rotation gave another dealer"
    for t in ("pass", "pass", "draw", template[4]):
        m.state.apply(t)


def new_match(template: tuple[str, ...], knocker: int, preset: str | None = None,
              **rules: object) -> Match:
    return Match(GAME, 2, GAME.make_options(preset, rules), seed=1,
                 first_deal=hand_deal(template, knocker), context={"dealer": 1 - knocker})


# --- rule 34 and Clarifications: a hand that scores nothing credits no box ---------------------

def test_tie_undercut_worth_nothing_credits_no_box_and_same_dealer() -> None:
    """GT-09 hands with undercut_bonus=0: K = D = 5, the undercut is worth 5 − 5 + 0 = 0: the
    hand scores nothing, so no box and the same dealer deals again (Clarifications)."""
    k, d, up, top, move = GT09
    s = GAME.new_state(2, GAME.make_options(rules={"undercut_bonus": 0}), deal=make_deal(k, d, up, top))
    for t in ("pass", "pass", "draw", move):
        s.apply(t)
    assert s.scores == [0, 0] and s.hand_winner is None and s.winners() == []
    fake = SimpleNamespace(deals=[s], options=s.options)
    assert next_dealer(fake) == 1          # seat 1 dealt it and deals again
    # with the default bonus the same hand is a box for the defender, and the loser deals
    s2 = GAME.new_state(2, deal=make_deal(k, d, up, top))
    for t in ("pass", "pass", "draw", move):
        s2.apply(t)
    assert s2.scores == [0, 25] and s2.hand_winner == 1
    assert next_dealer(SimpleNamespace(deals=[s2], options=s2.options)) == 0


def test_gin_worth_nothing_credits_no_box() -> None:
    opts = GAME.make_options(rules={"gin_bonus": 0})
    res = settle_knock(opts, 0, 0, 0, 0, 0, gin=True, big_gin=False, mult=1)
    assert res.winner is None and [it.points for it in res.items] == [0]
    res = settle_knock(opts, 0, 0, 0, 7, 0, gin=True, big_gin=False, mult=1)
    assert res.winner == 0 and res.items[0].points == 7


# --- rule 9: dealer rotation in all three modes, with Clarifications -------------------------

@pytest.mark.parametrize(("rotation", "want"), [
    # (dealer of hand 1 = seat 1; seat 0 wins hand 1; hand 2 is dead) -> dealers of hands 2, 3
    ("loser", (1, 1)), ("winner", (0, 0)), ("alternate", (0, 0))])
def test_rotation_modes_with_a_dead_hand(rotation: str, want: tuple[int, int]) -> None:
    m = new_match(GT06, 0, deal_rotation=rotation)
    play_hand(m, GT06, knocker=0)           # seat 0 wins 20
    assert m.state.scores == [20, 0]
    dead = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "3s 5s 7s 9s Js 3h 5h 7h 9h Jh", "Kc")
    del dead["dealer"]
    st = m.next_deal(dead)
    assert st.deal.extra["dealer"] == want[0]
    st.apply("pass")
    st.apply("pass")
    for i in range(29):
        st.apply("draw")
        st.apply("discard " + dead["stock"][i])
    assert st.is_over and st.dead
    m.finish_deal()
    assert GAME.next_context(m)["dealer"] == want[1]   # after the dead hand: the same dealer


# --- rules 37-40: whole matches scored by hand ----------------------------------------------------

def test_classic_match_bonuses_by_hand() -> None:
    """Classic preset (gin 20, undercut 10, box 20), the loser deals.  A = seat 0, B = seat 1.
    Hand 1 (A deals): B knocks, GT-06: B +20.  Hand 2 (A, the loser, deals): B knocks with
    K = 5 against D = 5, GT-09: a tie is an undercut, A +0 + 10 = 10.  Hands 3-5 (B deals):
    A goes gin, GT-07: 17 + 20 = 37 each.  A = 10 + 3 × 37 = 121 with 4 boxes, B = 20 with 1.
    End: A = 121 + 100 + 4 × 20 = 301, B = 20 + 20 = 40, no shutout; margin 261."""
    m = new_match(GT06, 1, "classic")
    play_hand(m, GT06, knocker=1)
    assert m.state.scores == [0, 20]
    play_hand(m, GT09, knocker=1)
    assert m.state.scores == [10, 0]
    for _ in range(3):
        play_hand(m, GT07, knocker=0)
        assert m.state.scores == [37, 0]
    end = m.finish_deal()
    assert end is not None and end.winners == [0]
    assert m.deal_totals == [121, 20]
    assert m.totals == [301, 40] and margin(m) == 261
    assert not any(it.rule == "gin:39" for it in end.items)


def test_gt13_margin_rule_40() -> None:
    r = replay(SCEN / "gt13_match_game_end.json")
    assert r.match is not None and r.match.totals == [315, 90]
    assert margin(r.match) == 225            # GT-13: 315 − 90


def test_margin_none_while_the_game_goes_on() -> None:
    m = new_match(GT06, 0)
    play_hand(m, GT06, knocker=0)
    assert m.finish_deal() is None and margin(m) is None


def test_shutout_flat100_and_target_150() -> None:
    """GT-14 hands (A: 42 + 42 + 20 = 104, three boxes, B none): flat100 gives
    104 + 100 + 75 + 100 = 379; with game_target 150 (rule 45) the game goes on."""
    fake = SimpleNamespace(deals=[SimpleNamespace(hand_winner=0)] * 3, deal_totals=[104, 0],
                           options=GAME.make_options(rules={"shutout": "flat100"}))
    end = match_end(fake)
    assert end is not None and 104 + sum(it.points for it in end.items if it.seat == 0) == 379
    fake.options = GAME.make_options(rules={"game_target": 150})
    assert match_end(fake) is None


# --- hidden information: legality and error messages depend only on what the mover knows -----

def probes(s) -> list[Move]:
    out: list[Move] = [Move("draw"), Move("take"), Move("pass"), Move("biggin"), Move("done")]
    for c in range(52):
        out += [Move("discard", (Card(c),)), Move("knock", (Card(c),)), Move("gin", (Card(c),))]
    for meld in getattr(s, "k_melds", []):     # manual defender: lay any card on each meld
        group = (Card((meld & -meld).bit_length() - 1),)
        out += [Move("layoff", (Card(c),), (group,)) for c in range(52)]
    return out


@pytest.mark.parametrize("rules", [{}, {"fiftieth_card_pickup": True, "big_gin": True, "force_gin": True},
                                   {"oklahoma": True, "defender_auto": False}])
def test_reasons_do_not_depend_on_hidden_cards(rules: dict) -> None:
    """For every probe move, ``why_illegal`` gives the same answer (legal, or the same
    reason) in the real deal and in deals resampled from the mover's view: no reason can
    name or hint at a card the mover cannot see (the stock, the opponent's hand)."""
    opts = GAME.make_options(rules=rules)
    bot = make_bot("gin", "heuristic")
    checked = 0
    phases: set[int] = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_state(2, opts, seed=seed)
        step = 0
        while not s.is_over:
            seat = s.to_move()[0]
            if step % 9 == 0 or s.phase in (4, 5, 6):
                alts = [s.sample_hidden(seat, rng) for _ in range(2)]
                for mv in probes(s):
                    want = s.why_illegal(seat, mv)
                    for alt in alts:
                        assert alt.why_illegal(seat, mv) == want, (s.moves_text(), s.move_text(mv))
                    checked += 1
            phases.add(s.phase)
            legal = s.legal_moves()
            s.apply(bot.choose(s.view(seat), legal, rng) if seed % 2 else legal[rng.randrange(len(legal))])
            step += 1
    assert checked > 1000
    if rules.get("defender_auto") is False:
        assert 6 in phases                   # the manual defender's layoffs were probed


# --- bad input: named problem, state unchanged ---------------------------------------------------

def test_bad_input_is_named_and_changes_nothing() -> None:
    s = GAME.new_state(2, deal=make_deal(*GT06[:4]))
    for t in ("pass", "pass", "draw"):
        s.apply(t)
    before = snapshot(s)
    cases = {"discard Zz": "bad card token 'Zz'", "discard 1x": "unknown suit",
             "frobnicate": "unknown move 'frobnicate'", "discard": "write it as",
             "discard K♥": "K♥ is not in your hand", "take": "cannot take now",
             "knock 6♦ [2♣ 3♣]": "neither a set", "knock 6♦ [2♣ 3♣ 4♣] [2♣ 3♣ 4♣]": "two melds",
             "knock 6♦ [2♣ 2♣ 3♣]": "twice",
             "1: discard Q♣": "not seat 2's turn", "7: draw": "no seat 7",     # seats from 1
             "discard Q♣ @x": "no '@' target", "biggin": "big gin is not played"}
    for text, why in cases.items():
        with pytest.raises(IllegalMove) as e:
            s.apply(text)
        assert why in str(e.value), (text, str(e.value))
        assert snapshot(s) == before, text


def test_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(BadOption) as e:
        GAME.make_options(rules={"knock_limt": 3})
    assert "knock_limt" in str(e.value) and "knock_limit" in str(e.value) and "gin_bonus" in str(e.value)
    with pytest.raises(BadOption, match="valid values: loser, winner, alternate"):
        GAME.make_options(rules={"deal_rotation": "dealer"})
    with pytest.raises(BadOption, match="valid presets: classic, modern"):
        GAME.make_options("tournament")


# --- rule 20 and Clarifications: the arrangement laid out decides the layoffs ----------------

ARR = ("3s 4s 5s 6s 6h 6d 6c Ac 2c 4d", "7s Ks Kh Kc Qc Qh Qd 5h 9d 8c", "Tc", "Kd")


@pytest.mark.parametrize(("knock", "points"), [
    # engine's arrangement: the run 3♠-6♠ (longest meld first): 7♠ lays off, D = 5+9+8 = 22
    ("knock K♦", 22 - 7),
    ("knock K♦ [3♠ 4♠ 5♠ 6♠] [6♥ 6♦ 6♣]", 22 - 7),
    # the same deadwood (7) with 6♠ in the set: 7♠ has nowhere to go, D = 29
    ("knock K♦ [3♠ 4♠ 5♠] [6♠ 6♥ 6♦ 6♣]", 29 - 7)])
@pytest.mark.parametrize("auto", [True, False])
def test_equal_deadwood_arrangements_decide_the_layoffs(knock: str, points: int, auto: bool) -> None:
    s = GAME.new_state(2, GAME.make_options(rules={"defender_auto": auto}), deal=make_deal(*ARR))
    for t in ("pass", "pass", "draw", knock):
        s.apply(t)
    assert s.k_points == 7
    if not auto:
        plan = s.propose_defence()
        for c, i in plan.layoffs:
            s.apply(Move("layoff", (Card(c),), (tuple(Card(x) for x in range(52) if s.k_melds[i] >> x & 1),)))
        for meld in plan.melds:
            s.apply(Move("meld", tuple(Card(x) for x in range(52) if meld >> x & 1)))
        s.apply("done")
    assert s.scores == [points, 0] and s.hand_winner == 0


# --- small rules without a test of their own -----------------------------------------------------

def test_rule1_two_players_only() -> None:
    for n in (1, 3):
        with pytest.raises(BadOption, match="gin is for 2 players, not"):
            GAME.check_players(n)
    assert len(GAME.pack(2, GAME.make_options())) == 52


def test_rule22_knock_right_after_taking_the_upcard_and_rule28() -> None:
    """Rule 22: a knock is legal in the first turn, after taking the upcard; rule 17 still
    bars the taken card as the knock discard.  Rule 28: the knocker has no move while the
    (manual) defender lays off."""
    s = GAME.new_state(2, GAME.make_options(rules={"defender_auto": False}),
                       deal=make_deal("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Qc"))
    s.apply("take")
    with pytest.raises(IllegalMove, match="rule 17"):
        s.apply("knock Q♣")
    s.apply("knock 6♦")                       # K = 10 (Q♣)
    assert s.k_points == 10 and s.to_move() == (1,) and s.legal_moves(0) == []
    with pytest.raises(IllegalMove, match="not seat 1's turn"):      # seat 0 counted from 1
        s.apply("0: layoff 9♣ [9♠ 9♦ 9♥]")
    for t in ("meld K♠ K♦ K♥", "layoff 8♥ [5♥ 6♥ 7♥]", "layoff 9♣ [9♠]", "done"):
        s.apply(t)
    assert s.scores == [16, 0]                # D = 26 (GT-06) − K 10


def test_rule46_upcard_and_limit_stay_in_view() -> None:
    """Oklahoma: after the upcard is taken, either player can still see it and the limit."""
    s = GAME.new_state(2, GAME.make_options(rules={"oklahoma": True}),
                       deal=make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "Kc Kd 2c 5d Qs 3c Jh 4d 7s 6s", "7c"))
    s.apply("take")
    s.apply("discard 8♣")
    for seat in (0, 1, None):
        v = s.view(seat)
        assert v["upcard"] == "7♣" and v["knock_limit"] == 7 and v["discard"] == ["8♣"]
