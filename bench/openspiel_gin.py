"""The gin differential test: OpenSpiel's ``gin_rummy`` and cardtable's gin side by side.

Test and benchmark machinery, not research API: its users are
``tests/rl/test_openspiel_gin.py``, ``bench/bench_gin_differential.py`` and
``bench/gin_yardstick.py`` (run as ``python bench/<script>.py``, which puts this directory on
``sys.path``; the tests import it as ``bench.openspiel_gin``).  It looks inside cardtable's
gin (:class:`~cardtable.games.gin.state.GinState`), which the research API may not.

One deal is played in OpenSpiel (``pyspiel``, open_spiel/games/gin_rummy/gin_rummy.cc) and, in
lock step, in cardtable with options set to OpenSpiel's rules: the lock step, the card, meld
and action translation and :func:`~cardtable.rl.openspiel_gin_play.cardtable_rules` are the
research API's (:mod:`cardtable.rl.openspiel_gin_play`, whose :class:`Duel` this extends).  At
every decision both engines' legal actions are put in OpenSpiel's terms and compared;
OpenSpiel's chosen action is played in both; at the end the scores are compared.

Every difference must be a known rule difference (:data:`DIFFERENCES`, docs/games/gin.md Part
C), and each is *checked*, not assumed: e.g. a knock that only cardtable offers counts as OS-1
only if OpenSpiel's own ``deadwood()`` figure is over its knock card.  Anything else is
recorded as an unexplained :class:`Mismatch`.

Until OpenSpiel's Pass ends a knock, cardtable's legality of the knocker's steps is asked
through ``why_illegal`` of the knock with the melds laid so far.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from cardtable.cards import card_str, cards_of, shuffled
from cardtable.games.gin.state import GinState
from cardtable.melds import GIN
from cardtable.moves import Move
from cardtable.rl.openspiel_gin_play import (
    DEFAULT_PARAMS,
    DRAW_STOCK,
    DRAW_UPCARD,
    KNOCK,
    MASK_MELD,
    MELD_BASE,
    MELD_MASK,
    PASS,
    UTILS,
    DealResult,
    Mismatch,
    Phase,
    Policy,
    _labels,
    _mask,
    action_label,
    cardtable_rules,
    os_card,
    to_os_card,
)
from cardtable.rl.openspiel_gin_play import Duel as LockStep

__all__ = ["CONFIGS", "DEFAULT_PARAMS", "DIFFERENCES", "DRAW_STOCK", "DRAW_UPCARD", "KNOCK", "MASK_MELD",
           "MELD_BASE", "MELD_MASK", "PASS", "UTILS", "DealResult", "Difference", "Duel", "Mismatch",
           "Phase", "Policy", "Summary", "_mask", "action_label", "cardtable_rules", "greedy_policy",
           "os_card", "play_deal", "random_policy", "run_many", "to_os_card"]


@dataclass(frozen=True)
class Difference:
    id: str
    title: str
    where: str


DIFFERENCES: dict[str, Difference] = {d.id: d for d in (
    Difference("OS-1", "OpenSpiel decides whether Knock is legal from MinDeadwood of the 11 cards "
               "(one arrangement with the most melded points, minus its highest deadwood card), "
               "which is not always the best discard; it can refuse a legal knock or gin",
               "Discard phase (Knock action); Wall phase (Knock = take the discard)"),
    Difference("OS-2", "two take-and-return discards in a row end OpenSpiel's deal 0/0 "
               "(loop guard); cardtable plays on", "end of the deal after a discard"),
    Difference("OS-3", "the 50th draw of the upcard in the Draw phase ends OpenSpiel's deal 0/0 "
               "(loop guard); cardtable plays on", "end of the deal after Draw upcard"),
    Difference("OS-4", "OpenSpiel lays off at most two cards on each end of a run; cardtable "
               "chains layoffs without limit (gin.md rule 26)", "Layoff phase, layoff cards"),
    Difference("OS-5", "OpenSpiel's defender lays off first and melds after (a Pass ends the "
               "layoffs); cardtable's manual defender melds and lays off in any order",
               "Layoff phase: cardtable's melds while laying off, layoffs while melding"),
    Difference("OS-6", "OpenSpiel's meld actions hold 3-5 cards (a longer run is laid as "
               "several melds); cardtable lists runs of any length",
               "Knock phase (knocker's melds), Layoff phase (defender's melds)"),
)}


class Duel(LockStep):
    """The research API's lock step, comparing both engines' legal actions at every decision
    (:meth:`check`); ``st`` is cardtable's :class:`GinState`, read directly."""

    st: GinState

    def __init__(self, order: Sequence[int], params: dict[str, Any] | None = None,
                 deal_no: int = 0, rules: dict[str, Any] | None = None) -> None:
        super().__init__(order, params, deal_no, rules)
        assert isinstance(self.st, GinState)

    def _record(self, ours: set[Any], theirs: set[int], explained: dict[str, set[Any]],
                detail: str = "") -> None:
        """Compare one decision: ``explained`` maps a difference id to the items it accounts for."""
        ours_only, os_only = ours - theirs, theirs - ours
        for did, items in explained.items():
            if items:
                self.result.explained[did] += 1
                ours_only -= items
                os_only -= items
        if ours_only or os_only:
            r = self.result
            r.mismatches.append(Mismatch(r.deal, self.step, str(self.os.current_phase()).split(".")[-1],
                                         self.os.current_player(), _labels(ours_only), _labels(os_only),
                                         detail))

    # --- comparing legal actions --------------------------------------------------------------

    def check(self, legal: list[int]) -> None:
        super().check(legal)
        if self.result.end == "diverged":
            return
        st, os_ = self.st, self.os
        p = os_.current_player()
        ph = os_.current_phase()
        theirs = set(legal)
        moves = st.legal_moves()
        ours: set[Any]
        if ph in (Phase.FIRST_UPCARD, Phase.DRAW):
            ours = {{"take": DRAW_UPCARD, "draw": DRAW_STOCK, "pass": PASS}[m.verb] for m in moves}
            self._record(ours, theirs, {})
        elif ph == Phase.DISCARD:
            ours = {to_os_card(m.cards[0]) if m.verb == "discard" else KNOCK for m in moves}
            self._record(ours, theirs, {"OS-1": self._os1(ours, theirs, os_.deadwood()[p])})
        elif ph == Phase.WALL:
            ours = {KNOCK if m.verb == "take" else PASS for m in moves}
            hand = list(os_.hands()[p])
            self._record(ours, theirs, {"OS-1": self._os1(ours, theirs,
                                                          UTILS.min_deadwood(hand, os_.upcard()))})
        elif ph == Phase.KNOCK and self.k_discard is None:
            ours = {to_os_card(m.cards[0]) for m in moves if m.verb in ("knock", "gin")}
            self._record(ours, theirs, {})
        elif ph == Phase.KNOCK:
            self._compare_knock_melds(theirs)
        elif ph == Phase.LAYOFF and not os_.finished_layoffs():
            self._compare_layoffs(moves, theirs)
        elif ph == Phase.LAYOFF:
            melds = {MASK_MELD.get(_mask(m.cards), ("meld", _mask(m.cards))) for m in moves
                     if m.verb == "meld"}
            ours = {MELD_BASE + x if isinstance(x, int) else x for x in melds}
            if any(m.verb == "done" for m in moves):
                ours.add(PASS)
            laying = {"layoff " + card_str(m.cards[0]) for m in moves if m.verb == "layoff"}
            self._record(ours | laying, theirs, {"OS-5": laying, "OS-6": self._os6(ours)})
        else:
            self._diverge(f"unexpected OpenSpiel phase {ph}")

    def _os1(self, ours: set[Any], theirs: set[int], os_deadwood: int) -> set[Any]:
        """Knock only in cardtable, with OpenSpiel's own deadwood figure over its knock card."""
        if KNOCK in ours and KNOCK not in theirs and os_deadwood > self.os.knock_card():
            return {KNOCK}
        return set()

    @staticmethod
    def _os6(ours: set[Any]) -> set[Any]:
        """cardtable's runs of 6+ cards, which OpenSpiel lays as several melds."""
        return {x for x in ours if isinstance(x, tuple) and x[1].bit_count() >= 6 and GIN.is_run(x[1])}

    def _compare_knock_melds(self, theirs: set[int]) -> None:
        """The knocker lays melds one at a time: each legal OpenSpiel meld must be part of an
        arrangement cardtable accepts, and Pass must be legal exactly when the knock with the
        melds laid so far is."""
        st = self.st
        assert self.k_discard is not None
        h = st.hands[st.cur] & ~(1 << os_card(self.k_discard))
        for m in self.k_melds:
            h &= ~m
        ours: set[Any] = set()
        # a knock naming no melds means "the engine's arrangement" in cardtable's notation, so
        # before the first meld the knock is judged on the bare hand (never legal: ten cards
        # hold at least 18 points)
        if (st.why_illegal(st.cur, self._knock_move(self.k_melds)) is None if self.k_melds
                else GIN.value(h) <= st.limit and st.knock_ok):
            ours.add(PASS)
        for m in GIN.melds_in(h):
            full = self.k_melds + [m] + list(GIN.best_partition(h & ~m).melds)
            if st.why_illegal(st.cur, self._knock_move(full)) is None:
                ours.add(MELD_BASE + MASK_MELD[m] if m in MASK_MELD else ("meld", m))
        self._record(ours, theirs, {"OS-6": self._os6(ours)})

    def _compare_layoffs(self, moves: list[Move], theirs: set[int]) -> None:
        ours: set[Any] = {PASS}
        melding = {"meld " + " ".join(map(card_str, m.cards)) for m in moves if m.verb == "meld"}
        for m in moves:
            if m.verb == "layoff":
                ours.add(to_os_card(m.cards[0]))
        self._record(ours | melding, theirs, {"OS-5": melding, "OS-4": self._os4(ours - theirs)})

    def _os4(self, extra: set[Any]) -> set[Any]:
        """Layoffs only in cardtable that extend a run already extended by two cards at that end."""
        out: set[Any] = set()
        st = self.st
        for a in extra:
            if not isinstance(a, int) or a >= 52:
                continue
            c = os_card(a)
            for orig, cur in zip(self.k_original, st.k_melds, strict=True):
                if not GIN.is_run(orig) or not GIN.can_lay_off(c, cur):
                    continue
                low_orig = (orig & -orig).bit_length() - 1
                high_orig = orig.bit_length() - 1
                added = cur & ~orig
                below = sum(1 for x in cards_of(added) if x < low_orig)
                above = sum(1 for x in cards_of(added) if x > high_orig)
                at_end = below if c < low_orig else above
                if at_end >= 2:
                    out.add(a)
        return out


# --- policies: which OpenSpiel action to play (coverage only; both engines are compared) -------

def random_policy(rng: random.Random) -> Policy:
    return lambda duel, legal: legal[rng.randrange(len(legal))]


def greedy_policy(rng: random.Random, eps: float = 0.1) -> Policy:
    """Plays towards knocks (so that knocks, layoffs and undercuts are reached often): takes
    the upcard when it joins a meld, discards to the least deadwood, knocks once its deadwood
    is at most a threshold drawn per deal (0, 2, 5 or 10), lays the melds of its best
    arrangement and every layoff (the knocker sometimes stops early); with probability
    ``eps`` any legal action."""
    knock_at = (0, 2, 5, 10)[rng.randrange(4)]

    def pick(duel: LockStep, legal: list[int]) -> int:
        if rng.random() < eps:
            return legal[rng.randrange(len(legal))]
        os_, st = duel.os, cast(GinState, duel.st)
        ph = os_.current_phase()
        p = os_.current_player()
        h = st.hands[p]
        if ph in (Phase.FIRST_UPCARD, Phase.DRAW):
            up = os_.upcard()
            if DRAW_UPCARD in legal and up is not None:
                c = os_card(up)
                if (GIN.coverage(h | 1 << c) >> c) & 1:
                    return DRAW_UPCARD
            return DRAW_STOCK if DRAW_STOCK in legal else PASS
        if ph == Phase.DISCARD:
            cards = [a for a in legal if a < 52]
            dw = {a: GIN.deadwood(h & ~(1 << os_card(a))) for a in cards}
            best = min(dw.values())
            if KNOCK in legal and best <= knock_at:
                return KNOCK
            good = [a for a in cards if dw[a] == best]
            return good[rng.randrange(len(good))]
        if ph == Phase.WALL:
            return KNOCK if KNOCK in legal else PASS
        if ph == Phase.KNOCK and PASS in legal and rng.random() < 0.3:
            return PASS
        if ph == Phase.LAYOFF and os_.finished_layoffs():
            plan = [MELD_BASE + MASK_MELD[m] for m in GIN.best_partition(st.d_rest).melds if m in MASK_MELD]
            plan = [a for a in plan if a in legal]
            if plan and rng.random() < 0.9:
                return plan[0]
        others = [a for a in legal if a != PASS]
        if others and rng.random() < 0.9:
            return others[rng.randrange(len(others))]
        return PASS if PASS in legal else legal[rng.randrange(len(legal))]
    return pick


CONFIGS: tuple[dict[str, Any], ...] = (
    {},                                                        # OpenSpiel's defaults
    {"oklahoma": True},
    {"knock_card": 0},                                         # straight gin
    {"knock_card": 5, "gin_bonus": 20, "undercut_bonus": 10},
)


def play_deal(seed: int, params: dict[str, Any] | None = None, policy: str = "greedy",
              deal_no: int = 0, rules: dict[str, Any] | None = None) -> DealResult:
    """One seeded random deal in both engines."""
    rng = random.Random(seed)
    order = shuffled(list(range(52)), rng)
    pol = greedy_policy(rng) if policy == "greedy" else random_policy(rng)
    return Duel(order, params, deal_no, rules).run(pol)


@dataclass
class Summary:
    deals: int = 0
    decisions: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    explained: Counter[str] = field(default_factory=Counter)
    mismatches: list[Mismatch] = field(default_factory=list)

    def add(self, r: DealResult) -> None:
        self.deals += 1
        self.decisions += r.decisions
        self.ends[r.end] += 1
        if r.outcome:
            self.outcomes[r.outcome] += 1
        self.explained.update(r.explained)
        self.mismatches += r.mismatches


def run_many(deals: int, seed: int = 0, configs: Sequence[dict[str, Any]] = CONFIGS,
             rules: dict[str, Any] | None = None) -> Summary:
    """``deals`` deals, cycling through ``configs`` and alternating greedy and random play."""
    out = Summary()
    for i in range(deals):
        params = configs[i % len(configs)]
        policy = "greedy" if (i // len(configs)) % 2 == 0 else "random"
        out.add(play_deal(seed * 1_000_003 + i, params, policy, i, rules))
    return out
