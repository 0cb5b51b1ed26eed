"""Mine puzzles from bot self-play (or from saved matches) into src/cardtable/puzzles/data/.

    .venv/bin/python tools/mine_puzzles.py gin --cpu-minutes 20          # mine gin for 20 CPU minutes
    .venv/bin/python tools/mine_puzzles.py gin dummy --target 100         # until 100 puzzles each
    .venv/bin/python tools/mine_puzzles.py dummy --from match1.json --from match2.json   # human matches
    .venv/bin/python tools/mine_puzzles.py --status                       # counts and rates so far
    .venv/bin/python tools/mine_puzzles.py gin --recheck                  # verify the file again, drop failures

Self-play: deal ``seed`` (0, 1, 2 …) of the game's default table and rules; the mined seat is
``seed mod players`` and plays the game's heuristic (the ``medium`` level); every other seat
plays ``medium`` or ``easy`` (the heuristic with a random move a third of the time), drawn from
the seed, so that mistakes happen and the positions are varied.  A deal that opens with every
seat deciding at once (十三张) has every seat mined, all playing ``medium``.  Every decision of the mined
seat goes to :func:`cardtable.puzzles.mine.find_puzzle` (a quick pass of the review engine,
then the verification: docs/puzzles.md); at most ``--per-deal`` puzzles come from one deal, and
decisions between three moves or fewer (take or pass …) stop being tried once they make up
``--small-share`` (35 %) of the target, so that the set is not mostly those (in a game where
at least a fifth of the decisions are bigger: not 十三张, whose are nearly all small).

Resumable: puzzles are appended to ``<game>.jsonl`` as they are found (a puzzle already in the
file is not added again), and ``tools/mine_puzzles.progress.json`` keeps, per game, the next
seed and the running counts (decisions tried, passed the quick pass, kept, CPU seconds), so a
run goes on where the last one stopped.  ``--from FILE`` mines the decisions of every seat (or
``--seat``) of saved matches or scenario files: only files whose players agreed to it.

One process, one core: the mining is CPU-bound; run one miner at a time on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from cardtable.bots import bot_move, make_bot  # noqa: E402
from cardtable.puzzles import DATA_DIR, read_file, verify  # noqa: E402
from cardtable.puzzles.mine import MAX_LEGAL, QUICK_WORLDS, Attempt, find_puzzle, keeps, restate  # noqa: E402
from cardtable.puzzles.verify import VERIFY_WORLDS  # noqa: E402
from cardtable.registry import game_ids, get_game  # noqa: E402
from cardtable.review.decisions import deals_of, decisions_of, load  # noqa: E402

PROGRESS = Path(__file__).with_name("mine_puzzles.progress.json")
#: the order games are mined in when none is named
ORDER = ("gin", "dummy", "sibaifen", "shisanzhang", "remik", "wushiyifen", "zuihoushengli", "jianshisifen",
         "yijiang", "bieqi", "biefufen", "zhuoheia")
MAX_MOVES = 5000
#: a decision between this many moves or fewer is "small" (take or pass, draw or take …)
SMALL = 3
COUNTS = ("deals", "decisions", "quick", "kept", "cpu")


def read_progress(path: Path = PROGRESS) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data
    return {}


def write_progress(progress: dict[str, Any], path: Path = PROGRESS) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(progress, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


class Miner:
    """Appends the puzzles of one game to its file, skipping ids already there."""

    def __init__(self, game: str, args: argparse.Namespace) -> None:
        self.game = game
        self.args = args
        self.path = Path(args.out) / f"{game}.jsonl"
        have = read_file(self.path) if self.path.exists() else []
        self.ids = {p.id for p in have}
        self.small = sum(1 for p in have if len(p.candidates) <= SMALL)
        # decisions of 2 to SMALL moves and of more, seen in this run: a game whose decisions
        # are nearly all small (十三张: declare or arrange) is not capped
        self.seen = {"small": 0, "big": 0}
        self.count = {k: 0 for k in COUNTS}

    def min_legal(self) -> int:
        """Decisions between ``SMALL`` moves or fewer (take or pass …) are skipped once they
        make up ``--small-share`` of the game's target (so the set is not mostly those), in a
        game where at least a fifth of the decisions are bigger."""
        cap = self.args.small_share * (self.args.target or 100)
        big, seen = self.seen["big"], self.seen["big"] + self.seen["small"]
        return SMALL + 1 if self.small >= cap and seen >= 20 and big >= 0.2 * seen else 2

    def consider(self, attempt: Attempt) -> bool:
        if attempt.size >= 2:
            self.seen["big" if attempt.size > SMALL else "small"] += 1
        if attempt.stage == "skipped":
            return False
        self.count["decisions"] += 1
        if attempt.stage in ("verify", "kept"):
            self.count["quick"] += 1
        p = attempt.puzzle
        if p is None or p.id in self.ids:
            return False
        self.ids.add(p.id)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(p.line() + "\n")
        self.count["kept"] += 1
        self.small += len(p.candidates) <= SMALL
        print(f"  kept {p.id}: {p.answer!r} +{p.margin:.2f} {p.unit} (99 % {p.ci99[0]:.2f}…{p.ci99[1]:.2f}), "
              f"{p.difficulty}, {p.legal} legal", flush=True)
        return True


def self_play(miner: Miner, seed: int) -> None:
    """Deal ``seed`` played out; each decision of the mined seat tried as a puzzle."""
    args = miner.args
    game = get_game(miner.game)
    players = game.default_players
    state = game.new_state(players, game.make_options(None), seed=seed)
    seat = seed % players
    pick = random.Random(f"mine:{miner.game}:{seed}")
    names = ["medium" if s == seat or pick.random() < 0.5 else "easy" for s in range(players)]
    # a deal that opens with every seat deciding at once (十三张's arrangements): every
    # seat's first decision is mined, each as the heuristic plays it
    mined = {seat}
    if len(state.to_move()) > 1:
        mined = set(state.to_move())
        names = ["medium"] * players
    bots = [make_bot(miner.game, n) for n in names]
    rng = random.Random(seed)
    source = {"kind": "self-play", "seed": seed, "bots": names}
    found = 0
    for _ in range(MAX_MOVES):
        if state.is_over:
            break
        movers = state.to_move()
        mover = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
        if mover in mined and found < args.per_deal:
            attempt = find_puzzle(state.clone(), mover, seed, len(state.history), source,
                                  args.quick_worlds, args.worlds, args.max_legal, miner.min_legal())
            found += miner.consider(attempt)
        state.apply(bot_move(bots[mover], state, mover, rng), mover)


def from_files(miner: Miner, files: list[Path], seats: list[int] | None) -> None:
    for path in files:
        result = load(path)
        if result.state.game.id != miner.game:
            print(f"{path}: a {result.state.game.id} match, not {miner.game}; skipped")
            continue
        for record in deals_of(result):
            for seat in seats if seats is not None else range(result.state.players):
                for d in decisions_of(record, seat):
                    source = {"kind": "match", "file": path.name, "deal": d.deal, "index": d.index}
                    seed = random.Random(f"{path.name}:{d.deal}:{d.index}").randrange(2**31)
                    miner.consider(find_puzzle(d.state, seat, seed, d.index, source, miner.args.quick_worlds,
                                               miner.args.worlds, miner.args.max_legal))


def rate_line(game: str, c: dict[str, Any]) -> str:
    per = f"{c['cpu'] / c['kept']:.1f} s" if c.get("kept") else "—"
    return (f"{game}: {c.get('deals', 0)} deals, {c.get('decisions', 0)} decisions tried, "
            f"{c.get('quick', 0)} passed the quick pass, {c.get('kept', 0)} kept; "
            f"{c.get('cpu', 0.0) / 60:.1f} CPU min, {per} CPU per kept puzzle")


def mine_game(game: str, args: argparse.Namespace, progress: dict[str, Any]) -> None:
    miner = Miner(game, args)
    entry = progress.setdefault(game, {k: 0 for k in COUNTS} | {"next_seed": 0})
    base = {k: entry.get(k, 0) for k in COUNTS}
    print(f"{game}: {len(miner.ids)} puzzles in {miner.path.name}; from seed {entry['next_seed']}", flush=True)
    start = time.process_time()

    def save() -> None:
        miner.count["cpu"] = round(time.process_time() - start, 1)
        for k in COUNTS:
            entry[k] = base[k] + miner.count[k]
        write_progress(progress, Path(args.progress))

    if args.from_file:
        from_files(miner, [Path(f) for f in args.from_file], args.seat)
    else:
        while not ((args.target is not None and len(miner.ids) >= args.target)
                   or (args.cpu_minutes is not None and time.process_time() - start >= 60 * args.cpu_minutes)
                   or (args.deals is not None and miner.count["deals"] >= args.deals)):
            self_play(miner, entry["next_seed"])
            miner.count["deals"] += 1
            entry["next_seed"] += 1
            save()
    save()
    print("  this run: " + rate_line(game, miner.count), flush=True)
    print("  in all:   " + rate_line(game, entry), flush=True)


#: a recheck's seed is the stored one plus this (a fresh seed: the tests add 1 and 2 to the new one)
RECHECK = 500


def recheck(game: str, args: argparse.Namespace, progress: dict[str, Any]) -> None:
    """Verify every puzzle of the game's file again in fresh worlds; keep those that still meet
    the miner's criterion, with the new figures, and drop the others."""
    path = Path(args.out) / f"{game}.jsonl"
    if not path.exists():
        return
    start = time.process_time()
    kept, dropped = [], []
    for p in read_file(path):
        verdict = verify(p, p.seed + RECHECK, p.worlds)
        if keeps(verdict, p.game, p.players):
            kept.append(restate(p, verdict))
        else:
            dropped.append(p.id)
            print(f"  dropped {p.id}: {p.answer!r} ({verdict.reason}, margin {verdict.margin:.2f}, "
                  f"99 % {verdict.ci99[0]:.2f}…{verdict.ci99[1]:.2f})", flush=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(p.line() + "\n" for p in kept), encoding="utf-8")
    os.replace(tmp, path)
    cpu = time.process_time() - start
    entry = progress.setdefault(game, {k: 0 for k in COUNTS} | {"next_seed": 0})
    entry["rechecked"] = entry.get("rechecked", 0) + len(kept) + len(dropped)
    entry["dropped"] = entry.get("dropped", 0) + len(dropped)
    entry["cpu"] = round(entry.get("cpu", 0) + cpu, 1)
    entry["kept"] = entry.get("kept", 0) - len(dropped)
    write_progress(progress, Path(args.progress))
    print(f"{game}: rechecked {len(kept) + len(dropped)}, kept {len(kept)}, dropped {len(dropped)}; "
          f"{cpu / 60:.1f} CPU min", flush=True)


def status() -> None:
    progress = read_progress()
    for game in game_ids():
        path = DATA_DIR / f"{game}.jsonl"
        n = len(read_file(path)) if path.exists() else 0
        c = progress.get(game)
        line = rate_line(game, c) if c else f"{game}: not mined"
        print(f"{n:4d} puzzles  {line}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all, in the mining order)")
    ap.add_argument("--cpu-minutes", type=float, default=None, help="stop a game after this much CPU time")
    ap.add_argument("--target", type=int, default=None, help="stop a game once its file holds this many")
    ap.add_argument("--deals", type=int, default=None, help="stop a game after this many deals")
    ap.add_argument("--per-deal", type=int, default=2, help="at most this many puzzles from one deal")
    ap.add_argument("--quick-worlds", type=int, default=QUICK_WORLDS)
    ap.add_argument("--worlds", type=int, default=VERIFY_WORLDS, help="worlds of the verification")
    ap.add_argument("--max-legal", type=int, default=MAX_LEGAL)
    ap.add_argument("--small-share", type=float, default=0.35,
                    help=f"at most this share of the target (default 100) from decisions of {SMALL} moves or fewer")
    ap.add_argument("--from", dest="from_file", action="append", help="mine a saved match or scenario file")
    ap.add_argument("--seat", type=int, action="append", help="with --from: the seats to mine (from 0)")
    ap.add_argument("--status", action="store_true", help="print the counts and rates, mine nothing")
    ap.add_argument("--recheck", action="store_true",
                    help="verify the file's puzzles again in fresh worlds; drop those that fail")
    ap.add_argument("--out", default=str(DATA_DIR), help="the folder of the .jsonl files (default: the package's)")
    ap.add_argument("--progress", default=str(PROGRESS), help="the progress file (default: %(default)s)")
    args = ap.parse_args(argv)
    if args.status:
        status()
        return 0
    games = args.games or list(ORDER)
    unknown = [g for g in games if g not in game_ids()]
    if unknown:
        ap.error(f"unknown games: {', '.join(unknown)}")
    progress = read_progress(Path(args.progress))
    if args.recheck:
        for game in games:
            recheck(game, args, progress)
        return 0
    if args.target is None and args.cpu_minutes is None and args.deals is None and not args.from_file:
        ap.error("give --target, --cpu-minutes or --deals (or --from FILE)")
    for game in games:
        mine_game(game, args, progress)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
