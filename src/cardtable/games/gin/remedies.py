"""The remedies of the gin referee's rulings (gin.md A.14 R1–R13): what each report and
each choice does to a table-mode state (``table.py``); the checks live in ``referee.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import card_str, cards_str
from ...moves import Move
from .referee import R1_GROUNDS, Ruling, counts_text, expected_count, knock_made, report_parts, wrong_seats
from .state import OFFER_DEALER, OVER, GinState

if TYPE_CHECKING:
    from .table import GinTableState


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


def _play_r1(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R1: a misdeal voids the deal before the upcard (d: before the first draw);
    after it the deal stands."""
    ground = next(f for f in flags if f in R1_GROUNDS)
    why = R1_GROUNDS[ground]
    dealer = st.dealer
    if ground == "d":
        wrong = wrong_seats(st)
        who = " and ".join(f"seat {s} holds {st.hands[s].bit_count()}" for s in wrong)
        _rule(st, "R1", seat, None, f"Misdeal (R1 d): {who} cards before the first draw; "
              f"the deal is void and seat {dealer} deals again.")
        st.void("R1")
    elif "dealing" in flags:
        if ground == "c":
            _rule(st, "R1", seat, dealer, f"Misdeal (R1 c): {why}, found before the upcard was "
                  f"turned; the deal is void and the rightful dealer, seat {1 - dealer}, deals.")
            st.void("R1", next_dealer=1 - dealer)
        else:
            _rule(st, "R1", seat, None, f"Misdeal (R1 {ground}): {why}, found before the upcard "
                  f"was turned; the deal is void and seat {dealer} deals again.")
            st.void("R1")
    else:
        later = {"a": " A card of another pack is ruled by R4, a card face up in the stock by R8.",
                 "b": " The exposed card is ruled by R8.",
                 "c": f" The rotation goes on from seat {dealer}, who dealt."}[ground]
        _rule(st, "R1", seat, dealer if ground == "c" else None,
              f"R1 {ground}: {why}, but the upcard has been turned, so the deal stands.{later}")


def _play_r2(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R2: both hands wrong: new deal; one wrong: the other seat chooses new_deal or
    continue."""
    wrong = wrong_seats(st)
    if len(wrong) == 2:
        _rule(st, "R2", seat, None, f"R2: both hands are wrong after the first draw "
              f"({counts_text(st)}); a new deal is compulsory, by seat {st.dealer}.")
        st.void("R2")
        return
    off = wrong[0]
    n, want = st.hands[off].bit_count(), expected_count(st, off)
    how = "discarding without drawing" if n > want else "drawing without discarding"
    _rule(st, "R2", seat, off, f"R2: seat {off} holds {n} cards instead of {want}. Seat "
          f"{1 - off}, whose hand is right, chooses a new deal or to continue; if play continues, "
          f"seat {off} corrects his hand by {how}, one card a turn, and may not knock until it "
          "is correct.", options=("new_deal", "continue"), chooser=1 - off)


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
            when = "the knock" if knock_made(st) else "the end of the deal"
            _rule(st, "R4", seat, None, f"R4: a {base} of another pack was found in a hand after "
                  f"{when}; the hand's result and the deal stand.", cards)
            return
        _rule(st, "R4", seat, None, f"R4: a {base} of another pack was found in a hand before the "
              f"knock; as under R1(a) the deal is void and seat {st.dealer} deals again.", cards)
        st.void("R4")
        return
    c = st.foreign_in_stock(cards[0])
    assert c is not None
    st.stock.remove(c)
    st.removed.append(c)
    if knock_made(st) or st.phase == OVER:
        text = (f"R4: a {card_str(c)} of another pack was found in the stock after the knock; it is "
                "removed, and the hand's result and the deal stand.")
    else:
        text = f"R4: a {card_str(c)} of another pack was found in the stock; it is removed from play and play goes on."
    _rule(st, "R4", seat, None, text, cards)


def _play_r5(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R5: the premature stock draw stands, as the offender's next draw; no penalty."""
    off = 1 - st.cur
    if st.phase == OFFER_DEALER:
        text = (f"R5: seat {off} drew from the stock before the dealer answered the upcard. No "
                "penalty: the dealer keeps his option on the upcard, and the card counts for seat "
                f"{off} in place of the draw of his next turn.")
    else:
        text = (f"R5: seat {off} drew from the stock before seat {st.cur} discarded. The draw "
                f"stands: seat {st.cur} finishes his turn, then seat {off} goes on from his draw "
                "and may not take the coming discard instead.")
    st.premature_draw(off)
    _rule(st, "R5", seat, off, text)


def _play_r6(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R6: the seen card(s) lie exposed; the offender may not knock this turn except
    with gin."""
    off = st.cur
    st.expose(cards, off, "R6")
    st.bar(off, "R6", f"seat {off} saw a card illegally and may not knock this turn, except "
           "with gin (R6)", gin_ok=True)
    _rule(st, "R6", seat, off, f"R6: seat {off} saw {cards_str(cards)} while drawing. "
          f"{'They lie' if len(cards) > 1 else 'It lies'} face up beside the discard pile; seat "
          f"{off} may not knock this turn unless he has gin; seat {1 - off} may take "
          f"{'them' if len(cards) > 1 else 'it'} in place of a draw until he next draws from the stock, "
          f"then seat {off} may until he draws from the stock; then what is left goes under the "
          "top discard.", cards)


def _play_r7(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R7: the card seen out of turn is exposed as in R6; the offender never takes
    it."""
    off = 1 - st.cur
    seen = cards if cards else (st.stock[-1],)
    st.named.update(seen)
    st.expose(seen, off, "R7")
    _rule(st, "R7", seat, off, f"R7: seat {off} drew out of turn and saw {cards_str(seen)}. R6 "
          f"applies: it lies face up beside the discard pile and seat {1 - off} may take it in "
          f"place of a draw until he next draws from the stock; turn order is unchanged; seat {off} may "
          "take only the top discard or the top stock card, never the exposed card; what is "
          "left then goes under the top discard.", seen)


def _play_r8(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R8: a card face up in the stock goes back; one shown from a hand bars a
    knock; one shown as a discard is the discard."""
    c = cards[0]
    where = flags[0]
    if where == "stock":
        pos = st.reinsert(c)
        _rule(st, "R8", seat, None, f"R8: {card_str(c)} was found face up in the stock (or "
              f"dropped); it goes back into the stock ({pos} card(s) above it) and play goes on.",
              cards)
        return
    holder = st.holder_of(c)
    assert holder is not None
    if where == "discard":
        GinState._discard(st, c)
        _rule(st, "R8", seat, holder, f"R8: seat {holder} showed {card_str(c)} in a way that meant "
              "to discard it; it counts for his discard.", cards)
        return
    st.known[holder] |= 1 << c
    this = "this turn" if holder == st.cur else "in his next turn"
    st.bar(holder, "R8", f"seat {holder}'s opponent knows his {card_str(c)}: no knock {this} (R8)",
           gin_ok=False)
    _rule(st, "R8", seat, holder, f"R8: {card_str(c)} was shown from seat {holder}'s hand. No "
          f"penalty, but since seat {1 - holder} knows the card, seat {holder} may not knock {this}.",
          cards)


def _play_r9(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R9: the illegal knock is void; the spread stays face up through the
    defender's next turn."""
    w = st.window
    assert w is not None
    k = w.knocker
    if not w.wrong_count and w.best <= w.limit:
        _rule(st, "R9", seat, k, f"R9: seat {k} laid out {w.points} deadwood, but his hand "
              f"holds only {w.best}: the hand is wrong only in the count, so the knock stands "
              "and is scored with the true count.")
        st.stand(best=True)
        return
    _rule(st, "R9", seat, k, f"R9: seat {k} knocked with {w.points} deadwood, over the limit "
          f"{w.limit}, and the defender had shown no card. The knock is void: seat {k}'s cards "
          f"stay face up until seat {1 - k} has finished his next turn, the knock discard is "
          f"turned up to be the top discard, seat {1 - k} plays on, and nobody scores for the knock.")
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
        _rule(st, "R10", seat, k, f"R10: seat {k} laid out {w.points} deadwood, but his hand "
              f"holds only {w.best}: the hand is wrong only in the count, so the knock stands "
              "and is scored with the true count.")
        st.stand(best=True)
        return
    _rule(st, "R10", seat, k, f"R10: seat {k} knocked with {w.points} deadwood, over the limit "
          f"{w.limit}; found after seat {1 - k} spread his hand, before any layoff. Seat {1 - k} "
          f"picks up his cards and chooses: open_hand (seat {k} plays the rest of the deal with "
          f"his hand face up) or no_bonus (seat {k} scores no gin or undercut bonus in this "
          "deal).", options=("open_hand", "no_bonus"), chooser=1 - k)


def _play_r11(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R11: the defender chooses new_deal or open_hand (with a correction of the
    count)."""
    w = st.window
    assert w is not None
    k = w.knocker
    _rule(st, "R11", seat, k, f"R11: seat {k} knocked holding {w.count} cards instead of 10. The "
          f"knock is void; seat {1 - k} chooses: new_deal, or open_hand (seat {k} plays on with "
          f"his hand face up and corrects it one card a turn, discarding without drawing or "
          "drawing without discarding).", options=("new_deal", "open_hand"), chooser=1 - k)


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
    _rule(st, "R12", seat, k, f"R12: seat {k} discarded {card_str(old)} by accident when "
          f"knocking; he swaps it for {card_str(c)}, which he meant to discard, and the knock is "
          "scored with that discard.", (c, old))


def _play_r13(st: GinTableState, seat: int, cards: tuple[int, ...], flags: list[str]) -> None:
    """gin.md A.14 R13: the wrong card goes back to the pile; no penalty."""
    off = st.cur
    _rule(st, "R13", seat, off, f"R13: seat {off} took {cards_str(cards)} from the discard "
          "pile, which he was not entitled to take; he puts it back with no penalty and makes a "
          "legal draw (R6 applies to any card he saw that he was not entitled to see).", cards)


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
        return (f"R3: the defender, seat {d}, holds {n} cards at the knock; his hand is not "
                f"corrected: {10 * (10 - n)} points ({10 - n} × 10) are added to his deadwood "
                "and he may not score an undercut bonus.")
    return (f"R3: the defender, seat {d}, holds {n} cards at the knock; his hand is not "
            "corrected: the surplus cards count for deadwood unless melded or laid off, and he "
            "may not score an undercut bonus.")
