"""Score lines of 捡十四分 for a person: each picked pair with its suit points (§6.4)."""

from __future__ import annotations

from typing import Any

from ...cards import parse_card
from ...explanation import ExplainContext
from .scoring import card_points

SCORING_NOTE = ("Each card in the pairs you picked scores by its suit: ♠ 4, ♥ 3, ♦ 2, ♣ 1; "
                "the highest total wins.")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = list(item.get("cards") or [])
    points = int(item["points"])
    values = [card_points(parse_card(c), 0) for c in cards]
    jokers = [i for i, c in enumerate(cards) if parse_card(c).is_joker]
    if jokers:      # a joker's points are an option; what is left of the total is theirs
        each = (points - sum(values)) // len(jokers)
        for i in jokers:
            values[i] = each
    note = str(item.get("note", ""))
    whose = "picked by you" if ctx.names[item["seat"]] == "You" and note == "picked pair" else \
        "picked" if note == "picked pair" else ctx.words(note.replace("'s picked pair", "'s pair"))
    if sum(values) == points and cards:
        arithmetic = " + ".join(f"{c} {v}" for c, v in zip(cards, values, strict=True))
        return f"pair {' + '.join(cards)} {whose}: {arithmetic}"
    return f"pair {' + '.join(cards)} {whose}"
