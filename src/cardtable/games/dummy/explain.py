"""Score lines of Thai Dummy (ดัมมี่) for a person: card values added up, penalties named."""

from __future__ import annotations

from typing import Any

from ...explanation import ExplainContext, card_sum
from .meldlogic import card_value

SCORING_NOTE = ("Cards tabled count for you, cards left in hand against you "
                "(2♣ and Q♠, the spetos, 50; A 15; 10, J, Q, K 10; 2–9 5); a penalty costs the "
                "amount of its rule in this table's options (50 by default).")

_PENALTIES = {
    "dummy:O3": "penalty: discarded {c}, which could have been laid off",
    "dummy:O4": "penalty: discarded {c}, which melds with two cards in the pile",
    "dummy:O6": "penalty: fed the head card with {c}",
    "dummy:O7": "penalty: fed a speto with {c}",
    "dummy:O8": "penalty: fed a lone speto connector with {c}",
    "dummy:P1": "penalty: discarded {c}, after which the next seat picked up and knocked",
}


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = list(item.get("cards") or [])
    note = ctx.words(str(item.get("note", "")))
    points = int(item["points"])
    if note in ("cards tabled", "cards left in hand") and cards:
        text, total = card_sum(cards, card_value)
        if abs(points) == total:
            sign = "" if points >= 0 else "−"
            return f"{note}: {text} = {sign}{total}"
    rule = str(item.get("rule", ""))
    if rule in _PENALTIES and cards:
        line = _PENALTIES[rule].format(c=" ".join(cards))
        detail = note.split(";", 1)[1].strip() if ";" in note else ""
        return line + (f" ({detail})" if detail else "") + (
            f", turn {item['turn']}" if item.get("turn") is not None else "")
    if cards and not all(c in note for c in cards):
        note += ": " + " ".join(cards)
    return note
