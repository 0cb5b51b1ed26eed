"""``cardtable play``: a whole match against bots in the terminal.

Moves are read from stdin line by line (a number from the list or the move text), so a
session can be scripted by piping input; end of input stops the session cleanly.  The person
only ever sees ``view(seat)`` of their own seat, the legal moves of that seat and the log as
that seat reads it.
"""

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..bots import Bot, bot_move
from ..errors import CardtableError, IllegalMove
from ..explanation import score_summary
from ..game import State
from ..match import Match
from ..moves import Move
from ..presentation import drawn_cards, own_hand, seat_names, table_layout
from .common import bot_list, check_players, fail, load_game, make_checked_bot, make_options, out_console
from .render import hint_for, items_table, moves_list, score_screen, table_screen, totals_table

MAX_MOVES_PER_DEAL = 100_000

HELP_TEXT = """Type the number of a move from the list, or the move text itself (e.g. 'discard 7♥').
  t, table   show the table again          m, moves   list every legal move
  ?, help    this help                     q, quit    leave the match"""


class Quit(Exception):
    """The person left (quit, end of input or Ctrl-C)."""


class PlaySession:
    """One match: the person at ``seat`` (or a bot with ``auto``) and bots elsewhere."""

    def __init__(self, console: Console, match: Match, seat: int, bots: list[Bot],
                 bot_names: list[str], rng: random.Random, auto: bool = False,
                 max_deals: int | None = None, save: Path | None = None,
                 verbose: bool = False) -> None:
        self.console = console
        self.match = match
        self.seat = seat
        self.bots = bots
        self.rng = rng
        self.auto = auto
        self.max_deals = max_deals
        self.save = save
        self.shown_log = 0
        self.echo_input = not sys.stdin.isatty()
        # every screen names seats as players see them: "You", "seat 2 (heuristic)" (from 1)
        self.names = seat_names(match.players, seat, bot_names)
        if auto:
            self.names[seat] = f"You (auto: {bot_names[seat]})"
        self.labels = self.names
        self.verbose = verbose
        self.last_hand: list[str] | None = None     # the hand after the person's last move

    # --- the match -----------------------------------------------------------------------

    def run(self) -> int:
        try:
            try:
                return self._run()
            except KeyboardInterrupt:
                raise Quit("Interrupted") from None
        except Quit as q:
            played = len(self.match.state.history)
            deal = len(self.match.deals) + (0 if self.match.state.is_over else 1)
            self.console.print()
            self.console.print(Text.assemble((str(q), "bold"), f": the session ends here (deal {deal}, "
                                             f"{played} move(s) played in it)."))
            self.console.print(totals_table(self.match.totals, "Match totals so far", self.labels))
            return 0
        finally:
            if self.save is not None:
                self.save.write_text(json.dumps(match_scenario(self.match), ensure_ascii=False,
                                                indent=1) + "\n", encoding="utf-8")
                self.console.print(Text(f"Saved the match as a scenario file: {self.save}"))

    def _run(self) -> int:
        while True:
            self.play_deal(self.match.state)
            end = self.match.finish_deal()
            self.show_deal_result(self.match.state)
            if end is not None:
                self.show_match_end()
                return 0
            if self.max_deals is not None and len(self.match.deals) >= self.max_deals:
                self.console.print(f"\nStopped after {len(self.match.deals)} deal(s) (--deals); "
                                   "the match was not finished.")
                return 0
            self.match.next_deal()

    def play_deal(self, state: State) -> None:
        number = len(self.match.deals) + 1
        self.console.rule(f"Deal {number}")
        self.shown_log = 0
        self.last_hand = None
        for _ in range(MAX_MOVES_PER_DEAL):
            if state.is_over:
                self.flush_log(state)
                return
            movers = state.to_move()
            if not movers:
                fail(f"{state.game.id}: the deal is not over but no seat is to move (a game bug)", 3)
            if self.seat in movers and not self.auto:
                self.flush_log(state)
                self.human_turn(state)
            else:
                bot_seat = next((s for s in movers if s != self.seat), movers[0])
                self.bot_turn(state, bot_seat)
            self.flush_log(state)
        fail(f"the deal did not end within {MAX_MOVES_PER_DEAL} moves", 3)

    # --- turns ---------------------------------------------------------------------------

    def bot_turn(self, state: State, seat: int) -> None:
        legal = state.legal_moves(seat)
        if not legal:
            fail(f"{state.game.id}: seat {seat} is to move but has no legal move (a game bug)", 3)
        move = bot_move(self.bots[seat], state, seat, self.rng)
        try:
            state.apply(move, seat)
        except IllegalMove as e:
            self.console.print(Text(f"bot {self.labels[seat]} chose an illegal move ({e}); "
                                    "it plays a random legal move instead", style="red"))
            state.apply(legal[self.rng.randrange(len(legal))], seat)

    def human_turn(self, state: State) -> None:
        seat = self.seat
        view = state.view(seat)
        legal = state.legal_moves(seat)
        if not legal:
            fail(f"{state.game.id}: seat {seat} is to move but has no legal move (a game bug)", 3)
        texts = [state.move_text(m) for m in legal]
        several = len(state.to_move()) > 1
        moves_title = "Your legal moves" + (" (the other seats decide at the same time)"
                                            if several else "") + ":"

        hand = own_hand(view)
        drawn = drawn_cards(self.last_hand, hand)   # new since the person last saw the table
        self.last_hand = hand

        def table() -> None:
            layout = table_layout(view, texts, self.names, drawn)
            self.console.print(table_screen(layout, moves_title=moves_title))

        self.console.print()
        table()
        hint = hint_for(view, legal)
        if hint:
            self.console.print(Text("hint: " + hint, style="italic green"))
        while True:
            line = self.read_line("Your move (number or text, ? for help):")
            if line is None:
                raise Quit("End of input")
            command = line.strip()
            low = command.lower()
            if not command:
                continue
            if low in ("q", "quit", "exit"):
                raise Quit("You left the match")
            if low in ("?", "h", "help"):
                self.console.print(HELP_TEXT, markup=False)
                continue
            if low in ("t", "table", "v", "view"):
                table()
                continue
            if low == "arrange" and state.game.id == "shisanzhang":
                from .arrange import arrange_prompt  # the 十三张 helper (loads that game)
                chosen = arrange_prompt(self.console, self.read_line, view, texts)
                if chosen is not None and self.try_move(state, chosen, legal):
                    return
                continue
            if low in ("m", "moves", "l", "list"):
                self.console.print(moves_list(texts, limit=len(texts)))
                continue
            if self.try_move(state, command, legal):
                return

    def try_move(self, state: State, command: str, legal: list[Move]) -> bool:
        """Apply the person's choice; on bad input say why and return False (re-prompt)."""
        move: Move | str = command
        if command.isdigit():
            k = int(command)
            if not 1 <= k <= len(legal):
                self.error(f"there is no move number {k}; choose 1–{len(legal)} or type the move text")
                return False
            move = legal[k - 1]
        try:
            state.apply(move, self.seat)
        except CardtableError as e:
            self.error(str(e))
            return False
        except Exception as e:  # a game's parser tripping over odd text must not end the match
            self.error(f"could not read {command!r}: {e}")
            return False
        return True

    def error(self, message: str) -> None:
        self.console.print(Text(message + " — try again (? for help)", style="bold red"))

    def read_line(self, prompt: str) -> str | None:
        self.console.print(Text(prompt + " ", style="bold"), end="")
        self.console.file.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            raise Quit("Interrupted") from None
        if line == "":
            self.console.print()
            return None
        line = line.rstrip("\r\n")
        if self.echo_input:
            self.console.print(Text(line, style="dim"))
        return line

    # --- showing what happened -------------------------------------------------------------

    def flush_log(self, state: State) -> None:
        """Print the log entries the person has not seen yet, as their seat reads them."""
        log = state.view(self.seat)["log"]
        for entry in log[self.shown_log:]:
            seat_text, _, text = entry.partition(": ")
            label = self.labels[int(seat_text)] if seat_text.isdigit() else seat_text
            self.console.print(Text.assemble("  ", (label, "cyan"), ": ", text))
        self.shown_log = len(log)

    def show_deal_result(self, state: State) -> None:
        view = state.view(self.seat)
        number = len(self.match.deals)
        self.console.print()
        self.console.print(table_screen(table_layout(view, [], self.names)))
        summary = score_summary(state.game.id, view, self.names, self.verbose, state.winners())
        self.console.print(score_screen(summary, f"Deal {number}: scores"))
        if self.verbose:
            self.console.print(items_table(view.get("items", []), self.match.players,
                                           f"Deal {number}: score items", self.labels))
        self.console.print(totals_table(self.match.deal_totals, f"Match totals after deal {number}",
                                        self.labels))

    def show_match_end(self) -> None:
        end = self.match.end
        assert end is not None
        self.console.rule("End of the match")
        if end.items:
            self.console.print(items_table([it.to_json() for it in end.items], self.match.players,
                                           "End-of-match items", self.labels))
        self.console.print(totals_table(self.match.totals, "Final totals", self.labels, end.winners))
        who = ", ".join(self.labels[s] for s in end.winners) or "nobody"
        self.console.print(Text(f"Winner: {who}", style="bold green"))


def match_scenario(match: Match) -> dict[str, Any]:
    """The match so far as a scenario file (``deals`` form) that ``cardtable replay`` reads."""
    states = list(match.deals)
    if match.state not in states:
        states.append(match.state)
    return {"game": match.game.id, "players": match.players, "rules": match.options.diff(),
            "deals": [{"deal": s.deal.to_json(), "moves": s.moves_text()} for s in states]}


def play_command(
    game: Annotated[str, typer.Argument(help="Game id (see 'cardtable games').")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0-based).")] = 0,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help="Bot names, comma-separated: one for all, one per other seat, "
        "or one per seat. Default: the game's best bot.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the shuffles (printed when omitted).")] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="A named rule preset.")] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help="Rule override KEY=VALUE (repeatable).")] = None,
    deals: Annotated[int | None, typer.Option(help="Stop after this many deals.")] = None,
    match: Annotated[bool, typer.Option("--match", help="Play to the end of the match (default).")] = False,
    auto: Annotated[bool, typer.Option("--auto", help="A bot plays your seat too (demo).")] = False,
    save: Annotated[Path | None, typer.Option(help="Write the match as a scenario file at the end.")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Show the rule labels of the scores.")] = False,
) -> None:
    """Play a whole match against bots; moves are read from stdin, one per line."""
    console = out_console()
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    if not 0 <= seat < n:
        fail(f"--seat must be 0–{n - 1} at a {n}-player table, not {seat}")
    if deals is not None and match:
        fail("give either --deals N or --match, not both")
    if deals is not None and deals < 1:
        fail(f"--deals must be at least 1, not {deals}")
    names = bot_list(g.id, bots, n, fixed=seat)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        m = Match(g, n, options, seed=seed)
    except CardtableError as e:
        fail(str(e))
    console.print(Text.assemble((g.name, "bold"), f" ({g.native_name}) — {n} players, seed {seed}"
                                + (f", preset {preset}" if preset else "")
                                + (f", rules {options.diff()}" if options.diff() else "")))
    session = PlaySession(console, m, seat, [make_checked_bot(g.id, b) for b in names], names,
                          random.Random(f"cardtable-play:{seed}"), auto=auto, max_deals=deals,
                          save=save, verbose=verbose)
    console.print(f"You sit at seat {seat + 1} of {n} (--seat {seat}). Type ? for help.")
    raise typer.Exit(session.run())


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
