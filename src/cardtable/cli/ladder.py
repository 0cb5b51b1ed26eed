"""``cardtable ladder``: rate bots on duplicate deals, with 95 % intervals and an SPRT.

The work is :mod:`cardtable.ladder` (duplicate tables from :mod:`cardtable.simulate`,
Bradley–Terry ratings with a bootstrap over deals, a GSPRT on whether the second bot beats
the first).  ``--budget-ms`` turns every plain ``ismcts`` in ``--bots`` into a time-limited
one (not reproducible: the number of iterations then depends on the machine's speed).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ..errors import BadOption
from ..i18n import N_, _, pgettext
from ..ladder import ladder
from .common import (
    check_players,
    command,
    fail,
    load_game,
    make_checked_bot,
    make_options,
    out_console,
)


def split_bots(spec: str) -> list[str]:
    """``"medium,ismcts:iterations=300,rollout=random"`` → two names: a ``key=value`` piece
    without a ``:`` belongs to the bot before it."""
    out: list[str] = []
    for piece in (p.strip() for p in spec.split(",")):
        if not piece:
            continue
        if out and "=" in piece and ":" not in piece and ":" in out[-1]:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def ladder_command(
    game: Annotated[str, typer.Argument(help=N_("Game id (see 'cardtable games')."))],
    bots: Annotated[str, typer.Option("--bots", "-b", help=N_(
        "Bot or level names, comma-separated (at least two; the SPRT asks whether the second beats "
        "the first)."))],
    deals: Annotated[int, typer.Option("--deals", "-d", help=N_(
        "Deals per table (each played once per rotation)."))] = 50,
    budget_ms: Annotated[float | None, typer.Option(
        "--budget-ms", help=N_("Time per move of every plain 'ismcts' bot (not reproducible)."))] = None,
    seed: Annotated[int, typer.Option(help=N_("Base seed of the deals and the bootstrap."))] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help=N_("Worker processes."))] = 1,
    players: Annotated[int | None, typer.Option("--players", "-n", help=N_("Number of players."))] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help=N_("A named rule preset."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help=N_("Rule override KEY=VALUE (repeatable)."))] = None,
    elo0: Annotated[float, typer.Option(help=N_("SPRT: Elo of H0 (second bot not better)."))] = 0.0,
    elo1: Annotated[float, typer.Option(help=N_("SPRT: Elo of H1 (second bot better by this much)."))] = 50.0,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the results as JSON."))] = False,
    agent: Annotated[str | None, typer.Option("--agent", metavar="NAME", help=N_(
        "Rate a policy of your own too, as 'agent' after the bots of --bots: module:function or "
        "path/to/file.py:function, as 'cardtable agent' takes it."))] = None,
    agent_inputs: Annotated[str | None, typer.Option("--agent-inputs", metavar="NAME", help=N_(
        "What the policy of --agent gets: env or text (as 'cardtable agent --inputs')."))] = None,
) -> None:
    """Rate bots against each other on duplicate deals (every deal with the seats rotated)."""
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if deals < 1:
        fail(_("--deals must be at least 1, not {value}", value=deals))
    if workers < 1:
        fail(_("--workers must be at least 1, not {value}", value=workers))
    if budget_ms is not None and budget_ms <= 0:
        fail(_("--budget-ms must be positive, not {value}", value=budget_ms))
    names = split_bots(bots)
    if budget_ms is not None:
        names = [f"ismcts:iterations=none,budget_ms={budget_ms:g}" if b == "ismcts" else b for b in names]
    for name in names:
        make_checked_bot(g.id, name)
    if agent is not None:
        try:
            from ..agent import AgentError
            from ..agent.ladderbot import enter_ladder, leave_ladder
        except ImportError as e:
            fail(_("the agent needs the agent extra: pip install 'cardtable[agent]' ({error})", error=str(e)))
        try:
            names.append(enter_ladder(agent, n, options, agent_inputs, game=g.id))
        except (AgentError, BadOption) as e:
            leave_ladder()
            fail(str(e))
    try:
        result = ladder(g.id, names, deals, seed, workers, n, options.diff(), elo0=elo0, elo1=elo1)
    except BadOption as e:
        fail(str(e))
    finally:
        if agent is not None:
            leave_ladder()
    data = result.to_json()
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    console = out_console()
    t = Table(title=_("{game}: {deals} duplicate deals × {n} rotations", game=g.id, deals=deals, n=n))
    for col in (pgettext("ladder table", "bot"), pgettext("ladder table", "rating (Elo)"),
                pgettext("ladder table", "95 % CI"), pgettext("ladder table", "margin/deal"),
                pgettext("ladder table", "95 % CI")):
        t.add_column(col)
    for r in sorted(data["ratings"], key=lambda r: -r["rating"]):
        t.add_row(r["bot"], f"{r['rating']:+.0f}", f"[{r['ci95'][0]:+.0f}, {r['ci95'][1]:+.0f}]",
                  f"{r['margin_per_deal']:+.2f}", f"[{r['margin_ci95'][0]:+.2f}, {r['margin_ci95'][1]:+.2f}]")
    console.print(t)
    s = data["sprt"]
    verdict = {"H1": _("{second} beats {first}", second=names[1], first=names[0]),
               "H0": _("{second} is not {elo} Elo better than {first}", second=names[1],
                       elo=f"{s['elo1']:g}", first=names[0]),
               "continue": _("undecided (more deals needed)")}[s["result"]]
    console.print(_("SPRT (elo0={elo0}, elo1={elo1}, α=β=0.05): {verdict}; LLR {llr} in {bounds} "
                    "after {deals} deals", elo0=f"{s['elo0']:g}", elo1=f"{s['elo1']:g}",
                    verdict=verdict, llr=f"{s['llr']:+.2f}", bounds=s["bounds"],
                    deals=s["deals_used"]))
    for step in data["sprt_steps"][1:]:
        console.print(f"  SPRT {step['second']} > {step['first']}: {step['result']} (LLR {step['llr']:+.2f})")
    for err in data["errors"]:
        console.print("[red]" + _("error:") + f"[/red] {err}")


def register(app: typer.Typer) -> None:
    command(app, "ladder", ladder_command, LADDER_HELP)


LADDER_HELP = N_("Rate bots against each other on duplicate deals (every deal with the seats rotated).")
