"""``cardtable referee gin``: a scripted scorekeeper session reaches the rulings, and counts
seats from 1 in everything it prints and in the seat a person types (``2: report …``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import cast

import pytest
from typer.testing import CliRunner

from cardtable import scenario
from cardtable.cli.main import app
from cardtable.games.gin.referee.tablestate import GinTableState

from .helpers import make_deal

SEE = make_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 8♦ 9♦ 10♦ Q♠ Q♥ Q♦ 5♦", "K♣",
                "J♣ K♠ 7♦ A♥ K♥")
KNOCK14 = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 2♣ 3♣ 4♦ 5♦", "Q♣ Q♦ Q♥ J♠ J♣ J♦ 8♠ 7♠ 3♦ 2♦", "10♥",
                    "K♦ K♥ 9♣")


def run(tmp_path: Path, deal: dict, lines: list[str], *args: str) -> tuple[int, str]:
    f = tmp_path / "deal.json"
    f.write_text(json.dumps(deal, ensure_ascii=False), encoding="utf-8")
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["referee", "gin", "--deal", str(f), *args],
                                                      input="\n".join(lines) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_session_r6_ruling_bar_and_exposed_take(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    code, out = run(tmp_path, SEE, ["pass", "pass", "draw", "discard J♣", "draw",
                                    "report R6 7♦", "knock K♠", "discard K♠", "m", "take 7♦",
                                    "reports", "q"], "--save", str(save))
    assert code == 0, out
    assert "ruling gin:R6" in out and "may not knock" in out
    assert "2: report R6 7♦" in out           # the second seat reported, as people count
    assert "take 7♦" in out and "report R8 7♦ stock" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["rules"] == {"table_mode": True}
    assert "1: report R6 7♦" in data["deals"][0]["moves"]    # the file keeps the engine's seat
    result = scenario.replay(data)
    assert result.error is None and cast(GinTableState, result.state).rulings[0].rule == "R6"


def test_session_choice_score_and_next_deal(tmp_path: Path) -> None:
    code, out = run(tmp_path, KNOCK14, ["pass", "pass", "draw", "knock K♦", "report R10",
                                        "choose no_bonus", "rulings", "s", "2: report R1 c dealing",
                                        "next", "t", "q"])
    assert code == 0, out
    assert "seat 2 chooses: choose open_hand | choose no_bonus" in out
    assert "chose no_bonus" in out and "Running score" in out
    assert "illegal move" in out          # R1 'dealing' after play began is refused
    assert "the current deal is not over" in out


def test_session_new_deal_then_next(tmp_path: Path) -> None:
    code, out = run(tmp_path, SEE, ["report R1 a dealing", "draw", "next", "q"])
    assert code == 0, out
    assert "gin:R1" in out and "Deal 1: score items" in out
    assert "this deal is over" in out and "Deal 2" in out


def test_only_gin(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["referee", "dummy"])
    assert result.exit_code == 2 and "gin only" in result.output


def test_session_late_r12_rescores_the_deal(tmp_path: Path) -> None:
    swap = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 5♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ K♠ K♥ 9♠ 8♦", "10♥", "2♣")
    code, out = run(tmp_path, swap, ["pass", "pass", "draw", "knock 2♣", "s", "1: report R12 5♣",
                                     "s", "q"])
    assert code == 0, out
    assert "ruling gin:R12" in out
    assert " 32 │" in out and " 35 │" in out     # the running score before and after


# --- seats as people count them, from 1 ------------------------------------------------------

SEAT_0 = re.compile(r"\b[Ss]eat 0\b")
SWAP = make_deal("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 7♦ 7♥ 5♣", "Q♣ Q♦ Q♥ J♠ J♣ J♦ K♠ K♥ 9♠ 8♦", "10♥", "2♣")


def test_every_seat_printed_counts_from_1(tmp_path: Path) -> None:
    """The table, the log, the prompts, the moves and reports, the referee's state, the
    rulings, the refusals and the score tables name seat 1 and seat 2, never seat 0."""
    code, out = run(tmp_path, SEE, ["t", "pass", "pass", "draw", "discard J♣", "draw",
                                    "report R6 7♦", "knock K♠", "discard K♠", "m", "t", "reports",
                                    "rulings", "s", "q"])
    assert code == 0, out
    assert not SEAT_0.search(out), SEAT_0.findall(out)
    assert "dealer: seat 2   phase: offer   to move: seat 1" in out
    assert "seat 1: 2♠ 4♠ 6♠ 8♠ 10♠" in out and "seat 2: Q♠ Q♥ 5♦" in out
    assert "  to move: seat 1 (offer)" in out and "  to move: seat 2 (discard)" in out
    assert "  1: pass" in out and "  2: pass" in out and "  2: report R6 7♦" in out
    # the ruling (its data sentence says "seat 1 saw 7♦", the engine's seat)
    assert "R6: seat 2 saw 7♦ while drawing" in out and "seat 1 may take it in place of a draw" in out
    # the bar's reason in the refusal of the knock agrees with the refusal's own seat
    assert "seat 2: illegal move 'knock K♠': seat 2 saw a card illegally" in out
    assert '"offender": "seat 2", "may_take": "seat 1"' in out
    assert "seat 1: draw | take | take 7♦" in out
    assert "possible now for seat 1:" in out and "possible now for seat 2:" in out
    assert "│ seat 1 │" in out and "│ seat 2 │" in out


def test_a_choice_and_its_score_items_count_seats_from_1(tmp_path: Path) -> None:
    code, out = run(tmp_path, KNOCK14, ["pass", "pass", "draw", "knock K♦", "t", "report R10",
                                        "1: choose open_hand", "choose no_bonus", "t", "q"])
    assert code == 0, out
    assert not SEAT_0.search(out), SEAT_0.findall(out)
    assert '"seat": "seat 1"' in out                     # the knock window: seat 1 knocked
    assert "R10: seat 1 knocked with 14 deadwood" in out and "Seat 2 chooses: open_hand or no_bonus." in out
    assert "seat 2 chooses: choose open_hand | choose no_bonus" in out
    assert "it is not seat 1's turn (to move: 2)" in out  # seat 1 may not answer for seat 2
    assert "Seat 2 chose no_bonus." in out and 'no_bonus: ["seat 1"]' in out


def test_typed_seat_2_reports_for_the_second_seat(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    code, out = run(tmp_path, SEE, ["pass", "pass", "draw", "discard J♣", "draw", "2: report R6 7♦",
                                    "q"], "--save", str(save))
    assert code == 0, out
    assert "  2: report R6 7♦" in out and "ruling gin:R6" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["deals"][0]["moves"][-1] == "1: report R6 7♦"     # the engine's seat, from 0
    result = scenario.replay(data)
    assert result.error is None
    assert [(r.rule, r.reporter) for r in cast(GinTableState, result.state).rulings] == [("R6", 1)]


def test_the_knockers_right_goes_by_the_seat_typed_from_1(tmp_path: Path) -> None:
    """R12 is the knocker's (seat 1's) right: '2: report R12' is refused naming seat 1,
    '1: report R12' swaps the discard; after the deal a report needs its seat."""
    code, out = run(tmp_path, SWAP, ["pass", "pass", "draw", "knock 2♣", "2: report R12 5♣",
                                     "report R12 5♣", "1: report R12 5♣", "q"])
    assert code == 0, out
    assert "seat 2: illegal move 'report R12 5♣': only the knocker, seat 1, may swap" in out
    assert "write the reporting seat first, counted from 1: '1: report …' or '2: report …'" in out
    assert "  1: report R12 5♣" in out and "R12: seat 1 discarded 2♣ by accident" in out
    assert not SEAT_0.search(out), SEAT_0.findall(out)


@pytest.mark.parametrize("bad", ["0: report R6 7♦", "3: report R6 7♦", "0: discard K♠"])
def test_a_seat_not_at_the_table_is_refused_and_changes_nothing(tmp_path: Path, bad: str) -> None:
    """Seat 0 was the first seat's prefix before seats were counted from 1: now it names no
    seat, and neither does 3; the line is refused with the reason and changes nothing."""
    moves = ["pass", "pass", "draw", "discard J♣", "draw"]
    save = tmp_path / "match.json"
    code, out = run(tmp_path, SEE, [*moves, bad, "rulings", "t", "q"], "--save", str(save))
    assert code == 0, out
    seat = bad.split(":")[0]
    assert f"there is no seat {seat}: seats are counted from 1, so they are 1 and 2" in out
    assert "no rulings in this deal" in out and "exposed" not in out
    assert "discard pile (top last): K♣ J♣\n" in out and "to move: seat 2 (discard)" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["deals"][0]["moves"] == moves
