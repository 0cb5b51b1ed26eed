"""cardtable's gin bots playing inside OpenSpiel's ``gin_rummy`` (research API).

    from cardtable.rl import openspiel_gin_play as gp
    out = gp.play(order, (gp.OursSide("medium", seed=1), gp.SimpleSide()))
    out.returns                      # OpenSpiel's own returns, by OpenSpiel player

A deal runs in a :class:`Duel`: OpenSpiel's state is the authority (its legal actions, its
chance draws, its returns), and the Duel keeps a cardtable gin state with OpenSpiel's rules
(:func:`cardtable_rules`) in lock step, playing every OpenSpiel action there as the cardtable
move it makes.  Our bot chooses on the cardtable state, from its seat's view only
(:func:`cardtable.bots.bot_move`); :func:`os_actions` turns the chosen cardtable move into the
OpenSpiel actions that play it.  OpenSpiel's bots (:class:`SimpleSide`, :class:`IsmctsSide`)
choose on OpenSpiel's state.

Where the two rule sets differ (docs/games/gin.md Part C), our bot chooses among the
cardtable moves OpenSpiel allows at that moment (:func:`os_legal_moves`): a knock that
OpenSpiel refuses (OS-1), a layoff past its two cards per run end (OS-4), and a layoff after
the defender's first meld (OS-5) are not offered.

The cardtable side is reached only through the public state contract (``get_game``,
``legal_moves``, ``apply``, ``view``, ``scores``, ``score_items``, ``to_json``) and the core
meld table :data:`cardtable.melds.GIN`.  The Duel checks that OpenSpiel's chance draws are
the cards cardtable drew, that cardtable accepts each OpenSpiel action and that the scores
agree (a failure is a :class:`Mismatch`).  Comparing both engines' legal actions at every
decision is the differential test's: ``bench/openspiel_gin.py`` extends :class:`Duel`
through :meth:`Duel.check` (test and benchmark machinery, as is RLCard's agent in
``bench/gin_yardstick.py``).

Translation: cards are numbered ``suit * 13 + rank`` by OpenSpiel with suits ``s c d h``,
ours ``s h d c``.  OpenSpiel's knock is several actions (Knock, the discard, one meld at a
time, Pass): one cardtable move ``knock X [..]`` (``gin X [..]`` when no deadwood is left),
played at the Pass.  OpenSpiel's defender lays off single cards (a cardtable layoff names the
knocker's meld: a run is preferred where the card fits a run and a set) and then melds.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from ..bots import bot_move
from ..cards import Card, card_str, cards_of, mask_of, parse_cards
from ..errors import CardtableError
from ..game import State
from ..melds import GIN
from ..moves import Move
from ..registry import get_game

gr = pyspiel.gin_rummy
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = (gr.DRAW_UPCARD_ACTION, gr.DRAW_STOCK_ACTION,
                                        gr.PASS_ACTION, gr.KNOCK_ACTION)
MELD_BASE = gr.MELD_ACTION_BASE
Phase = gr.Phase
UTILS = gr.GinRummyUtils(13, 4, 10)

# OpenSpiel's suit index (s c d h) -> ours (s h d c); the permutation is its own inverse
_SUIT = (0, 3, 2, 1)


def os_card(a: int) -> Card:
    """OpenSpiel card id -> cardtable card."""
    return Card(_SUIT[a // 13] * 13 + a % 13)


def to_os_card(c: int) -> int:
    """cardtable card -> OpenSpiel card id."""
    return _SUIT[c // 13] * 13 + c % 13


def _mask(cards: Sequence[int]) -> int:
    return mask_of(cards)


def _masks(groups: Sequence[Sequence[str]]) -> list[int]:
    """Card groups of a view (symbol strings) -> masks."""
    return [mask_of(parse_cards(g)) for g in groups]


# OpenSpiel meld id (0..184) <-> cardtable meld mask
MELD_MASK: dict[int, int] = {i: _mask([os_card(a) for a in UTILS.int_to_meld[i]])
                             for i in range(gr.NUM_MELD_ACTIONS)}
MASK_MELD: dict[int, int] = {m: i for i, m in MELD_MASK.items()}

DEFAULT_PARAMS: dict[str, Any] = {"knock_card": 10, "gin_bonus": 25, "undercut_bonus": 25,
                                  "oklahoma": False}


def cardtable_rules(params: dict[str, Any] | None = None) -> dict[str, Any]:
    """cardtable gin options that play OpenSpiel's ``gin_rummy`` with ``params``."""
    p = {**DEFAULT_PARAMS, **(params or {})}
    for key in ("num_ranks", "num_suits", "hand_size"):
        if key in p and p[key] != {"num_ranks": 13, "num_suits": 4, "hand_size": 10}[key]:
            raise ValueError(f"OpenSpiel parameter {key}={p[key]} has no cardtable equivalent")
    return {
        "knock_limit": p["knock_card"], "gin_bonus": p["gin_bonus"],
        "undercut_bonus": p["undercut_bonus"],
        "oklahoma": p["oklahoma"], "oklahoma_ace": "gin_only",   # OpenSpiel: ace upcard = gin only
        "undercut_on_tie": False,        # Returns(): a tie is 0/0
        "allow_rediscard_taken": True,   # every card of the 11 is a legal discard
        "fiftieth_card_pickup": True,    # the Wall phase: take the discard only to knock, or pass
        "big_gin": False, "force_gin": False,
        "defender_auto": False,          # the defender's layoffs and melds are actions
    }


def action_label(a: int) -> str:
    if a < 52:
        return card_str(os_card(a))
    if a >= MELD_BASE:
        return "[" + " ".join(card_str(c) for c in cards_of(MELD_MASK[a - MELD_BASE])) + "]"
    return {DRAW_UPCARD: "Draw upcard", DRAW_STOCK: "Draw stock", PASS: "Pass", KNOCK: "Knock"}[a]


@dataclass
class Mismatch:
    """A difference between the engines that no known rule difference explains."""

    deal: int
    step: int
    phase: str
    seat: int
    ours_only: list[str]
    os_only: list[str]
    detail: str = ""

    def __str__(self) -> str:
        return (f"deal {self.deal} step {self.step} ({self.phase}, seat {self.seat}): "
                f"cardtable only {self.ours_only}, OpenSpiel only {self.os_only}; {self.detail}")


@dataclass
class DealResult:
    deal: int
    params: dict[str, Any]
    decisions: int = 0
    end: str = ""                       # "scored", "OS-2", "OS-3", "diverged"
    outcome: str = ""                   # cardtable's result: gin, knock, undercut, tie, dead
    os_returns: list[float] = field(default_factory=list)
    our_scores: list[int] = field(default_factory=list)
    explained: Counter[str] = field(default_factory=Counter)   # decisions per difference id
    mismatches: list[Mismatch] = field(default_factory=list)
    scenario: dict[str, Any] = field(default_factory=dict)     # the cardtable replay


Policy = Callable[["Duel", list[int]], int]


class Duel:
    """One deal in both engines.  ``order`` is the shuffled pack as OpenSpiel card ids:
    player 0's hand, player 1's hand, the upcard, then the stock from the top.  Seat ``p``
    of the cardtable state (``st``) is OpenSpiel's player ``p`` (the written deal has dealer 1)."""

    def __init__(self, order: Sequence[int], params: dict[str, Any] | None = None,
                 deal_no: int = 0, rules: dict[str, Any] | None = None) -> None:
        self.params = {**DEFAULT_PARAMS, **(params or {})}
        self.game = pyspiel.load_game("gin_rummy", self.params)
        self.os = self.game.new_initial_state()
        order = list(order)
        for a in order[:21]:
            self.os.apply_action(a)
        self.stock_order = order[21:]
        self.drawn = 0
        gin = get_game("gin")
        # ``rules`` overrides cardtable's side (a test that the comparison can fail)
        self.options = gin.make_options(rules={**cardtable_rules(self.params), **(rules or {})})
        written = {"hands": [[card_str(os_card(a)) for a in order[:10]],
                             [card_str(os_card(a)) for a in order[10:20]]],
                   "discard": [card_str(os_card(order[20]))],
                   "stock": [card_str(os_card(a)) for a in order[21:]], "dealer": 1}
        self.st: State = gin.new_state(2, self.options, deal=written)
        self.result = DealResult(deal_no, dict(self.params))
        self.step = 0
        # the knocker's OpenSpiel actions not yet played in cardtable
        self.k_discard: int | None = None
        self.k_melds: list[int] = []        # masks
        self.k_original: list[int] = []     # the knocker's melds before layoffs
        self.upcard_draws = 0               # Draw-phase upcard draws (OS-3)
        self.taken: int | None = None       # card taken from the pile this turn
        self.take_and_return: list[bool] = []   # per discard (OS-2)

    # --- the cardtable side, through its views ----------------------------------------------

    def hand(self, seat: int) -> int:
        """``seat``'s cards (a mask), from its own view."""
        return mask_of(parse_cards(self.st.view(seat, log=False)["hand"]))

    def table_melds(self) -> list[int]:
        """The knocker's melds on the table (with the layoffs so far), from the public view."""
        knock = self.st.view(None, log=False).get("knock")
        return _masks(knock["melds"]) if knock else []

    def phase_name(self) -> str:
        """cardtable's phase, as its public view names it (``discard``, ``defend`` …)."""
        return str(self.st.view(None, log=False)["phase"])

    # --- the loop -------------------------------------------------------------------------

    def run(self, policy: Policy) -> DealResult:
        r = self.result
        while not self.os.is_terminal() and r.end != "diverged":
            if self.os.is_chance_node():
                self._chance()
                continue
            legal = list(self.os.legal_actions())
            self.check(legal)
            if r.end == "diverged":
                break
            r.decisions += 1
            a = policy(self, legal)
            self._play(a)
            self.step += 1
        if r.end != "diverged":
            self._finish()
        r.scenario = self.st.to_json()
        return r

    def check(self, legal: list[int]) -> None:
        """Before each decision: OpenSpiel's and cardtable's seats to move agree.  The
        differential test overrides it to compare the legal actions as well."""
        p = self.os.current_player()
        if self.st.to_move() != (p,):
            self._diverge(f"OpenSpiel's player {p} acts, cardtable's seats {self.st.to_move()}")

    def _chance(self) -> None:
        a = self.stock_order[self.drawn]
        self.drawn += 1
        self.os.apply_action(a)
        # cardtable drew its top stock card when the draw was played: the same card?
        if not (self.hand(self.os.current_player()) >> os_card(a)) & 1:
            self._diverge(f"stock draw {card_str(os_card(a))} is not the card cardtable drew")

    def _diverge(self, detail: str, ours: Any = (), theirs: Any = ()) -> None:
        r = self.result
        r.mismatches.append(Mismatch(r.deal, self.step, str(self.os.current_phase()).split(".")[-1],
                                     self.os.current_player(), _labels(ours), _labels(theirs), detail))
        r.end = "diverged"

    # --- playing one OpenSpiel action in both engines -----------------------------------------

    def _knock_move(self, melds: Sequence[int]) -> Move:
        """The knocker's cardtable move for OpenSpiel's discard and ``melds`` laid so far."""
        h = self.hand(self.os.current_player())
        assert self.k_discard is not None
        c = os_card(self.k_discard)
        used = 0
        for m in melds:
            used |= m
        rest = h & ~(1 << c) & ~used
        verb = "gin" if GIN.value(rest) == 0 else "knock"
        return Move(verb, (c,), tuple(tuple(cards_of(m)) for m in melds))

    def _play(self, a: int) -> None:
        os_, st = self.os, self.st
        ph = os_.current_phase()
        move: Move | None = None
        if ph in (Phase.FIRST_UPCARD, Phase.DRAW):
            move = Move({DRAW_UPCARD: "take", DRAW_STOCK: "draw", PASS: "pass"}[a])
            if a == DRAW_UPCARD:
                self.taken = os_.upcard()
                if ph == Phase.DRAW:
                    self.upcard_draws += 1
            elif a == DRAW_STOCK:
                self.taken = None
        elif ph == Phase.DISCARD:
            if a != KNOCK:
                move = Move("discard", (os_card(a),))
                self.take_and_return.append(a == self.taken)
                self.taken = None
        elif ph == Phase.WALL:
            move = Move("take" if a == KNOCK else "pass")
        elif ph == Phase.KNOCK and self.k_discard is None:
            self.k_discard = a
        elif ph == Phase.KNOCK:
            if a == PASS:
                move = self._knock_move(self.k_melds)
                self.k_original = list(self.k_melds)
            else:
                self.k_melds.append(MELD_MASK[a - MELD_BASE])
        elif ph == Phase.LAYOFF and not os_.finished_layoffs():
            if a != PASS:
                move = self._layoff_move(a)
        elif ph == Phase.LAYOFF:
            move = Move("done") if a == PASS else Move("meld", tuple(cards_of(MELD_MASK[a - MELD_BASE])))
        label = action_label(a)
        os_.apply_action(a)
        if move is not None:
            try:
                st.apply(move)
            except CardtableError as e:
                self._diverge(f"OpenSpiel's {label} as {move}: {e}", theirs={a})

    def _layoff_move(self, a: int) -> Move:
        c = os_card(a)
        melds = self.table_melds()
        cands = [i for i, m in enumerate(melds) if GIN.can_lay_off(c, m)]
        runs = [i for i in cands if not GIN.is_set(melds[i])]
        i = (runs or cands or [0])[0]
        target = melds[i] if melds else 0
        return Move("layoff", (c,), (tuple(cards_of(target)),))

    # --- the end ------------------------------------------------------------------------------

    def _finish(self) -> None:
        r, st = self.result, self.st
        r.os_returns = list(self.os.returns())
        r.our_scores = list(st.scores) if st.is_over else []
        if st.is_over:
            r.end = "scored"
            items = st.score_items()
            rule = items[0].rule
            r.outcome = {"gin:30": "gin", "gin:31": "knock", "gin:35": "dead"}.get(rule, "undercut")
            if rule == "gin:32" and not any(it.points for it in items):
                r.outcome = "tie"
            if r.our_scores[0] - r.our_scores[1] != r.os_returns[0] or sum(r.os_returns) != 0:
                r.mismatches.append(Mismatch(r.deal, self.step, "GameOver", -1, [str(r.our_scores)],
                                             [str(r.os_returns)], "scores differ"))
            return
        zero = r.os_returns == [0.0, 0.0]
        phase = self.phase_name()
        if zero and self.take_and_return[-2:] == [True, True] and phase != "defend":
            r.end = "OS-2"
        elif zero and self.upcard_draws == gr.MAX_NUM_DRAW_UPCARD_ACTIONS and phase == "discard":
            r.end = "OS-3"
        else:
            r.mismatches.append(Mismatch(r.deal, self.step, "GameOver", -1, ["deal goes on"],
                                         [str(r.os_returns)], "OpenSpiel ended the deal, cardtable did not"))
            r.end = "diverged"
            return
        r.explained[r.end] += 1


def _label(x: Any) -> str:
    if isinstance(x, str):
        return x
    if isinstance(x, tuple):        # a cardtable meld with no OpenSpiel action
        return "meld [" + " ".join(card_str(c) for c in cards_of(x[1])) + "]"
    return action_label(x)


def _labels(xs: Any) -> list[str]:
    return sorted(_label(x) for x in xs)


# --- cardtable moves as OpenSpiel actions ------------------------------------------------------

def meld_actions(mask: int) -> list[int]:
    """OpenSpiel meld actions that lay the cardtable meld ``mask``: one action, or for a run
    of 6+ cards several runs of 3-5 cards (OpenSpiel's melds hold at most five, OS-6)."""
    if mask in MASK_MELD:
        return [MELD_BASE + MASK_MELD[mask]]
    if not GIN.is_run(mask):
        raise ValueError(f"no OpenSpiel meld for mask {mask:#x}")
    cards = sorted(c for c in range(52) if mask >> c & 1)
    out = []
    while cards:
        take = {6: 3, 7: 4}.get(len(cards), min(len(cards), 5))
        piece, cards = cards[:take], cards[take:]
        out.append(MELD_BASE + MASK_MELD[_mask(piece)])
    return out


def knock_melds(duel: Duel, move: Move) -> list[int]:
    """The melds (masks) a knock or gin move lays: those it names, else the arrangement with
    the least deadwood of the knocker's hand without the discard (what cardtable's notation
    means by a knock naming no melds)."""
    if move.groups:
        return [_mask(g) for g in move.groups]
    rest = duel.hand(duel.os.current_player()) & ~(1 << move.cards[0])
    return list(GIN.best_partition(rest).melds)


def os_actions(duel: Duel, move: Move) -> list[int]:
    """The OpenSpiel actions, in order, that play cardtable's ``move`` at the Duel's current
    decision.  Only the first is checked here against OpenSpiel's legal actions (by
    :func:`os_legal_moves`); the rest are checked when they are played."""
    os_ = duel.os
    ph = os_.current_phase()
    if ph in (Phase.FIRST_UPCARD, Phase.DRAW):
        return [{"take": DRAW_UPCARD, "draw": DRAW_STOCK, "pass": PASS}[move.verb]]
    if ph == Phase.WALL:
        return [KNOCK if move.verb == "take" else PASS]
    if move.verb == "discard":
        return [to_os_card(move.cards[0])]
    if move.verb in ("knock", "gin"):
        tail = [to_os_card(move.cards[0])]
        for m in knock_melds(duel, move):
            tail += meld_actions(m)
        tail.append(PASS)
        return ([KNOCK] if ph == Phase.DISCARD else []) + tail
    if ph == Phase.LAYOFF:
        laying = not os_.finished_layoffs()
        if move.verb == "layoff":
            return [to_os_card(move.cards[0])]
        if move.verb == "meld":
            return ([PASS] if laying else []) + meld_actions(_mask(move.cards))
        if move.verb == "done":
            return [PASS, PASS] if laying else [PASS]
    raise ValueError(f"no OpenSpiel action for {move} in phase {ph}")


def os_legal_moves(duel: Duel, legal_actions: list[int]) -> list[tuple[Move, list[int]]]:
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


# --- players ---------------------------------------------------------------------------------

@dataclass
class Side:
    """One seat's player and its timing (process CPU seconds per decision it was asked)."""

    name: str
    cpu: list[float] = field(default_factory=list)

    def start(self, player: int, duel: Duel) -> None:
        """A new deal, with this side at OpenSpiel's ``player``."""

    def act(self, duel: Duel, legal: list[int]) -> int:
        raise NotImplementedError


class OursSide(Side):
    """A cardtable bot (by name) on the Duel's cardtable state, its seat's view only."""

    def __init__(self, name: str, seed: int) -> None:
        super().__init__(name)
        self.rng = random.Random(seed)
        self.queue: list[int] = []
        self.refused = 0            # decisions where OpenSpiel allowed fewer moves than cardtable

    def start(self, player: int, duel: Duel) -> None:
        self.queue = []

    def act(self, duel: Duel, legal: list[int]) -> int:
        if self.queue:
            a = self.queue.pop(0)
            if a not in legal:
                raise AssertionError(f"planned OpenSpiel action {action_label(a)} is not legal: "
                                     f"{[action_label(x) for x in legal]}")
            return a
        pairs = os_legal_moves(duel, legal)
        if not pairs:
            raise AssertionError(f"no cardtable move is legal in OpenSpiel: "
                                 f"{[action_label(x) for x in legal]}")
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

    def start(self, player: int, duel: Duel) -> None:
        self.bot = pyspiel.make_simple_gin_rummy_bot(duel.game.get_parameters(), player)

    def act(self, duel: Duel, legal: list[int]) -> int:
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

    def act(self, duel: Duel, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
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


def play(order: Sequence[int], sides: tuple[Side, Side], params: dict[str, Any] | None = None,
         deal_no: int = 0, duel_type: type[Duel] = Duel) -> DealOutcome:
    """One deal from the pack ``order`` (OpenSpiel card ids, as :class:`Duel` takes it),
    ``sides[p]`` playing OpenSpiel's player ``p``.  ``duel_type`` may be a Duel that checks
    more at each decision (the differential test's, bench/openspiel_gin.py)."""
    duel = duel_type(order, params, deal_no)
    for p, s in enumerate(sides):
        s.start(p, duel)

    def policy(d: Duel, legal: list[int]) -> int:
        a = sides[d.os.current_player()].act(d, legal)
        if a not in legal:
            raise AssertionError(f"{sides[d.os.current_player()].name} chose "
                                 f"{action_label(a)}, not legal in OpenSpiel")
        return a

    r = duel.run(policy)
    returns = list(duel.os.returns()) if duel.os.is_terminal() else [0.0, 0.0]
    return DealOutcome(returns, r.end, len(r.mismatches), list(duel.os.history()))

