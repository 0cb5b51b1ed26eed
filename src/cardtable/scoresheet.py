"""A score sheet for a real table: a match scored deal by deal from described ends (issue 30).

People playing with real cards enter, after each deal, what they see at its end (the entry of
the game's :class:`~cardtable.parts.tally.Tally`, docs/scorekeeper.md); the sheet scores every
entry with the game's own scoring, keeps the running totals and ends the match where the
game's match rules end it (its target, its number of deals) with the same end-of-match items a
played match gets (``Game.match_end``).  Entries may be undone or corrected; a bad one raises
:class:`~cardtable.errors.BadEntry` (its ``deal`` counted from 1 in the message) and changes
nothing.

A sheet is plain JSON (``to_json``/``from_json``; format ``cardtable-sheet`` version 1) so a
page can keep it in local storage, a server can store it, and ``cardtable score`` can read the
file a page exported.  Standard library only.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import COPY_STRIDE, card_str
from .errors import BadEntry, BadOption, CardtableError
from .explanation import explain_items
from .game import MatchEnd
from .i18n import _
from .match import deal_totals, with_end
from .options import Options, option_rows
from .parts.tally import Tally, fields_json
from .registry import game_name, game_parts, get_game, resolve_game
from .rulelinks import rule_anchor, rule_anchors
from .scoring import ScoreItem, best_seats, totals

FORMAT = "cardtable-sheet"
VERSION = 1
#: a sheet longer than this is refused (a page's runaway, not a table's evening)
MAX_DEALS = 500
MAX_NAME = 40


class SheetError(CardtableError, ValueError):
    """A sheet that cannot be read or changed as asked (not an entry's problem: those are
    :class:`BadEntry`)."""


def tally_for(game_id: str) -> Tally:
    tally = game_parts(game_id).tally
    if tally is None:
        raise SheetError(_("{game} has no scorekeeper", game=game_id))
    return tally


class ScoredDeal:
    """A deal of the sheet as the game's match rules read it: its scores, its items and its
    winners (the seats with the best score, when someone scored more than another), as a
    played deal's state gives them."""

    is_over = True

    def __init__(self, items: list[ScoreItem], players: int, winners: list[int] | None = None) -> None:
        self.items = items
        self.scores = totals(items, players)
        self._winners = winners

    def score_items(self) -> list[ScoreItem]:
        return list(self.items)

    def winners(self) -> list[int]:
        return list(self._winners) if self._winners is not None else best_seats(self.scores)

    @property
    def hand_winner(self) -> int | None:
        """Gin's boxes (rule 34) count hands won: the one seat that scored."""
        won = [s for s, v in enumerate(self.scores) if v > 0]
        return won[0] if len(won) == 1 else None


class _MatchView:
    """What ``Game.match_end`` reads of a match, for a sheet's deals."""

    def __init__(self, players: int, options: Options, deals: list[ScoredDeal]) -> None:
        self.players = players
        self.options = options
        self.deals = deals
        self.end: MatchEnd | None = None

    @property
    def deal_totals(self) -> list[int]:
        return deal_totals(self.deals, self.players)

    @property
    def totals(self) -> list[int]:
        return with_end(self.deal_totals, self.end, self.players)


@dataclass
class Sheet:
    """A game's score sheet: the table's rules (``preset`` and ``rules``), the players' names
    and one entry per deal."""

    game_id: str
    players: int
    names: list[str]
    preset: str | None = None
    rules: dict[str, Any] | None = None
    entries: list[dict[str, Any]] | None = None
    title: str = ""

    def __post_init__(self) -> None:
        game = get_game(self.game_id)
        self.game_id = game.id
        game.check_players(self.players)
        self.options: Options = game.make_options(self.preset, dict(self.rules or {}))
        self.tally = tally_for(self.game_id)
        self.names = check_names(self.names, self.players)
        self.entries = [] if self.entries is None else list(self.entries)
        if len(self.entries) > MAX_DEALS:       # refused before scoring any of them
            raise SheetError(_("a sheet holds at most {n} deals", n=MAX_DEALS))
        self._items: list[list[ScoreItem]] = [self._score(entry, i) for i, entry in enumerate(self.entries)]

    # --- entries ---------------------------------------------------------------------------

    def _score(self, entry: Any, index: int) -> list[ScoreItem]:
        try:
            return self.tally.score(entry, self.players, self.options)
        except BadEntry as e:
            raise DealEntryError(index, e) from None

    def score(self, entry: Mapping[str, Any]) -> list[ScoreItem]:
        """The items ``entry`` would give as the next deal (nothing is kept)."""
        return self._score(entry, len(self.deals_entered))

    @property
    def deals_entered(self) -> list[dict[str, Any]]:
        assert self.entries is not None
        return self.entries

    def add(self, entry: dict[str, Any]) -> list[ScoreItem]:
        """Score ``entry`` as the next deal and keep it; refused once the match is over."""
        if self.over:
            raise SheetError(_("the match is over; start a new sheet"))
        if len(self.deals_entered) >= MAX_DEALS:
            raise SheetError(_("a sheet holds at most {n} deals", n=MAX_DEALS))
        items = self._score(entry, len(self.deals_entered))
        self.deals_entered.append(entry)
        self._items.append(items)
        return items

    def replace(self, index: int, entry: dict[str, Any]) -> list[ScoreItem]:
        """Correct the entry of deal ``index`` (from 0).  A correction that would leave deals
        entered after the match's end is refused: undo those first."""
        self._check_index(index)
        items = self._score(entry, index)
        before = (self.deals_entered[index], self._items[index])
        self.deals_entered[index], self._items[index] = entry, items
        end_at = self.end_index()
        if end_at is not None and end_at < len(self.deals_entered) - 1:
            self.deals_entered[index], self._items[index] = before
            raise SheetError(_("with this correction the match ends at deal {deal}; undo the deals after it first",
                               deal=end_at + 1))
        return items

    def undo(self) -> dict[str, Any]:
        """Remove the last deal's entry and give it back."""
        if not self.deals_entered:
            raise SheetError(_("there is no deal to undo"))
        self._items.pop()
        return self.deals_entered.pop()

    def _check_index(self, index: int) -> None:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.deals_entered):
            raise SheetError(_("there is no deal {deal} on this sheet (deals 1 to {n})", deal=repr(index + 1)
                               if isinstance(index, int) else repr(index), n=len(self.deals_entered)))

    # --- the match -------------------------------------------------------------------------

    def _view(self, upto: int) -> _MatchView:
        won = self.tally.winners
        return _MatchView(self.players, self.options,
                          [ScoredDeal(items, self.players,
                                      won(entry, self.players, self.options) if won is not None else None)
                           for entry, items in zip(self.deals_entered[:upto], self._items[:upto], strict=True)])

    def end_index(self) -> int | None:
        """The deal (from 0) after which the game's rules end the match, if they do."""
        game = get_game(self.game_id)
        for k in range(1, len(self._items) + 1):
            if game.match_end(self._view(k)) is not None:
                return k - 1
        return None

    @property
    def end(self) -> MatchEnd | None:
        if not self._items:
            return None
        return get_game(self.game_id).match_end(self._view(len(self._items)))

    @property
    def over(self) -> bool:
        return self.end is not None

    def deal_items(self, index: int) -> list[ScoreItem]:
        self._check_index(index)
        return list(self._items[index])

    def deal_scores(self) -> list[list[int]]:
        return [totals(items, self.players) for items in self._items]

    def running(self) -> list[list[int]]:
        """The totals after each deal (no end-of-match items)."""
        out, run = [], [0] * self.players
        for scores in self.deal_scores():
            run = [a + b for a, b in zip(run, scores, strict=True)]
            out.append(run)
        return out

    def totals(self) -> list[int]:
        """The running totals; once the match is over, with its end-of-match items."""
        view = self._view(len(self._items))
        end = get_game(self.game_id).match_end(view) if self._items else None
        view.end = end
        return view.totals

    # --- words -----------------------------------------------------------------------------

    def lines(self, items: Sequence[ScoreItem]) -> list[list[dict[str, Any]]]:
        """Each seat's score lines for ``items``, in the current language, with their rules; a
        line with a rule has its ``anchor``, the id of the section of the game's rules page (in
        the current language) that explains it (``cardtable.rulelinks``; None if none does)."""
        # the game's words read the rules in play from a view's options (gin's box bonus)
        got = explain_items(self.game_id, [it.to_json() for it in items], self.players, self.names,
                            view={"options": self.options.to_dict()})
        out = [[line.to_json() for line in seat] for seat in got]
        for seat in out:
            for line in seat:
                if line.get("rule"):
                    line["anchor"] = rule_anchor(self.game_id, line["rule"])
        return out

    def result(self) -> dict[str, Any]:
        """Everything a page shows: per deal its entry, scores and lines; the running and
        final totals; the end and its lines."""
        end = self.end
        deals = [{"deal": i + 1, "entry": entry, "scores": scores, "running": run,
                  "items": [it.to_json() for it in items], "lines": self.lines(items)}
                 for i, (entry, items, scores, run) in enumerate(zip(self.deals_entered, self._items,
                                                                     self.deal_scores(), self.running(),
                                                                     strict=True))]
        out: dict[str, Any] = {"game": self.game_id, "players": self.players, "names": list(self.names),
                               "deals": deals, "totals": self.totals(), "over": end is not None, "end": None}
        if end is not None:
            out["end"] = {"winners": list(end.winners), "items": [it.to_json() for it in end.items],
                          "lines": self.lines(end.items)}
        return out

    # --- files -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game_id, "players": self.players,
                "names": list(self.names), "preset": self.preset, "rules": dict(self.rules or {}),
                "title": self.title, "entries": list(self.deals_entered)}

    @classmethod
    def from_json(cls, data: Any) -> Sheet:
        if not isinstance(data, Mapping):
            raise SheetError(_("a score sheet is a JSON object, not {value}", value=type(data).__name__))
        if data.get("format") != FORMAT:
            raise SheetError(_("not a score sheet: its format is {format}, not {want}",
                               format=repr(data.get("format")), want=repr(FORMAT)))
        if data.get("version") != VERSION:
            raise SheetError(_("score sheet version {version} is not known (this is version {want})",
                               version=repr(data.get("version")), want=VERSION))
        entries = data.get("entries", [])
        if not isinstance(entries, list):
            raise SheetError(_("a sheet's entries are a list, one per deal"))
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise SheetError(_("a sheet's players is a whole number, not {value}", value=repr(players)))
        rules = data.get("rules") or {}
        if not isinstance(rules, dict):
            raise SheetError(_("a sheet's rules are an object of option names to values"))
        title = data.get("title") or ""
        if not isinstance(title, str):
            raise SheetError(_("a sheet's title is text"))
        try:
            return cls(str(data.get("game")), players, data.get("names") or [], data.get("preset"), rules,
                       entries, title[:MAX_NAME * 2])
        except BadOption:
            raise
        except (TypeError, KeyError) as e:
            raise SheetError(str(e)) from None

    def to_csv(self) -> str:
        """One row per deal (each seat's points, then the running totals), the end-of-match
        items' row and the final totals, for a spreadsheet."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow([_("deal"), *self.names, *[_("{name} total", name=n) for n in self.names]])
        for i, (scores, run) in enumerate(zip(self.deal_scores(), self.running(), strict=True)):
            w.writerow([i + 1, *scores, *run])
        end = self.end
        if end is not None:
            w.writerow([_("end of match"), *totals(end.items, self.players), *self.totals()])
        w.writerow([_("total"), *self.totals(), *([""] * self.players)])
        return buf.getvalue()


class DealEntryError(BadEntry):
    """A deal's entry that cannot be scored: the entry's :class:`BadEntry`, with the deal
    (``index`` from 0; the message counts from 1)."""

    def __init__(self, index: int, error: BadEntry) -> None:
        self.index = index
        self.error = error
        self.field = error.field
        self.seat = error.seat
        self.why = error.why
        ValueError.__init__(self, _("deal {deal}: {error}", deal=index + 1, error=str(error)))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": str(self), "deal": self.index + 1, "field": self.field}
        if self.seat is not None:
            out["seat"] = self.seat + 1
        return out


def table_fields(game: Any, players: Any = None, preset: Any = None, rules: Any = None) -> dict[str, Any]:
    """What a page draws for a table of ``game`` (an id or a name, :func:`resolve_game`):
    the fields of an entry, the rules in play, the option rows and presets, the default
    names, the pack's cards and, for every rule the fields name, the id of the section of the
    game's rules page that explains it (``rule_anchors``), in the current language.
    ``players`` None is the game's default.  The answer of ``POST /api/score/fields`` and of
    the page's offline worker (docs/scorekeeper.md "Offline"); anything impossible raises a
    :class:`~cardtable.errors.CardtableError` whose message says what."""
    g = get_game(resolve_game(str(game or "")))
    if players is None:
        players = g.default_players
    if not isinstance(players, int) or isinstance(players, bool):
        raise SheetError(_("'players' must be a whole number, not {value}", value=repr(players)))
    g.check_players(players)
    if preset is not None and not isinstance(preset, str):
        raise SheetError(_("'preset' must be a preset's name"))
    rules = rules or {}
    if not isinstance(rules, dict):
        raise BadOption(_("rules must be a mapping of option names to values, not {rules}", rules=repr(rules)))
    options = g.make_options(preset, rules)
    tally = tally_for(g.id)
    fields = fields_json(tally, players, options)
    return {"game": g.id, "title": game_name(g), "players": players,
            "fields": fields, "options": options.to_dict(),
            "option_rows": [{"key": r["key"], "type": r["type"], "default": r["default"], "choices": r["choices"],
                             "min": r["min"], "max": r["max"], "description": r["doc"]}
                            for r in option_rows(g.options_class)],
            "presets": [{"name": p.name, "description": p.shown_description}
                        for _name, p in sorted(g.presets.items())],
            "names": [_("Player {n}", n=i + 1) for i in range(players)],
            "pack": pack_tokens(g.id, players, options),
            "pack_copies": pack_copies(g.id, players, options),
            # where the game's rules page (in the current language) explains each field's and
            # choice's rule: /rules/<game>#<anchor>
            "rule_anchors": rule_anchors(g.id, _field_rules(fields))}


def _field_rules(fields: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every rule the fields, their choices and their parts name, in order."""
    out: list[str] = []
    for f in fields:
        if f.get("rule"):
            out.append(f["rule"])
        out += [c["rule"] for c in f.get("choices", ()) if c.get("rule")]
        out += _field_rules(f.get("parts", ()))
    return out


def pack_tokens(game_id: str, players: int, options: Any) -> list[str]:
    """The cards of the game's pack for this table, each once, in the project's notation
    (a two-pack game's cards once each: the page's grid offers a card, the entry counts it)."""
    seen: dict[int, str] = {}
    for c in get_game(game_id).pack(players, options):
        face = int(c) % COPY_STRIDE
        seen.setdefault(face, card_str(c))
    return [seen[k] for k in sorted(seen)]


def pack_copies(game_id: str, players: int, options: Any) -> dict[str, int]:
    """How many copies of a card the table's pack holds, for the cards it holds more than
    once (Remik's two packs and their jokers): the page's grid offers a card that often."""
    counts: dict[int, int] = {}
    names: dict[int, str] = {}
    for c in get_game(game_id).pack(players, options):
        face = int(c) % COPY_STRIDE
        counts[face] = counts.get(face, 0) + 1
        names.setdefault(face, card_str(c))
    return {names[k]: n for k, n in sorted(counts.items()) if n > 1}


def check_names(names: Any, players: int) -> list[str]:
    """The players' names: given ones trimmed, the missing ones ``Player 1`` …"""
    if names is None:
        names = []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SheetError(_("the players' names are a list of texts"))
    if len(names) > players:
        raise SheetError(_("{n} names for {players} players", n=len(names), players=players))
    out = []
    for i in range(players):
        name = " ".join(names[i].split())[:MAX_NAME] if i < len(names) else ""
        out.append(name or _("Player {n}", n=i + 1))
    return out


__all__ = ["DealEntryError", "ScoredDeal", "Sheet", "SheetError", "check_names", "pack_copies", "pack_tokens",
           "table_fields",
           "tally_for"]
