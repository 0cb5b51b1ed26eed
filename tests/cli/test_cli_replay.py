"""``cardtable replay FILE [--json] [--check]``: output and exit codes 0 / 1 / 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app

DEAL = {"hands": [["A♠", "2♠", "3♠"], ["A♥", "2♥", "3♥"]], "dealer": 0}
MOVES = ["0: bid 1", "1: bid 0", "play A♥", "play A♠", "play 2♠", "play 2♥", "play 3♠", "play 3♥"]


def scenario(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "toy", "players": 2, "deal": DEAL, "moves": list(MOVES),
                            "expect": {"scores": [4, 0], "over": True, "winner": 0,
                                       "items": [{"seat": 0, "rule": "toy:4", "points": 3},
                                                 {"seat": 0, "rule": "toy:5"}],
                                       "no_items": [{"seat": 1}]}}
    data.update(changes)
    return data


def write(tmp_path: Path, data: Any, name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False),
                    encoding="utf-8")
    return str(path)


def test_replay_prints_table_and_items(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", write(tmp_path, scenario())])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "spectator view" in out
    assert "toy:4" in out and "toy:5" in out and "3 trick(s)" in out
    assert "★ winner" in out


def test_replay_json(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", write(tmp_path, scenario()), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"game", "over", "to_move", "scores", "items", "view"} <= set(data)
    assert "error" not in data
    assert data["over"] is True and data["to_move"] == [] and data["scores"] == [4, 0]
    assert {"seat": 0, "points": 1, "rule": "toy:5", "note": "made the bid"} in data["items"]
    assert data["view"]["seat"] is None and "hand" not in data["view"]


def test_check_matches(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", write(tmp_path, scenario()), "--check"])
    assert result.exit_code == 0, result.output
    assert "matches" in result.output


def test_check_mismatch_exits_1_and_prints_differences(runner: CliRunner, toy: str,
                                                        tmp_path: Path) -> None:
    bad = scenario(expect={"scores": [3, 1], "winner": 1, "items": [{"rule": "toy:9"}]})
    result = runner.invoke(app, ["replay", write(tmp_path, bad), "--check"])
    assert result.exit_code == 1, result.output
    out = " ".join(result.output.split())
    assert "scores: expected [3, 1], got [4, 0]" in out
    assert "winner: expected 1, got [0]" in out
    assert "no score item matches {'rule': 'toy:9'}" in out
    result = runner.invoke(app, ["replay", write(tmp_path, bad), "--check", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["check"]["matches"] is False and len(data["check"]["differences"]) == 3


def test_illegal_move_exits_2_with_index_text_and_reason(runner: CliRunner, toy: str,
                                                        tmp_path: Path) -> None:
    moves = MOVES[:4] + ["play 9♦"] + MOVES[5:]
    path = write(tmp_path, scenario(moves=moves, expect={}))
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 2
    out = " ".join(result.output.split())
    assert "index 4" in out and "'play 9♦'" in out and "9♦ is not in your hand" in out
    result = runner.invoke(app, ["replay", path, "--json"])
    assert result.exit_code == 2
    data = json.loads(result.output)
    assert data["error"] == {"index": 4, "move": "play 9♦", "why": "9♦ is not in your hand"}
    assert data["over"] is False
    # --check without error_at: still an illegal move, exit 2
    assert runner.invoke(app, ["replay", path, "--check"]).exit_code == 2


def test_expected_error_at_passes_the_check(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    moves = MOVES[:4] + ["play 9♦"]
    ok = write(tmp_path, scenario(moves=moves, expect={"error_at": 4}), "ok.json")
    result = runner.invoke(app, ["replay", ok, "--check"])
    assert result.exit_code == 0, result.output
    wrong = write(tmp_path, scenario(moves=moves, expect={"error_at": 3}), "wrong.json")
    result = runner.invoke(app, ["replay", wrong, "--check"])
    assert result.exit_code == 1, result.output
    assert "expected the first illegal move at 3, got 4" in " ".join(result.output.split())
    legal = write(tmp_path, scenario(expect={"error_at": 2}), "legal.json")
    assert runner.invoke(app, ["replay", legal, "--check"]).exit_code == 1


@pytest.mark.parametrize("data, field", [
    ({"game": "toy", "deal": DEAL}, "'players'"),
    (scenario(players="two"), "'players'"),
    (scenario(game="nosuch"), "unknown game 'nosuch'"),
    (scenario(rules={"nosuch": 1}), "'rules'"),
    (scenario(seed=3), "'deal'"),
    (scenario(moves="draw"), "'moves'"),
    (scenario(expect={"score": [1, 2]}), "'expect.score'"),
    (scenario(deal={"hands": [["A♠", "2♠", "3♠"], ["A♥", "2♥", "3x"]]}), "'deal.hands[1][2]'"),
    (scenario(colour="red"), "'colour'"),
    ("{not json", "not valid JSON"),
])
def test_malformed_file_exits_2_naming_the_field(runner: CliRunner, toy: str, tmp_path: Path,
                                                 data: Any, field: str) -> None:
    path = write(tmp_path, data)
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 2
    assert field in " ".join(result.output.split()), result.output
    result = runner.invoke(app, ["replay", path, "--json"])
    assert result.exit_code == 2
    assert field in json.loads(result.output)["error"]["why"]


def test_missing_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_match_file(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    # deal 2: the dealer rotates to seat 1, so seat 0 leads; seat 1 wins every trick
    second = {"hands": [["A♥", "2♥", "3♥"], ["A♠", "2♠", "3♠"]]}
    data: dict[str, Any] = {"game": "toy", "players": 2, "rules": {"game_target": 5},
            "deals": [{"deal": DEAL, "moves": MOVES}, {"deal": second, "moves": MOVES}],
            "expect": {"scores": [4, 3], "over": False}}
    result = runner.invoke(app, ["replay", write(tmp_path, data), "--check", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["deals"] == 2 and out["scores"] == [4, 3]
    data["rules"] = {"game_target": 3}
    data["expect"] = {"scores": [6, 0], "over": True, "winner": 0, "items": [{"rule": "toy:10"}]}
    result = runner.invoke(app, ["replay", write(tmp_path, data), "--check"])
    assert result.exit_code == 2          # deal 2 after the match ended: malformed
    assert "'deals[1]'" in result.output and "already over" in result.output
    data["deals"] = data["deals"][:1]
    result = runner.invoke(app, ["replay", write(tmp_path, data), "--check"])
    assert result.exit_code == 0, result.output
    assert "Match totals" in result.output and "toy:10" in result.output


@pytest.mark.parametrize(("data", "field"), [
    (scenario(players=9), "players"),
    (scenario(preset="nosuch"), "preset"),
    (scenario(moves=["play A♥", 3]), "moves[1]"),
    (scenario(expect={"items": [{"rul": "toy:4"}]}), "expect.items[0].rul"),
    (scenario(expect={"error_at": {"deal": 0, "move": 1}}), "expect.error_at"),
    (scenario(deal={**DEAL, "dealer": 5}), "deal.dealer"),
    ("[1, 2]", "(file)"),
])
def test_json_error_object_names_the_field(runner: CliRunner, toy: str, tmp_path: Path,
                                           data: Any, field: str) -> None:
    result = runner.invoke(app, ["replay", write(tmp_path, data), "--json", "--check"])
    assert result.exit_code == 2, result.output
    err = json.loads(result.output)["error"]
    assert set(err) == {"field", "why"} and err["field"] == field, err


def test_match_file_error_at_deal_and_move(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    second = {"hands": [["A♥", "2♥", "3♥"], ["A♠", "2♠", "3♠"]]}
    data: dict[str, Any] = {"game": "toy", "players": 2, "rules": {"game_target": 50},
                            "deals": [{"deal": DEAL, "moves": MOVES},
                                      {"deal": second, "moves": MOVES[:2] + ["play 9♦"]}],
                            "expect": {"error_at": {"deal": 1, "move": 2}}}
    path = write(tmp_path, data)
    result = runner.invoke(app, ["replay", path, "--check", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["error"] == {"index": 2, "move": "play 9♦", "why": "9♦ is not in your hand", "deal": 1}
    assert out["check"] == {"matches": True, "differences": []}
    result = runner.invoke(app, ["replay", path])            # without --check: exit 2
    assert result.exit_code == 2
    assert "Illegal move at deal 1, index 2: 'play 9♦'" in " ".join(result.output.split())
    data["expect"] = {"error_at": {"deal": 1, "move": 1}}
    assert runner.invoke(app, ["replay", write(tmp_path, data), "--check"]).exit_code == 1


def test_check_without_expect_passes(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    data = scenario()
    del data["expect"]
    result = runner.invoke(app, ["replay", write(tmp_path, data), "--check"])
    assert result.exit_code == 0 and "(the file has none)" in result.output


def test_a_game_failing_is_reported_not_a_traceback(runner: CliRunner, toy: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable import scenario as scenario_module

    def boom(source: Any) -> Any:
        raise ZeroDivisionError("division by zero")
    monkeypatch.setattr(scenario_module, "replay", boom)
    result = runner.invoke(app, ["replay", write(tmp_path, scenario()), "--json"])
    assert result.exit_code == 2
    err = json.loads(result.output)["error"]
    assert err["field"] == "(game)" and "bug in the game" in err["why"] and "'toy'" in err["why"]
