"""The command line on the real reference game, gin (skipped while gin cannot be loaded)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cardtable.cli.main import app

KNOCK = Path(__file__).with_name("scenarios") / "gin_knock.json"


def knock_file(tmp_path: Path, **changes: Any) -> str:
    data = json.loads(KNOCK.read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / "gin.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_replay_gin_knock(runner: CliRunner, gin: str) -> None:
    result = runner.invoke(app, ["replay", str(KNOCK), "--check"])
    assert result.exit_code == 0, result.output
    assert "gin:31" in result.output and "+42" in result.output
    result = runner.invoke(app, ["replay", str(KNOCK), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["scores"] == [0, 42] and data["over"] is True and data["game"] == "gin"
    assert [it["rule"] for it in data["items"]] == ["gin:31"]


def test_replay_gin_exit_codes(runner: CliRunner, gin: str, tmp_path: Path) -> None:
    wrong = knock_file(tmp_path, expect={"scores": [0, 41]})
    result = runner.invoke(app, ["replay", wrong, "--check"])
    assert result.exit_code == 1
    assert "scores: expected [0, 41], got [0, 42]" in result.output
    illegal = knock_file(tmp_path, moves=["pass", "pass", "draw", "discard 5♣"], expect={})
    result = runner.invoke(app, ["replay", illegal, "--json"])
    assert result.exit_code == 2
    err = json.loads(result.output)["error"]
    assert err["index"] == 3 and err["move"] == "discard 5♣" and err["why"]
    expected = knock_file(tmp_path, moves=["pass", "pass", "draw", "discard 5♣"],
                          expect={"error_at": 3, "over": False})
    assert runner.invoke(app, ["replay", expected, "--check"]).exit_code == 0
    bad_deal = knock_file(tmp_path, deal={"hands": [["A♠"], ["2♠"]], "stock": [], "discard": []})
    result = runner.invoke(app, ["replay", bad_deal])
    assert result.exit_code == 2 and "deal" in result.output


def test_auto_match_of_gin(runner: CliRunner, gin: str, tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    result = runner.invoke(app, ["play", "gin", "--auto", "--seed", "1", "--rule", "game_target=1",
                                 "--save", str(save)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Deal 1: scores" in out and "End of the match" in out and "Winner: seat" in out
    assert "gin:38" in out                      # end-of-match bonuses are listed
    replayed = runner.invoke(app, ["replay", str(save), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["over"] is True


def test_piped_play_of_gin(runner: CliRunner, gin: str) -> None:
    script = "discard Z♠\nknock\n999\nfly\n" + "1\n" * 600
    result = runner.invoke(app, ["play", "gin", "--seed", "2", "--rule", "game_target=1"],
                           input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your legal moves" in out and "hand" in out
    assert "bad card token 'Z♠'" in out                   # BadCard text
    assert "write it as 'knock" in out                     # IllegalMove text (bad shape)
    assert "there is no move number 999" in out
    assert "unknown move 'fly'" in out
    assert "Winner: seat" in out


def test_simulate_gin_workers_agree(runner: CliRunner, gin: str) -> None:
    args = ["simulate", "gin", "--games", "24", "--seed", "5", "--bots", "heuristic,random", "--json"]
    one = json.loads(runner.invoke(app, args).output)
    two = json.loads(runner.invoke(app, [*args, "--workers", "2"]).output)
    assert one["games"] == two["games"] == 24
    assert one["mean_score"] == two["mean_score"] and one["win_rate"] == two["win_rate"]
    assert one["errors"] == []


def test_rules_gin(runner: CliRunner, gin: str) -> None:
    result = runner.invoke(app, ["rules", "gin", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    keys = {o["key"] for o in data["options"]}
    assert {"knock_limit", "gin_bonus", "undercut_bonus", "game_target"} <= keys
    assert data["default_bot"] == "heuristic"


def test_person_never_sees_the_opponents_hand(runner: CliRunner, gin: str) -> None:
    from cardtable.cards import card_str
    from cardtable.match import Match
    from cardtable.registry import get_game

    game = get_game(gin)
    match = Match(game, 2, game.make_options(), seed=9)
    state = match.state
    me = state.to_move()[0]          # the non-dealer: nobody has moved before the first screen
    theirs = {card_str(c) for c in state.deal.hands[1 - me]}
    mine = {card_str(c) for c in state.deal.hands[me]}
    result = runner.invoke(app, ["play", "gin", "--seed", "9", "--seat", str(me)], input="")
    assert result.exit_code == 0, result.output
    first_screen = result.output.split("Your move")[0]
    tokens = set(first_screen.replace("[", " ").replace("]", " ").split())
    assert mine <= tokens
    assert not theirs & tokens, theirs & tokens
