"""The ladder: reproducible on any worker count, ratings and SPRT that find known answers."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.errors import BadOption
from cardtable.ladder import bradley_terry, elo_score, ladder, plans, sprt


def test_ladder_identical_on_one_and_two_workers() -> None:
    bots = ["random", "easy", "ismcts:iterations=3"]
    one = ladder("zuihoushengli", bots, deals=3, seed=5, workers=1).to_json()
    two = ladder("zuihoushengli", bots, deals=3, seed=5, workers=2).to_json()
    assert one == two
    assert not one["errors"]
    assert [r["bot"] for r in one["ratings"]] == bots


def test_ladder_orders_random_below_heuristic() -> None:
    res = ladder("gin", ["random", "heuristic"], deals=6, seed=1).to_json()
    r = {x["bot"]: x for x in res["ratings"]}
    assert r["heuristic"]["rating"] > r["random"]["rating"]
    assert r["heuristic"]["margin_per_deal"] > 0 > r["random"]["margin_per_deal"]
    # zero-sum pair: the margins mirror each other
    assert r["heuristic"]["margin_per_deal"] == pytest.approx(-r["random"]["margin_per_deal"])


def test_plans_seat_every_bot() -> None:
    assert [p.bots for p in plans("zhuoheia", ["a", "b"], 2)] == [("a", "b", "a", "b")]
    two = plans("gin", ["a", "b", "c"], 2)
    assert [p.bots for p in two] == [("a", "b"), ("a", "c"), ("b", "c")]
    assert all(p.duplicate for p in two)
    with pytest.raises(BadOption):
        plans("gin", ["a"], 2)
    with pytest.raises(BadOption):
        plans("gin", ["a", "a"], 2)


def test_bradley_terry_recovers_a_known_ordering() -> None:
    true = [0.0, 100.0, 250.0, -150.0]
    rng = random.Random(4)
    k = len(true)
    wins = [[0.0] * k for _ in range(k)]
    for _ in range(4000):
        i, j = rng.sample(range(k), 2)
        if rng.random() < elo_score(true[i] - true[j]):
            wins[i][j] += 1
        else:
            wins[j][i] += 1
    fit = bradley_terry(wins)
    assert sorted(range(k), key=lambda i: fit[i]) == sorted(range(k), key=lambda i: true[i])
    centre = sum(true) / k
    for f, t in zip(fit, true, strict=True):
        assert abs(f - (t - centre)) < 40


@pytest.mark.parametrize(("p", "want"), [(0.75, "H1"), (0.35, "H0"), (0.5, "H0")])
def test_sprt_decides_on_synthetic_streams(p: float, want: str) -> None:
    rng = random.Random(int(p * 100))
    units = [1.0 if rng.random() < p else 0.0 for _ in range(5000)]
    assert sprt(units, 0, 50)["result"] == want


def test_sprt_waits_on_short_runs() -> None:
    assert sprt([1.0] * 5)["result"] == "continue"


def test_cli_ladder_json() -> None:
    res = CliRunner().invoke(app, ["ladder", "gin", "--bots", "random,medium", "--deals", "2", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert set(data) >= {"game", "deals", "ratings", "sprt"}
    assert data["deals"] == 2 and {r["bot"] for r in data["ratings"]} == {"random", "medium"}
    for r in data["ratings"]:
        assert r["ci95"][0] <= r["rating"] <= r["ci95"][1]
    bad = CliRunner().invoke(app, ["ladder", "gin", "--bots", "random,nobot"])
    assert bad.exit_code != 0 and "nobot" in bad.output


def test_cli_splits_bot_settings() -> None:
    from cardtable.cli.ladder import split_bots
    assert split_bots("medium,ismcts:iterations=30,rollout=random,hard") == [
        "medium", "ismcts:iterations=30,rollout=random", "hard"]


def test_outcome_values() -> None:
    from cardtable.bots.outcome import seat_values
    assert seat_values("gin", [0, 18], [1]) == [0, 18]
    assert seat_values("remik", [0, 30, 50], [0]) == [0, -30, -50]        # penalty points
    assert seat_values("zhuoheia", [0, 0, 0, 0], [2]) == [0, 0, 1, 0]     # match-scored deals
    assert seat_values("gin", [0, 0], []) == [0, 0]


def test_partners_are_the_same_bot() -> None:
    """Three bots at four seats: pairs, each seated A, B, A, B (partners 0 & 2 alike)."""
    tables = plans("sibaifen", ["a", "b", "c"], 2)
    assert [p.bots for p in tables] == [("a", "b", "a", "b"), ("a", "c", "a", "c"), ("b", "c", "b", "c")]


def test_sprt_steps_cover_consecutive_pairs() -> None:
    res = ladder("gin", ["random", "easy", "medium"], deals=2, seed=3).to_json()
    assert [(s["first"], s["second"]) for s in res["sprt_steps"]] == [("random", "easy"), ("easy", "medium")]
    assert res["sprt_steps"][0]["llr"] == res["sprt"]["llr"]
