"""憋负分's card table (:class:`cardtable.parts.felt.Felt`): the suit rows in play in the middle as
one ``layout`` zone, the dead cards beside them (variants with wilds); at each seat the backs of
its hand and its 扣 pile face down, face up only for its owner (and for all once the deal is
over).

Gestures: a card onto the layout plays it; a wild onto the dead cards lets it stand for a card
(the page asks which place; the real card dies); a card onto one's own pile lays it face down
(扣)."""

from __future__ import annotations

from typing import Any

from ...cards import RANKS, SUITS, card_str
from ...i18n import _
from ...parts.felt import Felt, Target, Zone, area, backs_of, seat, single
from ...suitchains import parse_position

View = dict[str, Any]


def suit_rows(view: View) -> list[dict[str, Any]]:
    """Each suit's chain low to high as the cards lie: a wild standing in (``2♥=♠6`` in the
    view's ``table``) is drawn where it stands."""
    lying: dict[str, str] = {}
    for entry in view.get("table") or []:
        card, _eq, place = str(entry).partition("=")
        lying[card_str(parse_position(place)) if place else card] = card
    chains = view.get("chains") or {}
    rows = []
    for suit in view.get("suits") or list(SUITS):
        cards: list[str] = []
        if suit in chains:
            lo, hi = chains[suit]
            cards = [lying.get(r + suit, r + suit)
                     for r in RANKS[RANKS.index(lo):RANKS.index(hi) + 1]]
        rows.append({"label": suit, "cards": cards})
    return rows


def _pile(view: View, s: int) -> Zone:
    sizes = view.get("pile_sizes") or []
    size = int(sizes[s]) if s < len(sizes) else 0
    piles = view.get("piles")
    if isinstance(piles, list) and s < len(piles):      # the deal is over: every pile is shown
        shown = list(piles[s])
    else:
        shown = list(view.get("pile") or []) if s == view.get("seat") else []
    return area(f"pile:{s}", "cards", _("face down (扣)"), cards=shown, count=max(0, size - len(shown)))


def picture(view: View) -> dict[str, Any]:
    teams = view.get("teams")
    losers = view.get("losers") or []
    seats = []
    for s in range(int(view.get("players", 0))):
        tags = []
        if isinstance(teams, list) and s < len(teams):
            tags.append(_("team {team}", team=int(teams[s]) + 1))
        if s in losers:
            tags.append(_("loser"))
        seats.append(seat(backs_of(view, s), tags=tags, zones=[_pile(view, s)]))
    centre = [area("layout", "layout", _("suit rows"), rows=suit_rows(view))]
    if (view.get("options") or {}).get("variant", "plain") != "plain":
        dead = view.get("dead") or {}
        # the view names a dead place suit first (♠6): the person reads it as a card
        text = ", ".join(f"{card_str(parse_position(p))} ×{m}" for p, m in dead.items())
        centre.append(area("dead", "info", _("dead cards (count ×2 or ×3)"), text=text or "—"))
    return {"seats": seats, "centre": centre}


def target(move: str, view: View) -> Target | None:
    words = move.split()
    card = single("play", move)
    if card:
        return Target("layout", (card,))
    if len(words) == 4 and words[0] == "play" and words[2] == "for":
        return Target("dead", (words[1],))
    card = single("kou", move)
    if card and view.get("seat") is not None:
        return Target(f"pile:{view['seat']}", (card,))
    return None


FELT = Felt(picture=picture, target=target)

__all__ = ["FELT", "picture", "suit_rows", "target"]
