"""``cardtable simulate``: statistics, determinism across worker counts, bad options."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.simulate import game_seed, play_one
from cardtable.simulate import Plan, play


def simulate(runner: CliRunner, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_statistics_add_up(runner: CliRunner, toy: str) -> None:
    data = simulate(runner, "toy", "--games", "40", "--bots", "random,first", "--seed", "7",
                    "--no-rotate")
    assert data["games"] == 40 and data["bots"] == ["random", "first"] and data["errors"] == []
    # recompute from the per-game function: same seeds, same results
    totals = [0, 0]
    wins = [0, 0]
    for i in range(40):
        scores, winners, _ = play_one("toy", 2, {}, ("random", "first"), game_seed(7, i))
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        for s in winners:
            wins[s] += 1
    assert data["mean_score"] == [t / 40 for t in totals]
    assert data["win_rate"] == [w / 40 for w in wins]
    assert data["games_per_second"] > 0 and data["mean_moves"] > 0


def test_rotation_is_the_default(runner: CliRunner, toy: str) -> None:
    """Each bot's figures follow the bot round the seats; recomputed deal by deal."""
    data = simulate(runner, "toy", "--games", "40", "--bots", "random,first", "--seed", "7")
    assert data["rotate"] is True and data["duplicate"] is False
    plan = Plan("toy", 2, ("random", "first"), 40, 7)
    points = [0, 0]
    wins = [0, 0]
    seats = [[0, 0], [0, 0]]
    for i in range(40):
        p = play(plan, i)
        for seat, entry in enumerate(p.seating):
            points[entry] += p.scores[seat]
            wins[entry] += seat in p.winners
            seats[entry][seat] += 1
    assert seats == [[20, 20], [20, 20]]
    assert [b["mean_points"] for b in data["per_bot"]] == [v / 40 for v in points]
    assert [b["win_rate"] for b in data["per_bot"]] == [w / 40 for w in wins]
    for b in data["per_bot"]:
        lo, hi = b["mean_points_ci95"]
        assert lo <= b["mean_points"] <= hi
        lo, hi = b["win_rate_ci95"]
        assert 0 <= lo <= b["win_rate"] <= hi <= 1


def test_duplicate(runner: CliRunner, toy: str) -> None:
    data = simulate(runner, "toy", "--games", "10", "--players", "3", "--duplicate",
                    "--bots", "random,first,random")
    assert data["deals"] == 10 and data["games"] == 30 and data["duplicate"] is True
    again = simulate(runner, "toy", "--games", "10", "--players", "3", "--duplicate",
                     "--bots", "random,first,random", "--workers", "2")
    assert again["per_bot"] == data["per_bot"]
    result = runner.invoke(app, ["simulate", "toy", "--duplicate", "--no-rotate"])
    assert result.exit_code == 2 and "cannot go with --no-rotate" in " ".join(result.output.split())


def test_results_do_not_depend_on_workers(runner: CliRunner, toy: str) -> None:
    one = simulate(runner, "toy", "--games", "30", "--seed", "3", "--players", "3")
    two = simulate(runner, "toy", "--games", "30", "--seed", "3", "--players", "3", "--workers", "2")
    for key in ("mean_score", "win_rate", "no_winner", "mean_moves", "games", "per_bot"):
        assert one[key] == two[key], key
    other = simulate(runner, "toy", "--games", "30", "--seed", "4", "--players", "3")
    assert other["mean_score"] != one["mean_score"] or other["win_rate"] != one["win_rate"]


def test_rules_and_presets_apply(runner: CliRunner, toy: str) -> None:
    plain = simulate(runner, "toy", "--games", "10", "--rule", "bids=false")
    double = simulate(runner, "toy", "--games", "10", "--rule", "bids=false", "--preset", "double")
    assert double["rules"] == {"trick_points": 2, "bids": False}
    assert [2 * m for m in plain["mean_score"]] == double["mean_score"]


def test_table_output(runner: CliRunner, toy: str) -> None:
    result = runner.invoke(app, ["simulate", "toy", "--games", "5"])
    assert result.exit_code == 0, result.output
    for text in ("mean score", "mean points", "95% CI", "win rate", "games/s", "first"):
        assert text in result.output


def test_bad_options(runner: CliRunner, toy: str) -> None:
    for args, message in ((["--games", "0"], "--games must be at least 1"),
                          (["--workers", "0"], "--workers must be at least 1"),
                          (["--bots", "first,first,first"], "--bots names 3 bots"),
                          (["--bots", "nosuch"], "valid bots"),
                          (["--rule", "nosuch=1"], "valid options")):
        result = runner.invoke(app, ["simulate", "toy", *args])
        assert result.exit_code == 2, args
        assert message in " ".join(result.output.split()), args
