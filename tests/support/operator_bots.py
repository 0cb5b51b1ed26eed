"""Bots an operator adds with ``cardtable serve --bot NAME=module:factory``, for the tests:
one that plays the first legal move, one that raises, one that sleeps past any budget, and a
factory that gives no bot."""

from __future__ import annotations

import os
import random
import time
from typing import Any

from cardtable.moves import Move


class FirstMove:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        # where it runs, for the test that it never runs in the server's own process
        with open(os.environ["CARDTABLE_TEST_BOT_PIDS"], "a") as f:
            f.write(f"{os.getpid()}\n")
        return legal[0]


def first_move(game_id: str) -> FirstMove:
    """Plays the first legal move, always."""
    return FirstMove(game_id)


first_move.games = ["gin", "dummy"]  # type: ignore[attr-defined]


class Raises:
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        raise RuntimeError("this bot always fails")


def raises(game_id: str) -> Raises:
    """A bot that raises at every move."""
    return Raises()


class Sleeps:
    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        time.sleep(60)
        return legal[0]


def sleeps(game_id: str) -> Sleeps:
    """A bot that thinks for a minute."""
    return Sleeps()


def nothing(game_id: str) -> None:
    return None
