"""Score lines of 五十一分 for a person: which declaration won and what it records (§5.4–§5.6)."""

from __future__ import annotations

import re
from typing import Any

from ...explanation import ExplainContext, card_sum
from .scoring import card_value

SCORING_NOTE = ("A hand is worth its cards when they are all of one suit (jokers fill in; "
                "A 11, J Q K 10, jokers 10, others their pips). Only a declaration scores: 明亮 (open) — the "
                "best hand shown records its value; 暗亮 (hidden) — a challenger (顶) who is higher "
                "scores twice his value, else the declarer adds the challenger's value to his own.")

_BEATS = re.compile(r"暗亮: the declarer beats the challenger: (\d+) \+ (\d+)")
_WORDS = {
    "暗亮: the challenger is higher and scores twice his value":
        "challenged (顶) the 暗亮 hidden declaration and was higher: twice the hand's value",
    "暗亮 not challenged: the declarer records his value":
        "暗亮 hidden declaration, not challenged: records the hand's value",
    "暗亮 tie: each records his own value": "暗亮 challenge tied: records the hand's own value",
    "明亮: best hand records its value": "明亮 open declaration: best hand shown, records its value",
    "明亮: tied best hand records its value": "明亮 open declaration: tied best hand, records its value",
}
NOTE_VOID = "The stock ran out and nobody declared: the deal is void and nobody scores."


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    cards = list(item.get("cards") or [])
    points = int(item["points"])
    m = _BEATS.match(note)
    if m:
        own, theirs = m.groups()
        value = int(own)
        text = (f"暗亮 hidden declaration beat the challenger (顶): own value {own} + the "
                f"challenger's {theirs} = {value + int(theirs)}")
    else:
        value = points // 2 if "twice" in note else points
        text = _WORDS.get(note, ctx.words(note))
    if not cards:
        return text
    arithmetic, total = card_sum(cards, card_value)
    hand = f"{arithmetic} = {total}" if total == value else " ".join(cards)
    return f"{text}; hand {hand}"


def deal_note(view: dict[str, Any]) -> str | None:
    return NOTE_VOID if view.get("void") else None
