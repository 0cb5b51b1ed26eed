"""十三张 for the research API (cardtable.rl).

An arrangement takes 13 sub-steps: the hand's cards, in pack order, are assigned to the
front (3), middle (5) or back (5) row one by one (``row 0/1/2``); a row's action is masked
once the row is full, and the 13th assignment plays ``arrange``.  Every 3/5/5 split is
reachable (the engine lists only a few in ``legal_moves()``, its ``why_illegal`` accepts
every split, fouls included — a foul is scored, not refused).  ``declare`` and
``declare <special>`` are whole actions, offered as ``legal_moves()`` lists them; with
``auto_declare_special`` a special hand may only be declared."""

from __future__ import annotations

from typing import Any

from ...cards import COPY_STRIDE
from ...moves import Move
from ...parts import obsfields as o
from ...parts.encoding import Encoding
from .specials import BY_ID

ROWS = ("front", "middle", "back")


def _showdown(players: int) -> o.Field:
    def read(view: dict[str, Any], me: int, out: o.FloatArray) -> None:
        for entry in view.get("showdown") or ():
            s = entry.get("seat")
            if not isinstance(s, int):
                continue
            r = (s - me) % players
            for i, row in enumerate((entry.get("rows") or ())[:3]):
                o.add_cards(out[(r * 3 + i) * o.NBASE:(r * 3 + i + 1) * o.NBASE], row)
            if entry.get("fouled"):
                out[players * 3 * o.NBASE + r] = 1.0
    return o.custom("showdown", players * (3 * o.NBASE + 1), read,
                    "at the showdown, per seat (relative): front, middle, back rows × 55; then fouled flags")


def _specials(view: dict[str, Any], me: int, out: o.FloatArray) -> None:
    for i, sid in enumerate(BY_ID):
        if sid in (view.get("specials") or ()):
            out[i] = 1.0


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    return Encoding(
        verbs=("arrange", "declare"),
        flat_targets={"declare": tuple(BY_ID)},
        partition=("arrange", (3, 5, 5)),
        partition_hand=lambda st, seat: st.hands[seat],
        max_groups=3,
        fields=[
            o.cards("hand", "own hand"),
            o.per_seat_num("submitted", p, doc="seats that have submitted (relative)"),
            o.custom("specials", len(BY_ID), _specials,
                     "special hands the own hand fits: " + ", ".join(BY_ID)),
            _showdown(p),
        ],
        reward_scale=30.0,
        reward_doc="deal points (row comparisons, scoops, specials); normalised: minus the mean, / 30",
        reach_doc="every 3/5/5 arrangement of the hand and every declaration `legal_moves()` lists",
        lazy_moves=first_step,
        fast_fields=fast_fields,
    )


def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above straight from the state, as they read ``_view``; tests check they
    agree."""
    hand, submitted, specials, showdown = layout.field_starts
    p = st.players
    for c in st.hands[seat]:
        out[hand + c % COPY_STRIDE] += 1.0
    for t in range(p):
        out[submitted + (t - seat) % p] = 0.0 if st.submissions[t] is None else 1.0
    fits = st.fits[seat]
    for i, sid in enumerate(BY_ID):
        if sid in fits:
            out[specials + i] = 1.0
    if st.is_over:
        for t in range(p):
            sh = st.showing(t)
            r = (sh.seat - seat) % p
            for i, row in enumerate(sh.rows[:3]):
                for c in row:
                    out[showdown + (r * 3 + i) * o.NBASE + c % COPY_STRIDE] += 1.0
            if sh.fouled:
                out[showdown + p * 3 * o.NBASE + r] = 1.0


def first_step(st: Any, seat: int) -> tuple[list[Move], list[str]] | None:
    """The declarations ``legal_moves()`` lists, and ``arrange`` unless the hand must be
    declared (``auto_declare_special``): the rows reach every split, so the engine's own
    arrangements (the best, a greedy one and random samples, most of a decision's cost) are
    not needed to build the mask (``Encoding.lazy_moves``)."""
    if seat not in st.to_move():
        return None
    whole = [Move("declare", target=sid) for sid in st.fits[seat]]
    return whole, ([] if st.must_declare(seat) else ["arrange"])
