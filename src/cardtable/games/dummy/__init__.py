"""Thai Dummy (ดัมมี่), dummy.md: 2–4 players, head card, pickups, knocks and the seed's penalties."""

from __future__ import annotations

from .advice import advise, hint, warn
from .bots import BOTS
from .render import render
from .rules import GAME, DummyGame, DummyOptions

__all__ = ["GAME", "BOTS", "DummyGame", "DummyOptions", "advise", "hint", "render", "warn"]
