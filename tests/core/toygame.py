"""A tiny game used to test the core contract, and the template to copy for a new game:
"high card".

Two or three players hold three cards each and play one card per turn in seat order onto a
face-up pile.  When all are played, each seat loses its total of rank numbers and the highest
total wins the sum of the others' totals, so every deal is zero-sum.

A real game is a package ``src/cardtable/games/<id>/`` (rules.py, state.py, scoring.py …,
and one module per part); here the rules, the state and the scoring are this file and the
parts are the sibling package ``toyparts/`` (layout, explain, advice, encoding, bots,
render).  The module exports ``GAME`` and ``PARTS``: the registry loads ``GAME`` for the
engine and ``PARTS`` only through ``cardtable.registry.game_parts``, which every outer layer
asks (docs/architecture.md, CONTRIBUTING.md "Adding a game").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardtable.cards import Card, card_str, cards_json, make_pack, shuffled
from cardtable.deal import Deal, deal_round_robin
from cardtable.game import Game, MatchEnd, State
from cardtable.moves import Move, parse_default_move
from cardtable.options import Options, option
from cardtable.parts import Advice, EncodingPart, Explanation, GameParts, Layout
from cardtable.scoring import ScoreItem

from .toyparts import advice, encoding, explain, layout
from .toyparts.bots import HighFirstBot
from .toyparts.render import render


@dataclass(frozen=True)
class ToyOptions(Options):
    hand_size: int = option(3, "cards per hand", min=1, max=5)
    target: int = option(1, "match ends when a seat's total reaches this", min=1)


class ToyState(State):
    def __init__(self, game: Game[Any], options: Options, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        self.hands = [list(h) for h in deal.hands]
        self.pile: list[tuple[int, Card]] = []
        self.turn = 0

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn % self.players,)

    @property
    def is_over(self) -> bool:
        return all(not h for h in self.hands)

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        seat = self.to_move()[0] if seat is None else seat
        if seat not in self.to_move():
            return []
        return [Move("play", (c,)) for c in sorted(self.hands[seat])]

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if move.verb != "play":
            return f"unknown verb {move.verb!r}; the only move is 'play <card>'"
        if len(move.cards) != 1 or move.groups or move.target:
            return "play names exactly one card"
        if move.cards[0] not in self.hands[seat]:
            return f"{card_str(move.cards[0])} is not in your hand"
        return None

    def _play(self, seat: int, move: Move) -> None:
        self.hands[seat].remove(move.cards[0])
        self.pile.append((seat, move.cards[0]))
        self.turn += 1

    def score_items(self) -> list[ScoreItem]:
        if not self.is_over:
            return []
        sums = [0] * self.players
        for s, c in self.pile:
            sums[s] += c.rank
        best = max(range(self.players), key=lambda s: (sums[s], -s))
        items = [ScoreItem(s, -sums[s], "toy:1") for s in range(self.players) if s != best]
        items.append(ScoreItem(best, sum(sums) - sums[best], "toy:1"))
        return items

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"hand": cards_json(sorted(self.hands[seat])) if seat is not None else None,
                "hand_sizes": [len(h) for h in self.hands],
                "pile": [f"{s}:{card_str(c)}" for s, c in self.pile],
                # the phase the screens word (the layout part's PHASES)
                "phase": "done" if self.is_over else "play"}

    def secret_cards(self, seat: int | None) -> list[Card]:
        return [c for s, h in enumerate(self.hands) if s != seat for c in h] + list(self.deal.stock)

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        places["pile"] = [c for _, c in self.pile]
        places["stock"] = list(self.deal.stock)
        return places

    def parse_move(self, text: str, seat: int) -> Move:
        return parse_default_move(text)

    def move_text(self, move: Move) -> str:
        return str(move)


class ToyGame(Game[ToyOptions]):
    id = "toy"
    name = "High card (test game)"
    native_name = "High card"
    min_players = 2
    max_players = 3
    default_players = 2
    options_class = ToyOptions
    sum_rule = "zero"
    allow_missing_cards = False
    # The game facts (aliases, lower_scores_win, family, hard_playouts, heuristic_playouts,
    # conformance_configs, move_bound(); see Game in src/cardtable/game.py) keep their
    # defaults here, which suit a test game.  A real game states those that differ, e.g. gin:
    #     aliases = ("gin rummy", "ginrummy")   family = "rummy"   hard_playouts = 500
    #     heuristic_playouts = True   def move_bound(...): the most moves a deal can take

    def pack(self, players: int, options: Options) -> list[Card]:
        return make_pack()

    def deal(self, players: int, options: Options, rng: random.Random, context: dict[str, Any]) -> Deal:
        assert isinstance(options, ToyOptions)
        hands, rest = deal_round_robin(shuffled(self.pack(players, options), rng), players, options.hand_size)
        return Deal(hands, rest, [], {"dealer": context.get("dealer", 0)})

    def start(self, players: int, options: Options, deal: Deal) -> State:
        return ToyState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        assert isinstance(match.options, ToyOptions)
        t = match.deal_totals
        if max(t) < match.options.target:
            return None
        best = max(t)
        return MatchEnd([s for s, v in enumerate(t) if v == best],
                        [ScoreItem(s, 10, "toy:2", note="match win bonus") for s, v in enumerate(t) if v == best])


GAME = ToyGame()


# --- the parts: what the outer layers use besides the rules (cardtable/parts) ------------------
# Each part is optional: a game without one gets the layer's generic fallback (see
# CONTRIBUTING.md "Adding a game").  The toy declares every part a game usually has; gin's
# referee and 十三张's rows assist are left out because the toy has no table laws and no rows.
PARTS = GameParts(
    # the table screen: public zones in reading order, phase words, the ace sorted low, a note
    layout=Layout(zones=layout.zones, phases=layout.PHASES, ace_low=layout.ACE_LOW,
                  move_note=layout.move_note),
    # score items in words, and how to read the scores
    explanation=Explanation(explain.explain, explain.SCORING_NOTE),
    # a hint (a legal move and why), a warning before a costly move, the hint as a text line
    advice=Advice(advice.advise, warn=advice.warn, line=advice.hint),
    # the research API: action vocabulary and observation fields; the module doc, in prose,
    # opens the game's generated docs section (python -m cardtable.rl.describe)
    encoding=EncodingPart(encoding.encoding, encoding.__doc__ or ""),
    # the game's own bots, strongest first; default_bot unset: "heuristic" is the default
    bots={"heuristic": HighFirstBot},
    # the terminal's own text drawing of a view
    render=render,
)
