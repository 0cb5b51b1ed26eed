"""``State.clone`` (the fast copy) and ``State.play_legal`` (the unchecked apply) in every game.

Random positions of every game (the quick run: each game's default configuration, three
deals; the slow run: every player count and preset, six more deals): the clone must behave
exactly as the original (legal moves, views, further play), share nothing that either of
them changes in place, and ``play_legal`` must build the same states as ``apply``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.errors import IllegalMove
from cardtable.game import State
from cardtable.registry import GAME_MODULES, get_game

GAMES = sorted(g for g in GAME_MODULES if g != "toy")
QUICK_SEEDS = range(3)
MORE_SEEDS = range(3, 9)        # the slow run


def configs(every: bool = True) -> list[Any]:
    """Every player count and preset of every game (gin also in table mode); only each
    game's default (and gin's table mode) unless ``every``."""
    out = []
    for gid in GAMES:
        game = get_game(gid)
        seen = set()
        cands: list[dict[str, Any]] = [{}]
        if every:
            cands += [{"players": n} for n in range(game.min_players, min(game.max_players, 6) + 1)]
            cands += [{"preset": p} for p in sorted(game.presets)]
        if gid == "gin":
            cands.append({"rules": {"table_mode": True}})
        for c in cands:
            key = repr(sorted(c.items()))
            if key not in seen:
                seen.add(key)
                out.append(pytest.param(gid, c, id=f"{gid}-{key}"))
    return out


def new_state(gid: str, config: dict[str, Any], seed: int) -> State:
    game = get_game(gid)
    options = game.make_options(config.get("preset"), config.get("rules"))
    return game.new_state(config.get("players"), options, seed=seed)


def random_step(state: State, rng: random.Random, unchecked: bool = False) -> None:
    movers = state.to_move()
    seat = movers[rng.randrange(len(movers))]
    legal = state.legal_moves(seat)
    move = legal[rng.randrange(len(legal))]
    if unchecked:
        state.play_legal(move, seat)
    else:
        state.apply(move, seat)


def positions(gid: str, config: dict[str, Any], seeds: range) -> Iterator[tuple[int, State]]:
    """A few positions of each seeded random deal: start, middle, near and at the end."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_state(gid, config, seed)
        length = 0
        probe = state.clone()
        while not probe.is_over:
            random_step(probe, random.Random(seed * 7 + length))
            length += 1
        stops = {0, length // 3, (2 * length) // 3, max(0, length - 1), length}
        for step in range(length + 1):
            if step in stops:
                yield seed, state
            if state.is_over:
                break
            random_step(state, rng)


def fingerprint(state: State) -> Any:
    """Everything observable: the scenario, every seat's view, the legal moves of every mover."""
    seats: list[int | None] = [None, *range(state.players)]
    return (state.to_json(), [state.view(s) for s in seats],
            {s: state.legal_moves(s) for s in state.to_move()}, state.is_over,
            state.scores if state.is_over else None)


def rebuilt(state: State) -> State:
    """The same deal and history replayed from the start by the checked path."""
    return state.replay_with(state.deal, state.history)


# --- no shared mutable objects ------------------------------------------------------------------

_ATOMIC = (int, float, str, bytes, bool, type(None), frozenset)


def _mutables(obj: Any, path: str, out: dict[int, str], skip_items: frozenset[str],
              depth: int = 0) -> None:
    """Every mutable object reachable from ``obj`` (by id -> where), not entering frozen
    dataclasses (immutable by construction) or ``skip_items`` containers' items."""
    if isinstance(obj, _ATOMIC) or depth > 12:
        return
    if isinstance(obj, tuple):
        for i, x in enumerate(obj):
            _mutables(x, f"{path}[{i}]", out, skip_items, depth + 1)
        return
    params = getattr(type(obj), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return
    out.setdefault(id(obj), path)
    if path in skip_items:
        return
    if isinstance(obj, (list, set)):
        for i, x in enumerate(obj):
            _mutables(x, f"{path}[{i}]", out, skip_items, depth + 1)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _mutables(x, f"{path}[{k!r}]", out, skip_items, depth + 1)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _mutables(getattr(obj, f.name), f"{path}.{f.name}", out, skip_items, depth + 1)
    elif hasattr(obj, "__slots__"):
        for name in obj.__slots__:
            _mutables(getattr(obj, name, None), f"{path}.{name}", out, skip_items, depth + 1)
    elif hasattr(obj, "__dict__"):
        for name, x in vars(obj).items():
            _mutables(x, f"{path}.{name}", out, skip_items, depth + 1)


def state_mutables(state: State) -> dict[int, str]:
    out: dict[int, str] = {}
    skip = frozenset(state._clone_shared_items)
    for name, value in vars(state).items():
        if name not in state._clone_shared:
            _mutables(value, name, out, skip)
    return out


def check_clone_shares_nothing_mutable(gid: str, config: dict[str, Any], seeds: range) -> None:
    for seed, state in positions(gid, config, seeds):
        assert type(state)._fast_clone, f"{gid} uses the slow deep-copy clone"
        twin = state.clone()
        assert type(twin) is type(state)
        assert set(vars(twin)) == set(vars(state))
        mine = state_mutables(state)
        shared = {where for oid, where in state_mutables(twin).items() if oid in mine}
        assert not shared, f"{gid} seed {seed}: the clone shares {sorted(shared)}"


def check_clone_behaves_like_the_original(gid: str, config: dict[str, Any], seeds: range) -> None:
    for seed, state in positions(gid, config, seeds):
        before = fingerprint(state)
        twin = state.clone()
        assert fingerprint(twin) == before
        if state.is_over:
            continue
        # the same further play gives the same states
        same = state.clone()
        ra, rb = random.Random(seed), random.Random(seed)
        a, b = state.clone(), same
        while not a.is_over:
            random_step(a, ra)
            random_step(b, rb)
        assert fingerprint(a) == fingerprint(b)
        assert fingerprint(state) == before
        # different further play: neither copy affects the other, each equals its replay
        other = twin.clone()
        random_step(twin, random.Random(seed + 1))
        random_step(other, random.Random(seed + 2))
        for _ in range(40):
            for st, r in ((twin, random.Random(seed + 3)), (other, random.Random(seed + 4))):
                if not st.is_over:
                    random_step(st, r)
        assert fingerprint(state) == before, f"{gid} seed {seed}: playing the clone changed the original"
        for st in (twin, other):
            assert fingerprint(st) == fingerprint(rebuilt(st))


def check_play_legal_matches_apply(gid: str, config: dict[str, Any], seeds: range) -> None:
    for seed in seeds:
        checked = new_state(gid, config, seed)
        unchecked = new_state(gid, config, seed)
        rc, ru = random.Random(seed), random.Random(seed)
        steps = 0
        while not checked.is_over:
            random_step(checked, rc)
            random_step(unchecked, ru, unchecked=True)
            steps += 1
            if steps % 17 == 0:
                assert fingerprint(unchecked) == fingerprint(checked)
        assert unchecked.is_over
        assert unchecked.history == checked.history
        assert unchecked._simultaneous == checked._simultaneous
        assert fingerprint(unchecked) == fingerprint(checked)
        assert unchecked.moves_text() == checked.moves_text()


CHECKS = [check_clone_shares_nothing_mutable, check_clone_behaves_like_the_original,
          check_play_legal_matches_apply]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[6:])
@pytest.mark.parametrize(("gid", "config"), configs(every=False))
def test_clone_and_play_legal(check: Any, gid: str, config: dict[str, Any]) -> None:
    check(gid, config, QUICK_SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[6:])
@pytest.mark.parametrize(("gid", "config"), configs())
def test_clone_and_play_legal_more_positions(check: Any, gid: str, config: dict[str, Any]) -> None:
    check(gid, config, MORE_SEEDS)


def test_play_legal_records_simultaneous_moves() -> None:
    """十三张's arrangements are simultaneous: play_legal marks them as apply does."""
    state = new_state("shisanzhang", {}, 3)
    seat = state.to_move()[-1]
    state.play_legal(state.legal_moves(seat)[0], seat)
    assert state._simultaneous == {0}
    assert state.moves_text()[0].startswith(f"{seat}: ")
    other = state.to_move()[0]
    with pytest.raises(IllegalMove, match="put the seat before the move"):
        state.play_legal(state.legal_moves(other)[0])
    assert len(state.history) == 1
