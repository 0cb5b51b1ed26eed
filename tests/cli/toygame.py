"""A tiny throwaway game for the CLI tests only (not a real game, not registered in src/).

"Toy tricks": 2–3 players, 3 cards each from a small pack.  If ``bids`` is on, every seat
first bids 0 or 1 at the same time (a simultaneous decision; bids stay hidden until all are
in).  Then tricks: the higher card wins (rank, then suit order ♠ > ♥ > ♦).  Each trick scores
``trick_points``; a bid of 1 with at least 2 tricks scores 1 more.  The match ends when a
total reaches ``game_target``; the winner gets a 2-point match bonus.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cardtable.cards import Card, card_str, cards_json, make_card, parse_card, shuffled
from cardtable.deal import Deal, deal_round_robin
from cardtable.errors import IllegalMove
from cardtable.game import Game, MatchEnd, State
from cardtable.moves import Move
from cardtable.options import Options, Preset, option
from cardtable.parts import GameParts
from cardtable.scoring import ScoreItem


@dataclass(frozen=True)
class ToyOptions(Options):
    game_target: int = option(3, "Total that ends the match", min=1, max=50, spec="toy 9")
    trick_points: int = option(1, "Points per trick", choices=(1, 2), spec="toy 4")
    bids: bool = option(True, "Start each deal with simultaneous bids", spec="toy 2")


def value(c: Card) -> int:
    return c.rank * 4 - c.suit


class ToyGame(Game[ToyOptions]):
    id = "toy"
    name = "Toy Tricks"
    native_name = "Zabawka"
    min_players = 2
    max_players = 3
    default_players = 2
    options_class = ToyOptions
    spec = "toy.md"

    @cached_property
    def presets(self) -> dict[str, Preset]:
        return {"quick": Preset("quick", "One-point matches", "test suite", {"game_target": 1}),
                "double": Preset("double", "Two points a trick", "test suite", {"trick_points": 2})}

    def pack(self, players: int, options: Options) -> list[Card]:
        return [make_card(r, s) for s in range(players) for r in (1, 2, 3)]

    def deal(self, players: int, options: Options, rng: random.Random,
             context: dict[str, Any]) -> Deal:
        hands, _ = deal_round_robin(shuffled(self.pack(players, options), rng), players, 3)
        return Deal(hands, [], [], {"dealer": context.get("dealer", 0)})

    def start(self, players: int, options: Options, deal: Deal) -> State:
        return ToyState(self, options, players, deal)

    def match_end(self, match: Any) -> MatchEnd | None:
        t = match.deal_totals
        if max(t) < match.options.game_target:
            return None
        win = [s for s, v in enumerate(t) if v == max(t)]
        return MatchEnd(win, [ScoreItem(s, 2, "toy:10", note="match bonus") for s in win])


class ToyState(State):
    options: ToyOptions

    def __init__(self, game: Game[Any], options: Options, players: int, deal: Deal) -> None:
        super().__init__(game, options, players, deal)
        assert isinstance(options, ToyOptions)
        self.hands = [list(h) for h in deal.hands]
        self.bids: list[int | None] = [None] * players if options.bids else [0] * players
        self.trick: list[tuple[int, Card]] = []
        self.played: list[Card] = []
        self.won = [0] * players
        self.leader = (int(deal.extra.get("dealer", 0)) + 1) % players

    @property
    def bidding(self) -> bool:
        return any(b is None for b in self.bids)

    def to_move(self) -> tuple[int, ...]:
        if self.bidding:
            return tuple(s for s, b in enumerate(self.bids) if b is None)
        if self.is_over:
            return ()
        return ((self.leader + len(self.trick)) % self.players,)

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        seat = self.to_move()[0] if seat is None else seat
        if seat not in self.to_move():
            return []
        if self.bidding:
            return [Move("bid", target="0"), Move("bid", target="1")]
        return [Move("play", (c,)) for c in sorted(self.hands[seat])]

    def why_illegal(self, seat: int, move: Move) -> str | None:
        if seat not in self.to_move():
            return "not your turn"
        if self.bidding:
            if move.verb != "bid":
                return "every seat bids first (bid 0 or bid 1)"
            return None if move.target in ("0", "1") else "a bid is 0 or 1"
        if move.verb != "play" or len(move.cards) != 1:
            return "play one card, e.g. 'play 2♠'"
        if move.cards[0] not in self.hands[seat]:
            return f"{card_str(move.cards[0])} is not in your hand"
        return None

    def _play(self, seat: int, move: Move) -> None:
        if move.verb == "bid":
            self.bids[seat] = int(move.target or 0)
            return
        card = move.cards[0]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == self.players:
            winner = max(self.trick, key=lambda sc: value(sc[1]))[0]
            self.won[winner] += 1
            self.played += [c for _, c in self.trick]
            self.trick = []
            self.leader = winner

    @property
    def is_over(self) -> bool:
        return not self.bidding and not self.trick and not any(self.hands)

    def score_items(self) -> list[ScoreItem]:
        items = [ScoreItem(s, n * self.options.trick_points, "toy:4", note=f"{n} trick(s)")
                 for s, n in enumerate(self.won) if n]
        items += [ScoreItem(s, 1, "toy:5", note="made the bid") for s, b in enumerate(self.bids)
                  if b == 1 and self.won[s] >= 2]
        return items

    def _view(self, seat: int | None) -> dict[str, Any]:
        bids = [b if (b is None or s == seat or not self.bidding) else "?"
                for s, b in enumerate(self.bids)]
        v: dict[str, Any] = {"hand_sizes": [len(h) for h in self.hands],
                             "trick": [f"{s}: {card_str(c)}" for s, c in self.trick],
                             "bids": bids, "tricks_won": list(self.won)}
        if seat is not None:
            v["hand"] = cards_json(sorted(self.hands[seat]))
        return v

    def secret_cards(self, seat: int | None) -> list[Card]:
        return [c for s, h in enumerate(self.hands) if s != seat for c in h]

    def card_places(self) -> dict[str, list[Card]]:
        places = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        places["trick"] = [c for _, c in self.trick]
        places["played"] = list(self.played)
        return places

    def parse_move(self, text: str, seat: int) -> Move:
        parts = text.split()
        if len(parts) == 2 and parts[0].lower() == "bid":
            return Move("bid", target=parts[1])
        if len(parts) == 2 and parts[0].lower() == "play":
            return Move("play", (parse_card(parts[1]),))
        raise IllegalMove(text, "moves are 'bid 0', 'bid 1' and 'play <card>'", seat)

    def move_text(self, move: Move) -> str:
        if move.verb == "bid":
            return f"bid {move.target}"
        return f"play {card_str(move.cards[0])}"

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        if move.verb == "bid" and viewer != seat and self.bidding:
            return "bid ?"
        return self.move_text(move)


class FirstBot:
    """Plays the first legal move."""

    name = "first"

    def __init__(self, game_id: str | None = None) -> None:
        self.game_id = game_id

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return legal[0]


GAME = ToyGame()
BOTS = {"first": FirstBot}
PARTS = GameParts(bots=BOTS)
