"""Time for the table server, injectable so timer tests never sleep.

Deadlines are wall-clock milliseconds since the epoch (they are persisted and sent to
clients, so they must mean the same after a restart and in every process).
"""

from __future__ import annotations

import time


class Clock:
    """The real clock."""

    def now_ms(self) -> int:
        return int(time.time() * 1000)


class ManualClock(Clock):
    """A clock that moves only when a test says so (``advance``)."""

    def __init__(self, start_ms: int = 1_800_000_000_000) -> None:
        self._now = start_ms

    def now_ms(self) -> int:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += int(seconds * 1000)
