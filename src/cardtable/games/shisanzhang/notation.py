"""Move notation of 十三张 (docs/games/shisanzhang.md, "Move notation").

* ``arrange <3 cards> | <5 cards> | <5 cards>`` — first (头道), second (中道), third (尾道) row;
  e.g. ``arrange 2♥ 5♥ 9♥ | K♠ J♠ 8♠ 6♠ 2♠ | A♣ Q♣ 9♣ 7♣ 4♣``.
* ``declare [special]`` — declare a special hand (报到) by its pinyin id (``qinglong``), its
  English alias (``dragon_flush``) or its Chinese name (``青龙``); printed as the pinyin id.
  ``declare`` alone declares the highest special the hand fits.
"""

from __future__ import annotations

from functools import lru_cache

from ...cards import cards_str, parse_cards
from ...errors import IllegalMove
from ...i18n import N_, _
from ...moves import Move
from .specials import special_id

USAGE = N_("moves: 'arrange <3 cards> | <5 cards> | <5 cards>' or 'declare [special]'")


def parse(text: str, seat: int) -> Move:
    """Text → move.  Raises BadCard for a bad card token, IllegalMove for a bad shape."""
    parts = text.strip().split(None, 1)
    if not parts:
        raise IllegalMove(text, _("empty move; moves: 'arrange <3 cards> | <5 cards> | <5 cards>' "
                                  "or 'declare [special]'"), seat)
    verb = parts[0].lower()
    rest = parts[1] if len(parts) > 1 else ""
    if verb == "arrange":
        rows = rest.split("|")
        if len(rows) != 3:
            raise IllegalMove(text, _("an arrangement has three rows separated by '|': "
                                      "arrange <3 cards> | <5 cards> | <5 cards>"), seat)
        return Move("arrange", groups=tuple(tuple(parse_cards(r)) for r in rows))
    if verb == "declare":
        name = rest.strip()
        if not name:
            return Move("declare")
        return Move("declare", target=special_id(name) or name)
    raise IllegalMove(text, _("unknown move {verb}; moves: 'arrange <3 cards> | <5 cards> | "
                              "<5 cards>' or 'declare [special]'", verb=repr(verb)), seat)


def text(move: Move) -> str:
    """Move → text; :func:`parse` gives the move back.  Kept for the last moves asked: a
    seat's 26 legal moves are written again for each frame of the deal."""
    try:
        return _kept_text(move)
    except TypeError:           # a move built with lists is not hashable
        return _text(move)


def _text(move: Move) -> str:
    if move.verb == "arrange":
        return "arrange " + " | ".join(cards_str(g) for g in move.groups)
    if move.verb == "declare":
        return "declare" + (f" {move.target}" if move.target else "")
    return move.verb


_kept_text = lru_cache(maxsize=4096)(_text)
