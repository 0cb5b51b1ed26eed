"""Every game's ``stats`` part (cardtable.parts.stats): declared, well formed, and over seeded
random whole deals of every game and player count it gives only its declared figures, as
non-negative whole numbers; the common figures and the page's summary are computed right."""

from __future__ import annotations

import random

import pytest

from cardtable.game import State
from cardtable.i18n import N_
from cardtable.parts.stats import COMMON, Stat, Stats, add, check, deal_figures, summary
from cardtable.registry import BUILTIN_GAMES, game_parts, get_game

GAMES = sorted(BUILTIN_GAMES)


def random_deal(game_id: str, players: int, seed: int) -> State:
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new_state(players, seed=seed)
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_moves_head(seat)), seat)
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_figures(game_id: str) -> None:
    stats = game_parts(game_id).stats
    assert stats is not None, f"{game_id} declares no stats"
    assert check(stats) == []
    assert 2 <= len(stats.fields) <= 5
    for f in stats.fields:
        assert f.key.isidentifier() and f.label.strip() and f.per in ("total", "deal", "share")


@pytest.mark.parametrize("game_id", GAMES)
def test_random_deals_give_declared_figures(game_id: str) -> None:
    game, stats = get_game(game_id), game_parts(game_id).stats
    assert stats is not None
    declared = {f.key for f in stats.fields}
    shares = {f.key for f in stats.fields if f.per == "share"}
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            state = random_deal(game_id, players, seed)
            sums: dict[str, int] = {}
            for seat in range(players):
                figs = deal_figures(state, seat, stats)
                assert set(figs) <= declared | {"deals", "points", "won"}
                assert figs["deals"] == 1 and figs["points"] == state.scores[seat]
                assert figs["won"] == int(seat in state.winners())
                for key in declared & set(figs):
                    v = figs[key]
                    assert type(v) is int and v > 0, (game_id, players, seed, seat, key, v)
                    if key in shares:          # a share counts a deal once
                        assert v == 1, (game_id, key, v)
                add(sums, figs)
            assert sums["deals"] == players
            assert 0 <= sums["won"] <= players


def test_an_undeclared_figure_is_refused() -> None:
    state = random_deal("gin", 2, 0)
    stray = Stats(fields=(Stat("knocks", N_("knocks")),), of_deal=lambda s, seat: {"gins": 1})
    with pytest.raises(ValueError, match="gins"):
        deal_figures(state, 0, stray)


def test_check_finds_keys_twice() -> None:
    twice = Stats(fields=(Stat("a", "a"), Stat("a", "b"), Stat("won", "c")), of_deal=lambda s, seat: {})
    assert check(twice) == ["figure 'a' declared twice", "figure 'won' declared twice"]


def test_summary_values() -> None:
    stats = Stats(fields=(Stat("t", "total things"), Stat("d", "things per deal", "deal"),
                          Stat("s", "deals with a thing", "share")), of_deal=lambda s, seat: {})
    sums = {"deals": 7, "points": -37, "won": 3, "t": 5, "d": 9, "s": 2}
    got = {row["key"]: row for row in summary(sums, stats)}
    assert list(got) == [s.key for s in COMMON] + ["t", "d", "s"]
    assert got["deals"]["value"] == 7
    assert got["points"]["value"] == -5.3                  # −37 / 7 = −5.29
    assert got["won"]["value"] == 43                       # 3 / 7 = 42.9 %
    assert got["t"]["value"] == 5
    assert got["d"]["value"] == 1.3                        # 9 / 7 = 1.29
    assert got["s"]["value"] == 29                         # 2 / 7 = 28.6 %
    assert all(row["sum"] == sums[k] for k, row in got.items())
    assert [row["per"] for row in got.values()] == ["total", "deal", "share", "total", "deal", "share"]
    # a figure never counted is 0; with no deals every value is its sum
    empty = {row["key"]: row["value"] for row in summary({}, stats)}
    assert set(empty.values()) == {0}


@pytest.mark.parametrize("game_id", GAMES)
def test_summary_of_each_game(game_id: str) -> None:
    stats = game_parts(game_id).stats
    assert stats is not None
    sums = {"deals": 4, "points": 10, "won": 1} | {f.key: 2 for f in stats.fields}
    rows = summary(sums, stats)
    assert [r["key"] for r in rows] == [s.key for s in COMMON + stats.fields]
    want = {"total": 2, "deal": 0.5, "share": 50}
    assert all(r["value"] == want[r["per"]] for r in rows[len(COMMON):])
