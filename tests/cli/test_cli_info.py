"""``cardtable games`` and ``cardtable rules``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.registry import game_ids


def test_games_lists_every_registered_game(runner: CliRunner, toy: str) -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    for gid in game_ids():
        assert gid in result.output
    assert "Toy Tricks" in result.output and "Zabawka" in result.output
    assert "2–3" in result.output


def test_games_json(runner: CliRunner, toy: str) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert set(rows) == set(game_ids())
    assert rows["toy"] == {"id": "toy", "name": "Toy Tricks", "native_name": "Zabawka",
                           "players": [2, 3], "default_players": 2, "available": True}


def test_rules_shows_options_and_presets(runner: CliRunner, toy: str) -> None:
    result = runner.invoke(app, ["rules", "toy"])
    assert result.exit_code == 0, result.output
    out = result.output
    for text in ("game_target", "int", "1–50", "Total that ends the match", "toy 9",
                 "trick_points", "bids", "bool", "true",
                 "quick", "One-point matches", "test suite", "game_target=1", "Bots: first, random"):
        assert text in out, text


def test_rules_json(runner: CliRunner, toy: str) -> None:
    result = runner.invoke(app, ["rules", "toy", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    opts = {o["key"]: o for o in data["options"]}
    assert opts["game_target"] == {"key": "game_target", "type": "int", "default": 3,
                                   "doc": "Total that ends the match", "choices": None,
                                   "min": 1, "max": 50, "spec": "toy 9"}
    assert opts["trick_points"]["choices"] == [1, 2]
    assert data["presets"]["double"]["rules"] == {"trick_points": 2}
    assert data["default_bot"] == "first"


def test_unknown_game_lists_the_valid_ones(runner: CliRunner, toy: str) -> None:
    for command in (["rules", "nosuch"], ["play", "nosuch"], ["simulate", "nosuch"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, command
        assert "unknown game 'nosuch'" in result.output
        assert "toy" in result.output


def test_version_and_help(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and "cardtable" in result.output
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("games", "rules", "play", "replay", "simulate"):
        assert command in result.output
