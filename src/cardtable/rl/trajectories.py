"""Per-seat trajectories for offline learning: bots play deals, every action they take
through the codec is recorded as (observation, mask, action, reward) of the acting seat.

One row per action (a move of several sub-steps gives several rows).  ``reward`` is 0 except
on each seat's last row of a deal, which carries that seat's deal reward (raw points × the
game's reward sign, or normalised); ``done`` marks those rows.  Columns:

``deal`` (int32), ``seat`` (int16), ``t`` (int32, the row's index within the deal),
``observation`` (float32, ``codec.observation_shape``), ``mask`` (int8, N), ``action`` (int32),
``reward`` (float32), ``done`` (bool).  ``.npz`` holds one array per column (plus ``meta``,
a JSON string); ``.parquet`` one row per action with list columns (needs ``pyarrow``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..bots import bot_move, make_bot
from ..moves import Move
from . import make_codec
from .codec import Codec, DecisionProcess

COLUMNS = ("deal", "seat", "t", "observation", "mask", "action", "reward", "done")
MAX_ACTIONS = 200_000


def deal_seed(seed: int, index: int) -> int:
    return random.Random(f"cardtable-trajectories:{seed}:{index}").randrange(2**63)


def actions_for(dp: DecisionProcess, move: Move, seat: int) -> list[int]:
    """The codec actions that play ``move`` for ``seat`` (row assignments in a partition game)."""
    codec = dp.codec
    if codec.partition and move.verb == codec.partition[0]:
        hand = sorted(dp._partition_hand(seat), key=codec.card_index.__getitem__)
        row_of = {int(c): r for r, g in enumerate(move.groups) for c in g}
        return [codec.tok_row + row_of[c] for c in hand]
    return list(codec.actions_of(move))


def collect(game_id: str, games: int, bots: Sequence[str] | str | None = None,
            players: int | None = None, preset: str | None = None,
            rules: dict[str, Any] | None = None, seed: int = 0,
            normalised: bool = False) -> dict[str, Any]:
    """Play ``games`` deals with ``bots`` (one name, or one per seat; default ``random``) and
    return the columns above as numpy arrays, plus ``meta``."""
    codec = make_codec(game_id, players, preset, rules)
    n = codec.players
    names = [bots] if isinstance(bots, str) else list(bots or ["random"])
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise ValueError(f"give one bot or {n} bots (one per seat), not {len(names)}")
    table = [make_bot(game_id, name) for name in names]
    rows: dict[str, list[Any]] = {c: [] for c in COLUMNS}
    for d in range(games):
        _play_deal(codec, table, deal_seed(seed, d), d, normalised, rows)
    out: dict[str, Any] = {
        "deal": np.asarray(rows["deal"], dtype=np.int32),
        "seat": np.asarray(rows["seat"], dtype=np.int16),
        "t": np.asarray(rows["t"], dtype=np.int32),
        "observation": (np.stack(rows["observation"]) if rows["observation"]
                        else np.zeros((0, *codec.observation_shape), np.float32)),
        "mask": (np.stack(rows["mask"]) if rows["mask"] else np.zeros((0, codec.num_actions), np.int8)),
        "action": np.asarray(rows["action"], dtype=np.int32),
        "reward": np.asarray(rows["reward"], dtype=np.float32),
        "done": np.asarray(rows["done"], dtype=bool),
    }
    out["meta"] = {"game": game_id, "players": n, "preset": preset, "rules": codec.options.diff(),
                   "bots": names, "games": games, "seed": seed, "normalised": normalised,
                   "num_actions": codec.num_actions, "observation_shape": list(codec.observation_shape),
                   "reward_scale": codec.encoding.reward_scale, "reward_sign": codec.encoding.reward_sign}
    return out


def _play_deal(codec: Codec, table: list[Any], seed: int, d: int, normalised: bool,
               rows: dict[str, list[Any]]) -> None:
    state = codec.game.new_state(codec.players, codec.options, seed=seed)
    dp = codec.start(state)
    rng = random.Random(seed ^ 0x7A7EC7)
    last_row: dict[int, int] = {}
    t = 0
    while dp.current_seat is not None:
        seat = dp.current_seat
        move = bot_move(table[seat], dp.state, seat, rng)
        for a in actions_for(dp, move, seat):
            if t >= MAX_ACTIONS:
                raise RuntimeError(f"deal {d} did not end within {MAX_ACTIONS} actions")
            rows["deal"].append(d)
            rows["seat"].append(seat)
            rows["t"].append(t)
            rows["observation"].append(dp.observe(seat))
            rows["mask"].append(dp.action_mask(seat))
            rows["action"].append(a)
            rows["reward"].append(0.0)
            rows["done"].append(False)
            last_row[seat] = len(rows["action"]) - 1
            t += 1
            dp.step(a, seat)
    for seat, r in enumerate(dp.rewards(normalised)):
        if seat in last_row:
            rows["reward"][last_row[seat]] = r
            rows["done"][last_row[seat]] = True


def save(data: dict[str, Any], path: str | Path) -> Path:
    """Write trajectories to ``.npz`` or ``.parquet`` (by the file's suffix)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".npz":
        np.savez_compressed(path, **{c: data[c] for c in COLUMNS}, meta=np.asarray(json.dumps(data["meta"])))
        return path
    if suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise ValueError("writing .parquet needs pyarrow: pip install 'cardtable[parquet]'") from None
        obs, mask = data["observation"], data["mask"]
        cols = {c: pa.array(data[c]) for c in ("deal", "seat", "t", "action", "reward", "done")}
        cols["observation"] = pa.FixedSizeListArray.from_arrays(pa.array(obs.reshape(-1)), obs.shape[1])
        cols["mask"] = pa.FixedSizeListArray.from_arrays(pa.array(mask.reshape(-1)), mask.shape[1])
        tbl = pa.table({c: cols[c] for c in COLUMNS})
        tbl = tbl.replace_schema_metadata({"cardtable": json.dumps(data["meta"])})
        pq.write_table(tbl, path)
        return path
    raise ValueError(f"the output file must end in .npz or .parquet, not {path.name!r}")


def load(path: str | Path) -> dict[str, Any]:
    """Read a file written by :func:`save` back into the same columns."""
    path = Path(path)
    if path.suffix.lower() == ".npz":
        with np.load(path) as z:
            out: dict[str, Any] = {c: z[c] for c in COLUMNS}
            out["meta"] = json.loads(str(z["meta"]))
        return out
    import pyarrow.parquet as pq
    tbl = pq.read_table(path)
    out = {c: tbl.column(c).to_numpy() for c in ("deal", "seat", "t", "action", "reward", "done")}
    for c, dt in (("observation", np.float32), ("mask", np.int8)):
        col = tbl.column(c).combine_chunks()
        out[c] = col.flatten().to_numpy().astype(dt).reshape(len(col), -1)
    out["meta"] = json.loads(tbl.schema.metadata[b"cardtable"])
    return out
