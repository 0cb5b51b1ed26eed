"""Determinism across processes: the same seed gives the same deals, moves and samples on
every machine, whatever ``PYTHONHASHSEED`` is.

A set or dict of strings (or of ``Move`` objects, which hash their verb) iterates in an order
that changes from one process to the next; if such an order reached a deal, a move list, a
resample or a bot's choice, replays and simulations would differ between runs.  One process
cannot see that, so this test plays the same seeded deals in two processes with different
hash seeds and compares everything they produced.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = r'''
import hashlib, json, random, sys
from cardtable.bots import bot_move, make_bot
from cardtable.cli.common import default_bot_name
from cardtable.match import Match
from cardtable.registry import game_ids, get_game

out = {}
for gid in game_ids():
    game = get_game(gid)
    h = hashlib.sha256()
    for k in range(4):
        rng = random.Random(k)
        state = game.new_state(seed=1000 + k)
        h.update(json.dumps(state.to_json()["deal"], sort_keys=True).encode())
        step = 0
        while not state.is_over and step < 400:
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            h.update("|".join(state.move_text(m) for m in legal).encode())
            if step % 15 == 7:
                sample = state.sample_hidden(seat, random.Random(step))
                h.update(json.dumps(sample.to_json(), sort_keys=True).encode())
            state.apply(rng.choice(legal), seat)
            step += 1
        h.update(json.dumps(state.scores).encode())
    # two deals of a match with the game's default bot in every seat
    bot = make_bot(gid, default_bot_name(gid))
    match = Match(game, game.default_players, game.make_options(), seed=77)
    rng = random.Random(77)
    for _ in range(2):
        state = match.state
        step = 0
        while not state.is_over and step < 400:
            seat = state.to_move()[0]
            state.apply(bot_move(bot, state, seat, rng), seat)
            step += 1
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
        if not state.is_over or match.finish_deal() is not None:
            break
        match.next_deal()
    out[gid] = h.hexdigest()
print(json.dumps(out))
'''


def _run(hash_seed: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_same_seed_same_play_under_any_hash_seed() -> None:
    a, b = _run("1"), _run("4242")
    assert a.keys() == b.keys() and len(a) >= 1
    differ = sorted(g for g in a if a[g] != b[g])
    assert not differ, f"these games deal, list moves, resample or let bots choose differently " \
                       f"from one process to the next (hash-dependent iteration): {differ}"


def test_hash_seeds_really_differ() -> None:
    """The two processes do iterate a set of strings in different orders (so the test above
    would see a hash-dependent order)."""
    code = "print(list({'draw', 'discard', 'knock', 'gin', 'pass', 'take', 'meld', 'lay'}))"
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "4242")}
    assert len(outs) == 2
