"""The finished deal never vanishes (finding 5): every ``state`` frame carries ``finished``,
the last finished deal of the match as the seat saw it at its end, with its score items,
or null before the first deal ends; also on reconnecting and after a restart (rebuilt from
the database). And the totals around a deal's end are the right ones."""

from __future__ import annotations

import random
from typing import Any

from tests.server.helpers import Socket, connect, join, new_table


def play_until_a_deal_ends(s: Socket, rng: random.Random) -> list[dict[str, Any]]:
    """Seat 0's random moves (knocking when it may) until the second deal's first state."""
    states: list[dict[str, Any]] = []
    f = s.until(lambda x: x["type"] == "state")
    for _ in range(3000):
        if f["type"] != "state":
            assert f["type"] == "presence", f      # the browser table's extras: skipped
            f = s.recv()
            continue
        states.append(f)
        if f["deal"] == 1:
            return states
        if f["legal"]:
            knocks = [m for m in f["legal"] if m.startswith("knock")]
            s.move(rng.choice(knocks or f["legal"]), f["seq"])
        f = s.recv()
    raise AssertionError("the first deal did not end")


def test_every_frame_carries_the_last_finished_deal(sqlite_url: str, make_server: Any) -> None:
    first = make_server(sqlite_url)
    t = new_table(first, "gin", ["open", "bot:heuristic"], rules={"game_target": 500})
    tid = t["id"]
    token = join(first, tid, 0)
    with connect(first, tid, token) as ws, connect(first, tid) as spec:
        states = play_until_a_deal_ends(Socket(ws), random.Random(4))
        watched = Socket(spec).until(lambda x: x["type"] == "state" and x["deal"] == 1)
    end = next(f for f in states if f["view"]["over"])
    nxt = states[-1]
    before = [f for f in states if f["deal"] == 0 and not f["view"]["over"]]
    assert before and all(f["finished"] is None for f in before)       # none yet
    # the frame of the deal's end: the totals before it, its own result in "finished"
    assert end["deal"] == 0 and end["totals"] == [0, 0] and end["legal"] == []
    after = [a + b for a, b in zip(end["totals"], end["view"]["scores"], strict=True)]
    want = {"deal": 0, "view": end["view"], "score": end["view"]["items"], "totals": after}
    assert end["finished"] == want
    # the next deal's frames: the totals after it, and still that result
    assert nxt["deal"] == 1 and nxt["seq"] == end["seq"] and nxt["totals"] == after
    assert nxt["finished"] == want
    assert watched["finished"]["deal"] == 0 and watched["finished"]["totals"] == after
    assert "hand" not in watched["finished"]["view"] or watched["finished"]["view"]["seat"] is None
    assert first.get(f"/api/tables/{tid}").json()["totals"] == after
    # a reload gets it ...
    with connect(first, tid, token) as ws:
        assert Socket(ws).recv()["finished"] == want
    first.__exit__(None, None, None)
    # ... and so does a client of a restarted server (the match is rebuilt from the log)
    second = make_server(sqlite_url)
    with connect(second, tid, token) as ws, connect(second, tid) as spec:
        again = Socket(ws).recv()
        assert again["finished"] == want and again["totals"] == after and again["deal"] == 1
        assert Socket(spec).recv()["finished"] == watched["finished"]


def test_the_finished_deal_is_in_words_for_the_browser_table(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:heuristic"], rules={"game_target": 500})
    token = join(server, t["id"], 0)
    with server.websocket_connect(f"/ws/tables/{t['id']}?token={token}&layout=1") as ws:
        states = play_until_a_deal_ends(Socket(ws), random.Random(8))
    done = states[-1]["finished"]
    assert done["deal"] == 0 and done["summary"]                       # the score in words
    assert done["summary"] == states[-2]["score"]                      # as the deal's end showed it
