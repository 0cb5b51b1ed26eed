"""OpenSpiel's ``gin_rummy`` and cardtable's gin played side by side (the differential test).

One deal is played in OpenSpiel (``pyspiel``, open_spiel/games/gin_rummy/gin_rummy.cc) and, in
lock step, in cardtable with options set to OpenSpiel's rules (:func:`cardtable_rules`).  The
deal is one seeded shuffle: OpenSpiel's chance outcomes (ten cards to player 0, ten to player
1, the upcard, then each stock draw) are taken from it in order, and the same order is our
written ``deal`` (dealer = seat 1, so seat 0 is OpenSpiel's player 0, who acts first).  At every
decision both engines' legal actions are put in OpenSpiel's terms and compared; OpenSpiel's
chosen action is translated into cardtable's notation and played in both; at the end the
scores are compared.

Every difference must be a known rule difference (:data:`DIFFERENCES`, docs/games/gin.md Part
C), and each is *checked*, not assumed: e.g. a knock that only cardtable offers counts as OS-1
only if OpenSpiel's own ``deadwood()`` figure is over its knock card.  Anything else is
recorded as an unexplained :class:`Mismatch`.

Translation notes:

* Cards: OpenSpiel numbers ``suit * 13 + rank`` with suits ``s c d h``; ours ``s h d c``.
* OpenSpiel's knock is several actions (Knock, the discard, one meld at a time, Pass); it is
  one cardtable move ``knock X [..] [..]`` (or ``gin X [..]`` when no deadwood is left),
  played when OpenSpiel passes.  Until then cardtable's legality of the knocker's steps is
  asked through ``why_illegal`` of the knock with the melds laid so far.
* OpenSpiel's defender lays off single cards (``layoffs``) and then melds; a cardtable layoff
  names the knocker's meld: a run is preferred where the card fits a run and a set.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from ..cards import Card, card_str, cards_of, shuffled
from ..errors import CardtableError
from ..games.gin.state import DEFEND, DISCARD, GinState
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
    m = 0
    for c in cards:
        m |= 1 << c
    return m


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


@dataclass
class Mismatch:
    """A difference no known rule difference explains (a bug in one engine or the test)."""

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


def action_label(a: int) -> str:
    if a < 52:
        return card_str(os_card(a))
    if a >= MELD_BASE:
        return "[" + " ".join(card_str(c) for c in cards_of(MELD_MASK[a - MELD_BASE])) + "]"
    return {DRAW_UPCARD: "Draw upcard", DRAW_STOCK: "Draw stock", PASS: "Pass", KNOCK: "Knock"}[a]


def _label(x: Any) -> str:
    if isinstance(x, str):
        return x
    if isinstance(x, tuple):        # a cardtable meld with no OpenSpiel action
        return "meld [" + " ".join(card_str(c) for c in cards_of(x[1])) + "]"
    return action_label(x)


def _labels(xs: Any) -> list[str]:
    return sorted(_label(x) for x in xs)


Policy = Callable[["Duel", list[int]], int]


class Duel:
    """One deal in both engines.  ``order`` is the shuffled pack as OpenSpiel card ids:
    player 0's hand, player 1's hand, the upcard, then the stock from the top."""

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
        st = gin.new_state(2, self.options, deal=written)
        assert isinstance(st, GinState)
        self.st: GinState = st
        self.result = DealResult(deal_no, dict(self.params))
        self.step = 0
        # the knocker's OpenSpiel actions not yet played in cardtable
        self.k_discard: int | None = None
        self.k_melds: list[int] = []        # masks
        self.k_original: list[int] = []     # the knocker's melds before layoffs
        self.upcard_draws = 0               # Draw-phase upcard draws (OS-3)
        self.taken: int | None = None       # card taken from the pile this turn
        self.take_and_return: list[bool] = []   # per discard (OS-2)

    # --- the loop -------------------------------------------------------------------------

    def run(self, policy: Policy) -> DealResult:
        r = self.result
        while not self.os.is_terminal() and r.end != "diverged":
            if self.os.is_chance_node():
                self._chance()
                continue
            legal = list(self.os.legal_actions())
            self._compare(legal)
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

    def _chance(self) -> None:
        a = self.stock_order[self.drawn]
        self.drawn += 1
        self.os.apply_action(a)
        # cardtable drew its top stock card when the draw was played: the same card?
        hand = self.st.hands[self.os.current_player()]
        if not (hand >> os_card(a)) & 1:
            self._diverge(f"stock draw {card_str(os_card(a))} is not the card cardtable drew")

    def _diverge(self, detail: str, ours: Any = (), theirs: Any = ()) -> None:
        r = self.result
        r.mismatches.append(Mismatch(r.deal, self.step, str(self.os.current_phase()).split(".")[-1],
                                     self.os.current_player(), _labels(ours), _labels(theirs), detail))
        r.end = "diverged"

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

    def _compare(self, legal: list[int]) -> None:
        st, os_ = self.st, self.os
        p = os_.current_player()
        if st.to_move() != (p,):
            self._diverge(f"OpenSpiel's player {p} acts, cardtable's seats {st.to_move()}")
            return
        ph = os_.current_phase()
        theirs = set(legal)
        moves = st.legal_moves()
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
            ours: set[Any] = {MELD_BASE + x if isinstance(x, int) else x for x in melds}
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

    def _knock_move(self, melds: Sequence[int]) -> Move:
        h = self.st.hands[self.st.cur]
        assert self.k_discard is not None
        c = os_card(self.k_discard)
        used = _mask([])
        for m in melds:
            used |= m
        rest = h & ~(1 << c) & ~used
        verb = "gin" if GIN.value(rest) == 0 else "knock"
        return Move(verb, (c,), tuple(tuple(cards_of(m)) for m in melds))

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

    # --- playing one OpenSpiel action in both engines -----------------------------------------

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
        cands = [i for i, m in enumerate(self.st.k_melds) if GIN.can_lay_off(c, m)]
        runs = [i for i in cands if not GIN.is_set(self.st.k_melds[i])]
        i = (runs or cands or [0])[0]
        return Move("layoff", (c,), (tuple(cards_of(self.st.k_melds[i])),))

    # --- the end ------------------------------------------------------------------------------

    def _finish(self) -> None:
        r, st = self.result, self.st
        r.os_returns = list(self.os.returns())
        r.our_scores = list(st.scores) if st.is_over else []
        if st.is_over:
            r.end = "scored"
            rule = st.score_items()[0].rule
            r.outcome = {"gin:30": "gin", "gin:31": "knock", "gin:35": "dead"}.get(rule, "undercut")
            if rule == "gin:32" and not any(it.points for it in st.score_items()):
                r.outcome = "tie"
            if r.our_scores[0] - r.our_scores[1] != r.os_returns[0] or sum(r.os_returns) != 0:
                r.mismatches.append(Mismatch(r.deal, self.step, "GameOver", -1, [str(r.our_scores)],
                                             [str(r.os_returns)], "scores differ"))
            return
        zero = r.os_returns == [0.0, 0.0]
        if zero and self.take_and_return[-2:] == [True, True] and st.phase != DEFEND:
            r.end = "OS-2"
        elif zero and self.upcard_draws == gr.MAX_NUM_DRAW_UPCARD_ACTIONS and st.phase == DISCARD:
            r.end = "OS-3"
        else:
            r.mismatches.append(Mismatch(r.deal, self.step, "GameOver", -1, ["deal goes on"],
                                         [str(r.os_returns)], "OpenSpiel ended the deal, cardtable did not"))
            r.end = "diverged"
            return
        r.explained[r.end] += 1


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

    def pick(duel: Duel, legal: list[int]) -> int:
        if rng.random() < eps:
            return legal[rng.randrange(len(legal))]
        os_, st = duel.os, duel.st
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
