"""Writes the T1–T42 scenario files of dummy.md §7 from compact descriptions.

Run ``python tests/games/dummy/build_scenarios.py`` to regenerate.  Each description names the
cards that matter (hands, pile bottom→top, stock top first, pre-placed table melds); every card
not named goes to the hands (``fill``: up to the normal hand size) and then to the stock, so
each file is a complete 52-card deal.  The expectations are the spec's, written by hand here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.cards import card_str, make_pack, parse_cards

OUT = Path(__file__).parent / "scenarios"
SIZES = {2: 11, 3: 9, 4: 7}
NONE_PEN = [{"rule": r} for r in ("dummy:O3", "dummy:O4", "dummy:O6", "dummy:O7", "dummy:O8", "dummy:O9",
                                  "dummy:P1")]


def pen(seat: int, rule: str, card: str | None = None, points: int = -50) -> dict[str, Any]:
    d: dict[str, Any] = {"seat": seat, "rule": f"dummy:{rule}", "points": points}
    if card:
        d["cards"] = [card]
    return d


def others(*keep: str) -> list[dict[str, Any]]:
    return [p for p in NONE_PEN if p["rule"].split(":")[1] not in keep]


def build(sc: dict[str, Any]) -> dict[str, Any]:
    n = sc["players"]
    hands = [parse_cards(h) for h in sc["hands"]]
    pile = parse_cards(sc.get("pile", ""))
    stock = parse_cards(sc.get("stock", ""))
    table: list[Any] = []
    melds = []
    for seat, cards in sc.get("table", []):
        cs = parse_cards(cards)
        table += cs
        melds.append({"seat": seat, "count": len(cs)})
    named = [c for h in hands for c in h] + pile + stock + table
    assert len(set(named)) == len(named), f"{sc['id']}: a card is named twice"
    pool = [c for c in make_pack() if c not in set(named)]
    # spetos and aces last, so fillers are plain low cards
    pool.sort(key=lambda c: (c in (11, 40) or c % 13 == 0, c % 13 >= 9, c))
    if sc.get("fill", True):
        for h in hands:
            while len(h) < SIZES[n]:
                h.append(pool.pop(0))
    if "rest_to" in sc:            # a small stock: the unnamed cards go to one hand instead
        hands[sc["rest_to"]] += pool
    else:
        stock += pool
    deal: dict[str, Any] = {"hands": [[card_str(c) for c in h] for h in hands],
                            "stock": [card_str(c) for c in stock], "discard": [card_str(c) for c in pile],
                            "starter": sc.get("starter", 0)}
    if table:
        deal["table"] = [card_str(c) for c in table]
        deal["melds"] = melds
    if sc.get("born"):
        deal["born"] = sc["born"]
    out: dict[str, Any] = {"game": "dummy", "players": n, "title": sc["title"], "spec": sc["spec"]}
    if sc.get("rules"):
        out["rules"] = sc["rules"]
    out["deal"] = deal
    out["moves"] = sc["moves"]
    expect = dict(sc["expect"])
    wanted = {it["rule"] for it in expect.get("items", [])}
    if "no_items" in expect:   # a rule expected once must not be listed as forbidden
        expect["no_items"] = [p for p in expect["no_items"] if set(p) != {"rule"} or p["rule"] not in wanted]
    out["expect"] = expect
    if sc.get("description"):
        out["description"] = sc["description"]
    return out


def main() -> None:
    from scenario_specs import SCENARIOS  # type: ignore[import-not-found]
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for sc in SCENARIOS:
        path = OUT / f"{sc['id']}.json"
        path.write_text(json.dumps(build(sc), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    from scenario_specs import MATCHES  # type: ignore[import-not-found]
    for mt in MATCHES:
        deals = []
        for d in mt["deals"]:
            built = build({"id": mt["id"], "title": "", "spec": "", "players": mt["players"], "moves": d["moves"],
                           "expect": {}, **d})
            if "starter" not in d:
                del built["deal"]["starter"]       # the match decides (B4)
            deals.append({"deal": built["deal"], "moves": d["moves"]})
        out = {"game": "dummy", "players": mt["players"], "title": mt["title"], "spec": mt["spec"],
               "rules": mt.get("rules", {}), "deals": deals, "expect": mt["expect"]}
        (OUT / f"{mt['id']}.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(SCENARIOS) + len(MATCHES)} scenarios to {OUT}")


if __name__ == "__main__":
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    main()
