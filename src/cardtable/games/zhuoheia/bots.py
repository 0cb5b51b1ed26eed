"""捉黑A bots: ``heuristic`` — sheds low combinations, never beats a known teammate, keeps
bombs for opponents close to going out, returns low cards and picks the best of a pool.

It sees only the seat's ``view`` and the legal moves (docs/games/zhuoheia.md, "Bots").
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import parse_cards
from ...climbing import BOMB, JOKER_BOMB, TWO, Combo, classify, climb_rank
from ...i18n import N_
from ...moves import Move
from ...parts.botbase import ViewBot
from .rules import ZhuoheiaOptions


def _teammates(view: dict[str, Any]) -> set[int]:
    """Seats the viewer knows to be on its side (only what the view shows)."""
    me, dealer, partner = view.get("seat"), view.get("dealer"), view.get("partner")
    side = view.get("side")
    n = int(view["players"])
    if side == "partner":
        return {dealer} if isinstance(dealer, int) else set()
    if side == "zhuangjia":
        return {partner} if isinstance(partner, int) and partner != me else set()
    if partner is None:
        return set()
    team = {dealer} | ({partner} if isinstance(partner, int) else set())
    return {s for s in range(n) if s not in team and s != me}


_RULES: dict[tuple[tuple[str, Any], ...], Any] = {}


def _climb_rules(options: dict[str, Any]) -> Any:
    """The climbing rules of the view's options, built (and validated) once per set of
    options: a playout asks at every decision, and building them was a tenth of its time."""
    try:
        key = tuple(sorted(options.items()))
        rules = _RULES.get(key)
    except TypeError:               # an unhashable value: not cached
        return ZhuoheiaOptions.build(dict(options)).climb_rules()
    if rules is None:
        rules = ZhuoheiaOptions.build(dict(options)).climb_rules()
        if len(_RULES) < 64:
            _RULES[key] = rules
    return rules


def advice(view: dict[str, Any], legal: list[Move]) -> tuple[Move, str]:
    """The heuristic move and why, in English (``N_``: the hint translates it where shown)."""
    verbs = {m.verb for m in legal}
    if "give" in verbs:
        return legal[0], N_("tribute: the largest cards are owed")
    if "pick" in verbs:
        best = max(legal, key=lambda m: climb_rank(m.cards[0]))
        return best, N_("take the largest card of the pool")
    if "return" in verbs:
        hand = parse_cards(view.get("hand", []))
        counts: dict[int, int] = {}
        for c in hand:
            counts[climb_rank(c)] = counts.get(climb_rank(c), 0) + 1

        def cost(m: Move) -> tuple[int, int]:
            return (sum(climb_rank(c) for c in m.cards), -sum(counts[climb_rank(c)] == 1 for c in m.cards))
        return min(legal, key=cost), N_("return the lowest loose cards")
    rules = _climb_rules(view.get("options", {}))
    plays: list[tuple[Combo, Move]] = []
    for m in legal:
        if m.verb == "play":
            combo = classify(m.cards, rules)
            if combo is not None:
                plays.append((combo, m))
    hand_size = len(view.get("hand", []))
    for _combo, m in plays:
        if len(m.cards) == hand_size:
            return m, N_("go out")
    can_pass = any(m.verb == "pass" for m in legal)
    plain = [(c, m) for c, m in plays if c.kind not in (BOMB, JOKER_BOMB)]
    bombs = sorted([(c, m) for c, m in plays if c.kind in (BOMB, JOKER_BOMB)],
                   key=lambda cm: (cm[0].kind == JOKER_BOMB, cm[0].top))
    if not can_pass:  # leading
        pool = plain or bombs
        lead = min(pool, key=lambda cm: (min(climb_rank(c) for c in cm[1].cards), -len(cm[1].cards)))
        return lead[1], N_("lead the lowest cards, as many as one combination sheds")
    last = view.get("last_player")
    sizes = view.get("hand_sizes", [])
    if last in _teammates(view):
        return Move("pass"), N_("the table is my teammate's")
    danger = isinstance(last, int) and 0 <= last < len(sizes) and 0 < sizes[last] <= 3
    if plain:
        combo, m = min(plain, key=lambda cm: (cm[0].top, len(cm[1].cards)))
        top = view.get("top") or []
        table_low = bool(top) and max(climb_rank(c) for c in parse_cards(top)) < 8
        if combo.top >= TWO and table_low and not danger and hand_size > 6:
            return Move("pass"), N_("keep 2s and jokers for later")
        return m, N_("beat the table as cheaply as possible")
    if bombs and danger:
        return bombs[0][1], N_("bomb: an opponent is close to going out")
    return Move("pass"), N_("nothing cheap beats the table")


class HeuristicBot(ViewBot):
    """Plays the advice of :func:`advice` (the move a hint would give)."""

    def __init__(self, game_id: str | None = "zhuoheia") -> None:
        super().__init__(game_id)

    def choose(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        move, _ = advice(view, legal)
        return move if move in legal else rng.choice(legal)
