"""Two `cardtable serve` processes on one PostgreSQL database serve the same tables: a move
accepted by one reaches the clients of the other, and the same `seq` sent through both at
once is applied exactly once."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

from tests.server_e2e.harness import Client, ServerProcess, is_my_turn

pytestmark = pytest.mark.slow

CROSS_TIMEOUT = 10.0   # seconds for a move on one process to reach a client of the other


def two_servers(make_server: Any, pg_url: str) -> tuple[ServerProcess, ServerProcess]:
    """Two processes started at the same moment on one empty database (both run the
    migrations on start: they must not trip over each other)."""
    a = make_server(pg_url, name="a").launch()
    b = make_server(pg_url, name="b").launch()
    a.wait_healthy()
    b.wait_healthy()
    return a, b


def test_a_move_through_one_process_reaches_the_other(make_server: Any, pg_url: str) -> None:
    a, b = two_servers(make_server, pg_url)
    tid = a.create_table("gin", ["open", "open"], bot_delay_ms=0)["id"]
    assert b.summary(tid)["status"] == "waiting"
    tokens = [a.join(tid, 0, "Ann"), b.join(tid, 1, "Bob")]
    assert a.summary(tid)["seats"][1] == {"kind": "person", "name": "Bob"}

    async def run() -> None:
        ann = await Client.connect(a, tid, tokens[0])
        bob = await Client.connect(b, tid, tokens[1])
        watcher = await Client.connect(b, tid)
        frames = {"ann": await ann.expect("state"), "bob": await bob.expect("state")}
        await watcher.expect("state")
        assert frames["ann"]["seq"] == frames["bob"]["seq"]
        rng = random.Random(5)
        for _ in range(16):
            mover, other = (ann, bob) if frames["ann"]["legal"] else (bob, ann)
            name = "ann" if mover is ann else "bob"
            seq = frames[name]["seq"]
            move = rng.choice(frames[name]["legal"])
            await mover.send({"type": "move", "move": move, "seq": seq})
            got_mover = await mover.expect("state")
            got_other = await other.state_where(lambda f, s=seq: f["seq"] == s + 1, timeout=CROSS_TIMEOUT)
            seen = await watcher.state_where(lambda f, s=seq: f["seq"] == s + 1, timeout=CROSS_TIMEOUT)
            assert got_mover["seq"] == seq + 1
            assert seen["legal"] == [] and "hand" not in seen["view"]
            frames = {"ann": got_mover if mover is ann else got_other,
                      "bob": got_mover if mover is bob else got_other}
            if frames["ann"]["view"]["over"]:
                break
        assert a.summary(tid)["seq"] == b.summary(tid)["seq"] == frames["ann"]["seq"]
        for c in (ann, bob, watcher):
            await c.close()

    asyncio.run(run())


def test_same_seq_through_both_processes_applies_once(make_server: Any, pg_url: str) -> None:
    a, b = two_servers(make_server, pg_url)
    tid = a.create_table("gin", ["open", "bot:random"], bot_delay_ms=0)["id"]
    token = b.join(tid, 0)

    async def run() -> None:
        via = [await Client.connect(a, tid, token), await Client.connect(b, tid, token)]
        rng = random.Random(9)
        turn = await via[0].state_where(is_my_turn)
        await via[1].state_where(lambda f: f["seq"] == turn["seq"], timeout=CROSS_TIMEOUT)
        rounds = 0
        while rounds < 6 and turn["status"] == "playing":
            seq = turn["seq"]
            moves = [rng.choice(turn["legal"]), rng.choice(turn["legal"])]
            marks = [len(c.frames) for c in via]
            await asyncio.gather(*(c.send({"type": "move", "move": m, "seq": seq})
                                   for c, m in zip(via, moves, strict=True)))
            for c in via:
                await c.state_where(lambda f, s=seq: f["seq"] > s, timeout=CROSS_TIMEOUT)
            for c in via:
                await c.quiet(1.0)      # the refused move's error may come after the state
            new = [c.frames[mark:] for c, mark in zip(via, marks, strict=True)]
            errors = [(i, f) for i, frames in enumerate(new) for f in frames if f["type"] == "error"]
            assert len(errors) == 1, (moves, new)
            loser, error = errors[0]
            assert error["move"] == moves[loser]
            # Our seat moved once from seq: in the deal's log (one entry per move), the entry
            # of the move made at seq is the winner's, and the next one is not another of ours.
            latest = via[0].last_state()
            assert latest is not None
            if latest["deal"] == turn["deal"] and latest["status"] == "playing":
                log = latest["view"]["log"]
                at = len(log) - (latest["seq"] - seq)
                assert log[at] == f"0: {moves[1 - loser]}", (log, at, moves, loser)
                assert not any(e.startswith("0: ") for e in log[at + 1:]), (log, at)
            rounds += 1
            turn = await via[0].turn_or_end()
            other = via[1].last_state()
            if other is None or other["seq"] != turn["seq"]:
                await via[1].state_where(lambda f, s=turn["seq"]: f["seq"] == s, timeout=CROSS_TIMEOUT)
        assert rounds >= 3
        for c in via:
            await c.close()

    asyncio.run(run())


def test_one_seat_joined_through_both_at_once(make_server: Any, pg_url: str) -> None:
    a, b = two_servers(make_server, pg_url)
    for _ in range(4):
        tid = a.create_table("gin", ["open", "open"], bot_delay_ms=0)["id"]
        results: list[int] = []
        barrier = threading.Barrier(2)
        players = {"A": a.new_player("A"), "B": b.new_player("B")}

        def join(server: ServerProcess, name: str, tid: Any = tid, barrier: threading.Barrier = barrier,
                 results: list[int] = results, players: dict[str, Any] = players) -> None:
            barrier.wait()
            results.append(server.http("POST", f"/api/tables/{tid}/seats/0", {"name": name},
                                       player=players[name])[0])

        threads = [threading.Thread(target=join, args=(s, n)) for s, n in ((a, "A"), (b, "B"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(results) == [200, 409], results


def test_bots_of_a_table_move_once_with_two_processes(make_server: Any, pg_url: str) -> None:
    a, b = two_servers(make_server, pg_url)
    tid = a.create_table("dummy", ["open", "bot:random", "bot:random"], bot_delay_ms=0)["id"]
    token = b.join(tid, 0)

    async def run() -> None:
        me = await Client.connect(b, tid, token)
        spectator = await Client.connect(a, tid)
        rng = random.Random(2)
        frame = await me.state_where(is_my_turn)
        for _ in range(10):
            seq = frame["seq"]
            await me.send({"type": "move", "move": rng.choice(frame["legal"]), "seq": seq})
            ack = await me.recv()
            assert ack["type"] == "state" and ack["seq"] == seq + 1, ack
            frame = await me.turn_or_end()
            if frame["status"] == "over" or frame["view"]["over"]:
                break
        seqs = [f["seq"] for f in me.frames if f["type"] == "state"]
        assert seqs == sorted(seqs)
        assert all(f["type"] == "state" for f in me.frames), [f for f in me.frames if f["type"] != "state"]
        assert len(seqs) > 10 and seqs[-1] - seqs[0] > 10    # the bots moved, through whichever process
        last = frame["seq"]
        seen = await spectator.state_where(lambda f: f["seq"] == last, timeout=CROSS_TIMEOUT)
        assert seen["seq"] == last
        steps = [f["seq"] for f in spectator.frames if f["type"] == "state"]
        assert steps == sorted(steps) and steps[-1] == last, steps
        for c in (me, spectator):
            await c.close()

    asyncio.run(run())


def test_clients_of_the_other_process_get_a_state_for_every_change(make_server: Any, pg_url: str) -> None:
    """The contract sends a state "after every change at the table"; a client of the process
    that did not make the moves must not miss states when several moves come at once."""
    a, b = two_servers(make_server, pg_url)
    tid = a.create_table("dummy", ["open", "bot:random", "bot:random"], bot_delay_ms=0)["id"]
    token = a.join(tid, 0)

    async def run() -> None:
        me = await Client.connect(a, tid, token)
        spectator = await Client.connect(b, tid)
        await spectator.expect("state")
        rng = random.Random(4)
        frame = await me.turn_or_end()
        for _ in range(8):
            await me.send({"type": "move", "move": rng.choice(frame["legal"]), "seq": frame["seq"]})
            await me.state_where(lambda f, s=frame["seq"]: f["seq"] > s)
            frame = await me.turn_or_end()
            if frame["status"] == "over" or frame["view"]["over"]:
                break
        mine = [f["seq"] for f in me.frames if f["type"] == "state"]
        await spectator.state_where(lambda f: f["seq"] == mine[-1], timeout=CROSS_TIMEOUT)
        seen = [f["seq"] for f in spectator.frames if f["type"] == "state"]
        # From its connecting state on, each client gets a state for every seq.
        missed = {"A (the person's)": sorted(set(range(mine[0], mine[-1] + 1)) - set(mine)),
                  "B (the spectator's)": sorted(set(range(seen[0], mine[-1] + 1)) - set(seen))}
        assert missed == {k: [] for k in missed}, f"states never sent, by process: {missed}; B sent {seen}"
        for c in (me, spectator):
            await c.close()

    asyncio.run(run())


def test_a_seat_joined_through_one_process_plays_at_once_through_the_other(make_server: Any, pg_url: str) -> None:
    """Join through B, connect at once through A (which has the table loaded already): A
    must know the new token, not close with 4401 because its copy of the seats is older."""
    a, b = two_servers(make_server, pg_url)

    async def run() -> None:
        for _ in range(25):   # a race: the NOTIFY of the join may reach A after the connect
            tid = a.create_table("gin", ["open", "bot:random"], bot_delay_ms=0)["id"]
            spectator = await Client.connect(a, tid)      # A has the table loaded and watched
            await spectator.expect("state")
            token = b.join(tid, 0)
            me = await Client.connect(a, tid, token)
            frame = await me.recv()
            assert frame["type"] == "state" and frame["seat"] == 0, frame
            for c in (me, spectator):
                await c.close()

    asyncio.run(run())
