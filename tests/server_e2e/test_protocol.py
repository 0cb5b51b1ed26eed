"""The contract (shared/contracts/table-protocol.md) against a real `cardtable serve` process,
with a real WebSocket client over loopback: join, a whole match against a bot, stale and
illegal moves, malformed frames, spectators, two tabs, close codes."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest

from tests.server_e2e.harness import Client, ServerProcess, is_my_turn

pytestmark = pytest.mark.slow

SHORT_GIN = {"game_target": 1}   # the match ends with the first deal that scores


async def play_to_end(me: Client, rng: random.Random, first: dict[str, Any], max_moves: int = 3000,
                      seconds: float = 180) -> tuple[dict[str, Any], int]:
    """Play random legal moves for ``me`` until the match is over; (final state, moves made).

    Checks on the way: every move of ours is acknowledged by a state whose seq is one more,
    and seq never goes down."""
    frame, moves = first, 0
    deadline = time.monotonic() + seconds
    last_seq = frame["seq"]
    while frame["status"] != "over":
        assert moves < max_moves and time.monotonic() < deadline, "match did not end in time"
        if is_my_turn(frame):
            # knock whenever allowed (random play alone can draw deal after deal)
            knocks = [m for m in frame["legal"] if m.startswith("knock")]
            move = rng.choice(knocks or frame["legal"])
            await me.send({"type": "move", "move": move, "seq": frame["seq"]})
            moves += 1
            sent_seq = frame["seq"]
            frame = await me.recv()
            assert frame["type"] == "state", f"move {move!r} at seq {sent_seq} was refused: {frame}"
            assert frame["seq"] == sent_seq + 1, (move, sent_seq, frame["seq"])
        else:
            frame = await me.recv()
            assert frame["type"] == "state", frame
        assert frame["seq"] >= last_seq
        last_seq = frame["seq"]
    return frame, moves


def frames_match_engine(replay: dict[str, Any], frames: list[dict[str, Any]], seat: int | None) -> None:
    """Each state frame equals the engine's ``view(seat)`` (and ``legal_moves(seat)``) of the
    match replayed to that frame's ``deal`` and ``seq``."""
    from cardtable import scenario

    before = [0]
    for d in replay["deals"]:
        before.append(before[-1] + len(d["moves"]))
    checked = 0
    for frame in frames:
        if frame["status"] == "waiting":
            continue
        k, seq = frame["deal"], frame["seq"]
        upto = {**replay, "deals": [*replay["deals"][:k],
                                    {**replay["deals"][k], "moves": replay["deals"][k]["moves"][:seq - before[k]]}]}
        upto.pop("expect", None)
        result = scenario.replay(upto)
        assert result.error is None, result.error
        state = result.state
        engine_view = json.loads(json.dumps(state.view(seat)))
        assert frame["view"] == engine_view, (k, seq, frame["view"], engine_view)
        legal = [] if seat is None or frame["status"] != "playing" else [state.move_text(m) for m in
                                                                         state.legal_moves(seat)]
        assert frame["legal"] == legal, (k, seq)
        checked += 1
    assert checked >= len(frames) - 2 and checked > 0


def test_games_and_health(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db).start()
    status, games = server.http("GET", "/api/games")
    assert status == 200
    by_id = {g["id"]: g for g in games}
    assert by_id["gin"]["players"] == [2, 2]
    assert "random" in by_id["gin"]["bots"] and by_id["gin"]["default_bot"] in by_id["gin"]["bots"]
    assert by_id["shisanzhang"]["native_name"] == "十三张"
    assert len(by_id) == 12


def test_whole_match_against_a_bot(make_server: Any, any_db: str) -> None:
    server: ServerProcess = make_server(any_db).start()
    table = server.create_table("gin", ["open", "bot:heuristic"], rules=SHORT_GIN, bot_delay_ms=0)
    tid = table["id"]
    assert table["status"] == "waiting" and table["seq"] == 0 and table["players"] == 2
    assert [s["kind"] for s in table["seats"]] == ["open", "bot"]
    assert table["seats"][0]["name"] is None and table["seats"][1]["name"] == "heuristic"
    assert server.http("GET", f"/api/tables/{tid}/replay")[0] == 403

    async def run() -> None:
        spectator = await Client.connect(server, tid)
        first = await spectator.expect("state")
        assert first["seat"] is None and first["legal"] == [] and first["status"] == "waiting"
        assert first["view"]["players"] == 2 and "hand" not in first["view"]

        token = server.join(tid, 0, "Ann")
        assert len(token) >= 22     # 128 random bits, whatever the encoding
        bob = server.new_player("Bob")
        assert server.http("POST", f"/api/tables/{tid}/seats/0", {"name": "Bob"}, player=bob)[0] == 409
        assert server.http("POST", f"/api/tables/{tid}/seats/1", {"name": "Bob"}, player=bob)[0] == 409
        assert server.http("POST", f"/api/tables/{tid}/seats/1", {"name": "Bob"})[0] == 401     # no player
        assert server.summary(tid)["seats"][0] == {"kind": "person", "name": "Ann"}

        me = await Client.connect(server, tid, token)
        start = await me.expect("state")
        assert start["seat"] == 0 and len(start["view"]["hand"]) in (10, 11)
        final, moves = await play_to_end(me, random.Random(7), start)
        assert moves > 0
        assert final["legal"] == [] and final["view"]["over"] is True and final["deadline"] is None
        assert max(final["totals"]) >= SHORT_GIN["game_target"]

        # The spectator saw the same table: it ends at the same seq, with no hand of anyone.
        end = await spectator.state_where(lambda f: f["status"] == "over", timeout=30)
        assert end["seq"] == final["seq"] and end["totals"] == final["totals"]
        assert all(f["legal"] == [] for f in spectator.frames if f["type"] == "state")
        assert all("hand" not in f["view"] for f in spectator.frames if f["type"] == "state")

        summary = server.summary(tid)
        assert summary["status"] == "over" and summary["seq"] == final["seq"]
        assert summary["totals"] == final["totals"]
        status, replay = server.http("GET", f"/api/tables/{tid}/replay")
        assert status == 200 and isinstance(replay, dict), replay
        assert replay["game"] == "gin" and sum(len(d["moves"]) for d in replay["deals"]) == final["seq"]
        # Every frame either client got is exactly the engine's view and legal moves for that
        # seat at that point of the match, rebuilt here from the replay.
        frames_match_engine(replay, [f for f in me.frames if f["type"] == "state"], seat=0)
        frames_match_engine(replay, [f for f in spectator.frames if f["type"] == "state"], seat=None)
        await me.close()
        await spectator.close()

    asyncio.run(run())


def test_bad_http_requests_change_nothing(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db).start()
    table = server.create_table("gin", ["open", "bot:random"], bot_delay_ms=0)
    before = server.http("GET", "/api/tables")[1]
    bad = [
        {"game": "nosuchgame", "seats": ["open", "open"]},
        {"game": "gin", "seats": ["open", "open", "open"]},           # gin is for two
        {"game": "gin", "players": 2, "seats": ["open"]},             # players != len(seats)
        {"game": "gin", "seats": ["open", "bot:nosuchbot"]},
        {"game": "gin", "seats": ["open", "person"]},
        {"game": "gin", "seats": ["open", "open"], "rules": {"no_such_option": 1}},
        {"game": "gin", "seats": ["open", "open"], "rules": {"knock_limit": 99}},
        {"game": "gin", "seats": ["open", "open"], "preset": "no_such_preset"},
        {"seats": ["open", "open"]},
    ]
    for body in bad:
        status, answer = server.http("POST", "/api/tables", body)
        assert 400 <= status < 500, (body, status, answer)
        assert isinstance(answer, dict) and isinstance(answer.get("error"), str) and answer["error"], answer
    status, answer = server.http("POST", "/api/tables", None)
    assert 400 <= status < 500
    assert server.http("GET", "/api/tables/no-such-table")[0] == 404
    assert server.http("POST", "/api/tables/no-such-table/seats/0", {"name": "x"})[0] == 404
    assert server.http("POST", f"/api/tables/{table['id']}/seats/2", {"name": "x"})[0] == 404
    assert server.http("GET", "/api/tables")[1] == before


def test_bad_frames_change_nothing(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db).start()
    tid = server.create_table("gin", ["open", "bot:random"], bot_delay_ms=0)["id"]
    token = server.join(tid, 0)

    async def refused(message: Any) -> dict[str, Any]:
        """Send one bad message on a fresh connection; the error frame it gets."""
        c = await Client.connect(server, tid, token)
        await c.state_where(is_my_turn)
        await c.send(message)
        frame = await c.recv()
        assert frame["type"] == "error", (message if len(str(message)) < 200 else "(long)", frame)
        assert isinstance(frame["message"], str) and frame["message"]
        await c.close()
        return frame

    async def run() -> None:
        me = await Client.connect(server, tid, token)
        turn = await me.state_where(is_my_turn)
        seq, move = turn["seq"], turn["legal"][0]

        for stale in (seq - 1, seq + 1, seq + 100):
            err = await refused({"type": "move", "move": move, "seq": stale})
            assert err["move"] == move
        err = await refused({"type": "move", "move": "discard 1X", "seq": seq})      # no such card
        assert err["move"] == "discard 1X"
        not_held = next(c for c in ["A♠", "2♠", "3♠", "4♠", "5♠", "6♠"] if c not in turn["view"]["hand"])
        err = await refused({"type": "move", "move": f"discard {not_held}", "seq": seq})
        assert err["move"] == f"discard {not_held}"
        err = await refused({"type": "move", "move": "1: " + move, "seq": seq})       # another seat's move
        for message in ["this is not json", "[1, 2]", json.dumps({"type": "no_such_type"}),
                        json.dumps({"no": "type"}), json.dumps({"type": "move", "seq": seq}),
                        json.dumps({"type": "move", "move": move, "seq": "zero"})]:
            err = await refused(message)
            assert err["move"] in (None, move), err
        big = json.dumps({"type": "move", "move": "x" * (65 * 1024), "seq": seq})
        err = await refused(big)
        assert err["move"] is None or len(err["move"]) <= 65 * 1024

        spectator = await Client.connect(server, tid)
        await spectator.expect("state")
        await spectator.send({"type": "move", "move": move, "seq": seq})
        err = await spectator.expect("error")
        assert err["move"] == move

        # Nothing changed: no state was broadcast, the table is where it was, the move still plays.
        assert [f["type"] for f in await me.quiet(0.5)] == []
        await me.send({"type": "ping"})
        assert (await me.expect("pong"))["type"] == "pong"
        again = await Client.connect(server, tid, token)
        now = await again.expect("state")
        assert now["seq"] == seq and now["view"] == turn["view"] and now["legal"] == turn["legal"]
        assert server.summary(tid)["seq"] == seq
        await me.send({"type": "move", "move": move, "seq": seq})
        done = await me.state_where(lambda f: True)
        assert done["seq"] == seq + 1
        # A resend of the same move after it was applied is stale, never played twice.
        await me.send({"type": "move", "move": move, "seq": seq})
        while (frame := await me.recv())["type"] == "state":
            pass
        assert frame["type"] == "error" and frame["move"] == move
        for c in (me, again, spectator):
            await c.close()

    asyncio.run(run())


def test_close_codes(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db).start()
    tid = server.create_table("gin", ["open", "open"], bot_delay_ms=0)["id"]
    other = server.create_table("gin", ["open", "open"], bot_delay_ms=0)["id"]
    other_token = server.join(other, 0)

    async def run() -> None:
        for table, token, code in [(tid, "forged-token-" + "0" * 30, 4401), (tid, other_token, 4401),
                                   ("no-such-table", None, 4404), ("no-such-table", other_token, 4404)]:
            c = await Client.connect(server, table, token)
            got, frames = await c.close_code()
            assert (got, frames) == (code, []), (table, token, got, frames)

    asyncio.run(run())


def test_two_tabs_spectator_and_reconnect(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db).start()
    tid = server.create_table("gin", ["open", "open"], bot_delay_ms=0)["id"]
    tokens = [server.join(tid, 0, "Ann"), server.join(tid, 1, "Bob")]
    assert tokens[0] != tokens[1]

    async def run() -> None:
        tab1 = await Client.connect(server, tid, tokens[0])
        tab2 = await Client.connect(server, tid, tokens[0])
        bob = await Client.connect(server, tid, tokens[1])
        spectator = await Client.connect(server, tid)
        frames = [await c.expect("state") for c in (tab1, tab2, bob, spectator)]
        assert [f["seat"] for f in frames] == [0, 0, 1, None]
        assert len({f["seq"] for f in frames}) == 1 and frames[0]["status"] == "playing"
        assert frames[0]["view"] == frames[1]["view"] and frames[0]["view"]["hand"] != frames[2]["view"]["hand"]
        rng = random.Random(3)
        clients = {0: (tab1, tab2), 1: (bob,)}
        for _ in range(12):
            mover = 0 if frames[0]["legal"] else 1
            seat_frame = frames[0] if mover == 0 else frames[2]
            assert seat_frame["legal"], "one of the two seats must be able to move"
            move = rng.choice(seat_frame["legal"])
            sender = clients[mover][rng.randrange(len(clients[mover]))]
            await sender.send({"type": "move", "move": move, "seq": seat_frame["seq"]})
            frames = [await c.expect("state") for c in (tab1, tab2, bob, spectator)]
            assert {f["seq"] for f in frames} == {seat_frame["seq"] + 1}
            assert frames[0]["view"] == frames[1]["view"] and frames[0]["legal"] == frames[1]["legal"]
            assert frames[3]["legal"] == [] and "hand" not in frames[3]["view"]
            if frames[0]["status"] != "playing" or frames[0]["view"]["over"]:
                break   # a deal ended: the next deal's state follows, not needed here
        # A reconnect with the token gets the seat and the current state.
        await tab2.close()
        back = await Client.connect(server, tid, tokens[0])
        again = await back.expect("state")
        assert again["seat"] == 0 and again["seq"] == frames[0]["seq"] and again["view"] == frames[0]["view"]
        for c in (tab1, bob, spectator, back):
            await c.close()

    asyncio.run(run())


def test_limits_refuse_clearly_and_change_nothing(make_server: Any, sqlite_db: str) -> None:
    server: ServerProcess = make_server(sqlite_db, extra_args=[
        "--max-tables-per-client", "3", "--moves-per-second", "2"]).start()
    ids = [server.create_table("gin", ["open", "open"], bot_delay_ms=0)["id"] for _ in range(3)]
    status, answer = server.http("POST", "/api/tables", {"game": "gin", "seats": ["open", "open"]})
    assert 400 <= status < 500 and "table" in answer["error"], (status, answer)
    assert len(server.http("GET", "/api/tables")[1]) == 3
    tokens = [server.join(ids[0], 0), server.join(ids[0], 1)]

    async def run() -> None:
        clients = [await Client.connect(server, ids[0], t) for t in tokens]
        frames = [await c.expect("state") for c in clients]
        mover = 0 if frames[0]["legal"] else 1
        seq, move = frames[mover]["seq"], frames[mover]["legal"][0]
        # A burst of stale moves: each is refused (stale or too fast), the connection stays usable.
        for _ in range(12):
            await clients[mover].send({"type": "move", "move": move, "seq": seq + 5})
        replies = [await clients[mover].recv() for _ in range(12)]
        assert all(r["type"] == "error" for r in replies), replies
        assert any("fast" in r["message"] or "many" in r["message"] or "second" in r["message"]
                   for r in replies), [r["message"] for r in replies]
        assert server.summary(ids[0])["seq"] == seq
        await asyncio.sleep(1.5)     # the allowance refills
        await clients[mover].send({"type": "move", "move": move, "seq": seq})
        assert (await clients[mover].state_where(lambda f: True))["seq"] == seq + 1
        for c in clients:
            await c.close()

    asyncio.run(run())


def test_simultaneous_decision_sent_at_an_older_seq_is_taken(make_server: Any, sqlite_db: str) -> None:
    """十三张: every seat arranges at once. A person's arrangement decided at seq S (when all
    four seats could move) and arriving after the three bots arranged (seq S + 3, only the
    person left to move) is "still taken": no move of the same seat since S, and legal now."""
    server: ServerProcess = make_server(sqlite_db).start()
    tid = server.create_table("shisanzhang", ["open", "bot:auto", "bot:auto", "bot:auto"], bot_delay_ms=500)["id"]
    token = server.join(tid, 0)

    async def run() -> None:
        me = await Client.connect(server, tid, token)
        decided = await me.state_where(lambda f: is_my_turn(f) and len(f["view"]["to_move"]) == 4)
        last = await me.state_where(lambda f: f["view"]["to_move"] == [0])
        assert last["seq"] == decided["seq"] + 3 and last["legal"] == decided["legal"]
        move = decided["legal"][0]
        await me.send({"type": "move", "move": move, "seq": decided["seq"]})
        reply = await me.recv()
        assert reply["type"] == "state" and reply["seq"] == last["seq"] + 1, reply
        await me.close()

    asyncio.run(run())
