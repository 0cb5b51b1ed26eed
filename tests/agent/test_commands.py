"""The agent's doors without a server: links, policies by name, OpenSpiel agents, the
command's refusals, and ``cardtable ladder --agent``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from cardtable.agent import AgentError, SeatAgent, inputs_of, load_policy, parse_link
from cardtable.agent.policies import level, openspiel_agent, uniform_policy
from cardtable.cli.main import app
from cardtable.registry import get_game
from cardtable.rl import make_codec
from tests.agent.test_inputs import wire


def test_links_name_the_table_and_the_seat() -> None:
    link = parse_link("http://10.0.0.5:8000/tables/AbC_12?join=1")
    assert (link.base, link.table, link.seat, link.token) == ("http://10.0.0.5:8000", "AbC_12", 1, None)
    assert link.socket(None, "pl") == "ws://10.0.0.5:8000/ws/tables/AbC_12?lang=pl"
    link = parse_link("https://cards.example/tables/T9#token=s3cr3t")
    assert (link.seat, link.token) == (None, "s3cr3t")
    assert link.socket("s3cr3t", None) == "wss://cards.example/ws/tables/T9?token=s3cr3t"
    assert parse_link("http://h:1", "T1", 2).seat == 2
    assert parse_link("http://h:1/", "T1", "tok").token == "tok"
    assert parse_link("http://h:1", None, "http://h:1/tables/T2?join=0").table == "T2"
    for bad, why in [("ftp://h/tables/x", "not the address"), ("http://h:1/lobby", "not a table's"),
                     ("http://h:1", "which table"), ("http://h:1/tables/x?join=two", "not a seat number")]:
        with pytest.raises(AgentError, match=why):
            parse_link(bad)
    with pytest.raises(AgentError, match="names table"):
        parse_link("http://h:1/tables/x", "y")


def test_policies_load_by_module_or_by_file(tmp_path: Path) -> None:
    assert load_policy("cardtable.agent.policies:medium").inputs == "text"
    f = tmp_path / "mine.py"
    f.write_text("def act(obs):\n    return int(obs['action_mask'].nonzero()[0][0])\n", encoding="utf-8")
    act = load_policy(f"{f}:act")
    assert inputs_of(act) == "env" and inputs_of(act, "text") == "text"
    for spec, why in [("nocolon", "module:function"), ("no_such_module_xyz:f", "cannot load"),
                      ("cardtable.agent.policies:nothing", "not a function"),
                      (f"{tmp_path}/none.py:f", "no Python file")]:
        with pytest.raises(AgentError, match=why):
            load_policy(spec)
    with pytest.raises(AgentError, match="env or text"):
        inputs_of(act, "pixels")


def test_hard_levels_are_not_offered_to_an_agent() -> None:
    with pytest.raises(AgentError, match="bot:hard"):
        level("hard")


def test_an_openspiel_agent_plays_through_the_same_door() -> None:
    pytest.importorskip("open_spiel")
    from open_spiel.python.algorithms.random_agent import RandomAgent

    codec = make_codec("gin")
    game = get_game("gin")
    state = game.new_state(2, game.make_options(), seed=2)
    np.random.seed(0)
    agents = [SeatAgent("gin", 2, None, None, openspiel_agent(RandomAgent(s, codec.num_actions))) for s in (0, 1)]
    moves = 0
    while not state.is_over and moves < 300:
        seat = state.to_move()[0]
        frame = wire(state, seat)
        got = agents[seat].decide(frame["view"], frame["legal"])
        assert got.move in frame["legal"] and got.actions
        state.apply(got.move, seat)
        moves += 1
    assert moves > 5


def test_an_env_policy_arranges_shisanzhang_row_by_row() -> None:
    game = get_game("shisanzhang")
    state = game.new_state(4, game.make_options(), seed=4)
    agent = SeatAgent("shisanzhang", 4, None, None, uniform_policy(3))
    for seat in range(4):
        frame = wire(state, seat)
        got = agent.decide(frame["view"], frame["legal"])
        assert len(got.actions) in (1, 13) and got.move.split(" ", 1)[0] in ("arrange", "declare")
        state.apply(got.move, seat)
    assert state.is_over


runner = CliRunner()


def test_the_command_refuses_what_it_cannot_play() -> None:
    res = runner.invoke(app, ["agent", "http://127.0.0.1:9/tables/x?join=0", "--policy", "nope"])
    assert res.exit_code == 2 and "module:function" in res.output
    res = runner.invoke(app, ["agent", "http://127.0.0.1:9/tables/x?join=0", "--policy",
                              "cardtable.agent.policies:medium", "--inputs", "pixels"])
    assert res.exit_code == 2 and "env or text" in res.output
    res = runner.invoke(app, ["agent", "http://127.0.0.1:9/", "--policy", "cardtable.agent.policies:medium"])
    assert res.exit_code == 2 and "which table" in res.output
    res = runner.invoke(app, ["agent", "http://127.0.0.1:9/tables/x?join=0", "--policy",
                              "cardtable.agent.policies:medium"])
    assert res.exit_code == 1 and "cannot reach" in res.output


def test_the_ladder_rates_a_policy_against_the_levels(tmp_path: Path) -> None:
    f = tmp_path / "lowest.py"
    f.write_text("import numpy as np\n\ndef act(obs):\n    return int(np.flatnonzero(obs['action_mask'])[0])\n",
                 encoding="utf-8")
    res = runner.invoke(app, ["ladder", "gin", "--bots", "medium", "--agent", f"{f}:act", "--deals", "2",
                              "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [r["bot"] for r in data["ratings"]] == ["medium", "agent"] and data["errors"] == []
    from cardtable.bots import bot_names
    assert "agent" not in bot_names("gin")           # registered for that ladder only
    # our medium level through the agent's door plays exactly as the medium bot: every margin is 0
    res = runner.invoke(app, ["ladder", "十三张", "--bots", "medium", "--agent", "cardtable.agent.policies:medium",
                              "--deals", "2", "--json"])
    assert res.exit_code == 0, res.output
    assert all(r["margin_per_deal"] == 0 for r in json.loads(res.output)["ratings"])
    res = runner.invoke(app, ["ladder", "gin", "--bots", "medium", "--agent", "nope:x", "--deals", "1"])
    assert res.exit_code == 2 and "cannot load" in res.output


def test_a_random_text_policy_plays_a_whole_gin_deal_from_frames() -> None:
    rng = random.Random(5)

    def pick(view: dict[str, Any], legal: list[str]) -> str:
        return legal[rng.randrange(len(legal))]

    game = get_game("gin")
    state = game.new_state(2, game.make_options(), seed=8)
    agent = SeatAgent("gin", 2, None, None, pick, inputs="text")
    while not state.is_over:
        seat = state.to_move()[0]
        frame = wire(state, seat)
        state.apply(agent.decide(frame["view"], frame["legal"]).move, seat)
    assert state.is_over
