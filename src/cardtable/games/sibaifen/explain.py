"""Score lines of 四百分 for a person: the contract, the card points and the kitty (§3.7)."""

from __future__ import annotations

import re
from typing import Any

from ...explanation import ExplainContext, card_sum
from .state import POINTS

SCORING_NOTE = ("Partners sit opposite. A made contract scores its value for each declarer; "
                "a failed one gives the shortfall to each defender. Card points: K 25, 2 25, "
                "Q 20, J 15, 10 10, 5 5; the buried kitty goes to the side that wins the last trick.")

_NOTE = re.compile(r"contract (\d+) (made|failed) with (\d+) \(kitty (\d+) to side of seat (\d+)\)")


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    note = str(item.get("note", ""))
    m = _NOTE.match(note)
    if not m:
        return ctx.words(note)
    contract, made, took, kitty, last = m.groups()
    view = ctx.view or {}
    buried = view.get("kitty") or view.get("buried") or []     # at the end: the buried cards
    kitty_cards, total = card_sum(buried, lambda c: POINTS[c % 64]) if buried else ("", 0)
    counted = [c for c in kitty_cards.split(" + ") if not c.endswith(" 0")]
    detail = f": {' + '.join(counted)}" if buried and total == int(kitty) and counted else ""
    kitty_text = f"kitty {kitty} to {ctx.seat(last, possessive=True)} side{detail}"
    if made == "made":
        return (f"contract {contract} made with {took} card points ({kitty_text}); "
                "the excess does not count")
    return (f"contract {contract} failed with {took} card points ({kitty_text}): "
            f"shortfall {int(contract) - int(took)} to each defender")


def deal_note(view: dict[str, Any]) -> str | None:
    if view.get("thrown_in") or (view.get("declarer") is None and view.get("over")):
        return "Everyone passed: the deal is thrown in and nobody scores."
    return None
