"""The conformance suite: every registered game, every listed configuration.

A game lists the configurations to check in ``Game.conformance_configs`` (dicts with
``players``, ``preset``, ``rules``); by default every player count with every preset.
``CARDTABLE_PLAYOUTS`` scales the number of seeded playouts per configuration.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from cardtable.conformance import check_game, check_match
from cardtable.registry import game_ids, get_game

PLAYOUTS = int(os.environ.get("CARDTABLE_PLAYOUTS", "100"))


def _configs() -> list[Any]:
    out = []
    for gid in game_ids():
        game = get_game(gid)
        configs = game.conformance_configs
        if not configs:
            presets = sorted(game.presets) or [None]
            configs = [{"players": n, "preset": p}
                       for n in range(game.min_players, min(game.max_players, 6) + 1) for p in presets]
        for c in configs:
            label = f"{gid}-{c.get('players')}p-{c.get('preset') or 'default'}"
            if c.get("rules"):
                label += "-" + "-".join(f"{k}={v}" for k, v in sorted(c["rules"].items()))
            out.append(pytest.param(gid, c, id=label))
    return out


@pytest.mark.parametrize(("game_id", "config"), _configs())
def test_conformance(game_id: str, config: dict[str, Any]) -> None:
    scale = config.get("playout_scale", 1.0)
    report = check_game(game_id, config.get("players"), config.get("preset"), config.get("rules"),
                        playouts=max(10, int(PLAYOUTS * scale)), seed=1)
    assert report.playouts >= 10
    assert report.moves > report.playouts  # every deal took at least one move
    assert report.resampled > 0 and report.serialised > 0
    assert report.fuzzed > 0 and report.rejected > 0


@pytest.mark.parametrize(("game_id", "config"), _configs())
def test_match_bookkeeping(game_id: str, config: dict[str, Any]) -> None:
    """The first deals of two random matches: next deal, running totals, match end."""
    played = check_match(game_id, config.get("players"), config.get("preset"), config.get("rules"),
                         matches=2, deals=3, seed=1)
    assert played >= 2
