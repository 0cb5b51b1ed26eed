"""The remedies of the gin referee's rulings (gin.md A.14 R1–R13): what each report and
each choice does to a table-mode state (``tablestate.py``); the rulings and their notation
live in ``rulings.py``, the checks in ``checks.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....cards import card_str, cards_str
from ....i18n import N_
from ....moves import Move
from ..state import OFFER_DEALER, OVER, GinState
from .rulings import R1_GROUNDS, Ruling, counts_text, expected_count, knock_made, report_parts, worded, wrong_seats

if TYPE_CHECKING:
    from .tablestate import GinTableState


def play_report(st: GinTableState, seat: int, move: Move) -> None:
    rule, flags = report_parts(move)
    st.named.update(int(c) % 64 for c in move.cards)
    _PLAY[rule](st, seat, move.cards, flags)


def _rule(st: GinTableState, rule: str, seat: int, offender: int | None, text: str,
          cards: tuple[int, ...] = (), options: tuple[str, ...] = (),
          chooser: int | None = None) -> Ruling:
    r = Ruling(rule, seat, offender, text, options, chooser, None, len(st.history),
               tuple(int(c) % 64 for c in cards))
    st.rulings.append(r)
    if options:
        st.pending = len(st.rulings) - 1
    return r


_R1_DEALING = {
    "a": N_("Misdeal (R1 a): the pack is imperfect or a card was found face up in it, found before the "
            "upcard was turned; the deal is void and seat {dealer} deals again."),
    "b": N_("Misdeal (R1 b): a card was exposed while dealing, found before the upcard was turned; the "
            "deal is void and seat {dealer} deals again."),
}
_R1_LATE = {
    "a": N_("R1 a: the pack is imperfect or a card was found face up in it, but the upcard has been "
            "turned, so the deal stands. A card of another pack is ruled by R4, a card face up in the "
            "stock by R8."),
    "b": N_("R1 b: a card was exposed while dealing, but the upcard has been turned, so the deal stands. "
            "The exposed card is ruled by R8."),
    "c": N_("R1 c: the wrong player dealt, but the upcard has been turned, so the deal stands. The "
            "rotation goes on from seat {dealer}, who dealt."),
}


def _play_r1(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R1: a misdeal voids the deal before the upcard (d: before the first draw);
    after it the deal stands."""
    ground = next(f for f in flags if f in R1_GROUNDS)
    dealer = st.dealer
    if ground == "d":
        wrong = wrong_seats(st)
        n = [st.hands[s].bit_count() for s in wrong]
        text = (worded(N_("Misdeal (R1 d): seat {seat} holds {n} cards before the first draw; the deal is void "
                          "and seat {dealer} deals again."), seat=wrong[0], n=n[0], dealer=dealer)
                if len(wrong) == 1 else
                worded(N_("Misdeal (R1 d): seat {seat} holds {n} and seat {other} holds {m} cards before the "
                          "first draw; the deal is void and seat {dealer} deals again."),
                       seat=wrong[0], n=n[0], other=wrong[1], m=n[1], dealer=dealer))
        _rule(st, "R1", seat, None, text)
        st.void("R1")
    elif "dealing" in flags:
        if ground == "c":
            _rule(st, "R1", seat, dealer, worded(N_(
                "Misdeal (R1 c): the wrong player dealt, found before the upcard was turned; the deal is "
                "void and the rightful dealer, seat {seat}, deals."), seat=1 - dealer))
            st.void("R1", next_dealer=1 - dealer)
        else:
            _rule(st, "R1", seat, None, worded(_R1_DEALING[ground], dealer=dealer))
            st.void("R1")
    else:
        _rule(st, "R1", seat, dealer if ground == "c" else None, worded(_R1_LATE[ground], dealer=dealer))


def _play_r2(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R2: both hands wrong: new deal; one wrong: the other seat chooses new_deal or
    continue."""
    wrong = wrong_seats(st)
    if len(wrong) == 2:
        _rule(st, "R2", seat, None, worded(N_("R2: both hands are wrong after the first draw ({counts}); a "
                                              "new deal is compulsory, by seat {dealer}."),
                                           counts=counts_text(st), dealer=st.dealer))
        st.void("R2")
        return
    off = wrong[0]
    n, want = st.hands[off].bit_count(), expected_count(st, off)
    text = worded(N_("R2: seat {seat} holds {n} cards instead of {want}. Seat {other}, whose hand is right, "
                     "chooses a new deal or to continue; if play continues, seat {seat} corrects his hand by "
                     "discarding without drawing, one card a turn, and may not knock until it is correct.")
                  if n > want else
                  N_("R2: seat {seat} holds {n} cards instead of {want}. Seat {other}, whose hand is right, "
                     "chooses a new deal or to continue; if play continues, seat {seat} corrects his hand by "
                     "drawing without discarding, one card a turn, and may not knock until it is correct."),
                  seat=off, n=n, want=want, other=1 - off)
    _rule(st, "R2", seat, off, text, options=("new_deal", "continue"), chooser=1 - off)


def _play_r3(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R3, reported on the knock window (it is applied when the knock is scored)."""
    assert st.window is not None
    d = 1 - st.window.knocker
    _rule(st, "R3", seat, d, r3_text(d, st.hands[d].bit_count()))


def _play_r4(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R4: the card of another pack leaves play; after a knock the result stands."""
    if flags:      # "hand"
        base = card_str(cards[0])
        if knock_made(st) or st.phase == OVER:
            text = (worded(N_("R4: a {card} of another pack was found in a hand after the knock; the hand's "
                              "result and the deal stand."), card=base) if knock_made(st) else
                    worded(N_("R4: a {card} of another pack was found in a hand after the end of the deal; "
                              "the hand's result and the deal stand."), card=base))
            _rule(st, "R4", seat, None, text, cards)
            return
        _rule(st, "R4", seat, None, worded(N_("R4: a {card} of another pack was found in a hand before the "
                                              "knock; as under R1(a) the deal is void and seat {dealer} deals "
                                              "again."), card=base, dealer=st.dealer), cards)
        st.void("R4")
        return
    c = st.foreign_in_stock(cards[0])
    assert c is not None
    st.stock.remove(c)
    st.removed.append(c)
    if knock_made(st) or st.phase == OVER:
        text = worded(N_("R4: a {card} of another pack was found in the stock after the knock; it is "
                         "removed, and the hand's result and the deal stand."), card=card_str(c))
    else:
        text = worded(N_("R4: a {card} of another pack was found in the stock; it is removed from play and "
                         "play goes on."), card=card_str(c))
    _rule(st, "R4", seat, None, text, cards)


def _play_r5(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R5: the premature stock draw stands, as the offender's next draw; no penalty."""
    off = 1 - st.cur
    if st.phase == OFFER_DEALER:
        text = worded(N_("R5: seat {seat} drew from the stock before the dealer answered the upcard. No "
                         "penalty: the dealer keeps his option on the upcard, and the card counts for seat "
                         "{seat} in place of the draw of his next turn."), seat=off)
    else:
        text = worded(N_("R5: seat {seat} drew from the stock before seat {other} discarded. The draw stands: "
                         "seat {other} finishes his turn, then seat {seat} goes on from his draw and may not "
                         "take the coming discard instead."), seat=off, other=st.cur)
    st.premature_draw(off)
    _rule(st, "R5", seat, off, text)


def _play_r6(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R6: the seen card(s) lie exposed; the offender may not knock this turn except
    with gin."""
    off = st.cur
    st.expose(cards, off, "R6")
    st.bar(off, "R6", worded(N_("seat {seat} saw a card illegally and may not knock this turn, except with gin "
                                "(R6)"), seat=off), gin_ok=True)
    text = (worded(N_("R6: seat {seat} saw {cards} while drawing. They lie face up beside the discard pile; seat "
                      "{seat} may not knock this turn unless he has gin; seat {other} may take them in place of "
                      "a draw until he next draws from the stock, then seat {seat} may until he draws from the "
                      "stock; then what is left goes under the top discard."),
                   seat=off, cards=cards_str(cards), other=1 - off) if len(cards) > 1 else
            worded(N_("R6: seat {seat} saw {cards} while drawing. It lies face up beside the discard pile; seat "
                      "{seat} may not knock this turn unless he has gin; seat {other} may take it in place of "
                      "a draw until he next draws from the stock, then seat {seat} may until he draws from the "
                      "stock; then what is left goes under the top discard."),
                   seat=off, cards=cards_str(cards), other=1 - off))
    _rule(st, "R6", seat, off, text, cards)


def _play_r7(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R7: the card seen out of turn is exposed as in R6; the offender never takes
    it."""
    off = 1 - st.cur
    seen = cards if cards else (st.stock[-1],)
    st.named.update(seen)
    st.expose(seen, off, "R7")
    _rule(st, "R7", seat, off, worded(N_(
        "R7: seat {seat} drew out of turn and saw {cards}. R6 applies: it lies face up beside the discard "
        "pile and seat {other} may take it in place of a draw until he next draws from the stock; turn "
        "order is unchanged; seat {seat} may take only the top discard or the top stock card, never the "
        "exposed card; what is left then goes under the top discard."),
        seat=off, cards=cards_str(seen), other=1 - off), seen)


def _play_r8(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R8: a card face up in the stock goes back; one shown from a hand bars a
    knock; one shown as a discard is the discard."""
    c = cards[0]
    where = flags[0]
    if where == "stock":
        pos = st.reinsert(c)
        _rule(st, "R8", seat, None, worded(N_("R8: {card} was found face up in the stock (or dropped); it goes "
                                              "back into the stock ({n} card(s) above it) and play goes on."),
                                           card=card_str(c), n=pos), cards)
        return
    holder = st.holder_of(c)
    assert holder is not None
    if where == "discard":
        GinState._discard(st, c)
        _rule(st, "R8", seat, holder, worded(N_("R8: seat {seat} showed {card} in a way that meant to discard "
                                                "it; it counts for his discard."), seat=holder, card=card_str(c)),
              cards)
        return
    st.known[holder] |= 1 << c
    now = holder == st.cur
    st.bar(holder, "R8", worded(N_("seat {seat}'s opponent knows his {card}: no knock this turn (R8)") if now
                                else N_("seat {seat}'s opponent knows his {card}: no knock in his next turn (R8)"),
                                seat=holder, card=card_str(c)), gin_ok=False)
    _rule(st, "R8", seat, holder, worded(
        N_("R8: {card} was shown from seat {seat}'s hand. No penalty, but since seat {other} knows the card, "
           "seat {seat} may not knock this turn.") if now else
        N_("R8: {card} was shown from seat {seat}'s hand. No penalty, but since seat {other} knows the card, "
           "seat {seat} may not knock in his next turn."), card=card_str(c), seat=holder, other=1 - holder),
          cards)


def _play_r9(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R9: the illegal knock is void; the spread stays face up through the
    defender's next turn."""
    w = st.window
    assert w is not None
    k = w.knocker
    if not w.wrong_count and w.best <= w.limit:
        _rule(st, "R9", seat, k, worded(_WRONG_COUNT_ONLY, rule="R9", seat=k, points=w.points, best=w.best))
        st.stand(best=True)
        return
    _rule(st, "R9", seat, k, worded(N_(
        "R9: seat {seat} knocked with {points} deadwood, over the limit {limit}, and the defender had shown "
        "no card. The knock is void: seat {seat}'s cards stay face up until seat {other} has finished his next "
        "turn, the knock discard is turned up to be the top discard, seat {other} plays on, and nobody scores "
        "for the knock."), seat=k, points=w.points, limit=w.limit, other=1 - k))
    st.void_knock()
    st.face_up[k] = ("R9", st.turn_no + 1)


def _play_r10(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R10: the defender chooses open_hand or no_bonus."""
    if st.window is None:          # after ``accept``, before any layoff (manual defender)
        st.reopen_window()
    w = st.window
    assert w is not None
    k = w.knocker
    if not w.wrong_count and w.best <= w.limit:
        _rule(st, "R10", seat, k, worded(_WRONG_COUNT_ONLY, rule="R10", seat=k, points=w.points, best=w.best))
        st.stand(best=True)
        return
    _rule(st, "R10", seat, k, worded(N_(
        "R10: seat {seat} knocked with {points} deadwood, over the limit {limit}; found after seat {other} "
        "spread his hand, before any layoff. Seat {other} picks up his cards and chooses: open_hand (seat "
        "{seat} plays the rest of the deal with his hand face up) or no_bonus (seat {seat} scores no gin or "
        "undercut bonus in this deal)."), seat=k, points=w.points, limit=w.limit, other=1 - k),
          options=("open_hand", "no_bonus"), chooser=1 - k)


def _play_r11(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R11: the defender chooses new_deal or open_hand (with a correction of the
    count)."""
    w = st.window
    assert w is not None
    k = w.knocker
    _rule(st, "R11", seat, k, worded(N_(
        "R11: seat {seat} knocked holding {n} cards instead of 10. The knock is void; seat {other} chooses: "
        "new_deal, or open_hand (seat {seat} plays on with his hand face up and corrects it one card a turn, "
        "discarding without drawing or drawing without discarding)."), seat=k, n=w.count, other=1 - k),
          options=("new_deal", "open_hand"), chooser=1 - k)


def _play_r12(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R12: the knocker swaps the accidental knock discard for the card he meant."""
    c = cards[0]
    if st.window is not None:
        k, old = st.window.knocker, st.window.discard
        st.named.add(old)
        st.swap_window(c)
    else:
        k, old = st.knocker, st.knock_discard
        st.named.add(old)
        st.swap_scored(c)
    _rule(st, "R12", seat, k, worded(N_(
        "R12: seat {seat} discarded {card} by accident when knocking; he swaps it for {meant}, which he meant "
        "to discard, and the knock is scored with that discard."), seat=k, card=card_str(old),
        meant=card_str(c)), (c, old))


def _play_r13(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R13: the wrong card goes back to the pile; no penalty."""
    off = st.cur
    _rule(st, "R13", seat, off, worded(N_(
        "R13: seat {seat} took {cards} from the discard pile, which he was not entitled to take; he puts it "
        "back with no penalty and makes a legal draw (R6 applies to any card he saw that he was not entitled "
        "to see)."), seat=off, cards=cards_str(cards)), cards)


_WRONG_COUNT_ONLY = N_("{rule}: seat {seat} laid out {points} deadwood, but his hand holds only {best}: the "
                       "hand is wrong only in the count, so the knock stands and is scored with the true count.")

_PLAY = {"R1": _play_r1, "R2": _play_r2, "R3": _play_r3, "R4": _play_r4, "R5": _play_r5,
         "R6": _play_r6, "R7": _play_r7, "R8": _play_r8, "R9": _play_r9, "R10": _play_r10,
         "R11": _play_r11, "R12": _play_r12, "R13": _play_r13}


def play_choose(st: GinTableState, seat: int, move: Move) -> None:
    """Carry out the chosen option of the pending ruling (R2, R10, R11)."""
    i = st.pending
    r = st.rulings[i]
    choice = move.target or ""
    st.rulings[i] = Ruling(r.rule, r.reporter, r.offender, r.text, r.options, r.chooser, choice,
                           r.turn, r.cards)
    st.pending = -1
    off = r.offender if r.offender is not None else 0
    if choice == "new_deal":
        st.void(r.rule)
    elif r.rule == "R2":
        st.corrections[off] = "R2"
        st.correction_started(off)
    elif r.rule == "R10":
        d = 1 - off
        st.known[d] |= st.hands[d]
        st.void_knock()
        if choice == "open_hand":
            st.face_up[off] = ("R10", -1)
        else:
            st.no_bonus[off] = "R10"
    else:  # R11 open_hand
        st.void_knock()
        st.face_up[off] = ("R11", -1)
        st.corrections[off] = "R11"


def r3_text(d: int, n: int) -> str:
    if n < 10:
        return worded(N_("R3: the defender, seat {seat}, holds {n} cards at the knock; his hand is not corrected: "
                         "{points} points ({missing} × 10) are added to his deadwood and he may not score an "
                         "undercut bonus."), seat=d, n=n, points=10 * (10 - n), missing=10 - n)
    return worded(N_("R3: the defender, seat {seat}, holds {n} cards at the knock; his hand is not corrected: "
                     "the surplus cards count for deadwood unless melded or laid off, and he may not score an "
                     "undercut bonus."), seat=d, n=n)
