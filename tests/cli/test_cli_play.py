"""``cardtable play``: scripted stdin, bad input, EOF, options, hidden information."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable import registry
from cardtable.cards import card_str
from cardtable.cli.main import app
from cardtable.match import Match
from cardtable.parts import Advice


def play(runner: CliRunner, *args: str, input: str = "") -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_auto_plays_a_whole_match(runner: CliRunner, toy: str) -> None:
    code, out = play(runner, "toy", "--auto", "--seed", "3", "--rule", "game_target=2")
    assert code == 0, out
    assert "Deal 1" in out and "Deal 1: scores" in out
    assert "End of the match" in out and "Final totals" in out and re.search(r"Winner: (You|seat \d)", out)
    assert "toy:10" in out          # the end-of-match item is listed


def test_piped_numbers_play_a_whole_match(runner: CliRunner, toy: str) -> None:
    code, out = play(runner, "toy", "--seed", "5", "--preset", "quick", input="1\n" * 40)
    assert code == 0, out
    assert re.search(r"Winner: (You|seat \d)", out)
    assert "Your legal moves" in out
    assert "End of input" not in out


def test_bad_input_is_explained_and_reprompted(runner: CliRunner, toy: str) -> None:
    script = "hello\n7\nplay 9x\nplay 9♣\nbid 3\n0\n?\nt\nm\n\nbid 1\n" + "1\n" * 20
    code, out = play(runner, "toy", "--seed", "1", "--deals", "1", "--rule", "game_target=50",
                     input=script)
    assert code == 0, out
    assert "moves are 'bid 0', 'bid 1' and 'play <card>'" in out       # unknown verb
    assert "there is no move number 7; choose 1–2" in out
    assert "there is no move number 0" in out
    assert "bad card token '9x'" in out                                # BadCard text
    assert "every seat bids first" in out                              # IllegalMove why
    assert "a bid is 0 or 1" in out
    assert "Type the number of a move" in out                          # help
    assert "You: bid 1" in out                                # the text move took
    assert "Stopped after 1 deal (--deals)" in out


def test_end_of_input_ends_cleanly(runner: CliRunner, toy: str) -> None:
    code, out = play(runner, "toy", "--seed", "2", input="1\n")
    assert code == 0
    assert "End of input: the session ends here (deal 1" in out
    assert "Match totals so far" in out


def test_quit(runner: CliRunner, toy: str) -> None:
    code, out = play(runner, "toy", "--seed", "2", input="quit\ny\n")     # q asks first (issue 26)
    assert code == 0
    assert "Leave the match?" in out and "You left the match" in out


def test_person_sees_only_their_view(runner: CliRunner, toy: str) -> None:
    game = registry.get_game(toy)
    match = Match(game, 2, game.make_options(), seed=11)
    mine = [card_str(c) for c in match.state.deal.hands[1]]
    theirs = [card_str(c) for c in match.state.deal.hands[0]]
    code, out = play(runner, "toy", "--seed", "11", "--seat", "1", input="")
    assert code == 0
    first_screen = out.split("Your move")[0]
    for c in mine:
        assert c in first_screen
    for c in theirs:
        assert c not in first_screen


def test_simultaneous_decision_three_players(runner: CliRunner, toy: str) -> None:
    code, out = play(runner, "toy", "--seed", "4", "--players", "3", "--seat", "2",
                     "--bots", "first,random", input="bid 1\n" + "1\n" * 10)
    assert code == 0, out
    assert "(the other seats decide at the same time)" in out
    assert "You: bid 1" in out
    assert "seat 1 (first): bid" in out and "seat 2 (random): bid" in out


def test_game_render_and_hint_hooks_are_used(runner: CliRunner, toy: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    parts = registry.game_parts(toy)
    custom = dataclasses.replace(
        parts, render=lambda view: f"CUSTOM TABLE hand={view.get('hand')}",
        advice=Advice(lambda view, legal: None, line=lambda view, legal: f"{len(legal)} choices"))
    monkeypatch.setitem(registry._parts, toy, custom)
    code, out = play(runner, "toy", "--seed", "2", "--hints", input="")    # a hint every turn
    assert code == 0
    assert "CUSTOM TABLE hand=" in out
    assert "hint: 2 choices" in out


@pytest.mark.parametrize("args, message", [
    (["--preset", "nosuch"], "valid presets: double, quick"),
    (["--rule", "nosuch=1"], "valid options: bids, game_target, trick_points"),
    (["--rule", "trick_points=5"], "valid values: 1, 2"),
    (["--rule", "game_target=x"], "takes a whole number"),
    (["--rule", "game_target"], "--rule takes KEY=VALUE"),
    (["--bots", "nosuch"], "valid bots: first, random"),
    (["--bots", "first,first,first,first"], "--bots names 4 bots"),
    (["--bots", "first,zzz,aaa", "--players", "3"], "no bot 'zzz' for toy"),   # the first bad one
    (["--players", "7"], "toy is for 2–3 players"),
    (["--seat", "2"], "--seat must be 0–1"),
    (["--deals", "2", "--match"], "either --deals N or --match"),
    (["--deals", "0"], "--deals must be at least 1"),
])
def test_bad_options_fail_with_a_message(runner: CliRunner, toy: str, args: list[str],
                                         message: str) -> None:
    code, out = play(runner, "toy", *args)
    assert code == 2
    assert message in " ".join(out.split()), out


def test_save_writes_a_replayable_match(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    code, out = play(runner, "toy", "--auto", "--seed", "8", "--rule", "game_target=4",
                     "--save", str(path))
    assert code == 0, out
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "toy" and data["rules"] == {"game_target": 4}
    assert len(data["deals"]) >= 2
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    replayed = json.loads(result.output)
    assert replayed["over"] is True
    assert f"{replayed['scores'][0]}" in out.split("Final totals")[1]


def test_same_seed_same_session(runner: CliRunner, toy: str) -> None:
    args = ["toy", "--auto", "--seed", "21", "--players", "3", "--bots", "random"]
    assert play(runner, *args) == play(runner, *args)
    code, out = play(runner, "toy", "--auto", "--seed", "22", "--players", "3", "--bots", "random")
    assert code == 0 and "seed 22" in out


def test_junk_lines_never_end_the_session(runner: CliRunner, toy: str) -> None:
    junk = ["[", "]", "@", "@@", ":", "0:", "1: bid 1", "9: bid 1", "-1", "00", "1.5", "bid",
            "bid 1 1", "play", "play ♥", "play 10", "\x00", "💥", "x" * 300, "play A♠ A♠", " 1 ",
            "bid 1 @", "play [A♠]"]
    code, out = play(runner, "toy", "--seed", "1", "--deals", "1", "--rule", "game_target=50",
                     input="\n".join(junk) + "\n" + "1\n" * 20)
    assert code == 0, out
    assert "Stopped after 1 deal (--deals)" in out
    text = " ".join(out.split())
    assert text.count("try again") >= len(junk) - 2    # " 1 " is a move number; "" is skipped
    assert "the move names seat 2 but seat 1 plays it" in text     # seats counted from 1
    assert "could not read" not in text and "Traceback" not in text
