"""``cardtable play``: a whole match against bots in the terminal.

Moves are read from stdin line by line (a number from the list or the move text), so a
session can be scripted by piping input; end of input stops the session cleanly.  The person
only ever sees ``view(seat)`` of their own seat, the legal moves of that seat and the log as
that seat reads it.  Hints and warnings come from ``cardtable.advice`` (the same view);
save, resume and undo from ``cardtable.session`` (a match is its seed and its moves).
"""

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from .. import advice, session
from .. import help as rules_help
from ..bots import Bot, bot_move
from ..errors import BadCard, CardtableError, IllegalMove
from ..explanation import score_summary
from ..game import State
from ..match import Match
from ..moves import Move, split_seat_prefix
from ..presentation import drawn_cards, own_hand, seat_names, table_layout
from .common import bot_list, check_players, fail, load_game, make_checked_bot, make_options, out_console
from .render import hint_for, items_table, moves_list, score_screen, table_screen, totals_table

MAX_MOVES_PER_DEAL = 100_000

HELP_TEXT = """Type the number of a move from the list, or the move text itself (e.g. 'discard 7♥';
a card may also be typed with letters or suit first: 'discard 7h', 'discard h7').
  t, table   show the table again          m, moves     list every legal move
  hint       a suggested move and why      undo, u      take back your last move (and the bots' replies)
  ?rules     how to play this game         ?glossary    the game's terms
  ?, help    this help                     q, quit      leave the match"""

COMMANDS_TEXT = "a move number, a move text, or one of: hint, undo, t, m, ?rules, ?glossary, ?, q"



class Quit(Exception):
    """The person left (quit, end of input or Ctrl-C)."""


class PlaySession:
    """One match: the person at ``seat`` (or a bot with ``auto``) and bots elsewhere."""

    def __init__(self, console: Console, match: Match, seat: int, bots: list[Bot],
                 bot_names: list[str], seed: int, auto: bool = False,
                 max_deals: int | None = None, save: Path | None = None,
                 verbose: bool = False) -> None:
        self.console = console
        self.match = match
        self.seat = seat
        self.bots = bots
        self.bot_names = bot_names
        self.seed = seed
        self.auto = auto
        self.max_deals = max_deals
        self.save = save
        self.shown_log = 0
        self.shown_deal = -1            # the deal whose header was printed last
        self.echo_input = not sys.stdin.isatty()
        # every screen names seats as players see them: "You", "seat 2 (heuristic)" (from 1)
        self.names = seat_names(match.players, seat, bot_names)
        if auto:
            self.names[seat] = f"You (auto: {bot_names[seat]})"
        self.labels = self.names
        self.verbose = verbose
        self.last_hand: list[str] | None = None     # the hand after the person's last move

    def play_settings(self) -> dict[str, Any]:
        return {"seed": self.seed, "seat": self.seat, "bots": list(self.bot_names),
                "auto": self.auto, "deals": self.max_deals}

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
                data = session.save_data(self.match, self.play_settings())
                self.save.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                     encoding="utf-8")
                self.console.print(Text(f"Saved the match as a scenario file: {self.save} "
                                        f"(resume with: cardtable play --load {self.save})"))

    def _run(self) -> int:
        for _ in range(MAX_MOVES_PER_DEAL * 100):
            state = self.match.state
            number = len(self.match.deals) + (0 if state in self.match.deals else 1)
            if number != self.shown_deal:
                self.console.rule(f"Deal {number}")
                self.shown_deal = number
                self.shown_log = 0
                self.last_hand = None
            if state.is_over:
                self.flush_log(state)
                end = self.match.finish_deal()
                self.show_deal_result(state)
                if end is not None:
                    self.show_match_end()
                    return 0
                if self.max_deals is not None and len(self.match.deals) >= self.max_deals:
                    self.console.print(f"\nStopped after {len(self.match.deals)} deal(s) (--deals); "
                                       "the match was not finished.")
                    return 0
                self.match.next_deal()
                continue
            if len(state.history) >= MAX_MOVES_PER_DEAL:
                fail(f"the deal did not end within {MAX_MOVES_PER_DEAL} moves", 3)
            movers = state.to_move()
            if not movers:
                fail(f"{state.game.id}: the deal is not over but no seat is to move (a game bug)", 3)
            if self.seat in movers and not self.auto:
                self.flush_log(state)
                self.human_turn(state)
            else:
                bot_seat = next((s for s in movers if s != self.seat), movers[0])
                self.bot_turn(state, bot_seat)
            if self.match.state is state:
                self.flush_log(state)
        fail("the match did not end", 3)

    # --- turns ---------------------------------------------------------------------------

    def bot_rng(self, state: State, seat: int) -> random.Random:
        deal = len(self.match.deals) - (1 if state in self.match.deals else 0)
        return session.bot_rng(self.seed, deal, len(state.history), seat)

    def bot_turn(self, state: State, seat: int) -> None:
        legal = state.legal_moves(seat)
        if not legal:
            fail(f"{state.game.id}: seat {seat} is to move but has no legal move (a game bug)", 3)
        rng = self.bot_rng(state, seat)
        move = bot_move(self.bots[seat], state, seat, rng)
        try:
            state.apply(move, seat)
        except IllegalMove as e:
            self.console.print(Text(f"bot {self.labels[seat]} chose an illegal move ({e}); "
                                    "it plays a random legal move instead", style="red"))
            state.apply(legal[rng.randrange(len(legal))], seat)

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
        line = self.hint_text(state, view, legal)
        if line:
            self.console.print(Text("hint: " + line, style="italic green"))
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
            if low in ("?rules", "rules", "?glossary", "glossary"):
                self.show_help(state.game.id, "glossary" if "glossary" in low else "rules")
                continue
            if low in ("t", "table", "v", "view"):
                table()
                continue
            if low == "arrange" and state.game.id == "shisanzhang":
                from .arrange import arrange_prompt  # the 十三张 helper (loads that game)
                chosen = arrange_prompt(self.console, self.read_line, view, texts)
                if chosen is not None and self.try_move(state, chosen, legal, view):
                    return
                continue
            if low in ("m", "moves", "l", "list"):
                self.console.print(moves_list(texts, limit=len(texts)))
                continue
            if low in ("hint", "?hint"):
                self.console.print(Text("hint: " + (self.hint_text(state, view, legal)
                                                    or "no hint for this position"), style="italic green"))
                continue
            if low in ("u", "undo"):
                if self.undo():
                    return
                continue
            if self.try_move(state, command, legal, view):
                return

    def hint_text(self, state: State, view: dict[str, Any], legal: list[Move]) -> str | None:
        try:
            h = advice.hint(view, legal)
            if h is not None:
                canon = state.canonical_move(h.move)
                number = next((i for i, m in enumerate(legal, 1) if state.canonical_move(m) == canon), None)
                return f"{state.move_text(h.move)}  — {h.reason}" + (f"  [move {number}]" if number else "")
            return hint_for(view, legal)      # a game with only the older one-line hint
        except Exception:  # noqa: BLE001 - a hint must never end the match
            return None

    def show_help(self, game_id: str, what: str) -> None:
        """``?rules``: the game's how-to-play; ``?glossary``: its terms with the native words."""
        if what == "rules":
            self.console.print(Markdown(rules_help.rules_text(game_id, with_glossary=False)))
            return
        terms = rules_help.glossary(game_id)
        if not terms:
            self.console.print(f"No glossary for this game; see `cardtable rules {game_id}`.")
            return
        for term, native, meaning in terms:
            self.console.print(Text.assemble((term, "bold"), f" ({native})" if native else "", f": {meaning}"))

    def undo(self) -> bool:
        """Take back the person's last move and the bots' replies; True if the table changed."""
        if self.auto:
            self.error("undo is for a person playing against bots (not with --auto)")
            return False
        kept = session.take_back(session.kept_moves(self.match), self.seat)
        if kept is None:
            self.error("there is no move of yours to take back yet")
            return False
        old = self.match
        m = session.rebuild(old.game, old.players, old.options, self.seed, kept)
        self.match = m
        taken = sum(len(h) for h in session.kept_moves(old)) - sum(len(h) for h in kept)
        self.console.print(Text(f"Took back your last move and what followed ({taken} move(s)).",
                                style="bold yellow"))
        self.shown_deal = len(m.deals) + 1
        self.shown_log = len(m.state.history)
        self.last_hand = None       # nothing is "just drawn" on the table after an undo
        return True

    def parse_choice(self, state: State, command: str, legal: list[Move]) -> Move | None:
        """The person's text as a legal move; None after saying what is wrong."""
        if command.isdigit():
            k = int(command)
            if not 1 <= k <= len(legal):
                self.error(f"there is no move number {k}; choose 1–{len(legal)} or type the move text")
                return None
            return legal[k - 1]
        prefix, text = split_seat_prefix(command)
        if prefix is not None and prefix != self.seat:
            self.error(f"the move names seat {prefix} but seat {self.seat} plays it (you are seat {self.seat})")
            return None
        try:
            move = state.canonical_move(state.parse_move(text, self.seat))
            why = state.why_illegal(self.seat, move)
        except (BadCard, IllegalMove) as e:
            self.error(str(e), legal, state)
            return None
        except CardtableError as e:
            self.error(str(e), legal, state)
            return None
        except Exception as e:  # noqa: BLE001 - a parser tripping over odd text must not end the match
            self.error(f"could not read {command!r}: {e}", legal, state)
            return None
        if why is not None:
            self.error(str(IllegalMove(state.move_text(move), why, self.seat)), legal, state)
            return None
        return move

    def try_move(self, state: State, command: str, legal: list[Move], view: dict[str, Any]) -> bool:
        """Apply the person's choice; on bad input say why and return False (re-prompt)."""
        move = self.parse_choice(state, command, legal)
        if move is None:
            return False
        try:
            warning = advice.warn(view, move)
        except Exception:  # noqa: BLE001 - a warning must never end the match
            warning = None
        if warning:
            self.console.print(Text("Careful: " + warning, style="bold yellow"))
            answer = self.read_line(f"Send '{state.move_text(move)}' anyway? (y/N):")
            if answer is None:
                raise Quit("End of input")
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print(Text("Not sent; choose again.", style="yellow"))
                return False
        try:
            state.apply(move, self.seat)
        except CardtableError as e:
            self.error(str(e), legal, state)
            return False
        return True

    def error(self, message: str, legal: list[Move] | None = None, state: State | None = None) -> None:
        self.console.print(Text(message + " — try again (? for help)", style="bold red"))
        if legal and state is not None:
            some = [state.move_text(m) for m in legal[:6]]
            more = f" … ({len(legal)} in all, m lists them)" if len(legal) > 6 else ""
            self.console.print(Text(f"Valid now: {COMMANDS_TEXT}; moves: " + ", ".join(some) + more,
                                    style="dim"))

    def read_line(self, prompt: str) -> str | None:
        self.console.print(Text(prompt + " ", style="bold"), end="")
        self.console.file.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            raise Quit("Interrupted") from None
        except (UnicodeDecodeError, OSError) as e:
            self.console.print()
            self.error(f"could not read that line ({e})")
            return ""
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
    data = session.save_data(match, {})
    del data["play"]
    return data


def play_command(
    game: Annotated[str | None, typer.Argument(help="Game id (see 'cardtable games').")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="Your seat (0-based).")] = None,
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
    load: Annotated[Path | None, typer.Option(
        "--load", help="Resume a match saved with --save (seed, seat, bots and rules come from "
        "the file; it is saved back there unless --save names another file).")] = None,
) -> None:
    """Play a whole match against bots; moves are read from stdin, one per line."""
    console = out_console()
    if load is not None:
        raise typer.Exit(resume(console, load, game, save, [players, seat, bots, seed, preset, rule, deals],
                                verbose))
    if game is None:
        fail("name the game to play (e.g. 'cardtable play gin'), or resume one with --load FILE")
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    seat = 0 if seat is None else seat
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
    console.print(Text.assemble((g.name, "bold"), f"{_native(g)} — {n} players, seed {seed}"
                                + (f", preset {preset}" if preset else "")
                                + (f", rules {options.diff()}" if options.diff() else "")))
    session_ = PlaySession(console, m, seat, [make_checked_bot(g.id, b) for b in names], names,
                           seed, auto=auto, max_deals=deals, save=save, verbose=verbose)
    console.print(f"You sit at seat {seat + 1} of {n} (--seat {seat}). Type ? for help.")
    raise typer.Exit(session_.run())


def resume(console: Console, file: Path, game: str | None, save: Path | None,
           others: list[Any], verbose: bool = False) -> int:
    """``play --load FILE``: rebuild the saved match and go on from where it stopped."""
    if any(x not in (None, []) for x in others):
        fail("--load takes the seed, seat, bots, rules and deals from the file; "
             "give only --save (and --load) with it")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        fail(f"cannot read {file}: {e}")
    except json.JSONDecodeError as e:
        fail(f"{file} is not valid JSON: {e}")
    if not isinstance(data, dict):
        fail(f"{file} is not a saved match (a JSON object)")
    if game is not None:
        g0 = load_game(game)
        if g0.id != data.get("game"):
            fail(f"{file} holds a {data.get('game')!r} match, not {g0.id!r}")
    g = load_game(str(data.get("game")))
    try:
        m, play = session.load_data(data)
    except CardtableError as e:
        fail(f"{file}: {e}")
    n = m.players
    seat = play.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < n:
        fail(f"{file}: play.seat must be a seat 0–{n - 1}")
    names = play.get("bots")
    if not isinstance(names, list) or len(names) != n or not all(isinstance(b, str) for b in names):
        names = bot_list(g.id, None, n, fixed=seat)
    bots = [make_checked_bot(g.id, b) for b in names]
    deals = play.get("deals")
    deals = deals if isinstance(deals, int) and deals >= 1 else None
    s = PlaySession(console, m, seat, bots, names, int(play["seed"]), auto=bool(play.get("auto")),
                    max_deals=deals, save=save if save is not None else file, verbose=verbose)
    played = len(m.state.history)
    number = len(m.deals) + (0 if m.state in m.deals else 1)
    console.print(Text.assemble((g.name, "bold"), f"{_native(g)} — resumed from {file}: "
                                f"deal {number}, {played} move(s) played in it, seed {play['seed']}"))
    console.print(f"You sit at seat {seat + 1} of {n} (--seat {seat}). Type ? for help.")
    # the moves already played are not printed again: start the log where the file stops
    s.shown_deal = number
    s.shown_log = len(m.state.history)
    s.console.rule(f"Deal {number}")
    return s.run()


def _native(game: Any) -> str:
    return f" ({game.native_name})" if game.native_name and game.native_name != game.name else ""


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
