"""捉黑A's card table (:class:`cardtable.parts.felt.Felt`): four or five seats, each with the
cards of its hand the whole table knows face up (the 庄家's 明牌, tribute that changed
hands), who passed this round and the places of those gone out; the sides only as far as
the view states them (the A♠ holder is named once the rules reveal him, or to himself).
In the middle the combination to beat, who played it and its kind.  During tribute the
cards set aside lie before their givers and a returned pool before the returner.

Gestures: select cards and click the middle to play them; select the tribute and click the
place before your seat to give or return it; click the pool to pick from it (the page asks
which card when several remain).  Passing stays in the list: clicking the middle with
nothing selected is too easy an accident."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _, pgettext
from ...parts.felt import Felt, Target, area, seat
from .layout import kind_words

View = dict[str, Any]

OUT_PLACES = (N_("out 1st"), N_("out 2nd"), N_("out 3rd"), N_("out 4th"), N_("out 5th"))


def _known(view: View) -> dict[int, list[str]]:
    """The cards in each hand that the view places there: the 明牌 in the 庄家's hand, the
    last receiver of each tribute card; less what has been played or lies set aside or in
    the pool.  A♠ shown by 'reveal' stays a back: its holder's tag says it, and the view
    names only the partner, not the card."""
    dealer = view.get("dealer")
    holder: dict[str, int] = {}
    if view.get("faceup") and isinstance(dealer, int):
        holder[view["faceup"]] = dealer
    for item in view.get("tribute") or []:        # in order: a later receiver holds it now
        for c in item.get("cards") or []:
            holder[c] = int(item["seat"])
    gone = {c for cs in (view.get("played") or {}).values() for c in cs}
    gone |= {c for cs in (view.get("aside") or {}).values() for c in cs}
    gone |= set((view.get("pool") or {}).get("cards") or [])
    out: dict[int, list[str]] = {}
    for c, s in holder.items():
        if c not in gone:
            out.setdefault(s, []).append(c)
    return out


def _tags(view: View, s: int) -> list[str]:
    tags = []
    if view.get("dealer") == s:
        tags.append(pgettext("zhuoheia", "dealer"))
        if view.get("partner") == "alone":
            tags.append(pgettext("zhuoheia", "alone"))
    if view.get("partner") == s:
        tags.append(pgettext("zhuoheia", "partner (A♠)"))
    order = list(view.get("finish_order") or [])
    if s in order:
        tags.append(_(OUT_PLACES[min(order.index(s), len(OUT_PLACES) - 1)]))   # 5 seats at most
    elif view.get("phase") == "play" and s in (view.get("passed") or []):
        tags.append(_("passed"))
    return tags


def _tribute_zones(view: View, s: int) -> list[dict[str, Any]]:
    """Before seat ``s``: the cards it set aside (or the empty place it gives them to, when
    it is its turn to give); the pool it returned (or the empty place, when returning)."""
    phase = view.get("phase")
    mover = (view.get("to_move") or [None])[0]
    aside = (view.get("aside") or {}).get(str(s))
    zones = []
    if aside or (phase == "give" and mover == s):
        zones.append(area(f"aside:{s}", "cards", pgettext("zhuoheia", "tribute"), cards=list(aside or [])))
    pool = view.get("pool") or {}
    if pool.get("from") == s:
        zones.append(area("pool", "cards", pgettext("zhuoheia", "returned"), cards=list(pool["cards"])))
    elif phase == "return" and mover == s:
        zones.append(area("pool", "cards", pgettext("zhuoheia", "returned"), cards=[]))
    return zones


def _trick(view: View) -> dict[str, Any]:
    """The combination to beat, its player and its kind; empty when a round is to be led."""
    top = view.get("top")
    if top:
        return area("trick", "trick", kind_words(view.get("top_kind")), cards=list(top),
                    seat=view.get("last_player"))
    return area("trick", "trick", _("empty: lead anything") if not view.get("over") else "", cards=[])


def picture(view: View) -> dict[str, Any]:
    players = int(view.get("players") or len(view.get("hand_sizes") or []))
    sizes = list(view.get("hand_sizes") or [0] * players)
    me = view.get("seat")
    known = _known(view)
    remaining = view.get("remaining") or {}
    seats = []
    for s in range(players):
        shown = [] if s == me else list(remaining.get(str(s)) or known.get(s) or [])
        backs = 0 if s == me else max(0, int(sizes[s]) - len(shown))
        seats.append(seat(backs, shown, _tags(view, s), _tribute_zones(view, s)))
    centre = [_trick(view)] if view.get("phase") == "play" or view.get("over") else []
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    words = move.split()
    verb, cards = (words[0], tuple(words[1:])) if words else ("", ())
    if verb == "play" and cards:
        return Target("trick", cards)
    if verb == "give" and cards and isinstance(view.get("seat"), int):
        return Target(f"aside:{view['seat']}", cards)
    if verb == "return" and cards:
        return Target("pool", cards)
    if verb == "pick":
        return Target("pool")
    return None              # pass and reveal: the list (an empty click must not pass)


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "target"]
