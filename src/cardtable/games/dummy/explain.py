"""Score lines of Thai Dummy (ดัมมี่) for a person: card values added up, penalties named.

Every sentence is built from the item's rule, points, cards and turn and the table's options
(the multipliers), so it can be said in any language; the English notes stay data."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...i18n import N_, _
from ...parts.screen import ExplainContext, card_sum, seat_ref
from .meldlogic import card_value

SCORING_NOTE = N_("Cards tabled count for you, cards left in hand against you "
                  "(2♣ and Q♠, the spetos, 50; A 15; 10, J, Q, K 10; 2–9 5); a penalty costs the "
                  "amount of its rule in this table's options (50 by default).")

_PENALTIES = {
    "dummy:O3": N_("penalty: discarded {cards}, which could have been laid off"),
    "dummy:O4": N_("penalty: discarded {cards}, which melds with two cards in the pile"),
    "dummy:O6": N_("penalty: fed the head card with {cards}"),
    "dummy:O7": N_("penalty: fed a speto with {cards}"),
    "dummy:O8": N_("penalty: fed a lone speto connector with {cards}"),
    "dummy:P1": N_("penalty: discarded {cards}, after which the next seat picked up and knocked"),
}
# a penalty entered at a real table without its card (the scorekeeper: the card is optional)
_PENALTIES_NO_CARD = {
    "dummy:O3": N_("penalty: a discard that could have been laid off"),
    "dummy:O4": N_("penalty: a discard that melds with two cards in the pile"),
    "dummy:O6": N_("penalty: fed the head card"),
    "dummy:O7": N_("penalty: fed a speto"),
    "dummy:O8": N_("penalty: fed a lone speto connector"),
    "dummy:P1": N_("penalty: a discard after which the next seat picked up and knocked"),
}
_KNOCK = {
    "dummy:O1": N_("knocked with a speto ({cards}): bonus"),
    "dummy:O2": N_("knocked with {cards}, a card that could have been laid off: bonus"),
    "dummy:B23": N_("knocked with {cards}: the knock card's value"),
    "dummy:S8": N_("showed both spetos ({cards}) before the first action: bonus"),
}
# rule: (sentence, the option that holds its multiplier)
_MULTIPLIED = {
    "dummy:B20": (N_("dark knock (knocked without melding before): the knocker's total counts ×{times}, "
                     "so {times} − 1 more times"), "dark_multiplier", 2),
    "dummy:B21": (N_("colour knock (everything tabled is one suit): the knocker's total counts ×{times}, "
                     "so {times} − 1 more times"), "color_multiplier", 2),
    "dummy:B22": (N_("dark colour knock: the knocker's total counts ×{times}, so {times} − 1 more times"),
                  "dark_color_multiplier", 4),
}
# the seat and turn of a pickup that charged a feed (O6–O8), or of a speto laid on (O9): the
# engine's note holds them and no other field does
_MELDED = re.compile(r"seat (\d+) melded (them|it) in turn (\d+)")
_LAID = re.compile(r"^seat (\d+) laid ")
# a penalty entered at a real table with the seat that profited (tally.py's note), no turn
_CALLED = re.compile(r"^called at the table; seat (\d+) melded it$")
_PICKED = re.compile(r"^seat (\d+) picked up after this discard and knocked$")


def penalty_text(item: dict[str, Any], names: Sequence[str]) -> str | None:
    """A penalty item (``O3``–``O9``, ``P1``) as a sentence, or None for another rule."""
    rule = str(item.get("rule", ""))
    cards = " ".join(item.get("cards") or [])
    note = str(item.get("note") or "")
    turn = item.get("turn")
    if rule == "dummy:O9":
        m = _LAID.match(note)
        if m and cards:
            return _("{seat} laid {card} off next to a card {owner} placed", card=cards,
                     seat=seat_ref(int(m.group(1)), names), owner=seat_ref(int(item["seat"]), names))
        return None
    if rule not in _PENALTIES:
        return None
    picked = _PICKED.match(note)
    if rule == "dummy:P1" and picked and not cards:
        return _("penalty: a discard after which {seat} picked up and knocked",
                 seat=seat_ref(int(picked.group(1)), names))
    line = _(_PENALTIES[rule], cards=cards) if cards else _(_PENALTIES_NO_CARD[rule])
    called = _CALLED.match(note)
    if called:
        line += " (" + _("{seat} melded it", seat=seat_ref(int(called.group(1)), names)) + ")"
    m = _MELDED.search(note)
    if m:
        who = seat_ref(int(m.group(1)), names)
        line += " (" + (_("{seat} melded them in turn {turn}", seat=who, turn=m.group(3)) if m.group(2) == "them"
                        else _("{seat} melded it in turn {turn}", seat=who, turn=m.group(3))) + ")"
    if turn is not None:
        line += ", " + _("turn {turn}", turn=turn)
    return line


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = list(item.get("cards") or [])
    points = int(item["points"])
    rule = str(item.get("rule", ""))
    opts = ctx.options
    if rule in ("dummy:S1", "dummy:S2", "dummy:S4") and cards:
        text, total = card_sum(cards, card_value)
        if abs(points) == total:
            return (_("cards tabled: {cards} = {total}", cards=text, total=total) if points >= 0
                    else _("cards left in hand: {cards} = −{total}", cards=text, total=total))
    if rule in _KNOCK and cards:
        return _(_KNOCK[rule], cards=" ".join(cards))
    if rule == "dummy:B19":
        return _("knock bonus")
    if rule in _MULTIPLIED:
        sentence, key, default = _MULTIPLIED[rule]
        return _(sentence, times=opts.get(key, default))
    if rule == "dummy:B24":
        prev = ctx.partner_item(-1) or {}
        _s, key, default = _MULTIPLIED.get(str(prev.get("rule")), (None, "dark_multiplier", 2))
        return _("penalties ×{times}: the penalties count again", times=opts.get(key, default))
    if rule == "dummy:S3":
        return _("dark minus (tabled nothing): the cards left in hand count ×{times}",
                 times=opts.get("dark_minus_factor", 2))
    if rule == "dummy:S6":
        return _("speto held at the end ({cards}): counts ×{times}", cards=" ".join(cards),
                 times=opts.get("speto_in_hand_multiplier", 1))
    if rule == "dummy:B26" and cards:
        return _("head card {card} tabled", card=cards[0])
    said = penalty_text(item, ctx.names)
    if said is not None:
        return said
    note = ctx.words(str(item.get("note", "")))
    if cards and not all(c in note for c in cards):
        note += ": " + " ".join(cards)
    return note
