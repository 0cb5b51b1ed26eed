"""Shared checks of the score explanations (``cardtable.explanation``) for every game's
``tests/games/<id>/test_explain.py``: finished deals played by seeded bots, then

* each seat's explained points add up to its score (a line is dropped only for a 0 item);
* each line of an item with cards names those cards;
* with a game's card values (written from its spec in the test, not taken from the
  engine) every "card value" pair in a line is right and "= N" is their sum;
* rule labels appear only with ``verbose``, and no Python repr reaches a line.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

from cardtable.bots import bot_move, make_bot
from cardtable.cards import parse_card
from cardtable.errors import BadCard
from cardtable.explanation import explain_items
from cardtable.game import State
from cardtable.presentation import seat_names
from cardtable.registry import get_game

REPRS = ("[]", "[0", "{'", "to move:", "None")
_PAIR = re.compile(r"(\S+) (\d+)(?= \+| =|$|;|\)|,)")


def finished_states(game_id: str, seeds: range, bot: str = "random",
                    players: int | None = None) -> Iterator[State]:
    game = get_game(game_id)
    for seed in seeds:
        state = game.new_state(players, seed=seed)
        rng = random.Random(seed)
        b = make_bot(game_id, bot)
        for _ in range(5000):
            if state.is_over:
                break
            seat = state.to_move()[0]
            state.apply(bot_move(b, state, seat, rng), seat)
        assert state.is_over
        yield state


def card_value_pairs(text: str) -> list[tuple[str, int]]:
    out = []
    for tok, num in _PAIR.findall(text):
        try:
            parse_card(tok)
        except BadCard:
            continue
        out.append((tok, int(num)))
    return out


def check_game(game_id: str, seeds: range, value: Callable[[str], int] | None = None,
               bot: str = "random", players: int | None = None,
               pairs_of: Callable[[str], list[tuple[str, int]]] = card_value_pairs) -> dict[str, int]:
    """Run every check over finished deals; returns counts (lines, valued cards) so a test
    can also insist that the checks had something to check."""
    seen = {"lines": 0, "valued": 0, "items": 0}
    for state in finished_states(game_id, seeds, bot, players):
        n = state.players
        view = state.view(0)
        names = seat_names(n, 0, ["bot"] * n)
        items = view["items"]
        lines = explain_items(game_id, items, n, names, view)
        verbose = explain_items(game_id, items, n, names, view, verbose=True)
        for s in range(n):
            assert sum(li.points for li in lines[s]) == view["scores"][s], (game_id, s, lines[s])
            mine = [it for it in items if it["seat"] == s]
            k = 0
            for it in mine:
                if k < len(lines[s]) and lines[s][k].points == it["points"] and \
                        lines[s][k].rule == it["rule"]:
                    line = lines[s][k]
                    k += 1
                else:
                    assert it["points"] == 0, f"item {it} has no line"
                    continue
                seen["items"] += 1
                for c in it.get("cards", []):
                    assert c in line.text, (it, line.text)
                assert it["rule"] not in line.text, line.text
                for r in REPRS:
                    assert r not in line.text, line.text
                if value is not None:
                    pairs = pairs_of(line.text)
                    for card, v in pairs:
                        assert value(card) == v, (card, v, line.text)
                    seen["valued"] += len(pairs)
                    total = re.search(r"= −?(\d+)", line.text)
                    if total and pairs and " = " in line.text and line.text.count("=") == 1:
                        assert sum(v for _, v in pairs) == int(total.group(1)), line.text
            assert k == len(lines[s])
            seen["lines"] += len(lines[s])
            for li in verbose[s]:
                assert li.rule in li.text
    return seen
