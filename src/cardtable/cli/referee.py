"""``cardtable referee gin``: a scorekeeper for a physical gin table (gin.md A.14).

The session keeps a match in table mode (``table_mode=true``): enter the deal (``--deal FILE``,
a deal object or a scenario file with ``deal``) or start from a shuffle (``--seed``), then type
what happens at the table, one line at a time — moves (``draw``, ``discard K♠``, ``knock 4♠``),
reports from any seat (``2: report R6 7♦``), answers (``choose continue``) — and see each
ruling and the running score.  Lines come from stdin, so a session can be scripted.

Seats are counted from 1 as people count, in everything the session prints and in what a
person types (``2: report R6 7♦`` is the second seat, ``show 2 …`` in physical mode); the engine,
its rulings' data, the saved scenario file and ``--dealer`` keep the engine's seats, from 0.
The conversions both ways, and the handling of a typed line that prints nothing (the typed
line as the engine's, a physical line applied to the record with its rulings), are
``cardtable.parts.refereesession``'s, which the browser's referee page shares; this module
prints.
"""

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..errors import CardtableError
from ..game import State
from ..i18n import N_, _, ngettext, pgettext
from ..match import Match
from ..parts.referee import PhysicalRecord, Referee
from ..parts.refereesession import BadLine, PhysicalLines, Refused
from ..parts.refereesession import engine_line as _engine_line
from ..parts.refereesession import entry_from_1 as _entry_from_1
from ..parts.refereesession import from_1 as _from_1
from ..parts.refereesession import items_shown as _items_shown
from ..parts.refereesession import labels as _labels
from ..parts.refereesession import refusal as _refusal
from ..parts.refereesession import seat_from_1 as _seat_from_1
from ..parts.refereesession import seats_shown as _seats_shown
from ..parts.refereesession import to_move_text as _to_move
from ..registry import game_parts
from .common import command, fail, load_game, out_console, parse_rules
from .render import items_table, totals_table

HELP_TEXT = N_("""Type what happens at the table, one line at a time:
  a move of the seat to move      draw | take | pass | discard K♠ | knock 4♠ [A♠ 2♠ 3♠] … | gin 4♠
  a report (any seat, seat first) 1: report R6 7♦   (rules R1–R13; see 'reports')
  an answer to a ruling           choose new_deal | continue | open_hand | no_bonus
  the defender on a doubtful knock  accept
Commands:
  t, table     the whole table (both hands: the scorekeeper sees everything)
  m, moves     the legal moves of the seat to move
  r, reports   the reports possible now, and their notation
  rulings      every ruling of this deal      s, score   the running score
  next [FILE]  start the next deal (shuffled, or the deal in FILE)
  save FILE    write the match as a scenario file
  ?, help      this help                      q, quit    end the session""")

REPORT_FORMS = N_("""  report R1 a|b|c|d [dealing]   misdeal: a pack/faced card, b exposed, c wrong dealer, d count
  report R2                     wrong count after the first draw
  report R3                     defender's count wrong at a knock
  report R4 7♦ [hand]           a card of another pack in the stock (or in a hand)
  report R5                     premature stock draw by the seat not to move
  report R6 7♦                  the drawing player saw 7♦
  report R7 [7♦]                the seat not to move drew out of turn
  report R8 7♦ stock|hand|discard   an exposed card
  report R9 | R10 | R11         an illegal knock (before / after the defender spread; wrong count)
  report R12 4♠                 the knocker meant to discard 4♠
  report R13 5♣                 a wrong card taken from the discard pile""")


class Scorekeeper:
    def __init__(self, console: Console, match: Match, referee: Referee, save: Path | None = None) -> None:
        self.console = console
        self.match = match
        self.referee = referee
        self.save = save
        self.shown_log = 0
        self.shown_rulings: list[str] = []
        self.echo = not sys.stdin.isatty()

    @property
    def state(self) -> State:
        return self.match.state

    def run(self) -> int:
        self.show_table()
        self.console.print(Text(_("Type ? for help."), style="dim"))
        while True:
            line = self.read_line()
            if line is None:
                break
            text = line.strip()
            if not text:
                continue
            if not self.command(text):
                break
        self.console.print(totals_table(self.match.totals, _("Score"), _labels()))
        if self.save is not None:
            self.write(self.save)
        return 0

    def command(self, text: str) -> bool:
        """Run one line; False ends the session."""
        low = text.lower()
        word, _sep, arg = text.partition(" ")
        if low in ("q", "quit", "exit"):
            return False
        if low in ("?", "h", "help"):
            self.console.print(_(HELP_TEXT), markup=False)
        elif low in ("t", "table"):
            self.show_table()
        elif low in ("m", "moves"):
            self.show_moves()
        elif low in ("r", "reports"):
            self.show_reports()
        elif low == "rulings":
            self.show_rulings(all_of_them=True)
        elif low in ("s", "score"):
            self.show_score()
        elif word.lower() == "next":
            self.next_deal(arg.strip() or None)
        elif word.lower() == "save":
            if arg.strip():
                self.write(Path(arg.strip()))
            else:
                self.error(_("'save' needs a file name: 'save FILE'"))
        else:
            self.move(text)
        return True

    def move(self, text: str) -> None:
        st = self.state
        finished = st in self.match.deals
        if st.is_over and "report" not in text.lower():
            self.error(_("this deal is over: 'next' starts the next one (reports are still taken)"))
            return
        line = _engine_line(text, st)
        if isinstance(line, Refused):
            self.error(line.why)
            return
        try:
            st.apply(line)
        except CardtableError as e:
            self.error(_refusal(e, text, line))
            return
        except Exception as e:  # odd text must not end the session
            self.error(_("could not read {text!r}: {error}", text=text, error=e))
            return
        self.flush()
        if finished:        # a late report (R4, R12) on a scored deal: score it again
            self.match.end = self.match.game.match_end(self.match)
            self.deal_over()
        elif st.is_over:
            self.deal_over()
        else:
            self.prompt_next()

    def flush(self) -> None:
        st = self.state
        log = st.view(None)["log"]
        for entry in log[self.shown_log:]:
            self.console.print(Text("  " + _entry_from_1(entry), style="cyan"))
        self.shown_log = len(log)
        self.show_rulings()

    def show_rulings(self, all_of_them: bool = False) -> None:
        """New rulings, and rulings whose choice has just been made (or all of them)."""
        rulings = self.referee.rulings(self.state)
        for i, r in enumerate(rulings):
            text = r.sentence()
            if all_of_them or i >= len(self.shown_rulings) or self.shown_rulings[i] != text:
                self.console.print(_ruling(r.label, _from_1(text)), soft_wrap=True)
        if all_of_them and not rulings:
            self.console.print("  " + _("no rulings in this deal"))
        self.shown_rulings = [r.sentence() for r in rulings]

    def prompt_next(self) -> None:
        st = self.state
        movers = st.to_move()
        v = st.view(None)
        pending = v.get("referee", {}).get("pending")
        if pending:
            self.console.print(Text("  " + _("seat {seat} chooses: {choices}", seat=(pending["chooser"] or 0) + 1,
                                             choices=" | ".join(f"choose {o}" for o in pending["options"])),
                                    style="bold yellow"))
        elif movers:
            self.console.print(Text("  " + _to_move(movers[0], v.get("phase")), style="dim"))

    def deal_over(self) -> None:
        st = self.state
        number = len(self.match.deals) + (0 if st in self.match.deals else 1)
        self.console.print(items_table(_items_shown(st.score_items()), st.players,
                                       _("Deal {number}: score items", number=number), _labels()))
        end = self.match.finish_deal()
        self.console.print(totals_table(self.match.totals, _("Running score"), _labels(),
                                        end.winners if end else None))
        if end is not None:
            self.console.print(Text(_("The game is over; 'q' ends the session."), style="bold green"))
        else:
            self.console.print(Text(_("'next' deals the next hand (or 'next FILE' for a written deal)."),
                                    style="dim"))

    def next_deal(self, file: str | None) -> None:
        if not self.state.is_over:
            self.error(_("the current deal is not over"))
            return
        if self.match.over:
            self.error(_("the game is over"))
            return
        try:
            deal = _read_deal(Path(file)) if file else None
            self.match.next_deal(deal)
        except (CardtableError, OSError, ValueError) as e:
            self.error(str(e))
            return
        self.shown_log = 0
        self.shown_rulings = []
        self.show_table()

    def show_table(self) -> None:
        st = self.state
        v = st.view(None)
        number = len(self.match.deals) + (0 if st in self.match.deals else 1)
        self.console.rule(_("Deal {number}", number=number))
        self.console.print(ngettext(
            "dealer: seat {dealer}   phase: {phase}   to move: {to_move}   stock: {n} card",
            "dealer: seat {dealer}   phase: {phase}   to move: {to_move}   stock: {n} cards",
            v.get("stock") or 0, dealer=_seat_from_1(v.get("dealer")), phase=v.get("phase"),
            to_move=", ".join(_labels()[s] for s in v.get("to_move") or []) or "—"))
        for s in range(st.players):
            hand = st.view(s).get("hand", [])
            self.console.print(Text(_("seat {seat}: {cards}  ({n})", seat=s + 1, cards=" ".join(hand),
                                      n=len(hand))))
        self.console.print(Text(_("discard pile (top last): {cards}",
                                  cards=" ".join(v.get("discard", [])))))
        ref = v.get("referee", {})
        for key in ("knock", "exposed", "face_up", "no_knock", "correcting", "drawn_ahead",
                    "no_bonus", "other_backs_in_stock", "removed"):
            if key in ref:
                self.console.print(Text(f"{key}: {json.dumps(_seats_shown(key, ref[key]), ensure_ascii=False)}",
                                        style="magenta"))
        self.show_rulings(all_of_them=bool(getattr(st, "rulings", [])))
        if st.is_over:
            self.console.print(Text(_("this deal is over"), style="dim"))
        else:
            self.prompt_next()

    def show_moves(self) -> None:
        st = self.state
        movers = st.to_move()
        if not movers:
            self.console.print("  " + _("nobody is to move (the deal is over)"))
            return
        texts = [st.move_text(m) for m in st.legal_moves(movers[0])]
        self.console.print("  " + _("seat {seat}: {moves}", seat=movers[0] + 1, moves=" | ".join(texts)))

    def show_reports(self) -> None:
        st = self.state
        self.console.print(_(REPORT_FORMS), markup=False)
        for s in range(st.players):
            texts = self.referee.possible_reports(st, s)
            if texts:
                self.console.print("  " + _("possible now for seat {seat}: {reports}", seat=s + 1,
                                            reports=" | ".join(texts)))

    def show_score(self) -> None:
        self.console.print(totals_table(self.match.totals, _("Running score"), _labels()))

    def write(self, path: Path) -> None:
        states = list(self.match.deals)
        if self.match.state not in states:
            states.append(self.match.state)
        data = {"game": self.match.game.id, "players": self.match.players,
                "rules": self.match.options.diff(),
                "deals": [{"deal": s.deal.to_json(), "moves": s.moves_text()} for s in states]}
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        self.console.print(_("Saved the match as a scenario file: {file}", file=path))

    def error(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"))

    def read_line(self) -> str | None:
        self.console.print(Text("> ", style="bold"), end="")
        self.console.file.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            return None
        if line == "":
            self.console.print()
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.console.print(Text(line, style="dim"))
        return line


PHYSICAL_HELP = N_("""Physical mode: the record knows only the cards entered; the others stay unknown (?).
  upcard 7♦                       the upcard (first)
  hand 1 A♠ 2♠ …  /  show 2 7♦ …  cards seen in a hand (your own, a spread, a shown card)
  draw  |  draw 7♦                a stock draw (with the card, when you saw it)
  take | pass | discard K♠ | knock 4♠ [A♠ 2♠ 3♠] … | gin 4♠     moves, as at the table
  1: report R6 7♦ | choose … | accept | take 7♦                 the referee, as in table mode
A knock is scored from both spreads: enter the hands ('show SEAT …') before the knock.
Commands: t table | reports | rulings | s score | save FILE | ? help | q quit""")


class PhysicalSession:
    """One deal recorded at a real table (``--physical``): the game's referee part's
    ``physical`` record (gin's is ``games/gin/referee/physical.py``)."""

    def __init__(self, console: Console, record: PhysicalRecord, referee: Referee,
                 save: Path | None = None) -> None:
        self.console = console
        self.session = PhysicalLines(referee, record)
        self.record = record
        self.referee = referee
        self.save = save
        self.shown_rulings = 0
        self.echo = not sys.stdin.isatty()

    def run(self) -> int:
        self.console.print(_(PHYSICAL_HELP), markup=False)
        while True:
            line = Scorekeeper.read_line(self)  # type: ignore[arg-type]
            if line is None:
                break
            text = line.strip()
            low = text.lower()
            if not text:
                continue
            if low in ("q", "quit", "exit"):
                break
            if low in ("?", "h", "help"):
                self.console.print(_(PHYSICAL_HELP), markup=False)
            elif low in ("t", "table"):
                self.show_table()
            elif low in ("r", "reports"):
                self.console.print(_(REPORT_FORMS), markup=False)
            elif low == "rulings":
                self.show_rulings(0, say_none=True)
            elif low in ("s", "score"):
                self.show_score()
            elif low.startswith("save "):
                self.write(Path(text[5:].strip()))
            else:
                self.enter(text)
        self.console.print(totals_table(self.record.scores, _("Score"), _labels()))
        if self.save is not None:
            self.write(self.save)
        return 0

    def enter(self, text: str) -> None:
        try:
            entered = self.session.enter(text)
        except BadLine as e:
            self.console.print(Text(e.why, style="bold red"))
            return
        self.console.print(Text("  " + entered.said, style="cyan"))
        for r in entered.rulings:                 # the rulings this line gave
            self.console.print(_ruling(r.label, _from_1(r.sentence())), soft_wrap=True)
        self.shown_rulings = len(self.session.rulings)
        if self.record.is_over:
            self.show_score()
        else:
            movers = self.record.state.to_move()
            if movers:
                self.console.print(Text("  " + _to_move(movers[0], self.record.view().get("phase")),
                                        style="dim"))

    def show_rulings(self, start: int, say_none: bool = False) -> None:
        rulings = self.referee.rulings(self.record.state)
        for r in rulings[start:]:
            self.console.print(_ruling(r.label, _from_1(r.sentence())), soft_wrap=True)
        if say_none and not rulings:
            self.console.print("  " + _("no rulings in this deal"))
        self.shown_rulings = len(rulings)

    def show_table(self) -> None:
        v = self.record.view()
        self.console.print(ngettext("dealer: seat {dealer}   phase: {phase}   stock: {n} card",
                                    "dealer: seat {dealer}   phase: {phase}   stock: {n} cards",
                                    v.get("stock") or 0, dealer=_seat_from_1(v.get("dealer")),
                                    phase=v.get("phase")))
        for s in (0, 1):
            known = " ".join(v["hands_known"][s])
            unknown = v["hands_unknown"][s]
            self.console.print(ngettext("seat {seat}: {cards} + {n} unknown",
                                        "seat {seat}: {cards} + {n} unknown", unknown, seat=s + 1,
                                        cards=known) if unknown
                               else _("seat {seat}: {cards}", seat=s + 1, cards=known))
        self.console.print(_("discard pile (top last): {cards}", cards=" ".join(v.get("discard", []))))
        for key, value in v.get("referee", {}).items():
            if key != "rulings":
                self.console.print(Text(f"{key}: {json.dumps(_seats_shown(key, value), ensure_ascii=False)}",
                                        style="magenta"))

    def show_score(self) -> None:
        if self.record.is_over:
            self.console.print(items_table(_items_shown(self.record.score_items()), 2, _("Score items"),
                                           _labels()))
        self.console.print(totals_table(self.record.scores, _("Score"), _labels()))

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.record.to_json(), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        self.console.print(_("Saved the record as a scenario file: {file}", file=path))


def _ruling(label: str, sentence: str) -> Text:
    return Text.assemble(("  " + pgettext("referee", "ruling") + " ", "bold magenta"), (label, "bold"),
                         ": ", sentence)


def _read_deal(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and isinstance(data.get("deal"), dict):
        data = data["deal"]
    if not isinstance(data, dict) or "hands" not in data:
        raise ValueError(_("{file}: expected a deal object with 'hands' (or a scenario file with 'deal')",
                           file=path))
    return data


def referee_command(
    game: Annotated[str, typer.Argument(help=N_("The game: gin (the only game with a referee)."))],
    deal: Annotated[Path | None, typer.Option(
        "--deal", help=N_("The first deal: a JSON deal object or a scenario file with 'deal'."))] = None,
    seed: Annotated[int | None, typer.Option(help=N_("Shuffle seed (printed when omitted)."))] = None,
    dealer: Annotated[int | None, typer.Option(help=N_(
        "Who deals first: 0 (seat 1) or 1 (seat 2), the engine's seat numbers; default: by the cut."))] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help=N_("A named rule preset."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", "-r", help=N_("Rule override KEY=VALUE (repeatable)."))] = None,
    save: Annotated[Path | None, typer.Option(
        help=N_("Write the match as a scenario file at the end."))] = None,
    physical: Annotated[bool, typer.Option(
        "--physical", help=N_("Record one deal played with real cards: cards are entered as they "
                              "become known; the others stay unknown."))] = False,
) -> None:
    """Keep score at a physical gin table: record moves and irregularity reports, see rulings."""
    g = load_game(game)
    referee = game_parts(g.id).referee
    if referee is None:
        fail(_("the referee knows gin only, not {game!r}", game=game))
    if dealer is not None and dealer not in (0, 1):
        fail(_("--dealer must be 0 or 1, not {value}", value=dealer))
    if physical:
        try:
            record = referee.physical(1 if dealer is None else dealer,
                                      g.make_options(preset, parse_rules(rule)).diff())
        except CardtableError as e:
            fail(str(e))
        console = out_console()
        console.print(Text.assemble((_("Gin Rummy referee"), "bold"), " — ",
                                    _("physical cards, one deal, seat {seat} deals",
                                      seat=record.deal["dealer"] + 1)))
        raise typer.Exit(PhysicalSession(console, record, referee, save).run())
    try:
        options = g.make_options(preset, {**parse_rules(rule), **referee.table_rules})
    except CardtableError as e:
        fail(str(e))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    context = {"dealer": dealer} if dealer is not None else None
    try:
        first = _read_deal(deal) if deal is not None else None
        match = Match(g, 2, options, seed=seed, first_deal=first, context=context)
    except (CardtableError, OSError, ValueError) as e:
        fail(str(e))
    console = out_console()
    about = _("table mode, seed {seed}", seed=seed)
    if preset:
        about = _("{about}, preset {preset}", about=about, preset=preset)
    if options.diff():
        about = _("{about}, rules {rules}", about=about, rules=options.diff())
    console.print(Text.assemble((_("Gin Rummy referee"), "bold"), " — " + about))
    raise typer.Exit(Scorekeeper(console, match, referee, save).run())


def register(app: typer.Typer) -> None:
    command(app, "referee", referee_command, REFEREE_HELP)


REFEREE_HELP = N_("Keep score at a physical gin table: record moves and irregularity reports, "
                  "see rulings.")
