"""The outside yardstick: our gin bots inside OpenSpiel's ``gin_rummy`` engine against
OpenSpiel's own bots.

    python bench/gin_yardstick.py --opponent simple|ismcts|rlcard [--ours medium,hard] [--deals 40]
                                  [--seed 1] [--max-minutes 30] [--target-ms T] [--json]

Each deal runs in OpenSpiel's engine (its legal actions, chance draws and returns) through
``cardtable.rl.openspiel_gin_play``: our bot chooses on a cardtable state kept in lock step
with OpenSpiel's rules, from its seat's view only, and its move is played as the OpenSpiel
actions that make it.  ``--deals N`` is the number of shuffles; each shuffle is played twice
with the seats swapped (duplicate deals), so 2N deals per pairing.

Figures per pairing: margin per deal = OpenSpiel's return for our player (our points minus
theirs: the zero-sum deal score), mean with a normal 95 % CI over shuffles (the two deals of
a shuffle are paired: the unit is their mean); wins, losses, draws per deal; process CPU time
per decision of each side (mean and p99; forced moves, played without asking the bot, are
not counted).

``--opponent ismcts``: OpenSpiel's C++ ``ISMCTSBot`` (one random rollout per simulation,
uct_c 2 as in bench_ismcts.py, most visited action).  It has no time budget, so equal CPU
time per move is had by calibration: each of its moves gets ``target`` × its simulations per
CPU second measured so far in the run, where ``target`` is our bot's mean CPU per decision
so far in the run (seeded by one untimed pilot deal), or ``--target-ms``.  Both means are
printed; on a loaded machine compare them, not wall time.

``--opponent rlcard``: RLCard's ``GinRummyNoviceRuleAgent`` under OpenSpiel's rules (the
translation and what stands in for the decisions RLCard's rules lack: :class:`RlcardSide`
below; RLCard is a ``bench`` extra, not part of the research API).  Our options cannot
express RLCard's rules (11/10 deal, no upcard, no layoffs), and RLCard's payoffs are not
points, so this is RLCard's agent, not RLCard's game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter, OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from openspiel_gin import Duel as CheckedDuel  # noqa: E402

from cardtable.cards import shuffled  # noqa: E402
from cardtable.melds import GIN  # noqa: E402
from cardtable.rl import openspiel_gin_play as gp  # noqa: E402


def split_bots(text: str) -> list[str]:
    """``medium,ismcts:iterations=300,rollout=heuristic`` -> two bots: a ``key=value`` piece
    belongs to the bot before it (as in ``cardtable ladder``)."""
    out: list[str] = []
    for piece in filter(None, (p.strip() for p in text.split(","))):
        if out and "=" in piece and ":" not in piece:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def p99(xs: list[float]) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[max(0, math.ceil(0.99 * len(s)) - 1)]


def order_of(seed: int, k: int) -> Sequence[int]:
    return shuffled(list(range(52)), random.Random(seed * 1_000_003 + k))


class RlcardSide(gp.Side):
    """RLCard's ``GinRummyNoviceRuleAgent`` (rlcard 1.2.0) on OpenSpiel's engine.

    Its rules (no upcard offer, no layoffs, forced gin, no re-discard of a taken card, its
    own payoffs) are not OpenSpiel's, and cardtable's options cannot express them, so the
    agent plays under OpenSpiel's rules: at each decision RLCard's rules have, it gets an
    RLCard-format state (``legal_actions`` as RLCard would list them in that position, where
    OpenSpiel allows them too, and ``obs[0]`` = its own hand; RLCard's card ids are
    cardtable's) and its choice is played as OpenSpiel actions.  Where RLCard has no
    decision, it plays as RLCard's engine would for it: the first-upcard offer is its draw
    decision (``draw_card`` = Pass), the Wall's take/pass is ``pick_up_discard`` /
    ``declare_dead_hand``, the knocker's and the defender's melds are the best arrangement
    of its hand (RLCard melds for both), and the defender lays nothing off."""

    def __init__(self, seed: int) -> None:
        super().__init__("GinRummyNoviceRuleAgent")
        import numpy as np
        from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent
        self.np = np
        self.agent = GinRummyNoviceRuleAgent()
        self.seed = seed
        self.queue: list[int] = []

    def start(self, player: int, duel: gp.Duel) -> None:
        self.queue = []

    def _ask(self, hand: int, ids: list[int]) -> int:
        np = self.np
        obs = np.zeros((5, 52), dtype=int)
        for c in range(52):
            obs[0][c] = hand >> c & 1
        np.random.seed(self.seed)           # the agent draws from numpy's global generator
        self.seed = (self.seed * 1_103_515_245 + 12_345) % 2**31
        return int(self.agent.step({"obs": obs, "legal_actions": OrderedDict.fromkeys(ids)}))

    @staticmethod
    def _lay(hand: int, discard: int | None) -> list[int]:
        rest = hand & ~(1 << discard) if discard is not None else hand
        out = [gp.to_os_card(discard)] if discard is not None else []
        for m in GIN.best_partition(rest).melds:
            out += gp.meld_actions(m)
        return out + [gp.PASS]

    def act(self, duel: gp.Duel, legal: list[int]) -> int:
        if self.queue:
            return self.queue.pop(0)
        c0 = time.process_time()
        a = self._act(duel, legal)
        if len(legal) > 1:
            self.cpu.append(time.process_time() - c0)
        return a

    def _act(self, duel: gp.Duel, legal: list[int]) -> int:
        os_, ph = duel.os, duel.os.current_phase()
        # its own hand, read from its seat's view like every other player's input
        # (OpenSpiel's player p is cardtable's seat p in a Duel)
        hand = duel.hand(os_.current_player())
        if ph in (gp.Phase.FIRST_UPCARD, gp.Phase.DRAW, gp.Phase.WALL):
            if len(legal) == 1:
                return legal[0]
            take = gp.DRAW_UPCARD if ph != gp.Phase.WALL else gp.KNOCK
            other = next(a for a in legal if a != take)
            return take if self._ask(hand, [3, 2 if ph != gp.Phase.WALL else 4]) == 3 else other
        if ph == gp.Phase.LAYOFF:
            if not os_.finished_layoffs():
                self.queue = self._lay(hand, None)
                return gp.PASS
            self.queue = self._lay(hand, None)[1:]
            return self._lay(hand, None)[0]
        dead = {c: GIN.deadwood(hand & ~(1 << c)) for c in range(52) if hand >> c & 1}
        limit = os_.knock_card()
        if ph == gp.Phase.KNOCK:         # after the Wall's take: RLCard's gin or knock
            gins = [c for c, d in dead.items() if d == 0]
            ids = [5] if gins else [58 + c for c, d in dead.items() if d <= limit]
            a = self._ask(hand, ids)
            c = gins[0] if a == 5 else a - 58
            acts = self._lay(hand, c)
            self.queue = acts[1:]
            return acts[0]
        # the Discard phase
        can_knock = gp.KNOCK in legal
        gins = [c for c, d in dead.items() if d == 0] if can_knock else []
        if gins:
            ids = [5]
        else:
            taken = None if duel.taken is None else gp.os_card(duel.taken)
            ids = [6 + c for c in dead if c != taken and gp.to_os_card(c) in legal]
            if can_knock:
                ids += [58 + c for c, d in dead.items() if d <= limit]
        a = self._ask(hand, ids)
        if a == 5 or a >= 58:
            c = gins[0] if a == 5 else a - 58
            acts = [gp.KNOCK] + self._lay(hand, c)
            self.queue = acts[1:]
            return acts[0]
        return gp.to_os_card(a - 6)


def make_opponent(kind: str, ours: gp.OursSide, args: argparse.Namespace, seed: int) -> gp.Side:
    if kind == "simple":
        return gp.SimpleSide()
    if kind == "rlcard":
        return RlcardSide(seed)

    def target() -> float:
        if args.target_ms is not None:
            return args.target_ms / 1000
        return statistics.fmean(ours.cpu)
    return gp.IsmctsSide(target, seed, sims_per_cpu_s=args.prior_rate, uct_c=args.uct_c)


def pilot(name: str, seed: int) -> list[float]:
    """Our bot's CPU per decision over one untimed deal against the simple bot."""
    ours = gp.OursSide(name, seed)
    gp.play(order_of(seed, 10**6), (ours, gp.SimpleSide()), duel_type=CheckedDuel)
    return ours.cpu or [0.01]


def pairing(name: str, args: argparse.Namespace, deadline: float) -> dict[str, Any]:
    ours = gp.OursSide(name, args.seed)
    if args.opponent == "ismcts" and args.target_ms is None:
        ours.cpu = pilot(name, args.seed + 1)
        pilot_cpu = list(ours.cpu)
    else:
        pilot_cpu = []
    theirs = make_opponent(args.opponent, ours, args, args.seed + 2)
    per_shuffle: list[float] = []
    margins: list[float] = []
    ends: Counter[str] = Counter()
    mismatches = 0
    t0 = time.perf_counter()
    for k in range(args.deals):
        if time.perf_counter() > deadline:
            break
        order = order_of(args.seed, k)
        pair = []
        for ours_at in (0, 1):
            sides = (ours, theirs) if ours_at == 0 else (theirs, ours)
            out = gp.play(order, sides, deal_no=2 * k + ours_at, duel_type=CheckedDuel)
            ends[out.end] += 1
            mismatches += out.mismatches
            pair.append(out.returns[ours_at])
        margins += pair
        per_shuffle.append(statistics.fmean(pair))
        if args.progress:
            print(f"{name} vs {args.opponent}: shuffle {k + 1}/{args.deals} {pair} "
                  f"running mean {statistics.fmean(per_shuffle):+.1f} "
                  f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    n = len(per_shuffle)
    mean = statistics.fmean(per_shuffle) if n else 0.0
    half = 1.96 * statistics.stdev(per_shuffle) / math.sqrt(n) if n > 1 else float("nan")
    ours_cpu = ours.cpu[len(pilot_cpu):]
    row: dict[str, Any] = {
        "ours": name, "opponent": theirs.name, "shuffles": n, "deals": len(margins),
        "margin_per_deal": mean, "ci95": [mean - half, mean + half],
        "wins": sum(m > 0 for m in margins), "losses": sum(m < 0 for m in margins),
        "draws": sum(m == 0 for m in margins), "ends": dict(ends), "mismatches": mismatches,
        "ours_refused_by_openspiel": ours.refused,
        "cpu_ms_ours": {"mean": 1000 * statistics.fmean(ours_cpu) if ours_cpu else 0.0,
                        "p99": 1000 * p99(ours_cpu), "decisions": len(ours_cpu)},
        "cpu_ms_theirs": {"mean": 1000 * statistics.fmean(theirs.cpu) if theirs.cpu else 0.0,
                          "p99": 1000 * p99(theirs.cpu), "decisions": len(theirs.cpu)},
        "wall_s": time.perf_counter() - t0,
    }
    if isinstance(theirs, gp.IsmctsSide):
        row["ismcts"] = {"uct_c": theirs.uct_c, "rollouts": 1, "final_policy": "max_visit_count",
                         "sims_mean": statistics.fmean(theirs.sims) if theirs.sims else 0,
                         "sims_per_cpu_s": theirs.rate(),
                         "target": (f"{args.target_ms} ms" if args.target_ms is not None else
                                    f"ours' running mean CPU per decision (pilot: {len(pilot_cpu)} "
                                    f"decisions, {1000 * statistics.fmean(pilot_cpu):.0f} ms)")}
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", choices=("simple", "ismcts", "rlcard"), default="simple")
    ap.add_argument("--ours", default="medium,hard",
                    help="our bots, comma-separated (levels or e.g. ismcts:iterations=300)")
    ap.add_argument("--deals", type=int, default=40, help="shuffles; each is played twice, seats swapped")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-minutes", type=float, default=60.0,
                    help="stop each pairing after the shuffle running when this is reached")
    ap.add_argument("--target-ms", type=float, default=None,
                    help="ismcts: fixed CPU target per move instead of our bot's running mean")
    ap.add_argument("--prior-rate", type=float, default=1000.0,
                    help="ismcts: simulations per CPU second assumed until 2 s are measured")
    ap.add_argument("--uct-c", type=float, default=2.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true", help="a line per shuffle on stderr")
    args = ap.parse_args()
    rows = []
    for name in split_bots(args.ours):
        rows.append(pairing(name, args, time.perf_counter() + 60 * args.max_minutes))
    if args.json:
        print(json.dumps({"game": "gin_rummy (OpenSpiel)", "seed": args.seed, "pairings": rows}))
        return
    for r in rows:
        lo, hi = r["ci95"]
        print(f"{r['ours']:28} vs {r['opponent']:20} {r['deals']:4} deals  margin/deal "
              f"{r['margin_per_deal']:+6.1f} [{lo:+.1f}, {hi:+.1f}]  W/L/D {r['wins']}/{r['losses']}/"
              f"{r['draws']}  cpu ms/move ours {r['cpu_ms_ours']['mean']:.1f} (p99 "
              f"{r['cpu_ms_ours']['p99']:.1f}) theirs {r['cpu_ms_theirs']['mean']:.1f} (p99 "
              f"{r['cpu_ms_theirs']['p99']:.1f})  ends {r['ends']}  mismatches {r['mismatches']}")
        if "ismcts" in r:
            i = r["ismcts"]
            print(f"    ISMCTSBot: {i['sims_mean']:.0f} simulations/move on average, "
                  f"{i['sims_per_cpu_s']:.0f} per CPU second; target: {i['target']}")


if __name__ == "__main__":
    main()
