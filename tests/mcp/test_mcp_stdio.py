"""``cardtable mcp`` driven by an MCP client of the official SDK over stdio
(``python -m cardtable mcp`` as a subprocess): whole deals of gin and 十三张 chosen from the
legal moves the tools give, illegal moves refused with the engine's reason, texts in other
languages, and a seat at a real table server."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the mcp extra: pip install -e '.[mcp]'")

from mcp import Client, StdioServerParameters  # noqa: E402

TOOLS = {"list_games", "rules", "new_game", "join_table", "state", "legal_moves", "play"}


def run(body: Callable[[Any], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        params = StdioServerParameters(command=sys.executable, args=["-m", "cardtable", "mcp"])
        async with Client(params, read_timeout_seconds=120) as client:
            return await body(client)
    return asyncio.run(main())


async def call(client: Any, tool: str, **args: Any) -> Any:
    result = await client.call_tool(tool, args)
    assert not result.is_error, result.content
    data = result.structured_content
    return data.get("result", data) if isinstance(data, dict) and set(data) == {"result"} else data


def gin_choice(legal: list[dict[str, Any]]) -> str:
    """Gin or knock when possible, take the upcard, else the last listed move (the highest
    discard)."""
    moves = [m["move"] for m in legal]
    for verb in ("gin", "knock", "biggin", "take", "draw"):
        for m in moves:
            if m.split(" ", 1)[0] == verb:
                return m
    return moves[-1]


def test_an_mcp_client_plays_a_whole_gin_deal() -> None:
    async def body(client: Any) -> dict[str, Any]:
        tools = await client.list_tools()
        assert {t.name for t in tools.tools} == TOOLS
        games = await call(client, "list_games")
        assert {"gin", "shisanzhang", "dummy"} <= {g["id"] for g in games}
        how = await call(client, "rules", game="gin", lang="th")
        assert "จิน" in how or "ไพ่" in how
        got = await call(client, "new_game", game="gin", level="medium", seed=4)
        sid = got["json"]["session"]
        assert got["json"]["your_turn"] and got["json"]["seat"] == 0
        # an illegal move: refused with the engine's reason, nothing changes
        before = await call(client, "state", session=sid)
        refused = await client.call_tool("play", {"session": sid, "move": "knock 2♣"})
        assert refused.is_error
        reason = refused.content[0].text
        assert "illegal move 'knock 2♣'" in reason and "take the upcard or pass" in reason
        after = await call(client, "state", session=sid)
        assert after == before
        # the same table in Chinese: the moves keep their notation, their meaning is translated
        zh = await call(client, "state", session=sid, lang="zh_Hans")
        assert zh["json"]["view"] == before["json"]["view"]
        assert zh["text"] != before["text"] and "你" in zh["text"]
        assert [m["move"] for m in zh["json"]["legal_moves"]] == [m["move"] for m in before["json"]["legal_moves"]]
        state = before
        calls = 0
        while state["json"]["status"] != "over":
            legal = await call(client, "legal_moves", session=sid)
            assert legal == state["json"]["legal_moves"] and legal
            state = await call(client, "play", session=sid, move=gin_choice(legal))
            calls += 1
            assert calls < 200
        return state

    final = run(body)
    data = final["json"]
    assert data["status"] == "over" and data["view"]["over"]
    assert data["scores"]["deal"] == data["view"]["scores"] and len(data["scores"]["deal"]) == 2
    assert "Score of the deal" in final["text"] and "The game is over." in final["text"]


def test_an_mcp_client_plays_a_whole_shisanzhang_deal_with_its_own_arrangement() -> None:
    async def body(client: Any) -> tuple[dict[str, Any], str]:
        got = await call(client, "new_game", game="十三张", level="easy", players=4, seat=2, seed=9)
        data = got["json"]
        assert data["game"] == "shisanzhang" and data["seat"] == 2 and data["your_turn"]
        hand = data["view"]["hand"]
        assert len(hand) == 13
        # a malformed arrangement is refused with the reason
        refused = await client.call_tool("play", {"session": data["session"],
                                                  "move": "arrange " + " ".join(hand)})
        assert refused.is_error and "arrange" in refused.content[0].text
        # an arrangement of the agent's own (not one of those listed): the hand in its order
        mine = f"arrange {' '.join(hand[:3])} | {' '.join(hand[3:8])} | {' '.join(hand[8:])}"
        listed = {m["move"] for m in data["legal_moves"]}
        final = await call(client, "play", session=data["session"], move=mine)
        return final, mine if mine not in listed else ""

    final, own = run(body)
    data = final["json"]
    assert data["status"] == "over" and data["view"]["over"]
    assert len(data["scores"]["deal"]) == 4 and sum(data["scores"]["deal"]) == 0
    assert "Score of the deal" in final["text"]
    assert own == "" or own.split(" ", 1)[1].split(" | ")[0] in final["text"]


@pytest.mark.slow
def test_an_mcp_client_plays_a_seat_of_a_table_server(tmp_path: Any) -> None:
    from tests.agent.conftest import SERVER_ARGS
    from tests.server_e2e.harness import ServerProcess

    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path, extra_args=SERVER_ARGS).start()
    try:
        status, table = server.http("POST", "/api/tables", {"game": "gin", "seats": ["bot:medium", "open"],
                                                            "rules": {"game_target": 10}})
        assert status == 201, table

        async def body(client: Any) -> dict[str, Any]:
            got = await call(client, "join_table", url=table["invite"][1], name="llm")
            sid = got["json"]["session"]
            assert got["json"]["seat"] == 1
            state = await call(client, "state", session=sid, wait=20)
            moves = 0
            while state["json"]["status"] != "over":
                if not state["json"]["your_turn"]:
                    state = await call(client, "state", session=sid, wait=20)
                    continue
                bad = await client.call_tool("play", {"session": sid, "move": "discard 1♠"})
                assert bad.is_error
                state = await call(client, "play", session=sid, move=gin_choice(state["json"]["legal_moves"]))
                moves += 1
                assert moves < 400
            return state

        final = run(body)
        assert final["json"]["status"] == "over"
        assert server.summary(table["id"])["status"] == "over"
        assert json.dumps(final["json"]["scores"]["match_totals"])
    finally:
        server.kill()
