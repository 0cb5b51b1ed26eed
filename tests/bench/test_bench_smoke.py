"""Smoke tests of the Gin benchmark driver (bench/bench_gin.py): the halves run and count.

No timing is asserted.  The OpenSpiel and RLCard halves are skipped unless those packages
are installed (they are in .venv-bench, from the ``bench`` extra).
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


bench_gin = _load("bench_gin")
common = _load("common")


def test_cardtable_playouts_end() -> None:
    """The driver's loop, bounded: every random playout of a gin deal ends."""
    from cardtable.registry import get_game

    game = get_game("gin")
    options = game.make_options()
    rng = random.Random(7)
    for _ in range(5):
        state = game.new_state(2, options, seed=rng.randrange(2**63))
        moves = 0
        while not state.is_over and moves < 5000:
            legal = state.legal_moves()
            assert legal, "a running deal offers no legal move"
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
        assert state.is_over, "random playout did not end within 5000 moves"
        assert moves == len(state.history) > 0


def test_cardtable_half_counts_and_is_seeded() -> None:
    run = bench_gin.cardtable_runner()
    a = run(4, 3)
    assert a.games == 4
    assert a.moves >= 4 * 2      # at least a draw and a discard per deal
    assert a.chance == 0
    b = run(4, 3)
    assert (b.games, b.moves) == (a.games, a.moves)


def test_openspiel_half() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    c = bench_gin.openspiel_runner()(3, 1)
    assert c.games == 3 and c.moves > 3
    assert c.chance >= 3 * 21            # the deal: 10 + 10 + upcard per game
    # chance outcomes are uniform, so sampling legal_actions() uniformly samples the deal
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    assert state.is_chance_node()
    probs = {p for _, p in state.chance_outcomes()}
    assert len(probs) == 1


def test_rlcard_half() -> None:
    pytest.importorskip("rlcard")
    c = bench_gin.rlcard_runner()(3, 1)
    assert c.games == 3 and c.moves >= 3 * 3   # discard ... + 2 settlement steps
    assert c == bench_gin.rlcard_runner()(3, 1)   # seeded: the same deals again
    e = bench_gin.rlcard_env_runner()(2, 1)
    assert e.games == 2 and e.moves > 2


def test_cli_json_cardtable_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_gin.main(["--engines", "cardtable", "--games", "2", "--repeats", "2",
                           "--warmup", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (res,) = data["results"]
    assert res["engine"] == "cardtable" and res["games"] == 4
    assert res["moves"] > 0 and len(res["games_per_s_repeats"]) == 2
    assert data["ratios"] == {}


def test_unknown_engine_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_gin.main(["--engines", "openspiel,spiel"])
    err = capsys.readouterr().err
    assert "unknown engine(s) spiel" in err and "rlcard-env" in err


def test_format_table_aligns() -> None:
    text = common.format_table(["engine", "games/s"], [["a", 1234.5], ["bb", 7.25]])
    lines = text.splitlines()
    assert lines[0].startswith("engine")
    assert lines[2].endswith("1,234") and lines[3].endswith("7.25")
    assert len({len(line) for line in lines}) == 1


def test_rl_env_pieces_count_the_same_deals() -> None:
    """bench_rl_env.py's --breakdown pieces play whole deals and count their decisions; the
    decision-process pieces, seeded alike, play the same deals (the same count)."""
    pytest.importorskip("numpy")
    rl = _load("bench_rl_env")
    counts = {p: rl.part_runner(p)(3, 5) for p in ("step", "mask", "observe")}
    assert all(c.games == 3 and c.moves > 30 for c in counts.values())
    assert len({c.moves for c in counts.values()}) == 1
    engine = rl.part_runner("engine")(3, 5)
    assert engine.games == 3 and engine.moves > 30


def test_level_timing_positions_spread_over_the_deal() -> None:
    """bench_ismcts --levels times decisions with a choice from early, middle and late play."""
    bench_ismcts = _load("bench_ismcts")
    spots = bench_ismcts.spread_positions("gin", 9)
    assert len(spots) == 9
    lengths = [len(state.history) for state, _seat in spots]
    assert all(len(state.legal_moves(seat)) > 1 for state, seat in spots)
    assert max(lengths) - min(lengths) >= 10
    rows = bench_ismcts.level_times("gin", 3, ("medium", "rollout:playouts=6"))
    assert [r["level"] for r in rows] == ["medium", "rollout:playouts=6"]
    assert all(r["moves"] == 3 and r["p99_s"] >= r["median_s"] >= 0 for r in rows)


def test_level_agreement_counts_the_same_decisions_for_both_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/level_agreement.py: both levels choose on every decision, with the same generator.
    With 1 and 3 playouts neither can finish two worlds, so both keep the heuristic's move."""
    agree = _load("level_agreement")
    monkeypatch.setattr(agree, "hard_playouts", lambda game_id: 1)
    row = agree.agreement("yijiang", 3)
    assert row == {"game": "yijiang", "decisions": 3, "same": 3, "hard_overrode": 0,
                   "expert_overrode": 0}


def test_ceiling_oracle_is_reproducible_and_unreachable_outside_its_block() -> None:
    """bench/ceiling.py's cheating oracle: the same seed gives the same ladder, it sees the
    true deal (its world is the state itself), and once the block ends no bot name builds it
    and the ladder's games ask bots through the honest ``bot_move`` again."""
    import cardtable.simulate as simulate
    from cardtable.bots import bot_move, make_bot
    from cardtable.errors import BadOption
    from cardtable.registry import get_game

    ceiling = _load("ceiling")
    a = ceiling.ceiling("yijiang", playouts=8, deals=2, seed=3)
    b = ceiling.ceiling("yijiang", playouts=8, deals=2, seed=3)
    assert a == b
    assert [r["bot"] for r in a["ratings"]] == ["medium", "oracle:playouts=8"]
    assert a["deals"] == 2
    with pytest.raises(BadOption, match="oracle"):
        make_bot("yijiang", "oracle:playouts=8")
    assert simulate.bot_move is bot_move
    # inside the block its one world is the true state: a clone, equal in deal and history
    game = get_game("yijiang")
    state = game.new_state(4, game.make_options(), seed=5)
    seen: list[object] = []

    class Spy(ceiling.OracleRollout):
        def choose(self, view, legal, rng, sampler=None):  # type: ignore[no-untyped-def]
            world = sampler(rng)
            seen.append(world)
            return legal[0]

    seat = state.to_move()[0]
    with ceiling.oracle_installed():
        move = simulate.bot_move(Spy("yijiang", playouts=8), state, seat, random.Random(1))
    assert move in state.legal_moves(seat)
    world = seen[0]
    assert world is not state and world.deal == state.deal and world.history == state.history
    # the control: an honest world of the same seat has the same history but another deal
    from cardtable.bots.sampling import honest_sampler
    honest = honest_sampler(state, seat)(random.Random(1))
    assert honest.history == state.history and honest.deal != state.deal
