"""Issue 31's "Done when": a researcher trains a policy with the PettingZoo env and, with one
command, plays it against a person in the browser.  The example policy
(examples/agent/gin_linear.py) is trained briefly, ``cardtable agent INVITE --policy …`` takes
seat 2 of a gin table, and a person in Chromium plays seat 1 by gestures until the match
ends; both sides end with the same totals."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from . import gesture_play as gp
from .conftest import Server
from .test_gestures_every_game import context_for

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_trained_policy_plays_a_person_in_the_browser(server: Server, browser: Any, tmp_path: Path) -> None:
    weights = tmp_path / "gin_linear.npz"
    trained = subprocess.run([sys.executable, str(ROOT / "examples/agent/gin_linear.py"), "--deals", "30",
                              "--epochs", "10", "--out", str(weights)], capture_output=True, text=True, timeout=300)
    assert trained.returncode == 0, trained.stderr
    table = server.post("/api/tables", {"game": "gin", "players": 2, "seats": ["open", "open"], "hints": False,
                                        "rules": {"game_target": 1}})
    token = server.post(f"/api/tables/{table['id']}/seats/0", {"name": "Ann"})["token"]
    log = tmp_path / "decisions.jsonl"
    env = {**os.environ, "GIN_LINEAR": str(weights), "PYTHONIOENCODING": "utf-8", "COLUMNS": "200"}
    agent = subprocess.Popen([sys.executable, "-m", "cardtable", "agent", table["invite"][1],
                              "--policy", str(ROOT / "examples/agent/gin_linear.py") + ":act",
                              "--name", "linear", "--log", str(log)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    context = context_for(browser, (1280, 800))
    try:
        page = context.new_page()
        wire = gp.Wire(page)
        page.goto(f"{server.base}/tables/{table['id']}#token={token}")
        hands = gp.Hands(page, touch=False)
        rng = random.Random(1)
        # the person knocks (or goes gin) whenever a gesture can: with a target of 1 the match
        # ends at the first knock, not after deals that die with the stock
        def knock_first(frame: dict[str, Any], targets: list[dict[str, Any]]) -> dict[str, Any]:
            ends = [t for t in targets if str(t["move"]).startswith(("gin", "knock"))]
            return ends[0] if ends else rng.choice(targets)

        for deal in range(8):
            gp.play_deal(page, wire, hands, rng, deal=deal, prefer=knock_first)
            page.wait_for_selector("#deal-over, #match-over", timeout=30_000)
            last = wire.latest()
            if last is not None and last["status"] == "over":
                break
            gp.next_deal(page, hands)
        else:
            pytest.fail("the match did not end in 8 deals")
        out, err = agent.communicate(timeout=120)
    finally:
        if agent.poll() is None:
            agent.kill()
        context.close()
    assert agent.returncode == 0, err
    # the page showed the end of the match, the agent's seat named as it asked
    assert last is not None and last["status"] == "over"
    assert any(s.get("name") == "linear" for s in server.get(f"/api/tables/{table['id']}")["seats"])
    assert not wire.errors(), f"the server refused a move of the person: {wire.errors()[-1]}"
    # the agent made its moves (none refused) and saw the same end
    records = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    moves = [r for r in records if r["event"] == "move"]
    assert moves and records[-1]["event"] == "over", records[-3:]
    assert records[-1].get("totals", last["totals"]) == last["totals"]
    replay = server.get(f"/api/tables/{table['id']}/replay")
    agent_moves = sum(1 for entry in replay["deals"] for _m in entry["moves"]) - len(wire.moves_sent())
    assert agent_moves >= len(moves) > 0
