"""Every error the engine raises on bad input. Each names the problem so a caller can fix it.

Messages a player can cause are translated (:mod:`cardtable.i18n`) in the language current
where they are raised; :class:`IllegalMove` words its sentence when it is shown, so an
error raised while a search bot resamples costs no translation.  :class:`ScenarioError` is
for people writing scenario files and stays English (docs/i18n.md).
"""

from __future__ import annotations

from .i18n import _


class CardtableError(Exception):
    """Base of all engine errors."""


class BadCard(CardtableError, ValueError):
    """A card token that is not in the notation (see docs/notation.md)."""

    def __init__(self, token: str, why: str = "") -> None:
        self.token = token
        self.why = why or _("not a card; a card is a rank 2-10/T/J/Q/K/A then a suit ♠♥♦♣ or"
                            " s/h/d/c (e.g. 10♥, Th, QS), or a joker BJ/LJ/JK")
        super().__init__(_("bad card token {token}: {why}", token=repr(token), why=self.why))


class IllegalMove(CardtableError):
    """A move that the rules do not allow now. The state is left unchanged."""

    def __init__(self, move: str, why: str, seat: int | None = None) -> None:
        self.move = move
        self.why = why
        self.seat = seat
        super().__init__(move, why, seat)

    def __str__(self) -> str:
        if self.seat is None:
            return _("illegal move {move}: {why}", move=repr(self.move), why=self.why)
        # the seat as people count it, from 1 (``self.seat`` stays the engine's, from 0)
        seat = self.seat + 1 if isinstance(self.seat, int) and not isinstance(self.seat, bool) else self.seat
        return _("seat {seat}: illegal move {move}: {why}", seat=seat,
                 move=repr(self.move), why=self.why)


class UnknownGame(CardtableError, KeyError):
    def __init__(self, game_id: str, valid: list[str]) -> None:
        self.game_id = game_id
        super().__init__(_("unknown game {game}; valid games: {valid}", game=repr(game_id),
                           valid=", ".join(valid)))

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class BadOption(CardtableError, ValueError):
    """An unknown option key, a wrong value, or an unknown preset."""


class BadSeat(CardtableError, ValueError):
    """A seat number that is not at the table (views, resampling)."""

    def __init__(self, seat: object, players: int) -> None:
        self.seat = seat
        super().__init__(_("there is no seat {seat} at a {players}-player table "
                           "(seats are 0–{last}, or None for a spectator)",
                           seat=repr(seat), players=players, last=players - 1))


class ScenarioError(CardtableError, ValueError):
    """A malformed scenario file; the message names the field (English: for tool authors)."""

    def __init__(self, field: str, why: str) -> None:
        self.field = field
        super().__init__(f"scenario field {field!r}: {why}")


class BadEntry(CardtableError, ValueError):
    """An impossible entry of a deal's end (:mod:`cardtable.parts.tally`): a card twice, a hand
    of the wrong size, a penalty the rules switched off …  ``field`` is the entry's key,
    ``seat`` the engine's seat (from 0) where the field is per seat; the message names the
    field by its label and counts seats from 1."""

    def __init__(self, field: str, why: str, seat: int | None = None, label: str | None = None) -> None:
        self.field = field
        self.seat = seat
        self.why = why
        name = label or field
        if seat is None:
            super().__init__(_("{field}: {why}", field=name, why=why))
        else:
            super().__init__(_("{field}, seat {seat}: {why}", field=name, seat=seat + 1, why=why))
