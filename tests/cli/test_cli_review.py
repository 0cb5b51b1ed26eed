"""``cardtable review FILE [--seat N] [--budget WORLDS] [--seed S] [--json]`` (docs/cli.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cardtable.cli.main import app

PLANTED = Path(__file__).resolve().parents[1] / "review" / "scenarios"
QUICK = ["--budget", "6", "--seed", "2"]


def review_json(runner: CliRunner, *args: str) -> tuple[int, Any]:
    result = runner.invoke(app, ["review", *args, "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_json_has_the_documented_shape(runner: CliRunner) -> None:
    code, data = review_json(runner, str(PLANTED / "gin_blunder.json"), *QUICK)
    assert code == 0
    assert set(data) == {"game", "seat", "budget", "decisions", "summary"}
    assert (data["game"], data["seat"]) == ("gin", 0)          # files count seats from 0
    assert data["budget"]["worlds"] == 6 and data["budget"]["seed"] == 2
    moves = json.loads((PLANTED / "gin_blunder.json").read_text(encoding="utf-8"))["moves"]
    for d in data["decisions"]:
        assert {"deal", "index", "played", "best", "loss", "ci95", "mark"} <= set(d)
        assert d["mark"] in (None, "inaccuracy", "mistake", "blunder", "forced")
        assert moves[d["index"]] == d["played"] and d["deal"] == 0
        assert len(d["ci95"]) == 2 and d["ci95"][0] <= d["loss"] <= d["ci95"][1]
        assert "hindsight" in d
    assert data["decisions"][1]["mark"] == "blunder" and data["decisions"][1]["best"] == "gin K♣"
    summary = data["summary"]
    for key in ("points_lost", "accuracy", "costliest", "marks", "deals", "thresholds", "words"):
        assert key in summary


def test_seat_counts_from_one(runner: CliRunner) -> None:
    code, data = review_json(runner, str(PLANTED / "gin_blunder.json"), "--seat", "2", *QUICK)
    assert code == 0 and data["seat"] == 1
    assert [d["played"] for d in data["decisions"]] == []      # seat 2 has not moved yet in the file


def test_default_seat_is_the_files_own(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads((PLANTED / "gin_blunder.json").read_text(encoding="utf-8"))
    saved = {"game": "gin", "players": 2, "deals": [{"deal": data["deal"], "moves": data["moves"] + ["draw"]}],
             "play": {"seed": 1, "seat": 1, "bots": ["heuristic", "heuristic"]}}
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(saved, ensure_ascii=False), encoding="utf-8")
    code, out = review_json(runner, str(path), *QUICK)
    assert code == 0 and out["seat"] == 1 and [d["played"] for d in out["decisions"]] == ["draw"]


def test_the_table_names_the_blunder_and_keeps_hindsight_apart(runner: CliRunner) -> None:
    result = runner.invoke(app, ["review", str(PLANTED / "gin_blunder.json"), *QUICK])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "blunder" in out and "gin K♣" in out and "discard 9♦" in out
    assert "with hindsight" in out and "never counts in the marks" in out
    assert "not over" in out                       # the file stops inside the deal
    assert "6 sampled worlds per decision" in out  # the budget is stated


def test_bad_input_exits_2_naming_the_problem(runner: CliRunner, tmp_path: Path) -> None:
    gin = str(PLANTED / "gin_blunder.json")
    missing = runner.invoke(app, ["review", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "nope.json" in missing.output
    for args, words in ((["--seat", "0"], "count from 1"), (["--seat", "3"], "no seat 3"),
                        (["--budget", "1"], "at least 2")):
        result = runner.invoke(app, ["review", gin, *args])
        assert result.exit_code == 2 and words in result.output, result.output
    code, data = review_json(runner, gin, "--seat", "3")
    assert code == 2 and data["error"]["field"] == "--seat"
    bad = tmp_path / "bad.json"
    shutil.copy(gin, bad)
    text = json.loads(bad.read_text(encoding="utf-8"))
    text["moves"] = ["take", "discard 10♣"]
    bad.write_text(json.dumps(text, ensure_ascii=False), encoding="utf-8")
    code, data = review_json(runner, str(bad))
    assert code == 2 and data["error"]["field"] == "moves[1]" and "discard 10♣" in data["error"]["why"]


def test_review_speaks_the_chosen_language(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "pl", "review", str(PLANTED / "gin_blunder.json"), *QUICK])
    assert result.exit_code == 0, result.output
    assert "blunder" not in result.stdout
