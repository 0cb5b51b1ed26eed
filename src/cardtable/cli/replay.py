"""``cardtable replay FILE [--json] [--check] [--step] [--seat K]`` (shared/contracts/scenario.md).

``--step`` walks each deal move by move (Enter for the next move, ``a`` to run on, ``q`` to
stop; read from stdin, so it can be scripted); ``--seat K`` shows every step as seat K saw
it — its ``view(K)`` and the log as K reads it, never another seat's hidden cards — and, once
a deal is over, the hands as dealt.  Tables are drawn as ``cardtable play`` draws them
(``presentation.table_layout``): seats counted from 1 as people count, phases in the game's
words; ``--seat K`` itself is the engine's seat number, from 0, as in the scenario files.

Exit status: 0 replayed (with ``--check``: the expectations match, including an expected
``error_at``); 1 ``--check`` found differences (they are printed); 2 an illegal move stopped
the replay (index, move text and why), or the file is malformed (the field is named).
With ``--check`` and an ``expect.error_at``, an illegal move at another place is a difference
(status 1) rather than status 2: the file asked for an illegal move, so the check decides.
"""

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, RenderableType
from rich.text import Text

from .. import scenario, session
from ..cards import cards_json
from ..errors import CardtableError, ScenarioError
from ..game import State
from ..i18n import N_, _, ngettext
from ..movewords import move_words
from ..presentation import game_title, seat_names, table_layout
from .common import command, err_console, out_console
from .render import items_table, table_screen, totals_table

EXIT_OK, EXIT_MISMATCH, EXIT_ERROR = 0, 1, 2


def replay_command(
    file: Annotated[Path, typer.Argument(help=N_("A scenario file (JSON)."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))] = False,
    check: Annotated[bool, typer.Option("--check", help=N_("Compare with the file's 'expect'."))] = False,
    step: Annotated[bool, typer.Option(
        "--step", help=N_("Walk the deal move by move (Enter for the next)."))] = False,
    seat: Annotated[int | None, typer.Option(
        "--seat", help=N_("Show the deal as seat K saw it (its own view only)."))] = None,
) -> None:
    """Replay a scenario file and print the final table and the itemised scores."""
    raise typer.Exit(run_replay(file, as_json, check, step, seat))


def run_replay(file: Path, as_json: bool, check: bool, step: bool = False,
               seat: int | None = None) -> int:
    if (step or seat is not None) and as_json:
        return _malformed(False, "--json", _("--step and --seat print a walk-through for a person; "
                                             "use them without --json"))
    try:
        result = scenario.replay(file)
    except ScenarioError as e:
        return _malformed(as_json, e.field, str(e))
    except CardtableError as e:   # a bad deal or option the loader did not attribute
        return _malformed(as_json, "(file)", str(e))
    except Exception as e:  # a game failing on this file: say so instead of a traceback
        game = scenario_game(file)
        return _malformed(as_json, "(game)", _(
            "the game {game!r} failed while replaying this file ({error}); this is a bug in the "
            "game, please report it with the file", game=game, error=f"{type(e).__name__}: {e}"))
    if seat is not None and not 0 <= seat < result.state.players:
        return _malformed(False, "--seat", _(
            "there is no seat {seat} at a {n}-player table; seats are 0–{last}", seat=seat,
            n=result.state.players, last=result.state.players - 1))
    if step or seat is not None:
        return walk(result, seat, pause=step)
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
        err_console().print(Text(_("Error: {message}", message=message), style="bold red"))
    return EXIT_ERROR


def _print_result(result: scenario.Replay, check: bool, differences: list[str]) -> None:
    console = out_console()
    state = result.state
    players = state.players
    title = result.scenario.get("title") or result.scenario.get("description")
    if title:
        console.print(Text(str(title), style="bold"))
    console.print(table_view(state.view(None), seat_names(players)))
    deal_items = [it.to_json() for it in state.score_items()] if state.is_over else []
    if result.match is not None:
        n = len(result.match.deals) + (0 if state in result.match.deals else 1)
        console.print(ngettext("Match: {n} deal replayed; the match is over.",
                               "Match: {n} deals replayed; the match is over.", n) if result.over
                      else ngettext("Match: {n} deal replayed; the match is not over.",
                                    "Match: {n} deals replayed; the match is not over.", n))
        console.print(items_table(result.items(), players, _("Score items of the match")))
        winners = result.winner()
        console.print(totals_table(result.scores, _("Match totals"), winners=winners))
    else:
        console.print(items_table(deal_items, players, _("Score items") if state.is_over
                                  else _("Score items (the deal is not over)")))
        console.print(totals_table(result.scores, _("Scores"), winners=result.winner()))
    if result.error is not None:
        err = result.error
        text = (_("Illegal move at deal {deal}, index {index}: {move!r}: {why}", deal=err.deal,
                  index=err.index, move=err.move, why=err.why) if err.deal is not None
                else _("Illegal move at index {index}: {move!r}: {why}", index=err.index,
                       move=err.move, why=err.why))
        console.print(Text(text, style="bold red"))
    if check:
        if differences:
            console.print(Text(_("Check: the replay does NOT match 'expect':"), style="bold red"))
            for d in differences:
                console.print(Text("  - " + d))
        else:
            text = (_("Check: the replay matches 'expect'.") if result.scenario.get("expect")
                    else _("Check: the replay matches 'expect' (the file has none)."))
            console.print(Text(text, style="bold green"))


STEP_HELP = N_("Enter: next move   a: run to the end   q: stop")


def table_view(view: dict[str, Any], names: list[str]) -> RenderableType:
    """A seat's (or a spectator's) table as the play screen draws it, titled with whose view it is."""
    layout = table_layout(view, [], names)
    title = game_title(str(view.get("game")))
    seat = view.get("seat")
    layout["title"] = dict(layout["title"], text=_("{game} — spectator view", game=title) if seat is None
                           else _("{game} — view of {name}", game=title, name=names[int(seat)]))
    return table_screen(layout)


def walk(result: scenario.Replay, seat: int | None, pause: bool) -> int:
    """Show each deal of ``result`` move by move as ``seat`` saw it (None: a spectator)."""
    console = out_console()
    deals = list(result.match.deals) if result.match is not None else []
    if result.state not in deals:
        deals.append(result.state)
    if seat is None:
        text = ngettext("Walking through {n} deal as a spectator saw it.",
                        "Walking through {n} deals as a spectator saw it.", len(deals))
    else:
        text = ngettext("Walking through {n} deal as seat {number} (--seat {seat}) saw it.",
                        "Walking through {n} deals as seat {number} (--seat {seat}) saw it.", len(deals),
                        number=seat + 1, seat=seat)
    console.print(Text(text + " " + (_(STEP_HELP) if pause else ""), style="bold"))
    for number, final in enumerate(deals, 1):
        total = len(final.history)
        console.rule(ngettext("Deal {number}: {n} move", "Deal {number}: {n} moves", total,
                              number=number))
        start = final.game.start(final.players, final.options, final.deal)
        names = seat_names(final.players)          # "seat 1" … as people count
        console.print(table_view(start.view(seat), names))
        for i, (state, mover, move) in enumerate(session.steps(final), 1):
            if pause:
                answer = _ask(console)
                if answer == "q":
                    console.print(Text(_("Stopped before move {i} of deal {number}.", i=i,
                                         number=number), style="bold"))
                    return EXIT_OK
                if answer == "a":
                    pause = False
            console.print(Text.assemble((_("move {i}/{total}:", i=i, total=total) + " ", "bold"),
                                        (names[mover], "cyan"),
                                        ": ", move_words(state.game.id, state.log_text(seat, mover, move))))
            console.print(table_view(state.view(seat), names))
        if final.is_over:
            _show_hands(console, final)
    if result.error is not None:
        err = result.error
        console.print(Text(_("Illegal move at index {index}: {move!r}: {why}", index=err.index,
                             move=err.move, why=err.why), style="bold red"))
        return EXIT_ERROR
    return EXIT_OK


def _ask(console: Console) -> str:
    """The person's answer at a pause: '' (next), 'a' or 'q'; end of input stops."""
    while True:
        console.print(Text(_("[Enter/a/q]") + " ", style="dim"), end="")
        console.file.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            console.print()
            return "q"
        except (UnicodeDecodeError, OSError):
            line = "?\n"
        if line == "":
            console.print()
            console.print(Text(_("End of input."), style="bold"))
            return "q"
        word = line.strip().lower()
        if word in ("", "n", "next"):
            return ""
        if word in ("a", "all", "end"):
            return "a"
        if word in ("q", "quit", "exit"):
            return "q"
        console.print(Text(_("{word!r} is not a step command; {help}", word=word, help=_(STEP_HELP)),
                           style="bold red"))


def _show_hands(console: Console, final: State) -> None:
    """After a deal: the hands as dealt (everything is public once the deal is over)."""
    console.print(Text(_("The deal is over. The hands as dealt:"), style="bold"))
    for s, hand in enumerate(final.deal.hands):
        console.print(Text("  " + _("seat {seat}: {cards}", seat=s + 1, cards=" ".join(cards_json(hand)))))
    items = [it.to_json() for it in final.score_items()]
    console.print(items_table(items, final.players, _("Score items")))
    console.print(totals_table(final.scores, _("Scores"), winners=final.winners()))


def register(app: typer.Typer) -> None:
    command(app, "replay", replay_command, REPLAY_HELP)


REPLAY_HELP = N_("Replay a scenario file and print the final table and the itemised scores.")
