"""The conformance checks can fail: each broken variant of the toy game is caught, with a
message that says what is wrong."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardtable import registry
from cardtable.cards import Card, card_str
from cardtable.conformance import ConformanceError, check_game, check_match, view_tokens
from cardtable.game import Game, State
from cardtable.moves import Move, parse_default_move
from cardtable.scoring import ScoreItem

from .toygame import ToyGame, ToyState


class Base(ToyState):
    """The sound toy game under the id ``broken``."""

    def score_items(self) -> list[ScoreItem]:
        return [ScoreItem(it.seat, it.points, it.rule.replace("toy:", "broken:"))
                for it in super().score_items()]


class LeakyView(Base):
    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        if seat is not None:
            nxt = self.hands[(seat + 1) % self.players]
            v["peek"] = f"next:{card_str(nxt[0])}" if nxt else ""
        return v


class LegalMovesTell(Base):
    """Only cards below the next seat's best card may be played: the move list leaks it."""

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        seat = self.to_move()[0] if seat is None else seat
        nxt = self.hands[(seat + 1) % self.players]
        top = max((c.rank for c in nxt), default=99)
        mine = sorted(self.hands[seat])
        ok = [c for c in mine if c.rank < top] or mine
        return [Move("play", (c,)) for c in ok]

    def why_illegal(self, seat: int, move: Move) -> str | None:
        why = super().why_illegal(seat, move)
        if why is None and move not in self.legal_moves(seat):
            return "not now"
        return why


class AcceptsUnlisted(Base):
    def why_illegal(self, seat: int, move: Move) -> str | None:
        if move.verb == "xyzzy":
            return None
        return super().why_illegal(seat, move)

    def _play(self, seat: int, move: Move) -> None:
        if move.verb == "xyzzy":
            self.turn += 1
            return
        super()._play(seat, move)


class ParserCrashes(Base):
    def parse_move(self, text: str, seat: int) -> Move:
        if "[" in text:
            raise ValueError("unbalanced bracket")
        return parse_default_move(text)


class WrongLabel(ToyState):
    def score_items(self) -> list[ScoreItem]:
        return [ScoreItem(it.seat, it.points, "1") for it in super().score_items()]


class NotZeroSum(Base):
    def score_items(self) -> list[ScoreItem]:
        items = super().score_items()
        return items + [ScoreItem(0, 1, "broken:9")] if items else items


class RejectionMutates(Base):
    def __init__(self, *a: Any) -> None:
        super().__init__(*a)
        self.tries = 0

    def why_illegal(self, seat: int, move: Move) -> str | None:
        why = super().why_illegal(seat, move)
        if why is not None:
            self.tries += 1
        return why

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {**super()._view(seat), "tries": self.tries}


class SecretTooWide(Base):
    """Shows the pile's rank total (not its cards) but lists the pile as secret: resampling
    the pile then changes what the view says."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        del v["pile"]
        return {**v, "pile_total": sum(c.rank for _, c in self.pile)}

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        return move.verb

    def secret_cards(self, seat: int | None) -> list[Card]:
        return super().secret_cards(seat) + [c for _, c in self.pile]


class ErrorLeaks(Base):
    """Its reason for a wrong card names a card of another hand."""

    def why_illegal(self, seat: int, move: Move) -> str | None:
        why = super().why_illegal(seat, move)
        other = self.hands[(seat + 1) % self.players]
        if why and "not in your hand" in why and other:
            why += f"; seat {(seat + 1) % self.players} holds {card_str(other[-1])}"
        return why


def _game_with(state_cls: type[State]) -> Game[Any]:
    class Broken(ToyGame):
        id = "broken"

        def start(self, players: int, options: Any, deal: Any) -> State:
            return state_cls(self, options, players, deal)
    return Broken()


@pytest.fixture
def register() -> Iterator[Any]:
    def put(state_cls: type[State]) -> str:
        registry.GAME_MODULES["broken"] = "tests.core.toygame"
        registry._loaded["broken"] = _game_with(state_cls)
        return "broken"
    yield put
    registry.GAME_MODULES.pop("broken", None)
    registry._loaded.pop("broken", None)


@pytest.mark.parametrize(("state_cls", "message"), [
    (LeakyView, "shows secret card"),
    (LegalMovesTell, "legal moves of seat"),
    (AcceptsUnlisted, "which legal_moves does not list"),
    (ParserCrashes, "raised ValueError"),
    (WrongLabel, "is not 'broken:<spec label>'"),
    (NotZeroSum, "do not sum to 0"),
    (RejectionMutates, "changed the state"),
    (SecretTooWide, "changed when its secret cards were resampled"),
    (ErrorLeaks, "depends on cards hidden from seat"),
])
def test_a_broken_game_fails_conformance(register: Any, state_cls: type[State], message: str) -> None:
    gid = register(state_cls)
    with pytest.raises(ConformanceError, match=message):
        check_game(gid, 2, playouts=10, deep_every=1)


def test_the_sound_toy_game_passes() -> None:
    report = check_game("toy", 2, playouts=10, deep_every=1)
    assert report.playouts == 10 and report.rejected > 0 and report.resampled > 0
    assert check_match("toy", 2, rules={"target": 200}, deals=3) == 6


def test_view_tokens_find_cards_inside_text() -> None:
    tokens = view_tokens({"pile": ["0:A♠", "1:10♥"], "note": "7♦-8♦ and BJ", "as": "The th"})
    assert tokens == {"A♠": 1, "10♥": 1, "7♦": 1, "8♦": 1, "BJ": 1}
    assert view_tokens({"stand_in": "JK=8♥"}) == {"JK": 1}
