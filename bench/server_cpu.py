"""CPU time of the table server's per-move path, in one process, without sockets.

    .venv/bin/python bench/server_cpu.py [--tables 200] [--moves 2000] [--seed 1] [--profile FILE]

A ``TableService`` over a fresh SQLite file (WAL) with N tables of ``server_load.py``'s mix
(seat 0 a person, each game's default bot elsewhere, ``bot_delay_ms`` 0) and one connection
per person whose socket only takes the encoded frames.  The persons play random legal moves
(20 tables at a time, then the bots' replies run) until ``--moves`` person moves are in;
reported: ``time.process_time`` per person move, the bots' replies, the commits, the views,
the frames and their JSON included.  Run it with ``PYTHONPATH=<an older src>`` for a paired
comparison (the steadier figure on a shared machine than ``server_load.py``'s latencies).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from server_load import MIX  # noqa: E402


class _Socket:
    """Takes what the server's writer task sends; nothing goes anywhere."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_text(self, text: str) -> None:
        self.sent += 1

    async def close(self, code: int = 1000) -> None:
        return None


async def run(tables: int, moves: int, seed: int, profile: str | None) -> dict[str, Any]:
    from cardtable.server.frames import Outbox
    from cardtable.server.games import default_bot_name
    from cardtable.server.service import Settings, TableService

    with tempfile.TemporaryDirectory(prefix="cardtable-cpu-") as tmp:
        svc = TableService(Settings(db_url=f"sqlite:///{tmp}/cpu.db", bot_delay_ms=0, moves_per_second=1e6,
                                    max_open_tables_per_client=10**6))
        await svc.start(background=False)
        rng = random.Random(seed)
        live = []
        for i in range(tables):
            game, players = MIX[i % len(MIX)]
            seats = ["open"] + [f"bot:{default_bot_name(game)}"] * (players - 1)
            t, _ = await svc.create_table({"game": game, "seats": seats, "bot_delay_ms": 0}, None)
            made = await svc.create_player({"name": f"p{i}"}, None)     # a seat needs a player (protocol 2)
            await svc.join(t.id, 0, {}, await svc.player(made["secret"]))
            await svc.attach(t, Outbox(_Socket(), 0))
            live.append(t)

        async def settle() -> None:
            for _ in range(100):
                await asyncio.sleep(0)
                if all(t.bot_task is None or t.bot_task.done() for t in live):
                    return

        await settle()
        done = 0
        prof = None
        if profile:
            import cProfile
            prof = cProfile.Profile()
            prof.enable()
        cpu0 = time.process_time()
        while done < moves:
            ready = [t for t in live if t.status == "playing" and 0 in t.movers()]
            if not ready:
                await settle()
                ready = [t for t in live if t.status == "playing" and 0 in t.movers()]
                if not ready:
                    break
            for t in rng.sample(ready, min(len(ready), 20)):
                if 0 not in t.movers():
                    continue
                legal = [t.state.move_text(m) for m in t.state.legal_moves(0)]
                err = await svc.submit(t, 0, rng.choice(legal), t.seq)
                if err is not None:
                    raise SystemExit(f"table {t.id} refused a legal move: {err}")
                done += 1
            await settle()
        cpu = time.process_time() - cpu0
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)
        await svc.stop()
    return {"tables": tables, "moves": done, "cpu_ms_per_move": round(cpu * 1000 / max(1, done), 3),
            "commit_batches": svc.committer.batches, "moves_committed": svc.committer.moves}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--moves", type=int, default=2000, help="person moves measured")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", default=None, help="write a cProfile of the measured part here")
    args = p.parse_args()
    print(json.dumps(asyncio.run(run(args.tables, args.moves, args.seed, args.profile))))


if __name__ == "__main__":
    main()
