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
from ..ladder import ladder
from .common import check_players, fail, load_game, make_checked_bot, make_options, out_console


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
    game: Annotated[str, typer.Argument(help="Game id (see 'cardtable games').")],
    bots: Annotated[str, typer.Option("--bots", "-b", help="Bot or level names, comma-separated "
                                      "(at least two; the SPRT asks whether the second beats the first).")],
    deals: Annotated[int, typer.Option("--deals", "-d", help="Deals per table (each played once per rotation).")] = 50,
    budget_ms: Annotated[float | None, typer.Option(
        "--budget-ms", help="Time per move of every plain 'ismcts' bot (not reproducible).")] = None,
    seed: Annotated[int, typer.Option(help="Base seed of the deals and the bootstrap.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="A named rule preset.")] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help="Rule override KEY=VALUE (repeatable).")] = None,
    elo0: Annotated[float, typer.Option(help="SPRT: Elo of H0 (second bot not better).")] = 0.0,
    elo1: Annotated[float, typer.Option(help="SPRT: Elo of H1 (second bot better by this much).")] = 50.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Rate bots against each other on duplicate deals (every deal with the seats rotated)."""
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if budget_ms is not None and budget_ms <= 0:
        fail(f"--budget-ms must be positive, not {budget_ms}")
    names = split_bots(bots)
    if budget_ms is not None:
        names = [f"ismcts:iterations=none,budget_ms={budget_ms:g}" if b == "ismcts" else b for b in names]
    for name in names:
        make_checked_bot(g.id, name)
    try:
        result = ladder(g.id, names, deals, seed, workers, n, options.diff(), elo0=elo0, elo1=elo1)
    except BadOption as e:
        fail(str(e))
    data = result.to_json()
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    console = out_console()
    t = Table(title=f"{g.id}: {deals} duplicate deals × {n} rotations")
    for col in ("bot", "rating (Elo)", "95 % CI", "margin/deal", "95 % CI"):
        t.add_column(col)
    for r in sorted(data["ratings"], key=lambda r: -r["rating"]):
        t.add_row(r["bot"], f"{r['rating']:+.0f}", f"[{r['ci95'][0]:+.0f}, {r['ci95'][1]:+.0f}]",
                  f"{r['margin_per_deal']:+.2f}", f"[{r['margin_ci95'][0]:+.2f}, {r['margin_ci95'][1]:+.2f}]")
    console.print(t)
    s = data["sprt"]
    verdict = {"H1": f"{names[1]} beats {names[0]}",
               "H0": f"{names[1]} is not {s['elo1']:g} Elo better than {names[0]}",
               "continue": "undecided (more deals needed)"}[s["result"]]
    console.print(f"SPRT (elo0={s['elo0']:g}, elo1={s['elo1']:g}, α=β=0.05): {verdict}; "
                  f"LLR {s['llr']:+.2f} in {s['bounds']} after {s['deals_used']} deals")
    for step in data["sprt_steps"][1:]:
        console.print(f"  SPRT {step['second']} > {step['first']}: {step['result']} (LLR {step['llr']:+.2f})")
    for e in data["errors"]:
        console.print(f"[red]error:[/red] {e}")


def register(app: typer.Typer) -> None:
    app.command("ladder")(ladder_command)
