"""Shared builders for tests that need a long deal."""

from __future__ import annotations

from cardtable import get_game

from .helpers import make_deal


def play_to_fifty(fiftieth: bool = True):
    """Seat 0 and 1 draw and discard their drawn card until two stock cards are left."""
    game = get_game("gin")
    d = make_deal("2s 4s 6s 8s Ts 2h 4h 6h 8h Th", "Ac 2c 3c 4d 5d 6d 7d 8d 9d Kh", "Kc")
    s = game.new_state(2, game.make_options(rules={"fiftieth_card_pickup": fiftieth}), deal=d)
    s.apply("pass")
    s.apply("pass")
    for i in range(29):
        s.apply("draw")
        s.apply("discard " + d["stock"][i])
    return s
