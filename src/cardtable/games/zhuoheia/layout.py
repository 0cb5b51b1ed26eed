"""The 捉黑A table for a player: the 庄家 and the face-up card, the cards to beat, tribute."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, per_seat, zone

BY_RANK = "3 4 5 6 7 8 9 10 J Q K A 2"    # climbing order; jokers last: pairs and runs show
PHASES = {"give": "give tribute", "pick": "pick a card from the tribute pool",
          "return": "return a card", "play": "beat the cards on the table or pass"}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("庄家 (dealer)", text=name_of(view.get("dealer"), names))]
    if view.get("faceup"):
        out.append(zone("明牌 (face-up card drawn by the 庄家)", [view["faceup"]]))
    partner = view.get("partner")
    if view.get("phase") == "play" or view.get("over"):
        who = "unknown (the black ace is not shown yet)" if partner is None else \
            "the 庄家 plays alone" if partner == "alone" else f"{name_of(partner, names)} holds A♠"
        side = {"opponent": "the opponents", "zhuangjia": "the 庄家's"}.get(view.get("side") or "",
                                                                          view.get("side") or "")
        out.append(zone("partner", text=who + (f"; your side: {side}" if side else "")))
    for it in view.get("tribute", []) or []:
        out.append(zone(f"tribute to {name_of(it['seat'], names)}", it.get("cards", [])))
    pool = view.get("pool")
    if pool:
        out.append(zone(f"pool from {name_of(pool['from'], names)}", pool["cards"]))
    out.append(zone("cards left", text=per_seat(view.get("hand_sizes", []), names)))
    if view.get("finish_order"):
        out.append(zone("gone out", text=", ".join(name_of(s, names) for s in view["finish_order"])))
    if view.get("top"):
        passed = ", ".join(name_of(s, names) for s in view.get("passed") or []) or "nobody"
        out.append(zone(f"to beat: {view.get('top_kind')} by {name_of(view.get('last_player'), names)}",
                        view["top"]))
        out.append(zone("passed", text=passed))
    elif view.get("phase") == "play":
        out.append(zone("table", text="empty: lead anything"))
    for s, cs in (view.get("remaining") or {}).items():
        out.append(zone(f"{name_of(s, names)} kept", cs))
    return out
