"""A deal's score from its described end: what people enter for the games they score by hand.

A game declares a :class:`Tally` in its parts: the :class:`Field` s a person fills in for one
deal (the cards each player tabled and kept, who knocked or went out, the calls and the
penalties, the bids and the tricks or card points, 十三张's three rows …);
``describe(state)``, which writes a finished played deal's end as a person at the table
would enter it (only what can be seen there at the end, never the move history); and
``score(entry, players, options)``, which scores such an entry with the game's own scoring
code, giving the score items a played deal gives (the same seat, points and rule; notes and
turns may differ).

An entry is plain JSON: a mapping of field keys to values.  A per-seat field holds a list
with one value per seat (seats from 0, as everywhere in the engine); cards are text in the
project's notation (``"10♥"``, ``"Th"`` …), a list of tokens or one string; a penalty is
``{"rule": "dummy:O3", "seat": 2}`` (``"against"``, the seat that profited, may be added).
:class:`EntryReader` reads an entry against its fields and raises
:class:`~cardtable.errors.BadEntry` naming the field (and the seat, counted from 1 in the
message) for anything impossible; nothing is ever changed.  docs/scorekeeper.md describes
each game's entry.  Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..cards import COPY_STRIDE, Card, card_str, parse_cards
from ..errors import BadCard, BadEntry
from ..i18n import _, ngettext
from ..scoring import ScoreItem

#: what a field holds: ``cards`` a set of cards; ``card`` one card; ``melds`` groups of
#: cards; ``rows`` 十三张's three rows; ``count`` a whole number (``min``/``max``/``step``);
#: ``choice`` one of ``choices``; ``flag`` yes or no; ``seat`` one seat; ``order`` every
#: seat once, in an order; ``penalty`` a list of penalty events (the rules in ``choices``);
#: ``rounds`` a list of sub-entries, each of the fields in ``parts``
Kind = Literal["cards", "card", "melds", "rows", "count", "choice", "flag", "seat", "order", "penalty",
               "rounds"]


def option_on(options: Any, condition: str) -> bool:
    """Whether the rules in play meet a field's condition: ``"key"`` is on when the option is
    true, a number other than 0, or a word other than ``off``/``none`` (a penalty of 0 points
    is a penalty switched off); ``"key=a|b"`` when the option's value is one of those."""
    key, eq, values = condition.partition("=")
    value = getattr(options, key)
    if eq:
        return str(value) in values.split("|")
    return bool(value) and value not in ("off", "none")


@dataclass(frozen=True)
class Choice:
    """One value of a ``choice`` (or one rule of a ``penalty``) field: ``label`` marked ``N_``,
    ``rule`` the spec's rule id, ``when`` an option that must be on for it to be offered."""

    value: str
    label: str
    rule: str = ""
    when: str = ""

    def active(self, options: Any) -> bool:
        return not self.when or option_on(options, self.when)


@dataclass(frozen=True)
class Field:
    """One thing a person enters for a deal.  ``label`` is marked ``N_``; ``rule`` is the spec
    rule it implements (``dummy:O7``), for a link to the rules page; the field exists only
    while the condition ``when`` holds and ``unless`` does not (see :func:`option_on`:
    ``"oklahoma"``, ``"variant=dai2k|daiwang"``); ``optional`` fields may be left out (the
    game says what that means); ``help`` is one more line for the page."""

    key: str
    label: str
    kind: Kind
    per_seat: bool = False
    rule: str = ""
    when: str = ""
    unless: str = ""
    optional: bool = False
    min: int | None = None
    max: int | None = None
    step: int = 1
    choices: tuple[Choice, ...] = ()
    parts: tuple[Field, ...] = ()
    help: str = ""

    def active(self, options: Any) -> bool:
        return ((not self.when or option_on(options, self.when))
                and (not self.unless or not option_on(options, self.unless)))

    def to_json(self, options: Any) -> dict[str, Any]:
        """The field for a page, its words in the current language (choices the rules in
        play switch off are left out)."""
        d: dict[str, Any] = {"key": self.key, "label": _(self.label), "kind": self.kind,
                             "per_seat": self.per_seat, "optional": self.optional}
        for name in ("rule", "when", "unless"):
            if getattr(self, name):
                d[name] = getattr(self, name)
        if self.help:
            d["help"] = _(self.help)
        if self.kind == "count":
            d |= {"min": self.min, "max": self.max, "step": self.step}
        elif self.kind == "rounds" and self.min is not None:
            d |= {"min": self.min, "max": self.max}      # the rounds a deal has at this table
        if self.choices:
            d["choices"] = [{"value": c.value, "label": _(c.label), **({"rule": c.rule} if c.rule else {})}
                            for c in self.choices if c.active(options)]
        if self.parts:
            d["parts"] = [p.to_json(options) for p in self.parts if p.active(options)]
        return d


@dataclass(frozen=True)
class Tally:
    """A game's scoring from a described end of deal (see the module docstring).

    ``fields(players, options)`` every field the game knows (a page shows those whose
    :meth:`Field.active` is true); ``describe(state)`` a finished deal's end as an entry;
    ``score(entry, players, options)`` the deal's score items, or :class:`BadEntry`;
    ``winners(entry, players, options)``, for a game whose winners of a deal are not the seats
    with the best score (a score sheet's match rules read them: 捉黑A's hands won, 四百分's
    contract made), the seats that won it."""

    fields: Callable[[int, Any], list[Field]]
    describe: Callable[[Any], dict[str, Any]]
    score: Callable[[Mapping[str, Any], int, Any], list[ScoreItem]]
    winners: Callable[[Mapping[str, Any], int, Any], list[int]] | None = None


def fields_json(tally: Tally, players: int, options: Any) -> list[dict[str, Any]]:
    """The fields a page draws for this table, in the current language."""
    return [f.to_json(options) for f in tally.fields(players, options) if f.active(options)]


def check(tally: Tally, players: int, options: Any) -> list[str]:
    """Problems with a declaration (a key twice, a choice value twice)."""
    out: list[str] = []
    keys = [f.key for f in tally.fields(players, options)]
    out += [f"field {k!r} declared twice" for k in sorted({k for k in keys if keys.count(k) > 1})]
    for f in tally.fields(players, options):
        values = [c.value for c in f.choices]
        out += [f"field {f.key!r}: choice {v!r} twice" for v in sorted({v for v in values if values.count(v) > 1})]
    return out


@dataclass(frozen=True)
class Penalty:
    """One penalty event of an entry: the rule, the seat charged, the seat that profited and
    the card it was about (both may be left out; they only word the item)."""

    rule: str
    seat: int
    against: int | None = None
    card: Card | None = None


def _blank(value: Any) -> bool:
    """Nothing entered: no value, no, empty text or list, or a list of nothing per seat."""
    if value is None or value is False or value == "" or value == []:
        return True
    return isinstance(value, list) and all(v is None or v is False or v == "" or v == [] for v in value)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class EntryReader:
    """Reads one entry against a game's fields; every problem is a :class:`BadEntry`.

    On creation it refuses what is not a mapping, keys that are no field, and fields the
    rules in play switch off (unless left blank).  Cards read with ``place=True`` are
    counted against ``pack`` (every physical card in play): a card entered more often than
    the pack holds it, or not in the pack at all, is refused, naming both places."""

    def __init__(self, entry: Any, fields: Iterable[Field], players: int, options: Any,
                 pack: Iterable[int] | None = None) -> None:
        if not isinstance(entry, Mapping):
            raise BadEntry("entry", _("an entry is a mapping of field names to values, not {value}",
                                      value=_short(entry)))
        self.entry = entry
        self.players = players
        self.options = options
        self.fields = {f.key: f for f in fields}
        for key, value in entry.items():
            f = self.fields.get(key) if isinstance(key, str) else None
            if f is None:
                known = ", ".join(k for k, g in self.fields.items() if g.active(options))
                raise BadEntry(str(key), _("no such field; the fields are: {keys}", keys=known))
            if not f.active(options) and not _blank(value):
                raise BadEntry(key, _("switched off by the rules in play ({option})",
                                      option=f.when or f.unless), label=_(f.label))
        self.allowed: Counter[int] | None = (
            Counter(int(c) % COPY_STRIDE for c in pack) if pack is not None else None)
        self._seen: dict[int, list[str]] = {}

    # --- errors ----------------------------------------------------------------------------

    def label(self, key: str) -> str:
        f = self.fields.get(key)
        return _(f.label) if f is not None else key

    def fail(self, key: str, why: str, seat: int | None = None) -> BadEntry:
        """The error to raise for ``key`` (``raise reader.fail(...)``)."""
        return BadEntry(key, why, seat, self.label(key))

    def place_name(self, key: str, seat: int | None = None) -> str:
        if seat is None:
            return self.label(key)
        return _("{field}, seat {seat}", field=self.label(key), seat=seat + 1)

    # --- raw values ------------------------------------------------------------------------

    def given(self, key: str, seat: int | None = None) -> bool:
        return not _blank(self.raw(key, seat))

    def raw(self, key: str, seat: int | None = None) -> Any:
        """The value entered for ``key`` (of ``seat`` for a per-seat field), None if none."""
        f = self.fields[key]
        if not f.active(self.options):
            return None
        value = self.entry.get(key)
        if not f.per_seat or seat is None:
            return value
        return self.per_seat(key)[seat]

    def per_seat(self, key: str) -> list[Any]:
        value = self.entry.get(key)
        if value is None:
            return [None] * self.players
        if not isinstance(value, list) or len(value) != self.players:
            raise self.fail(key, _("list one value per seat ({n} in all), not {value}", n=self.players,
                                   value=_short(value)))
        return value

    def required(self, key: str, seat: int | None = None) -> Any:
        value = self.raw(key, seat)
        if value is None:
            raise self.fail(key, _("missing"), seat)
        return value

    # --- typed values ----------------------------------------------------------------------

    def seat(self, key: str, seat: int | None = None, required: bool = True) -> int | None:
        value = self.required(key, seat) if required else self.raw(key, seat)
        if value is None:
            return None
        return self._seat_value(key, value, seat)

    def _seat_value(self, key: str, value: Any, seat: int | None = None) -> int:
        if not _is_int(value) or not 0 <= value < self.players:
            shown = value + 1 if _is_int(value) else _short(value)
            raise self.fail(key, _("there is no seat {value}: a table of {players} has seats 1 to {players}",
                                   value=shown, players=self.players), seat)
        return int(value)

    def flag(self, key: str, seat: int | None = None) -> bool:
        value = self.raw(key, seat)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(key, _("yes or no (true or false), not {value}", value=_short(value)), seat)
        return value

    def count(self, key: str, seat: int | None = None, required: bool = True) -> int | None:
        value = self.required(key, seat) if required else self.raw(key, seat)
        if value is None:
            return None
        f = self.fields[key]
        lo = f.min if f.min is not None else None
        hi = f.max if f.max is not None else None
        if not _is_int(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is not None and hi is not None:
                why = _("a whole number from {min} to {max}, not {value}", min=lo, max=hi, value=_short(value))
            elif lo is not None:
                why = _("a whole number of at least {min}, not {value}", min=lo, value=_short(value))
            else:
                why = _("a whole number, not {value}", value=_short(value))
            raise self.fail(key, why, seat)
        if f.step > 1 and (value - (lo or 0)) % f.step:
            raise self.fail(key, _("{value} is not a multiple of {step}", value=value, step=f.step), seat)
        return int(value)

    def choice(self, key: str, seat: int | None = None, required: bool = True) -> str | None:
        value = self.required(key, seat) if required else self.raw(key, seat)
        if value is None:
            return None
        f = self.fields[key]
        offered = [c.value for c in f.choices if c.active(self.options)]
        if value not in offered:
            if any(c.value == value for c in f.choices):
                raise self.fail(key, _("{value} is switched off by the rules in play", value=_short(value)), seat)
            raise self.fail(key, _("{value} is not one of: {values}", value=_short(value),
                                   values=", ".join(offered)), seat)
        return str(value)

    def cards(self, key: str, seat: int | None = None, place: bool = True) -> list[Card]:
        """A set of cards (a list of tokens or one string); nothing entered is no cards."""
        value = self.raw(key, seat)
        if value is None:
            return []
        out = self._parse(key, value, seat)
        if place:
            self.place(out, key, seat)
        return out

    def card(self, key: str, seat: int | None = None, place: bool = True,
             required: bool = True) -> Card | None:
        value = self.required(key, seat) if required else self.raw(key, seat)
        if value is None:
            return None
        cards = self._parse(key, value, seat)
        if len(cards) != 1:
            raise self.fail(key, _("one card, not {n}", n=len(cards)), seat)
        if place:
            self.place(cards, key, seat)
        return cards[0]

    def melds(self, key: str, seat: int | None = None, place: bool = True) -> list[list[Card]]:
        """Groups of cards: a list of card lists (each a list of tokens or one string)."""
        value = self.raw(key, seat)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(key, _("a list of melds, each a list of cards, not {value}", value=_short(value)), seat)
        groups = [self._parse(key, g, seat) for g in value]
        if place:
            self.place([c for g in groups for c in g], key, seat)
        return groups

    def rows(self, key: str, seat: int | None, sizes: Sequence[int], names: Sequence[str],
             place: bool = True) -> list[list[Card]] | None:
        """Rows of given sizes (十三张: 3, 5 and 5); ``names`` the rows' words (marked N_)."""
        value = self.raw(key, seat)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != len(sizes):
            raise self.fail(key, _("{n} rows of {sizes} cards, not {value}", n=len(sizes),
                                   sizes=", ".join(map(str, sizes)), value=_short(value)), seat)
        rows = [self._parse(key, r, seat) for r in value]
        for row, size, name in zip(rows, sizes, names, strict=True):
            if len(row) != size:
                raise self.fail(key, ngettext("the {row} takes {n} card, not {got}",
                                              "the {row} takes {n} cards, not {got}", size, row=_(name), got=len(row)),
                                seat)
        if place:
            self.place([c for r in rows for c in r], key, seat)
        return rows

    def order(self, key: str, required: bool = True) -> list[int] | None:
        """Every seat once, in an order."""
        value = self.required(key) if required else self.raw(key)
        if value is None:
            return None
        if not isinstance(value, list):
            raise self.fail(key, _("a list of seats, not {value}", value=_short(value)))
        seats = [self._seat_value(key, v) for v in value]
        if sorted(seats) != list(range(self.players)):
            raise self.fail(key, _("list every seat once (seats 1 to {players}), not {value}",
                                   players=self.players, value=", ".join(str(s + 1) for s in seats)))
        return seats

    def penalties(self, key: str) -> list[Penalty]:
        """Penalty events: ``[{"rule": …, "seat": …, "against": …, "card": …}]`` (``against``
        and ``card`` optional); every rule must be one of the field's choices that the rules in
        play leave on."""
        value = self.raw(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(key, _("a list of penalties, each {example}, not {value}",
                                   example='{"rule": …, "seat": …}', value=_short(value)))
        f = self.fields[key]
        out = []
        for event in value:
            if not isinstance(event, Mapping) or "rule" not in event or "seat" not in event \
                    or set(event) - {"rule", "seat", "against", "card"}:
                raise self.fail(key, _("a penalty is {example}, not {value}",
                                       example='{"rule": …, "seat": …}', value=_short(event)))
            rule = event["rule"]
            choice = next((c for c in f.choices if c.value == rule), None)
            if choice is None:
                raise self.fail(key, _("{value} is not one of: {values}", value=_short(rule),
                                       values=", ".join(c.value for c in f.choices if c.active(self.options))))
            if not choice.active(self.options):
                raise self.fail(key, _("{rule} ({name}) is switched off by the rules in play ({option})",
                                       rule=rule, name=_(choice.label), option=choice.when))
            seat = self._seat_value(key, event["seat"])
            against = event.get("against")
            card = event.get("card")
            cards = [] if card is None else self._parse(key, card, None)
            if len(cards) > 1:
                raise self.fail(key, _("one card, not {n}", n=len(cards)))
            out.append(Penalty(str(rule), seat, None if against is None else self._seat_value(key, against),
                               cards[0] if cards else None))
        return out

    def rounds(self, key: str) -> list[Mapping[str, Any]]:
        """The sub-entries of a ``rounds`` field (each read with :meth:`sub`)."""
        value = self.required(key)
        if not isinstance(value, list):
            raise self.fail(key, _("a list of rounds, not {value}", value=_short(value)))
        return value

    def sub(self, key: str, index: int, value: Any) -> EntryReader:
        """A reader of one sub-entry of a ``rounds`` field (cards counted on their own)."""
        f = self.fields[key]
        try:
            return EntryReader(value, f.parts, self.players, self.options)
        except BadEntry as e:
            raise self.fail(key, _("round {n}: {why}", n=index + 1, why=str(e))) from None

    # --- cards -----------------------------------------------------------------------------

    def _parse(self, key: str, value: Any, seat: int | None) -> list[Card]:
        if isinstance(value, str) or (isinstance(value, list) and all(isinstance(t, str) for t in value)):
            try:
                return parse_cards(value)
            except BadCard as e:
                raise self.fail(key, str(e), seat) from None
        raise self.fail(key, _("cards as text (10♥ Q♠ or a list of them), not {value}", value=_short(value)), seat)

    def place(self, cards: Iterable[int], key: str, seat: int | None = None) -> None:
        """Count ``cards`` as entered at ``key`` (of ``seat``): each card at most as often as
        the pack holds it."""
        here = self.place_name(key, seat)
        for c in cards:
            base = int(c) % COPY_STRIDE
            places = self._seen.setdefault(base, [])
            if self.allowed is not None:
                k = self.allowed.get(base, 0)
                if k == 0:
                    raise self.fail(key, _("{card} is not in this game's pack", card=card_str(base)), seat)
                if len(places) >= k:
                    if k == 1:
                        raise self.fail(key, _("{card} is entered twice (also in {place})", card=card_str(base),
                                               place=places[0]), seat)
                    raise self.fail(key, ngettext("{card} is entered more than {n} time (the pack holds {n})",
                                                  "{card} is entered more than {n} times (the pack holds {n})",
                                                  k, card=card_str(base)), seat)
            places.append(here)


def penalty_items(events: Iterable[Penalty], amounts: Mapping[str, int],
                  note: Callable[[Penalty], str] | None = None) -> list[ScoreItem]:
    """Each penalty event as a score item: ``amounts[rule]`` points off the seat charged, with
    the event's card and ``note(event)``."""
    return [ScoreItem(e.seat, -amounts[e.rule], e.rule, () if e.card is None else (e.card,),
                      note(e) if note is not None else "") for e in events]


__all__ = ["Choice", "EntryReader", "Field", "Kind", "Penalty", "Tally", "check", "fields_json", "option_on",
           "penalty_items"]
