"""The 议将夺墩算分 table for a player: auction, trump, the trick, tricks won."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, per_seat, plays_text, zone

PHASES = {"auction": "bid the number of tricks or pass", "trump": "name trump", "play": "play to the trick"}


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("round", text=f"{view.get('round')} of {view.get('rounds')}   dealer "
                              f"{name_of(view.get('dealer'), names)}")]
    if view.get("bids"):
        out.append(zone("auction", text=", ".join(
            f"{name_of(s, names)} {'bid ' + str(k) if k != 'pass' else 'pass'}" for s, k in view["bids"])))
    if view.get("declarer") is not None:
        out.append(zone("contract", text=f"{view.get('high_bid')} tricks by {name_of(view['declarer'], names)}"
                        f"; trump {view.get('trump') or '(not named yet)'}"))
    last = view.get("last_trick")
    if last and last.get("plays"):
        out.append(zone("last trick", text=plays_text(last["plays"], names)
                        + (f"  → {name_of(last['winner'], names)}" if last.get("winner") is not None else "")))
    trick = view.get("trick") or {}
    if trick.get("plays"):
        out.append(zone("trick", text=plays_text(trick["plays"], names)))
    out.append(zone("tricks won", text=per_seat(view.get("tricks_won", []), names)))
    out.append(zone("points so far", text=per_seat(view.get("round_scores", []), names)))
    return out
