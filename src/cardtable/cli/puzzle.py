"""``cardtable puzzle [GAME] [--daily [--date D]] [--id ID] [--seat-view] [--json] [--seed S]``.

One decision where one move is clearly best (docs/puzzles.md): the position is shown as
``cardtable play`` shows a turn — the seat's view drawn by the table layout, its legal moves
in words — and the answer is read from stdin (a number from the list or the move in any
spelling the game's notation reads).  Then right or wrong, and why (in the current language).
``--json`` prints the puzzle's public part (the seat's view, the legal moves in words, whose
turn: never the deal) and asks nothing.  Without GAME or ``--id``, the puzzles per game.

Exit status: 0 (answered, right or wrong; or end of input); 2 an unknown game, puzzle or date.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import puzzles
from ..i18n import N_, _, ngettext, pgettext
from ..movewords import move_words
from ..presentation import seat_names, table_layout
from ..puzzles import Puzzle, PuzzleError
from .common import command, fail, game_heading, load_game, out_console
from .render import generic_view, moves_list, table_screen

HELP_TEXT = N_("""Type the number of a move from the list, or the move text itself (e.g. 'discard 7♥';
a card may also be typed with letters or suit first: 'discard 7h', 'discard h7').
  t, table    show the position again       m, moves      list every legal move
  q, quit     give up and see the answer    ?, help       this help""")


def puzzle_command(
    game: Annotated[str | None, typer.Argument(help=N_("Game id (see 'cardtable games')."))] = None,
    daily: Annotated[bool, typer.Option("--daily", help=N_("The puzzle of the day (the same for everyone)."))] = False,
    date: Annotated[str | None, typer.Option(
        "--date", metavar="YYYY-MM-DD", help=N_("With --daily: the puzzle of this day instead of today."))] = None,
    puzzle_id: Annotated[str | None, typer.Option("--id", help=N_("A puzzle by its id (e.g. gin-3f9a0c21be)."))] = None,
    seat_view: Annotated[bool, typer.Option("--seat-view", help=N_(
        "Also show every field of the seat's view (what the seat knows), not only the table."))] = False,
    seed: Annotated[int | None, typer.Option(help=N_("Seed of the random choice of a puzzle."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_(
        "Print the puzzle's public part as JSON (the seat's view and legal moves) and stop."))] = False,
) -> None:
    """Solve a puzzle: one decision where one move is clearly best."""
    console = out_console()
    if game is None and puzzle_id is None:
        if daily:
            fail(_("name the game of the daily puzzle, e.g. 'cardtable puzzle gin --daily'"))
        _list_games(console)
        raise typer.Exit(0)
    puzzle = _choose(game, daily, date, puzzle_id, seed)
    if as_json:
        print(json.dumps(puzzles.public(puzzle), ensure_ascii=False))
        raise typer.Exit(0)
    raise typer.Exit(Solve(console, puzzle, seat_view).run())


def _list_games(console: Console) -> None:
    table = Table(title=pgettext("puzzle table", "Puzzles"), title_justify="left")
    table.add_column(pgettext("puzzle table", "game"))
    table.add_column(pgettext("puzzle table", "puzzles"), justify="right")
    for gid, n in puzzles.games().items():
        table.add_row(f"{gid} — {game_heading(load_game(gid))}", str(n) if n else "—")
    console.print(table)
    console.print(Text(_("Solve one with: cardtable puzzle GAME (--daily for the puzzle of the day)."), style="dim"))


def _choose(game: str | None, daily: bool, date: str | None, puzzle_id: str | None, seed: int | None) -> Puzzle:
    gid = load_game(game).id if game is not None else None
    if puzzle_id is not None:
        try:
            puzzle = puzzles.by_id(puzzle_id)
        except PuzzleError:
            fail(_("there is no puzzle {id!r}", id=puzzle_id))
        if gid is not None and puzzle.game != gid:
            fail(_("puzzle {id} is a {game} puzzle, not {asked}", id=puzzle_id, game=puzzle.game, asked=gid))
        return puzzle
    assert gid is not None
    found = puzzles.load(gid)
    if not found:
        fail(_("{game} has no puzzles yet", game=gid))
    if date is not None and not daily:
        fail(_("--date goes with --daily"))
    if daily:
        day = dt.date.today()
        if date is not None:
            try:
                day = dt.date.fromisoformat(date)
            except ValueError:
                fail(_("--date takes a day as YYYY-MM-DD, not {value!r}", value=date))
        return puzzles.daily(gid, day)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    return found[rng.randrange(len(found))]


class Solve:
    """One puzzle in the terminal: the position, one answer, the verdict and why."""

    def __init__(self, console: Console, puzzle: Puzzle, seat_view: bool) -> None:
        self.console = console
        self.puzzle = puzzle
        self.seat_view = seat_view
        self.echo_input = not sys.stdin.isatty()
        public = puzzles.public(puzzle)
        self.view = public["view"]
        self.texts = [m["move"] for m in public["legal"]]
        self.names = seat_names(puzzle.players, puzzle.seat)
        self.question = public["question"]

    def run(self) -> int:
        p = self.puzzle
        self.console.print(Text.assemble((game_heading(load_game(p.game)), "bold"), " — ",
                                         _("puzzle {id} ({difficulty})", id=p.id,
                                           difficulty=puzzles.difficulty_words(p.difficulty))))
        self.console.print(Text(self.question, style="bold"))
        self.show()
        while True:
            line = self.read_line(_("Your answer (number or move text, ? for help, q to give up):"))
            if line is None:
                self.console.print(Text(_("End of input: no answer given."), style="yellow"))
                return 0
            command = line.strip()
            low = command.lower()
            if not command:
                continue
            if low in ("?", "h", "help"):
                self.console.print(_(HELP_TEXT), markup=False)
                continue
            if low in ("t", "table", "v", "view"):
                self.show()
                continue
            if low in ("m", "moves", "l", "list"):
                self.console.print(moves_list(self.texts, limit=len(self.texts), game=p.game))
                continue
            if low in ("q", "quit", "exit"):
                self.console.print(Text(_("The best move was {answer}.", answer=move_words(p.game, p.answer)),
                                        style="bold yellow"))
                self.explain()
                return 0
            if command.isdigit():
                k = int(command)
                if not 1 <= k <= len(self.texts):
                    self.error(_("there is no move number {k}; choose 1–{last} or type the move text",
                                 k=k, last=len(self.texts)))
                    continue
                command = self.texts[k - 1]
            check = puzzles.check_answer(p, command)
            if not check.legal:
                self.error(check.why or _("not a legal move here"))
                continue
            said = move_words(p.game, check.move or command)
            if check.correct:
                self.console.print(Text(_("Right! {move} is the best move.", move=said), style="bold green"))
            else:
                self.console.print(Text(_("Not the best move: {move}. The best is {answer}.", move=said,
                                          answer=move_words(p.game, p.answer)), style="bold red"))
            self.explain(check.move)
            return 0

    def show(self) -> None:
        layout = table_layout(self.view, self.texts, self.names)
        self.console.print(table_screen(layout, moves_title=_("Your legal moves:")))
        if self.seat_view:
            self.console.print(generic_view(self.view, self.names))

    def explain(self, chosen: str | None = None) -> None:
        p = self.puzzle
        self.console.print(Text(_("Why:"), style="bold"))
        bullets = Table.grid(padding=(0, 1, 0, 2))
        bullets.add_column(no_wrap=True)
        bullets.add_column(overflow="fold")
        for sentence in puzzles.explain(p):
            bullets.add_row("•", Text(sentence))
        self.console.print(bullets)
        self.console.print(Text(ngettext("{n} move compared in up to {worlds} sampled deals:",
                                         "{n} moves compared in up to {worlds} sampled deals:", len(p.candidates),
                                         worlds=p.worlds), style="bold"))
        table = Table()
        table.add_column(pgettext("puzzle table", "move"))
        table.add_column(pgettext("puzzle table", "against the best"), justify="right")
        for (words, value), c in zip(puzzles.candidate_lines(p), p.candidates, strict=True):
            mine = chosen is not None and c["move"] == chosen
            mark = "  ← " + pgettext("puzzle table", "yours") if mine else ""
            table.add_row(Text(words + mark, style="bold" if mine else ""), value)
        self.console.print(table)
        self.console.print(Text(_("Values in deals won, from playouts of the game's heuristic in deals consistent "
                                  "with what you saw.") if p.unit == "wins" else
                                _("Values in points of the deal, from playouts of the game's heuristic in deals "
                                  "consistent with what you saw."), style="dim"))

    def error(self, message: str) -> None:
        self.console.print(Text(_("{message} — try again (? for help)", message=message), style="bold red"))

    def read_line(self, prompt: str) -> str | None:
        self.console.print(Text(prompt + " ", style="bold"), end="")
        self.console.file.flush()
        try:
            line = sys.stdin.readline()
        except (KeyboardInterrupt, UnicodeDecodeError, OSError):
            self.console.print()
            return None
        if line == "":
            self.console.print()
            return None
        line = line.rstrip("\r\n")
        if self.echo_input:
            self.console.print(Text(line, style="dim"))
        return line


def register(app: typer.Typer) -> None:
    command(app, "puzzle", puzzle_command, PUZZLE_HELP)


PUZZLE_HELP = N_("Solve a puzzle: a position where one move is clearly best (--daily: the puzzle of the day).")
