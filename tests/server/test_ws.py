"""The WebSocket protocol in-process: state frames, moves, seq, spectators, every bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from cardtable.registry import get_game
from tests.server.helpers import Socket, connect, join, new_table


def gin_table(server: Any) -> tuple[str, str, str]:
    """A gin table of two people (no bot moves behind the test's back)."""
    t = new_table(server, "gin", ["open", "open"])
    return t["id"], join(server, t["id"], 0, "ann"), join(server, t["id"], 1, "bob")


def first_state(ws: Any) -> dict[str, Any]:
    f = Socket(ws).recv()
    assert f["type"] == "state"
    return f


def test_state_frame_is_the_engines_view(server: Any, clock: Any) -> None:
    tid, t0, t1 = gin_table(server)
    table = server.portal.call(server.app.state.service.get, tid)
    with connect(server, tid, t0) as w0, connect(server, tid, t1) as w1, connect(server, tid) as spec:
        f0, f1, fs = first_state(w0), first_state(w1), first_state(spec)
    for f, seat in ((f0, 0), (f1, 1), (fs, None)):
        assert set(f) >= {"type", "seq", "seat", "status", "deal", "totals", "view", "legal", "deadline"}
        assert f["seat"] == seat and f["seq"] == 0 and f["deal"] == 0 and f["status"] == "playing"
        assert f["view"] == json.loads(json.dumps(table.state.view(seat)))
        want = ([table.state.move_text(m) for m in table.state.legal_moves(seat)]
                if seat is not None and seat in table.state.to_move() else [])
        # two people and no turn_seconds: the default timer (version 2) runs for the mover
        assert f["legal"] == want and f["totals"] == [0, 0] and f["finished"] is None
        assert f["deadline"] == clock.now_ms() + 90_000
    assert fs["legal"] == []
    assert (f0["legal"] == []) != (f1["legal"] == [])       # exactly one seat is to move


def test_waiting_table_has_no_legal_moves_until_full(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    tok = join(server, t["id"], 0)
    with connect(server, t["id"], tok) as ws:
        s = Socket(ws)
        f = s.recv()
        assert f["status"] == "waiting" and f["legal"] == []
        s.move("take", 0)
        err = s.until(lambda x: x["type"] == "error")
        assert "waiting for players" in err["message"] and err["move"] == "take"
        join(server, t["id"], 1, "bob")
        f = s.until(lambda x: x["type"] == "state")
        assert f["status"] == "playing"


def mover(server: Any, tid: str, tokens: list[str]) -> tuple[int, str]:
    table = server.portal.call(server.app.state.service.get, tid)
    seat = table.state.to_move()[0]
    return seat, tokens[seat]


def test_move_stale_duplicate_and_illegal(server: Any) -> None:
    tid, t0, t1 = gin_table(server)
    seat, tok = mover(server, tid, [t0, t1])
    with connect(server, tid, tok) as ws, connect(server, tid, [t0, t1][1 - seat]) as other:
        s, o = Socket(ws), Socket(other)
        f = s.recv()
        o.recv()
        move = f["legal"][0]
        # an illegal move: the engine's reason, nothing changes
        s.move("discard 2♣ 3♣", 0)
        err = s.until(lambda x: x["type"] == "error")
        assert err["move"] == "discard 2♣ 3♣" and "illegal move" in err["message"]
        # a move for another seat (seat prefix) is refused
        s.move(f"{1 - seat}: {move}", 0)
        err = s.until(lambda x: x["type"] == "error")
        assert f"names seat {1 - seat + 1}" in err["message"]        # texts count seats from 1
        # a seq from the future, or missing, is stale / refused
        s.move(move, 5)
        assert "stale" in s.until(lambda x: x["type"] == "error")["message"]
        s.send({"type": "move", "move": move})
        assert "seq" in s.until(lambda x: x["type"] == "error")["message"]
        assert s.sync() == []
        # the real move
        s.move(move, 0)
        f1 = s.until(lambda x: x["type"] == "state")
        assert f1["seq"] == 1 and f1["view"]["log"][-1].endswith(move)
        g1 = o.until(lambda x: x["type"] == "state")
        assert g1["seq"] == 1
        # the same message again (a resend after a reconnect) is stale, played once only
        s.move(move, 0)
        err = s.until(lambda x: x["type"] == "error")
        assert "stale" in err["message"] and err["move"] == move
        assert o.sync() == []
    table = server.portal.call(server.app.state.service.get, tid)
    assert table.seq == 1 and len(table.state.history) == 1
    assert [m.move for m in server.app.state.service.store.load_moves(tid)] == [move]


def test_move_out_of_turn(server: Any) -> None:
    tid, t0, t1 = gin_table(server)
    seat, _ = mover(server, tid, [t0, t1])
    with connect(server, tid, [t0, t1][1 - seat]) as ws:
        s = Socket(ws)
        s.recv()
        s.move("pass", 0)
        err = s.until(lambda x: x["type"] == "error")
        assert "not seat" in err["message"] and "turn" in err["message"]
    assert server.portal.call(server.app.state.service.get, tid).seq == 0


def test_spectator_cannot_move(server: Any) -> None:
    tid, t0, t1 = gin_table(server)
    with connect(server, tid) as ws:
        s = Socket(ws)
        f = s.recv()
        assert f["seat"] is None and f["legal"] == [] and "hand" not in f["view"]
        s.move("take", 0)
        err = s.until(lambda x: x["type"] == "error")
        assert "spectators cannot move" in err["message"] and err["move"] == "take"
    assert server.portal.call(server.app.state.service.get, tid).seq == 0


@pytest.mark.parametrize(("raw", "needle"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object with a 'type'"),
    ('{"move": "take"}', "JSON object with a 'type'"),
    ('{"type": "shout"}', "unknown message type 'shout'"),
    ('{"type": "move", "move": 7, "seq": 0}', "'move'"),
    ('{"type": "move", "move": "take", "seq": 0, "pad": "' + "x" * 70000 + '"}', "over 64 KiB"),
])
def test_malformed_messages_get_an_error_and_change_nothing(server: Any, raw: str, needle: str) -> None:
    tid, t0, t1 = gin_table(server)
    seat, tok = mover(server, tid, [t0, t1])
    with connect(server, tid, tok) as ws:
        s = Socket(ws)
        s.recv()
        ws.send_text(raw)
        err = s.until(lambda x: x["type"] == "error")
        assert needle in err["message"] and err["move"] in (None, "take")
        assert s.sync() == []
    assert server.portal.call(server.app.state.service.get, tid).seq == 0


def test_oversized_binary_frame(server: Any) -> None:
    tid, t0, _ = gin_table(server)
    with connect(server, tid, t0) as ws:
        s = Socket(ws)
        s.recv()
        ws.send_bytes(b"x" * (64 * 1024 + 1))
        assert "over 64 KiB" in s.until(lambda x: x["type"] == "error")["message"]
        ws.send_bytes(b"\xff\xfe")
        assert "UTF-8" in s.until(lambda x: x["type"] == "error")["message"]


def test_a_client_that_keeps_sending_garbage_is_closed(make_server: Any, sqlite_url: str) -> None:
    client = make_server(sqlite_url, max_bad_messages=3)
    tid, t0, _ = gin_table(client)
    with connect(client, tid, t0) as ws:
        s = Socket(ws)
        s.recv()
        for _ in range(3):
            ws.send_text("garbage")
        with pytest.raises(WebSocketDisconnect) as e:
            for _ in range(10):
                s.recv()
        assert e.value.code == 1008


def test_moves_per_second_are_limited(make_server: Any, sqlite_url: str) -> None:
    client = make_server(sqlite_url, moves_per_second=1)
    tid, t0, t1 = gin_table(client)
    seat, tok = mover(client, tid, [t0, t1])
    with connect(client, tid, tok) as ws:
        s = Socket(ws)
        s.recv()
        for _ in range(3):     # burst of 2, then refused
            s.move("nonsense", 0)
        errs = [s.until(lambda x: x["type"] == "error")["message"] for _ in range(3)]
        assert "too many moves" in errs[2] and "too many moves" not in errs[0]


def test_bad_token_and_missing_table_close_before_any_message(server: Any) -> None:
    tid, _, _ = gin_table(server)
    for path, code in ((f"/ws/tables/{tid}?token=forged", 4401), (f"/ws/tables/{tid}?token=", 4401),
                       ("/ws/tables/nosuchtable", 4404), ("/ws/tables/nosuchtable?token=x", 4404)):
        with server.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == code, path


def test_reconnect_and_two_connections_on_one_seat(server: Any) -> None:
    tid, t0, t1 = gin_table(server)
    seat, tok = mover(server, tid, [t0, t1])
    with connect(server, tid, tok) as a, connect(server, tid, tok) as b:
        sa, sb = Socket(a), Socket(b)
        f = sa.recv()
        assert sb.recv() == f
        sa.move(f["legal"][0], 0)
        fa = sa.until(lambda x: x["type"] == "state")
        fb = sb.until(lambda x: x["type"] == "state")
        assert fa == fb and fa["seq"] == 1
        # the second tab sends the same move: stale, so one move only
        sb.move(f["legal"][0], 0)
        assert "stale" in sb.until(lambda x: x["type"] == "error")["message"]
    with connect(server, tid, tok) as again:
        f2 = Socket(again).recv()
        assert f2 == fa


def test_ping(server: Any) -> None:
    tid, t0, _ = gin_table(server)
    with connect(server, tid, t0) as ws:
        s = Socket(ws)
        s.recv()
        s.send({"type": "ping"})
        assert s.recv() == {"type": "pong"}


def test_errors_reveal_no_hidden_card(server: Any) -> None:
    """Every card named in the errors a seat gets for moves naming each card of the pack is
    either the seat's own or written in its own move."""
    tid, t0, t1 = gin_table(server)
    table = server.portal.call(server.app.state.service.get, tid)
    from cardtable.cards import card_str
    from cardtable.conformance import hidden_tokens
    game = get_game("gin")
    pack = game.pack(2, table.options)
    for seat, tok in ((0, t0), (1, t1)):
        hidden = hidden_tokens(table.state, seat)
        with connect(server, tid, tok) as ws:
            s = Socket(ws)
            s.recv()
            for verb in ("discard", "knock", "take", "pass"):
                for c in pack[:52:5]:
                    text = f"{verb} {card_str(c)}"
                    s.move(text, 0)
                    msg = s.until(lambda x: x["type"] == "error")["message"]
                    named = {h for h in hidden if h in msg and h not in text}
                    assert not named, (text, msg)
