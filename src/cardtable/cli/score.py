"""``cardtable score GAME``: the scorekeeper for a table playing with real cards (issue 30).

After each deal, enter what the table sees at its end — the game's entry fields
(docs/scorekeeper.md), asked one by one, or one JSON entry per line — and see the deal's score
itemised in words, the running totals and, at the game's target or number of deals, the
match's end with its bonuses.  ``--sheet FILE`` keeps the sheet in a file (the same format the
scorekeeper page exports), so an evening can be continued, corrected or exported later.

Seats are counted from 1 in everything typed and printed; the sheet's entries keep the
engine's seats, from 0, as every JSON of the project does.  A bad entry is refused with the
field and the seat named and changes nothing.  Lines come from stdin, so a session can be
scripted.

Exit status: 0; 2 an unknown game, a bad option or a sheet that cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..errors import BadEntry, CardtableError
from ..i18n import N_, _, pgettext
from ..parts.tally import fields_json
from ..scoresheet import Sheet, SheetError
from .common import command, fail, game_heading, load_game, out_console, parse_rules

HELP_TEXT = N_("""At the prompt:
  Enter (or n)   enter the next deal, field by field
  a JSON line    a whole deal's entry as one line of JSON (docs/scorekeeper.md)
  u, undo        remove the last deal
  f N, fix N     correct deal N (its fields asked again)
  s, sheet       the sheet: every deal and the totals
  d N            deal N's score, itemised
  csv            the sheet as CSV
  ?, help        this help          q, quit    leave (the --sheet file is already saved)
While a field is asked: Enter leaves an optional field blank; '-' cancels the deal.""")


class Cancel(Exception):
    """The person cancelled the deal being entered."""


def score_command(
    game: Annotated[str | None, typer.Argument(help=N_("Game id (see 'cardtable games'); omit with --sheet."))] = None,
    players: Annotated[int | None, typer.Option(help=N_("Number of players (default: the game's)."))] = None,
    preset: Annotated[str | None, typer.Option(help=N_("The table's rules: a preset of the game."))] = None,
    rule: Annotated[list[str] | None, typer.Option(
        "--rule", metavar="KEY=VALUE",
        help=N_("An option of the game (repeatable), e.g. --rule game_target=250."))] = None,
    name: Annotated[list[str] | None, typer.Option(
        "--name", help=N_("A player's name, in seat order (repeatable)."))] = None,
    sheet_file: Annotated[Path | None, typer.Option(
        "--sheet", metavar="FILE",
        help=N_("Keep the sheet in FILE (read it if it exists; saved after every change)."))] = None,
    entry: Annotated[list[str] | None, typer.Option(
        "--entry", metavar="JSON",
        help=N_("Add a deal from its JSON entry and print the sheet (repeatable)."))] = None,
    fields: Annotated[bool, typer.Option(
        "--fields", help=N_("Print the entry's fields for this table and stop."))] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=N_("Print the sheet as CSV and stop."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_(
        "Print the scored sheet as JSON (deals, lines, totals, end) and stop."))] = False,
) -> None:
    """Keep the score of a game played with real cards."""
    console = out_console()
    sheet = _open(game, players, preset, rule, name, sheet_file)
    if fields:
        print(json.dumps(fields_json(sheet.tally, sheet.players, sheet.options), ensure_ascii=False, indent=1))
        raise typer.Exit(0)
    keeper = Keeper(console, sheet, sheet_file, quiet=as_csv or as_json)
    for text in entry or []:
        if not keeper.add_json(text):
            raise typer.Exit(1)
    if as_csv:
        print(sheet.to_csv(), end="")
    elif as_json:
        print(json.dumps(sheet.result(), ensure_ascii=False))
    elif entry:
        keeper.show_sheet()
    else:
        keeper.run()
    raise typer.Exit(0)


def _open(game: str | None, players: int | None, preset: str | None, rule: list[str] | None,
          names: list[str] | None, path: Path | None) -> Sheet:
    if path is not None and path.exists():
        if players is not None or preset is not None or rule or names:
            fail(_("{file} holds a sheet with its players and rules; give only --sheet to go on with it",
                   file=str(path)))
        try:
            sheet = Sheet.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as e:
            fail(_("cannot read the sheet {file}: {why}", file=str(path), why=str(e)))
        if game is not None and load_game(game).id != sheet.game_id:
            fail(_("{file} is a sheet of {game}, not {other}", file=str(path), game=sheet.game_id, other=game))
        return sheet
    if game is None:
        fail(_("name the game, e.g. 'cardtable score gin' (or give an existing --sheet FILE)"))
    g = load_game(game)
    try:
        return Sheet(g.id, players if players is not None else g.default_players, list(names or []), preset,
                     parse_rules(rule))
    except CardtableError as e:
        fail(str(e))


class Keeper:
    def __init__(self, console: Console, sheet: Sheet, path: Path | None, quiet: bool = False) -> None:
        self.quiet = quiet          # --csv, --json: only the errors besides what they print
        self.console = console
        self.sheet = sheet
        self.path = path

    # --- input -----------------------------------------------------------------------------

    def ask(self, prompt: str) -> str | None:
        self.console.print(Text(prompt, style="bold"), end="")
        line = sys.stdin.readline()
        if not line:
            return None
        return line.strip()

    def run(self) -> None:
        g = load_game(self.sheet.game_id)
        self.console.print(Text(_("Score sheet: {game}, {players}", game=game_heading(g),
                                  players=", ".join(f"{n} ({i + 1})" for i, n in enumerate(self.sheet.names))),
                                style="bold"))
        self.console.print(Text(_(HELP_TEXT), style="dim"))
        if self.sheet.deals_entered:
            self.show_sheet()
        while True:
            done = len(self.sheet.deals_entered)
            line = self.ask(_("deal {n}> ", n=done + 1) if not self.sheet.over else _("match over> "))
            if line is None or line in ("q", "quit"):
                return
            try:
                self.command(line)
            except Cancel:
                self.console.print(Text(_("cancelled: nothing changed"), style="yellow"))

    def command(self, line: str) -> None:
        word, _sep, rest = line.partition(" ")
        if line in ("", "n"):
            if self.sheet.over:
                self.console.print(Text(_("the match is over; start a new sheet"), style="yellow"))
                return
            self.enter(None)
        elif line.startswith("{"):
            self.add_json(line)
        elif line in ("u", "undo"):
            try:
                self.sheet.undo()
            except SheetError as e:
                self.error(str(e))
                return
            self.save()
            self.console.print(Text(_("deal {n} removed", n=len(self.sheet.deals_entered) + 1)))
            self.show_totals()
        elif word in ("f", "fix"):
            index = self.deal_number(rest)
            if index is not None:
                self.enter(index)
        elif word == "d":
            index = self.deal_number(rest)
            if index is not None:
                self.show_deal(index)
        elif line in ("s", "sheet"):
            self.show_sheet()
        elif line == "csv":
            print(self.sheet.to_csv(), end="")
        elif line in ("?", "help"):
            self.console.print(Text(_(HELP_TEXT)))
        else:
            self.error(_("unknown command {line}; type ? for help", line=repr(line)))

    def deal_number(self, text: str) -> int | None:
        n = len(self.sheet.deals_entered)
        if not text.strip().isdigit() or not 1 <= int(text) <= n:
            self.error(_("give a deal's number from 1 to {n}", n=n) if n else _("no deal has been entered yet"))
            return None
        return int(text) - 1

    def error(self, message: str) -> None:
        self.console.print(Text.assemble((_("Error:"), "bold red"), " ", message))

    def add_json(self, text: str) -> bool:
        try:
            value = json.loads(text)
        except ValueError as e:
            self.error(_("the entry is not valid JSON: {why}", why=str(e)))
            return False
        return self.keep(None, value)

    def keep(self, index: int | None, entry: Any) -> bool:
        """Add (``index`` None) or correct a deal; print its score or the error."""
        try:
            if index is None:
                self.sheet.add(entry)
                index = len(self.sheet.deals_entered) - 1
            else:
                self.sheet.replace(index, entry)
        except (BadEntry, SheetError) as e:
            self.error(str(e))
            return False
        self.save()
        if not self.quiet:
            self.show_deal(index)
            self.show_totals()
        return True

    def enter(self, index: int | None) -> None:
        """Ask every field of the table's entry; keep the deal (or correct deal ``index``)."""
        entry: dict[str, Any] = {}
        for f in fields_json(self.sheet.tally, self.sheet.players, self.sheet.options):
            value = self.field(f)
            if value is not None:
                entry[f["key"]] = value
        self.keep(index, entry)

    def field(self, f: dict[str, Any]) -> Any:
        if f["per_seat"]:
            values = [self.one(f, seat) for seat in range(self.sheet.players)]
            return values if any(v is not None for v in values) else None
        return self.one(f, None)

    def one(self, f: dict[str, Any], seat: int | None) -> Any:
        label = f["label"] + (f", {self.sheet.names[seat]} ({seat + 1})" if seat is not None else "")
        hint = self.hint(f)
        while True:
            if f.get("help"):
                self.console.print(Text("  " + f["help"], style="dim"))
            text = self.ask(f"{label}{hint}: ")
            if text is None or text == "-":
                raise Cancel
            if text == "":
                if not f.get("optional") and f["kind"] not in ("flag",) and seat is None:
                    self.console.print(Text(_("(left blank)"), style="dim"))
                return None
            try:
                return self.value(f, text)
            except ValueError as e:
                self.error(str(e))

    def hint(self, f: dict[str, Any]) -> str:
        kind = f["kind"]
        if kind in ("choice",):
            return " [" + " | ".join(f"{c['value']}={c['label']}" for c in f["choices"]) + "]"
        if kind == "flag":
            return " [y/n]"
        if kind == "seat":
            return " [" + _("1 to {n}", n=self.sheet.players) + "]"
        if kind == "order":
            return " [" + _("seats from 1, first first") + "]"
        if kind == "melds":
            return " [" + _("groups split by |") + "]"
        if kind == "rows":
            return " [" + _("front | middle | back") + "]"
        if kind == "count" and f.get("min") is not None:
            return f" [{f['min']}–{f['max']}]" if f.get("max") is not None else ""
        if kind == "penalty":
            return " [" + _("RULE SEAT …, split by ;") + "]"
        return ""

    def seat_of(self, text: str) -> int:
        if not text.strip().isdigit() or not 1 <= int(text) <= self.sheet.players:
            raise ValueError(_("a seat is a number from 1 to {n}, not {text}", n=self.sheet.players, text=repr(text)))
        return int(text) - 1

    def value(self, f: dict[str, Any], text: str) -> Any:
        """The entry's value of a typed answer (seats from 1 become the engine's from 0); the
        cards are read by the game's tally, which names what is wrong with them."""
        kind = f["kind"]
        if kind in ("cards", "card"):
            return text
        if kind == "melds":
            return [g.strip() for g in text.split("|") if g.strip()]
        if kind == "rows":
            rows = [g.strip() for g in text.split("|")]
            if len(rows) != 3:
                raise ValueError(_("three rows, split by |: front | middle | back"))
            return rows
        if kind == "count":
            try:
                return int(text)
            except ValueError:
                raise ValueError(_("a whole number, not {text}", text=repr(text))) from None
        if kind == "choice":
            values = [c["value"] for c in f["choices"]]
            if text not in values:
                raise ValueError(_("one of {values}", values=", ".join(values)))
            return text
        if kind == "flag":
            if text.lower() not in ("y", "n", "yes", "no"):
                raise ValueError(_("y or n"))
            return text.lower().startswith("y")
        if kind == "seat":
            return self.seat_of(text)
        if kind == "order":
            return [self.seat_of(t) for t in text.replace(",", " ").split()]
        if kind == "penalty":
            return [self.penalty(f, part.split()) for part in text.split(";") if part.strip()]
        if kind == "rounds":
            return json.loads(text)
        raise ValueError(kind)

    def penalty(self, f: dict[str, Any], words: list[str]) -> dict[str, Any]:
        rules = {c["value"]: c["value"] for c in f["choices"]} | {c.get("rule", ""): c["value"] for c in f["choices"]}
        if len(words) < 2 or words[0] not in rules:
            raise ValueError(_("a penalty is RULE SEAT [AGAINST]; the rules: {rules}",
                               rules=", ".join(c["value"] for c in f["choices"])))
        event: dict[str, Any] = {"rule": rules[words[0]], "seat": self.seat_of(words[1])}
        if len(words) > 2:
            event["against"] = self.seat_of(words[2])
        return event

    # --- output ----------------------------------------------------------------------------

    def save(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(self.sheet.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        tmp.replace(self.path)

    def show_deal(self, index: int) -> None:
        lines = self.sheet.lines(self.sheet.deal_items(index))
        scores = self.sheet.deal_scores()[index]
        table = Table(title=_("Deal {n}", n=index + 1), title_justify="left", show_header=False)
        table.add_column()
        table.add_column(justify="right")
        for seat, seat_lines in enumerate(lines):
            table.add_row(Text(f"{self.sheet.names[seat]} ({seat + 1})", style="bold"), f"{scores[seat]:+d}")
            for line in seat_lines:
                table.add_row(Text("  " + line["text"]), f"{line['points']:+d}")
        self.console.print(table)

    def show_totals(self) -> None:
        totals = self.sheet.totals()
        end = self.sheet.end
        self.console.print(Text(pgettext("score sheet", "Totals: ") + ", ".join(
            f"{n} {t}" for n, t in zip(self.sheet.names, totals, strict=True))))
        if end is not None:
            for seat, seat_lines in enumerate(self.sheet.lines(end.items)):
                for line in seat_lines:
                    self.console.print(Text(f"  {self.sheet.names[seat]}: {line['text']} {line['points']:+d}"))
            winners = " & ".join(self.sheet.names[s] for s in end.winners) or _("nobody")
            self.console.print(Text(_("The match is over: {winners} won.", winners=winners), style="bold green"))

    def show_sheet(self) -> None:
        table = Table(title=_("Score sheet"), title_justify="left")
        table.add_column(pgettext("score sheet", "deal"), justify="right")
        for n in self.sheet.names:
            table.add_column(n, justify="right")
        for i, (scores, run) in enumerate(zip(self.sheet.deal_scores(), self.sheet.running(), strict=True)):
            table.add_row(str(i + 1), *[f"{s:+d} → {r}" for s, r in zip(scores, run, strict=True)])
        self.console.print(table)
        self.show_totals()


def register(app: typer.Typer) -> None:
    command(app, "score", score_command, N_("Keep the score of a game played with real cards: each deal's "
                                           "end entered, scored as the engine scores it."))
