"""``cardtable score GAME`` (issue 30): the terminal scorekeeper — fields asked one by one with
seats counted from 1, JSON entries, undo and corrections, a sheet file kept after every change
and read back, CSV and JSON, bad entries refused without a change."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.scoresheet import Sheet

KNOCKER_HAND = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"
DEFENDER = "K♥ K♦ K♣ Q♥ Q♦ Q♣ J♥ J♦ 9♥ 8♦"
GIN = {"knocker": 0, "hands": [KNOCKER_HAND.split(), DEFENDER.split()]}


def test_fields_of_the_table(runner: CliRunner) -> None:
    r = runner.invoke(app, ["score", "dummy", "--players", "3", "--fields"])
    assert r.exit_code == 0, r.output
    fields = json.loads(r.stdout)
    assert [f["key"] for f in fields][:3] == ["knocker", "tabled", "hand"]


def test_a_deal_asked_field_by_field_counts_seats_from_1(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    # a new deal; dead hand: blank (no); knocker 2 (the second seat); both hands; no melds
    typed = f"\n\n2\n{DEFENDER}\n{KNOCKER_HAND}\n\nq\n"
    r = runner.invoke(app, ["score", "gin", "--name", "Ann", "--name", "Bo", "--sheet", str(path)], input=typed)
    assert r.exit_code == 0, r.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["entries"] == [{"knocker": 1, "hands": [DEFENDER, KNOCKER_HAND]}]
    assert "knocker [1 to 2]" in r.stdout and "cards shown, Bo (2)" in r.stdout
    assert "Totals: Ann 0, Bo 62" in r.stdout
    # the file goes on where it stopped; a bad entry changes nothing
    before = path.read_text(encoding="utf-8")
    r = runner.invoke(app, ["score", "--sheet", str(path)],
                      input='{"knocker": 0, "hands": [["A♠"], []]}\nq\n')
    assert r.exit_code == 0 and "deal 2: " in r.stdout and "Error:" in r.stdout
    assert path.read_text(encoding="utf-8") == before
    # a typed seat that is not at the table is asked again; '-' cancels the deal
    r = runner.invoke(app, ["score", "--sheet", str(path)], input="\n\n3\n-\nq\n")
    assert "a seat is a number from 1 to 2, not '3'" in r.stdout and "cancelled: nothing changed" in r.stdout
    assert path.read_text(encoding="utf-8") == before


def test_entries_undo_and_corrections(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    r = runner.invoke(app, ["score", "gin", "--sheet", str(path), "--entry", json.dumps(GIN),
                            "--entry", '{"dead": true}'])
    assert r.exit_code == 0, r.output
    assert Sheet.from_json(json.loads(path.read_text(encoding="utf-8"))).totals() == [62, 0]
    # fix deal 1 to a dead hand, then undo deal 2
    r = runner.invoke(app, ["score", "--sheet", str(path)], input="f 1\ny\n\n\n\n\nu\nq\n")
    assert r.exit_code == 0, r.output
    sheet = Sheet.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert sheet.deals_entered == [{"dead": True}] and sheet.totals() == [0, 0]
    assert "deal 2 removed" in r.stdout
    r = runner.invoke(app, ["score", "--sheet", str(path)], input="f 5\nu\nu\nq\n")
    assert "give a deal's number from 1 to 1" in r.stdout and "there is no deal to undo" in r.stdout


def test_csv_json_and_a_match_to_its_end(runner: CliRunner, tmp_path: Path) -> None:
    entries = [json.dumps(GIN)] * 2
    r = runner.invoke(app, ["score", "gin", "--name", "Ann", "--name", "Bo", "--csv",
                            *[a for e in entries for a in ("--entry", e)]])
    assert r.exit_code == 0, r.output
    rows = r.stdout.splitlines()
    assert rows[0] == "deal,Ann,Bo,Ann total,Bo total" and rows[1] == "1,62,0,62,0" and rows[2] == "2,62,0,124,0"
    assert rows[3].startswith("end of match,")
    r = runner.invoke(app, ["score", "gin", "--json", *[a for e in entries for a in ("--entry", e)]])
    got = json.loads(r.stdout)
    assert got["over"] and got["end"]["winners"] == [0] and got["totals"][0] > 124
    r = runner.invoke(app, ["score", "gin", *[a for e in entries for a in ("--entry", e)]])
    assert "The match is over: Player 1 won." in r.stdout
    # after the end, nothing more is added
    r = runner.invoke(app, ["score", "gin", "--entry", json.dumps(GIN), "--entry", json.dumps(GIN),
                            "--entry", '{"dead": true}'])
    assert r.exit_code == 1 and "the match is over" in r.stdout


def test_bad_arguments_are_named(runner: CliRunner, tmp_path: Path) -> None:
    r = runner.invoke(app, ["score", "chess"])
    assert r.exit_code == 2 and "chess" in r.output
    r = runner.invoke(app, ["score", "gin", "--rule", "game_target=many"])
    assert r.exit_code == 2 and "game_target" in r.output
    r = runner.invoke(app, ["score"])
    assert r.exit_code == 2 and "name the game" in r.output
    path = tmp_path / "s.json"
    runner.invoke(app, ["score", "gin", "--sheet", str(path), "--entry", '{"dead": true}'])
    r = runner.invoke(app, ["score", "dummy", "--sheet", str(path)])
    assert r.exit_code == 2 and "a sheet of gin, not dummy" in r.output
    r = runner.invoke(app, ["score", "gin", "--sheet", str(path), "--players", "2"])
    assert r.exit_code == 2 and "give only --sheet" in r.output
    path.write_text("{not json", encoding="utf-8")
    r = runner.invoke(app, ["score", "--sheet", str(path)])
    assert r.exit_code == 2 and "cannot read the sheet" in r.output
