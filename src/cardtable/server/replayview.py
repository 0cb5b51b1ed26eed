"""The replay viewer's data: a finished match stepped through as one seat saw it.

Built from the match's replay scenario with the engine, so every step is exactly
``view(seat)`` at that point of the deal; it is given only once the match is over (the
service's ``replay`` refuses it before), when nothing is secret any more.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadSeat
from ..registry import get_game


def replay_steps(replay: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Every deal's views, from its first move to its end, as ``seat`` (None: spectator) saw them."""
    game = get_game(replay["game"])
    players = int(replay["players"])
    if seat is not None and not 0 <= seat < players:
        raise BadSeat(seat, players)
    options = game.make_options(replay.get("preset"), replay.get("rules"))
    deals = []
    for entry in replay["deals"]:
        state = game.new_state(players, options, deal=entry["deal"])
        steps = [state.view(seat)]
        for text in entry["moves"]:
            state.apply(text)
            steps.append(state.view(seat))
        deals.append({"moves": list(entry["moves"]), "steps": steps})
    return {"game": game.id, "players": players, "seat": seat, "deals": deals}
