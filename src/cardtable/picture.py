"""The browser card table's picture of one seat: the game's declared :class:`~cardtable.parts.
felt.Felt` part applied to the seat's view, or, for a game without one, a plain picture of
seats and hidden-card counts.  Built from the view and the seat's legal moves only, so it can
show nothing the view does not."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from .parts.felt import Felt, area, backs_of, seat
from .registry import GAME_MODULES, game_parts


def game_felt(game_id: str) -> Felt | None:
    """The game's ``Felt`` part, None for a game without one."""
    return game_parts(game_id).felt if game_id in GAME_MODULES else None


def generic_picture(view: dict[str, Any]) -> dict[str, Any]:
    """Seats with their hidden cards, nothing in the middle: what any view allows."""
    players = int(view.get("players", 0))
    return {"seats": [seat(backs_of(view, s)) for s in range(players)],
            "centre": [area("table", "info", text="")]}


def table_picture(view: dict[str, Any], legal: Sequence[str]) -> dict[str, Any]:
    """``{"picture": …, "targets": [{"move", "zone", "cards"}]}``: the picture of ``view``
    and, for each legal move made on the table, where it is made (moves with no gesture are
    left out: the list of moves makes them)."""
    felt = game_felt(str(view.get("game")))
    if felt is None:
        return {"picture": generic_picture(view), "targets": []}
    targets = []
    for text in legal:
        where = None
        with contextlib.suppress(Exception):     # a move the part cannot place stays in the list
            where = felt.target(text, view)
        if where is not None:
            targets.append({"move": text, **where.to_json()})
    return {"picture": felt.picture(view), "targets": targets}


__all__ = ["game_felt", "generic_picture", "table_picture"]
