"""``cardtable review FILE [--seat N] [--budget WORLDS] [--seed S] [--json]`` (docs/review.md).

Every decision of one seat in a saved match or a scenario file, judged from what that seat
knew then (:func:`cardtable.review.review_match`): the move played, the best move found, the
points lost in expectation with a 95 % interval, a mark, and the same decision judged on the
true deal ("with hindsight"), shown apart.  Then a summary per deal and for the match.

``--seat N`` counts from 1, as people count (the first seat is 1); default: the seat the file's
``play`` settings name (the person of ``cardtable play --save``), else seat 1.  ``--json``
prints ``{"game", "seat", "budget", "decisions", "summary"}`` with the engine's seat numbers,
from 0, as in the files.  A progress bar runs on stderr.

Exit status: 0 reviewed; 2 the file, the seat or the budget is wrong (the message names it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..i18n import N_, _, ngettext, pgettext
from ..movewords import move_words
from ..review import DEFAULT_WORLDS, Budget, DecisionReview, Review, ReviewError, review_match
from ..review.words import mark_words, note_words, signed
from .common import EXIT_USAGE, command, err_console, game_heading, out_console

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red", "forced": "dim"}


def review_command(
    file: Annotated[Path, typer.Argument(help=N_("A saved match or a scenario file (JSON)."))],
    seat: Annotated[int | None, typer.Option(
        "--seat", help=N_("The seat to review, counted from 1 (default: the file's own seat, else 1)."))] = None,
    budget: Annotated[int, typer.Option(
        "--budget", metavar="WORLDS",
        help=N_("Sampled worlds per decision (more is slower and surer)."))] = DEFAULT_WORLDS,
    seed: Annotated[int, typer.Option(
        help=N_("Seed of the worlds and playouts (the same seed, the same review)."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object."))] = False,
) -> None:
    """Review one seat's decisions in a saved match or a scenario file."""
    raise typer.Exit(run_review(file, seat, budget, seed, as_json))


def run_review(file: Path, seat: int | None, budget: int, seed: int, as_json: bool) -> int:
    if budget < 2:
        return _error(as_json, "--budget", _("--budget is the number of sampled worlds per decision; "
                                             "it must be at least 2, not {value}", value=budget))
    if seat is not None and seat < 1:
        return _error(as_json, "--seat", _("seats count from 1 here (the first seat is 1), not {seat}",
                                           seat=seat))
    engine_seat = _seat(file, seat)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=err_console(), transient=True)
    try:
        with progress:
            task = progress.add_task(_("reviewing"), total=None)

            def step(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            review = review_match(file, engine_seat, Budget(worlds=budget), seed, progress=step)
    except ReviewError as e:
        return _error(as_json, "--seat" if e.field == "seat" else e.field, str(e))
    if as_json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
    else:
        print_review(out_console(), review)
    return 0


def _seat(file: Path, seat: int | None) -> int:
    """The engine seat (from 0) to review: ``--seat`` − 1, else the file's ``play.seat``, else 0."""
    if seat is not None:
        return seat - 1
    try:
        play = json.loads(file.read_text(encoding="utf-8")).get("play")
    except (OSError, ValueError, AttributeError):
        return 0
    chosen = play.get("seat") if isinstance(play, dict) else None
    return chosen if isinstance(chosen, int) and not isinstance(chosen, bool) and chosen >= 0 else 0


def _error(as_json: bool, field: str, message: str) -> int:
    if as_json:
        print(json.dumps({"error": {"field": field, "why": message}}, ensure_ascii=False))
    else:
        err_console().print(Text.assemble((_("Error:"), "bold red"), " ", message))
    return EXIT_USAGE


def print_review(console: Console, review: Review) -> None:
    """The review as tables: the decisions of each deal, then the summaries."""
    data = review.to_json()
    summary = data["summary"]
    th = review.thresholds
    b = review.budget
    console.print(Text(_("{game}: review of seat {seat}", game=game_heading(review.game), seat=review.seat + 1),
                       style="bold"))
    console.print(_("Budget: {worlds} sampled worlds per decision, {confirm} fresh worlds to measure a loss, "
                    "up to {candidates} candidate moves, {hindsight} playouts with hindsight; seed {seed}.",
                    worlds=b.worlds, confirm=b.confirm_worlds, candidates=b.candidates,
                    hindsight=b.hindsight, seed=review.seed))
    unit = _("wins") if th.unit == "wins" else _("points")
    console.print(_("Marks in {unit}: inaccuracy from {inaccuracy}, mistake from {mistake}, blunder from "
                    "{blunder} (fractions of the game's spread of deal results, {sd}).", unit=unit,
                    inaccuracy=f"{th.inaccuracy:.1f}", mistake=f"{th.mistake:.1f}",
                    blunder=f"{th.blunder:.1f}", sd=f"{th.sd:.1f}"))
    for deal, deal_summary in zip(review.deals, summary["deals"], strict=True):
        console.print(_decision_table(review, deal.index, deal.decisions))
        if not deal.over:
            console.print(Text(_("This deal is not over: its decisions are judged up to where the file "
                                 "stops; the playouts finish it."), style="yellow"))
        console.print(Text(_("Deal {deal}: {words}", deal=deal.index + 1, words=deal_summary["words"]),
                           style="" if len(review.deals) > 1 else "bold"))
    if len(review.deals) > 1:
        console.print(Text(_("Match: {words}", words=summary["words"]), style="bold"))
    if summary["costliest"]:
        console.print(Text(ngettext("The costliest decision:", "The {n} costliest decisions:",
                                    len(summary["costliest"])), style="bold"))
        for c in summary["costliest"]:
            console.print(Text("  • " + c["words"]))
    console.print(Text(_("'With hindsight' judges the same moves on the true deal, every card known: "
                         "it is shown apart and never counts in the marks."), style="dim"))


def _decision_table(review: Review, deal: int, decisions: list[DecisionReview]) -> Table:
    table = Table(title=ngettext("Deal {number}: {n} decision", "Deal {number}: {n} decisions", len(decisions),
                                 number=deal + 1), title_justify="left")
    table.add_column(pgettext("review table", "move"), justify="right")
    table.add_column(pgettext("review table", "played"))
    table.add_column(pgettext("review table", "best"))
    table.add_column(pgettext("review table", "loss"), justify="right")
    table.add_column(pgettext("review table", "interval (95 %)"), justify="right")
    table.add_column(pgettext("review table", "mark"))
    table.add_column(pgettext("review table", "with hindsight"))
    game = review.game
    for d in decisions:
        mark = mark_words(d.mark) or note_words(d.note)
        style = MARK_STYLE.get(d.mark or "", "")
        forced = d.mark == "forced"
        best = "" if forced or d.best == d.played else move_words(game, d.best)
        loss = "" if forced or d.best == d.played else signed(-d.loss)
        interval = "" if forced or d.best == d.played else f"{signed(-d.ci95[1])} … {signed(-d.ci95[0])}"
        table.add_row(str(d.index + 1), move_words(game, d.played), best, loss, interval,
                      Text(mark, style=style), _hindsight_cell(game, d))
    return table


def _hindsight_cell(game: str, d: DecisionReview) -> str:
    h = d.hindsight
    if h is None:
        return ""
    if h.best == d.played or h.loss <= 0:
        return _("played the best")
    return _("{best}: {loss}", best=move_words(game, h.best), loss=signed(-h.loss))


def register(app: typer.Typer) -> None:
    command(app, "review", review_command, REVIEW_HELP)


REVIEW_HELP = N_("Review one seat's decisions in a saved match or a scenario file: the best move, "
                 "the points lost, marks, and the same moves with hindsight.")
