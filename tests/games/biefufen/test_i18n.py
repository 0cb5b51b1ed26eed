"""憋负分 in other languages: reasons, hints, score lines, zones of real positions."""

from __future__ import annotations

import random

import pytest
from tests.support.i18n_checks import check_pseudo, check_translated

from cardtable.bots import bot_move, make_bot
from cardtable.explanation import explain_items
from cardtable.game import State
from cardtable.i18n import use_language
from cardtable.i18n.tools import load
from cardtable.registry import get_game

GAME = "biefufen"


def bad_moves(state: State) -> list[str]:
    seat = state.to_move()[0]
    view = state.view(seat)
    hand = view["hand"]
    others = [c for s in range(state.players) if s != seat for c in state.view(s)["hand"]]
    out = ["jump", f"play {hand[0]} {hand[-1]}", f"kou {hand[0]}", f"play {hand[0]} for ♠6",
           f"play {hand[-1]} for ♣K"]
    out += [f"play {c}" for c in hand]
    if others:
        out += [f"play {others[0]}", f"kou {others[0]}"]
    return out


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant", "pl", "ru"])
def test_texts_of_real_positions_are_translated(language: str) -> None:
    check_translated(GAME, range(2), bad_moves, language)


@pytest.mark.parametrize("preset", ["dai2k", "daiwang"])
def test_wild_variants_are_translated(preset: str) -> None:
    check_translated(GAME, range(1), bad_moves, "zh_Hans", preset=preset)
    check_pseudo(GAME, range(1), bad_moves, preset=preset)


def test_pseudo_leaves_only_notation() -> None:
    check_pseudo(GAME, range(2), bad_moves)


def test_partner_lines_in_teams() -> None:
    """Teams: a partner's face-down card is said with the partner's name, in the language."""
    game = get_game(GAME)
    state = game.new_state(4, game.make_options(rules={"teams": "alternate"}), seed=5)
    bot, rng = make_bot(GAME, "random"), random.Random(5)
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(bot_move(bot, state, seat, rng), seat)
    view = state.view(0)
    assert view["piles"][2], "seed 5 should leave the partner a face-down card"
    english = "{card} face down (扣) (your partner {partner}): {value} × {times}"
    msgstr = load("pl").get(english).string
    assert msgstr and msgstr != english
    with use_language("pl"):
        lines = [li.text for li in explain_items(GAME, view["items"], 4, ["A1", "B1", "A2", "B2"],
                                                 view)[0]]
    wanted = [msgstr.split("{value}")[0].format(card=c, partner="A2") for c in view["piles"][2]]
    for start in wanted:
        assert any(t.startswith(start) or t.startswith(start[:1].upper() + start[1:])
                   for t in lines), (start, lines)
