"""Writes the planted-blunder scenario files of tests/review/scenarios (run from the repository).

Each file stops right after the planted decision (an unfinished deal, which a review accepts):

* gin — seat 0 (seat 1 as people count) takes the upcard 10♦ and could go gin at once
  (A♠2♠3♠ 4♥5♥6♥ 7♦8♦9♦10♦, discarding K♣): it discards 9♦ instead and breaks its run;
* dummy — seat 0 draws K♣ holding 2♠3♠4♠5♠ 5♥5♦5♣: it could meld all seven and dark-knock
  (×2, and the other three seats pay a dark minus); it discards 5♠ instead;
* sibaifen — seat 0 wins the auction at 250 with the ten top spades and two aces, buries the
  kitty and names hearts trump, a suit it has none of;
* shisanzhang — seat 0 puts its three aces in the front row: the rows foul.

    .venv/bin/python tests/review/make_scenarios.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.registry import get_game

OUT = Path(__file__).with_name("scenarios")
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
PACK = [r + s for s in "♠♥♦♣" for r in RANKS]


def rest(used: set[str], first: tuple[str, ...] = ()) -> list[str]:
    """The pack without ``used``, ``first`` on top."""
    return list(first) + [c for c in PACK if c not in used and c not in first]


def scenarios() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    hands = [["A♠", "2♠", "3♠", "4♥", "5♥", "6♥", "7♦", "8♦", "9♦", "K♣"],
             ["2♣", "4♣", "6♣", "8♣", "J♥", "Q♠", "K♥", "9♠", "7♠", "5♠"]]
    out["gin_blunder"] = {
        "game": "gin", "players": 2,
        "title": "planted blunder: seat 1 can go gin after taking 10♦ and breaks its run instead",
        "deal": {"hands": hands, "discard": ["10♦"], "stock": rest(set(sum(hands, [])) | {"10♦"}), "dealer": 1},
        "moves": ["take", "discard 9♦"]}
    hands = [["2♠", "3♠", "4♠", "5♠", "5♥", "5♦", "5♣"], ["2♣", "4♣", "K♥", "8♠", "9♠", "2♥", "3♥"],
             ["4♥", "6♥", "7♥", "8♥", "9♥", "2♦", "3♦"], ["4♦", "6♦", "7♦", "8♦", "9♦", "6♣", "7♣"]]
    out["dummy_blunder"] = {
        "game": "dummy", "players": 4,
        "title": "planted blunder: seat 1 can meld everything and dark-knock after drawing K♣, "
                 "and discards 5♠ instead",
        "deal": {"hands": hands, "discard": ["J♦"], "stock": rest(set(sum(hands, [])) | {"J♦"}, ("K♣",)),
                 "starter": 0},
        "moves": ["draw", "discard 5♠"]}
    hands = [["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠", "A♦", "A♣"],
             ["2♠", "3♠", "K♥", "Q♥", "J♥", "10♥", "9♥", "K♦", "Q♦", "J♦", "K♣", "Q♣"],
             ["4♠", "A♥", "2♥", "3♥", "4♥", "5♥", "10♦", "9♦", "8♦", "J♣", "10♣", "9♣"],
             ["6♥", "7♥", "8♥", "2♦", "5♦", "6♦", "7♦", "2♣", "5♣", "6♣", "7♣", "8♣"]]
    kitty = rest(set(sum(hands, [])))
    out["sibaifen_blunder"] = {
        "game": "sibaifen", "players": 4,
        "title": "planted blunder: seat 1 wins the auction at 250 with the ten top spades and names "
                 "hearts trump, a suit it has none of",
        "deal": {"hands": hands, "kitty": kitty, "dealer": 0},
        "moves": ["bid 250", "pass", "pass", "pass"] + [f"bury {c}" for c in kitty] + ["trump ♥"]}
    hands = [["A♠", "A♥", "A♦", "K♠", "K♥", "2♣", "5♦", "7♠", "9♣", "J♥", "3♦", "8♣", "10♠"],
             ["2♠", "3♠", "4♠", "5♠", "6♥", "7♥", "8♥", "9♥", "10♥", "J♠", "Q♠", "Q♥", "4♣"],
             ["2♥", "3♥", "4♥", "5♥", "6♠", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♣"],
             ["8♠", "9♠", "6♦", "4♦", "2♦", "K♣", "Q♣", "J♣", "10♣", "7♣", "6♣", "5♣", "3♣"]]
    out["shisanzhang_blunder"] = {
        "game": "shisanzhang", "players": 4,
        "title": "planted blunder: seat 1 puts its three aces in the front row and fouls",
        "deal": {"hands": hands},
        "moves": ["0: arrange A♠ A♥ A♦ | K♠ K♥ 2♣ 5♦ 7♠ | 9♣ J♥ 3♦ 8♣ 10♠"]}
    return out


def main() -> None:
    for name, data in scenarios().items():
        game = get_game(data["game"])
        state = game.new_state(data["players"], game.make_options(None), deal=data["deal"])
        for move in data["moves"]:
            state.apply(move)
        (OUT / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {name}.json")


if __name__ == "__main__":
    main()
