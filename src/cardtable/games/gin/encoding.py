"""Gin Rummy for the research API (cardtable.rl): actions and observation fields.

Whole-move actions: ``take``, ``pass``, ``draw``, ``done``, ``biggin``, ``discard <card>``,
``knock <card>``, ``gin <card>`` (with the engine's best meld arrangement, as ``legal_moves()``
lists them).  A knock, gin or big gin that lays out its own arrangement takes sub-steps: the
verb, the discard, then ``next group`` and the cards of each meld, commit (every legal
arrangement is reachable: the melds are chosen from those in the hand, deadwood within the
limit).  The manual defender's ``meld`` and ``layoff`` take sub-steps too.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, cards_of
from ...moves import Move
from ...parts import obsfields as o
from ...parts.encoding import Encoding
from . import notation as nt
from .notation import VERBS
from .state import DISCARD, DRAW, FIRST_DRAW, OFFER, OFFER_DEALER, OVER, PHASE_NAMES, GinState

MAX_ARRANGEMENTS = 20_000      # per discard; a 10-card hand has far fewer


def arrangements(table: Any, cards: int) -> list[tuple[int, ...]]:
    """Every non-empty set of disjoint melds inside ``cards`` (meld masks in a fixed order)."""
    melds = sorted(table.melds_in(cards))
    out: list[tuple[int, ...]] = []

    def dfs(start: int, used: int, chosen: list[int]) -> None:
        for i in range(start, len(melds)):
            m = melds[i]
            if m & used:
                continue
            chosen.append(m)
            out.append(tuple(chosen))
            if len(out) > MAX_ARRANGEMENTS:
                raise ValueError("too many meld arrangements")
            dfs(i + 1, used | m, chosen)
            chosen.pop()

    dfs(0, 0, [])
    return out


def moves(st: Any, seat: int) -> list[Move]:
    """``legal_moves()`` plus every knock, gin and big gin with an own arrangement."""
    base = st.legal_moves(seat)
    if st.phase != DISCARD or seat != st.cur:
        return base
    out = list(base)
    hand = st.hands[seat]
    table = st.table
    discards = sorted({int(m.cards[0]) for m in base if m.verb in ("knock", "gin")})
    for c in discards:
        rest = hand & ~(1 << c)
        for groups in arrangements(table, rest):
            used = 0
            for g in groups:
                used |= g
            verb = "gin" if table.value(rest & ~used) == 0 else "knock"
            mv = Move(verb, (Card(c),), tuple(tuple(cards_of(g)) for g in groups))
            if st.why_illegal(seat, mv) is None:
                out.append(mv)
    if any(m.verb == "biggin" for m in base):
        for groups in arrangements(table, hand):
            mv = Move("biggin", groups=tuple(tuple(cards_of(g)) for g in groups))
            if st.why_illegal(seat, mv) is None:
                out.append(mv)
    return out


def encoding(game: Any, players: int, options: Any) -> Encoding:
    p = players
    fields = [
        o.cards("hand", "own hand"),
        o.choice("phase", PHASE_NAMES, "phase one-hot: " + ", ".join(PHASE_NAMES)),
        o.seat("dealer", p, "dealer (relative seat one-hot)"),
        o.per_seat_num("hand_sizes", p, 11.0, doc="hand sizes per seat (relative) / 11"),
        o.per_seat_cards("known", p, doc="cards known to be in each hand (taken from the pile), per seat"),
        o.cards("discard", "every card in the discard pile"),
        o.cards("discard.-1", "the top discard"),
        o.cards("upcard", "the deal's first upcard"),
        o.num("stock", 31.0, "stock size / 31"),
        o.num("knock_limit", 10.0, "this deal's knock limit / 10 (0: gin only)"),
        o.num("gin_only", 1.0, "1 when only gin may end the deal (Oklahoma ace)"),
        o.num("multiplier", 4.0, "score multiplier / 4"),
        o.cards("taken", "the card taken from the pile this turn"),
        o.num("must_knock", 1.0, "1 after a 50th-card pickup (must knock)"),
        o.per_seat_cards("hands", p, doc="both hands once they are public (after a knock), per seat"),
        o.seat("knock.seat", p, "the knocker (relative)"),
        o.num("knock.gin", 1.0, "the knock is gin"),
        o.num("knock.big_gin", 1.0, "the knock is big gin"),
        o.cards("knock.melds", "the knocker's melds (with layoffs)"),
        o.cards("knock.deadwood", "the knocker's deadwood"),
        o.num("knock.deadwood_points", 100.0, "the knocker's deadwood points / 100"),
        o.cards("defender.melds", "the defender's melds"),
        o.cards("defender.unmelded", "the defender's cards not melded or laid off"),
        o.cards("knock_discard", "the knock discard, when this seat may see it"),
    ]
    return Encoding(
        verbs=VERBS,
        card_verbs=("discard", "knock", "gin"),
        fields=fields,
        reward_scale=50.0,
        reward_doc="deal points (the winner's score, the loser 0 or minus it as the engine "
                   "scores it); normalised: minus the mean, / 50",
        max_groups=4,
        moves=moves,
        fast_fields=fast_fields,
        incremental=Incremental,
        fast_actions=fast_actions,
        reach_doc="every move of `legal_moves()` (knocks and gins with the engine's best arrangement, "
                  "`knock 4♠`) and every knock, gin and big gin with an own arrangement "
                  "(`knock 4♠ [A♠ 2♠ 3♠] ...`), each checked by `why_illegal`",
    )


class _Tables:
    """Action ids of one codec's gin decisions, and per suit the discard actions of each
    13-bit row of a hand (as ``notation.DISCARD_ROWS`` holds the moves)."""

    def __init__(self, codec: Any) -> None:
        act = codec.flat_action
        self.draw_take = sorted([act(nt.DRAW), act(nt.TAKE)])
        self.take_pass = sorted([act(nt.TAKE), act(nt.PASS)])
        self.draw = [act(nt.DRAW)]
        self.rows = [_rows(tuple(act(nt.DISCARD_MOVES[suit * 13 + r]) for r in range(13))) for suit in range(4)]
        self.ids = {id(m): act(m) for m in (nt.DRAW, nt.TAKE, nt.PASS, *nt.DISCARD_MOVES)}


_ROWS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def _rows(ids: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each 13-bit row of one suit, the discard actions of its cards (shared by codecs
    whose discard actions are the same ids, i.e. every gin codec)."""
    got = _ROWS.get(ids)
    if got is None:
        row: list[tuple[int, ...]] = [()] * 8192
        for m in range(1, 8192):
            low = m & -m
            row[m] = (ids[low.bit_length() - 1],) + row[m ^ low]
        got = _ROWS[ids] = tuple(row)
    return got


def fast_actions(st: Any, seat: int, codec: Any) -> list[int] | None:
    """The sorted actions of a decision whose moves are all whole actions, straight from the
    state's bitmasks (no Move list): the draw, offer and first-draw phases' fixed pairs, and
    the discards of a hand from which no knock, gin or big gin is possible.  None otherwise
    (a knock brings the sub-steps of own arrangements; the 50th-card and defence phases are
    rare): the codec then takes its general path over ``legal_moves``.  A subclass that
    changes which moves are legal (the referee) goes through its own ``legal_moves``, mapped
    by the ids of gin's fixed move objects.  Tests check both against the general path at
    every decision of random deals."""
    t = codec.scratch.get("gin.tables")
    if t is None:
        t = codec.scratch["gin.tables"] = _Tables(codec)
    cls = type(st)
    if cls is not GinState and (cls.legal_moves is not GinState.legal_moves
                                or cls._turn_end_moves is not GinState._turn_end_moves):
        try:
            out = [t.ids[id(m)] for m in st.legal_moves(seat)]
        except KeyError:
            return None
        out.sort()
        return out
    ph = st.phase
    if seat != st.cur or ph == OVER:
        return None
    if ph == DRAW:
        return t.draw_take
    if ph == DISCARD:
        if st.must_knock:
            return None
        knocks, gins = st.knock_options()
        if knocks or gins or st.big_gin_possible():
            return None
        h = st.hands[seat]
        ban = -1 if st.opts.allow_rediscard_taken else st.taken
        if ban >= 0:
            h &= ~(1 << ban)
        rows = t.rows
        return list(rows[0][h & 0x1FFF] + rows[1][(h >> 13) & 0x1FFF] + rows[2][(h >> 26) & 0x1FFF]
                    + rows[3][h >> 39])
    if ph == OFFER or ph == OFFER_DEALER:
        return t.take_pass
    if ph == FIRST_DRAW:
        return t.draw
    return None


def _bits(out: Any, start: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


def fast_fields(st: Any, seat: int, out: Any, layout: Any) -> None:
    """The fields above read straight from the state's bitmasks (what ``_view`` would print)."""
    at = layout.starts.__getitem__
    p = st.players
    _bits(out, at("hand"), st.hands[seat])
    out[at("phase") + st.phase] = 1.0
    out[at("dealer") + (st.dealer - seat) % p] = 1.0
    hs, kn = at("hand_sizes"), at("known")
    for s in range(p):
        r = (s - seat) % p
        out[hs + r] = st.hands[s].bit_count() / 11.0
        _bits(out, kn + r * o.NBASE, st.known[s])
    d = at("discard")
    for c in st.pile:
        out[d + c] = 1.0
    if st.pile:
        out[at("discard.-1") + st.pile[-1]] = 1.0
    out[at("upcard") + st.upcard] = 1.0
    out[at("stock")] = len(st.stock) / 31.0
    out[at("knock_limit")] = (st.limit if st.knock_ok else 0) / 10.0
    out[at("gin_only")] = 0.0 if st.knock_ok else 1.0
    out[at("multiplier")] = st.mult / 4.0
    if st.taken >= 0:
        out[at("taken") + st.taken] = 1.0
    out[at("must_knock")] = 1.0 if st.must_knock else 0.0
    if st.hands_public():
        h = at("hands")
        for s in range(p):
            _bits(out, h + ((s - seat) % p) * o.NBASE, st.hands[s])
        if 0 <= st.knocker < p:
            out[at("knock.seat") + (st.knocker - seat) % p] = 1.0
        out[at("knock.gin")] = 1.0 if st.gin else 0.0
        out[at("knock.big_gin")] = 1.0 if st.big_gin else 0.0
        km = at("knock.melds")
        for m in st.k_melds:
            _bits(out, km, m)
        _bits(out, at("knock.deadwood"), st.k_dead)
        out[at("knock.deadwood_points")] = st.k_points / 100.0
        dm = at("defender.melds")
        for m in st.d_melds:
            _bits(out, dm, m)
        _bits(out, at("defender.unmelded"), st.d_rest)
        if st.knock_discard >= 0 and (seat == st.knocker or st.knock_discard_public):
            out[at("knock_discard") + st.knock_discard] = 1.0


# What a move the incremental observer follows is, as flags of the seat that made it
# (relative seat 0: the observer; seat 1's flags are these shifted by 4).
_DRAW, _TAKE, _DISCARD, _PASS = 1, 2, 4, 8
_KIND = {"draw": _DRAW, "take": _TAKE, "discard": _DISCARD, "pass": _PASS}
_MINE, _THEIRS = 0x07, 0x70            # a hand changed: a draw, take or discard
_PILE, _DRAWS = 0x66, 0x11
# Where the observer writes: gin's fields are the same for every preset and two seats, so
# these are fixed (checked against the codec's layout when an observer is made).
_O_HAND, _O_PHASE, _O_HS, _O_KNOWN, _O_DISCARD, _O_TOP = 0, 55, 65, 67, 177, 232
_O_STOCK, _O_TAKEN, _O_MUST, _O_TO_MOVE, _O_OVER = 342, 346, 401, 792, 794
_NB = o.NBASE
_CARD = {1 << c: c for c in range(52)}     # a card's bit -> the card
# The phase, the seat to move (relative), the card taken from the pile (or -1) and
# must_knock as one key, and the indices each key sets: the phase one-hot and to-move (once
# the deal is over: ``over``), the taken card, must_knock.  One comparison per observation.
_TURN = {((ph * 2 + r) * 53 + taken + 1) * 2 + must:
         ((_O_PHASE + ph, _O_OVER) if ph == OVER else (_O_PHASE + ph, _O_TO_MOVE + r))
         + ((_O_TAKEN + taken,) if taken >= 0 else ()) + ((_O_MUST,) if must else ())
         for ph in range(len(PHASE_NAMES)) for r in (0, 1) for taken in range(-1, 52) for must in (0, 1)}


def _turn_key(st: Any, seat: int) -> int:
    return ((st.phase * 2 + (st.cur ^ seat)) * 53 + st.taken + 1) * 2 + st.must_knock


class Incremental:
    """Each seat's observation kept in a buffer and brought up to date move by move: the
    moves played since that seat last looked are replayed on its buffer from a per-move
    cache (the move's last-move block; a take or discard moves a card between the pile
    and a hand, which makes it known or not), then the few scalars those moves may change
    (own hand, hand sizes, phase, stock, taken card, to-move) are read from the state.  A
    draw and a discard touch a dozen of the 1,211 floats.  Whatever it does not follow —
    another state object, a history that shrank, a knock (the hands become public), a
    state class whose moves do more than ``GinState``'s, a pile that is not what the replay
    gives — is rebuilt by :func:`fast_fields`; tests check it equals the from-scratch
    encoding at every step of random deals.  The deal's constants (dealer, upcard, limits,
    multiplier) never change once a state is dealt.  Gin has two seats: ``t ^ seat`` is
    seat ``t`` relative to the observer."""

    def __init__(self, layout: Any) -> None:
        self.layout = layout
        at = layout.starts
        self.o_last, self.width = layout.o_last, layout.last_width
        self.nverbs = len(layout.verb_index)
        self.tracks_last = layout.codec.encoding.last_moves
        fixed = (at["hand"], at["phase"], at["hand_sizes"], at["known"], at["discard"], at["discard.-1"],
                 at["stock"], at["taken"], at["must_knock"], layout.o_to_move, layout.o_over)
        self.fixed = layout.codec.players == 2 and fixed == (
            _O_HAND, _O_PHASE, _O_HS, _O_KNOWN, _O_DISCARD, _O_TOP, _O_STOCK, _O_TAKEN, _O_MUST, _O_TO_MOVE, _O_OVER)
        self.plain: set[type] = {GinState}     # state classes whose moves the replay follows
        # per seat (the decision process checks the seat before it asks): what its buffer holds
        self.seats: list[list[Any] | None] = [None] * layout.codec.players
        # id(move) -> (move, flags as relative seat 0, as seat 1, its card for a discard or
        # -1, the indices it sets in the last-move block of relative seat 0, of seat 1),
        # shared by the codec's decision processes (the entry keeps the move alive, so its
        # id is not reused while cached)
        self.parsed: dict[int, tuple[Any, ...]] = layout.codec.scratch.setdefault("gin.replay", {})

    def observe(self, st: Any, seat: int) -> Any:
        """A fresh float32 array (the partial-move block left at zero)."""
        s = self.seats[seat]
        h = st.history
        n = len(h)
        if s is None or s[0] is not st or st.knocker >= 0 or n < s[1]:
            return self._rebuild(st, seat)
        if n == s[1]:               # every change of a state is a move
            return s[2].copy()
        buf, last, pile = s[3], s[4], s[5]   # buf: a memoryview (a third of numpy's cost per write)
        parsed = self.parsed
        done = 0
        for t, m in h[s[1]:]:
            try:    # a cached entry keeps its move alive, so no other live move has its id
                g = parsed[id(m)]
            except KeyError:
                got = self._parse(st, seat, t, m)
                if got is None:
                    return self._rebuild(st, seat)
                g = got
            r = t ^ seat
            idx = g[4 + r]
            old = last[r]
            if idx is not old:       # the same cached tuple: the block already holds it
                for j in old:
                    buf[j] = 0.0
                for j in idx:
                    buf[j] = 1.0     # one pack: every count is 0 or 1
                last[r] = idx
            k = g[1 + r]
            done |= k
            if k & _PILE:
                c = g[3]
                if c >= 0:           # a discard: no longer a known card of that hand
                    pile.append(c)
                    buf[_O_DISCARD + c] = 1.0
                    buf[_O_KNOWN + r * _NB + c] = 0.0
                elif pile:           # a take: now known to be in that hand
                    c = pile.pop()
                    buf[_O_DISCARD + c] = 0.0
                    buf[_O_KNOWN + r * _NB + c] = 1.0
        s[1] = n
        if done & _PILE:
            if pile != st.pile:     # not the pile the moves make: not followed
                return self._rebuild(st, seat)
            top = pile[-1] if pile else -1
            if top != s[6]:
                if s[6] >= 0:
                    buf[_O_TOP + s[6]] = 0.0
                if top >= 0:
                    buf[_O_TOP + top] = 1.0
                s[6] = top
        if done & _MINE:
            hand = st.hands[seat]
            x = hand ^ s[7]
            while x:
                low = x & -x
                buf[_O_HAND + _CARD[low]] = 1.0 if hand & low else 0.0
                x ^= low
            s[7] = hand
            buf[_O_HS] = hand.bit_count() / 11.0
        if done & _THEIRS:
            buf[_O_HS + 1] = st.hands[1 - seat].bit_count() / 11.0
        if done & _DRAWS:
            buf[_O_STOCK] = len(st.stock) / 31.0
        key = ((st.phase * 2 + (st.cur ^ seat)) * 53 + st.taken + 1) * 2 + st.must_knock   # _turn_key
        if key != s[8]:
            for j in _TURN[s[8]]:
                buf[j] = 0.0
            for j in _TURN[key]:
                buf[j] = 1.0
            s[8] = key
        return s[2].copy()

    def _followed(self, st: Any) -> bool:
        """Whether the replay follows this state's moves (its class plays them as GinState)."""
        cls = type(st)
        if cls in self.plain:
            return True
        if not self.fixed or st.players != 2:
            return False
        if all(getattr(cls, f) is getattr(GinState, f) for f in ("_play", "_take", "_draw", "_discard", "_pass")):
            self.plain.add(cls)
            return True
        return False

    def _rebuild(self, st: Any, seat: int) -> Any:
        lay = self.layout
        arr = lay.zeros()
        buf: o.FloatArray = memoryview(arr)   # fast_fields writes items only: a memoryview will do
        fast_fields(st, seat, buf, lay)
        if st.knocker >= 0 or not self.fixed or not self._followed(st):
            lay.common_part(st, seat, arr)      # a deal's last steps: not followed move by move
            self.seats[seat] = None
            return arr
        for t in st.to_move():
            buf[_O_TO_MOVE + (t ^ seat)] = 1.0
        if st.phase == OVER:
            buf[_O_OVER] = 1.0
        # what each seat's last-move block holds: the indices written there (to clear them)
        last: list[tuple[int, ...]] = [(), ()]
        if self.tracks_last:
            h = st.history
            found = 0
            for i in range(len(h) - 1, -1, -1):
                t, m = h[i]
                if found >> t & 1:
                    continue
                found |= 1 << t
                g = self._parse(st, seat, t, m)
                r = t ^ seat
                idx = g[4 + r] if g is not None else self._indices(st, seat, t, m)[r]
                for j in idx:
                    buf[j] = 1.0
                last[r] = idx
                if found == 3:
                    break
        self.seats[seat] = [st, len(st.history), arr, buf, last, st.pile.copy(),
                            st.pile[-1] if st.pile else -1, st.hands[seat], _turn_key(st, seat)]
        return arr.copy()

    def _parse(self, st: Any, seat: int, t: int, m: Move) -> tuple[Any, ...] | None:
        """The cache entry of a draw, take, pass or discard (their text is the same for every
        viewer); None for the other moves."""
        kind = _KIND.get(m.verb)
        if kind is None:
            return None
        got = (m, kind, kind << 4, int(m.cards[0]) if kind == _DISCARD else -1, *self._indices(st, seat, t, m))
        if len(self.parsed) < 10_000:
            self.parsed[id(m)] = got
        return got

    def _indices(self, st: Any, seat: int, t: int, m: Move) -> tuple[tuple[int, ...], ...]:
        """Where ``m`` (as ``seat``'s log shows it) writes in each relative seat's last-move
        block: none when the last moves are not observed."""
        if not self.tracks_last:
            return ((), ())
        offs = self._offsets(st.log_text(seat, t, m))
        return tuple(tuple(self.o_last + q * self.width + j for j in offs) for q in range(2))

    def _offsets(self, text: str) -> tuple[int, ...]:
        """Where a logged move writes in its seat's last-move block (verb, then cards)."""
        verb, cards = self._verb_cards(text)
        return ((verb,) if verb >= 0 else ()) + tuple(sorted({self.nverbs + c for c in cards}))

    def _verb_cards(self, text: str) -> tuple[int, list[int]]:
        from ...parts.obsfields import parse_move_text
        got = parse_move_text(text)
        if got is None:
            return -1, []
        return self.layout.verb_index.get(got[0], -1), got[1]
