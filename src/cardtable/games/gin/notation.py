"""Gin move notation (docs/games/gin.md "Move notation").

| move | text |
|---|---|
| take the upcard / the top discard | ``take`` |
| decline the upcard (or the 50th-card discard) | ``pass`` |
| draw the top stock card | ``draw`` |
| discard | ``discard K♠`` |
| knock, engine's arrangement | ``knock 4♠`` |
| knock, own arrangement | ``knock 4♠ [A♠ 2♠ 3♠] [7♥ 7♦ 7♣]`` (unlisted cards are deadwood) |
| gin (knock with 0 deadwood) | ``gin 4♠`` or ``gin 4♠ [..] [..] [..]`` |
| big gin (11 cards melded) | ``biggin`` or ``biggin [..] [..] [..]`` |
| defender (manual mode) | ``meld K♠ K♦ K♥``, ``layoff 9♠ [6♠ 7♠ 8♠]``, ``done`` |
"""

from __future__ import annotations

from ...cards import Card
from ...errors import IllegalMove
from ...i18n import _
from ...moves import Move, default_move_text, parse_default_move

VERBS = ("take", "pass", "draw", "discard", "knock", "gin", "biggin", "meld", "layoff", "done")
ALIASES = {"pickup": "take", "stock": "draw", "big_gin": "biggin", "big-gin": "biggin",
           "lay": "layoff", "lay_off": "layoff"}

TAKE = Move("take")
PASS = Move("pass")
DRAW = Move("draw")
DONE = Move("done")
BIGGIN = Move("biggin")
DISCARD_MOVES = tuple(Move("discard", (Card(c),)) for c in range(52))
KNOCK_MOVES = tuple(Move("knock", (Card(c),)) for c in range(52))
GIN_MOVES = tuple(Move("gin", (Card(c),)) for c in range(52))
# DISCARD_ROWS[suit][13-bit row]: the discard moves of that suit's cards, in rank order


def _discard_rows(suit: int) -> tuple[tuple[Move, ...], ...]:
    rows: list[tuple[Move, ...]] = [()] * 8192
    for row in range(1, 8192):
        low = row & -row
        rows[row] = (DISCARD_MOVES[suit * 13 + low.bit_length() - 1],) + rows[row ^ low]
    return tuple(rows)


DISCARD_ROWS = tuple(_discard_rows(s) for s in range(4))
_TEXT: dict[Move, str] = {}

_ARITY = {  # verb -> (cards allowed, groups allowed)
    "take": ((0,), (0,)), "pass": ((0,), (0,)), "draw": ((0,), (0,)), "done": ((0,), (0,)),
    "discard": ((1,), (0,)), "knock": ((1,), None), "gin": ((1,), None), "biggin": ((0,), None),
    "meld": (None, (0,)), "layoff": ((1,), (1,)),
}
_USAGE = {
    "take": "take", "pass": "pass", "draw": "draw", "done": "done", "discard": "discard K♠",
    "knock": "knock 4♠ [A♠ 2♠ 3♠] ...", "gin": "gin 4♠ [...] ...", "biggin": "biggin [...] ...",
    "meld": "meld K♠ K♦ K♥", "layoff": "layoff 9♠ [6♠ 7♠ 8♠]",
}


def move_text(move: Move) -> str:
    t = _TEXT.get(move)
    if t is None:
        t = default_move_text(move)
        if len(_TEXT) < 50_000:
            _TEXT[move] = t
    return t


def parse_move(text: str, seat: int | None = None) -> Move:
    """Text → move; raises BadCard for a bad card and IllegalMove for a bad shape."""
    mv = parse_default_move(text)
    verb = ALIASES.get(mv.verb, mv.verb)
    if verb not in VERBS:
        raise IllegalMove(text, _("unknown move {verb}; gin moves: {verbs}", verb=repr(mv.verb),
                                  verbs=", ".join(VERBS)), seat)
    if mv.target is not None:
        raise IllegalMove(text, _("gin moves take no '@' target"), seat)
    ncards, ngroups = _ARITY[verb]
    if (ncards is not None and len(mv.cards) not in ncards) or (
            ngroups is not None and len(mv.groups) not in ngroups):
        raise IllegalMove(text, _("write it as '{usage}'", usage=_USAGE[verb]), seat)
    if verb == "meld" and not mv.cards:
        raise IllegalMove(text, _("name the meld's cards: '{usage}'", usage=_USAGE[verb]), seat)
    if verb != mv.verb:
        mv = Move(verb, mv.cards, mv.groups, None)
    return mv
