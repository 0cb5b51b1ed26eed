"""Move notation of dummy (docs/games/dummy.md "Move notation") and the reasons for refusals.

    draw | pass | show
    take 7♥ meld 6♥ 7♥ 8♥        pick up 7♥ and everything above it, meld 6♥ 7♥ 8♥ (B11)
    take 8♥ on 7♥                (allow_pickup_for_layoff) lay the target off on the meld of 7♥
    meld 3♥ 4♥ 5♥                meld from hand (B12, B13)
    layoff 10♥ on 7♥             lay off on the table meld that holds 7♥ (any card of it)
    discard 9♣ | knock K♦        end the turn (B16, B18)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import Card, card_str, cards_str, iter_bits, mask_of, parse_cards
from ...errors import IllegalMove
from ...i18n import _
from ...moves import Move, default_move_text
from .meldlogic import SPETO_MASK, sort_key

if TYPE_CHECKING:
    from .state import DummyState

VERBS = ("draw", "pass", "show", "take", "meld", "layoff", "discard", "knock")


def _canon(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def _meld_anchor(state: DummyState | None, text: str, named: list[Card]) -> Card:
    if not named:
        raise IllegalMove(text, _("name the table meld after 'on' by one or more of its cards"))
    if state is None:       # a listed move's text names the meld by its anchor (``text``)
        if len(named) != 1:
            raise IllegalMove(text, _("the cards after 'on' lie in different melds"))
        return named[0]
    idx = {state.meld_of.get(int(c)) for c in named}
    if None in idx:
        missing = [card_str(c) for c in named if int(c) not in state.meld_of]
        raise IllegalMove(text, _("{cards} is not on the table", cards=' '.join(missing)))
    if len(idx) != 1:
        raise IllegalMove(text, _("the cards after 'on' lie in different melds"))
    i = idx.pop()
    assert i is not None
    return Card(state.melds[i].anchor)


def parse(state: DummyState | None, text: str, seat: int) -> Move:
    """Text → move; ``state`` None reads a text as :func:`text` writes it (a lay-off or
    pickup ``on`` names its table meld by the meld's anchor card), without the table."""
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalMove(text, _("empty move; moves: {verbs}", verbs=', '.join(VERBS)))
    verb = words[0].lower()
    rest = words[1:]
    if verb not in VERBS:
        raise IllegalMove(text, _("unknown move {word}; moves: {verbs}", word=repr(words[0]), verbs=', '.join(VERBS)))
    low = [w.lower() for w in rest]
    if verb in ("draw", "pass", "show"):
        if rest:
            raise IllegalMove(text, _("'{verb}' takes no cards", verb=verb))
        return Move(verb)
    if verb == "take":
        if "meld" in low:
            k = low.index("meld")
            target = parse_cards(rest[:k])
            if len(target) != 1:
                raise IllegalMove(text, _("write: take <target card> meld <cards of the new meld>"))
            return Move("take", (target[0],), (_canon(parse_cards(rest[k + 1:])),))
        if "on" in low:
            k = low.index("on")
            target = parse_cards(rest[:k])
            if len(target) != 1:
                raise IllegalMove(text, _("write: take <target card> on <a card of the table meld>"))
            return Move("take", (target[0],), ((_meld_anchor(state, text, parse_cards(rest[k + 1:])),),), "on")
        raise IllegalMove(text, _("a pickup names the meld it forms: take 7♥ meld 6♥ 7♥ 8♥"))
    if verb == "layoff":
        if "on" not in low:
            raise IllegalMove(text, _("a lay-off names the meld it goes on: layoff 10♥ on 7♥"))
        k = low.index("on")
        return Move("layoff", _canon(parse_cards(rest[:k])),
                    ((_meld_anchor(state, text, parse_cards(rest[k + 1:])),),))
    cards = parse_cards(rest)
    if verb == "meld":
        return Move("meld", _canon(cards))
    if len(cards) != 1:
        raise IllegalMove(text, _("'{verb}' names exactly one card", verb=verb))
    return Move(verb, (cards[0],))


def text(move: Move) -> str:
    v = move.verb
    shaped = len(move.groups) == 1 and len(move.groups[0]) >= 1 and len(move.cards) >= 1
    if v in ("take", "layoff") and not shaped:
        return default_move_text(move)     # a malformed move still prints (for its error)
    if v == "take":
        if move.target == "on":
            return f"take {card_str(move.cards[0])} on {card_str(move.groups[0][0])}"
        return f"take {card_str(move.cards[0])} meld {cards_str(move.groups[0])}"
    if v == "layoff":
        return f"layoff {cards_str(move.cards)} on {card_str(move.groups[0][0])}"
    if move.cards:
        return f"{v} {cards_str(move.cards)}"
    return v


def precheck(state: DummyState, seat: int, move: Move) -> str | None:
    """Shape errors that need no rules: unknown verb, cards counted wrong, duplicates."""
    v = move.verb
    if v not in VERBS:
        return _("unknown move {verb}; moves: {verbs}", verb=repr(v), verbs=', '.join(VERBS))
    if any(not isinstance(c, int) or not 0 <= c < 52 for c in move.cards):
        return _("a card code is not in the 52-card pack")
    if len(set(move.cards)) != len(move.cards):
        return _("a card is named twice")
    for g in move.groups:
        if len(set(g)) != len(g) or any(not isinstance(c, int) or not 0 <= c < 52 for c in g):
            return _("a card group names a card twice or a card outside the pack")
    if v in ("draw", "pass", "show") and (move.cards or move.groups):
        return _("'{verb}' takes no cards", verb=v)
    if v in ("discard", "knock") and len(move.cards) != 1:
        return _("'{verb}' names exactly one card", verb=v)
    if v == "take" and (len(move.cards) != 1 or len(move.groups) != 1 or not move.groups[0]):
        return _("a pickup names one target card and one meld: take 7♥ meld 6♥ 7♥ 8♥")
    if v == "meld" and not move.cards:
        return _("name the cards of the meld: meld 3♥ 4♥ 5♥")
    if v == "layoff" and (not move.cards or len(move.groups) != 1 or len(move.groups[0]) != 1):
        return _("a lay-off names its cards and one table meld")
    return None


def explain(state: DummyState, seat: int, move: Move) -> str:
    """Why a well-formed move is not legal now, citing the rule (only called for illegal moves)."""
    v = move.verb
    hand = state.hands[seat]
    o = state.options
    phase = state.phase
    canon = Move(v, _canon(list(move.cards)) if v in ("meld", "layoff") else move.cards,
                 tuple(_canon(list(g)) for g in move.groups) if v == "take" else move.groups, move.target)
    if canon != move and canon in state.legal_moves(seat):
        return _("write the cards in order: {move}", move=text(canon))
    if v == "show":
        if state.acted[seat]:
            return _("spetos can be shown only before your first action of the hand (S8)")
        if not o.show_speto_bonus:
            return _("the show-speto bonus is off (S8 show_speto_bonus = 0)")
        if hand & SPETO_MASK != SPETO_MASK:
            return _("you do not hold both spetos 2♣ and Q♠ (S8)")
    if v in ("draw", "pass", "take") and phase != "take":
        return _("you have already drawn or picked up this turn (B11)")
    if v in ("meld", "layoff", "discard", "knock") and phase == "take":
        return _("draw or pick up first (B11)")
    if v == "pass":
        return _("you may pass only in the final turn after the stock ran out (B27)")
    if v == "draw":
        if state.final_turn:
            return _("the stock is empty: in the final turn you may only pick up to knock, or pass (B27)")
        return _("the stock is empty (B28)")
    if v == "take":
        return _explain_take(state, seat, move)
    if v in ("meld", "layoff"):
        cards = mask_of(move.cards)
        if cards & ~hand:
            return _("you do not hold {cards}", cards=cards_str(c for c in move.cards if not hand >> c & 1))
        if cards == hand:
            return _("you must keep at least one card in hand (B15)")
        if v == "meld" and not state.tables.is_meld(cards):
            return _("{cards} is not a set or run (B6–B9: ace high, no wrap)", cards=cards_str(move.cards))
        if v == "layoff":
            anchor = int(move.groups[0][0])
            if anchor not in state.meld_of:
                return _("{card} is not on the table", card=card_str(anchor))
            meld = state.melds[state.meld_of[anchor]]
            if cards not in _layoffs(state, meld, cards):
                return _("{cards} does not extend the meld {meld} (B14)", cards=cards_str(move.cards),
                         meld=cards_str(meld.cards()))
        free_meld, free_lay = state._gated(seat)
        free = free_meld if v == "meld" else free_lay
        if not free and not state._dark_allowed():
            return (_("you are not born yet: you may table cards from hand only after a pickup meld, "
                    "or in a turn after a stock draw that ends in a knock (B13)"))
        if state.final_turn:
            return (_("in the final turn after the stock ran out the turn must end in a knock (B27), and after "
                    "this you could not table your hand down to one card"))
        if state.must_knock or not free:
            return (_("you are not born yet (no pickup meld): after a stock draw you may table cards only to "
                    "knock in this turn (B13, dark knock B20), and after this you could not table your hand "
                    "down to one card"))
        return _("you would be left with one card and no meld of your own to knock with (B18)")
    if v == "discard":
        c = int(move.cards[0])
        if not hand >> c & 1:
            return _("you do not hold {card}", card=card_str(c))
        if state.must_knock:
            return (_("this turn must end in a knock: you tabled cards while unborn after a stock draw, "
                    "or it is the final turn after the stock ran out (B13, B27); a discard is not allowed"))
        return _("with one card left you must knock, not discard (B16, B17)")
    if v == "knock":
        c = int(move.cards[0])
        if not hand >> c & 1:
            return _("you do not hold {card}", card=card_str(c))
        if hand.bit_count() != 1:
            return _("you knock with exactly one card left after your plays; you hold {n} (B18)", n=hand.bit_count())
        return _("the knocker must own at least one meld on the table (B18)")
    return _("not a legal move now")


def _layoffs(state: DummyState, meld: object, cards: int) -> list[int]:
    from .tablemelds import meld_layoffs
    return meld_layoffs(meld, state.tables, cards, state.options.layoff_chain_allowed)  # type: ignore[arg-type]


def _explain_take(state: DummyState, seat: int, move: Move) -> str:
    t = int(move.cards[0])
    hand = state.hands[seat]
    o = state.options
    if state.turn == 1 and not o.first_turn_may_pick_head and t == state.head:
        return _("the first player of the hand may not pick up the head (B5, first_turn_may_pick_head = false)")
    if t not in state.pile:
        return _("{card} is not in the discard pile (B11)", card=card_str(t))
    i = state.pile.index(t)
    taken = mask_of(state.pile[i:])
    if move.target == "on":
        if not o.allow_pickup_for_layoff:
            return _("the pickup target must go into a new meld (B11; allow_pickup_for_layoff = false)")
        return (_("{card} cannot be laid off there, or the turn could not end in the knock "
                "an unborn player needs (B11, B13)", card=card_str(t)))
    m = mask_of(move.groups[0])
    if not m >> t & 1:
        return _("the pickup meld must contain the target {card} (B11)", card=card_str(t))
    if not state.tables.is_meld(m):
        return _("{cards} is not a set or run (B6–B9: ace high, no wrap)", cards=cards_str(move.groups[0]))
    if m & ~(hand | taken):
        return _("{cards} is neither in your hand nor taken with {card} (B11: you take {card} and every "
                 "card above it)", cards=cards_str(c for c in move.groups[0] if not (hand | taken) >> c & 1),
                 card=card_str(t))
    if not m & hand:
        return _("the pickup meld needs at least one card from your hand (B11)")
    if not (hand | taken) & ~m:
        return _("you must keep at least one card after the pickup meld (B11, B15)")
    if state.final_turn:
        return _("in the final turn a pickup is allowed only if you then knock (B27), and this one cannot "
                 "lead to a knock")
    return _("not a legal pickup now")


__all__ = ["parse", "text", "precheck", "explain", "Card", "iter_bits"]
