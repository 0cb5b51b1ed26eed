"""Match play: game end, bonuses, shutout, dealer rotation (gin.md rules 8–9, 34–39; GT-13, GT-14, GT-17)."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardtable import Match, get_game
from cardtable.games.gin.scoring import match_end, next_dealer
from cardtable.scenario import check, replay

from .helpers import make_deal

GAME = get_game("gin")
SCEN = Path(__file__).parent / "scenarios"


def fake_match(hands: list[tuple[list[int], int | None, int]], **rules: object) -> SimpleNamespace:
    """A match-like object: each deal is (scores, hand winner, dealer)."""
    deals = [SimpleNamespace(scores=sc, hand_winner=w, deal=SimpleNamespace(extra={"dealer": d}))
             for sc, w, d in hands]
    totals = [sum(d.scores[s] for d in deals) for s in (0, 1)]
    return SimpleNamespace(deals=deals, deal_totals=totals, options=GAME.make_options(rules=rules))


def gt13_hands() -> list[tuple[list[int], int | None, int]]:
    # A (seat 0) won 3 hands for 95, B won 2 for 40; then A wins a hand worth 20
    return [([30, 0], 0, 1), ([0, 20], 1, 1), ([35, 0], 0, 0), ([0, 20], 1, 1), ([30, 0], 0, 0), ([20, 0], 0, 1)]


def test_gt13_game_end_bonuses() -> None:
    m = fake_match(gt13_hands())
    assert m.deal_totals == [115, 40]
    end = match_end(m)
    assert end is not None and end.winners == [0]
    got = {0: 0, 1: 0}
    for it in end.items:
        got[it.seat] += it.points
        assert it.rule == "gin:38"
    assert m.deal_totals[0] + got[0] == 315 and m.deal_totals[1] + got[1] == 90
    # the margin (rule 40, 315 − 90 = 225) is checked on the real match: test_audit.py
    assert match_end(fake_match(gt13_hands()[:-1])) is None   # 95 < 100: the game goes on


@pytest.mark.parametrize(("mode", "total"), [("double_total", 558), ("double_bonuses", 454),
                                             ("flat100", 104 + 175 + 100), ("none", 104 + 175)])
def test_gt14_shutout(mode: str, total: int) -> None:
    m = fake_match([([30, 0], 0, 1), ([40, 0], 0, 0), ([34, 0], 0, 0)], shutout=mode)
    end = match_end(m)
    assert end is not None and end.winners == [0]
    assert m.deal_totals[0] + sum(it.points for it in end.items if it.seat == 0) == total
    assert sum(it.points for it in end.items if it.seat == 1) == 0
    assert any(it.rule == "gin:39" for it in end.items) == (mode != "none")


def test_no_shutout_when_loser_won_a_hand() -> None:
    m = fake_match([([0, 5], 1, 1), ([104, 0], 0, 0)])   # B won one hand (a 5-point knock)
    end = match_end(m)
    assert end is not None and not any(it.rule == "gin:39" for it in end.items)


@pytest.mark.parametrize(("rotation", "winner", "dealer", "want"), [
    ("loser", 0, 1, 1), ("loser", 1, 1, 0), ("winner", 0, 1, 0), ("winner", 1, 0, 1),
    ("alternate", 0, 1, 0), ("alternate", 1, 0, 1), ("loser", None, 0, 0), ("winner", None, 1, 1),
    ("alternate", None, 1, 1), ("alternate", None, 0, 0)])
def test_deal_rotation(rotation: str, winner: int | None, dealer: int, want: int) -> None:
    m = fake_match([([5, 0] if winner == 0 else [0, 5], winner, dealer)], deal_rotation=rotation)
    assert next_dealer(m) == want


def test_gt17_dealers_in_a_match_scenario() -> None:
    """GT-17: A wins hand 1 dealt by B; B (the loser) deals hand 2; it is dead; B deals hand 3."""
    r = replay(SCEN / "gt17_match_dealers.json")
    assert check(r) == []
    assert r.match is not None
    dealers = [d.deal.extra["dealer"] for d in r.match.deals] + [r.match.state.deal.extra["dealer"]]
    assert dealers == [1, 1, 1]
    assert [d.hand_winner for d in r.match.deals] == [0, None]


def test_gt17_winner_rotation_differs() -> None:
    """With deal_rotation=winner, A (seat 0) deals hand 2 (shows the scenario tests the rule)."""
    h1 = make_deal("2c 3c 4c 5h 6h 7h 9s 9d 9h 6d", "8h 9c Ks Kd Kh Qs Jd 3d 2s As", "Tc", "Qc", dealer=1)
    m = Match(GAME, 2, GAME.make_options(rules={"deal_rotation": "winner"}), first_deal=h1)
    for t in ("pass", "pass", "draw", "knock Q♣"):
        m.state.apply(t)
    m.next_deal()
    assert m.state.deal.extra["dealer"] == 0 and m.state.to_move() == (1,)


def test_first_dealer_by_cut() -> None:
    """Rule 8: the higher cut deals; a tie is recut; the match's seed decides."""
    opts = GAME.make_options()
    seen = set()
    for seed in range(40):
        ctx = GAME.first_context(2, opts, random.Random(seed))
        a, b = ctx["cut"]
        rank = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
        ra, rb = rank.index(a[:-1]), rank.index(b[:-1])
        assert ra != rb and ctx["dealer"] == (0 if ra > rb else 1)
        seen.add(ctx["dealer"])
    assert seen == {0, 1}
    rnd = GAME.make_options(rules={"first_dealer": "random"})
    assert {GAME.first_context(2, rnd, random.Random(s))["dealer"] for s in range(20)} == {0, 1}


def test_whole_match_with_bots_ends() -> None:
    from cardtable.bots import make_bot
    bots = [make_bot("gin", "heuristic"), make_bot("gin", "random")]
    rng = random.Random(7)
    m = Match(GAME, 2, GAME.make_options(), seed=11)
    while True:
        s = m.state
        while not s.is_over:
            seat = s.to_move()[0]
            s.apply(bots[seat].choose(s.view(seat), s.legal_moves(), rng))
        if m.finish_deal() is not None:
            break
        m.next_deal()
    assert m.end is not None and max(m.deal_totals) >= 100
    w = m.end.winners[0]
    assert m.totals[w] > m.totals[1 - w]
    assert all(it.rule in ("gin:38", "gin:39") for it in m.end.items)


def test_spade_double_in_match_scores() -> None:
    d = make_deal("As 2s 3s 4h 5h 6h 9c 9d 9h 3d", "Kc Kd Kh Qc Qd Qh 2c 5d 3c Th", "4s", "Jc")
    m = Match(GAME, 2, GAME.make_options(rules={"oklahoma": True, "oklahoma_spade_double": True}), first_deal=d)
    for t in ("pass", "pass", "draw", "knock J♣"):
        m.state.apply(t)
    m.finish_deal()
    assert m.deal_totals == [34, 0] and m.end is None
