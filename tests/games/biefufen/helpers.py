"""Stacked deals and a deterministic finishing policy for 憋负分 tests."""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str, parse_cards
from cardtable.registry import get_game, new_game


def stacked(hands: dict[int, str], rest: dict[int, int] | None = None, players: int = 4,
            preset: str | None = None, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """Name some cards per seat; the rest of the pack is dealt round robin to the seats
    listed in ``rest`` (seat → how many more cards; the last listed takes what is left)."""
    game = get_game("biefufen")
    opts = game.make_options(preset, rules)
    out: list[list[str]] = [[] for _ in range(players)]
    used: set[str] = set()
    for s, text in hands.items():
        out[s] = [card_str(c) for c in parse_cards(text)]
        used |= set(out[s])
    left = [card_str(c) for c in game.pack(players, opts) if card_str(c) not in used]
    rest = rest or {players - 1: 99}
    seats = list(rest)
    for i, s in enumerate(seats):
        n = len(left) if i == len(seats) - 1 else rest[s]
        out[s] += left[:n]
        left = left[n:]
    return {"hands": out}


def new(hands: dict[int, str], rest: dict[int, int] | None = None, players: int = 4,
        preset: str | None = None, rules: dict[str, Any] | None = None) -> Any:
    return new_game("biefufen", players, preset=preset, rules=rules,
                    deal=stacked(hands, rest, players, preset, rules))


def finish(state: Any, prefer: list[str] | None = None) -> list[str]:
    """Play to the end: a preferred move as soon as it is legal, else the first natural
    play, else 扣 the card worth least.  Returns the moves made."""
    from cardtable.games.biefufen import card_value
    prefer = list(prefer or [])
    made = []
    while not state.is_over:
        seat = state.to_move()[0]
        move = next((t for t in prefer if state.is_legal(t, seat)), None)
        if move is not None:
            prefer.remove(move)
        else:
            legal = state.legal_moves(seat)
            plays = [m for m in legal if m.verb == "play" and m.target is None]
            if plays:
                move = state.move_text(plays[0])
            else:
                kous = [m for m in legal if m.verb == "kou"]
                move = state.move_text(min(kous, key=lambda m: (card_value(m.cards[0]), m.cards[0])))
        state.apply(move, seat)
        made.append(move)
    return made
