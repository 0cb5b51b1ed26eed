"""最后胜利 in other languages: reasons, hints, score lines, zones of real positions."""

from __future__ import annotations

import pytest
from tests.support.i18n_checks import check_pseudo, check_translated, collect

from cardtable.game import State
from cardtable.i18n import use_language
from cardtable.i18n.tools import load
from cardtable.registry import get_game

GAME = "zuihoushengli"


def bad_moves(state: State) -> list[str]:
    # a card the seat holds but may not play is refused by cardtable.tricks (not this game)
    hand = state.view(state.to_move()[0])["hand"]
    return ["play", f"play {hand[0]} {hand[-1]}", "jump now", "K♠ Q♠"]


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant", "pl", "ru"])
def test_texts_of_real_positions_are_translated(language: str) -> None:
    got = check_translated(GAME, range(2), bad_moves, language)
    assert len(set(got.scores)) >= 3          # the survivor and the bankrupt in order


def test_pseudo_leaves_only_notation() -> None:
    check_pseudo(GAME, range(2), bad_moves)


def test_bankrupt_order_is_a_whole_sentence_per_place() -> None:
    """The first bankrupt reads the catalog's sentence for "first", not a glued ordinal."""
    en = collect(GAME, range(1), bad_moves, "en")
    first = "went bankrupt (破产户) first"
    assert first in [s.lower() for s in en.scores]
    for loc in ("zh_Hans", "zh_Hant", "pl"):
        msgstr = load(loc).get(first).string
        got = collect(GAME, range(1), bad_moves, loc)
        assert msgstr in got.scores or msgstr[:1].upper() + msgstr[1:] in got.scores


def test_turn_reason_names_the_seat() -> None:
    state = get_game(GAME).new_state(4, seed=1)
    mover = state.to_move()[0]
    other = (mover + 1) % 4
    move = state.legal_moves(mover)[0]
    with use_language("zh_Hant"):
        why = state.why_illegal(other, move)
    assert why == load("zh_Hant").get("it is seat {seat}'s turn").string.format(seat=mover + 1)   # from 1
