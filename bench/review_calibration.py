"""Measure the spread of deal values per game and write the review's thresholds' data.

For every registered game and every player count it allows (the default rules), the game's
heuristic plays ``--deals`` seeded deals against itself; the standard deviation of a seat's
deal value in review points (``cardtable.review.values.deal_values``: the bots' margin, the
seat's own score in zero-sum games; all seats pooled) is the game's spread.  The review's
thresholds are fixed fractions of it (``FRACTIONS``: inaccuracy, mistake, blunder).  The
numbers go to ``src/cardtable/review/calibration.py`` (``--write``) and, as a Markdown table,
to stdout for docs/review.md.

    python bench/review_calibration.py [--deals 1000] [--seed 0] [--games gin,dummy] [--write]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cardtable.registry import game_ids, get_game
from cardtable.review.thresholds import measure_spread

FRACTIONS = {"inaccuracy": 0.1, "mistake": 0.25, "blunder": 0.5}
TARGET = Path(__file__).resolve().parents[1] / "src" / "cardtable" / "review" / "calibration.py"


def measure(games: list[str], deals: int, seed: int) -> dict[str, dict[str, dict[str, float | int | str]]]:
    out: dict[str, dict[str, dict[str, float | int | str]]] = {}
    for g in games:
        game = get_game(g)
        for n in range(game.min_players, game.max_players + 1):
            started = time.perf_counter()
            sd, unit = measure_spread(g, n, deals, seed)
            out.setdefault(g, {})[str(n)] = {"sd": round(sd, 3), "unit": unit, "deals": deals}
            print(f"# {g} {n} players: sd {sd:.3f} {unit} ({time.perf_counter() - started:.1f} s)", flush=True)
    return out


def table(measured: dict[str, dict[str, dict[str, float | int | str]]]) -> str:
    lines = ["| game | players | sd of a seat's deal value | unit | inaccuracy ≥ | mistake ≥ | blunder ≥ |",
             "|---|---|---|---|---|---|---|"]
    for g, by_players in measured.items():
        for n, e in by_players.items():
            sd = float(e["sd"])
            lines.append(f"| {g} | {n} | {sd:.1f} | {e['unit']} | {FRACTIONS['inaccuracy'] * sd:.1f} | "
                         f"{FRACTIONS['mistake'] * sd:.1f} | {FRACTIONS['blunder'] * sd:.1f} |")
    return "\n".join(lines)


def write(measured: dict[str, dict[str, dict[str, float | int | str]]], deals: int, seed: int) -> None:
    lines = []
    for g in sorted(measured):
        lines.append(f"    {json.dumps(g)}: {{")
        for n in sorted(measured[g], key=int):
            e = measured[g][n]
            entry = json.dumps({"sd": e["sd"], "unit": e["unit"], "deals": e["deals"]})
            lines.append(f"        {json.dumps(n)}: {entry},")
        lines.append("    },")
    TARGET.write_text(
        '"""Measured spreads of deal values (written by bench/review_calibration.py; do not edit).\n\n'
        "``MEASURED[game][players]``: ``sd`` the standard deviation of a seat's deal value in review\n"
        "points over ``deals`` heuristic self-play deals (default rules, seeds from ``SEED``), ``unit``\n"
        '``wins`` where every deal scored all seats alike.  docs/review.md has the table."""\n\n'
        f"FRACTIONS = {json.dumps(FRACTIONS)}\nDEALS = {deals}\nSEED = {seed}\n"
        "MEASURED: dict[str, dict[str, dict[str, float | int | str]]] = {\n" + "\n".join(lines) + "\n}\n",
        encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default="", help="comma-separated ids (default: every game)")
    parser.add_argument("--write", action="store_true", help=f"write {TARGET.name}")
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()] or list(game_ids())
    measured = measure(games, args.deals, args.seed)
    print(table(measured))
    if args.write:
        if set(games) != set(game_ids()):
            from cardtable.review import calibration
            measured = {**calibration.MEASURED, **measured}
        write(measured, args.deals, args.seed)
        print(f"# wrote {TARGET}")


if __name__ == "__main__":
    main()
