"""A 十三张 deal scored from its showdown (shisanzhang.md §1.2–§1.5; the scorekeeper).

An entry holds, per seat, the three ``rows`` as shown (头道 3 cards, 中道 5, 尾道 5) and
``fouled`` where they foul (倒水: the page must say so, an unmarked foul is refused as a
slip of entry), or a declared ``special`` (报到) with the 13 cards of its ``hand``: it
scores as the highest special the hand fits.  Scored pairwise by :func:`.scoring.settle`, as
a played deal is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import Card, cards_json
from ...i18n import N_, _
from ...parts.tally import Choice, EntryReader, Field, Tally
from ...scoring import ScoreItem
from .rules import ShisanzhangOptions
from .scoring import Showing, settle, show_rows
from .specials import BY_ID, SPECIALS, fitting_specials
from .state import ROW_SIZES, ShisanzhangState
from .words import ROW_NAMES, SPECIAL_WORDS, row_kind

FIELDS = [
    Field("rows", N_("rows"), "rows", per_seat=True, rule="shisanzhang:1.2", optional=True,
          help=N_("头道 3 cards, 中道 5, 尾道 5")),
    Field("fouled", N_("倒水 (fouled)"), "flag", per_seat=True, rule="shisanzhang:1.2",
          help=N_("a row beats the row after it")),
    Field("special", N_("报到 (special hand)"), "choice", per_seat=True, rule="shisanzhang:1.5", optional=True,
          choices=tuple(Choice(s.id, SPECIAL_WORDS[s.id], "shisanzhang:1.5") for s in SPECIALS)),
    Field("hand", N_("hand"), "cards", per_seat=True, rule="shisanzhang:1.5", optional=True,
          help=N_("the 13 cards of a declared special hand")),
]


def fields(players: int, options: Any) -> list[Field]:
    return list(FIELDS)


def describe(state: ShisanzhangState) -> dict[str, Any]:
    """The showdown: each seat's rows (and whether they foul) or its declared special."""
    n = state.players
    rows: list[Any] = [None] * n
    special: list[Any] = [None] * n
    hand: list[Any] = [None] * n
    fouled = [False] * n
    for s in range(n):
        shown = state.showing(s)
        if shown.special is not None:
            special[s] = shown.special
            hand[s] = cards_json(state.hands[s])
        else:
            rows[s] = [cards_json(r) for r in shown.rows]
            fouled[s] = shown.fouled
    out: dict[str, Any] = {}
    if any(r is not None for r in rows):
        out["rows"] = rows
    if any(fouled):
        out["fouled"] = fouled
    if any(sp is not None for sp in special):
        out |= {"special": special, "hand": hand}
    return out


def score(entry: Mapping[str, Any], players: int, options: Any) -> list[ScoreItem]:
    """The deal's score items (§1.2–§1.5, pairwise), or :class:`BadEntry`."""
    assert isinstance(options, ShisanzhangOptions)
    r = EntryReader(entry, FIELDS, players, options, range(52))
    return settle([_showing(r, s, options) for s in range(players)], options)


def _showing(r: EntryReader, seat: int, options: ShisanzhangOptions) -> Showing:
    special = r.choice("special", seat, required=False)
    if special is not None:
        return _declared(r, seat, special, options)
    if r.given("hand", seat):
        raise r.fail("hand", _("a hand is entered only with a declared special; enter the rows"), seat)
    rows = r.rows("rows", seat, ROW_SIZES, ROW_NAMES)
    if rows is None:
        raise r.fail("rows", _("missing: enter the three rows, or the special hand declared"), seat)
    shown = show_rows(seat, rows, options)
    marked = r.flag("fouled", seat)
    if shown.fouled and not marked:
        raise r.fail("rows", _("these rows foul ({rows}): mark them fouled (倒水) if that is how they were shown",
                               rows=_row_words(shown)), seat)
    if marked and not shown.fouled:
        raise r.fail("fouled", _("marked fouled, but the rows do not foul ({rows})", rows=_row_words(shown)), seat)
    fits = fitting_specials([c for row in rows for c in row], options.all_big_min, options.all_small_max)
    if options.auto_declare_special and fits:
        raise r.fail("rows", _("this hand is a special hand ({names}) and auto_declare_special is on: declare it",
                               names=", ".join(fits)), seat)
    return shown


def _declared(r: EntryReader, seat: int, special: str, options: ShisanzhangOptions) -> Showing:
    """A declared special scores as the highest special the 13 cards fit (§1.5)."""
    if r.given("rows", seat):
        raise r.fail("rows", _("a declared special hand shows no rows; enter its 13 cards as the hand"), seat)
    if r.flag("fouled", seat):
        raise r.fail("fouled", _("a declared special hand cannot foul"), seat)
    cards: list[Card] = r.cards("hand", seat)
    if len(cards) != 13:
        raise r.fail("hand", _("a hand of 13 cards, not {n}", n=len(cards)), seat)
    fits = fitting_specials(cards, options.all_big_min, options.all_small_max)
    if special not in fits:
        sp = BY_ID[special]
        if not fits:
            raise r.fail("special", _("the hand is not {special} ({chinese}) and fits no special hand",
                                      special=sp.id, chinese=sp.chinese), seat)
        raise r.fail("special", _("the hand is not {special} ({chinese}); it fits: {fits}", special=sp.id,
                                  chinese=sp.chinese, fits=", ".join(fits)), seat)
    return Showing(seat, special=fits[0])


def _row_words(shown: Showing) -> str:
    return " | ".join(row_kind(v, len(row)) for v, row in zip(shown.values, shown.rows, strict=True))


TALLY = Tally(fields=fields, describe=describe, score=score)

__all__ = ["FIELDS", "TALLY", "describe", "fields", "score"]
