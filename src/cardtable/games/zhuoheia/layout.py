"""The 捉黑A table for a player: the 庄家 and the face-up card, the cards to beat, tribute."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...climbing import KIND_NAMES, RANK_NAMES, Combo, combo_words
from ...i18n import N_, _, pgettext
from ...parts.screen import Zone, name_of, per_seat, zone

BY_RANK = "3 4 5 6 7 8 9 10 J Q K A 2"    # climbing order; jokers last: pairs and runs show
PHASES = {"give": N_("give tribute"), "pick": N_("pick a card from the tribute pool"),
          "return": N_("return a card"), "play": N_("beat the cards on the table or pass"),
          "over": N_("over")}


_KINDS = {name: kind for kind, name in KIND_NAMES.items()}
_SEQUENCE = re.compile(r"(\d+)-card (.+?)( flush)? topped by (\S+)")
_OF = re.compile(r"(.+) of (\S+)")


def kind_words(kind: Any) -> str:
    """The view's ``top_kind`` (``Combo.describe``, English data: "single of 4", "5-card
    straight topped by 9") in words of the current language (``climbing.combo_words``);
    a text it does not know is shown as it is."""
    text = "" if kind is None else str(kind)
    if text == KIND_NAMES["joker_bomb"]:
        return combo_words(Combo("joker_bomb", 2, RANK_NAMES.index("BJ")))
    m = _SEQUENCE.fullmatch(text)
    if m and _KINDS.get(m.group(2)) and m.group(4) in RANK_NAMES:
        return combo_words(Combo(_KINDS[m.group(2)], int(m.group(1)), RANK_NAMES.index(m.group(4)),
                                 bool(m.group(3))))
    m = _OF.fullmatch(text)
    if m and _KINDS.get(m.group(1)) and m.group(2) in RANK_NAMES:
        return combo_words(Combo(_KINDS[m.group(1)], 0, RANK_NAMES.index(m.group(2))))
    return text


def _partner(view: dict[str, Any], names: Sequence[str]) -> str:
    partner = view.get("partner")
    if partner is None:
        who = _("unknown (the black ace is not shown yet)")
    elif partner == "alone":
        who = _("the 庄家 plays alone")
    else:
        who = _("{name} holds A♠", name=name_of(partner, names))
    side = view.get("side") or ""
    if side == "opponent":
        return _("{partner}; your side: the opponents", partner=who)
    if side == "zhuangjia":
        return _("{partner}; your side: the 庄家's", partner=who)
    if side == "partner":
        return _("{partner}; your side: partner", partner=who)
    return who


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone(_("庄家 (dealer)"), text=name_of(view.get("dealer"), names))]
    if view.get("faceup"):
        out.append(zone(_("明牌 (face-up card drawn by the 庄家)"), [view["faceup"]]))
    if view.get("phase") == "play" or view.get("over"):
        out.append(zone(_("partner"), text=_partner(view, names)))
    for it in view.get("tribute", []) or []:
        out.append(zone(_("tribute to {name}", name=name_of(it["seat"], names)), it.get("cards", [])))
    pool = view.get("pool")
    if pool:
        out.append(zone(_("pool from {name}", name=name_of(pool["from"], names)), pool["cards"]))
    out.append(zone(_("cards left"), text=per_seat(view.get("hand_sizes", []), names)))
    if view.get("finish_order"):
        out.append(zone(_("gone out"), text=", ".join(name_of(s, names) for s in view["finish_order"])))
    if view.get("top"):
        passed = ", ".join(name_of(s, names) for s in view.get("passed") or []) or _("nobody")
        out.append(zone(_("to beat: {kind} by {name}", kind=kind_words(view.get("top_kind")),
                          name=name_of(view.get("last_player"), names)), view["top"]))
        out.append(zone(_("passed"), text=passed))
    elif view.get("phase") == "play":
        out.append(zone(_("table"), text=_("empty: lead anything")))
    for s, cs in (view.get("remaining") or {}).items():
        out.append(zone(_("{name} kept", name=name_of(s, names)), cs))
    return out


def move_words() -> list[str]:
    """The shapes of 捉黑A's move texts in words (:attr:`cardtable.parts.Layout.move_words`): the
    tribute's 进贡 / 还贡; ``play`` is the shared word."""
    return [
        pgettext("zhuoheia move", "pass"),
        pgettext("zhuoheia move", "give"),
        pgettext("zhuoheia move", "give {cards}"),
        pgettext("zhuoheia move", "return"),
        pgettext("zhuoheia move", "return {cards}"),
        pgettext("zhuoheia move", "pick"),
        pgettext("zhuoheia move", "pick {card}"),
        pgettext("zhuoheia move", "reveal"),
    ]
