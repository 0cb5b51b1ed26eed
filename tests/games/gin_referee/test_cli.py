"""``cardtable referee gin``: a scripted scorekeeper session reaches the rulings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

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
    result = CliRunner().invoke(app, ["referee", "gin", "--deal", str(f), *args],
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
    assert "1: report R6 7♦" in out
    assert "take 7♦" in out and "report R8 7♦ stock" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["rules"] == {"table_mode": True}
    assert "1: report R6 7♦" in data["deals"][0]["moves"]
    result = scenario.replay(data)
    assert result.error is None and cast(GinTableState, result.state).rulings[0].rule == "R6"


def test_session_choice_score_and_next_deal(tmp_path: Path) -> None:
    code, out = run(tmp_path, KNOCK14, ["pass", "pass", "draw", "knock K♦", "report R10",
                                        "choose no_bonus", "rulings", "s", "1: report R1 c dealing",
                                        "next", "t", "q"])
    assert code == 0, out
    assert "seat 1 chooses: choose open_hand | choose no_bonus" in out
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
    code, out = run(tmp_path, swap, ["pass", "pass", "draw", "knock 2♣", "s", "0: report R12 5♣",
                                     "s", "q"])
    assert code == 0, out
    assert "ruling gin:R12" in out
    assert " 32 │" in out and " 35 │" in out     # the running score before and after
