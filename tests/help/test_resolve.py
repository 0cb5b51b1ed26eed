"""Game names as people write them (issue 9 item 8): ids in any case and native names."""

from __future__ import annotations

import pytest

from cardtable.errors import UnknownGame
from cardtable.registry import BUILTIN_GAMES, GAME_MODULES, get_game, resolve_game


@pytest.mark.parametrize(("name", "gid"), [
    ("gin", "gin"), ("GIN", "gin"), ("Gin Rummy", "gin"), ("gin rummy", "gin"), ("gin-rummy", "gin"),
    ("十三张", "shisanzhang"), ("ShiSanZhang", "shisanzhang"), ("ดัมมี่", "dummy"), ("Remik", "remik"),
    ("remik", "remik"), ("捉黑A", "zhuoheia"), ("捉黑a", "zhuoheia"), ("四百分", "sibaifen"),
    ("Four Hundred Points", "sibaifen"), ("憋7", "bieqi"), ("五十一分", "wushiyifen"),
])
def test_resolve(name: str, gid: str) -> None:
    assert resolve_game(name) == gid


@pytest.mark.parametrize("gid", sorted(BUILTIN_GAMES))
def test_every_game_by_id_name_and_native_name(gid: str) -> None:
    g = get_game(gid)
    for name in (gid, gid.upper(), g.name, g.name.lower(), g.native_name, f" {g.native_name} "):
        assert resolve_game(name) == gid, name


@pytest.mark.parametrize("bad", ["poker", "", "gin2", "十三"])
def test_bad_name_lists_ids_and_native_names(bad: str) -> None:
    with pytest.raises(UnknownGame) as e:
        resolve_game(bad)
    msg = str(e.value)
    assert f"unknown game {bad!r}" in msg
    for gid in BUILTIN_GAMES:
        assert gid in msg
    for native in ("十三张", "ดัมมี่", "捡十四分", "憋负分"):
        assert native in msg


def test_games_come_from_entry_points_with_the_builtin_fallback() -> None:
    from importlib import metadata
    eps = {ep.name: ep.value for ep in metadata.entry_points(group="cardtable.games")}
    for gid, module in BUILTIN_GAMES.items():
        assert GAME_MODULES[gid] == eps.get(gid, module)
