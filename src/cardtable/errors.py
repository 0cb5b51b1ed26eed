"""Every error the engine raises on bad input. Each names the problem so a caller can fix it."""

from __future__ import annotations


class CardtableError(Exception):
    """Base of all engine errors."""


class BadCard(CardtableError, ValueError):
    """A card token that is not in the notation (see docs/notation.md)."""

    def __init__(self, token: str, why: str = "") -> None:
        self.token = token
        msg = f"bad card token {token!r}"
        if why:
            msg += f": {why}"
        else:
            msg += (": not a card; a card is a rank 2-10/T/J/Q/K/A then a suit ♠♥♦♣ or"
                    " s/h/d/c (e.g. 10♥, Th, QS), or a joker BJ/LJ/JK")
        super().__init__(msg)


class IllegalMove(CardtableError):
    """A move that the rules do not allow now. The state is left unchanged."""

    def __init__(self, move: str, why: str, seat: int | None = None) -> None:
        self.move = move
        self.why = why
        self.seat = seat
        who = f"seat {seat}: " if seat is not None else ""
        super().__init__(f"{who}illegal move {move!r}: {why}")


class UnknownGame(CardtableError, KeyError):
    def __init__(self, game_id: str, valid: list[str]) -> None:
        self.game_id = game_id
        super().__init__(f"unknown game {game_id!r}; valid games: {', '.join(valid)}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class BadOption(CardtableError, ValueError):
    """An unknown option key, a wrong value, or an unknown preset."""


class BadSeat(CardtableError, ValueError):
    """A seat number that is not at the table (views, resampling)."""

    def __init__(self, seat: object, players: int) -> None:
        self.seat = seat
        super().__init__(f"there is no seat {seat!r} at a {players}-player table "
                         f"(seats are 0–{players - 1}, or None for a spectator)")


class ScenarioError(CardtableError, ValueError):
    """A malformed scenario file; the message names the field."""

    def __init__(self, field: str, why: str) -> None:
        self.field = field
        super().__init__(f"scenario field {field!r}: {why}")
