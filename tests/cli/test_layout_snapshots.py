"""Snapshots of the one table screen (``presentation.table_layout`` drawn by ``cli/render``)
and of the end-of-deal score screen, for every game.

Each game is played with seeded random moves to a fixed point and drawn on rich's plain
console (no colour, width 100), so any change of the layout shows as a diff.  After an
intended change, regenerate the snapshots and review the diff before committing:

    CARDTABLE_UPDATE_SNAPSHOTS=1 pytest tests/cli/test_layout_snapshots.py

Snapshots live in tests/cli/snapshots/<game>.txt.
"""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.cli.render import score_screen, table_screen
from cardtable.explanation import score_summary
from cardtable.game import State
from cardtable.presentation import own_hand, seat_names, table_layout
from cardtable.registry import game_ids, get_game

SNAPSHOTS = Path(__file__).with_name("snapshots")
UPDATE = os.environ.get("CARDTABLE_UPDATE_SNAPSHOTS") == "1"
WIDTH = 100
MID_MOVES = 7           # random moves before the mid-deal screen (十三张: one, so you still arrange)
MID_FOR = {"shisanzhang": 1}
REPRS = ("[]", "[0", "{'", "to move:", "None", "True", "False")
RULE_LABEL = re.compile(r"\b(" + "|".join(game_ids()) + r"):\S")


def plain(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=WIDTH, color_system=None, force_terminal=False, highlight=False,
            emoji=False).print(renderable)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"


def play_random(state: State, rng: random.Random, moves: int | None) -> None:
    k = 0
    while not state.is_over and (moves is None or k < moves):
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        state.apply(legal[rng.randrange(len(legal))], seat)
        k += 1


def mid_screen(game_id: str, seed: int = 1) -> str:
    state = get_game(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    play_random(state, rng, MID_FOR.get(game_id, MID_MOVES))
    seat = state.to_move()[0] if state.to_move() else 0
    before = own_hand(state.view(seat))
    play_random(state, rng, 0)
    view = state.view(seat)
    legal = [state.move_text(m) for m in state.legal_moves(seat)] if seat in state.to_move() else []
    names = seat_names(state.players, seat, ["random"] * state.players)
    drawn = [before[-1]] if before else None       # a fixed card marked, to show the mark
    return plain(table_screen(table_layout(view, legal, names, drawn)))


def end_screen(game_id: str, seed: int = 1, verbose: bool = False) -> str:
    state = get_game(game_id).new_state(seed=seed)
    play_random(state, random.Random(seed), None)
    view = state.view(0)
    names = seat_names(state.players, 0, ["random"] * state.players)
    summary = score_summary(game_id, view, names, verbose, state.winners())
    return plain(table_screen(table_layout(view, [], names))) + plain(score_screen(summary, "Deal 1: scores"))


@pytest.mark.parametrize("game_id", game_ids())
def test_table_screens_match_their_snapshots(game_id: str) -> None:
    text = f"--- mid-deal (seed 1, {MID_FOR.get(game_id, MID_MOVES)} random moves)\n{mid_screen(game_id)}" \
           f"--- end of the deal (seed 1)\n{end_screen(game_id)}"
    path = SNAPSHOTS / f"{game_id}.txt"
    if UPDATE or not path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote the missing snapshot {path}; review it and run again")
    assert text == path.read_text(encoding="utf-8"), (
        f"the {game_id} screen changed; if intended, regenerate with CARDTABLE_UPDATE_SNAPSHOTS=1")


@pytest.mark.parametrize("game_id", game_ids())
def test_no_python_repr_or_rule_label_on_any_screen(game_id: str) -> None:
    """Random finished deals of every game: the screens read as words."""
    for seed in range(4):
        for text in (mid_screen(game_id, seed), end_screen(game_id, seed)):
            for r in REPRS:
                assert r not in text, f"{game_id} seed {seed}: {r!r} on screen:\n{text}"
            assert not RULE_LABEL.search(text), f"{game_id} seed {seed}: rule label on screen:\n{text}"
            assert not re.search(r"\bseat 0\b", text), f"{game_id}: a 0-based seat on screen:\n{text}"
            assert "_" not in text.split("Your legal moves")[0], f"{game_id}: an internal name:\n{text}"


@pytest.mark.parametrize("game_id", ["gin", "dummy"])
def test_rule_labels_only_with_verbose(game_id: str) -> None:
    for seed in range(6):
        verbose = end_screen(game_id, seed, verbose=True)
        if "[" + game_id + ":" in verbose:
            assert not RULE_LABEL.search(end_screen(game_id, seed))
            return
    pytest.fail(f"no {game_id} deal had a score line to label")


def test_red_suits_are_red_and_the_plain_console_has_no_colour() -> None:
    state = get_game("gin").new_state(seed=4)
    view = state.view(state.to_move()[0])
    layout = table_layout(view, [state.move_text(m) for m in state.legal_moves()], seat_names(2, view["seat"]))
    out = io.StringIO()
    Console(file=out, width=WIDTH, color_system="standard", force_terminal=True).print(table_screen(layout))
    coloured = out.getvalue()
    red = [c for g in layout["hand"] for c in g["cards"] if c["red"]]
    assert red, "the deal should give a red card"
    assert "\x1b[31m" + red[0]["text"] in coloured
    assert "\x1b[" not in plain(table_screen(layout))
