"""Hints and discard warnings for a person playing Dummy (``cardtable.advice``).

Everything comes from the seat's view: its hand, the table melds, the pile, the head card and
the rules in force.  A discard is warned about when the penalty rules punish it at once (O3: it
could be laid off on a table meld; O4: it melds with two pile cards) or when it feeds a penalty
the next player can collect (O6: it connects to the head card lying in the pile; O7: it is
related to a speto and a related card is in the pile).
"""

from __future__ import annotations

from typing import Any

from ...cards import cards_str, mask_of, parse_card
from ...i18n import _
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from .bots import HeuristicBot
from .meldlogic import card_value, connector, meld_tables, speto_groups
from .notation import text
from .penalties import ting_mee, ting_tem
from .tablemelds import TableMeld


def _cards(strs: list[str]) -> list[int]:
    return [int(parse_card(s)) for s in strs]


def _table(view: dict[str, Any]) -> list[TableMeld]:
    """The table melds as the penalty functions read them (lay-off history not in the view:
    every end is treated as open, which can only over-warn under ``layoff_chain_allowed=false``)."""
    out = []
    for m in view.get("melds", []):
        mask = mask_of(_cards(m["cards"]))
        out.append(TableMeld(int(m.get("owner", 0)), mask, mask, 0, 0))
    return out


def discard_risks(view: dict[str, Any], card: int) -> list[str]:
    """The penalties a discard of ``card`` draws (certain) or risks, each as a sentence."""
    o = view.get("options", {})
    ace_low = bool(o.get("ace_low_allowed", False))
    tables = meld_tables(ace_low)
    pile = _cards(view.get("discard_pile", []))
    pile_mask = mask_of(pile)
    out = []
    if o.get("opt_ting_mee", 50) and ting_mee(card, _table(view), tables,
                                               bool(o.get("layoff_chain_allowed", True))):
        out.append(_("it can be laid off on a table meld: −{points} at once (O3 ทิ้งมี่)",
                     points=o.get("opt_ting_mee", 50)))
    if o.get("opt_ting_tem", 50) and ting_tem(card, pile_mask, tables):
        out.append(_("it makes a meld with two cards in the pile: −{points} at once (O4 ทิ้งเต็ม)",
                     points=o.get("opt_ting_tem", 50)))
    head = int(parse_card(view["head"])) if view.get("head") else -1
    if o.get("opt_pee_hua", 50) and view.get("head_in_pile") and head >= 0 and connector(head, card, ace_low):
        out.append(_("it connects to the head card {card} in the pile: −{points} if the next player picks "
                     "them up into one meld (O6 ปี้หัว)", card=view["head"], points=o.get("opt_pee_hua", 50)))
    _c2, _cq, _conn, related = speto_groups(ace_low)
    if o.get("opt_pee_speto", 50) and related >> card & 1 and pile_mask & related & ~(1 << card):
        out.append(_("it is related to a speto and a related card is in the pile: −{points} if the next "
                     "player melds them with a speto (O7)", points=o.get("opt_pee_speto", 50)))
    return out


def warn(view: dict[str, Any], move: Move) -> str | None:
    if move.verb != "discard" or len(move.cards) != 1:
        return None
    risks = discard_risks(view, int(move.cards[0]))
    if not risks:
        return None
    return _("discarding {card}: {risks}", card=move.cards[0], risks="; ".join(risks))


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    seat = view.get("seat")
    if not isinstance(seat, int) or not isinstance(view.get("hands", [None])[seat], list):
        return None
    bot = HeuristicBot()
    move = pick_by_bot(bot, view, legal)
    if move.verb == "discard" and discard_risks(view, int(move.cards[0])):
        safe = [m for m in legal if m.verb == "discard" and not discard_risks(view, int(m.cards[0]))]
        if safe:        # the bot weighs risks against keeping connectors; a hint avoids them
            head = int(parse_card(view["head"]))
            pile = _cards(view["discard_pile"])
            move = min(safe, key=lambda m: bot._discard_cost(view, int(m.cards[0]), head, pile))
    if len(legal) == 1:
        return Hint(move, _("the only move now"))
    v = move.verb
    if v == "knock":
        return Hint(move, _("you can go out: knock, and the others pay for the cards they still hold"))
    if v == "show":
        return Hint(move, _("show both spetos now for the bonus"))
    if v == "take":
        group = move.groups[0] if move.groups else ()
        pts = sum(card_value(c) for c in group) if move.target != "on" else card_value(move.cards[0])
        head = bool(move.cards and str(move.cards[0]) == view.get("head"))
        card, cards = move.cards[0], cards_str(group)
        if move.target == "on":
            return Hint(move, _("pick up {card}: it lays off on a table meld, worth {points} points on the table "
                                "and it takes the head card (worth 50)", card=card, points=pts) if head else
                        _("pick up {card}: it lays off on a table meld, worth {points} points on the table",
                          card=card, points=pts))
        return Hint(move, _("pick up {card}: it melds {cards}, worth {points} points on the table and it takes "
                            "the head card (worth 50)", card=card, cards=cards, points=pts) if head else
                    _("pick up {card}: it melds {cards}, worth {points} points on the table", card=card,
                      cards=cards, points=pts))
    if v == "draw":
        return Hint(move, _("no pickup from the pile is worth its cost: draw from the stock"))
    if v == "pass":
        return Hint(move, _("nothing worth picking up: pass"))
    if v in ("meld", "layoff"):
        pts = sum(card_value(c) for c in move.cards)
        return Hint(move, _("table {cards} ({points} points): cards on the table count for you, cards left in "
                            "hand against you", cards=cards_str(move.cards), points=pts))
    if v == "discard":
        c = int(move.cards[0])
        risks = discard_risks(view, c)
        if not risks:
            return Hint(move, _("no penalty the table shows, and {card} connects least to the rest of your hand",
                                card=move.cards[0]))
        return Hint(move, _("every discard risks something; this one least: {risk}", risk=risks[0]))
    return Hint(move, _("the heuristic bot's choice"))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), text)
