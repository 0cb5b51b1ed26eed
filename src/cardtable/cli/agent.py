"""``cardtable agent URL --policy module:function``: a policy plays a seat of a running table
server (:mod:`cardtable.agent`), until the match ends.

``URL`` is an invite link (``…/tables/ID?join=N``), a table's page, or, with ``--game``, the
server's address: then the agent makes the table, sits at the first seat and prints the
invite link of every other seat (a friend opens it in the browser).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..errors import CardtableError
from ..i18n import N_, _
from .common import check_players, command, fail, load_game, make_options, out_console, parse_rules

AGENT_HELP = N_("""Play a seat of a running table server with a policy of your own, until the match ends.

ADDRESS is an invite link (…/tables/ID?join=N), a table's page with --seat or --token, or the
server's address with --game (a new table: the agent sits at seat 1 and the invite links of
the other seats are printed). The policy gets what the PettingZoo env gives its seat (the
observation and the action mask) and answers an action, or with --inputs text the seat's view
and legal moves, and answers a move (docs/research.md, "Your agent at a table").""")


def agent_command(
    url: Annotated[str, typer.Argument(metavar="ADDRESS", help=N_(
        "An invite link, a table's page, or the server's address with --game."))],
    policy: Annotated[str, typer.Option("--policy", metavar="NAME", help=N_(
        "The policy: module:function or path/to/file.py:function (cardtable.agent.policies:medium "
        "plays our medium level)."))],
    inputs: Annotated[str | None, typer.Option("--inputs", metavar="NAME", help=N_(
        "What the policy gets: env (observation and mask; it answers an action) or text (view and "
        "legal moves; it answers a move). Default: the policy's own inputs attribute, else env."))] = None,
    game: Annotated[str | None, typer.Option("--game", "-g", help=N_(
        "Make a new table of this game at the server ADDRESS (the other seats are open for friends)."))] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help=N_("Number of players (with --game)."))] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help=N_("A named rule preset (with --game)."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help=N_("Rule override KEY=VALUE (repeatable; with --game)."))] = None,
    bots: Annotated[str | None, typer.Option("--bots", "-b", help=N_(
        "With --game: a bot or level for each other seat, comma-separated, 'open' for a friend "
        "(default: every other seat open)."))] = None,
    seat: Annotated[int | None, typer.Option("--seat", help=N_(
        "The seat to take, counted from 1 (default: the invite's, else the first open one)."))] = None,
    token: Annotated[str | None, typer.Option("--token", help=N_("A seat token the table gave."))] = None,
    name: Annotated[str, typer.Option("--name", help=N_("The name the seat shows."))] = "agent",
    log: Annotated[str | None, typer.Option("--log", metavar="FILE", help=N_(
        "Append every decision to FILE as JSON lines."))] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=N_("Print only the result."))] = False,
) -> None:
    """Play a seat of a running table server with a policy of your own."""
    try:
        from ..agent import AgentError, inputs_of, load_policy, play
        from ..agent.client import http_json, parse_link
    except ImportError as e:
        fail(_("the agent needs the agent extra: pip install 'cardtable[agent]' ({error})", error=str(e)))
    console = out_console()
    seat_arg: str | int | None = token
    if seat is not None:
        if seat < 1:
            fail(_("--seat counts from 1, not {value}", value=seat))
        seat_arg = seat - 1 if token is None else token
    try:        # what is wrong in the command itself fails before anything is sent
        fn = load_policy(policy)
        inputs_of(fn, inputs)
        if game is None:
            parse_link(url, None, seat_arg)
    except AgentError as e:
        fail(str(e))
    try:
        player = None
        if game is not None:
            url, seat_arg, player = _new_table(url, game, players, preset, rule, bots, name, console, http_json)

        def said(record: dict[str, Any]) -> None:
            if quiet:
                return
            if record.get("event") == "move":
                console.print(_("deal {deal}, move {seq}: {move}", deal=record["deal"] + 1, seq=record["seq"] + 1,
                                move=record["move"]))
            elif record.get("event") == "refused":
                console.print(_("refused: {move}: {reason}", move=record["move"], reason=record["reason"]))

        result = play(url, None, seat_arg, fn, inputs=inputs, name=name, player=player, log_to=log,
                      on_decision=said)
    except AgentError as e:
        fail(str(e), code=1)
    except CardtableError as e:
        fail(str(e))
    totals = "  ".join(f"{_('seat {n}', n=s + 1)}: {t}" for s, t in enumerate(result.totals))
    console.print(_("The match is over. Totals: {totals}", totals=totals))
    if result.winners:
        console.print(_("Won: {seats}", seats=", ".join(_("seat {n}", n=s + 1) for s in result.winners)))
    console.print(_("The agent played seat {seat}: {n} moves, {refused} refused, {reconnects} reconnections.",
                    seat=result.seat + 1, n=result.decisions, refused=result.refusals,
                    reconnects=result.reconnects))


def _new_table(url: str, game: str, players: int | None, preset: str | None, rule: list[str] | None,
               bots: str | None, name: str, console: Any, http_json: Any) -> tuple[str, str, str]:
    """Make a table at the server ``url`` with the agent at the first seat: (its page, the
    agent's seat token, the player credential)."""
    g = load_game(game)
    make_options(g, preset, rule)           # bad options fail here, in the command's words
    n = check_players(g, players)
    others = ["open"] * (n - 1)
    if bots:
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if len(names) == 1:
            names = names * (n - 1)
        if len(names) != n - 1:
            fail(_("--bots names {given} seats; the table has {n} other seats", given=len(names), n=n - 1))
        others = [b if b == "open" else f"bot:{b}" for b in names]
    base = url.rstrip("/")
    made = http_json("POST", f"{base}/api/players", {"name": name})
    body: dict[str, Any] = {"game": g.id, "players": n, "seats": ["me", *others], "rules": parse_rules(rule)}
    if preset:
        body["preset"] = preset
    table = http_json("POST", f"{base}/api/tables", body, player=made["secret"])
    console.print(_("Table {url}", url=table["url"]))
    for s, entry in enumerate(others, 1):
        if entry == "open":
            console.print(_("  seat {n}: invite {link}", n=s + 1, link=table["invite"][s]))
    return str(table["url"]), str(table["token"]), str(made["secret"])


def register(app: typer.Typer) -> None:
    command(app, "agent", agent_command, AGENT_HELP)
