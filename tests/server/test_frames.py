"""The outbox: frames go out in order; a client that stops reading is dropped, not hoarded."""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable.server.frames import Outbox, error_frame


class SlowSocket:
    def __init__(self, stuck: bool) -> None:
        self.stuck = stuck
        self.sent: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed_with = code


def test_frames_go_out_in_order() -> None:
    async def run() -> Any:
        ws = SlowSocket(False)
        box = Outbox(ws, 0)
        for i in range(50):
            box.put(error_frame(f"m{i}"))
        await box.close()
        return ws

    ws = asyncio.run(run())
    assert [t for t in ws.sent] == [f'{{"type":"error","message":"m{i}","move":null}}' for i in range(50)]


def test_a_client_that_stops_reading_is_dropped() -> None:
    async def run() -> Any:
        ws = SlowSocket(True)
        box = Outbox(ws, None)
        for _ in range(Outbox.MAX_QUEUED + 5):
            box.put(error_frame("x"))
        await asyncio.sleep(0.01)
        return ws, box

    ws, box = asyncio.run(run())
    assert box.closed and ws.closed_with == 1008


def test_encode_writes_what_json_would() -> None:
    """The fast encoder (orjson) and the standard one agree on every kind of value a frame
    holds, non-ASCII text kept as is; what orjson refuses (an int over 64 bits) still goes out."""
    import json

    from cardtable.cards import Card
    from cardtable.server.frames import encode

    frame = {"type": "state", "seq": 3, "seat": None, "view": {"log": ["0: 打 7♥", "1: draw"], "hand": [Card(5)],
                                                               "scores": {1: -2.5, 0: 2}},
             "legal": [], "deadline": 1_790_000_000_000, "ok": True, "big": 1 << 70, "t": (1, 2)}
    text = encode(frame)
    assert json.loads(text) == json.loads(json.dumps(frame))
    assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))   # compact, as is
    assert "打 7♥" in text
