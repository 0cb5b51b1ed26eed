"""Stacked deals for the 捉黑A tests."""

from __future__ import annotations

from typing import Any

from cardtable.cards import card_str, make_pack, parse_cards
from cardtable.climbing import climb_rank
from cardtable.registry import new_game


def full_deal(fixed: dict[int, str], players: int = 4, first: int = 0,
              jokers: bool = True) -> list[list[str]]:
    """Hands holding the ``fixed`` cards, the rest of the pack dealt round (lowest first)."""
    pack = make_pack(named_jokers=2 if jokers else 0)
    want = [0] * players
    for i in range(len(pack)):
        want[(first + i) % players] += 1
    hands = {s: parse_cards(fixed.get(s, "")) for s in range(players)}
    used = {c for h in hands.values() for c in h}
    rest = sorted((c for c in pack if c not in used), key=lambda c: (climb_rank(c), c))
    s = 0
    for c in rest:
        while len(hands[s]) >= want[s]:
            s = (s + 1) % players
        hands[s].append(c)
        s = (s + 1) % players
    return [[card_str(c) for c in hands[i]] for i in range(players)]


def state(fixed: dict[int, str], dealer: int = 0, players: int = 4,
          rules: dict[str, Any] | None = None, **extra: Any) -> Any:
    jokers = (rules or {}).get("use_jokers", True)
    deal = {"hands": full_deal(fixed, players, dealer, jokers), "dealer": dealer, **extra}
    return new_game("zhuoheia", players, rules=rules, deal=deal)
