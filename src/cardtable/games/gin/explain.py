"""Score lines of Gin Rummy for a person: both deadwoods added up (gin.md rules 30–39).

Each sentence is built from the item's rule, points and cards and the final view (the
knock, the options, the multiplier), never from the English note, so it can be translated."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, _, ngettext
from ...melds import GIN
from ...parts.screen import ExplainContext, card_sum

SCORING_NOTE = N_("The hand's winner scores the difference in deadwood (A 1, 2–10 their pips, "
                  "J Q K 10) plus any bonus.")


def _value(card: int) -> int:
    return GIN.VALUE[card % 64]


def _is_you(ctx: ExplainContext, seat: int) -> bool:
    name = ctx.name(seat)
    return name in ("You", _("You"))


def _deadwood(ctx: ExplainContext, seat: int, cards: list[str]) -> str:
    """"your deadwood 5♥ 5 + 9♣ 9 = 14" / "seat 2's deadwood 0"."""
    text, pts = card_sum(cards, _value)
    if _is_you(ctx, seat):
        return _("your deadwood {cards} = {points}", cards=text, points=pts) if cards else _("your deadwood 0")
    name = ctx.name(seat)
    return (_("{name}'s deadwood {cards} = {points}", name=name, cards=text, points=pts) if cards
            else _("{name}'s deadwood 0", name=name))


def _missing(ctx: ExplainContext, knock: dict[str, Any]) -> int:
    """Cards the defender was short of at the knock when the referee ruled R3 (table mode):
    10 points each are added to his deadwood (gin.md A.14 R3); 0 otherwise."""
    defender = 1 - int(knock["seat"])
    if not any(it.get("rule") == "gin:R3" and int(it.get("seat", -1)) == defender for it in ctx.items):
        return 0
    sizes = (ctx.view or {}).get("hand_sizes") or []
    if len(sizes) <= defender:
        return 0
    held = int(sizes[defender]) + len(knock.get("layoffs") or [])     # his count when the knock came
    return max(0, 10 - held)


def _with_missing(text: str, missing: int) -> str:
    """A defender's deadwood with the R3 points for his missing cards added."""
    if not missing:
        return text
    return ngettext("{deadwood} + {penalty} for {n} missing card", "{deadwood} + {penalty} for {n} missing cards",
                    missing, deadwood=text, penalty=10 * missing)


def _knock(item: dict[str, Any], ctx: ExplainContext, knock: dict[str, Any], cards: list[str]) -> str:
    kseat = int(knock["seat"])
    mine = list(knock.get("deadwood") or [])
    theirs = [c for c in cards if c not in mine]
    missing = _missing(ctx, knock)
    k_pts = card_sum(mine, _value)[1]
    d_pts = card_sum(theirs, _value)[1] + 10 * missing
    mult = int((ctx.view or {}).get("multiplier") or 1)
    opts = ctx.options
    parts = [_with_missing(_deadwood(ctx, 1 - kseat, theirs), missing), _deadwood(ctx, kseat, mine)]
    if item.get("rule") == "gin:31":
        head = _("knock: {defender}; {knocker}", defender=parts[0], knocker=parts[1])
    elif k_pts == d_pts and not opts.get("undercut_on_tie", True):
        head = _("tie at {points}: {defender}; {knocker}", points=k_pts, defender=parts[0], knocker=parts[1])
    else:
        bonus = int(item.get("points", 0)) // mult - (k_pts - d_pts)
        head = _("undercut: {defender}; {knocker}; plus undercut bonus {bonus}", defender=parts[0],
                 knocker=parts[1], bonus=bonus)
        if bonus == 0 and opts.get("undercut_bonus", 25):
            head += "; " + _("bonus withheld")
    if mult != 1:
        head += "; " + _("doubled (spade upcard)")
    return head


def _gin(item: dict[str, Any], ctx: ExplainContext, knock: dict[str, Any], cards: list[str]) -> str:
    d_pts = card_sum(cards, _value)[1]
    mult = int((ctx.view or {}).get("multiplier") or 1)
    # a short defender (R3) pays 10 a missing card on top of his deadwood; the gin bonus stands
    missing = _missing(ctx, knock) if knock.get("seat") is not None else 0
    bonus = int(item.get("points", 0)) // mult - d_pts - 10 * missing
    big = bool(knock.get("big_gin"))
    if missing:
        text = (ngettext("big gin: defender's deadwood {points} + {penalty} for {n} missing card + big gin "
                         "bonus {bonus}", "big gin: defender's deadwood {points} + {penalty} for {n} missing "
                         "cards + big gin bonus {bonus}", missing, points=d_pts, penalty=10 * missing,
                         bonus=bonus) if big
                else ngettext("gin: defender's deadwood {points} + {penalty} for {n} missing card + gin bonus "
                              "{bonus}", "gin: defender's deadwood {points} + {penalty} for {n} missing cards + "
                              "gin bonus {bonus}", missing, points=d_pts, penalty=10 * missing, bonus=bonus))
    else:
        text = (_("big gin: defender's deadwood {points} + big gin bonus {bonus}", points=d_pts, bonus=bonus)
                if big else _("gin: defender's deadwood {points} + gin bonus {bonus}", points=d_pts, bonus=bonus))
    if mult != 1:
        text += " " + _("(doubled: spade upcard, rule 44)")
    opts = ctx.options
    if bonus == 0 and opts.get("big_gin_bonus" if big else "gin_bonus", 25):
        text += "; " + _("bonus withheld")
    if cards:
        text += "; " + _deadwood(ctx, 1 - int(item["seat"]), cards)
    return text


def _match_end(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    opts = ctx.options
    points = int(item.get("points", 0))
    if item.get("rule") == "gin:38":
        # scoring.match_end lists the game bonus (when there is one) before the box bonuses
        before = sum(1 for it in ctx.items[:ctx.index] if it.get("rule") == "gin:38")
        box = int(opts.get("box_bonus") or 0)
        if (before or not opts.get("game_bonus", 100)) and box:
            return ngettext("box bonus: {n} hand won × {bonus}", "box bonus: {n} hands won × {bonus}",
                            points // box, bonus=box)
        return _("game bonus for reaching {target}", target=opts.get("game_target", 100))
    how = {"double_total": N_("shutout: the loser won no hand; the winner's total is doubled"),
           "double_bonuses": N_("shutout: the loser won no hand; the winner's bonuses are doubled"),
           "flat100": N_("shutout: the loser won no hand; flat 100")}.get(str(opts.get("shutout")))
    return _(how) if how else None


def explain(item: dict[str, Any], ctx: ExplainContext) -> str | None:
    cards = list(item.get("cards") or [])
    knock = (ctx.view or {}).get("knock") or {}
    rule = item.get("rule")
    if rule in ("gin:31", "gin:32") and knock.get("seat") is not None and cards:
        return _knock(item, ctx, knock, cards)
    if rule == "gin:30":
        return _gin(item, ctx, knock, cards)
    if rule == "gin:35":
        return _("dead hand: two stock cards left, nobody scores")
    if str(rule).startswith("gin:R"):
        # a referee's ruling: its note is the English sentence; the ruling words it anew
        from .referee.rulings import ruling_of_note
        ruling = ruling_of_note(str(item.get("note", "")))
        if ruling is not None:
            return ruling.said()
    if rule in ("gin:38", "gin:39"):
        text = _match_end(item, ctx)
        if text is not None:
            return text
    note = ctx.words(str(item.get("note", "")))
    if cards:
        note += ": " + " ".join(cards)
    return note
