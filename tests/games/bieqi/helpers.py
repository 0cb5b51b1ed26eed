"""Stacked deals for 憋7 tests: name some cards per seat, the rest go to one seat."""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str, parse_cards
from cardtable.registry import get_game


def stacked(hands: dict[int, str], rest_to: int, players: int = 4,
            rules: dict[str, Any] | None = None) -> dict[str, Any]:
    game = get_game("bieqi")
    opts = game.make_options(None, rules)
    pack = [card_str(c) for c in game.pack(players, opts)]
    out: list[list[str]] = [[] for _ in range(players)]
    used: set[str] = set()
    for s, text in hands.items():
        out[s] = [card_str(c) for c in parse_cards(text)]
        used |= set(out[s])
    out[rest_to] += [c for c in pack if c not in used]
    return {"hands": out}


def new(hands: dict[int, str], rest_to: int, players: int = 4,
        rules: dict[str, Any] | None = None) -> Any:
    from cardtable.registry import new_game
    return new_game("bieqi", players, rules=rules, deal=stacked(hands, rest_to, players, rules))
