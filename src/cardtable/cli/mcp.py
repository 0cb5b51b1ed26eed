"""``cardtable mcp``: the games as MCP tools on stdin/stdout, for an LLM agent
(:mod:`cardtable.agent.mcptools`; needs the ``mcp`` extra)."""

from __future__ import annotations

import typer

from ..i18n import N_, _
from .common import command, fail

MCP_HELP = N_("""Serve the games as MCP tools on standard input and output, for an LLM agent.

Tools: list_games, rules, new_game (a game against our levels), join_table (a seat at a running
table server), state, legal_moves and play. Add it to an MCP client as the command
'cardtable mcp' (docs/research.md, "LLMs through MCP").""")


def mcp_command() -> None:
    """Serve the games as MCP tools on standard input and output."""
    try:
        import mcp.server.mcpserver  # noqa: F401  (the SDK, the mcp extra)

        from ..agent.mcptools import main
    except ImportError as e:
        fail(_("cardtable mcp needs the mcp extra: pip install 'cardtable[mcp]' ({error})", error=str(e)))
    main()


def register(app: typer.Typer) -> None:
    command(app, "mcp", mcp_command, MCP_HELP)
