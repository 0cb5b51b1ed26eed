"""Per-address limits that keep one client from crowding out the others (docs/server.md,
"Limits"): new players, seats taken and new tables per minute, and WebSocket connections
open at once.  Counted in this process's memory (several processes behind a balancer each
count their own share); the open-tables limit is counted in the database instead.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class RateLimit:
    """At most ``limit`` events per ``window`` seconds per key (a sliding window)."""

    def __init__(self, limit: int, window: float = 60.0, now: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.now = now
        self._seen: dict[str, deque[float]] = {}

    def allow(self, key: str | None) -> bool:
        """Count one event for ``key`` and say whether it is within the limit (an event over
        the limit is not counted).  No key (an unknown address): always allowed."""
        if key is None or self.limit <= 0:
            return True
        now = self.now()
        q = self._seen.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.limit:
            return False
        q.append(now)
        return True

    def used_up(self, key: str | None) -> bool:
        """Whether ``key`` has no event left in the window (nothing is counted)."""
        if key is None or self.limit <= 0:
            return False
        cut = self.now() - self.window
        return sum(1 for t in self._seen.get(key, ()) if t > cut) >= self.limit

    def forget_old(self) -> None:
        """Drop the keys with no event in the window (memory stays bounded)."""
        cut = self.now() - self.window
        for key in [k for k, q in self._seen.items() if not q or q[-1] <= cut]:
            del self._seen[key]


class OpenCount:
    """How many things (connections) each key has open now, at most ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def acquire(self, key: str | None) -> bool:
        if key is None or self.limit <= 0:
            return True
        n = self._open.get(key, 0)
        if n >= self.limit:
            return False
        self._open[key] = n + 1
        return True

    def release(self, key: str | None) -> None:
        if key is None or key not in self._open:
            return
        n = self._open[key] - 1
        if n <= 0:
            del self._open[key]
        else:
            self._open[key] = n
