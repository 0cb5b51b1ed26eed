"""cardtable's gin bots playing inside OpenSpiel's ``gin_rummy`` (the outside yardstick).

The deal runs in a :class:`~cardtable.rl.openspiel_gin.Duel`: OpenSpiel's state is the
authority (its legal actions, its chance draws, its returns), and the Duel keeps a cardtable
state with OpenSpiel's rules in lock step and checks both engines' legal actions at every
decision.  Our bot chooses on the cardtable state, from its seat's view only
(:func:`cardtable.bots.bot_move`); :func:`os_actions` turns the chosen cardtable move into
the OpenSpiel actions that play it.  OpenSpiel's bots choose on OpenSpiel's state.

Where the two rule sets differ (docs/games/gin.md Part C), our bot chooses among the
cardtable moves OpenSpiel allows at that moment (:func:`os_legal_moves`): a knock that
OpenSpiel refuses (OS-1), a layoff past its two cards per run end (OS-4), and a layoff after
the defender's first meld (OS-5) are not offered.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_move
from ..cards import mask_of, parse_cards
from ..melds import GIN
from ..moves import Move
from . import openspiel_gin as og

Phase = og.Phase


def meld_actions(mask: int) -> list[int]:
    """OpenSpiel meld actions that lay the cardtable meld ``mask``: one action, or for a run
    of 6+ cards several runs of 3-5 cards (OpenSpiel's melds hold at most five, OS-6)."""
    if mask in og.MASK_MELD:
        return [og.MELD_BASE + og.MASK_MELD[mask]]
    if not GIN.is_run(mask):
        raise ValueError(f"no OpenSpiel meld for mask {mask:#x}")
    cards = sorted(c for c in range(52) if mask >> c & 1)
    out = []
    while cards:
        take = {6: 3, 7: 4}.get(len(cards), min(len(cards), 5))
        piece, cards = cards[:take], cards[take:]
        out.append(og.MELD_BASE + og.MASK_MELD[og._mask(piece)])
    return out


def os_actions(duel: og.Duel, move: Move) -> list[int]:
    """The OpenSpiel actions, in order, that play cardtable's ``move`` at the Duel's current
    decision.  Only the first is checked here against OpenSpiel's legal actions (by
    :func:`os_legal_moves`); the rest are checked when they are played."""
    os_, st = duel.os, duel.st
    ph = os_.current_phase()
    if ph in (Phase.FIRST_UPCARD, Phase.DRAW):
        return [{"take": og.DRAW_UPCARD, "draw": og.DRAW_STOCK, "pass": og.PASS}[move.verb]]
    if ph == Phase.WALL:
        return [og.KNOCK if move.verb == "take" else og.PASS]
    if move.verb == "discard":
        return [og.to_os_card(move.cards[0])]
    if move.verb in ("knock", "gin"):
        part = st.arrangement_for(move)
        tail = [og.to_os_card(move.cards[0])]
        for m in part.melds:
            tail += meld_actions(m)
        tail.append(og.PASS)
        return ([og.KNOCK] if ph == Phase.DISCARD else []) + tail
    if ph == Phase.LAYOFF:
        laying = not os_.finished_layoffs()
        if move.verb == "layoff":
            return [og.to_os_card(move.cards[0])]
        if move.verb == "meld":
            return ([og.PASS] if laying else []) + meld_actions(og._mask(move.cards))
        if move.verb == "done":
            return [og.PASS, og.PASS] if laying else [og.PASS]
    raise ValueError(f"no OpenSpiel action for {move} in phase {ph}")


def os_legal_moves(duel: og.Duel, legal_actions: list[int]) -> list[tuple[Move, list[int]]]:
    """cardtable's legal moves for the seat to move that OpenSpiel also allows now, each with
    its OpenSpiel actions.  A layoff after the first meld (OS-5) has no OpenSpiel counterpart."""
    allowed = set(legal_actions)
    laying = duel.os.current_phase() == Phase.LAYOFF and not duel.os.finished_layoffs()
    out = []
    for m in duel.st.legal_moves():
        if m.verb == "layoff" and not laying:
            continue
        acts = os_actions(duel, m)
        if acts[0] in allowed:
            out.append((m, acts))
    return out


@dataclass
class Side:
    """One seat's player and its timing (process CPU seconds per decision it was asked)."""

    name: str
    cpu: list[float] = field(default_factory=list)

    def start(self, player: int, duel: og.Duel) -> None:
        """A new deal, with this side at OpenSpiel's ``player``."""

    def act(self, duel: og.Duel, legal: list[int]) -> int:
        raise NotImplementedError


class OursSide(Side):
    """A cardtable bot (by name) on the Duel's cardtable state, its seat's view only."""

    def __init__(self, name: str, seed: int) -> None:
        super().__init__(name)
        self.rng = random.Random(seed)
        self.queue: list[int] = []
        self.refused = 0            # decisions where OpenSpiel allowed fewer moves than cardtable

    def start(self, player: int, duel: og.Duel) -> None:
        self.queue = []

    def act(self, duel: og.Duel, legal: list[int]) -> int:
        if self.queue:
            a = self.queue.pop(0)
            if a not in legal:
                raise AssertionError(f"planned OpenSpiel action {og.action_label(a)} is not legal: "
                                     f"{[og.action_label(x) for x in legal]}")
            return a
        pairs = os_legal_moves(duel, legal)
        if not pairs:
            raise AssertionError(f"no cardtable move is legal in OpenSpiel: "
                                 f"{[og.action_label(x) for x in legal]}")
        if len(pairs) < len(duel.st.legal_moves()):
            self.refused += 1
        moves = [m for m, _a in pairs]
        seat = duel.st.to_move()[0]
        if len(moves) == 1:
            move = moves[0]
        else:
            c0 = time.process_time()
            move = bot_move(self.name, duel.st, seat, self.rng, legal=moves)
            self.cpu.append(time.process_time() - c0)
        acts = next((a for m, a in pairs if m == move), None)
        if acts is None:
            raise AssertionError(f"{self.name} chose {move}, not among the moves offered: {moves}")
        self.queue = acts[1:]
        return acts[0]


class SimpleSide(Side):
    """OpenSpiel's ``simple_gin_rummy_bot``.  It keeps state within a deal (its knock plan),
    so it is asked at every one of its decisions, forced ones included."""

    def __init__(self) -> None:
        super().__init__("simple_gin_rummy_bot")
        self.bot: Any = None

    def start(self, player: int, duel: og.Duel) -> None:
        import pyspiel
        self.bot = pyspiel.make_simple_gin_rummy_bot(duel.game.get_parameters(), player)

    def act(self, duel: og.Duel, legal: list[int]) -> int:
        c0 = time.process_time()
        a = int(self.bot.step(duel.os))
        if len(legal) > 1:
            self.cpu.append(time.process_time() - c0)
        return a


class IsmctsSide(Side):
    """OpenSpiel's C++ ``ISMCTSBot`` with one random rollout per simulation, uct_c 2 (as in
    bench/bench_ismcts.py) and the most visited action played.  It has no CPU-time budget, so
    each move's simulations are ``target_cpu`` × its own simulations per CPU second measured
    so far in this match (``target_cpu`` may be a callable: the other side's mean CPU per
    move so far).  It builds a new tree per move, so a forced move is played without it."""

    def __init__(self, target_cpu: float | Callable[[], float], seed: int,
                 sims_per_cpu_s: float = 1000.0, uct_c: float = 2.0) -> None:
        super().__init__("ISMCTSBot")
        self.target = target_cpu
        self.rng = random.Random(seed)
        self.sims_done = 0
        self.sims_cpu = 0.0
        self.prior_rate = sims_per_cpu_s
        self.uct_c = uct_c
        self.sims: list[int] = []

    def rate(self) -> float:
        """Simulations per CPU second: the prior, then the measured rate once 2 s are in."""
        return self.sims_done / self.sims_cpu if self.sims_cpu > 2.0 else self.prior_rate

    def act(self, duel: og.Duel, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        import pyspiel
        target = self.target() if callable(self.target) else self.target
        n = max(10, round(target * self.rate()))
        seed = self.rng.randrange(2**31)
        bot = pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), self.uct_c, n,
                                -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        c0 = time.process_time()
        a = int(bot.step(duel.os))
        dt = time.process_time() - c0
        self.cpu.append(dt)
        self.sims.append(n)
        self.sims_done += n
        self.sims_cpu += dt
        return a


@dataclass
class DealOutcome:
    returns: list[float]        # OpenSpiel's returns, by OpenSpiel player
    end: str                    # the Duel's end: scored, OS-2, OS-3 or diverged
    mismatches: int
    history: list[int]          # every OpenSpiel action, chance outcomes included


def play(order: list[int], sides: tuple[Side, Side], params: dict[str, Any] | None = None,
         deal_no: int = 0) -> DealOutcome:
    """One deal from the pack ``order`` (OpenSpiel card ids, as :class:`Duel` takes it),
    ``sides[p]`` playing OpenSpiel's player ``p``."""
    duel = og.Duel(order, params, deal_no)
    for p, s in enumerate(sides):
        s.start(p, duel)

    def policy(d: og.Duel, legal: list[int]) -> int:
        a = sides[d.os.current_player()].act(d, legal)
        if a not in legal:
            raise AssertionError(f"{sides[d.os.current_player()].name} chose "
                                 f"{og.action_label(a)}, not legal in OpenSpiel")
        return a

    r = duel.run(policy)
    returns = list(duel.os.returns()) if duel.os.is_terminal() else [0.0, 0.0]
    return DealOutcome(returns, r.end, len(r.mismatches), list(duel.os.history()))


class RlcardSide(Side):
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

    def start(self, player: int, duel: og.Duel) -> None:
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
        out = [og.to_os_card(discard)] if discard is not None else []
        for m in GIN.best_partition(rest).melds:
            out += meld_actions(m)
        return out + [og.PASS]

    def act(self, duel: og.Duel, legal: list[int]) -> int:
        if self.queue:
            return self.queue.pop(0)
        c0 = time.process_time()
        a = self._act(duel, legal)
        if len(legal) > 1:
            self.cpu.append(time.process_time() - c0)
        return a

    def _act(self, duel: og.Duel, legal: list[int]) -> int:
        os_, ph = duel.os, duel.os.current_phase()
        # its own hand, read from its seat's view like every other player's input
        # (OpenSpiel's player p is cardtable's seat p in a Duel)
        hand = mask_of(parse_cards(duel.st.view(os_.current_player())["hand"]))
        if ph in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.WALL):
            if len(legal) == 1:
                return legal[0]
            take = og.DRAW_UPCARD if ph != Phase.WALL else og.KNOCK
            other = next(a for a in legal if a != take)
            return take if self._ask(hand, [3, 2 if ph != Phase.WALL else 4]) == 3 else other
        if ph == Phase.LAYOFF:
            if not os_.finished_layoffs():
                self.queue = self._lay(hand, None)
                return og.PASS
            self.queue = self._lay(hand, None)[1:]
            return self._lay(hand, None)[0]
        dead = {c: GIN.deadwood(hand & ~(1 << c)) for c in range(52) if hand >> c & 1}
        limit = os_.knock_card()
        if ph == Phase.KNOCK:         # after the Wall's take: RLCard's gin or knock
            gins = [c for c, d in dead.items() if d == 0]
            ids = [5] if gins else [58 + c for c, d in dead.items() if d <= limit]
            a = self._ask(hand, ids)
            c = gins[0] if a == 5 else a - 58
            acts = self._lay(hand, c)
            self.queue = acts[1:]
            return acts[0]
        # the Discard phase
        can_knock = og.KNOCK in legal
        gins = [c for c, d in dead.items() if d == 0] if can_knock else []
        if gins:
            ids = [5]
        else:
            taken = None if duel.taken is None else og.os_card(duel.taken)
            ids = [6 + c for c in dead if c != taken and og.to_os_card(c) in legal]
            if can_knock:
                ids += [58 + c for c, d in dead.items() if d <= limit]
        a = self._ask(hand, ids)
        if a == 5 or a >= 58:
            c = gins[0] if a == 5 else a - 58
            acts = [og.KNOCK] + self._lay(hand, c)
            self.queue = acts[1:]
            return acts[0]
        return og.to_os_card(a - 6)
