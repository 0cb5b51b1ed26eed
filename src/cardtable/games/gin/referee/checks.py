"""Whether a report or a choice can be ruled now (gin.md A.14 R1–R13), and why not.

Each report is checked against the table-mode state (``tablestate.py``): is the
irregularity possible now, are the named cards where the law needs them.  ``None`` means the
report can be ruled; else the reason is said for a person to read (seats counted from 1, as
people count; the state's seats are from 0).  The rulings the reports
give, and the notation, are in ``rulings.py``; what each ruling does is in ``remedies.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....cards import Card, card_str
from ....i18n import _
from ....moves import Move
from ..state import DEFEND, DISCARD, DRAW, FIFTY, FIRST_DRAW, OFFER, OFFER_DEALER, OVER, GinState
from .rulings import (
    R1_GROUNDS,
    R8_WHERE,
    RULES,
    USAGE,
    counts_said,
    first_draw_done,
    game_moves,
    or_list,
    parse_table_move,
    report_parts,
    wrong_seats,
)

if TYPE_CHECKING:
    from .tablestate import GinTableState


def _in_stock(st: GinTableState, cards: tuple[int, ...]) -> str | None:
    for c in cards:
        if c not in st.stock:
            return _("{card} is not in the stock", card=card_str(c))
    return None


def why_report(st: GinTableState, seat: int, move: Move) -> str | None:
    """None if the report can be ruled now, else why not (for a person to read)."""
    rule, flags = report_parts(move)
    if rule not in RULES:
        return _("unknown rule {rule}; the referee rules R1–R13", rule=repr(rule))
    if st.pending >= 0:
        r = st.rulings[st.pending]
        return _("first seat {seat} must answer the {rule} ruling: {choices}", seat=(r.chooser or 0) + 1,
                 rule=r.rule, choices=or_list(f"'choose {o}'" for o in r.options))
    if st.voided is not None:
        return _("the deal was voided; a new deal follows")
    why = _WHY[rule](st, seat, move.cards, flags)
    return why


def _no_more(cards: tuple[int, ...], flags: list[str], ncards: tuple[int, ...] = (0,),
             allowed: tuple[str, ...] = (), rule: str = "") -> str | None:
    if len(cards) not in ncards:
        lo, hi = ncards[0], ncards[-1]
        n = len(cards)
        if hi == 0:
            why = _("this report names no card, not {n}", n=n)
        elif lo == hi:
            why = _("this report names {want} card(s), not {n}", want=lo, n=n)
        else:
            why = _("this report names {lo} to {hi} card(s), not {n}", lo=lo, hi=hi, n=n)
    else:
        bad = [f for f in flags if f not in allowed]
        if not bad:
            return None
        why = _("this report takes no word {word}", word=repr(bad[0]))
    return _("{reason}: write {usage}", reason=why, usage=repr(USAGE[rule])) if rule else why


def _during_play(st: GinTableState) -> str | None:
    if st.phase == OVER:
        return _("the deal is over")
    if st.window is not None:
        return _("a knock is on the table: rule it first (accept, or report R9/R10/R11/R12)")
    if st.knocker >= 0:
        return _("the knock has been made")
    return None


def _why_r1(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R1: misdeal grounds (a)–(d)."""
    grounds = [f for f in flags if f in R1_GROUNDS]
    if len(grounds) != 1 or cards or any(f not in (*R1_GROUNDS, "dealing") for f in flags):
        return _("write 'report R1 a|b|c|d' (add 'dealing' if found before the upcard was turned)")
    bad = _during_play(st)
    if bad:
        return bad
    if "dealing" in flags and game_moves(st):
        return _("'dealing' means found before the upcard was turned, but play has begun")
    if grounds[0] == "d":
        if first_draw_done(st):
            return _("after the first draw a wrong count is ruled by R2: write 'report R2'")
        if not wrong_seats(st):
            return _("both hands hold the right number of cards ({counts})", counts=counts_said(st))
    return None


def _why_r2(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R2: wrong count after the first draw, before any knock."""
    bad = _no_more(cards, flags, rule="R2") or _during_play(st)
    if bad:
        return bad
    if not first_draw_done(st):
        return _("before the first draw a wrong count is a misdeal: write 'report R1 d'")
    wrong = wrong_seats(st)
    if not wrong:
        return _("both hands hold the right number of cards ({counts})", counts=counts_said(st))
    if all(s in st.corrections for s in wrong):
        return _("that hand is already being corrected")
    return None


def _why_r3(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R3: the defender's hand is wrong when a knock is made."""
    bad = _no_more(cards, flags, rule="R3")
    if bad:
        return bad
    if st.window is None:
        if st.knocker >= 0 and any(r.rule == "R3" for r in st.rulings):
            return _("R3 was already ruled when the knock was scored")
        if st.knocker >= 0:
            return _("the defender held {n} cards: his hand was right", n=st.defender_count())
        return _("R3 rules a knock; before a knock a wrong count is R1 or R2")
    if any(r.rule == "R3" for r in st.rulings):
        return _("R3 was already ruled for this knock")
    n = st.hands[1 - st.window.knocker].bit_count()
    if n == 10:
        return _("the defender holds 10 cards: his hand is right")
    return None


def _why_r4(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R4: a card of another pack in the stock; ``hand``: in a hand (R4 Decision: before
    the knock that is R1(a), a new deal; after it the result stands).  A card in a hand is
    not in the engine's deal (a written deal puts ``foreign`` cards in the stock only): the
    report is the record of that fact, like R5–R7."""
    bad = _no_more(cards, flags, (1,), ("hand",), rule="R4")
    if bad:
        return bad
    if flags:
        if st.window is not None:
            return _("a knock is on the table: rule it first (accept, or report R9/R10/R11/R12)")
        return None
    if st.foreign_in_stock(cards[0]) is None:
        return _("no {card} of another pack is in the stock (a deal lists such cards under "
                 "'foreign')", card=card_str(cards[0]))
    return None


def _why_r5(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R5: the player not to move drew from the stock too early."""
    bad = _no_more(cards, flags, rule="R5") or _during_play(st)
    if bad:
        return bad
    if st.phase not in (OFFER_DEALER, DISCARD):
        return _("a premature draw is one made before the dealer answers the upcard, or before "
                 "the opponent has discarded")
    off = 1 - st.cur
    if off in st.premature:
        return _("seat {seat} has already drawn for his next turn", seat=off + 1)
    if len(st.stock) < 3:
        return _("the stock is down to two cards and is not drawn")
    if st.stock[-1] >= 64:
        return _("the top stock card has another back: report R4 first")
    return None


def _why_r6(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R6: the player drawing saw a card he was not entitled to see."""
    bad = _no_more(cards, flags, (1, 2, 3), rule="R6") or _during_play(st)
    if bad:
        return bad
    if st.phase not in (FIRST_DRAW, DRAW, DISCARD, FIFTY):
        return _("R6 rules a card seen while drawing; no one is drawing now")
    return _in_stock(st, cards)


def _why_r7(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R7: a draw out of turn that shows a card."""
    bad = _no_more(cards, flags, (0, 1), rule="R7") or _during_play(st)
    if bad:
        return bad
    if len(st.stock) < 3:
        return _("the stock is down to two cards and is not drawn")
    if not cards and st.stock[-1] >= 64:
        return _("the top stock card has another back: report R4 first")
    return _in_stock(st, cards)


def _why_r8(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R8: an exposed card (in the stock, from a hand, or shown as a discard)."""
    where = [f for f in flags if f in R8_WHERE]
    if len(cards) != 1 or len(where) != 1 or len(flags) != 1:
        return _("write 'report R8 7♦ stock|hand|discard'")
    bad = _during_play(st)
    if bad:
        return bad
    c = cards[0]
    if where[0] == "stock":
        return _in_stock(st, cards)
    holder = st.holder_of(c)
    if holder is None:
        return _("{card} is in no hand", card=card_str(c))
    if where[0] == "discard":
        if holder != st.cur or st.phase != DISCARD:
            return _("{card} counts for a discard only when its holder is to discard", card=card_str(c))
        return GinState._why_discard(st, Move("discard", (Card(c),)))
    return None


def _why_knock_report(st: GinTableState, rule: str, cards: tuple[int, ...],
                      flags: list[str]) -> str | None:
    bad = _no_more(cards, flags, rule=rule)
    if bad:
        return bad
    w = st.window
    if w is None and rule == "R10" and late_r10_open(st):
        w = st.accepted
    if w is None:
        if st.knocker >= 0:
            return _("the knock has been accepted: an illegal knock found after the defender "
                     "has laid off (or once the engine scored it) stands (late_illegal_knock)")
        return _("no knock is on the table")
    if rule == "R11":
        if not w.wrong_count:
            return _("the knocker's spread holds 10 cards")
        return None
    if not w.over_limit:
        if w.wrong_count:
            return _("the knock is within the limit; the knocker holds {n} cards: that is R11",
                     n=w.count)
        return _("the knock is within the limit ({points})", points=w.points)
    return None


def late_r10_open(st: GinTableState) -> bool:
    """R10 after ``accept``: the manual defender has spread but laid off nothing yet (spec
    Decision: only a discovery after the layoffs leaves the knock standing)."""
    return (st.accepted is not None and st.knocker >= 0 and st.phase == DEFEND
            and not st.d_layoffs)


def _why_r9(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R9."""
    return _why_knock_report(st, "R9", cards, flags)


def _why_r10(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R10."""
    return _why_knock_report(st, "R10", cards, flags)


def _why_r11(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R11."""
    return _why_knock_report(st, "R11", cards, flags)


def _why_r12(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R12: the knocker may swap an accidental knock discard (until layoffs begin)."""
    bad = _no_more(cards, flags, (1,), rule="R12")
    if bad:
        return bad
    c = cards[0]
    k = st.window.knocker if st.window is not None else st.knocker
    if k >= 0 and seat != k:
        # the swap is the knocker's right ("он может ее заменить"); a check run for another
        # seat would also tell him about the face-down card (the deadwood it leaves)
        return _("only the knocker, seat {seat}, may swap his knock discard (R12)", seat=k + 1)
    if st.window is not None:
        if not (st.hands[st.window.knocker] >> c) & 1:
            return _("{card} is not among the knocker's cards", card=card_str(c))
        if c == st.taken and not st.opts.allow_rediscard_taken:
            return _("{card} was just taken from the discard pile and may not be the knock "
                     "discard (rule 17)", card=card_str(c))
        return None
    if st.knocker < 0 or st.pre_knock is None or st.big_gin:
        return _("no knock discard to swap")
    if st.d_layoffs and not st.opts.defender_auto:
        return _("the defender has begun to lay off; the knock discard stands")
    return st.why_swap(c)


def _why_r13(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> str | None:
    """gin.md R13: a wrong card taken from the discard pile is put back."""
    bad = _no_more(cards, flags, (1, 2), rule="R13") or _during_play(st)
    if bad:
        return bad
    if st.phase not in (OFFER, OFFER_DEALER, DRAW, DISCARD, FIFTY):
        return _("R13 rules a draw from the discard pile; no one may take from it now")
    if st.phase == DISCARD and st.taken < 0:
        return _("seat {seat} drew from the stock this turn, not from the discard pile", seat=st.cur + 1)
    for c in cards:
        if c not in st.pile:
            return _("{card} is not in the discard pile", card=card_str(c))
    if len(cards) == 1 and st.pile[-1] == cards[0] and st.phase != DISCARD:
        return _("{card} is the top discard: taking it is a legal draw", card=card_str(cards[0]))
    return None


_WHY = {"R1": _why_r1, "R2": _why_r2, "R3": _why_r3, "R4": _why_r4, "R5": _why_r5,
        "R6": _why_r6, "R7": _why_r7, "R8": _why_r8, "R9": _why_r9, "R10": _why_r10,
        "R11": _why_r11, "R12": _why_r12, "R13": _why_r13}


def why_choose(st: GinTableState, seat: int, move: Move) -> str | None:
    if st.pending < 0:
        return _("no ruling is waiting for a choice")
    r = st.rulings[st.pending]
    if seat != r.chooser:
        return _("seat {seat} makes this choice", seat=(r.chooser or 0) + 1)
    if move.target not in r.options:
        return _("the {rule} options are {options}", rule=r.rule, options=or_list(r.options))
    return None


def possible_reports(st: GinTableState, seat: int) -> list[str]:
    """The report texts ``seat`` could make now without naming cards (for a CLI's help)."""
    out = []
    probes = ["report R1 a dealing", "report R1 c", "report R1 d", "report R2", "report R3",
              "report R5", "report R7", "report R9", "report R10", "report R11"]
    for text in probes:
        mv = parse_table_move(text)
        if why_report(st, seat, mv) is None:
            out.append(text)
    return out


def describe(st: GinTableState) -> list[str]:
    """The rulings so far as sentences."""
    return [f"{r.label}: {r.sentence()}" for r in st.rulings]


__all__ = ["describe", "late_r10_open", "possible_reports", "why_choose", "why_report"]
