"""Hints and warnings for a person playing gin (``cardtable.advice``); view and legal moves only.

The hint is always one of the legal moves it is given: in the offer phases only ``take`` or
``pass`` are legal, so it never says "draw" there.  The knock warning (rule 32, undercut)
uses what the knocker can know: the opponent's cards seen taken from the pile (``known``) and,
when all of them are known, the exact lay-offs.
"""

from __future__ import annotations

from typing import Any

from ...cards import cards_of, cards_str, mask_of, parse_cards
from ...i18n import _
from ...melds import GIN
from ...moves import Move
from ...parts.hints import Hint
from .bots import HeuristicBot
from .notation import move_text


def _mask(cards: list[str]) -> int:
    return mask_of(parse_cards(cards)) if cards else 0


def _deadwood_after(hand: int, move: Move) -> int:
    return GIN.deadwood(hand & ~(1 << int(move.cards[0] % 64)))


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    hand = _mask(view["hand"])
    by_verb: dict[str, list[Move]] = {}
    for m in legal:
        by_verb.setdefault(m.verb, []).append(m)
    if "biggin" in by_verb:
        return Hint(by_verb["biggin"][0], _("big gin: all 11 cards meld (the biggest bonus)"))
    if "gin" in by_verb:
        return Hint(by_verb["gin"][0], _("gin: every card left melds, so no deadwood and the gin bonus"))
    if view.get("phase") == "defend":
        move = HeuristicBot()._defend(view, by_verb)
        if move.verb == "layoff":
            return Hint(move, _("laying {card} off on the knocker's meld lowers your deadwood",
                                    card=move.cards[0]))
        if move.verb == "meld":
            return Hint(move, _("these cards form a meld, so they do not count as deadwood"))
        return Hint(move, _("nothing more to meld or lay off"))
    discards = by_verb.get("discard", [])
    knocks = by_verb.get("knock", [])
    if discards or knocks:
        safe_knocks = [m for m in knocks if warn(view, m) is None]
        if safe_knocks:
            best = min(safe_knocks, key=lambda m: (_deadwood_after(hand, m), m.cards[0]))
            return Hint(best, _("knocking leaves deadwood {points}, within the knock limit {limit}",
                                points=_deadwood_after(hand, best), limit=view.get("knock_limit")))
        pool = discards or knocks
        best = min(pool, key=lambda m: HeuristicBot._discard_key(hand, int(m.cards[0]), _opp_known(view)))
        points = _deadwood_after(hand, best)
        if knocks and discards:
            return Hint(best, _("leaves the least deadwood ({points}) and keeps your near-melds; a knock "
                                "now could be undercut", points=points))
        return Hint(best, _("leaves the least deadwood ({points}) and keeps your near-melds", points=points))
    if "take" in by_verb:
        take = by_verb["take"][0]
        others = by_verb.get("draw") or by_verb.get("pass")
        if not others:
            return Hint(take, _("the only move now"))
        other = others[0]
        if view.get("phase") == "fifty":
            return Hint(take, _("take the 50th-card discard: with it you can knock or go gin at once "
                                "(rule 36); passing leaves a dead hand"))
        if view.get("discard"):
            top = _mask(view["discard"][-1:])
            now = GIN.deadwood(hand)
            after = min(GIN.deadwood((hand | top) & ~(1 << c)) for c in cards_of(hand))
            if after < now:
                return Hint(take, _("taking {card} brings your deadwood from {before} to {after}",
                                    card=view["discard"][-1], before=now, after=after))
            if other.verb == "pass":
                return Hint(other, _("{card} does not lower your deadwood ({points}); pass",
                                     card=view["discard"][-1], points=now))
            return Hint(other, _("the top discard does not lower your deadwood ({points}); draw from the "
                                 "stock", points=now))
        return Hint(other, _("draw from the stock"))
    for verb in ("draw", "pass", "done"):
        if verb in by_verb:
            return Hint(by_verb[verb][0], _("the only move now") if len(legal) == 1 else _("nothing better"))
    return Hint(legal[0], _("the only move now") if len(legal) == 1 else _("a legal move"))


def _opp_known(view: dict[str, Any]) -> int:
    seat = view.get("seat")
    known = view.get("known") or []
    if not isinstance(seat, int) or len(known) < 2:
        return 0
    return _mask(known[1 - seat])


def warn(view: dict[str, Any], move: Move) -> str | None:
    """A knock the knocker can see may be undercut (rule 32)."""
    if move.verb != "knock" or not move.cards or "hand" not in view:
        return None
    seat = view.get("seat")
    if not isinstance(seat, int):
        return None
    rest = _mask(view["hand"]) & ~(1 << int(move.cards[0] % 64))
    if move.groups:
        melds = [mask_of(g) for g in move.groups]
        used = 0
        for g in melds:
            used |= g
        mine = sum(GIN.VALUE[c] for c in cards_of(rest & ~used))
    else:
        part = GIN.best_partition(rest)
        melds, mine = list(part.melds), part.deadwood
    if mine == 0:
        return None
    opp = 1 - seat
    known = _opp_known(view)
    size = int(view["hand_sizes"][opp])
    if not known:
        return None
    if known.bit_count() >= size:
        d = GIN.best_defence(known, melds).deadwood
        if d <= mine:
            return _("seat {seat}'s whole hand is known ({cards}): after lay-offs it keeps {points} "
                     "deadwood, not more than your {mine}, so this knock is undercut", seat=opp + 1,
                     cards=cards_str(cards_of(known)), points=d, mine=mine)
        return None
    safe = GIN.coverage(known)
    for m in melds:
        safe |= GIN.layoff_targets(m, known)
    if not safe:
        return None
    if GIN.coverage(known):
        return _("seat {seat} is known to hold {cards}, which meld or lay off; with {points} deadwood you "
                 "can be undercut (the defender needs {points} or less)", seat=opp + 1,
                 cards=cards_str(cards_of(safe)), points=mine)
    return _("seat {seat} is known to hold {cards}, which lay off on your melds; with {points} deadwood "
             "you can be undercut (the defender needs {points} or less)", seat=opp + 1,
             cards=cards_str(cards_of(safe)), points=mine)


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    """The hint as one line (move text — reason), for screens that print text."""
    got = advise(view, legal) if view.get("seat") is not None and not view.get("over") else None
    return f"{move_text(got.move)}  — {got.reason}" if got else None
