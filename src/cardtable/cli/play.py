"""``cardtable play``: a whole match against bots in the terminal.

Moves are read from stdin line by line (a number from the list or the move text), so a
session can be scripted by piping input; end of input stops the session cleanly.  The person
only ever sees ``view(seat)`` of their own seat, the legal moves of that seat and the log as
that seat reads it.  Hints (only when asked, or every turn with ``--hints`` / ``hint on``) and
warnings come from ``cardtable.advice`` (the same view); save, resume and undo from
``cardtable.session`` (a match is its seed and its moves).  A named save file (``--save``,
the ``--load`` file, or ``save FILE`` at the prompt) is written after every move, so closing
the terminal loses nothing.  What the person reads cites no spec file or rule code unless
``--verbose`` (``cardtable.parts.refs.strip_refs``).
"""

import json
import os
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
from ..bots.labels import bot_label
from ..errors import CardtableError, IllegalMove
from ..explanation import score_summary
from ..game import State
from ..i18n import N_, _, ngettext
from ..match import Match
from ..moves import Move, split_seat_prefix
from ..movewords import move_words
from ..parts.screen import strip_refs
from ..presentation import drawn_cards, own_hand, seat_names, table_layout
from ..registry import game_parts
from .common import (
    bot_list,
    check_players,
    command,
    fail,
    game_heading,
    load_game,
    make_checked_bot,
    make_options,
    out_console,
)
from .confirm import is_yes, yes_no
from .render import hint_for, items_table, log_line, moves_list, score_screen, table_screen, totals_table
from .scoregrid import score_grid, score_line_count

MAX_MOVES_PER_DEAL = 100_000

HELP_TEXT = N_("""Type the number of a move from the list, or the move text itself (e.g. 'discard 7♥';
a card may also be typed with letters or suit first: 'discard 7h', 'discard h7').
  t, table    show the table again         m, moves      list every legal move
  hint        a suggested move and why     hint on|off   a hint every turn / only when asked
  undo, u     take back your last move and the bots' replies (never past a move that showed
              you something hidden: a card you drew, a hand laid open, a showdown, a deal's end)
  save FILE   save the match now, and after every move from then on
  details     every score line of the last deal
  ?rules      how to play this game        ?glossary     the game's terms
  ?, help     this help                    q, quit       leave the match (asks first)""")

COMMANDS_TEXT = N_("a move number, a move text, or one of: hint, hint on|off, undo, save FILE, details, t, m, "
                   "?rules, ?glossary, ?, q")

#: past this many score lines at the end of a deal, the terminal shows a compact grid (and
#: ``details`` the lines): a 4-player 十三张 showdown has 36
COMPACT_AFTER = 16



class Quit(Exception):
    """The person left (quit, end of input or Ctrl-C)."""


class PlaySession:
    """One match: the person at ``seat`` (or a bot with ``auto``) and bots elsewhere."""

    def __init__(self, console: Console, match: Match, seat: int, bots: list[Bot],
                 bot_names: list[str], seed: int, auto: bool = False,
                 max_deals: int | None = None, save: Path | None = None,
                 verbose: bool = False, hints: bool = False) -> None:
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
            self.names[seat] = _("You (auto: {bot})", bot=bot_label(bot_names[seat]))
        self.labels = self.names
        self.verbose = verbose
        self.hints = hints              # a hint every turn (else only when asked: 'hint')
        self.last_hand: list[str] | None = None     # the hand after the person's last move
        self.last_result: tuple[str, dict[str, Any]] | None = None   # the last deal's score lines
        self.save_failed = False

    def play_settings(self) -> dict[str, Any]:
        return {"seed": self.seed, "seat": self.seat, "bots": list(self.bot_names),
                "auto": self.auto, "deals": self.max_deals}

    # --- the match -----------------------------------------------------------------------

    def run(self) -> int:
        try:
            try:
                return self._run()
            except KeyboardInterrupt:
                raise Quit(_("Interrupted")) from None
        except Quit as q:
            played = len(self.match.state.history)
            deal = len(self.match.deals) + (0 if self.match.state.is_over else 1)
            self.console.print()
            self.console.print(Text(ngettext(
                "{reason}: the session ends here (deal {deal}, {n} move played in it).",
                "{reason}: the session ends here (deal {deal}, {n} moves played in it).",
                played, reason=str(q), deal=deal)))
            self.console.print(totals_table(self.match.totals, _("Match totals so far"), self.labels))
            return 0
        finally:
            if self.save is not None and self.write_save(self.save):
                self.console.print(Text(_("Saved the match as a scenario file: {file} "
                                          "(resume with: cardtable play --load {file})",
                                          file=self.save)))

    def write_save(self, path: Path) -> bool:
        """Write the match so far to ``path`` (whole or not at all: a new file replaces the
        old one); False after saying why it could not be written."""
        data = session.save_data(self.match, self.play_settings())
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as e:
            if not self.save_failed:        # said once, not after every move
                self.error(_("could not save the match to {file}: {error}", file=path, error=e))
            self.save_failed = True
            return False
        self.save_failed = False
        return True

    def _run(self) -> int:
        for _step in range(MAX_MOVES_PER_DEAL * 100):
            if self.save is not None:       # after every move: a closed terminal loses nothing
                self.write_save(self.save)
            state = self.match.state
            number = len(self.match.deals) + (0 if state in self.match.deals else 1)
            if number != self.shown_deal:
                self.console.rule(_("Deal {number}", number=number))
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
                    self.console.print()
                    self.console.print(ngettext(
                        "Stopped after {n} deal (--deals); the match was not finished.",
                        "Stopped after {n} deals (--deals); the match was not finished.",
                        len(self.match.deals)))
                    return 0
                self.match.next_deal()
                continue
            if len(state.history) >= MAX_MOVES_PER_DEAL:
                fail(_("the deal did not end within {n} moves", n=MAX_MOVES_PER_DEAL), 3)
            movers = state.to_move()
            if not movers:
                fail(_("{game}: the deal is not over but no seat is to move (a game bug)",
                       game=state.game.id), 3)
            if self.seat in movers and not self.auto:
                self.flush_log(state)
                self.human_turn(state)
            else:
                bot_seat = next((s for s in movers if s != self.seat), movers[0])
                self.bot_turn(state, bot_seat)
            if self.match.state is state:
                self.flush_log(state)
        fail(_("the match did not end"), 3)

    # --- turns ---------------------------------------------------------------------------

    def bot_rng(self, state: State, seat: int) -> random.Random:
        deal = len(self.match.deals) - (1 if state in self.match.deals else 0)
        return session.bot_rng(self.seed, deal, len(state.history), seat)

    def bot_turn(self, state: State, seat: int) -> None:
        legal = state.legal_moves(seat)
        if not legal:
            fail(_("{game}: seat {seat} is to move but has no legal move (a game bug)",
                   game=state.game.id, seat=seat + 1), 3)
        rng = self.bot_rng(state, seat)
        move = bot_move(self.bots[seat], state, seat, rng)
        try:
            state.apply(move, seat)
        except IllegalMove as e:
            self.console.print(Text(_("bot {name} chose an illegal move ({error}); it plays a random "
                                      "legal move instead", name=self.labels[seat], error=e),
                                    style="red"))
            state.apply(legal[rng.randrange(len(legal))], seat)

    def human_turn(self, state: State) -> None:
        seat = self.seat
        view = state.view(seat)
        legal = state.legal_moves(seat)
        if not legal:
            fail(_("{game}: seat {seat} is to move but has no legal move (a game bug)",
                   game=state.game.id, seat=seat + 1), 3)
        texts = [state.move_text(m) for m in legal]
        several = len(state.to_move()) > 1
        moves_title = (_("Your legal moves (the other seats decide at the same time):") if several
                       else _("Your legal moves:"))

        hand = own_hand(view)
        drawn = drawn_cards(self.last_hand, hand)   # new since the person last saw the table
        self.last_hand = hand

        def table() -> None:
            layout = table_layout(view, texts, self.names, drawn)
            self.console.print(table_screen(layout, moves_title=moves_title))

        self.console.print()
        table()
        line = self.hint_text(state, view, legal) if self.hints else None
        if line:
            self.console.print(Text(_("hint: {hint}", hint=line), style="italic green"))
        while True:
            line = self.read_line(_("Your move (number or text, ? for help):"))
            if line is None:
                raise Quit(_("End of input"))
            command = line.strip()
            low = command.lower()
            if not command:
                continue
            if low in ("q", "quit", "exit"):
                self.confirm_quit()
                continue
            words = low.split()
            if len(words) == 2 and words[0] in ("hint", "hints", "?hint") and words[1] in ("on", "off"):
                self.hints = words[1] == "on"
                self.console.print(Text(_("Hints every turn: on (hint off: only when you ask).") if self.hints
                                        else _("Hints only when you ask (hint on: every turn)."),
                                        style="italic green"))
                continue
            if words and words[0] == "save":
                self.save_command(command.split(None, 1)[1].strip() if len(words) > 1 else None)
                continue
            if low in ("details", "detail"):
                self.show_details()
                continue
            if low in ("?", "h", "help"):
                self.console.print(_(HELP_TEXT), markup=False)
                continue
            if low in ("?rules", "rules", "?glossary", "glossary"):
                self.show_help(state.game.id, "glossary" if "glossary" in low else "rules")
                continue
            if low in ("t", "table", "v", "view"):
                table()
                continue
            if low == "arrange" and game_parts(state.game.id).assist is not None:
                from .arrange import arrange_prompt  # the helper of a game that arranges rows (十三张)
                chosen = arrange_prompt(self.console, self.read_line, view, texts)
                if chosen is not None and self.try_move(state, chosen, legal, view):
                    return
                continue
            if low in ("m", "moves", "l", "list"):
                self.console.print(moves_list(texts, limit=len(texts), game=state.game.id))
                continue
            if low in ("hint", "?hint"):
                self.console.print(Text(_("hint: {hint}", hint=self.hint_text(state, view, legal)
                                          or _("no hint for this position")), style="italic green"))
                continue
            if low in ("u", "undo"):
                if self.undo():
                    return
                continue
            if self.try_move(state, command, legal, view):
                return

    def readable(self, text: str) -> str:
        """A text of the engine as the person reads it: no spec references unless --verbose."""
        return text if self.verbose else strip_refs(text, self.names)

    def confirm_quit(self) -> None:
        """``q``: leave once the person says yes (end of input leaves too)."""
        if self.save is not None:
            self.console.print(Text(_("The match is saved in {file}: resume it with "
                                      "cardtable play --load {file}", file=self.save), style="dim"))
        else:
            self.console.print(Text(_("The match is not saved: answer no, then type 'save FILE' "
                                      "to keep it."), style="dim"))
        answer = self.read_line(_("Leave the match? ({choices}):", choices=yes_no()))
        if answer is None:
            raise Quit(_("End of input"))
        if is_yes(answer):
            raise Quit(_("You left the match"))
        self.console.print(Text(_("The match goes on."), style="yellow"))

    def save_command(self, name: str | None) -> None:
        """``save FILE``: write the match there now; it is the save file from then on."""
        if not name:
            if self.save is None:
                self.error(_("name the file to save to, e.g. 'save match.json'"))
                return
            path = self.save
        else:
            path = Path(name).expanduser()
        if self.write_save(path):
            self.save = path
            self.console.print(Text(_("Saved the match as a scenario file: {file} "
                                      "(resume with: cardtable play --load {file})", file=path),
                                    style="bold green"))
            self.console.print(Text(_("From now on it is saved there after every move."), style="dim"))

    def hint_text(self, state: State, view: dict[str, Any], legal: list[Move]) -> str | None:
        try:
            h = advice.hint(view, legal)
            if h is not None:
                canon = state.canonical_move(h.move)
                number = next((i for i, m in enumerate(legal, 1) if state.canonical_move(m) == canon), None)
                if number:
                    return _("{move}  — {reason}  [move {number}]",
                             move=move_words(state.game.id, state.move_text(h.move)),
                             reason=self.readable(h.reason), number=number)
                return _("{move}  — {reason}", move=move_words(state.game.id, state.move_text(h.move)),
                         reason=self.readable(h.reason))
            line = hint_for(view, legal)      # a game with only the older one-line hint
            return self.readable(line) if line else None
        except Exception:  # noqa: BLE001 - a hint must never end the match
            return None

    def show_help(self, game_id: str, what: str) -> None:
        """``?rules``: the game's how-to-play; ``?glossary``: its terms with the native words."""
        if what == "rules":
            self.console.print(Markdown(rules_help.rules_text(game_id, with_glossary=False)))
            return
        terms = rules_help.glossary(game_id)
        if not terms:
            self.console.print(_("No glossary for this game; see `cardtable rules {game}`.",
                                 game=game_id))
            return
        for term, native, meaning in terms:
            self.console.print(Text.assemble((term, "bold"), f" ({native})" if native else "", f": {meaning}"))

    def undo(self) -> bool:
        """Take back the person's last move and the bots' replies; True if the table changed.
        Never past a move that showed the person something hidden (``session.reveal_floor``)."""
        if self.auto:
            self.error(_("undo is for a person playing against bots (not with --auto)"))
            return False
        everything = session.kept_moves(self.match)
        kept = session.take_back(everything, self.seat, session.reveal_floor(self.match, self.seat))
        if kept is None:
            if session.take_back(everything, self.seat) is None:
                self.error(_("there is no move of yours to take back yet"))
            else:
                self.error(_("your last move cannot be taken back: since then you have seen what was "
                             "hidden (a card you drew, a hand laid open, the others' choices, the end of "
                             "a deal)"))
            return False
        old = self.match
        m = session.rebuild(old.game, old.players, old.options, self.seed, kept)
        self.match = m
        taken = sum(len(h) for h in session.kept_moves(old)) - sum(len(h) for h in kept)
        self.console.print(Text(ngettext("Took back your last move and what followed ({n} move).",
                                         "Took back your last move and what followed ({n} moves).",
                                         taken), style="bold yellow"))
        self.shown_deal = len(m.deals) + 1
        self.shown_log = len(m.state.history)
        self.last_hand = None       # nothing is "just drawn" on the table after an undo
        return True

    def parse_choice(self, state: State, command: str, legal: list[Move]) -> Move | None:
        """The person's text as a legal move; None after saying what is wrong."""
        if command.isdigit():
            k = int(command)
            if not 1 <= k <= len(legal):
                self.error(_("there is no move number {k}; choose 1–{last} or type the move text",
                             k=k, last=len(legal)))
                return None
            return legal[k - 1]
        prefix, text = split_seat_prefix(command)
        if prefix is not None and prefix != self.seat:
            # the prefix is the notation's seat (from 0); the message counts from 1 as people do
            self.error(_("the move names seat {named} but seat {seat} plays it (you are seat {seat})",
                         named=prefix + 1, seat=self.seat + 1))
            return None
        try:
            move = state.canonical_move(state.parse_move(text, self.seat))
            why = state.why_illegal(self.seat, move)
        except CardtableError as e:
            self.error(self.refusal(e), legal, state)
            return None
        except Exception as e:  # noqa: BLE001 - a parser tripping over odd text must not end the match
            self.error(_("could not read {text!r}: {error}", text=command, error=e), legal, state)
            return None
        if why is not None:
            self.error(self.refusal(IllegalMove(state.move_text(move), why)), legal, state)
            return None
        return move

    def refusal(self, e: CardtableError) -> str:
        """Why the person's move was refused: their own seat is not named (it is theirs), and
        spec references are left out unless --verbose."""
        if isinstance(e, IllegalMove) and e.seat is not None:
            e = IllegalMove(e.move, e.why)
        return self.readable(str(e))

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
            self.console.print(Text(_("Careful: {warning}", warning=self.readable(warning)), style="bold yellow"))
            answer = self.read_line(_("Send '{move}' anyway? ({choices}):", move=state.move_text(move),
                                      choices=yes_no()))
            if answer is None:
                raise Quit(_("End of input"))
            if not is_yes(answer):
                self.console.print(Text(_("Not sent; choose again."), style="yellow"))
                return False
        try:
            state.apply(move, self.seat)
        except CardtableError as e:
            self.error(self.refusal(e), legal, state)
            return False
        return True

    def error(self, message: str, legal: list[Move] | None = None, state: State | None = None) -> None:
        self.console.print(Text(_("{message} — try again (? for help)", message=message),
                                style="bold red"))
        if legal and state is not None:
            some = ", ".join(state.move_text(m) for m in legal[:6])
            if len(legal) > 6:
                text = ngettext("Valid now: {commands}; moves: {some} … ({n} in all, m lists them)",
                                "Valid now: {commands}; moves: {some} … ({n} in all, m lists them)",
                                len(legal), commands=_(COMMANDS_TEXT), some=some)
            else:
                text = _("Valid now: {commands}; moves: {some}", commands=_(COMMANDS_TEXT), some=some)
            self.console.print(Text(text, style="dim"))

    def read_line(self, prompt: str) -> str | None:
        self.console.print(Text(prompt + " ", style="bold"), end="")
        self.console.file.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            raise Quit(_("Interrupted")) from None
        except (UnicodeDecodeError, OSError) as e:
            self.console.print()
            self.error(_("could not read that line ({error})", error=e))
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
            self.console.print(log_line(entry, self.labels, state.game.id))
        self.shown_log = len(log)

    def show_deal_result(self, state: State) -> None:
        view = state.view(self.seat)
        number = len(self.match.deals)
        self.console.print()
        self.console.print(table_screen(table_layout(view, [], self.names)))
        summary = score_summary(state.game.id, view, self.names, self.verbose, state.winners())
        title = _("Deal {number}: scores", number=number)
        self.last_result = (title, summary)
        goes_on = (not self.auto and self.match.end is None
                   and (self.max_deals is None or len(self.match.deals) < self.max_deals))
        if goes_on and not self.verbose and score_line_count(summary) > COMPACT_AFTER:
            # a long settlement (十三张's showdown) as a grid; 'details' shows every line
            self.console.print(score_grid(summary, view.get("items") or [], title))
            self.console.print(Text(_("Type 'details' at your next move for every score line."), style="dim"))
        else:
            self.console.print(score_screen(summary, title))
        if self.verbose:
            self.console.print(items_table(view.get("items", []), self.match.players,
                                           _("Deal {number}: score items", number=number), self.labels))
        self.console.print(totals_table(self.match.deal_totals,
                                        _("Match totals after deal {number}", number=number),
                                        self.labels))

    def show_details(self) -> None:
        """``details``: every score line of the last deal that ended."""
        if self.last_result is None:
            self.error(_("no deal has ended yet; 'details' shows the score lines of the last one"))
            return
        title, summary = self.last_result
        self.console.print(score_screen(summary, title))

    def show_match_end(self) -> None:
        end = self.match.end
        assert end is not None
        self.console.rule(_("End of the match"))
        if end.items:
            self.console.print(items_table([it.to_json() for it in end.items], self.match.players,
                                           _("End-of-match items"), self.labels))
        self.console.print(totals_table(self.match.totals, _("Final totals"), self.labels, end.winners))
        if not end.winners:
            text = _("Winner: nobody")
        else:
            text = _("Winner: {who}", who=", ".join(self.labels[s] for s in end.winners))
        self.console.print(Text(text, style="bold green"))


def match_scenario(match: Match) -> dict[str, Any]:
    """The match so far as a scenario file (``deals`` form) that ``cardtable replay`` reads."""
    data = session.save_data(match, {})
    del data["play"]
    return data


def play_command(
    game: Annotated[str | None, typer.Argument(help=N_("Game id (see 'cardtable games')."))] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help=N_("Number of players."))] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help=N_("Your seat (0-based)."))] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help=N_("Bot names, comma-separated: one for all, one per other seat, "
                                "or one per seat. Default: the game's best bot."))] = None,
    seed: Annotated[int | None, typer.Option(help=N_("Seed of the shuffles (printed when omitted)."))] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help=N_("A named rule preset."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help=N_("Rule override KEY=VALUE (repeatable)."))] = None,
    deals: Annotated[int | None, typer.Option(help=N_("Stop after this many deals."))] = None,
    match: Annotated[bool, typer.Option("--match", help=N_("Play to the end of the match (default)."))] = False,
    auto: Annotated[bool, typer.Option("--auto", help=N_("A bot plays your seat too (demo)."))] = False,
    save: Annotated[Path | None, typer.Option(help=N_(
        "Save the match as a scenario file, after every move (resume it with --load)."))] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help=N_(
        "Show the rule labels of the scores and the spec references (rule numbers) of messages."))] = False,
    hints: Annotated[bool, typer.Option("--hints/--no-hints", help=N_(
        "A hint every turn. Default: no hint until you ask ('hint' at the prompt; 'hint on' or "
        "'hint off' switches)."))] = False,
    load: Annotated[Path | None, typer.Option(
        "--load", help=N_("Resume a match saved with --save (seed, seat, bots and rules come from "
                          "the file; it is saved back there unless --save names another file)."))] = None,
) -> None:
    """Play a whole match against bots; moves are read from stdin, one per line."""
    console = out_console()
    if load is not None:
        raise typer.Exit(resume(console, load, game, save, [players, seat, bots, seed, preset, rule, deals],
                                verbose, hints))
    if game is None:
        fail(_("name the game to play (e.g. 'cardtable play gin'), or resume one with --load FILE"))
    g = load_game(game)
    options = make_options(g, preset, rule)
    n = check_players(g, players)
    seat = 0 if seat is None else seat
    if not 0 <= seat < n:
        fail(_("--seat must be 0–{last} at a {n}-player table, not {seat}", last=n - 1, n=n, seat=seat))
    if deals is not None and match:
        fail(_("give either --deals N or --match, not both"))
    if deals is not None and deals < 1:
        fail(_("--deals must be at least 1, not {value}", value=deals))
    names = bot_list(g.id, bots, n, fixed=seat)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        m = Match(g, n, options, seed=seed)
    except CardtableError as e:
        fail(str(e))
    about = ngettext("{n} player, seed {seed}", "{n} players, seed {seed}", n, seed=seed)
    if preset:
        about = _("{about}, preset {preset}", about=about, preset=preset)
    if options.diff():
        about = _("{about}, rules {rules}", about=about, rules=options.diff())
    console.print(Text.assemble((game_heading(g), "bold"), f" — {about}"))
    session_ = PlaySession(console, m, seat, [make_checked_bot(g.id, b) for b in names], names,
                           seed, auto=auto, max_deals=deals, save=save, verbose=verbose, hints=hints)
    console.print(_("You sit at seat {number} of {n} (--seat {seat}). Type ? for help.",
                    number=seat + 1, n=n, seat=seat))
    raise typer.Exit(session_.run())


def resume(console: Console, file: Path, game: str | None, save: Path | None,
           others: list[Any], verbose: bool = False, hints: bool = False) -> int:
    """``play --load FILE``: rebuild the saved match and go on from where it stopped."""
    if any(x not in (None, []) for x in others):
        fail(_("--load takes the seed, seat, bots, rules and deals from the file; "
               "give only --save (and --load) with it"))
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        fail(_("cannot read {file}: {error}", file=file, error=e))
    except json.JSONDecodeError as e:
        fail(_("{file} is not valid JSON: {error}", file=file, error=e))
    if not isinstance(data, dict):
        fail(_("{file} is not a saved match (a JSON object)", file=file))
    if game is not None:
        g0 = load_game(game)
        if g0.id != data.get("game"):
            fail(_("{file} holds a {game!r} match, not {asked!r}", file=file, game=data.get("game"),
                   asked=g0.id))
    g = load_game(str(data.get("game")))
    try:
        m, play = session.load_data(data)
    except CardtableError as e:
        fail(_("{file}: {error}", file=file, error=e))
    n = m.players
    seat = play.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < n:
        fail(_("{file}: play.seat must be a seat 0–{last}", file=file, last=n - 1))
    names = play.get("bots")
    if not isinstance(names, list) or len(names) != n or not all(isinstance(b, str) for b in names):
        names = bot_list(g.id, None, n, fixed=seat)
    bots = [make_checked_bot(g.id, b) for b in names]
    deals = play.get("deals")
    deals = deals if isinstance(deals, int) and deals >= 1 else None
    s = PlaySession(console, m, seat, bots, names, int(play["seed"]), auto=bool(play.get("auto")),
                    max_deals=deals, save=save if save is not None else file, verbose=verbose, hints=hints)
    played = len(m.state.history)
    number = len(m.deals) + (0 if m.state in m.deals else 1)
    about = ngettext("resumed from {file}: deal {deal}, {n} move played in it, seed {seed}",
                     "resumed from {file}: deal {deal}, {n} moves played in it, seed {seed}",
                     played, file=file, deal=number, seed=play["seed"])
    console.print(Text.assemble((game_heading(g), "bold"), f" — {about}"))
    console.print(_("You sit at seat {number} of {n} (--seat {seat}). Type ? for help.",
                    number=seat + 1, n=n, seat=seat))
    # the moves already played are not printed again: start the log where the file stops
    s.shown_deal = number
    s.shown_log = len(m.state.history)
    s.console.rule(_("Deal {number}", number=number))
    return s.run()




def register(app: typer.Typer) -> None:
    command(app, "play", play_command, PLAY_HELP)


PLAY_HELP = N_("Play a whole match against bots; moves are read from stdin, one per line.")
