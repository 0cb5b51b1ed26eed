"""Small builders for Remik tests: slots from text, and written deals."""

from __future__ import annotations

from typing import Any

from cardtable.cards import COPY_STRIDE
from cardtable.games.remik import GAME, RemikState
from cardtable.games.remik.melds import Slot
from cardtable.games.remik.notation import parse_faces


def slots(text: str) -> list[Slot]:
    """``"7♥ JK=8♥ 9♥"`` → slots with distinct physical codes (second copies where repeated)."""
    out: list[Slot] = []
    used: set[int] = set()
    for face, rep in parse_faces(text):
        code = face
        while code in used:
            code += COPY_STRIDE
        used.add(code)
        out.append((code, rep))
    return out


def state(hands: list[str], stock: str = "", discard: str = "", starter: int = 0,
          rules: dict[str, Any] | None = None, preset: str | None = None) -> RemikState:
    opts = GAME.make_options(preset, rules)
    deal = {"hands": [h.split() for h in hands], "stock": stock.split(),
            "discard": discard.split(), "starter": starter}
    st = GAME.new_state(len(hands), opts, deal=deal)
    assert isinstance(st, RemikState)
    return st
