"""The review's thresholds: calibrated for every game and player count, ordered, and measured
on first use where the calibration file has no entry."""

from __future__ import annotations

import pytest

from cardtable.registry import get_game
from cardtable.review import calibration, thresholds
from cardtable.review.stats import paired, t95
from cardtable.review.thresholds import FRACTIONS, measure_spread

BUILTIN = ("biefufen", "bieqi", "dummy", "gin", "jianshisifen", "remik", "shisanzhang", "sibaifen",
           "wushiyifen", "yijiang", "zhuoheia", "zuihoushengli")


@pytest.mark.parametrize("game_id", BUILTIN)
def test_every_player_count_of_every_game_is_calibrated(game_id: str) -> None:
    game = get_game(game_id)
    for n in range(game.min_players, game.max_players + 1):
        entry = calibration.MEASURED[game_id][str(n)]
        assert float(entry["sd"]) > 0 and entry["unit"] in ("points", "wins")
        t = thresholds(game_id, n)
        assert t.measured == "calibration"
        assert 0 < t.inaccuracy < t.mistake < t.blunder
        assert t.blunder == pytest.approx(FRACTIONS["blunder"] * float(entry["sd"]))
        assert [t.mark(x) for x in (0.0, t.inaccuracy, t.mistake, t.blunder)] == [
            None, "inaccuracy", "mistake", "blunder"]


def test_a_game_without_calibration_is_measured_the_same_seeded_way() -> None:
    sd, unit = measure_spread("gin", 2, 30, seed=0)
    assert unit == "points" and sd > 0
    assert measure_spread("gin", 2, 30, seed=0) == (sd, unit)


def test_the_interval_is_students() -> None:
    assert t95(10) == pytest.approx(2.228, abs=0.002)
    assert t95(3) == pytest.approx(3.182)
    mean, lo, hi = paired([3.0, 5.0, 7.0], [1.0, 1.0, 1.0])
    assert mean == 4.0 and (lo, hi) == pytest.approx((4 - 4.303 * 2 / 3 ** 0.5, 4 + 4.303 * 2 / 3 ** 0.5))
