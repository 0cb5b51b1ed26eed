"""cardtable: rules engine, bots and play apps for traditional card games.

    >>> import cardtable
    >>> state = cardtable.new_game("gin", seed=1)
    >>> state.seats_to_move
    (0,)

A state's facts are properties (``is_over``, ``scores``, ``seats_to_move``,
``winning_seats``); what needs an argument or does work is a method (``legal_moves(seat)``,
``view(seat)``, ``apply(move)``).  ``to_move()`` and ``winners()``, the hooks every game
implements, stay callable.
"""

from __future__ import annotations

from . import games
from .cards import Card, card_str, parse_card, parse_cards
from .errors import BadCard, BadOption, CardtableError, IllegalMove, ScenarioError, UnknownGame
from .game import Game, MatchEnd, State
from .match import Match
from .moves import Move
from .registry import get_game, new_game, new_match
from .scoring import ScoreItem

__all__ = [
    "BadCard", "BadOption", "Card", "CardtableError", "Game", "IllegalMove", "Match",
    "MatchEnd", "Move", "ScenarioError", "ScoreItem", "State", "UnknownGame", "card_str",
    "games", "get_game", "new_game", "new_match", "parse_card", "parse_cards",
]
__version__ = "0.1.0"
