"""``cardtable replay FILE --step [--seat K]`` (issue 9 item 7): a deal walked move by move,
scripted through stdin; as seat K saw it, no hidden card of another seat is printed before
the deal ends, and the hands are shown after it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable import session
from cardtable.cli.main import app
from cardtable.game import State
from cardtable.registry import get_game

CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])[♠♥♦♣]")
OVER = "The deal is over. The hands as dealt:"


def saved_match(runner: CliRunner, tmp_path: Path, game_id: str, seed: int) -> Path:
    f = tmp_path / f"{game_id}.json"
    result = runner.invoke(app, ["play", game_id, "--auto", "--seed", str(seed), "--deals", "1",
                                 "--save", str(f)])
    assert result.exit_code == 0, result.output
    return f


def final_state(f: Path) -> State:
    from cardtable import scenario
    data = json.loads(f.read_text(encoding="utf-8"))
    return scenario.replay(data).match.deals[0]


def never_seen(final: State, seat: int) -> set[str]:
    """Cards that ``seat`` could not see at any moment before the deal ended."""
    seen: set[str] = set()
    start = final.game.start(final.players, final.options, final.deal)
    states = [start] + [s.clone() for s, _, _ in session.steps(final)]
    for st in states:
        if not st.is_over:
            seen |= set(m.group(0) for m in CARD.finditer(json.dumps(st.view(seat), ensure_ascii=False)))
    every = {str(c) for c in final.game.pack(final.players, final.options)}
    return every - seen


@pytest.mark.parametrize(("game_id", "seed", "seat"), [("gin", 4, 1), ("dummy", 3, 2), ("remik", 2, 0),
                                                       ("shisanzhang", 1, 3), ("jianshisifen", 5, 1)])
def test_step_as_a_seat_prints_no_hidden_card_before_the_end(runner: CliRunner, tmp_path: Path,
                                                              game_id: str, seed: int, seat: int) -> None:
    f = saved_match(runner, tmp_path, game_id, seed)
    final = final_state(f)
    result = runner.invoke(app, ["replay", str(f), "--step", "--seat", str(seat)],
                           input="\n" * (len(final.history) + 5))
    assert result.exit_code == 0, result.output
    out = result.output
    total = len(final.history)
    assert f"move {total}/{total}:" in out and OVER in out
    # everything printed before the view after the last move (the deal is over there)
    before = out[:out.index(f"move {total}/{total}:")]
    hidden = never_seen(final, seat)
    assert hidden, "the test needs cards the seat never saw"
    leaked = {m.group(0) for m in CARD.finditer(before)} & hidden
    assert not leaked, f"{game_id}: seat {seat} was shown {sorted(leaked)} before the end"
    after = out[out.index(OVER):]
    for s, hand in enumerate(final.deal.hands):      # seats counted from 1 as people count
        assert f"seat {s + 1}: " + " ".join(str(c) for c in hand) in after


def test_step_walks_one_move_per_enter_and_stops_on_q(runner: CliRunner, tmp_path: Path) -> None:
    f = saved_match(runner, tmp_path, "gin", 4)
    result = runner.invoke(app, ["replay", str(f), "--step"], input="\n\n\nq\n")
    out = result.output
    assert result.exit_code == 0
    assert "move 3/" in out and "move 4/" not in out
    assert "Stopped before move 4 of deal 1." in out


def test_step_bad_answers_re_ask_and_a_runs_to_the_end(runner: CliRunner, tmp_path: Path) -> None:
    f = saved_match(runner, tmp_path, "gin", 4)
    final = final_state(f)
    result = runner.invoke(app, ["replay", str(f), "--step"], input="\nnope\n💥\na\n")
    out = result.output
    assert out.count("is not a step command; Enter: next move") == 2
    assert f"move {len(final.history)}/{len(final.history)}:" in out and OVER in out


def test_step_end_of_input_stops_cleanly(runner: CliRunner, tmp_path: Path) -> None:
    f = saved_match(runner, tmp_path, "gin", 4)
    result = runner.invoke(app, ["replay", str(f), "--step"], input="\n")
    assert result.exit_code == 0 and "End of input." in result.output and "Stopped before move 2" in result.output


def test_the_log_line_is_as_the_seat_reads_it(runner: CliRunner, tmp_path: Path) -> None:
    """Each step prints the move as ``log_text(seat, ...)``: the same line the seat's view log has."""
    f = saved_match(runner, tmp_path, "shisanzhang", 1)
    final = final_state(f)
    result = runner.invoke(app, ["replay", str(f), "--seat", "0"])
    for i, (state, mover, move) in enumerate(session.steps(final), 1):
        assert f"move {i}/{len(final.history)}: seat {mover + 1}: {state.log_text(0, mover, move)}" in result.output


@pytest.mark.parametrize(("args", "message"), [(["--seat", "9"], "there is no seat 9"),
                                               (["--seat", "-1"], "there is no seat -1"),
                                               (["--step", "--json"], "without --json")])
def test_bad_step_options_are_refused(runner: CliRunner, tmp_path: Path, args: list[str], message: str) -> None:
    f = saved_match(runner, tmp_path, "gin", 4)
    result = runner.invoke(app, ["replay", str(f), *args])
    assert result.exit_code == 2 and message in result.output


def test_step_through_a_single_deal_scenario(runner: CliRunner, tmp_path: Path) -> None:
    state = get_game("gin").new_state(seed=9)
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    f = tmp_path / "one.json"
    f.write_text(json.dumps(state.to_json(), ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(f), "--seat", "0"])
    assert result.exit_code == 0 and "move 6/6:" in result.output and OVER not in result.output
