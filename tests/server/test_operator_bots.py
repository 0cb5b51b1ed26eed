"""Issue 31: bots the operator adds (``serve --bot NAME=module:factory``): offered in the lobby
with their own description for the games they play, run only in the bot worker processes,
and a bot that raises or sleeps past the time limit never stops a table (the game's default
bot plays that move)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from cardtable.bots import operator
from cardtable.cli.main import app as cli_app
from cardtable.server import create_app
from cardtable.server.service import TableService
from tests.server.helpers import make_settings

BOTS = {"firstmove": "tests.support.operator_bots:first_move", "raiser": "tests.support.operator_bots:raises",
        "sleeper": "tests.support.operator_bots:sleeps"}


@pytest.fixture(autouse=True)
def _clean_registry() -> Any:
    yield
    operator.unregister_all()


def test_the_lobby_offers_them_for_their_games_and_tables_check_them(sqlite_url: str, clock: Any) -> None:
    app = create_app(make_settings(sqlite_url, extra_bots=BOTS), clock, background=False)
    with TestClient(app) as c:
        games = {g["id"]: g for g in c.get("/api/games").json()}
        gin = {b["name"]: b for b in games["gin"]["bot_choices"]}
        assert gin["firstmove"]["description"] == "Plays the first legal move, always."
        assert not gin["firstmove"]["level"]
        assert "firstmove" not in {b["name"] for b in games["shisanzhang"]["bot_choices"]}
        assert "raiser" in {b["name"] for b in games["shisanzhang"]["bot_choices"]}
        r = c.post("/api/tables", json={"game": "gin", "seats": ["open", "bot:firstmove"]})
        assert r.status_code == 201, r.text
        r = c.post("/api/tables", json={"game": "shisanzhang", "seats": ["open", "bot:firstmove"]})
        assert r.status_code == 400 and "does not play shisanzhang" in r.json()["error"], r.text


@pytest.mark.slow
def test_they_play_in_the_workers_and_a_failing_one_never_stops_a_table(sqlite_url: str, tmp_path: Path,
                                                                         monkeypatch: Any) -> None:
    pids = tmp_path / "pids"
    monkeypatch.setenv("CARDTABLE_TEST_BOT_PIDS", str(pids))

    async def scenario() -> dict[str, Any]:
        svc = TableService(make_settings(sqlite_url, bot_workers=1, bot_timeout_s=1.0, extra_bots=BOTS))
        await svc.start(background=False)
        out: dict[str, Any] = {}
        try:
            first, _ = await svc.create_table({"game": "gin", "seats": ["bot:firstmove", "bot:random"]}, None)
            raiser, _ = await svc.create_table({"game": "gin", "seats": ["bot:raiser", "bot:random"]}, None)
            sleeper, _ = await svc.create_table({"game": "gin", "seats": ["bot:sleeper", "bot:random"]}, None)
            started = time.monotonic()
            for _ in range(600):
                if min(t.seq for t in (first, raiser, sleeper)) >= 6:
                    break
                await asyncio.sleep(0.05)
            out["took"] = time.monotonic() - started
            out["seqs"] = [t.seq for t in (first, raiser, sleeper)]
            out["failed"] = svc.bots.failed if svc.bots else 0
        finally:
            await svc.stop()
        return out

    got = asyncio.run(scenario())
    assert min(got["seqs"]) >= 6, got["seqs"]          # every table went on
    assert got["failed"] >= 2                           # the raiser and the sleeper failed in the pool ...
    ran = {int(p) for p in pids.read_text().split()}
    assert ran and os.getpid() not in ran               # ... and the operator's bot ran only in workers


def test_first_moves_are_what_the_bot_chooses() -> None:
    """The same factory asked in this process plays the first legal move (what the pool ran)."""
    import random

    from cardtable.bots import bot_move, make_bot
    from cardtable.registry import get_game

    operator.register("firstmove", BOTS["firstmove"])
    os.environ.setdefault("CARDTABLE_TEST_BOT_PIDS", os.devnull)
    state = get_game("gin").new_state(2, seed=3)
    seat = state.to_move()[0]
    assert bot_move(make_bot("gin", "firstmove"), state, seat, random.Random(0)) == state.legal_moves(seat)[0]


@pytest.mark.parametrize(("given", "says"), [
    ("nonsense", "NAME=module:factory"),
    ("x=tests.support.no_such_module:f", "cannot be imported"),
    ("x=tests.support.operator_bots:missing", "has no missing"),
    ("random=tests.support.operator_bots:first_move", "taken by a built-in bot"),
    ("b@d=tests.support.operator_bots:first_move", "letters, digits"),
])
def test_a_wrong_bot_is_refused_at_start_naming_why(given: str, says: str) -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--bot", given, "--port", "1"])
    assert result.exit_code != 0
    assert says in result.output, result.output


def test_a_factory_that_gives_no_bot_is_refused() -> None:
    operator.register("nothing", "tests.support.operator_bots:nothing")
    from cardtable.bots import make_bot
    from cardtable.errors import BadOption
    with pytest.raises(BadOption, match="gave no bot"):
        make_bot("gin", "nothing")
