"""Gin Rummy for the research API (cardtable.rl): actions and observation fields.

Whole-move actions: ``take``, ``pass``, ``draw``, ``done``, ``biggin``, ``discard <card>``,
``knock <card>``, ``gin <card>`` (the engine's own meld arrangement, as ``legal_moves()``
lists them).  The manual defender's ``meld`` and ``layoff`` take sub-steps.
"""

from __future__ import annotations

from typing import Any

from ...rl import obs as o
from ...rl.spec import EncodingSpec
from .notation import VERBS
from .state import PHASE_NAMES


def spec(game: Any, players: int, options: Any) -> EncodingSpec:
    p = players
    fields = [
        o.cards("hand", "own hand"),
        o.choice("phase", PHASE_NAMES, "phase one-hot: " + ", ".join(PHASE_NAMES)),
        o.seat("dealer", p, "dealer (relative seat one-hot)"),
        o.per_seat_num("hand_sizes", p, 11.0, doc="hand sizes per seat (relative) / 11"),
        o.per_seat_cards("known", p, doc="cards known to be in each hand (taken from the pile), per seat"),
        o.cards("discard", "every card in the discard pile"),
        o.cards("discard.-1", "the top discard"),
        o.cards("upcard", "the deal's first upcard"),
        o.num("stock", 31.0, "stock size / 31"),
        o.num("knock_limit", 10.0, "this deal's knock limit / 10 (0: gin only)"),
        o.num("gin_only", 1.0, "1 when only gin may end the deal (Oklahoma ace)"),
        o.num("multiplier", 4.0, "score multiplier / 4"),
        o.cards("taken", "the card taken from the pile this turn"),
        o.num("must_knock", 1.0, "1 after a 50th-card pickup (must knock)"),
        o.per_seat_cards("hands", p, doc="both hands once they are public (after a knock), per seat"),
        o.seat("knock.seat", p, "the knocker (relative)"),
        o.num("knock.gin", 1.0, "the knock is gin"),
        o.num("knock.big_gin", 1.0, "the knock is big gin"),
        o.cards("knock.melds", "the knocker's melds (with layoffs)"),
        o.cards("knock.deadwood", "the knocker's deadwood"),
        o.num("knock.deadwood_points", 100.0, "the knocker's deadwood points / 100"),
        o.cards("defender.melds", "the defender's melds"),
        o.cards("defender.unmelded", "the defender's cards not melded or laid off"),
        o.cards("knock_discard", "the knock discard, when this seat may see it"),
    ]
    return EncodingSpec(
        verbs=VERBS,
        card_verbs=("discard", "knock", "gin"),
        fields=fields,
        reward_scale=50.0,
        reward_doc="deal points (the winner's score, the loser 0 or minus it as the engine "
                   "scores it); normalised: minus the mean, / 50",
        max_groups=1,
        fast_fields=fast_fields,
        reach_doc="every move of `legal_moves()`: knocks and gins with the engine's best arrangement "
                  "(`knock 4♠`); a knock with an own arrangement (`knock 4♠ [..]`) is legal in the "
                  "engine but not reachable through the codec",
    )


def _bits(out: Any, start: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above read straight from the state's bitmasks (what ``_view`` would print)."""
    at = layout.start
    p = st.players
    _bits(out, at("hand"), st.hands[seat])
    out[at("phase") + st.phase] = 1.0
    out[at("dealer") + (st.dealer - seat) % p] = 1.0
    hs, kn = at("hand_sizes"), at("known")
    for s in range(p):
        r = (s - seat) % p
        out[hs + r] = st.hands[s].bit_count() / 11.0
        _bits(out, kn + r * o.NBASE, st.known[s])
    d = at("discard")
    for c in st.pile:
        out[d + c] = 1.0
    if st.pile:
        out[at("discard.-1") + st.pile[-1]] = 1.0
    out[at("upcard") + st.upcard] = 1.0
    out[at("stock")] = len(st.stock) / 31.0
    out[at("knock_limit")] = (st.limit if st.knock_ok else 0) / 10.0
    out[at("gin_only")] = 0.0 if st.knock_ok else 1.0
    out[at("multiplier")] = st.mult / 4.0
    if st.taken >= 0:
        out[at("taken") + st.taken] = 1.0
    out[at("must_knock")] = 1.0 if st.must_knock else 0.0
    if st.hands_public():
        h = at("hands")
        for s in range(p):
            _bits(out, h + ((s - seat) % p) * o.NBASE, st.hands[s])
        if 0 <= st.knocker < p:
            out[at("knock.seat") + (st.knocker - seat) % p] = 1.0
        out[at("knock.gin")] = 1.0 if st.gin else 0.0
        out[at("knock.big_gin")] = 1.0 if st.big_gin else 0.0
        km = at("knock.melds")
        for m in st.k_melds:
            _bits(out, km, m)
        _bits(out, at("knock.deadwood"), st.k_dead)
        out[at("knock.deadwood_points")] = st.k_points / 100.0
        dm = at("defender.melds")
        for m in st.d_melds:
            _bits(out, dm, m)
        _bits(out, at("defender.unmelded"), st.d_rest)
        if st.knock_discard >= 0 and (seat == st.knocker or st.knock_discard_public):
            out[at("knock_discard") + st.knock_discard] = 1.0
