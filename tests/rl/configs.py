"""The (game, preset, players) configurations the research-API tests run over."""

from __future__ import annotations

import pytest

from cardtable.errors import BadOption
from cardtable.registry import game_ids, get_game


def all_configs() -> list[tuple[str, str | None, int]]:
    out = []
    for gid in game_ids():
        g = get_game(gid)
        for preset in sorted(g.presets) or [None]:
            opts = g.make_options(preset)
            for players in range(g.min_players, g.max_players + 1):
                try:
                    g.new_state(players, opts, seed=0)
                except BadOption:
                    continue      # the preset does not fit this player count (teams …)
                out.append((gid, preset, players))
    return out


def quick_configs() -> list[tuple[str, str | None, int]]:
    """Per game: its default player count with its first preset."""
    out = []
    for gid in game_ids():
        g = get_game(gid)
        presets = sorted(g.presets)
        preset = "default" if "default" in presets else (presets[0] if presets else None)
        out.append((gid, preset, g.default_players))
    return out


QUICK = quick_configs()
SLOW = [c for c in all_configs() if c not in QUICK]


def params() -> list:
    return [pytest.param(*c, id=f"{c[0]}-{c[1]}-{c[2]}") for c in QUICK] + [
        pytest.param(*c, id=f"{c[0]}-{c[1]}-{c[2]}", marks=pytest.mark.slow) for c in SLOW]
