"""捡十四分 in other languages: reasons, hints, score lines, zones of real positions."""

from __future__ import annotations

import pytest
from tests.support.i18n_checks import check_pseudo, check_translated, reason

from cardtable.game import State
from cardtable.games.jianshisifen.state import PHASE_NAMES
from cardtable.i18n import use_language
from cardtable.i18n.tools import load

GAME = "jianshisifen"


def bad_moves(state: State) -> list[str]:
    seat = state.to_move()[0]
    view = state.view(seat)
    hand, table = view["hand"], view["table"]
    out = ["jump", "draw 5♠", "pick", "put"]
    if hand and table:
        out += [f"pick {hand[0]} {hand[-1]}", f"pick {table[0]} {table[-1]}",
                f"put {table[0]}", f"put {hand[0]}", "draw"]
        out += [f"pick {h} {t}" for h in hand[:2] for t in table[:2]]
    return out


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant", "pl", "ru"])
def test_texts_of_real_positions_are_translated(language: str) -> None:
    got = check_translated(GAME, range(2), bad_moves, language, allowed=PHASE_NAMES)
    assert any("14" in r for r in got.reasons)


def test_teams_score_lines_are_translated() -> None:
    check_translated(GAME, range(2), bad_moves, "zh_Hans", preset="teams", allowed=PHASE_NAMES)


def test_pseudo_leaves_only_notation() -> None:
    check_pseudo(GAME, range(2), bad_moves, allowed=PHASE_NAMES)
    check_pseudo(GAME, range(1), bad_moves, preset="teams", allowed=PHASE_NAMES)


def test_the_sum_reason_is_the_catalogs_sentence_filled() -> None:
    """A pair that does not make 14: the reason is the catalog's msgstr with the numbers in."""
    from cardtable.cards import parse_card
    from cardtable.registry import get_game
    game = get_game(GAME)
    state = game.new_state(4, seed=3)
    seat = state.to_move()[0]
    view = state.view(seat)
    h = next(c for c in view["hand"] if not parse_card(c).is_joker)
    t = next(c for c in view["table"]
             if (parse_card(h).rank or 1) + (parse_card(c).rank or 1) != 14
             and not parse_card(c).is_joker)
    english = "{card} + {table_card} = {value} + {table_value} = {sum}, not 14 (§6.3)"
    for loc in ("zh_Hans", "zh_Hant", "pl"):
        msgstr = load(loc).get(english).string
        assert msgstr and msgstr != english
        with use_language(loc):
            why = reason(state, f"pick {h} {t}")
        hv, tv = parse_card(h).rank, parse_card(t).rank
        assert why == msgstr.format(card=h, table_card=t, value=hv, table_value=tv, sum=hv + tv)
