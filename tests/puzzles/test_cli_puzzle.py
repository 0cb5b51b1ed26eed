"""``cardtable puzzle GAME [--daily] [--id ID] [--seat-view] [--json]`` played through stdin."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardtable import puzzles
from cardtable.cli.main import app
from cardtable.conformance import hidden_tokens, view_tokens
from cardtable.movewords import move_words
from cardtable.puzzles import DATA_DIR

SHIPPED = [p for f in sorted(DATA_DIR.glob("*.jsonl")) for p in puzzles.read_file(f)]
#: a puzzle with several legal moves, of the first game that has one
PUZZLE = next((p for p in SHIPPED if len(p.candidates) > 2), SHIPPED[0])


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "160", "CARDTABLE_LANG": "en"})


def test_the_right_answer_is_right_and_explained(runner: CliRunner) -> None:
    result = runner.invoke(app, ["puzzle", PUZZLE.game, "--id", PUZZLE.id], input=PUZZLE.answer + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert PUZZLE.id in out and "find the best move" in out
    assert "Your legal moves:" in out
    assert "Right!" in out and "Why:" in out and "99 %" in out
    assert "Not the best move" not in out


def test_a_wrong_answer_is_wrong_and_the_best_move_is_said(runner: CliRunner) -> None:
    wrong = PUZZLE.explanation["against"]
    result = runner.invoke(app, ["puzzle", "--id", PUZZLE.id], input=f"hello\n{wrong}\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "try again" in out                      # "hello" is not a move: asked again
    assert "Not the best move" in out and move_words(PUZZLE.game, PUZZLE.answer) in out
    assert "Right!" not in out and "yours" in out


def test_a_move_by_its_number(runner: CliRunner) -> None:
    texts = [m["move"] for m in puzzles.public(PUZZLE)["legal"]]
    number = texts.index(PUZZLE.answer) + 1
    result = runner.invoke(app, ["puzzle", "--id", PUZZLE.id], input=f"?\nm\n99\n{number}\n")
    assert result.exit_code == 0, result.output
    assert "there is no move number 99" in result.output and "Right!" in result.output


def test_giving_up_and_end_of_input(runner: CliRunner) -> None:
    result = runner.invoke(app, ["puzzle", "--id", PUZZLE.id], input="q\n")
    assert result.exit_code == 0 and "The best move was" in result.output and "Why:" in result.output
    result = runner.invoke(app, ["puzzle", "--id", PUZZLE.id], input="")
    assert result.exit_code == 0 and "no answer given" in result.output and "Why:" not in result.output


def test_json_is_the_public_part_only(runner: CliRunner) -> None:
    result = runner.invoke(app, ["puzzle", "--id", PUZZLE.id, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["id"] == PUZZLE.id and data["seat"] == PUZZLE.seat and data["view"]["seat"] == PUZZLE.seat
    assert {"deal", "answer", "candidates", "explanation", "moves"}.isdisjoint(data)
    assert [m["move"] for m in data["legal"]]
    hidden = hidden_tokens(puzzles.state_of(PUZZLE), PUZZLE.seat)
    shown = view_tokens(data)
    assert not [t for t in hidden if shown.get(t)]


def test_daily_is_the_days_puzzle(runner: CliRunner) -> None:
    import datetime as dt

    want = puzzles.daily(PUZZLE.game, dt.date(2027, 5, 1))
    result = runner.invoke(app, ["puzzle", PUZZLE.game, "--daily", "--date", "2027-05-01", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["id"] == want.id
    today = runner.invoke(app, ["puzzle", PUZZLE.game, "--daily", "--json"])
    assert json.loads(today.stdout)["id"] == puzzles.daily(PUZZLE.game).id


def test_seat_view_shows_every_field(runner: CliRunner) -> None:
    result = runner.invoke(app, ["puzzle", "--id", PUZZLE.id, "--seat-view"], input="q\n")
    assert result.exit_code == 0 and "view of You" in result.output


def test_the_list_and_errors(runner: CliRunner) -> None:
    result = runner.invoke(app, ["puzzle"])
    assert result.exit_code == 0 and PUZZLE.game in result.output
    for args in (["puzzle", "--id", "gin-0000000000"], ["puzzle", "nosuchgame"],
                 ["puzzle", PUZZLE.game, "--daily", "--date", "May"],
                 ["puzzle", PUZZLE.game, "--date", "2027-01-01"]):
        bad = runner.invoke(app, args)
        assert bad.exit_code == 2, (args, bad.output)
    other = next(g for g in ("gin", "dummy") if g != PUZZLE.game)
    assert runner.invoke(app, ["puzzle", other, "--id", PUZZLE.id]).exit_code == 2


def test_the_explanation_in_polish(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "pl", "puzzle", "--id", PUZZLE.id], input="q\n")
    assert result.exit_code == 0
    assert "Why:" not in result.output and "99 %" in result.output
