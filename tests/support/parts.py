"""Swapping one hook of a game's declared parts for a test (``cardtable.parts``)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardtable import registry


def patch_part(monkeypatch: pytest.MonkeyPatch, game_id: str, part: str, **hooks: Any) -> None:
    """Replace ``hooks`` of the game's ``part`` (``advice``, ``layout`` …) until the test ends."""
    parts = registry.game_parts(game_id)
    changed = dataclasses.replace(getattr(parts, part), **hooks)
    monkeypatch.setitem(registry._parts, game_id, dataclasses.replace(parts, **{part: changed}))
