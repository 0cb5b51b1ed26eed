"""The event loop stays free: quick bots think on it, search bots (and bots seen to be slow)
in a thread; the garbage collector never walks every table at once."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from cardtable.server.service import TableService
from tests.server.helpers import make_settings


def test_quick_bots_on_the_loop_search_and_slow_bots_in_a_thread(sqlite_url: str) -> None:
    async def scenario() -> list[tuple[str, bool]]:
        svc = TableService(make_settings(sqlite_url))
        await svc.start(background=False)
        table, _ = await svc.create_table({"game": "gin", "seats": ["open", "bot:heuristic"]}, None)
        loop_thread = threading.get_ident()
        seen: list[tuple[str, bool]] = []
        real = table.choose_bot_move

        def recording(seat: int, name: str) -> str:
            seen.append((name, threading.get_ident() == loop_thread))
            if name == "heuristic" and len(seen) == 1:
                end = time.thread_time() + 2 * svc.INLINE_BOT_MS / 1000
                while time.thread_time() < end:    # a first move that takes CPU time
                    pass
            return real(seat, name)

        table.choose_bot_move = recording  # type: ignore[method-assign]
        for name in ("heuristic", "heuristic", "random", "search"):
            text = await svc._choose(table, table.state.to_move()[0], name)
            assert isinstance(text, str) and text
        await svc.stop()
        return seen

    seen = asyncio.run(scenario())
    assert seen == [("heuristic", True),      # quick until seen slow ...
                    ("heuristic", False),     # ... then in a thread
                    ("random", True),         # another bot is still asked on the loop
                    ("search", False)]        # a search bot always in a thread


def test_a_busy_machine_does_not_make_a_bot_slow(sqlite_url: str, monkeypatch: Any) -> None:
    """Waiting (another process has the CPU) is not thinking: only the bot's CPU time counts."""
    async def scenario() -> set[tuple[str, str]]:
        svc = TableService(make_settings(sqlite_url))
        await svc.start(background=False)
        table, _ = await svc.create_table({"game": "gin", "seats": ["open", "bot:heuristic"]}, None)
        real = table.choose_bot_move

        def waiting(seat: int, name: str) -> str:
            time.sleep(2 * svc.INLINE_BOT_MS / 1000)
            return real(seat, name)

        table.choose_bot_move = waiting  # type: ignore[method-assign]
        await svc._choose(table, table.state.to_move()[0], "heuristic")
        await svc.stop()
        return svc._slow_bots

    assert asyncio.run(scenario()) == set()


def test_the_collector_skips_what_survived_the_last_round(sqlite_url: str) -> None:
    """GC pauses stay short: survivors are frozen every ``gc_freeze_s`` (and thawed on stop)."""
    import gc

    async def scenario() -> tuple[int, int]:
        svc = TableService(make_settings(sqlite_url, gc_freeze_s=0.05, gc_full_s=3600))
        await svc.start(background=True)
        gc.unfreeze()
        await svc.create_table({"game": "gin", "seats": ["open", "bot:heuristic"]}, None)
        await asyncio.sleep(0.3)
        frozen = gc.get_freeze_count()
        await svc.stop()
        return frozen, gc.get_freeze_count()

    frozen, after = asyncio.run(scenario())
    assert frozen > 1000 and after == 0
