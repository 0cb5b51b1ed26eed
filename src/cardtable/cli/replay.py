"""``cardtable replay FILE [--json] [--check]`` exactly as shared/contracts/scenario.md says.

Exit status: 0 replayed (with ``--check``: the expectations match, including an expected
``error_at``); 1 ``--check`` found differences (they are printed); 2 an illegal move stopped
the replay (index, move text and why), or the file is malformed (the field is named).
With ``--check`` and an ``expect.error_at``, an illegal move at another place is a difference
(status 1) rather than status 2: the file asked for an illegal move, so the check decides.
"""

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from .. import scenario
from ..errors import CardtableError, ScenarioError
from .common import err_console, out_console
from .render import items_table, render_view, totals_table

EXIT_OK, EXIT_MISMATCH, EXIT_ERROR = 0, 1, 2


def replay_command(
    file: Annotated[Path, typer.Argument(help="A scenario file (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Compare with the file's 'expect'.")] = False,
) -> None:
    """Replay a scenario file and print the final table and the itemised scores."""
    raise typer.Exit(run_replay(file, as_json, check))


def run_replay(file: Path, as_json: bool, check: bool) -> int:
    try:
        result = scenario.replay(file)
    except ScenarioError as e:
        return _malformed(as_json, e.field, str(e))
    except CardtableError as e:   # a bad deal or option the loader did not attribute
        return _malformed(as_json, "(file)", str(e))
    except Exception as e:  # a game failing on this file: say so instead of a traceback
        game = scenario_game(file)
        return _malformed(as_json, "(game)", f"the game {game!r} failed while replaying this file "
                          f"({type(e).__name__}: {e}); this is a bug in the game, please report "
                          "it with the file")
    differences = scenario.check(result) if check else []
    expects_error = check and "error_at" in result.scenario.get("expect", {})
    if result.error is not None and not expects_error:
        status = EXIT_ERROR
    elif differences:
        status = EXIT_MISMATCH
    else:
        status = EXIT_OK
    if as_json:
        data: dict[str, Any] = result.to_json()
        if check:
            data["check"] = {"matches": not differences, "differences": differences}
        print(json.dumps(data, ensure_ascii=False))
    else:
        _print_result(result, check, differences)
    return status


def scenario_game(file: Path) -> str:
    try:
        return str(json.loads(file.read_text(encoding="utf-8")).get("game"))
    except Exception:  # noqa: BLE001 - only for the message
        return "?"


def _malformed(as_json: bool, field: str, message: str) -> int:
    if as_json:
        print(json.dumps({"error": {"field": field, "why": message}}, ensure_ascii=False))
    else:
        err_console().print(Text("Error: " + message, style="bold red"))
    return EXIT_ERROR


def _print_result(result: scenario.Replay, check: bool, differences: list[str]) -> None:
    console = out_console()
    state = result.state
    players = state.players
    title = result.scenario.get("title") or result.scenario.get("description")
    if title:
        console.print(Text(str(title), style="bold"))
    console.print(render_view(state.view(None)))
    deal_items = [it.to_json() for it in state.score_items()] if state.is_over else []
    if result.match is not None:
        n = len(result.match.deals) + (0 if state in result.match.deals else 1)
        console.print(f"Match: {n} deal(s) replayed; the match is {'over' if result.over else 'not over'}.")
        console.print(items_table(result.items(), players, "Score items of the match"))
        winners = result.winner()
        console.print(totals_table(result.scores, "Match totals", winners=winners))
    else:
        console.print(items_table(deal_items, players, "Score items" if state.is_over
                                  else "Score items (the deal is not over)"))
        console.print(totals_table(result.scores, "Scores", winners=result.winner()))
    if result.error is not None:
        err = result.error
        where = f"deal {err.deal}, " if err.deal is not None else ""
        console.print(Text(f"Illegal move at {where}index {err.index}: {err.move!r}: {err.why}",
                           style="bold red"))
    if check:
        if differences:
            console.print(Text("Check: the replay does NOT match 'expect':", style="bold red"))
            for d in differences:
                console.print(Text("  - " + d))
        else:
            what = "'expect'" if result.scenario.get("expect") else "'expect' (the file has none)"
            console.print(Text(f"Check: the replay matches {what}.", style="bold green"))


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
