"""Agents at the table: any policy plays a seat of a running table server, or an LLM plays
through MCP (docs/research.md, "Your agent at a table" and "LLMs through MCP").

    from cardtable import agent
    agent.play("http://127.0.0.1:8000/tables/AbC123?join=1", policy=act)

``act`` gets exactly what the PettingZoo env gives that seat (``{"observation",
"action_mask"}``) and answers an action, or, with ``inputs="text"``, gets the seat's view and
its legal move texts and answers a move (:mod:`.policy`).  Everything it is given is built from
the frames the server sends that seat.  ``cardtable agent URL --policy module:function`` does
the same from the command line; ``cardtable mcp`` serves the games as MCP tools
(:mod:`.mcptools`); :mod:`.prompt` is the text format for agents without MCP;
``cardtable ladder --agent`` rates a policy against the levels (:mod:`.ladderbot`).

Needs the ``agent`` extra (a WebSocket client, NumPy for env policies); ``cardtable mcp`` the
``mcp`` extra.
"""

from __future__ import annotations

from .client import AgentResult, TableClient, TableLink, parse_link, play
from .policy import AgentError, Decision, SeatAgent, inputs_of, load_policy, text_inputs

__all__ = ["AgentError", "AgentResult", "Decision", "SeatAgent", "TableClient", "TableLink", "inputs_of",
           "load_policy", "parse_link", "play", "text_inputs"]
