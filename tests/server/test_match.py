"""Whole matches through the server: against bots, simultaneous 十三张, the replay file."""

from __future__ import annotations

import random
from typing import Any

from cardtable import scenario
from tests.server.helpers import Socket, connect, join, new_table


def play_out(s: Socket, rng: random.Random, limit: int = 5000) -> list[dict[str, Any]]:
    """Play random legal moves from the last state until the match is over; every state seen."""
    states = []
    f = s.until(lambda x: x["type"] == "state")
    for _ in range(limit):
        assert f["type"] != "error", f
        if f["type"] == "state":
            states.append(f)
            if f["status"] == "over":
                return states
            if f["legal"]:
                s.move(rng.choice(f["legal"]), f["seq"])
        f = s.recv()
    raise AssertionError("the match did not end")


def test_whole_gin_match_against_a_bot_and_its_replay(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:heuristic"], rules={"game_target": 40})
    tid = t["id"]
    tok = join(server, tid, 0)
    r = server.get(f"/api/tables/{tid}/replay")
    assert r.status_code == 403
    with connect(server, tid, tok) as ws, connect(server, tid) as spec:
        states = play_out(Socket(ws), random.Random(1))
        sp = Socket(spec).until(lambda x: x["type"] == "state" and x["status"] == "over")
    last = states[-1]
    assert last["legal"] == [] and last["view"]["over"] and last["deadline"] is None
    assert sp["totals"] == last["totals"] and sp["seq"] == last["seq"]
    # seq counts every move of the match; deal boundaries: the finished deal then the next, same seq
    seqs = [f["seq"] for f in states]
    assert seqs == sorted(seqs)
    for a, b in zip(states, states[1:], strict=False):
        if a["view"]["over"] and b["deal"] == a["deal"] + 1:
            assert a["seq"] == b["seq"] and a["legal"] == []
            assert b["totals"] == [x + y for x, y in zip(a["totals"], a["view"]["scores"], strict=True)]
    assert "end" in last and last["end"]["winners"]
    summary = server.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "over" and summary["totals"] == last["totals"] and summary["seq"] == last["seq"]
    # the replay: a scenario file the engine replays to the same final totals
    data = server.get(f"/api/tables/{tid}/replay").json()
    assert len(data["deals"]) == last["deal"] + 1
    assert sum(len(d["moves"]) for d in data["deals"]) == last["seq"]
    result = scenario.replay(data)
    assert result.error is None and result.over and result.scores == last["totals"]
    assert scenario.check(result) == []


def test_shisanzhang_simultaneous_moves_with_an_older_seq(server: Any) -> None:
    t = new_table(server, "shisanzhang", ["open", "open", "open", "bot:auto"])
    tid = t["id"]
    toks = [join(server, tid, s, f"p{s}") for s in range(3)]
    with connect(server, tid, toks[0]) as w0, connect(server, tid, toks[1]) as w1, \
            connect(server, tid, toks[2]) as w2:
        socks = [Socket(w) for w in (w0, w1, w2)]
        # the bot arranges as soon as play starts (seq 1); the people decide from seq 0 states
        seen = [s.until(lambda x: x["type"] == "state" and x["seq"] == 1) for s in socks]
        assert all(len(f["legal"]) > 0 for f in seen)
        socks[0].move(seen[0]["legal"][0], 0)      # seq 0 < 1: taken (seat 0 did not move since)
        for s in socks:
            s.until(lambda x: x["type"] == "state" and x["seq"] == 2)
        socks[0].move(seen[0]["legal"][0], 0)      # seat 0 has moved since: stale now
        assert "stale" in socks[0].until(lambda x: x["type"] == "error")["message"]
        socks[1].move(seen[1]["legal"][0], 0)      # still taken
        socks[2].until(lambda x: x["type"] == "state" and x["seq"] == 3)
        socks[2].move(seen[2]["legal"][0], 1)
        end = socks[2].until(lambda x: x["type"] == "state" and x["seq"] == 4)
        nxt = socks[2].until(lambda x: x["type"] == "state" and x["deal"] == 1)
    # the finished deal (all four hands shown), then the next deal with the same seq
    assert end["deal"] == 0 and end["view"]["over"] and end["legal"] == []
    assert nxt["seq"] == 4 and not nxt["view"]["over"]
    logged = server.app.state.service.store.load_moves(tid)[:4]
    assert [m.seat for m in logged] == [3, 0, 1, 2]
    assert [m.source for m in logged] == ["bot", "person", "person", "person"]


def test_a_stale_move_in_a_one_mover_phase_is_refused(server: Any) -> None:
    """The simultaneous exception does not apply when only one seat may move."""
    t = new_table(server, "gin", ["open", "open"])
    toks = [join(server, t["id"], s) for s in range(2)]
    table = server.portal.call(server.app.state.service.get, t["id"])
    seat = table.state.to_move()[0]
    with connect(server, t["id"], toks[seat]) as ws:
        s = Socket(ws)
        f = s.recv()
        s.move(f["legal"][0], 0)
        f = s.until(lambda x: x["type"] == "state" and x["seq"] == 1)
    nxt = table.state.to_move()[0]
    with connect(server, t["id"], toks[nxt]) as ws:
        s = Socket(ws)
        f = s.recv()
        s.move(f["legal"][0], 0)
        assert "stale" in s.until(lambda x: x["type"] == "error")["message"]
    assert table.seq == 1
