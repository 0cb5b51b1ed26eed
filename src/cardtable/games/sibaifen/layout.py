"""The 四百分 table for a player: the auction, contract and trump, the trick, side points."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...presentation import Zone, name_of, plays_text, zone

PHASES = {"bid": "bid (200–400 by 5) or pass", "bury": "bury 4 cards", "trump": "name trump",
          "play": "play to the trick"}


def _side(seat: int, names: Sequence[str]) -> str:
    return f"{name_of(seat, names)} + {name_of((seat + 2) % 4, names)}"


def zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    out = [zone("partners", text=f"{_side(0, names)}  against  {_side(1, names)}"),
           zone("dealer", text=name_of(view.get("dealer"), names))]
    if view.get("bids"):
        bids = []
        for b in view["bids"]:
            s, _, bid = str(b).partition(": ")
            bids.append(f"{name_of(int(s), names)} {bid}" if s.isdigit() else str(b))
        out.append(zone("auction", text=", ".join(bids)))
    if view.get("declarer") is not None:
        out.append(zone("contract", text=f"{view.get('contract')} by {name_of(view['declarer'], names)}; "
                        f"trump {view.get('trump') or '(not named yet)'}"))
    if view.get("buried"):
        out.append(zone("buried", view["buried"]))
    out.append(zone("cards held", text="   ".join(
        f"{name_of(s, names)} {n}" for s, n in enumerate(view.get("hand_sizes", [])))))
    if view.get("tricks"):
        last = view["tricks"][-1]
        out.append(zone("last trick", text=plays_text(last["plays"], names)
                        + f"  → {name_of(last['winner'], names)}"))
    trick = view.get("trick") or {}
    if trick.get("plays"):
        out.append(zone("trick", text=plays_text(trick["plays"], names)))
    pts = view.get("points", [0, 0])
    out.append(zone("card points", text=f"{_side(0, names)}: {pts[0]}   {_side(1, names)}: {pts[1]}"))
    if view.get("over") and view.get("kitty") is not None:
        out.append(zone("kitty (the buried cards)", view["kitty"]))
    return out
