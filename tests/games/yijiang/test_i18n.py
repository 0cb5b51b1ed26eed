"""议将夺墩算分 in other languages: reasons, hints, score lines, zones of real positions."""

from __future__ import annotations

import pytest
from tests.support.i18n_checks import check_pseudo, check_translated

from cardtable.game import State
from cardtable.games.yijiang.state import PHASE_NAMES
from cardtable.i18n import use_language
from cardtable.i18n.tools import load
from cardtable.registry import get_game

GAME = "yijiang"


def bad_moves(state: State) -> list[str]:
    # in the play, a card the seat may not play is refused by cardtable.tricks (not this game)
    out = ["jump", "bid 9", "bid x", "trump x", "pass 3", "bid 1 2", "trump ♠", "bid 4"]
    view = state.view(state.to_move()[0])
    if view["phase"] != "play":
        out.append(f"play {view['hand'][0]}")
    return out


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant", "pl", "ru"])
def test_texts_of_real_positions_are_translated(language: str) -> None:
    check_translated(GAME, range(2), bad_moves, language, allowed=PHASE_NAMES)


def test_one_point_per_trick_is_translated() -> None:
    check_translated(GAME, range(1), bad_moves, "zh_Hans", preset="tricks", allowed=PHASE_NAMES)


def test_pseudo_leaves_only_notation() -> None:
    check_pseudo(GAME, range(2), bad_moves, allowed=PHASE_NAMES)
    check_pseudo(GAME, range(1), bad_moves, preset="tricks", allowed=PHASE_NAMES)


def test_bid_range_reason_fills_the_numbers() -> None:
    state = get_game(GAME).new_state(4, seed=2)
    english = "a bid is {low}–{high} tricks (§9.3 min_bid)"
    for loc in ("zh_Hans", "zh_Hant", "pl"):
        with use_language(loc):
            from cardtable.errors import IllegalMove
            try:
                state.clone().apply("bid 9", state.to_move()[0])
            except IllegalMove as e:
                why = e.why
        assert why == load(loc).get(english).string.format(low=3, high=5)
