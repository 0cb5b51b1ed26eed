"""Remik deal scoring, exactly as seed 003 says (remik.md §B.9; points are bad).

Labels (remik.md Clarifications): ``remik:28`` the winner's 0, ``remik:29`` a loser's hand
value, ``remik:30`` a never-opened loser's capped total (one item), ``remik:31`` 200 for a
remik z ręki, ``remik:32`` the blocked deal's winner(s).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import COPY_STRIDE, Card, cards_of
from ...scoring import ScoreItem
from .rules import RemikOptions


def _cards(mask: int) -> tuple[Card, ...]:
    """A hand in face order (identical copies of the two packs print alike)."""
    return tuple(sorted(cards_of(mask), key=lambda c: (c % COPY_STRIDE, int(c))))


def card_hand_value(code: int, opts: RemikOptions) -> int:
    """remik.md rule 5 [seed]: joker 20, ace 11, J/Q/K 10, 2–10 their pips."""
    b = code % COPY_STRIDE
    if b >= 52:
        return opts.joker_hand_value
    rank = b % 13 + 1
    if rank == 1:
        return opts.ace_hand_value
    return min(rank, 10)


def hand_value(cards: Sequence[int], opts: RemikOptions) -> int:
    return sum(card_hand_value(c, opts) for c in cards)


def unopened_score(value: int, players: int, opts: RemikOptions) -> int:
    """remik.md rule 30 [seed]: hand + 25, at most min(100, threshold/2)."""
    return min(value + opts.unopened_surcharge, opts.unopened_cap_for(players))


def loser_item(seat: int, hand: int, opened: bool, players: int, opts: RemikOptions) -> ScoreItem:
    """remik.md rules 29–30: an opened loser pays his hand, a never-opened one hand+25 capped."""
    cards = _cards(hand)
    value = hand_value(cards, opts)
    if opened:
        return ScoreItem(seat, value, "remik:29", cards, f"hand value {value}")
    pts = unopened_score(value, players, opts)
    note = (f"never opened: hand {value} + {opts.unopened_surcharge}, "
            f"capped at {opts.unopened_cap_for(players)}")
    return ScoreItem(seat, pts, "remik:30", cards, note)


def deal_items(hands: Sequence[int], opened: Sequence[bool], winners: Sequence[int], blocked: bool,
               remik_z_reki: bool, turn: int | None, opts: RemikOptions) -> list[ScoreItem]:
    """remik.md rules 28–32 for a finished deal."""
    players = len(hands)
    items: list[ScoreItem] = []
    for s in winners:
        if blocked:
            items.append(ScoreItem(s, 0, "remik:32", _cards(hands[s]),
                                   "lowest hand in a blocked deal", turn))
        else:
            note = "went out: remik z ręki" if remik_z_reki else "went out"
            items.append(ScoreItem(s, 0, "remik:28", (), note, turn))
    for s in range(players):
        if s in winners:
            continue
        if remik_z_reki:
            cards = _cards(hands[s])
            items.append(ScoreItem(s, opts.remik_z_reki_penalty, "remik:31", cards,
                                   "remik z ręki: flat penalty whatever the hand", turn))
        else:
            it = loser_item(s, hands[s], opened[s], players, opts)
            items.append(ScoreItem(it.seat, it.points, it.rule, it.cards, it.note, turn))
    return items
