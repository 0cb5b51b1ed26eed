"""Why a Remik move is illegal (remik.md §B.5–B.8): one function per kind of move.

Every check returns None (legal) or a sentence naming the rule.  A move must name the
canonical physical copies (what the text notation resolves to); anything else is rejected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import COPY_STRIDE, JK, card_str, cards_str
from ...i18n import N_, _
from ...moves import Move
from . import notation
from .melds import MeldError, MeldInfo, is_joker, slot_str

if TYPE_CHECKING:
    from .state import RemikState


def why_illegal(st: RemikState, seat: int, move: Move, deep: bool = True) -> str | None:
    """None when ``move`` is legal.  ``deep=False`` skips the look-ahead of rule 24 (that every
    joker taken by exchange can still be used this turn); the look-ahead itself uses it."""
    why = _basic(st, seat, move)
    if why is None and deep and move.verb in ("meld", "lay", "swap"):
        why = jokers_still_usable(st, seat, move)
    return why


def jokers_still_usable(st: RemikState, seat: int, move: Move) -> str | None:
    """remik.md rule 24 (``joker_swap_use_same_turn``): a joker taken by exchange must go into
    a meld or a lay-off the same turn.  Any move is allowed meanwhile (also another exchange),
    as long as afterwards one meld or lay-off can still take every joker not yet used; so a
    turn can never get stuck with a joker it may not discard."""
    if not st.opts.joker_swap_use_same_turn or (not st.pending and move.verb != "swap"):
        return None
    from .moves import pending_uses
    trial = st.light_copy()
    trial._play(seat, move)
    if trial.over or not trial.pending or pending_uses(trial, seat, first_only=True):
        return None
    if move.verb == "swap" and not st.pending:
        return (_("you could not use the joker this turn: a joker taken by exchange must go into a "
                "meld or a lay-off the same turn (remik.md rule 24)"))
    return (_("the joker(s) you took by exchange could then no longer be used this turn; they must "
            "go into a meld or a lay-off (remik.md rule 24)"))


def _basic(st: RemikState, seat: int, move: Move) -> str | None:
    if st.over:
        return _("the deal is over")
    if seat != st.current:
        return _("it is seat {seat}'s turn", seat=st.current + 1)
    v = move.verb
    try:
        reps = notation.reps_of(move)
    except Exception:
        return _("the joker stand-ins are not cards")
    if v in ("draw", "take"):
        if move.cards or move.groups or move.target:
            return _("'{verb}' names no cards", verb=v)
        return check_draw(st, seat) if v == "draw" else check_take(st, seat)
    if v == "takemeld":
        if st.phase != "draw":
            return _("you have already drawn this turn")
        if not st.discard_pile:
            return _("the discard pile is empty")
        if st.opened(seat):
            return _("you have opened: 'take' the top discard, then meld in separate moves")
        return check_opening(st, seat, move, reps, st.top())
    if v not in ("meld", "lay", "swap", "discard"):
        return _("unknown move {verb}; moves: draw, take, take meld, meld, lay, swap, discard", verb=repr(v))
    if st.phase == "draw":
        return _("draw first: 'draw' from the stock or take the top discard (remik.md rule 13)")
    if move.groups and v != "meld" or move.cards and v == "meld":
        return _("malformed move")
    if v == "meld":
        if not st.opened(seat):
            return check_opening(st, seat, move, reps, -1)
        return check_meld(st, seat, move, reps)
    if v == "lay":
        return check_lay(st, seat, move, reps)
    if v == "swap":
        return check_swap(st, seat, move)
    return check_discard(st, seat, move)


def check_draw(st: RemikState, seat: int) -> str | None:
    """remik.md rule 13 (and rule 12: the starter of a starter14 deal does not draw)."""
    if st.phase != "draw":
        return _("you have already drawn this turn") if st.turn > 1 or st.opts.deal_mode != "starter14" \
            else "the starter holds 14 cards and does not draw: meld or discard (remik.md rule 12)"
    if not st.stock:
        return _("the stock is empty")
    return None


def check_take(st: RemikState, seat: int) -> str | None:
    """remik.md rule 17 and the Clarification on taking the discard before opening."""
    if st.phase != "draw":
        return _("you have already drawn this turn")
    if not st.discard_pile:
        return _("the discard pile is empty")
    if not st.opened(seat) and st.opts.discard_pickup_requires_open:
        return (_("you have not opened: you may take {card} only together with an opening "
                "that uses it, e.g. 'take meld [..] [..]' (remik.md rule 17); otherwise draw from the stock",
                 card=card_str(st.top())))
    return None


def _canonical(st: RemikState, seat: int, cards: tuple[int, ...], *, for_discard: bool = False,
               extra: int = -1) -> str | None:
    faces = []
    for c in cards:
        b = int(c) % COPY_STRIDE
        if b >= 52 and b != JK:
            return _("{card} is not a remik card", card=card_str(c))
        faces.append(JK if b >= 52 else b)
    want = st.resolve(seat, faces, for_discard=for_discard, extra=extra)
    if want is None:
        return _("you do not hold {cards}", cards=st._missing(seat, faces, extra))
    if [int(c) for c in cards] != want:
        return _("name cards by their face; the engine picks which physical copy is played")
    return None


def _leaves(st: RemikState, seat: int, used: int, added: int = 0) -> str | None:
    """What the hand may be left with: a card to discard (rule 19 off), never only the taken card."""
    after = (st.hands[seat] & ~used) | added
    if after == 0 and not st.opts.allow_go_out_without_discard:
        return (_("you must keep a card to discard: going out without a discard is off "
                "(allow_go_out_without_discard)"))
    if after and st.taken >= 0 and after == 1 << st.taken:
        return (_("that would leave only {card}, the card you took from the discard pile, "
                "which you may not discard this turn (remik.md rule 18)", card=card_str(st.taken)))
    return None


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def _infos(st: RemikState, groups: tuple[tuple[int, ...], ...], reps: list[int]) -> list[MeldInfo] | str:
    njokers = sum(1 for g in groups for c in g if is_joker(c))
    if njokers != len(reps):
        return _("write what each joker stands for, e.g. JK=8♥")
    out = []
    k = 0
    for i, g in enumerate(groups):
        slots = st.slots_for(g, reps, k)
        k += sum(1 for c in g if is_joker(c))
        try:
            out.append(st.analyse(slots))
        except MeldError as e:
            label = " ".join(slot_str(s) for s in slots)
            return (_("{cards} is not a meld: {reason}", cards=label, reason=e.said()) if len(groups) == 1
                    else _("meld {n} ({cards}): {reason}", n=i + 1, cards=label, reason=e.said()))
    return out


def opening_shortfall(infos: list[MeldInfo], minimum: int, needs_pure: bool) -> str | None:
    """remik.md rule 20: at least ``opening_min`` (51) in table values, and a pure run."""
    total = sum(i.value for i in infos)
    pure = any(i.pure for i in infos)
    if total >= minimum and (pure or not needs_pure):
        return None
    need = (_("an opening needs melds worth at least {minimum} points including a pure run (a run without a "
              "joker) (remik.md rule 20)", minimum=minimum) if needs_pure
            else _("an opening needs melds worth at least {minimum} points (remik.md rule 20)", minimum=minimum))
    parts = " + ".join(str(i.value) for i in infos)
    have = (_("these melds count {total} ({parts})", total=total, parts=parts) if len(infos) > 1
            else _("this meld counts {total}", total=total))
    lacks = []
    if total < minimum:
        lacks.append(_("{n} short", n=minimum - total))
    if needs_pure and not pure:
        lacks.append(_("no pure run"))
    return f"{need}: {have}; {', '.join(lacks)}"


def check_opening(st: RemikState, seat: int, move: Move, reps: list[int], extra: int) -> str | None:
    """remik.md rules 15, 17, 20–22 and the Clarification "the opening is one move"."""
    if not move.groups or move.cards:
        return _("name the melds of your opening, e.g. meld [8♦ 8♣ 8♥] [7♠ 8♠ 9♠ 10♠]")
    flat = [int(c) for g in move.groups for c in g]
    err = _canonical(st, seat, tuple(flat), extra=extra)
    if err:
        return err
    if extra >= 0 and extra not in flat:
        return (_("the card taken from the discard pile ({card}) must be used in the opening "
                "(remik.md rule 17)", card=card_str(extra)))
    infos = _infos(st, move.groups, reps)
    if isinstance(infos, str):
        return infos
    short = opening_shortfall(infos, st.opts.opening_min, st.opts.opening_requires_pure_run)
    if short:
        return short
    added = (1 << extra) if extra >= 0 else 0
    after = (st.hands[seat] | added) & ~_mask(flat)
    if after == 0 and not st.opts.allow_go_out_without_discard:
        return _("you must keep a card to discard (allow_go_out_without_discard is off)")
    if extra < 0:
        return _leaves(st, seat, _mask(flat))
    return None


def check_meld(st: RemikState, seat: int, move: Move, reps: list[int]) -> str | None:
    """remik.md rule 16: an opened player lays any new meld, one meld per move."""
    if len(move.groups) != 1:
        return _("after opening, lay one meld per move (remik.md Clarifications)")
    cards = [int(c) for c in move.groups[0]]
    err = _canonical(st, seat, tuple(cards))
    if err:
        return err
    infos = _infos(st, move.groups, reps)
    if isinstance(infos, str):
        return infos
    return _leaves(st, seat, _mask(cards))


_NOT_OPENED = {
    "laying off": N_("you have not opened: laying off only after your opening (remik.md rule 15); the opening "
                     "is one move of melds worth at least {minimum}"),
    "joker exchange": N_("you have not opened: joker exchange only after your opening (remik.md rule 15); the "
                         "opening is one move of melds worth at least {minimum}"),
}
_NOT_IN_OPENING_TURN = {"laying off": N_("no laying off in the turn you opened ({key} is off)"),
                        "joker exchange": N_("no joker exchange in the turn you opened ({key} is off)")}


def _may_use_table(st: RemikState, seat: int, what: str, allowed_in_opening_turn: bool,
                   key: str) -> str | None:
    if not st.opened(seat):
        return _(_NOT_OPENED[what], minimum=st.opts.opening_min)
    if st.opened_turn[seat] == st.turn and not allowed_in_opening_turn:
        return _(_NOT_IN_OPENING_TURN[what], key=key)
    return None


def check_lay(st: RemikState, seat: int, move: Move, reps: list[int]) -> str | None:
    """remik.md rules 16 and 21: lay off onto any table meld after opening."""
    err = _may_use_table(st, seat, "laying off", st.opts.layoff_on_opening_turn, "layoff_on_opening_turn")
    if err:
        return err
    if not move.cards:
        return _("name the cards to lay off")
    m = st.find_meld(notation.meld_id(move))
    if m is None:
        ids = ", ".join(x.name for x in st.melds) or "none"
        return _("there is no table meld {meld} (melds: {melds})", meld=repr(notation.meld_id(move)), melds=ids)
    cards = [int(c) for c in move.cards]
    err = _canonical(st, seat, tuple(cards))
    if err:
        return err
    if sum(1 for c in cards if is_joker(c)) != len(reps):
        return _("write what each joker stands for, e.g. lay JK=10♥ @m3")
    for c in cards:
        if not is_joker(c) and any(is_joker(j) and r == c % COPY_STRIDE for j, r in m.slots):
            return (_("the joker in {meld} stands for {card}: exchange it with "
                    "'swap {card} @{meld}' (remik.md rule 23)", meld=m.name, card=card_str(c)))
    try:
        info = st.analyse(m.slots + st.slots_for(cards, reps))
    except MeldError as e:
        naturals = cards_str(c for c in cards if not is_joker(c))
        return (_("{cards} does not fit {meld}: {reason}", cards=naturals, meld=m.name, reason=e.said()) if naturals
                else _("the joker does not fit {meld}: {reason}", meld=m.name, reason=e.said()))
    if info.kind != m.kind:
        return (_("a lay-off keeps {meld} a set", meld=m.name) if m.kind == "set"
                else _("a lay-off keeps {meld} a run", meld=m.name))
    return _leaves(st, seat, _mask(cards))


def check_swap(st: RemikState, seat: int, move: Move) -> str | None:
    """remik.md rules 23–24: exchange a table joker for the natural card it stands for."""
    err = _may_use_table(st, seat, "joker exchange", st.opts.joker_swap_on_opening_turn,
                         "joker_swap_on_opening_turn")
    if err:
        return err
    if len(move.cards) != 1 or is_joker(move.cards[0]) or notation.reps_of(move):
        return _("swap names one natural card from your hand, e.g. swap 6♥ @m2")
    m = st.find_meld(notation.meld_id(move))
    if m is None:
        ids = ", ".join(x.name for x in st.melds) or "none"
        return _("there is no table meld {meld} (melds: {melds})", meld=repr(notation.meld_id(move)), melds=ids)
    card = int(move.cards[0])
    err = _canonical(st, seat, (card,))
    if err:
        return err
    base = card % COPY_STRIDE
    if not any(is_joker(c) and r == base for c, r in m.slots):
        return _("{meld} has no joker standing for {card}", meld=m.name, card=card_str(card))
    return None


def check_discard(st: RemikState, seat: int, move: Move) -> str | None:
    """remik.md rule 18: discard one card, not the one just taken from the pile."""
    if len(move.cards) != 1 or move.target:
        return _("discard names one card")
    card = int(move.cards[0])
    err = _canonical(st, seat, (card,), for_discard=True)
    if err:
        return err
    if st.pending:
        return (_("first use the joker you took by exchange, in a meld or a lay-off; it may not be "
                "kept or discarded (remik.md rule 24)"))
    if card == st.taken:
        return (_("you took {card} from the discard pile this turn; discard another card "
                "(remik.md rule 18)", card=card_str(card)))
    return None
