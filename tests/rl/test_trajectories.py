"""Trajectory export: rows replay the deals, rewards land on each seat's last row."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.registry import get_game
from cardtable.rl import make_codec
from cardtable.rl.trajectories import collect, deal_seed, load, save


@pytest.mark.parametrize("gid,bots", [("gin", "heuristic,random"), ("shisanzhang", None), ("zhuoheia", None)])
def test_rows_replay_the_deal_and_carry_the_rewards(gid, bots):
    data = collect(gid, 2, bots.split(",") if bots else None, seed=5)
    codec = make_codec(gid)
    n = len(data["action"])
    assert data["observation"].shape == (n, *codec.observation_shape)
    assert data["mask"].dtype == np.int8 and data["mask"].shape == (n, codec.num_actions)
    assert (data["mask"][np.arange(n), data["action"]] == 1).all()      # every action was legal
    for d in range(2):
        rows = np.flatnonzero(data["deal"] == d)
        dp = codec.start(get_game(gid).new_state(codec.players, codec.options, seed=deal_seed(5, d)))
        for i in rows:
            seat = int(data["seat"][i])
            assert dp.current_seat == seat
            assert np.array_equal(dp.observe(seat), data["observation"][i])
            dp.step(int(data["action"][i]), seat)
        assert dp.state.is_over
        done = rows[data["done"][rows]]
        assert sorted(data["seat"][done]) == list(range(codec.players))
        got = {int(data["seat"][i]): float(data["reward"][i]) for i in done}
        assert got == dict(enumerate(dp.rewards()))
        assert data["reward"][rows][~data["done"][rows]].sum() == 0


def test_save_and_load_npz_and_parquet(tmp_path):
    data = collect("yijiang", 2, seed=1, normalised=True)
    paths = [save(data, tmp_path / "t.npz")]
    try:
        import pyarrow  # noqa: F401
        paths.append(save(data, tmp_path / "t.parquet"))
    except ImportError:
        pass
    for p in paths:
        back = load(p)
        for c in ("deal", "seat", "t", "observation", "mask", "action", "reward", "done"):
            assert np.array_equal(back[c], data[c]), (p, c)
        assert back["meta"] == data["meta"]
    with pytest.raises(ValueError, match=".npz or .parquet"):
        save(data, tmp_path / "t.csv")


def test_export_command(tmp_path):
    out = tmp_path / "gin.npz"
    r = CliRunner().invoke(app, ["export", "gin", "--games", "2", "--bots", "random", "--out", str(out)])
    assert r.exit_code == 0, r.output
    back = load(out)
    assert back["meta"]["games"] == 2 and len(back["action"]) > 0
    bad = CliRunner().invoke(app, ["export", "gin", "--out", str(tmp_path / "x.txt")])
    assert bad.exit_code != 0 and not (tmp_path / "x.txt").exists()
    bad = CliRunner().invoke(app, ["export", "gin", "--bots", "nobot", "--out", str(out)])
    assert bad.exit_code != 0
