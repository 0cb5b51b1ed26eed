"""The gin referee on a screen (the browser's referee page, ``/referee``): the laws R1–R13 as
a menu of reports (short name, remedy, where each is written), a ruling and the referee's
facts of a view in the reader's language with the seats counted from 1, what may be typed
next in a physical record, and the cards a scored knock found missing (gin.md A.14 R3: 10
points each).  The game's referee part declares these as its ``screen``
(``cardtable.parts.referee.RefereeScreen``); nothing here prints or reads a line.

Nothing said here depends on a card nobody has named: a move is offered only when every card
it names is known (a knock or gin only when the knocker's whole hand is), so the placeholders
that hold the unknown cards of a physical record never show (``physical.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards import card_str
from ....i18n import N_, _, ngettext
from ....parts.referee import Law
from ..state import DISCARD, OVER
from .rulings import USAGE, Ruling, or_list, said
from .tablestate import GinTableState

if TYPE_CHECKING:
    from ....game import State
    from ....parts.referee import PhysicalRecord, RulingText

CITE = "gin.md A.14 {rule}"

#: each law: its short name, its remedy, what the report names, the words it takes
_LAWS: tuple[tuple[str, str, str, str, tuple[tuple[tuple[str, str], ...], ...]], ...] = (
    ("R1", N_("misdeal"),
     N_("Before the upcard is turned the deal is void and the same dealer deals again; if the wrong "
        "player dealt, the rightful dealer deals. A wrong number of cards voids the deal until the first "
        "draw. Once the upcard is turned the deal stands."),
     "none", ((("a", N_("the pack is imperfect or a card was found face up in it")),
               ("b", N_("a card was exposed while dealing")), ("c", N_("the wrong player dealt")),
               ("d", N_("a player holds the wrong number of cards"))),
              (("dealing", N_("found before the upcard was turned")),))),
    ("R2", N_("wrong number of cards after the first draw"),
     N_("Both hands wrong: a new deal. One hand wrong: the other player chooses a new deal or to play on; "
        "the offender then corrects one card a turn and may not knock until his hand is right."),
     "none", ()),
    ("R3", N_("defender's hand wrong at a knock"),
     N_("The defender's hand is not corrected: 10 points for each missing card are added to his deadwood, "
        "surplus cards count as deadwood unless melded or laid off, and he gets no undercut bonus."),
     "none", ()),
    ("R4", N_("card of another pack"),
     N_("A card of another pack found in the stock is taken out of play and the deal goes on; found in a "
        "hand before the knock, the deal is void. After a knock the result stands."),
     "one", ((("hand", N_("found in a hand, not in the stock")),),)),
    ("R5", N_("premature draw"),
     N_("No penalty: the card drawn too early is the offender's next draw. The dealer keeps his choice of "
        "the upcard; a player who drew before his opponent discarded may not take that discard."),
     "none", ()),
    ("R6", N_("card seen illegally while drawing"),
     N_("The card seen goes face up beside the discard pile and the offender may not knock this turn "
        "unless he has gin. The other player may take it instead of his draw; once he draws from the "
        "stock the offender may, until he draws from the stock himself."),
     "some", ()),
    ("R7", N_("drawing out of turn"),
     N_("The card seen goes face up beside the discard pile as under R6 and the turns do not change; the "
        "offender never gets a right to take it."),
     "one", ()),
    ("R8", N_("exposed card"),
     N_("A card found face up in the stock goes back into it. A card shown from a hand: no penalty, but its "
        "holder may not knock this turn. A card shown as a discard counts as his discard."),
     "one", ((("stock", N_("found face up in the stock")), ("hand", N_("shown from a hand")),
              ("discard", N_("shown as a discard"))),)),
    ("R9", N_("illegal knock, found before the defender showed a card"),
     N_("The knock is void and scores nothing: the face-down discard is turned up, the defender plays on "
        "and the knocker's cards stay face up until the defender's turn ends."),
     "none", ()),
    ("R10", N_("illegal knock, found after the defender spread and before any layoff"),
     N_("The knock is void as under R9, and the defender chooses: the offender plays the rest of the deal "
        "face up, or he scores no gin or undercut bonus in this deal."),
     "none", ()),
    ("R11", N_("knocker holds the wrong number of cards"),
     N_("The defender chooses a new deal, or that the knocker plays on with his hand face up and corrects "
        "his count one card a turn as under R2."),
     "none", ()),
    ("R12", N_("wrong discard after a knock"),
     N_("The knocker may swap the face-down discard for the card he meant, until the defender starts "
        "laying off; the knock is scored again."),
     "one", ()),
    ("R13", N_("wrong card taken from the discard pile"),
     N_("The card goes back, without penalty, and the player makes a legal draw."),
     "some", ()),
)


def laws() -> tuple[Law, ...]:
    """R1–R13 for a menu of reports (English words, marked for translation)."""
    return tuple(Law(rule, name, remedy, CITE.format(rule=rule), USAGE[rule], cards, words)
                 for rule, name, remedy, cards, words in _LAWS)


def ruling_said(r: RulingText) -> str:
    """A ruling in the reader's language, its seats counted from 1 (:meth:`Ruling.said` keeps
    the record's, from 0, for the score lines of other screens)."""
    if not isinstance(r, Ruling):
        return r.sentence()
    s = said(r.text)
    chooser = r.chooser + 1 if r.chooser is not None else 1
    if r.options and r.choice is None:
        s += " " + _("Seat {seat} chooses: {options}.", seat=chooser, options=or_list(r.options))
    elif r.choice is not None:
        s += " " + _("Seat {seat} chose {choice}.", seat=chooser, choice=r.choice)
    return s


def notes(view: dict[str, Any]) -> list[str]:
    """The referee's facts of a view (its ``referee`` key) in the reader's language, seats
    counted from 1: an open knock, cards exposed, bars to a knock, hands face up, corrections,
    early draws, bonuses withheld, cards removed."""
    ref = view.get("referee") or {}
    out: list[str] = []
    knock = ref.get("knock")
    if isinstance(knock, dict):
        out.append(_("Seat {seat} knocked with {points} deadwood and {n} cards (the limit is {limit}): the "
                     "defender accepts the knock or reports it.", seat=int(knock["seat"]) + 1,
                     points=knock.get("deadwood_points"), n=knock.get("cards"), limit=knock.get("limit")))
    for e in ref.get("exposed") or []:
        cards = " ".join(e.get("cards") or [])
        out.append(ngettext("{cards} lies face up beside the discard pile; seat {seat} may take it instead of "
                            "a draw.", "{cards} lie face up beside the discard pile; seat {seat} may take one "
                            "instead of a draw.", len(e.get("cards") or []), cards=cards,
                            seat=int(e["may_take"]) + 1))
    for _seat, reason in sorted((ref.get("no_knock") or {}).items()):
        out.append(said(str(reason)))
    for s in sorted(ref.get("face_up") or {}):
        out.append(_("Seat {seat} plays with his hand face up.", seat=int(s) + 1))
    sizes = view.get("hand_sizes") or []
    for s in sorted(ref.get("correcting") or {}):
        n = sizes[int(s)] if int(s) < len(sizes) else "?"
        out.append(_("Seat {seat} is correcting his count (he holds {n} cards): no knock until it is right.",
                     seat=int(s) + 1, n=n))
    for s in ref.get("drawn_ahead") or []:
        out.append(_("Seat {seat} drew before his turn: that card is his next draw.", seat=int(s) + 1))
    for s in ref.get("no_bonus") or []:
        out.append(_("Seat {seat} scores no gin or undercut bonus in this deal.", seat=int(s) + 1))
    for n in ref.get("other_backs_in_stock") or []:
        out.append(_("A card with another back lies in the stock, {n} from the top.", n=n))
    if ref.get("removed"):
        out.append(_("Taken out of play (another pack): {cards}", cards=" ".join(ref["removed"])))
    return out


def missing(st: State) -> list[int]:
    """For each seat, the cards a scored knock found missing from its hand (R3: 10 points
    each are added to that defender's deadwood); zeros otherwise."""
    out = [0, 0]
    if not isinstance(st, GinTableState) or st.phase != OVER or st.knocker < 0 or st.voided is not None:
        return out
    d = 1 - st.knocker
    if not any(r.rule == "R3" and r.offender == d for r in st.rulings):
        return out
    knock = st.view(None, log=False).get("knock") or {}
    out[d] = max(0, 10 - st.hands[d].bit_count() - len(knock.get("layoffs") or []))
    return out


def _choice(kind: str, line: str, seat: int | None, **more: Any) -> dict[str, Any]:
    return {"kind": kind, "line": line, "seat": seat, **more}


def choices(record: PhysicalRecord) -> list[dict[str, Any]]:
    """What may be typed next in a physical record, as a person types it (seats from 1):
    ``move`` (a whole line), ``name`` (a line whose card is to be named: ``upcard``, ``draw``,
    ``discard``, ``knock``, ``gin``), ``show`` (cards seen in a hand), ``report`` (a report
    possible now without naming a card), ``answer`` (``choose …``, ``accept``)."""
    st = record.state
    assert isinstance(st, GinTableState)
    view = record.view()
    known = [list(h) for h in view.get("hands_known") or [[], []]]
    unknown = list(view.get("hands_unknown") or [0, 0])
    upcard_entered = bool(getattr(record, "upcard_entered", True))
    started = bool(getattr(record, "moves", None))
    out: list[dict[str, Any]] = []
    if not upcard_entered:
        out.append(_choice("name", "upcard", None, verb="upcard"))
    movers = st.to_move() if upcard_entered and st.phase != OVER else ()
    if len(movers) == 1:
        m = movers[0]
        seen = set(known[0]) | set(known[1]) | set(view.get("discard") or [])
        for e in (view.get("referee") or {}).get("exposed") or []:
            seen |= set(e.get("cards") or [])
        verbs: set[str] = set()
        for mv in st.legal_moves(m):
            cards = [card_str(c) for c in (*mv.cards, *(c for g in mv.groups for c in g))]
            verbs.add(mv.verb)
            if mv.verb in ("knock", "gin", "biggin") and unknown[m]:
                continue
            if all(c in seen for c in cards):
                text = st.move_text(mv)
                kind = "answer" if mv.verb in ("choose", "accept") else "move"
                if not any(x["line"] == text for x in out):
                    out.append(_choice(kind, text, m + 1, verb=mv.verb, cards=cards))
        if "draw" in verbs:
            out.append(_choice("name", "draw", m + 1, verb="draw"))
        if st.phase == DISCARD and st.window is None and unknown[m]:
            if "discard" in verbs:
                out.append(_choice("name", "discard", m + 1, verb="discard"))
            if unknown[m] == 1 and verbs & {"knock", "gin"}:
                out += [_choice("name", v, m + 1, verb=v) for v in ("knock", "gin")]
    verb = "show" if started else "hand"        # before the first move: a player picks up his cards
    out += [_choice("show", f"{verb} {s + 1}", s + 1, verb=verb, unknown=unknown[s]) for s in (0, 1) if unknown[s]]
    if upcard_entered:
        from .checks import possible_reports
        for s in (0, 1):
            for text in possible_reports(st, s):
                rule = text.split()[1]
                if rule == "R7":               # at a real table the card seen must be named
                    continue
                out.append(_choice("report", f"{s + 1}: {text}", s + 1, rule=rule))
    return out


__all__ = ["CITE", "choices", "laws", "missing", "notes", "ruling_said"]
