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


_KNOCK = {
    "dummy:O1": "knocked with a speto ({c}): bonus",
    "dummy:O2": "knocked with {c}, a card that could have been laid off: bonus",
    "dummy:B23": "knocked with {c}: the knock card's value",
    "dummy:S8": "showed both spetos ({c}) before the first action: bonus",
}
_MULTIPLIED = {
    "dummy:B20": "dark knock (knocked without melding before)",
    "dummy:B21": "colour knock (everything tabled is one suit)",
    "dummy:B22": "dark colour knock",
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
    if rule in _KNOCK and cards:
        return _KNOCK[rule].format(c=" ".join(cards))
    if rule == "dummy:B19":
        return "knock bonus"
    if rule in _MULTIPLIED:
        times = note.rsplit("×", 1)[-1]
        return f"{_MULTIPLIED[rule]}: the knocker's total counts ×{times}, so {times} − 1 more times"
    if rule == "dummy:B24":
        return f"{note}: the penalties count again"
    if rule == "dummy:S3":
        times = note.rsplit("×", 1)[-1]
        return f"dark minus (tabled nothing): the cards left in hand count ×{times}"
    if rule == "dummy:S6":
        return f"speto held at the end ({' '.join(cards)}): counts ×{note.rsplit('×', 1)[-1]}"
    if rule in _PENALTIES and cards:
        line = _PENALTIES[rule].format(c=" ".join(cards))
        detail = note.split(";", 1)[1].strip() if ";" in note else ""
        return line + (f" ({detail})" if detail else "") + (
            f", turn {item['turn']}" if item.get("turn") is not None else "")
    if cards and not all(c in note for c in cards):
        note += ": " + " ".join(cards)
    return note
