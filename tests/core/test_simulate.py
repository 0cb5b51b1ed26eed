"""``cardtable.simulate``: seat and dealer rotation, duplicate deals, intervals, workers, Ray."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter

import pytest

from cardtable.errors import BadOption
from cardtable.simulate import Plan, Results, initial_state, mean_ci, play, simulate, wilson_ci


def figures(results: Results) -> dict[str, object]:
    data = results.to_json()
    return {k: data[k] for k in ("per_bot", "mean_score", "win_rate", "no_winner", "mean_moves",
                                 "games", "deals", "errors")}


def test_rotation_puts_every_bot_in_every_seat_equally() -> None:
    plan = Plan("bieqi", 3, ("heuristic", "random", "random"), deals=18, seed=2)
    seat_count: Counter[tuple[int, int]] = Counter()
    dealer_gap: Counter[tuple[int, int]] = Counter()
    for i, r in plan.plays():
        seating = plan.seating(i, r)
        assert sorted(seating) == [0, 1, 2]
        dealer = plan.dealer_of(i)
        assert dealer is not None
        for seat, entry in enumerate(seating):
            seat_count[entry, seat] += 1
            dealer_gap[entry, (seat - dealer) % 3] += 1
    assert set(seat_count.values()) == {18 // 3}
    assert len(seat_count) == 9
    assert set(dealer_gap.values()) == {18 // 3} and len(dealer_gap) == 9


def test_rotation_moves_the_dealer_in_the_deal() -> None:
    plan = Plan("gin", 2, ("random", "random"), deals=4, seed=5)
    dealers = [initial_state(plan, i).deal.extra["dealer"] for i in range(4)]
    assert dealers == [plan.dealer_of(i) for i in range(4)] == [0, 0, 1, 1]


def test_fixed_seats_keep_the_listed_order() -> None:
    plan = Plan("gin", 2, ("heuristic", "random"), deals=5, rotate=False)
    assert all(plan.seating(i) == (0, 1) for i in range(5))
    assert plan.dealer_of(3) is None


def test_duplicate_plays_every_rotation_of_every_deal() -> None:
    plan = Plan("zuihoushengli", 4, ("heuristic", "random", "random", "heuristic"), deals=3,
                seed=9, duplicate=True)
    plays = plan.plays()
    assert len(plays) == 3 * 4
    for i in range(3):
        seatings = {plan.seating(i, r) for r in range(4)}
        assert seatings == {tuple((s + r) % 4 for s in range(4)) for r in range(4)}
        # every entry holds every seat's hand once
        for entry in range(4):
            assert sorted(s.index(entry) for s in seatings) == [0, 1, 2, 3]
        first = initial_state(plan, i)
        for r in range(4):
            assert play(plan, i, r).error is None
            assert initial_state(plan, i).to_json() == first.to_json()
    results = simulate(plan)
    assert results.to_json()["games"] == 12 and results.to_json()["deals"] == 3


def test_duplicate_intervals_use_deals_as_units() -> None:
    plan = Plan("gin", 2, ("heuristic", "random"), deals=6, seed=3, duplicate=True)
    results = simulate(plan)
    per_deal: dict[int, list[float]] = {}
    for p in results.plays:
        per_deal.setdefault(p.index, []).append(p.entry_scores()[0])
    means = [sum(v) / len(v) for v in per_deal.values()]
    assert all(len(v) == 2 for v in per_deal.values())
    stats = results.entries()[0]
    assert stats.mean == pytest.approx(statistics.fmean(means))
    half = 1.96 * statistics.stdev(means) / math.sqrt(len(means))
    assert stats.mean_ci == pytest.approx((stats.mean - half, stats.mean + half), rel=1e-3)


def test_same_results_with_one_and_two_workers() -> None:
    plan = Plan("bieqi", 3, ("heuristic", "random", "random"), deals=24, seed=11)
    one = figures(simulate(plan, workers=1))
    two = figures(simulate(plan, workers=2))
    assert one == two
    other = figures(simulate(Plan("bieqi", 3, ("heuristic", "random", "random"), deals=24, seed=12)))
    assert other != one


def test_per_bot_figures_follow_the_bot_not_the_seat() -> None:
    plan = Plan("gin", 2, ("heuristic", "random"), deals=30, seed=1)
    results = simulate(plan)
    heur = [p.scores[p.seating.index(0)] for p in results.plays]
    assert results.entries()[0].mean == pytest.approx(statistics.fmean(heur))
    wins = sum(1 for p in results.plays if p.seating.index(0) in p.winners)
    assert results.entries()[0].win_rate == pytest.approx(wins / 30)
    assert results.entries()[0].win_ci == wilson_ci(wins, 30)


def test_intervals() -> None:
    vals = [random.Random(4).gauss(0, 1) for _ in range(50)]
    m, (lo, hi) = mean_ci(vals)
    assert m == pytest.approx(statistics.fmean(vals))
    assert hi - m == pytest.approx(m - lo) == pytest.approx(1.959964 * statistics.stdev(vals) / math.sqrt(50))
    assert mean_ci([3.0]) == (3.0, (3.0, 3.0))
    # Wilson: 5 of 10 -> (0.2366, 0.7634); 0 of 10 -> (0, 0.2775)
    assert wilson_ci(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson_ci(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)


def test_bad_plans() -> None:
    with pytest.raises(BadOption, match="needs 2 bots"):
        Plan("gin", 2, ("random",), deals=3)
    with pytest.raises(BadOption, match="at least 1"):
        Plan("gin", 2, ("random", "random"), deals=0)
    with pytest.raises(BadOption, match="cannot keep fixed seats"):
        Plan("gin", 2, ("random", "random"), deals=2, rotate=False, duplicate=True)
    with pytest.raises(BadOption, match="valid bots"):
        simulate(Plan("gin", 2, ("random", "nosuch"), deals=2))


@pytest.mark.slow
def test_same_results_on_ray() -> None:
    pytest.importorskip("ray")
    plan = Plan("gin", 2, ("heuristic", "random"), deals=16, seed=4, duplicate=True)
    local = figures(simulate(plan, workers=1))
    assert figures(simulate(plan, workers=2, ray=True)) == local


def test_presets_apply() -> None:
    classic = Plan("gin", 2, ("heuristic", "random"), deals=1, preset="classic", rules={"box_bonus": 30})
    options = initial_state(classic, 0).options
    assert options.gin_bonus == 20 and options.box_bonus == 30
    assert simulate(classic).to_json()["preset"] == "classic"
    with pytest.raises(BadOption, match="no preset"):
        simulate(Plan("gin", 2, ("random", "random"), deals=1, preset="nosuch"))
