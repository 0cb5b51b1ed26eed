"""The 十三张 arranging helper (cli/arrange.py) driven by scripted input, as a person types."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from cardtable.cards import parse_cards
from cardtable.cli.arrange import arrange_prompt
from cardtable.cli.main import app
from cardtable.game import State
from cardtable.games.shisanzhang.arrange import best_arrangement
from cardtable.games.shisanzhang.assist import describe_rows
from cardtable.registry import get_game


def run(state: State, seat: int, lines: list[str]) -> tuple[str | None, str]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    feed: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str | None:
        return next(feed, None)

    view = state.view(seat)
    legal = [state.move_text(m) for m in state.legal_moves(seat)]
    return arrange_prompt(console, read_line, view, legal), out.getvalue()


def deal(hand: str, other: str = "A♠ A♥ A♦ A♣ Q♠ Q♥ Q♦ J♠ J♦ J♣ 9♠ 9♥ 8♦") -> State:
    return get_game("shisanzhang").new_state(2, deal={"hands": [hand.split(), other.split()]})


HAND = "K♠ Q♣ J♥ 10♠ 10♥ 10♣ 7♠ 7♥ 7♣ 6♥ 6♣ 3♥ 2♦"


def test_rows_by_number_and_text_show_their_types_and_fill_the_last_row() -> None:
    state = deal(HAND)
    # numbers follow the hand high to low: 1 K♠ 2 Q♣ 3 J♥ 4 10♠ 5 10♥ 6 10♣ 7 7♠ 8 7♥ 9 7♣ ...
    move, out = run(state, 0, ["f 1 2 3", "m 6♥ 6♣ 3♥ 2♦ 9", "done"])
    assert "high card (K-Q-J) (乌龙)" in out           # the first row, shown once full
    assert "one pair (6) (对子)" in out
    assert "full house (10 and 7) (葫芦)" in out       # the last row filled by itself
    assert move is not None and state.is_legal(move, 0)
    rows = [parse_cards(r) for r in move.removeprefix("arrange ").split("|")]
    assert sorted(rows[1]) == sorted(parse_cards("6♥ 6♣ 3♥ 2♦ 7♣"))
    assert sorted(rows[2]) == sorted(parse_cards("10♠ 10♥ 10♣ 7♠ 7♥"))


def test_a_foul_is_flagged_at_once_and_asked_about_before_sending() -> None:
    state = deal(HAND)
    move, out = run(state, 0, ["f 1 2 3", "m 4 5 6 7 8", "done", "done"])
    assert "fouls (倒水)" in out and "中道 (second row) beats the 尾道" in out
    assert "Type 'done' again to send it anyway" in out
    info = describe_rows([r.split() for r in move.removeprefix("arrange ").split(" | ")])
    assert info.fouled and info.complete
    # changing a row after the warning asks again
    move2, out2 = run(state, 0, ["f 1 2 3", "m 4 5 6 7 8", "done", "clear", "auto", "done"])
    assert out2.count("Type 'done' again") == 1 and move2 != move


def test_auto_is_the_exact_arrangers_split() -> None:
    state = deal(HAND)
    move, out = run(state, 0, ["auto", "done"])
    best = best_arrangement([int(c) for c in parse_cards(HAND.split())])
    assert move is not None
    rows = [sorted(parse_cards(r)) for r in move.removeprefix("arrange ").split("|")]
    assert rows == [sorted(best.front), sorted(best.middle), sorted(best.back)]
    assert "auto-arranger" in out and "fouls" not in out


def test_specials_are_offered_and_can_be_declared() -> None:
    six_pairs = "2♠ 2♥ 3♠ 3♦ 4♣ 4♥ 5♠ 5♥ 6♣ 6♦ 7♠ 7♥ K♠"
    state = deal(six_pairs)
    move, out = run(state, 0, ["declare"])
    assert "六对半" in out and "'declare liuduiban'" in out
    assert move == "declare liuduiban" and state.is_legal(move, 0)
    move, _ = run(state, 0, ["declare 六对半"])                # the Chinese name works too
    assert move == "declare liuduiban"
    move, out = run(state, 0, ["declare sanshun", "cancel"])
    assert move is None and "specials this hand fits: 'declare liuduiban'" in out
    move, _ = run(deal(HAND), 0, ["declare", "cancel"])    # no special: said, then cancelled
    assert move is None


def test_bad_input_is_named_and_changes_nothing() -> None:
    state = deal(HAND)
    move, out = run(state, 0, ["f 1 2", "x 1", "f 1 1 2", "f 99", "m 5♦", "f 1 2 3 4", "done"])
    assert move is None                                  # the input ended: nothing sent
    for message in ("unknown command 'x'", "K♠ is named twice", "no card number 99",
                    "5♦ is not in your hand", "holds 3 cards, not 4", "rows are not full yet"):
        assert message in out, message
    assert len(state.history) == 0


CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|\b(?:LJ|BJ)\b")


def test_the_helper_shows_no_card_outside_the_hand() -> None:
    state = get_game("shisanzhang").new_state(4, seed=5)
    typed = ["?", "f 1 2 3", "auto", "clear m", "m 4♠", "declare", "done", "cancel"]
    _, out = run(state, 0, typed)
    own = set(state.view(0)["hand"])
    typed_cards = set(CARD.findall(" ".join(typed)))            # echoed back in an error
    assert set(CARD.findall(out)) <= own | typed_cards


def test_play_sends_the_helpers_arrangement(runner: CliRunner, tmp_path: Path) -> None:
    """`cardtable play shisanzhang` as a person types it: 'arrange', 'auto', 'done'."""
    save = tmp_path / "m.json"
    result = runner.invoke(app, ["play", "shisanzhang", "--players", "2", "--seed", "3", "--deals", "1",
                                 "--save", str(save)], input="arrange\nauto\ndone\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "the auto-arranger's split:" in out and "Deal 1: scores" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    deal = data["deals"][0]
    state = get_game("shisanzhang").new_state(2, deal=deal["deal"])
    best = best_arrangement([int(c) for c in parse_cards(state.view(0)["hand"])])
    mine = next(m for m in deal["moves"] if m.startswith("0:"))
    rows = [sorted(parse_cards(r)) for r in mine.split(":", 1)[1].removeprefix(" arrange ").split("|")]
    assert rows == [sorted(best.front), sorted(best.middle), sorted(best.back)]
