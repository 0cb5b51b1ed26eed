"""A deal: where every card lies before the first move (the scenario file's ``deal`` object)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import COPY_STRIDE, Card, assign_copies, card_str, cards_json, parse_card
from .errors import BadCard, ScenarioError

CARD_LIST_KEYS = ("stock", "discard")
#: deal keys that name a seat wherever a game uses them (the match code rotates them)
SEAT_KEYS = ("dealer", "starter")

@dataclass
class Deal:
    """``hands`` in seat order; ``stock`` top card first; ``discard`` bottom card first.

    ``extra`` holds a game's own keys (``dealer``, ``kitty`` ...); card lists there are
    parsed into cards when the game names them in ``Game.deal_card_keys``.
    """

    hands: list[list[Card]]
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def all_cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h] + self.stock + self.discard
        for v in self.extra.values():
            if isinstance(v, list) and v and isinstance(v[0], Card):
                out += v
        return out

    def relabel(self, mapping: dict[int, int]) -> Deal:
        def m(cs: list[Card]) -> list[Card]:
            return [Card(mapping.get(c, c)) for c in cs]
        extra = {k: (m(v) if isinstance(v, list) and v and isinstance(v[0], Card) else v)
                 for k, v in self.extra.items()}
        return Deal([m(h) for h in self.hands], m(self.stock), m(self.discard), extra)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"hands": [cards_json(h) for h in self.hands],
                             "stock": cards_json(self.stock), "discard": cards_json(self.discard)}
        for k, v in self.extra.items():
            d[k] = cards_json(v) if isinstance(v, list) and v and isinstance(v[0], Card) else v
        return d

    @classmethod
    def from_json(cls, data: Any, players: int, pack: Sequence[Card],
                  card_keys: Sequence[str] = (), allow_missing: bool = False,
                  field_name: str = "deal") -> Deal:
        """Parse and check a written deal against the game's pack.

        Repeated tokens get successive copy numbers (two-pack games).  A card the pack does
        not hold, or holds fewer times, is rejected; so are missing cards unless the game
        allows cards out of play.
        """
        if not isinstance(data, dict):
            raise ScenarioError(field_name, "must be an object with 'hands'")
        hands_raw = data.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != players:
            raise ScenarioError(f"{field_name}.hands", f"must be a list of {players} hands")
        lists: dict[str, list[Card]] = {}

        def parse_list(name: str, raw: Any) -> list[Card]:
            if not isinstance(raw, list):
                raise ScenarioError(f"{field_name}.{name}", "must be a list of card tokens")
            out = []
            for i, tok in enumerate(raw):
                if not isinstance(tok, str):
                    raise ScenarioError(f"{field_name}.{name}[{i}]", f"{tok!r} is not a card token")
                try:
                    out.append(parse_card(tok))
                except BadCard as e:
                    raise ScenarioError(f"{field_name}.{name}[{i}]", str(e)) from None
            return out

        hands = [parse_list(f"hands[{i}]", h) for i, h in enumerate(hands_raw)]
        for key in CARD_LIST_KEYS:
            lists[key] = parse_list(key, data.get(key, []))
        extra: dict[str, Any] = {}
        for key, raw in data.items():
            if key in ("hands",) + CARD_LIST_KEYS:
                continue
            if key in SEAT_KEYS and (isinstance(raw, bool) or not isinstance(raw, int)
                                     or not 0 <= raw < players):
                raise ScenarioError(f"{field_name}.{key}",
                                    f"must be a seat 0..{players - 1}, not {raw!r}")
            extra[key] = parse_list(key, raw) if key in card_keys else raw
        # copy numbers are given in reading order over the whole deal
        flat = [c for h in hands for c in h] + lists["stock"] + lists["discard"]
        flat += [c for k in card_keys if k in extra for c in extra[k]]
        physical = assign_copies(flat)
        it = iter(physical)
        hands = [[next(it) for _ in h] for h in hands]
        stock = [next(it) for _ in lists["stock"]]
        discard = [next(it) for _ in lists["discard"]]
        for k in card_keys:
            if k in extra:
                extra[k] = [next(it) for _ in extra[k]]
        try:
            _check_against_pack(physical, pack, allow_missing, field_name)
        except ScenarioError as e:
            stray = [k for k, v in extra.items() if k not in card_keys and _looks_like_cards(v)]
            if not stray:
                raise
            keys = ", ".join(("hands",) + CARD_LIST_KEYS + tuple(card_keys))
            raise ScenarioError(e.field, f"{str(e).partition(': ')[2]} (the deal key "
                                f"{stray[0]!r} is not one this game reads cards from: {keys})") from None
        return cls(hands, stock, discard, extra)

def _looks_like_cards(value: Any) -> bool:
    if not isinstance(value, list) or not value or not all(isinstance(t, str) for t in value):
        return False
    try:
        for t in value:
            parse_card(t)
    except BadCard:
        return False
    return True


def _check_against_pack(cards: Sequence[Card], pack: Sequence[Card], allow_missing: bool,
                        field_name: str) -> None:
    have = Counter(c % COPY_STRIDE for c in cards)
    avail = Counter(c % COPY_STRIDE for c in pack)
    for base, n in sorted(have.items()):
        if n > avail.get(base, 0):
            if avail.get(base, 0) == 0:
                raise ScenarioError(field_name, f"card {card_str(base)} is not in this game's pack")
            raise ScenarioError(field_name, f"card {card_str(base)} appears {n} times; "
                                f"the pack has {avail[base]}")
    if not allow_missing:
        missing = sorted((avail - have).elements())
        if missing:
            shown = " ".join(card_str(c) for c in missing[:12])
            more = "" if len(missing) <= 12 else f" and {len(missing) - 12} more"
            raise ScenarioError(field_name, f"{len(missing)} cards of the pack are not dealt "
                                f"({shown}{more}); this game keeps every card in play")

def deal_round_robin(cards: Sequence[Card], players: int, per_hand: int,
                     first: int = 0) -> tuple[list[list[Card]], list[Card]]:
    """Deal one card at a time in seat order starting at ``first``; return hands and rest."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    i = 0
    for _ in range(per_hand):
        for k in range(players):
            hands[(first + k) % players].append(cards[i])
            i += 1
    return hands, list(cards[i:])
