"""Gin scoring: one hand (gin.md A.9, A.10) and the game (A.11, rules 37–39; deal rotation, rule 9).

Labels are the numbered rules (gin.md "Clarifications"): ``gin:30`` gin (also big gin, rule 24),
``gin:31`` knock win, ``gin:32`` undercut, ``gin:35`` dead hand, ``gin:38`` game and box
bonuses, ``gin:39`` shutout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, cards_of, cards_str
from ...game import MatchEnd
from ...scoring import ScoreItem
from .rules import GinOptions


@dataclass(frozen=True)
class HandResult:
    items: list[ScoreItem]
    winner: int | None          # the seat credited with a box, None when nobody scores


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(cards_of(mask))


def settle_knock(opts: GinOptions, knocker: int, k_points: int, k_dead: int, d_points: int,
                 d_dead: int, gin: bool, big_gin: bool, mult: int, turn: int | None = None,
                 ) -> HandResult:
    """Score a knock (gin.md rules 30–34; rule 44 doubling as ``mult``).

    ``k_points``/``k_dead``: the knocker's deadwood points and cards; ``d_*`` the defender's
    after his melds and layoffs.
    """
    defender = 1 - knocker
    dbl = " (doubled: spade upcard, rule 44)" if mult != 1 else ""
    if gin:
        bonus, what = (opts.big_gin_bonus, "big gin") if big_gin else (opts.gin_bonus, "gin")
        pts = (d_points + bonus) * mult
        rule_no = "24/30" if big_gin else "30"
        note = (f"{what}: defender's deadwood {d_points} + {what} bonus {bonus}{dbl} "
                f"(gin.md rule {rule_no})")
        return _credited(ScoreItem(knocker, pts, "gin:30", _cards(d_dead), note, turn))
    if k_points < d_points:
        pts = (d_points - k_points) * mult
        note = f"knock: defender's deadwood {d_points} − knocker's {k_points}{dbl} (gin.md rule 31)"
        return HandResult([ScoreItem(knocker, pts, "gin:31", _cards(d_dead | k_dead), note, turn)],
                          knocker)
    if k_points == d_points and not opts.undercut_on_tie:
        note = (f"tie at {k_points}: no undercut with undercut_on_tie=false, nobody scores "
                "(gin.md rule 32)")
        return HandResult([ScoreItem(defender, 0, "gin:32", _cards(d_dead | k_dead), note, turn)], None)
    pts = (k_points - d_points + opts.undercut_bonus) * mult
    note = (f"undercut: knocker's deadwood {k_points} − defender's {d_points} + undercut bonus "
            f"{opts.undercut_bonus}{dbl} (gin.md rule 32)")
    return _credited(ScoreItem(defender, pts, "gin:32", _cards(d_dead | k_dead), note, turn))


def _credited(item: ScoreItem) -> HandResult:
    """Rule 34: the seat that scores the hand is credited with a box; a hand that scores
    nothing (only possible with a 0 bonus: a tie undercut with ``undercut_bonus=0``, gin
    against 0 deadwood with ``gin_bonus=0``) credits no box and the same dealer deals again
    (gin.md Clarifications, "A hand that scores nothing")."""
    return HandResult([item], item.seat if item.points else None)


def dead_hand(turn: int | None = None) -> HandResult:
    """Dead hand: nobody scores, no box (gin.md rule 35)."""
    note = "dead hand: two stock cards left, nobody scores (gin.md rule 35)"
    return HandResult([ScoreItem(s, 0, "gin:35", (), note, turn) for s in (0, 1)], None)


# --- the game --------------------------------------------------------------------------------

def hands_won(match: Any) -> list[int]:
    """Boxes: hands won per seat (gin.md rule 34)."""
    out = [0, 0]
    for st in match.deals:
        w = getattr(st, "hand_winner", None)
        if w is not None:
            out[w] += 1
    return out


def next_dealer(match: Any) -> int:
    """Who deals the next hand (gin.md rule 9 and Clarifications): after a hand that scores
    nothing (dead hand, no-undercut tie) the same dealer; else by ``deal_rotation``."""
    last = match.deals[-1]
    forced = getattr(last, "next_dealer_override", None)   # referee R1(c): the rightful dealer
    if forced is not None:
        return int(forced)
    dealer = int(last.deal.extra.get("dealer", 0))
    winner = getattr(last, "hand_winner", None)
    if winner is None:
        return dealer
    rot = match.options.deal_rotation
    if rot == "loser":
        return 1 - winner
    if rot == "winner":
        return winner
    return 1 - dealer


def match_end(match: Any) -> MatchEnd | None:
    """The game ends when a total reaches ``game_target`` (rule 37); game bonus and box
    bonuses (rule 38) and the shutout (rule 39) are added as end-of-match items."""
    opts: GinOptions = match.options
    totals = match.deal_totals
    if max(totals) < opts.game_target:
        return None
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    boxes = hands_won(match)
    items: list[ScoreItem] = []
    if opts.game_bonus:
        items.append(ScoreItem(winner, opts.game_bonus, "gin:38", (),
                               f"game bonus for reaching {opts.game_target} (gin.md rule 38)"))
    for s in (0, 1):
        if boxes[s] and opts.box_bonus:
            items.append(ScoreItem(s, boxes[s] * opts.box_bonus, "gin:38", (),
                                   f"box bonus: {boxes[s]} hand(s) won × {opts.box_bonus} (gin.md rule 38)"))
    if boxes[loser] == 0 and opts.shutout != "none":
        bonuses = sum(it.points for it in items if it.seat == winner)
        if opts.shutout == "double_total":
            extra, how = totals[winner] + bonuses, "the winner's total is doubled"
        elif opts.shutout == "double_bonuses":
            extra, how = bonuses, "the winner's bonuses are doubled"
        else:
            extra, how = 100, "flat 100"
        items.append(ScoreItem(winner, extra, "gin:39", (),
                               f"shutout: the loser won no hand; {how} (gin.md rule 39)"))
    return MatchEnd([winner], items)


def describe_cards(mask: int) -> str:
    return cards_str(cards_of(mask))


def margin(match: Any) -> int | None:
    """The margin of victory (gin.md rule 40): the winner's final total minus the loser's,
    bonuses included; None while the game goes on."""
    if match.end is None or not match.end.winners:
        return None
    w = match.end.winners[0]
    t = match.totals
    return t[w] - t[1 - w]
