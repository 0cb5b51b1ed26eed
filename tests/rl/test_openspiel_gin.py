"""The gin differential test: OpenSpiel's gin_rummy against cardtable's gin (docs/games/gin.md
Part C).  Scripted deals show each known difference where it applies; seeded random deals
must show no difference that the table of known differences does not explain."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

from bench import openspiel_gin as og  # noqa: E402
from cardtable.cards import parse_cards  # noqa: E402
from cardtable.melds import GIN  # noqa: E402


def order_of(p0: str, p1: str, upcard: str, stock_first: str = "") -> list[int]:
    """A pack order in OpenSpiel ids: player 0's hand, player 1's hand, the upcard, then the
    stock from the top (``stock_first`` and then the remaining cards in code order)."""
    named = [og.to_os_card(c) for c in parse_cards(f"{p0} {p1} {upcard} {stock_first}".split())]
    assert len(set(named)) == len(named)
    return named + [a for a in range(52) if a not in named]


def scripted(steps: list[str], then: og.Policy | None = None) -> og.Policy:
    """Plays the labelled OpenSpiel actions in order (each must be legal), then ``then``."""
    todo = list(steps)
    rest = then or og.random_policy(random.Random(0))

    def pick(duel: og.Duel, legal: list[int]) -> int:
        if not todo:
            return rest(duel, legal)
        want = todo.pop(0)
        for a in legal:
            if og.action_label(a) == want:
                return a
        raise AssertionError(f"{want!r} is not legal in OpenSpiel: {[og.action_label(a) for a in legal]}")
    return pick


def draw_and_discard_it(duel: og.Duel, legal: list[int]) -> int:
    """Pass the upcard, draw from the stock and throw the drawn card; knock never."""
    if og.DRAW_STOCK in legal:
        return og.DRAW_STOCK
    if og.PASS in legal:
        return og.PASS
    return duel.stock_order[duel.drawn - 1]


# --- translation ------------------------------------------------------------------------------

def test_cards_and_melds_translate_both_ways():
    for a in range(52):
        c = og.os_card(a)
        assert og.to_os_card(c) == a
        # OpenSpiel's own name of the card ("Ts", "4c") read by cardtable's parser
        assert parse_cards([og.UTILS.card_string(a)]) == [c]
    assert len(og.MELD_MASK) == 185 == len(og.MASK_MELD)
    for mask in og.MELD_MASK.values():
        assert GIN.is_meld(mask) and 3 <= mask.bit_count() <= 5


def test_rules_follow_openspiel_parameters():
    r = og.cardtable_rules({"knock_card": 7, "gin_bonus": 20, "undercut_bonus": 10, "oklahoma": True})
    assert (r["knock_limit"], r["gin_bonus"], r["undercut_bonus"], r["oklahoma"]) == (7, 20, 10, True)
    assert r["undercut_on_tie"] is False and r["allow_rediscard_taken"] is True
    assert r["fiftieth_card_pickup"] is True and r["big_gin"] is False
    with pytest.raises(ValueError, match="hand_size"):
        og.cardtable_rules({"hand_size": 7})


# --- each known difference where it applies ---------------------------------------------------

ADDENDUM_HAND = "4s 5s 6s 4h 5h 6h 3d Ac 2c 4c"


def test_os1_knock_refused_after_a_draw():
    """The addendum's hand takes 6♣: discarding 6♣ leaves 10, OpenSpiel says 11."""
    duel = og.Duel(order_of(ADDENDUM_HAND, "Ks Kh Kd Qs Qh Qd Js Jh Jd 9s", "6c"))
    r = duel.run(scripted(["Draw upcard"]))
    assert r.mismatches == []
    assert r.explained["OS-1"] == 1
    # the facts behind it, from each engine independently
    h = og._mask(parse_cards((ADDENDUM_HAND + " 6c").split()))
    assert GIN.deadwood(h & ~og._mask(parse_cards(["6c"]))) == 10
    hand = [og.to_os_card(c) for c in parse_cards((ADDENDUM_HAND + " 6c").split())]
    assert og.UTILS.min_deadwood(hand) == 11


def test_os1_knock_refused_at_the_wall():
    """Both draw and throw the drawn card until two stock cards are left; the 29th stock card,
    player 0's last draw, is 6♣, which player 1 could take at the wall to knock with 10."""
    filler = "Ks Kh Kd Qs Qh Qd Js Jh Jd 9s"
    rest = [og.to_os_card(c) for c in parse_cards(f"{ADDENDUM_HAND} {filler} 2s 6c".split())]
    others = [a for a in range(52) if a not in rest]
    stock = others[:28] + [og.to_os_card(parse_cards(["6c"])[0])] + others[28:]
    order = ([og.to_os_card(c) for c in parse_cards(filler.split())]
             + [og.to_os_card(c) for c in parse_cards(ADDENDUM_HAND.split())]
             + [og.to_os_card(parse_cards(["2s"])[0])] + stock)
    duel = og.Duel(order)
    r = duel.run(draw_and_discard_it)
    assert r.mismatches == []
    assert r.explained["OS-1"] == 1
    assert (r.end, r.outcome, r.our_scores, r.os_returns) == ("scored", "dead", [0, 0], [0.0, 0.0])


def test_os2_two_take_and_returns_end_openspiel_deal():
    duel = og.Duel(order_of("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th", "Kc"))
    r = duel.run(scripted(["Draw upcard", "K♣", "Draw upcard", "K♣"]))
    assert r.mismatches == []
    assert r.end == "OS-2" and r.os_returns == [0.0, 0.0]
    assert not duel.st.is_over          # cardtable plays on


def test_os3_fiftieth_upcard_draw_ends_openspiel_deal():
    def take_always(duel: og.Duel, legal: list[int]) -> int:
        if og.DRAW_UPCARD in legal:
            return og.DRAW_UPCARD
        taken = og.to_os_card(duel.st.taken)
        return min(a for a in legal if a < 52 and a != taken)   # never throw the card taken
    duel = og.Duel(order_of("As 3s 5s 7s 9s Jh Kh 2d 4d 6d", "Ac 3c 5c 7c 9c Jd Kd 2h 4h 6h", "8c"))
    r = duel.run(take_always)
    assert r.mismatches == []
    assert r.end == "OS-3" and r.os_returns == [0.0, 0.0]
    assert duel.upcard_draws == 50 and not duel.st.is_over


def test_os4_os5_os6_layoffs_and_melds():
    """Player 0 knocks with 2♣ (K = 2) on [A♥ 2♥ 3♥] [4♠ 5♠ 6♠] [J♦ Q♦ K♦]; player 1 lays off
    7♠ 8♠ (OpenSpiel stops there, cardtable offers 9♠: OS-4), may meld while laying off in
    cardtable (OS-5), holds the six-card run 2♦–7♦ (OS-6) and keeps 9♠ 10♠: D = 19, +17."""
    duel = og.Duel(order_of("Ah 2h 3h 4s 5s 6s Jd Qd Kd 2c", "7s 8s 9s Ts 2d 3d 4d 5d 6d 7d", "9c"))
    r = duel.run(scripted([
        "Draw upcard", "Knock", "9♣", "[A♥ 2♥ 3♥]", "[4♠ 5♠ 6♠]", "[J♦ Q♦ K♦]", "Pass",
        "7♠", "8♠", "Pass", "[2♦ 3♦ 4♦]", "[5♦ 6♦ 7♦]", "Pass"]))
    assert r.mismatches == []
    assert r.explained["OS-4"] == 1     # after 7♠ 8♠: cardtable also offers 9♠
    assert r.explained["OS-5"] == 6     # 3 layoff-stage decisions (melds offered), 3 meld-stage (9♠)
    assert r.explained["OS-6"] == 1     # meld 2♦–7♦ in one action
    assert (r.end, r.outcome, r.our_scores, r.os_returns) == ("scored", "knock", [17, 0], [17.0, -17.0])


def test_no_difference_at_gin():
    """Gin: no layoffs in either engine; D + 25."""
    duel = og.Duel(order_of("Ah 2h 3h 4s 5s 6s Td Jd Qd Kd", "7s 8s 9s Ts 2d 3d 4d 5d 6d Ac", "Kc"))
    r = duel.run(scripted(["Draw upcard", "Knock", "K♣", "[A♥ 2♥ 3♥]", "[4♠ 5♠ 6♠]",
                           "[10♦ J♦ Q♦ K♦]", "Pass", "Pass"]))
    assert r.mismatches == [] and not r.explained
    # D = 7+8+9+10 + 2+3+4+5+6 + 1 = 55 (the defender melds nothing); gin 55 + 25
    assert (r.outcome, r.our_scores, r.os_returns) == ("gin", [80, 0], [80.0, -80.0])


# --- random deals -------------------------------------------------------------------------------

@pytest.mark.parametrize(("deals", "seed"), [(100, 2), pytest.param(400, 3, marks=pytest.mark.slow)])
def test_random_deals_differ_only_by_known_differences(deals, seed):
    s = og.run_many(deals, seed=seed)
    assert s.deals == deals and s.decisions > 60 * deals
    assert s.mismatches == [], "\n".join(map(str, s.mismatches[:10]))
    assert set(s.explained) <= set(og.DIFFERENCES)
    # the deals reach every kind of ending
    assert {"dead", "knock", "gin", "undercut"} <= set(s.outcomes)


@pytest.mark.parametrize(("params", "rules"), [
    ({}, {"allow_rediscard_taken": False}), ({}, {"undercut_bonus": 20}),
    ({}, {"fiftieth_card_pickup": False}), ({}, {"knock_limit": 9}),
    ({"knock_card": 0}, {"gin_bonus": 20}), ({"oklahoma": True}, {"oklahoma_ace": "one"})])
def test_a_wrong_rule_is_caught(params, rules):
    """The comparison can fail: cardtable with one rule off OpenSpiel's shows mismatches."""
    s = og.run_many(60, seed=5, configs=[params], rules=rules)
    assert s.mismatches


def test_a_broken_engine_is_caught(monkeypatch):
    """An engine bug (knock scores one point short, layoffs never chain) shows as mismatches."""
    import cardtable.games.gin.state as gin_state
    from cardtable.games.gin.scoring import settle_knock

    def short(*args, **kwargs):
        res = settle_knock(*args, **kwargs)
        it = res.items[0]
        return type(res)([type(it)(it.seat, max(0, it.points - 1), it.rule, it.cards, it.note, it.turn)],
                         res.winner)
    monkeypatch.setattr(gin_state, "settle_knock", short)
    s = og.run_many(40, seed=5, configs=[{}])
    assert any(m.detail == "scores differ" for m in s.mismatches)
    monkeypatch.undo()

    real = GIN.can_lay_off
    monkeypatch.setattr(GIN, "can_lay_off", lambda c, meld: real(c, meld) and meld.bit_count() == 3)
    s = og.run_many(200, seed=5, configs=[{}])
    assert any(m.phase == "LAYOFF" for m in s.mismatches)
