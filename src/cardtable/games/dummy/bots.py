"""Dummy bots.  ``heuristic``: takes profitable pickups, tables what it can, knocks at once, and
discards the card the penalty rules punish least (O3, O4, O6–O8 risks from the view)."""

from __future__ import annotations

import random
from typing import Any

from ...cards import parse_card
from ...moves import Move
from ...parts.botbase import ViewBot, moves_by_verb
from .meldlogic import card_value, connector, meld_tables, speto_groups


def _cards(strs: list[str]) -> list[int]:
    return [int(parse_card(s)) for s in strs]


class HeuristicBot(ViewBot):
    """Greedy, penalty-aware; sees only the view and the legal moves."""

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        by_verb = moves_by_verb(legal)
        for verb in ("show", "knock"):
            if verb in by_verb:
                return by_verb[verb][0]
        head = int(parse_card(view["head"]))
        pile = _cards(view["discard_pile"])
        if "take" in by_verb or "draw" in by_verb or "pass" in by_verb:
            return self._take(view, by_verb, head, pile)
        tabling = by_verb.get("meld", []) + by_verb.get("layoff", [])
        if tabling:
            return max(tabling, key=lambda m: (sum(card_value(c) for c in m.cards), len(m.cards)))
        discards = by_verb.get("discard", [])
        if discards:
            return min(discards, key=lambda m: self._discard_cost(view, int(m.cards[0]), head, pile))
        return legal[rng.randrange(len(legal))]

    def _take(self, view: dict[str, Any], by_verb: dict[str, list[Move]], head: int,
              pile: list[int]) -> Move:
        best: Move | None = None
        best_score = 0.0
        for m in by_verb.get("take", []):
            t = int(m.cards[0])
            depth = len(pile) - pile.index(t)
            meld = m.groups[0] if m.target != "on" else (m.cards[0],)
            value = sum(card_value(c) for c in meld)
            if t == head and view["head_in_pile"]:
                value += 45
            score = value - 4 * max(0, depth - 1) + 10
            if score > best_score:
                best, best_score = m, score
        if best is not None and (view["final_turn"] or best_score > 15 or "draw" not in by_verb):
            return best
        if "draw" in by_verb:
            return by_verb["draw"][0]
        if "pass" in by_verb:
            return by_verb["pass"][0]
        return best if best is not None else by_verb["take"][0]

    def _discard_cost(self, view: dict[str, Any], c: int, head: int, pile: list[int]) -> float:
        """Expected penalty of discarding c, minus a wish to shed points, plus a wish to keep
        cards that connect to the rest of the hand."""
        tables = meld_tables(False)
        pile_mask = sum(1 << d for d in pile)
        melds = [sum(1 << x for x in _cards(m["cards"])) for m in view["melds"]]
        cost = 0.0
        bit = 1 << c
        if any(tables.is_meld(m | bit) for m in melds):
            cost += 50                                     # O3
        if any(m.bit_count() == 3 and (m ^ bit) & pile_mask == m ^ bit for m in tables.with_card[c]):
            cost += 50                                     # O4
        if view["head_in_pile"] and connector(head, c):
            cost += 25                                     # O6 risk
        _, _, conn, related = speto_groups(False)
        if related & bit:
            cost += 30 if pile_mask & related else 15      # O7 / O8 risk
        seat = view["seat"]
        hand = _cards(view["hands"][seat])
        links = sum(1 for h in hand if h != c and connector(h, c))
        cost += 6 * links
        cost -= card_value(c) / 5
        return cost


BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot}
