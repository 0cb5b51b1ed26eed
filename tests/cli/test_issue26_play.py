"""Issue 26, the terminal: seats counted from 1 and phases in words (play and replay), no spec
references unless --verbose, hints only when asked, a save after every move and ``save
FILE``, ``q`` that asks, undo that never goes back past something hidden the person has
seen, a compact 十三张 showdown with ``details`` — all driven through standard input."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.cli.play import PlaySession
from cardtable.parts import Hint
from tests.support.parts import patch_part

ROOT = Path(__file__).resolve().parents[2]
SEAT = re.compile(r"(?<!-)\bseat (\d+)")          # not the option: "(--seat 0)" is the engine's number


def play(runner: CliRunner, *args: str, input: str = "") -> str:
    result = runner.invoke(app, ["play", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    return result.output


def flat(text: str) -> str:
    return " ".join(text.split())


def saved(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def seats_named(text: str) -> set[int]:
    return {int(n) for n in SEAT.findall(text)}


# --- 1. seats from 1, phases in words ----------------------------------------------------------

def test_a_refusal_in_play_counts_seats_from_1(runner: CliRunner) -> None:
    # seed 4: the person (seat 0) must take the upcard or pass; a discard is refused
    out = play(runner, "gin", "--seed", "4", input="discard Q♣\nq\ny\n")
    assert "cannot discard now: seat 1 must take the upcard or pass" in flat(out)
    assert 0 not in seats_named(out)


def test_replay_step_shows_phases_in_words_and_seats_from_1(runner: CliRunner) -> None:
    f = ROOT / "tests" / "cli" / "scenarios" / "gin_knock.json"
    result = runner.invoke(app, ["replay", str(f), "--step", "--seat", "1"], input="a\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "as seat 2 (--seat 1) saw it" in flat(out)
    assert "take the upcard or pass" in out and "dealer: take the upcard or pass" in out
    assert "offer dealer" not in out and "offer_dealer" not in out and "first_draw" not in out
    assert seats_named(out) <= {1, 2}


def test_replay_names_a_melds_owner_from_1(runner: CliRunner) -> None:
    f = ROOT / "tests" / "games" / "remik" / "scenarios" / "rm03_three_players_unopened.json"
    for args, answer in ((["--step", "--seat", "0"], "a\n"), ([], "")):
        out = runner.invoke(app, ["replay", str(f), *args], input=answer).output
        assert "meld m1 (seat 1)" in out                # the meld of the engine's seat 0
        assert seats_named(out) <= {1, 2, 3}, out


# --- 2. spec references only with --verbose ---------------------------------------------------

def test_a_refusal_cites_its_rule_only_with_verbose(runner: CliRunner) -> None:
    # seed 4: take the upcard Q♣, then try to discard it again (gin rule 17)
    plain = play(runner, "gin", "--seed", "4", input="1\ndiscard Q♣\nq\ny\n")
    assert "may not be discarded this turn — try again" in flat(plain) and "(rule 17)" not in plain
    verbose = play(runner, "gin", "--seed", "4", "--verbose", input="1\ndiscard Q♣\nq\ny\n")
    assert "may not be discarded this turn (rule 17) — try again" in flat(verbose)


def test_hints_and_warnings_cite_no_rule_unless_verbose(runner: CliRunner,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    patch_part(monkeypatch, "gin", "advice",
               advise=lambda view, legal: Hint(legal[0], "the best of the lot (§2.3)"),
               warn=lambda view, move: "it costs you 20 (remik.md rule 20)" if move.verb == "take" else None)
    out = play(runner, "gin", "--seed", "4", input="hint\n1\nn\nq\ny\n")
    assert "take  — the best of the lot  [move 1]" in out and "§" not in out
    assert "Careful: it costs you 20" in out and "remik.md" not in out
    out = play(runner, "gin", "--seed", "4", "--verbose", input="hint\n1\nn\nq\ny\n")
    assert "the best of the lot (§2.3)" in out and "(remik.md rule 20)" in out


# --- 4. hints on request ----------------------------------------------------------------------

def test_no_hint_is_printed_unasked(runner: CliRunner) -> None:
    assert "hint:" not in play(runner, "gin", "--seed", "4", input="1\n1\nq\ny\n")
    # 十三张: the whole best arrangement is not printed before the person arranges
    out = play(runner, "shisanzhang", "-n", "4", "--seed", "3", input="q\ny\n")
    assert "hint:" not in out and "auto-arranger" not in out


def test_hints_every_turn_with_the_option_or_hint_on(runner: CliRunner) -> None:
    out = play(runner, "gin", "--seed", "4", "--hints", input="1\n1\nq\ny\n")
    assert out.count("hint: ") == 3                      # one per turn of the person
    out = play(runner, "gin", "--seed", "4", input="hint on\n1\nhint off\n1\nq\ny\n")
    assert "Hints every turn: on" in out and "Hints only when you ask" in out
    assert out.count("hint: ") == 1                      # the turn between 'hint on' and 'hint off'
    assert "hint on|off" in play(runner, "gin", "--seed", "4", input="?\nq\ny\n")


def test_the_help_text_documents_the_default(runner: CliRunner) -> None:
    out = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "--hints" in out and "--no-hints" in out and "no hint until you ask" in flat(out)


# --- 5. save after every move, save FILE, q asks -----------------------------------------------

@pytest.fixture
def on_disk(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any] | None]:
    """What the save file holds each time the person is asked for a line (None: no file):
    what would be left if the terminal were closed at that prompt."""
    seen: list[dict[str, Any] | None] = []
    read = PlaySession.read_line

    def spy(self: PlaySession, prompt: str) -> str | None:
        seen.append(saved(self.save) if self.save is not None and self.save.exists() else None)
        return read(self, prompt)

    monkeypatch.setattr(PlaySession, "read_line", spy)
    return seen


def moves_of(data: dict[str, Any] | None) -> list[str]:
    return [] if data is None else data["deals"][-1]["moves"]


def test_the_match_is_saved_after_every_move(runner: CliRunner, tmp_path: Path,
                                             on_disk: list) -> None:
    f = tmp_path / "m.json"
    play(runner, "gin", "--seed", "4", "--save", str(f), input="1\n1\nq\ny\n")
    # at each prompt the file already holds every move made: take; take, discard + the bot's
    assert [len(moves_of(d)) for d in on_disk[:3]] == [0, 1, 4]
    assert moves_of(on_disk[2])[:2] == ["take", "discard 8♠"]


def test_moves_after_load_are_saved_at_once(runner: CliRunner, tmp_path: Path, on_disk: list) -> None:
    f = tmp_path / "m.json"
    play(runner, "gin", "--seed", "4", "--save", str(f), input="1\nq\ny\n")
    on_disk.clear()
    result = runner.invoke(app, ["play", "--load", str(f)], input="1\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert len(moves_of(on_disk[1])) == 4 and moves_of(on_disk[1])[1] == "discard 8♠"


def test_save_file_at_the_prompt(runner: CliRunner, tmp_path: Path, on_disk: list) -> None:
    f = tmp_path / "later.json"
    out = play(runner, "gin", "--seed", "4", input=f"1\nsave {f}\n1\nq\ny\n")
    assert f"Saved the match as a scenario file: {f}" in flat(out)
    assert moves_of(on_disk[2]) == ["take"]             # written by the command
    assert len(moves_of(on_disk[3])) == 4               # and after the next move too
    assert "name the file to save to" in play(runner, "gin", "--seed", "4", input="save\nq\ny\n")


def test_q_asks_before_leaving(runner: CliRunner) -> None:
    out = play(runner, "gin", "--seed", "4", input="q\nn\n1\nq\ny\n")
    assert out.count("Leave the match?") == 2 and "The match goes on." in out
    assert "You: take" in out and "You left the match: the session ends here" in out
    assert "The match is not saved" in out
    out = play(runner, "gin", "--seed", "4", input="q\n")      # end of input at the question
    assert "End of input: the session ends here" in out


# --- 5. undo never past something hidden the person has seen -----------------------------------

UNDONE = "your last move cannot be taken back: since then you have seen what was hidden"


def test_a_card_drawn_from_the_stock_is_not_taken_back(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "m.json"
    # seed 4: take, discard 8♠, (the bot draws and discards), then draw from the stock: seen
    out = play(runner, "gin", "--seed", "4", "--save", str(f), input="1\n1\n1\nundo\nq\ny\n")
    assert UNDONE in flat(out) and "Took back" not in out
    assert saved(f)["deals"][0]["moves"][4] == "draw"


def test_a_seen_showdown_is_not_taken_back(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "m.json"
    out = play(runner, "shisanzhang", "-n", "4", "--seed", "3", "--save", str(f),
               input="1\nundo\nq\ny\n")
    assert UNDONE in flat(out) and "Took back" not in out
    deals = saved(f)["deals"]
    assert len(deals) == 2 and len(deals[0]["moves"]) == 4 and deals[1]["moves"] == []


def test_hidden_bids_once_revealed_are_not_taken_back(runner: CliRunner, toy: str) -> None:
    out = play(runner, "toy", "--seed", "1", "--rule", "game_target=50", input="bid 1\nundo\nq\ny\n")
    assert "You: bid 1" in out and UNDONE in flat(out)


def test_a_move_that_showed_nothing_is_still_taken_back(runner: CliRunner) -> None:
    out = play(runner, "gin", "--seed", "4", input="1\n1\nundo\nq\ny\n")
    assert "Took back your last move and what followed (3 moves)" in out


# --- 5. the 十三张 showdown in a few lines -------------------------------------------------------

def test_a_four_player_showdown_is_a_grid_with_details_on_request(runner: CliRunner) -> None:
    out = play(runner, "shisanzhang", "-n", "4", "--seed", "3", input="1\ndetails\nq\ny\n")
    result = out[out.index("Deal 1: scores"):out.index("Match totals after deal 1")]
    assert len(result.strip().splitlines()) <= 14, result
    assert "Each row: what that seat won" in result and "Second row (中道)" not in result
    assert "Type 'details' at your next move" in result
    details = out[out.index("Match totals after deal 1"):]
    assert details.count("Second row (中道)") >= 6      # every line, on request
    verbose = play(runner, "shisanzhang", "-n", "4", "--seed", "3", "--verbose", input="1\nq\ny\n")
    assert "Second row (中道)" in verbose[verbose.index("Deal 1: scores"):]


def test_details_before_any_deal_ended(runner: CliRunner) -> None:
    assert "no deal has ended yet" in play(runner, "gin", "--seed", "4", input="details\nq\ny\n")


# --- 5. the README works from a fresh clone -----------------------------------------------------

def test_readme_commands_run_from_a_fresh_clone() -> None:
    """The Start and Usage examples call the venv's programs by path: nothing assumes an
    activated venv."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text[text.index("## Start"):text.index("## Documentation")]
    commands = [ln.strip() for ln in part.splitlines() if ln.startswith("    ") and ln.strip()]
    assert commands
    for line in commands:
        for word in re.findall(r"(?:^|[|&;]\s*)(\S+)", line):
            if word.endswith(("cardtable", "pip", "pytest")) or word in ("python", "cardtable"):
                assert word.startswith(".venv/bin/") or word == "python3", line
    assert "(`printf '1\\n1\\n' | .venv/bin/cardtable play gin --seed 1`)" in part
