"""Hints for a person playing 憋负分 (``cardtable.advice``): the heuristic bot's move, with why."""

from __future__ import annotations

from typing import Any

from ...i18n import _, ngettext
from ...moves import Move
from ...parts.hints import Hint, hint_line, pick_by_bot
from ...suitchains import parse_position
from .bots import HeuristicBot
from .state import card_value


def advise(view: dict[str, Any], legal: list[Move]) -> Hint | None:
    if "hand" not in view:
        return None
    move = pick_by_bot(HeuristicBot(), view, legal)
    if len(legal) == 1:
        return Hint(move, _("the only move now"))
    c = int(move.cards[0]) if move.cards else None
    if move.verb == "kou" and c is not None:
        v = card_value(c)
        return Hint(move, ngettext("nothing worth playing: 扣 (keep face down) the card worth "
                                   "least ({n} point against you)",
                                   "nothing worth playing: 扣 (keep face down) the card worth "
                                   "least ({n} points against you)", v))
    if move.verb == "play" and move.target and c is not None:
        pos = parse_position(move.target)
        return Hint(move, ngettext("the wild stands in for {position} ({n} point) so your cards "
                                   "behind it can follow",
                                   "the wild stands in for {position} ({n} points) so your cards "
                                   "behind it can follow", card_value(pos), position=move.target))
    if move.verb == "play" and c is not None:
        v = card_value(c)
        return Hint(move, ngettext("a card played never scores: this saves the most ({n} point "
                                   "would count against you if it stayed in hand)",
                                   "a card played never scores: this saves the most ({n} points "
                                   "would count against you if it stayed in hand)", v))
    return Hint(move, _("the heuristic bot's choice"))


def move_text(m: Move) -> str:
    return " ".join([m.verb, *map(str, m.cards)] + ([f"for {m.target}"] if m.target else []))


def hint(view: dict[str, Any], legal: list[Move]) -> str | None:
    return hint_line(advise(view, legal), move_text)
