"""The replay viewer's data: a finished match stepped through as one seat saw it.

Built from the match's replay scenario with the engine, so every step is exactly
``view(seat)`` at that point of the deal; it is given only once the match is over (the
service's ``replay`` refuses it before), when nothing is secret any more.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import BadSeat
from ..explanation import score_summary, summary_json
from ..movewords import sayer
from ..picture import table_picture
from ..presentation import seat_names
from ..registry import get_game

_PREFIX = re.compile(r"^\d+:\s*")


def replay_steps(replay: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Every deal's views, from its first move to its end, as ``seat`` (None: spectator) saw
    them, with the card table's picture of each (``pictures``, same order), each move in
    words of the current language (``move_words``, without the ``N:`` seat prefix a move
    of several seats to move carries: the step's view says whose it was) and the deal's
    score in words (``score``, as the table page shows it; None for a deal not ended)."""
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
        say = sayer(game.id)
        last = steps[-1]
        deals.append({"moves": list(entry["moves"]), "steps": steps,
                      "pictures": [table_picture(v, [])["picture"] for v in steps],
                      "move_words": [say(_PREFIX.sub("", m)) for m in entry["moves"]],
                      "score": summary_json(score_summary(game.id, last, seat_names(players, seat)))
                      if last.get("over") else None})
    return {"game": game.id, "players": players, "seat": seat, "deals": deals}
