"""Hints for a person playing 憋7 (``cardtable.advice``): the heuristic bot's move, with why."""

from __future__ import annotations

from typing import Any

from ...cards import parse_cards
from ...i18n import _, ngettext
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from ...suitchains import parse_position, run_beyond, seven_distance
from .bots import HeuristicBot


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move = pick_by_bot(HeuristicBot(), view, legal)
    hand = {int(c) for c in parse_cards(view.get("hand", []))}
    if len(legal) == 1:
        return Hint(move, _("the only move now"))
    if move.verb == "lend":
        if view.get("dead", "joker") != "joker" and move.cards:
            return Hint(move, _("lend the dead card: it can never be played anyway"))
        return Hint(move, _("lend the card you can spare most: the one farthest from 7"))
    if move.verb == "play" and move.target:
        n = run_beyond(parse_position(move.target), hand)
        return Hint(move, ngettext("the joker stands in on {position} and frees {n} of your cards behind it",
                                   "the joker stands in on {position} and frees {n} of your cards behind it",
                                   n, position=move.target))
    if move.verb == "play" and move.cards:
        c = int(move.cards[0])
        n = run_beyond(c, hand)
        if n:
            return Hint(move, ngettext("you hold the next card along that chain, so you can follow it up "
                                       "yourself", "you hold the next {n} cards along that chain, so you "
                                       "can follow it up yourself", n))
        if seven_distance(c) > 3:
            return Hint(move, _("far from 7: it opens the least for the others"))
        return Hint(move, _("nothing connects: it opens the least for the others"))
    return Hint(move, _("the heuristic bot's choice"))


def move_text(m: Move) -> str:
    return " ".join([m.verb, *map(str, m.cards)] + ([f"for {m.target}"] if m.target else []))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
